/**
 * The one finding type every layer speaks. Lines and columns are 1-based, as in
 * policy-language.md section 8; a format that wants otherwise (LSP) converts at
 * its own edge.
 */
export interface Diagnostic {
  /** Path of the file as the user named it or as found under the root, `/`-separated. */
  file: string;
  /** 1-based line of the first character of the offending key or value. */
  line: number;
  /** 1-based column (UTF-16 code units, as editors count) of that character. */
  column: number;
  /** 1-based line just past the offending key or value ends on. */
  endLine: number;
  /** 1-based column just past the last character (exclusive end, as SARIF and LSP). */
  endColumn: number;
  severity: Severity;
  code: Code;
  /** A sentence a compliance engineer can act on, starting with the document path when there is one. */
  message: string;
  /** Document path of the offending node, e.g. `rules.postScreen[2].when.riskLevel`; empty for the whole file. */
  path: string;
}

export type Severity = "error" | "warning";

/**
 * Every diagnostic code of policy-language.md, plus `read-error` for a file that
 * cannot be read as text at all (missing, a directory, binary, over 1 MiB): the
 * spec names no code for it and a linter still has to say something at file:1:1;
 * and `shadowed-rule`, the part of section 5.3's unreachable rules that weakens
 * the policy (docs/decisions.md, Lint defects and exit codes);
 * and `too-many-findings`, the one finding that stands for those of a file past
 * the first 100 (lint.ts, MAX_FINDINGS_PER_FILE);
 * and `invalid-suppression` and `unused-suppression`, the findings of the
 * suppression comments (suppressions.ts);
 * and the codes of {@link COMPARE_CODES}, which come from comparing two versions.
 */
export const CODES = [
  "read-error",
  "yaml-syntax",
  "duplicate-key",
  "schema",
  "unknown-schema-version",
  "cross-vendor-field",
  "sanctions-floor",
  "terminal-allow",
  "unreachable-rule",
  "shadowed-rule",
  "server-managed-field",
  "path-mismatch",
  "duplicate-policy",
  "duplicate-rule-id",
  "scope-field",
  "token-by-symbol",
  "unknown-token",
  "address-format",
  "duplicate-address-entry",
  "expired-address-entry",
  "webhook-url",
  "webhook-event",
  "placeholder-environment-id",
  "secret-in-file",
  "unknown-policy",
  "duplicate-case-name",
  "too-many-findings",
  "invalid-suppression",
  "unused-suppression",
  "policy-weakened",
] as const;

export type Code = (typeof CODES)[number];

/**
 * The codes `screenpol compare` finds (semantics.md section 5), not `lint`:
 * they are about a change between two versions, so their fixtures are pairs
 * of trees (test/fixtures/compare/<code>/) rather than one.
 */
export const COMPARE_CODES: ReadonlySet<Code> = new Set<Code>(["policy-weakened"]);

/** A path into a parsed document: map keys and sequence indexes, root first. */
export type DocPath = ReadonlyArray<string | number>;

/** Renders `["rules","postScreen",2,"when"]` as `rules.postScreen[2].when`. */
export function formatPath(path: DocPath): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

export function isError(d: Diagnostic): boolean {
  return d.severity === "error";
}

/** Stable order: by file, then position, then code, so every format and test sees the same sequence. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}
