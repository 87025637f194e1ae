/**
 * The lint findings of a version that was decided from anyway (docs/semantics.md,
 * "What decides"): `compare`, `replay`, `decide` and plan's weakening check
 * list them beside their answer, one short line each, and name the finding
 * that keeps a version from being decided at all.
 */
import type { Code, Diagnostic, Severity } from "../diagnostic.js";

/** One finding of one version, as the JSON outputs carry it (`findings`). */
export interface VersionFinding {
  /** Which version: `base`, `head`, or for `decide` the one version. */
  side: string;
  severity: Severity;
  code: Code;
  file: string;
  line: number;
  column: number;
  /** Lint's message without the document path it starts with (the place says where). */
  message: string;
}

export function versionFindings(side: string, diagnostics: readonly Diagnostic[]): VersionFinding[] {
  return diagnostics.map((d) => ({ side, severity: d.severity, code: d.code, file: d.file, line: d.line, column: d.column, message: withoutPath(d) }));
}

function withoutPath(d: Diagnostic): string {
  return d.path !== "" && d.message.startsWith(`${d.path}: `) ? d.message.slice(d.path.length + 2) : d.message;
}

/** `head: shadowed-rule at policies/...:38:11 (ALERT rule ... comes first ...)`; a warning says so. */
export function describeVersionFinding(finding: VersionFinding): string {
  const kind = finding.severity === "warning" ? " (warning)" : "";
  return `${finding.side}: ${finding.code}${kind} at ${finding.file}:${finding.line}:${finding.column} (${finding.message})`;
}

/**
 * What keeps a version from being decided, in a few words: its first such
 * finding's code and place, never its message, which may quote a value (a
 * live value is the server's words). `place`: `file:line:column` for files a
 * user has; a document path for a version rendered from bodies (plan's, the
 * live revision), whose lines no one has.
 */
export function undecidedAt(reason: Diagnostic, place: "file" | "path"): string {
  return `${reason.code} at ${place === "file" ? `${reason.file}:${reason.line}:${reason.column}` : reason.path || "the top"}`;
}

/** A verdict's reason when a version cannot be decided: `the head version cannot be decided (schema at ...), so it was not compared`. */
export function undecidedReason(side: string, reason: Diagnostic, place: "file" | "path"): string {
  return `the ${side} version cannot be decided (${undecidedAt(reason, place)}), so it was not compared`;
}
