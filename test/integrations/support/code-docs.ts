/**
 * The example sections of docs/codes/<code>.md, rendered from the check
 * fixtures. A page names its two cases in a marker,
 *
 *     <!-- fixture-examples: fail-some-case pass-other-case -->
 *     ... rendered here ...
 *     <!-- /fixture-examples -->
 *
 * and the part between the markers is exactly what `renderExamples` makes of
 * those fixture folders: the files as they are (without the `# expect:` comments
 * of the fixture runner) and what `screenpol lint` reports on them, linted as the
 * fixture runner lints them. The prose above the marker is written by hand.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { indexCatalog, type CatalogToken } from "../../../src/core/catalog.js";
import { toConfig } from "../../../src/core/config.js";
import { parseYaml } from "../../../src/core/document.js";
import { formatPretty } from "../../../src/core/formats/pretty.js";
import { lintSources, type LintResult, type SourceFile } from "../../../src/core/lint.js";
import { FIXTURES } from "./fixtures.js";

/** The fixture runner's clock (test/core/checks/fixtures.test.ts), so expiry examples stay put. */
export const FIXTURE_NOW = new Date("2026-11-21T12:00:00Z");

const BEGIN = /<!-- fixture-examples: (\S+) (\S+) -->\n/;
const END = "<!-- /fixture-examples -->";

export interface ExampleRegion {
  failCase: string;
  passCase: string;
  /** Offsets of the text between the markers. */
  start: number;
  end: number;
  text: string;
}

/** The marked region of a page, or undefined when it has none. */
export function findExampleRegion(page: string): ExampleRegion | undefined {
  const begin = BEGIN.exec(page);
  if (!begin) return undefined;
  const start = begin.index + begin[0].length;
  const end = page.indexOf(END, start);
  if (end === -1) return undefined;
  return { failCase: begin[1]!, passCase: begin[2]!, start, end, text: page.slice(start, end) };
}

export function caseDir(code: string, name: string): string {
  return join(FIXTURES, code, name);
}

interface CaseFile {
  file: string;
  bytes: Buffer;
}

function caseFiles(dir: string): CaseFile[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(dir)
    .filter((path) => !/(^|\/)(expected|catalog)\.json$/.test(path))
    .sort()
    .map((path) => ({ file: relative(dir, path).split("\\").join("/"), bytes: readFileSync(path) }));
}

/** Lints a fixture case exactly as the fixture runner does: fixtures' config, fixed clock, the case's catalog. */
export function lintCase(dir: string): LintResult {
  const config = toConfig(parseYaml(readFileSync(join(FIXTURES, "screenpol.config.yaml"), "utf8")).document?.data);
  let catalog;
  try {
    catalog = indexCatalog(JSON.parse(readFileSync(join(dir, "catalog.json"), "utf8")) as CatalogToken[]);
  } catch {
    catalog = undefined;
  }
  const sources: SourceFile[] = caseFiles(dir).map(({ file, bytes }) => (bytes.includes(0) ? { file, bytes } : { file, text: bytes.toString("utf8") }));
  return lintSources(sources, { config, now: FIXTURE_NOW, catalog });
}

/** A fixture file as a reader should see it: the runner's `# expect:` comments taken out. */
export function withoutExpectations(text: string): string {
  return text.replace(/[ \t]*#\s*expect:[^\n]*/g, "");
}

/** The header line of each finding in the pretty format: `file:line:col  severity  message  code`. */
export function findingLines(result: LintResult): string[] {
  const pretty = formatPretty(result, { color: false });
  return pretty.split("\n").filter((line) => /^\S+:\d+:\d+  (error|warning)  /.test(line));
}

/** The text between the markers for a failing and a passing case of `code`. */
export function renderExamples(code: string, failCase: string, passCase: string): string {
  return `\n${renderCase(code, failCase, "Failing example")}\n${renderCase(code, passCase, "Passing example")}`;
}

function renderCase(code: string, name: string, heading: string): string {
  const dir = caseDir(code, name);
  const folder = `test/fixtures/checks/${code}/${name}/`;
  const parts = [`## ${heading}`, "", `From [\`${folder}\`](../../${folder}):`, ""];
  for (const { file, bytes } of caseFiles(dir)) {
    if (bytes.includes(0)) {
      parts.push(`\`${file}\` holds NUL bytes (it is binary), so it is not shown here.`, "");
      continue;
    }
    let text = withoutExpectations(bytes.toString("utf8"));
    // Shown as an editor shows them: CRLF and a byte-order mark are said, not embedded.
    const notes: string[] = [];
    if (text.includes("\r\n")) {
      text = text.replace(/\r\n/g, "\n");
      notes.push("with CRLF line ends");
    }
    if (text.startsWith("\uFEFF")) {
      text = text.slice(1);
      notes.push("saved with a UTF-8 byte-order mark");
    }
    const fence = text.includes("```") ? "````" : "```";
    parts.push(`\`${file}\`${notes.length > 0 ? ` (${notes.join(", ")})` : ""}:`, "", `${fence}${/\.ya?ml$/.test(file) ? "yaml" : "text"}`, text.endsWith("\n") ? text.slice(0, -1) : text, fence, "");
  }
  try {
    statSync(join(dir, "catalog.json"));
    parts.push("Linted with the fixture's token catalog snapshot (`catalog.json` in the folder).", "");
  } catch {
    // no catalog
  }
  const findings = findingLines(lintCase(dir));
  if (findings.length === 0) {
    parts.push("`screenpol lint` reports no problem.", "");
  } else {
    parts.push("`screenpol lint` reports:", "", "```text", ...findings, "```", "");
  }
  return parts.join("\n");
}

/** A finding line without its message, which may be reworded without the example being wrong. */
export function withoutMessages(text: string): string {
  return text.replace(/^(\S+:\d+:\d+  (?:error|warning)  ).*(  [a-z-]+)$/gm, "$1…$2");
}
