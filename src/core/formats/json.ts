import type { Diagnostic } from "../diagnostic.js";
import { countBySeverity, sortDiagnostics, type LintReport } from "./report.js";

/**
 * Version of the JSON output shape below. Members may be added without a bump;
 * renaming, removing or changing the meaning of one bumps it, because scripts and
 * CI steps parse this output.
 */
export const JSON_FORMAT_VERSION = 1;

/**
 * The machine-readable lint output, pretty-printed with two spaces and a trailing
 * newline:
 *
 * ```
 * {
 *   "version": 1,
 *   "files": 12,              // files linted, with or without findings
 *   "errorCount": 2,
 *   "warningCount": 1,
 *   "diagnostics": [          // sorted by file, line, column, code
 *     {
 *       "file": "policies/prod/vendorAWalletScreening/TRANSACTION.yaml",
 *       "line": 9, "column": 7, "endLine": 9, "endColumn": 16,
 *       "severity": "error",
 *       "code": "cross-vendor-field",
 *       "message": "...",
 *       "path": "rules.postScreen[0].when.riskLevel"
 *     }
 *   ],
 *   "suppressedCount": 1,     // only when a suppression hid a finding
 *   "suppressed": [ { ...as above, "justification": "the reason the comment gives" } ]
 * }
 * ```
 *
 * Positions are 1-based, columns count UTF-16 code units, `endColumn` is exclusive
 * (diagnostic.ts). Members appear in this order whatever the input objects hold.
 */
export function formatJson(report: LintReport): string {
  const diagnostics = sortDiagnostics(report.diagnostics);
  const counts = countBySeverity(diagnostics);
  const output = {
    version: JSON_FORMAT_VERSION,
    files: report.filesLinted,
    errorCount: counts.errors,
    warningCount: counts.warnings,
    diagnostics: diagnostics.map(toJsonDiagnostic),
  };
  const suppressed = sortDiagnostics(report.suppressed ?? []);
  if (suppressed.length > 0) {
    Object.assign(output, { suppressedCount: suppressed.length, suppressed: suppressed.map((d) => ({ ...toJsonDiagnostic(d), justification: d.justification })) });
  }
  return `${JSON.stringify(output, null, 2)}\n`;
}

// Copies member by member so that extra properties a caller attached never leak
// into a published shape.
function toJsonDiagnostic(d: Diagnostic): Diagnostic {
  return {
    file: d.file,
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    severity: d.severity,
    code: d.code,
    message: d.message,
    path: d.path,
  };
}
