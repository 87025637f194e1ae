/**
 * The meta-test of the diagnostic codes (style.md, habit 9): every code of CODES
 * has its page under docs/codes/, a failing and a passing fixture, and a SARIF
 * rule that links to the page; every pretty finding ends with its code and that
 * page's path. A code added without them fails here, by name.
 *
 * The example sections of each page are rendered from the fixtures (see
 * support/code-docs.ts). When a fixture changes, refresh them with
 *
 *     UPDATE_CODE_DOCS=1 npx vitest run test/integrations/docs-per-code.test.ts
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CODE_INFO, DOCS_BASE_URL, docsPath, docsUrl } from "../../src/core/codes.js";
import { CODES, COMPARE_CODES, type Code } from "../../src/core/diagnostic.js";
import { STRUCTURAL, UNSUPPRESSIBLE } from "../../src/core/suppressions.js";
import { formatPretty } from "../../src/core/formats/pretty.js";
import { formatSarif } from "../../src/core/formats/sarif.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { caseDir, findExampleRegion, lintCase, renderExamples, withoutMessages } from "./support/code-docs.js";
import { compareCaseDir, compareCasesOf, renderCompareExamples } from "./support/compare-fixtures.js";
import { FIXTURES, fixtureCases, fixtureRepo } from "./support/fixtures.js";

const UPDATE = process.env.UPDATE_CODE_DOCS === "1";
const UPDATE_HINT = "refresh with: UPDATE_CODE_DOCS=1 npx vitest run test/integrations/docs-per-code.test.ts";

function page(code: Code): string {
  return readFileSync(join(PROJECT_ROOT, docsPath(code)), "utf8");
}

function casesOf(code: Code): string[] {
  if (COMPARE_CODES.has(code)) return compareCasesOf(code);
  return existsSync(join(FIXTURES, code)) ? readdirSync(join(FIXTURES, code)) : [];
}

describe.each([...CODES])("code %s", (code) => {
  it("has a page under docs/codes/ that says what it catches, why it matters, and its severity", () => {
    expect(existsSync(join(PROJECT_ROOT, docsPath(code))), `${docsPath(code)} is missing`).toBe(true);
    const text = page(code);
    expect(text.split("\n")[0]).toBe(`# \`${code}\`: ${CODE_INFO[code].title}`);
    const severity = /^- \*\*Severity:\*\* (error|warning)\b/m.exec(text)?.[1];
    expect(severity, "a `- **Severity:** error|warning` line").toBe(CODE_INFO[code].severity);
    for (const heading of ["## What it catches", "## Why it matters for compliance", "## How to fix", "## Failing example", "## Passing example"]) {
      expect(text, `${docsPath(code)} has "${heading}"`).toContain(`\n${heading}\n`);
    }
  });

  it("says under its title whether a comment can suppress it, as core/suppressions.ts decides", () => {
    const never = /^- \*\*Suppression:\*\* never: /m.test(page(code));
    expect(never, `${docsPath(code)}: a \`- **Suppression:** never: ...\` line exactly when the code cannot be suppressed`).toBe(UNSUPPRESSIBLE.has(code) || STRUCTURAL.has(code));
  });

  it("has a failing and a passing fixture", () => {
    expect(casesOf(code).some((name) => name.startsWith("fail-")), `test/fixtures/checks/${code}/ has no fail-* case`).toBe(true);
    expect(casesOf(code).some((name) => name.startsWith("pass-")), `test/fixtures/checks/${code}/ has no pass-* case`).toBe(true);
  });

  it.runIf(!COMPARE_CODES.has(code))("shows a failing and a passing example that are its fixtures, as they lint today", () => {
    const path = join(PROJECT_ROOT, docsPath(code));
    const text = page(code);
    const region = findExampleRegion(text);
    expect(region, `${docsPath(code)} has no <!-- fixture-examples: fail-x pass-y --> ... <!-- /fixture-examples --> region`).toBeDefined();
    const { failCase, passCase } = region!;
    expect(failCase).toMatch(/^fail-/);
    expect(passCase).toMatch(/^pass-/);
    expect(existsSync(caseDir(code, failCase)), `fixture ${code}/${failCase}`).toBe(true);
    expect(existsSync(caseDir(code, passCase)), `fixture ${code}/${passCase}`).toBe(true);
    // The examples show what the page says: the failing one has this code, the passing one nothing.
    expect(lintCase(caseDir(code, failCase)).diagnostics.map((d) => d.code)).toContain(code);
    expect(lintCase(caseDir(code, passCase)).diagnostics).toEqual([]);

    const expected = renderExamples(code, failCase, passCase);
    if (UPDATE && region!.text !== expected) {
      writeFileSync(path, text.slice(0, region!.start) + expected + text.slice(region!.end));
      return;
    }
    // Messages may be reworded without making an example wrong; files, positions and codes may not.
    expect(withoutMessages(region!.text), `${docsPath(code)}: the examples differ from the fixtures; ${UPDATE_HINT}`).toBe(withoutMessages(expected));
  });

  // A compare code's examples are pairs of versions and what compare prints on them (support/compare-fixtures.ts).
  it.runIf(COMPARE_CODES.has(code))("shows a failing and a passing example that are its fixtures, as compare reports them today", { timeout: 120_000 }, async () => {
    const path = join(PROJECT_ROOT, docsPath(code));
    const text = page(code);
    const region = findExampleRegion(text);
    expect(region, `${docsPath(code)} has no <!-- fixture-examples: fail-x pass-y --> ... <!-- /fixture-examples --> region`).toBeDefined();
    const { failCase, passCase } = region!;
    expect(existsSync(compareCaseDir(code, failCase)) && failCase.startsWith("fail-"), `fixture ${code}/${failCase}`).toBe(true);
    expect(existsSync(compareCaseDir(code, passCase)) && passCase.startsWith("pass-"), `fixture ${code}/${passCase}`).toBe(true);
    const expected = await renderCompareExamples(code, failCase, passCase);
    if (UPDATE && region!.text !== expected) {
      writeFileSync(path, text.slice(0, region!.start) + expected + text.slice(region!.end));
      return;
    }
    expect(region!.text, `${docsPath(code)}: the examples differ from the fixtures; ${UPDATE_HINT}`).toBe(expected);
  });

  it("has a SARIF rule that links to its page", () => {
    const log = JSON.parse(formatSarif({ diagnostics: [], filesLinted: 0, sources: new Map() }, { toolVersion: "0.0.0" }));
    const rule = log.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === code);
    expect(rule, `no SARIF rule for ${code}`).toBeDefined();
    expect(rule.shortDescription.text).toBe(CODE_INFO[code].title);
    expect(rule.help.text).toBe(CODE_INFO[code].help);
    expect(rule.helpUri).toBe(`${DOCS_BASE_URL}docs/codes/${code}.md`);
  });
});

describe("docs/codes/", () => {
  it("holds a page for codes only, and an index that lists every code with its severity", () => {
    const pages = readdirSync(join(PROJECT_ROOT, "docs/codes")).filter((name) => name !== "README.md");
    expect(pages.sort()).toEqual(CODES.map((code) => `${code}.md`).sort());
    const index = readFileSync(join(PROJECT_ROOT, "docs/codes/README.md"), "utf8");
    for (const code of CODES) expect(index).toContain(`| [\`${code}\`](${code}.md) | ${CODE_INFO[code].severity} |`);
  });
});

describe("pretty output", () => {
  const failing = fixtureCases().filter((fixture) => fixture.name.startsWith("fail-"));

  it.each(failing.map((f) => [`${f.code}/${f.name}`, f] as const))("ends each finding of %s with its code, then its docs page", (_label, fixture) => {
    const result = lintCase(fixture.dir);
    expect(result.diagnostics.length).toBeGreaterThan(0);
    const blocks = formatPretty(result, { color: false }).split("\n\n");
    const findings = blocks.slice(0, -1); // the last block is the summary
    expect(findings).toHaveLength(result.diagnostics.length);
    findings.forEach((block, index) => {
      const d = result.diagnostics[index]!;
      const lines = block.split("\n");
      expect(lines[0]!.endsWith(`  ${d.code}`), lines[0]).toBe(true);
      expect(lines.at(-1)).toBe(`  ${docsUrl(d.code)}`);
      expect(existsSync(join(PROJECT_ROOT, docsPath(d.code)))).toBe(true);
    });
  });

  it("is what the built CLI prints", async () => {
    const fixture = failing.find((f) => f.code === "cross-vendor-field")!;
    const repo = fixtureRepo(fixture);
    try {
      const run = await runCli(["lint"], { cwd: repo.dir });
      expect(run.code).toBe(1);
      const expected = formatPretty(lintCase(fixture.dir), { color: false });
      expect(run.stdout).toBe(expected);
    } finally {
      repo.remove();
    }
  });
});
