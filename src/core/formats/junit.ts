import { docsPath } from "../codes.js";
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
 *     <testcase classname="screenpol" name="policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml" file="...">
 *       <failure message="rules.postScreen[2].when.riskLevel: ..." type="cross-vendor-field">...</failure>
 *       <system-out>... one line per warning ...</system-out>
 *     </testcase>
 *   </testsuite>
 * </testsuites>
 * ```
 *
 * One `<testcase>` per linted file, named by its repository-relative path (the
 * file is what kubeconform names its results after) with `classname` the tool,
 * as conftest does, so every report groups the run under one class. Each error
 * is one `<failure>` (`type` the code, `message` the finding, the body file:line:col
 * and the docs page): a file with any error fails. Warnings do not fail a file, as
 * they do not fail `screenpol lint`: they are listed in the file's `<system-out>`,
 * where report viewers still show them. `failures` counts failed files (test
 * cases), not findings.
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
  const files = [...byFile.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const failed = files.filter((file) => countBySeverity(byFile.get(file) ?? []).errors > 0).length;
  const counts = `tests="${files.length}" failures="${failed}" errors="0" skipped="0"`;

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="screenpol" ${counts}>`, `  <testsuite name="screenpol lint" ${counts}>`];
  for (const file of files) lines.push(...renderTestcase(file, byFile.get(file) ?? []));
  lines.push("  </testsuite>", "</testsuites>");
  return `${lines.join("\n")}\n`;
}

function renderTestcase(file: string, diagnostics: readonly Diagnostic[]): string[] {
  const open = `    <testcase classname="screenpol" name="${escapeAttribute(file)}" file="${escapeAttribute(file)}"`;
  if (diagnostics.length === 0) return [`${open}/>`];
  const out = [`${open}>`];
  for (const d of diagnostics) {
    if (d.severity !== "error") continue;
    out.push(`      <failure message="${escapeAttribute(d.message)}" type="${escapeAttribute(d.code)}">${escapeText(describe(d))}</failure>`);
  }
  const warnings = diagnostics.filter((d) => d.severity === "warning");
  if (warnings.length > 0) out.push(`      <system-out>${escapeText(warnings.map(describe).join("\n"))}</system-out>`);
  out.push("    </testcase>");
  return out;
}

/** The finding as one line, as the pretty format heads it, then its docs page. */
function describe(d: Diagnostic): string {
  return `${d.file}:${d.line}:${d.column}  ${d.severity}  ${d.message}  ${d.code}\n${docsPath(d.code)}`;
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
