import type { Diagnostic } from "../diagnostic.js";
import { sortDiagnostics, type LintReport } from "./report.js";

/**
 * GitHub Actions workflow commands, one `::error` or `::warning` line per finding,
 * which the runner turns into annotations on the pull request's changed files:
 *
 * `::error file=F,line=L,col=C,endLine=EL,endColumn=EC,title=CODE::MESSAGE`
 *
 * `col` and `endColumn` are left out when the range spans lines: the runner rejects
 * an annotation that has them with `line` != `endLine` (actions/runner, command
 * validation), and the finding would silently disappear. `endColumn` stays
 * exclusive as in Diagnostic, but never less than `col`, which the runner also rejects.
 * No findings, no output.
 */
export function formatGithub(report: LintReport): string {
  return sortDiagnostics(report.diagnostics)
    .map((d) => `${renderWorkflowCommand(d)}\n`)
    .join("");
}

function renderWorkflowCommand(d: Diagnostic): string {
  const properties: Array<[string, string | number]> = [["file", d.file], ["line", d.line]];
  if (d.endLine === d.line) properties.push(["col", d.column]);
  properties.push(["endLine", Math.max(d.endLine, d.line)]);
  if (d.endLine === d.line) properties.push(["endColumn", Math.max(d.endColumn, d.column)]);
  properties.push(["title", d.code]);
  const rendered = properties.map(([name, value]) => `${name}=${escapeProperty(String(value))}`).join(",");
  return `::${d.severity} ${rendered}::${escapeData(d.message)}`;
}

/**
 * Escapes a workflow command's message: a raw newline would end the command and
 * let the rest of the message be read as a new one (the runner decodes these).
 */
export function escapeData(value: string): string {
  return value.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** Escapes a property value, where `,` separates properties and `:` ends them as well. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
