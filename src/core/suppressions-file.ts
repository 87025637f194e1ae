/**
 * The suppressions file (`screenpol-suppressions.json`, beside the config): a
 * baseline for adopting lint on policies that already have findings, as
 * ESLint's `--suppress-all`. Per file and code, how many findings are
 * accepted and why:
 *
 *     { "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml": { "unreachable-rule": { "count": 1, "reason": "..." } } }
 *
 * A later lint suppresses up to `count` findings of that code in that file (in
 * file order), reports the ones past it as usual, and warns of an entry that
 * accepts more than it finds, so a fixed finding does not leave room for the
 * next one. An entry without a reason (or with the placeholder
 * `lint --suppress-all` writes) suppresses nothing, as a comment without one;
 * the compliance and structural codes are never written and never honoured
 * (suppressions.ts). Pure: text and findings in, findings out.
 */
import { CODE_INFO } from "./codes.js";
import { CODES, compareDiagnostics, type Code, type Diagnostic } from "./diagnostic.js";
import { isSuppressible, type SuppressedDiagnostic } from "./suppressions.js";

export const SUPPRESSIONS_FILE = "screenpol-suppressions.json";

/** What `lint --suppress-all` writes as the reason: a reviewer reads the reason, so the person who accepts the findings must write it. */
export const REASON_PLACEHOLDER = "TODO: why these findings are accepted (they are not suppressed until this says)";

interface Entry {
  count: number;
  reason: string;
}

/** File → code → entry, as read. */
type Baseline = Map<string, Map<string, Entry>>;

/** The findings a baseline hides and the baseline's own findings (placed in the suppressions file). */
export function applySuppressionsFile(
  text: string,
  lintedFiles: ReadonlySet<string>,
  diagnostics: readonly Diagnostic[],
): { diagnostics: Diagnostic[]; suppressed: SuppressedDiagnostic[] } {
  const own: Diagnostic[] = [];
  const baseline = readBaseline(text, own);
  const kept: Diagnostic[] = [];
  const suppressed: SuppressedDiagnostic[] = [];
  const used = new Map<Entry, number>();
  for (const d of [...diagnostics].sort(compareDiagnostics)) {
    const entry = baseline.get(d.file)?.get(d.code);
    const taken = entry ? used.get(entry) ?? 0 : 0;
    if (!entry || !isSuppressible(d) || !hasReason(entry) || taken >= entry.count) {
      kept.push(d);
      continue;
    }
    used.set(entry, taken + 1);
    suppressed.push({ ...d, justification: entry.reason });
  }
  for (const [file, codes] of baseline) {
    for (const [code, entry] of codes) {
      const place = locate(text, file, code);
      if (!(CODES as readonly string[]).includes(code)) {
        own.push(finding(place, "invalid-suppression", `${code} (for ${file}) is not a screenpol code; it suppresses nothing`));
      } else if (!isSuppressible({ code: code as Code, severity: "warning" })) {
        own.push(finding(place, "invalid-suppression", `${code} (for ${file}) cannot be suppressed, in this file or in a comment: fix the finding`));
      } else if (!hasReason(entry)) {
        own.push(finding(place, "invalid-suppression", `the ${code} entry for ${file} gives no reason: write its "reason" (a reviewer reads it); it suppresses nothing`));
      } else if (lintedFiles.has(file) && (used.get(entry) ?? 0) < entry.count) {
        const found = used.get(entry) ?? 0;
        own.push(
          finding(place, "unused-suppression", `the ${code} entry for ${file} accepts ${entry.count}, ${found} found; lower its "count"${found === 0 ? " or remove it" : ""}, so that it cannot hide the next one`),
        );
      }
    }
  }
  return { diagnostics: [...kept, ...own], suppressed };
}

/**
 * The suppressions file accepting every suppressible finding of the linted
 * files: the entries of other files kept, and the reasons already written for
 * a file and code kept; the findings that cannot be suppressed are left out.
 */
export function writeBaseline(previous: string | undefined, lintedFiles: ReadonlySet<string>, diagnostics: readonly Diagnostic[]): { text: string; written: number; entries: number } {
  const old = previous === undefined ? new Map<string, Map<string, Entry>>() : readBaseline(previous, []);
  const next: Baseline = new Map();
  for (const [file, codes] of old) if (!lintedFiles.has(file)) next.set(file, codes);
  let written = 0;
  for (const d of diagnostics) {
    if (!isSuppressible(d)) continue;
    written++;
    const codes = next.get(d.file) ?? new Map<string, Entry>();
    next.set(d.file, codes);
    const entry = codes.get(d.code);
    if (entry) entry.count++;
    else codes.set(d.code, { count: 1, reason: old.get(d.file)?.get(d.code)?.reason || REASON_PLACEHOLDER });
  }
  const sorted: Record<string, Record<string, Entry>> = {};
  let entries = 0;
  for (const file of [...next.keys()].sort()) {
    const codes = next.get(file)!;
    sorted[file] = {};
    for (const code of [...codes.keys()].sort()) {
      sorted[file][code] = codes.get(code)!;
      entries++;
    }
  }
  return { text: `${JSON.stringify(sorted, null, 2)}\n`, written, entries };
}

function hasReason(entry: Entry): boolean {
  return entry.reason.trim() !== "" && entry.reason !== REASON_PLACEHOLDER;
}

/** The baseline's entries; a file that is not the shape above is one `invalid-suppression` finding and suppresses nothing. */
function readBaseline(text: string, problems: Diagnostic[]): Baseline {
  const baseline: Baseline = new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    problems.push(finding({ line: 1, column: 1 }, "invalid-suppression", `${SUPPRESSIONS_FILE} is not JSON (${(error as Error).message}); it suppresses nothing`));
    return baseline;
  }
  const shape = `${SUPPRESSIONS_FILE} must map each file to its codes, each code to {"count": N, "reason": "..."}; it suppresses nothing`;
  if (!isObject(parsed)) {
    problems.push(finding({ line: 1, column: 1 }, "invalid-suppression", shape));
    return baseline;
  }
  for (const [file, codes] of Object.entries(parsed)) {
    if (!isObject(codes)) {
      problems.push(finding(locate(text, file), "invalid-suppression", shape));
      continue;
    }
    const entries = new Map<string, Entry>();
    for (const [code, entry] of Object.entries(codes)) {
      if (!isObject(entry) || !Number.isSafeInteger(entry.count) || (entry.count as number) < 1 || typeof entry.reason !== "string") {
        problems.push(finding(locate(text, file, code), "invalid-suppression", `the ${code} entry for ${file} must be {"count": N (1 or more), "reason": "..."}; it suppresses nothing`));
        continue;
      }
      entries.set(code, { count: entry.count as number, reason: entry.reason });
    }
    baseline.set(file, entries);
  }
  return baseline;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The line of a file's key, then of its code's key after it: where a reader looks for the entry. */
function locate(text: string, file: string, code?: string): { line: number; column: number } {
  let at = text.indexOf(`${JSON.stringify(file)}:`);
  if (at !== -1 && code !== undefined) {
    const codeAt = text.indexOf(`${JSON.stringify(code)}:`, at);
    if (codeAt !== -1) at = codeAt;
  }
  if (at === -1) return { line: 1, column: 1 };
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  return { line, column: at - before.lastIndexOf("\n") };
}

function finding(place: { line: number; column: number }, code: Code, message: string): Diagnostic {
  return { file: SUPPRESSIONS_FILE, line: place.line, column: place.column, endLine: place.line, endColumn: place.column, severity: CODE_INFO[code].severity, code, message, path: "" };
}
