/**
 * Suppressions with a reason, in any YAML file screenpol reads:
 *
 *     # screenpol-disable-next-line unreachable-rule -- kept for the Q3 audit trail (COMP-1201)
 *     # screenpol-disable-file expired-address-entry, unreachable-rule -- archive copy, never pushed
 *
 * A suppressed finding leaves the counts and the exit code but stays visible:
 * the result carries it, with its justification, for JSON, SARIF
 * (`suppressions`) and `--show-suppressed`. The reason is mandatory; the
 * compliance findings, and the structural ones of a file that has no meaning
 * yet, cannot be suppressed at all; a suppression that matches nothing is a
 * warning, so a stale one does not hide the next real finding.
 * Pure: text and findings in, findings out.
 */
import { CODE_INFO } from "./codes.js";
import { CODES, type Code, type Diagnostic } from "./diagnostic.js";
import { findComments } from "./document.js";
import { closest } from "./suggest.js";

/** Findings a compliance review must see, whatever a file says about them. */
export const UNSUPPRESSIBLE: ReadonlySet<Code> = new Set<Code>(["sanctions-floor", "terminal-allow", "cross-vendor-field", "secret-in-file"]);

/**
 * Findings that mean a file has no meaning yet: it cannot be read, does not
 * parse, has no one reading (duplicate keys), does not validate against its
 * schema (or names no schema version), or does not name one policy (content
 * against path, two files for one policy, a test of a policy that does not
 * exist). There is nothing to accept in such a file, so no comment suppresses
 * them, and no command decides from it (lint.ts, `filesWithoutMeaning`).
 */
export const STRUCTURAL: ReadonlySet<Code> = new Set<Code>([
  "read-error",
  "yaml-syntax",
  "duplicate-key",
  "schema",
  "unknown-schema-version",
  "path-mismatch",
  "duplicate-policy",
  "unknown-policy",
]);

/** The findings of the suppressions themselves: never suppressible, or a bad suppression could hide itself. */
const OWN_CODES: ReadonlySet<Code> = new Set<Code>(["invalid-suppression", "unused-suppression"]);

const DIRECTIVE = /^#\s*screenpol-disable-(next-line|file)\b(.*)$/;
/** A directive's codes, then ` -- ` and its reason (or a bare ` --` at the end). */
const SEPARATED = /^(.*?)\s--(?:\s(.*))?$/;

/** A finding that a suppression hid, with the reason the file gives. */
export interface SuppressedDiagnostic extends Diagnostic {
  justification: string;
}

export interface Suppressed {
  /** What still counts: unsuppressed findings and the suppressions' own. */
  diagnostics: Diagnostic[];
  suppressed: SuppressedDiagnostic[];
}

interface Directive {
  kind: "next-line" | "file";
  line: number;
  column: number;
  endColumn: number;
  codes: Code[];
  reason: string;
}

/** Applies the file's suppressions to its findings (of every check, cross-file ones included). */
export function applySuppressions(file: string, text: string, diagnostics: readonly Diagnostic[]): Suppressed {
  const own: Diagnostic[] = [];
  const directives = readDirectives(file, text, own);
  if (directives.length === 0 && own.length === 0) return { diagnostics: [...diagnostics], suppressed: [] };
  const used = new Set<string>();
  const kept: Diagnostic[] = [];
  const suppressed: SuppressedDiagnostic[] = [];
  for (const d of diagnostics) {
    const directive = codeSuppressible(d.code) ? directives.find((candidate) => covers(candidate, d)) : undefined;
    if (!directive) {
      kept.push(d);
      continue;
    }
    if (hidesUnseenErrors(d)) {
      used.add(`${directive.line}:${d.code}`);
      own.push(
        finding(file, directive, "invalid-suppression", "too-many-findings cannot be suppressed where it stands for errors: no suppression has seen them, and one may be a structural or compliance finding; fix the findings shown and lint again"),
      );
      kept.push(d);
      continue;
    }
    used.add(`${directive.line}:${d.code}`);
    suppressed.push({ ...d, justification: directive.reason });
  }
  for (const directive of directives) {
    for (const code of directive.codes) {
      if (used.has(`${directive.line}:${code}`)) continue;
      const where = directive.kind === "file" ? "in this file" : `on line ${directive.line + 1}`;
      own.push(finding(file, directive, "unused-suppression", `the suppression of ${code} matches no finding ${where}; remove it, so that it cannot hide the next one`));
    }
  }
  return { diagnostics: [...kept, ...own], suppressed };
}

