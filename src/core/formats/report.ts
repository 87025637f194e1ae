import { compareDiagnostics, type Diagnostic } from "../diagnostic.js";
import type { SuppressedDiagnostic } from "../suppressions.js";

/** Everything a lint output format renders: the findings and what it needs to show them. */
export interface LintReport {
  /** Findings in any order; every format sorts them with `compareDiagnostics`. */
  diagnostics: Diagnostic[];
  /** Number of files the run read, including files without findings. */
  filesLinted: number;
  /** File (as in `Diagnostic.file`) -> its text, for code frames; a file may be missing. */
  sources: ReadonlyMap<string, string>;
  /** Findings a suppression comment hid, with its reason: shown as suppressed, never counted. */
  suppressed?: readonly SuppressedDiagnostic[];
}

/** Error and warning totals of a set of findings. */
export interface SeverityCounts {
  errors: number;
  warnings: number;
}

/** Counts findings by severity. */
export function countBySeverity(diagnostics: readonly Diagnostic[]): SeverityCounts {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === "error") errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/** A sorted copy, so that every format prints findings in the same order whatever the caller passed. */
export function sortDiagnostics<T extends Diagnostic>(diagnostics: readonly T[]): T[] {
  return [...diagnostics].sort(compareDiagnostics);
}
