/**
 * The editor shows what `screenpol lint` says (issue 28, Diagnostics): for
 * every file of every check fixture (test/fixtures/checks/<code>/<case>/, each
 * a small repository), the diagnostics `screenpol lsp` publishes for the file
 * opened in an editor are `lint --format json`'s findings for it, converted to
 * the protocol: same codes, messages, severities and docs links, the ranges
 * 0-based. Cross-file findings (duplicate-policy, unknown-policy) included:
 * the server lints an open buffer with the other files as they are on disk.
 * One server for all the fixtures: it serves every repository a document is in.
 * And `lint` runs in this process, through the CLI's main entry of this run's
 * build (test/helpers/run-cli-in-process.ts; test/cli/in-process.test.ts shows
 * it prints what the spawned CLI prints): the same JSON, without a process's
 * start for each of the fixtures.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DOCS_CODES_URL } from "../helpers/docs-url.js";
import { startLspClient, type LspClient, type LspDiagnostic } from "../helpers/lsp-client.js";
import { runCliInProcess } from "../helpers/run-cli-in-process.js";
import { fixtureCases, fixtureRepo } from "../integrations/support/fixtures.js";

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: "error" | "warning";
  code: string;
  message: string;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return yamlFiles(path);
    return /\.ya?ml$/i.test(name) ? [path] : [];
  });
}

/** What an editor holds for a file: its text, when the file is UTF-8 text at all (a binary file is not opened). */
function editorText(path: string): string | undefined {
  const bytes = readFileSync(path);
  if (bytes.includes(0)) return undefined;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    // Editors drop a byte-order mark from the text they hold.
    return text.startsWith("\uFEFF") ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

/** A finding as the protocol carries it, made here from the JSON rather than by the server's own conversion. */
function expectedDiagnostic(finding: JsonFinding): Omit<LspDiagnostic, "data"> {
  return {
    range: { start: { line: finding.line - 1, character: finding.column - 1 }, end: { line: finding.endLine - 1, character: finding.endColumn - 1 } },
    severity: finding.severity === "error" ? 1 : 2,
    code: finding.code,
    codeDescription: { href: `${DOCS_CODES_URL}/${finding.code}.md` },
    source: "screenpol",
    message: finding.message,
  };
}

const cases = fixtureCases();
const repos = cases.map((fixture) => ({ fixture, ...fixtureRepo(fixture) }));
let client: LspClient | undefined;
afterAll(async () => {
  await client?.stop();
  for (const repo of repos) repo.remove();
});

describe("lsp diagnostics equal lint --format json", () => {
  it(`for every file of the ${cases.length} check fixtures`, { timeout: 300_000 }, async () => {
    expect(cases.length).toBeGreaterThan(50);
    client = await startLspClient(repos[0]!.dir, { timeoutMs: 280_000 });
    let compared = 0;
    let withFindings = 0;
    for (const repo of repos) {
      const lint = await runCliInProcess(["lint", "--format", "json"], { cwd: repo.dir });
      expect([0, 1], `${repo.fixture.code}/${repo.fixture.name}: ${lint.stderr}`).toContain(lint.code);
      const findings = (JSON.parse(lint.stdout) as { diagnostics: JsonFinding[] }).diagnostics;
      for (const path of yamlFiles(repo.dir)) {
        const file = relative(repo.dir, path).split("\\").join("/");
        const text = editorText(path);
        // Not text: lint's finding is read-error, which no editor buffer can have.
        if (text === undefined) continue;
        client.open(path, text);
        await client.settle(path);
        const published = (client.diagnostics(path) ?? []).map(({ data: _data, ...rest }) => rest);
        const expected = findings.filter((finding) => finding.file === file).map(expectedDiagnostic);
        expect(published, `${repo.fixture.code}/${repo.fixture.name}/${file}`).toEqual(expected);
        compared++;
        if (expected.length > 0) withFindings++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(withFindings).toBeGreaterThan(50);
  });
});