/** Whether a suppression comment can hide this finding: what an editor offers to suppress (`screenpol lsp`). */
export function isSuppressible(d: Pick<Diagnostic, "code" | "severity">): boolean {
  return codeSuppressible(d.code) && !hidesUnseenErrors(d);
}

function codeSuppressible(code: Code): boolean {
  return !OWN_CODES.has(code) && !UNSUPPRESSIBLE.has(code) && !STRUCTURAL.has(code);
}

/**
 * A `too-many-findings` error stands for errors past the first 100 of a file
 * (lint.ts, capFindings), which no suppression was matched against: hiding it
 * could hide a finding no comment may hide. As a warning it stands for
 * warnings only, and may be suppressed.
 */
function hidesUnseenErrors(d: Pick<Diagnostic, "code" | "severity">): boolean {
  return d.code === "too-many-findings" && d.severity === "error";
}

function covers(directive: Directive, d: Diagnostic): boolean {
  if (!directive.codes.includes(d.code)) return false;
  return directive.kind === "file" || d.line === directive.line + 1;
}

/** The file's directives; malformed ones become `invalid-suppression` findings in `problems` and suppress nothing. */
function readDirectives(file: string, text: string, problems: Diagnostic[]): Directive[] {
  const directives: Directive[] = [];
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  for (const comment of findComments(text)) {
    const match = DIRECTIVE.exec(comment.text.trimEnd());
    if (!match) continue;
    const line = lineOf(lineStarts, comment.offset);
    const column = comment.offset - lineStarts[line - 1]! + 1;
    const place = { line, column, endColumn: column + comment.text.trimEnd().length };
    const kind = match[1] as Directive["kind"];
    // The first `--` after a space ends the codes, also at the end of the comment: `CODE --` gives no reason, not the code `CODE --`.
    const separated = SEPARATED.exec(match[2]!);
    const list = separated ? separated[1]! : match[2]!;
    const reason = (separated?.[2] ?? "").trim();
    const names = list.split(",").map((name) => name.trim()).filter((name) => name !== "");
    const bad = (message: string) => problems.push(finding(file, place, "invalid-suppression", message));
    if (names.length === 0) {
      bad(`screenpol-disable-${kind} names no code: write \`# screenpol-disable-${kind} CODE -- reason\``);
      continue;
    }
    if (reason === "") {
      bad(`the suppression of ${names.join(", ")} gives no reason: write \`-- why\` after the codes (a reviewer reads it); it suppresses nothing`);
      continue;
    }
    const codes: Code[] = [];
    for (const name of names) {
      if (!(CODES as readonly string[]).includes(name)) {
        const suggestion = closest(name, CODES);
        bad(`${name} is not a screenpol code${suggestion ? ` (did you mean ${suggestion}?)` : ""}; \`screenpol explain\` lists the codes`);
      } else if (UNSUPPRESSIBLE.has(name as Code)) {
        bad(`${name} is a compliance finding (${CODE_INFO[name as Code].title.toLowerCase()}) and cannot be suppressed: fix the policy`);
      } else if (STRUCTURAL.has(name as Code)) {
        bad(`${name} cannot be suppressed: a file that does not parse, validate and name one policy has no meaning to accept (${CODE_INFO[name as Code].title.toLowerCase()}); fix the file`);
      } else if (OWN_CODES.has(name as Code)) {
        bad(`${name} cannot be suppressed: remove or fix the suppression it reports`);
      } else {
        codes.push(name as Code);
      }
    }
    if (codes.length > 0) directives.push({ ...place, kind, codes, reason });
  }
  return directives;
}

function lineOf(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

function finding(file: string, place: Pick<Directive, "line" | "column" | "endColumn">, code: Code, message: string): Diagnostic {
  return { file, line: place.line, column: place.column, endLine: place.line, endColumn: place.endColumn, severity: CODE_INFO[code].severity, code, message, path: "" };
}
