import { docsUrl } from "../codes.js";
import type { Diagnostic } from "../diagnostic.js";
import { countBySeverity, sortDiagnostics, type LintReport } from "./report.js";

/**
 * JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure
 * DevOps, CircleCI, Buildkite):
 *
 * ```
 * <?xml version="1.0" encoding="UTF-8"?>
 * <testsuites name="screenpol" tests="3" failures="1" errors="0" skipped="0">
 *   <testsuite name="screenpol lint" tests="3" failures="1" errors="0" skipped="0">
 *     <testcase classname="policies/.../SIGN_IN.yaml" name="policies/.../SIGN_IN.yaml:7:9 cross-vendor-field" file="..." line="7">
 *       <failure message="rules.postScreen[2].when.riskLevel: ..." type="cross-vendor-field">...</failure>
 *     </testcase>
 *     <testcase classname="policies/.../addresses.yaml" name="policies/.../addresses.yaml:4:5 expired-address-entry" file="..." line="4">
 *       <system-out>... the warning ...</system-out>
 *     </testcase>
 *     <testcase classname="policies/.../TRANSACTION.yaml" name="policies/.../TRANSACTION.yaml" file="..."/>
 *   </testsuite>
 * </testsuites>
 * ```
 *
 * One `<testcase>` per finding, so that every finding is a row of its own in
 * Jenkins and GitLab (which show one failure per test case) and the counts are
 * findings: named `file:line:column code`, its class the file, so viewers group
 * a file's findings. An error is a `<failure>` (`type` the code, `message` the
 * finding, the body file:line:col and the docs page's URL). A warning does not
 * fail, as it does not fail `screenpol lint`: its test case passes, with the
 * finding in `<system-out>`, where report viewers still show it. A file without
 * findings is one passing test case named by its path. `failures` counts
 * errors.
 *
 * The files are those the run read: every file with a finding or with text in
 * `report.sources` (the CLI and `lint()` give the text of every file they could
 * read). Pure: no time, host name or timestamp, so the same input gives the same bytes.
 */
export function formatJunit(report: LintReport): string {
  const byFile = new Map<string, Diagnostic[]>();
  for (const file of report.sources.keys()) byFile.set(file, []);
  for (const d of sortDiagnostics(report.diagnostics)) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  const suppressed = sortDiagnostics(report.suppressed ?? []);
  for (const d of suppressed) if (!byFile.has(d.file)) byFile.set(d.file, []);
  const files = [...byFile.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const suppressedFiles = new Set(suppressed.map((d) => d.file));
  const cases = files.reduce((sum, file) => sum + (byFile.get(file)!.length || (suppressedFiles.has(file) ? 0 : 1)), 0) + suppressed.length;
  const counts = `tests="${cases}" failures="${countBySeverity(report.diagnostics).errors}" errors="0" skipped="${suppressed.length}"`;

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="screenpol" ${counts}>`, `  <testsuite name="screenpol lint" ${counts}>`];
  for (const file of files) {
    lines.push(...renderTestcases(file, byFile.get(file)!, suppressedFiles.has(file)));
    // A suppressed finding is a skipped case, its reason the message: counted, shown, never failed.
    for (const d of suppressed.filter((entry) => entry.file === file)) {
      lines.push(`    <testcase classname="${escapeAttribute(file)}" name="${escapeAttribute(`${d.file}:${d.line}:${d.column} ${d.code}`)}" file="${escapeAttribute(file)}" line="${d.line}"><skipped message="${escapeAttribute(`suppressed: ${d.justification}`)}"/></testcase>`);
    }
  }
  lines.push("  </testsuite>", "</testsuites>");
  return `${lines.join("\n")}\n`;
}

function renderTestcases(file: string, diagnostics: readonly Diagnostic[], hasSuppressed: boolean): string[] {
  const path = escapeAttribute(file);
  if (diagnostics.length === 0) return hasSuppressed ? [] : [`    <testcase classname="${path}" name="${path}" file="${path}"/>`];
  return diagnostics.map((d) => {
    const open = `    <testcase classname="${path}" name="${escapeAttribute(`${d.file}:${d.line}:${d.column} ${d.code}`)}" file="${path}" line="${d.line}">`;
    const body =
      d.severity === "error"
        ? `<failure message="${escapeAttribute(d.message)}" type="${escapeAttribute(d.code)}">${escapeText(describe(d))}</failure>`
        : `<system-out>${escapeText(describe(d))}</system-out>`;
    return `${open}${body}</testcase>`;
  });
}

/** The finding as one line, as the pretty format heads it, then its docs page. */
function describe(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}\n${docsUrl(d.code)}`;
}

/**
 * Characters XML 1.0 cannot carry at all, even as references (section 2.2, Char):
 * C0 controls other than tab, newline and carriage return, U+FFFE, U+FFFF, and
 * surrogate halves without their pair. They are dropped: a parser stops at the
 * first one, and the whole report would be lost for one odd byte in a file.
 */
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes an attribute value: tab, newline and CR as references, or a parser normalises them to spaces (XML 1.0 section 3.3.3). */
export function escapeAttribute(text: string): string {
  return text.replace(NOT_XML_CHAR, "").replace(/[&<>"'\t\n\r]/g, (c) => XML_ESCAPES[c] ?? c);
}

/** Escapes element content: newlines stay as they are, a CR becomes a reference (a parser would drop it, section 2.11). */
export function escapeText(text: string): string {
  return text.replace(NOT_XML_CHAR, "").replace(/[&<>\r]/g, (c) => XML_ESCAPES[c] ?? c);
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};
