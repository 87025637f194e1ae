/**
 * `screenpol fmt`: a file's text in the canonical form `pull` writes, with its
 * comments kept where they belong. Pure.
 *
 * The canonical form is built from the file's data (canonical.ts: key order,
 * flow and block style, quoting, blank lines between rules and entries), and
 * every comment of the file is then moved onto the node it was attached to in
 * the file's own yaml Document: the comment lines above a key stay above that
 * key wherever the key moves, a line's trailing comment stays on its line, an
 * address entry's comments travel with the entry when entries are sorted. A
 * comment that would find no place makes the file refused, never dropped.
 */
import { createTwoFilesPatch } from "diff";
import { parseDocument } from "yaml";
import { canonicalAddressEntries, canonicalDocument, canonicalJson, canonicalPolicy, canonicalValue, entryKey, foldedStrings, stringifyCanonicalDocument } from "../canonical.js";
import { isRecord } from "../config.js";
import { findComments, parseYaml } from "../document.js";
import { decodeSource } from "../source.js";
import { placeComments, type KeyedLists } from "./comment-places.js";

/** The files fmt rewrites (core/layout.ts kinds). */
export type FormattableKind = "policy" | "addresses" | "webhooks" | "policy-test";

export type FormatOutcome = { ok: true; text: string } | { ok: false; reason: string };

/** {@link formatFile} of a file's bytes, and whether the canonical bytes differ from them. */
export type FormatBytesOutcome = { ok: true; text: string; changed: boolean } | { ok: false; reason: string };

/**
 * The one answer to "would fmt change these bytes": `fmt` writes exactly the
 * files for which it is yes and `fmt --check` fails exactly then. Compared as
 * bytes, so that what decoding hides (a byte-order mark, CRLF line ends) counts
 * as a change both ways; bytes that are not UTF-8 are refused, never written
 * back with replacement characters.
 */
export function formatBytes(bytes: Uint8Array, kind: FormattableKind): FormatBytesOutcome {
  const decoded = decodeSource(bytes);
  if (!decoded.ok) return { ok: false, reason: `${decoded.reason}; not formatted` };
  const outcome = formatFile(decoded.text, kind);
  if (!outcome.ok) return outcome;
  return { ok: true, text: outcome.text, changed: !sameBytes(bytes, new TextEncoder().encode(outcome.text)) };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** Address entries are matched from the file to the canonical form by their key, whatever order the file wrote a key's own members in (`chain: {b: 1, a: 2}`). */
const ENTRIES_BY_KEY: KeyedLists = { entries: (value) => entryKey(canonicalValue(value)) };

export function formatFile(text: string, kind: FormattableKind): FormatOutcome {
  const parsed = parseYaml(text);
  if (!parsed.document) {
    const problem = parsed.problems[0]!;
    return { ok: false, reason: `${problem.range.line}:${problem.range.column}: ${problem.message}; not formatted` };
  }
  const data = parsed.document.data;
  if (!isRecord(data)) return { ok: false, reason: "the file is not a YAML mapping; not formatted" };
  const source = parseDocument(parsed.text);
  // Policies and address entries get pull's order; webhook and test files have no canonical
  // order of their own, so their keys keep the file's order and only the layout is canonical.
  const canonical =
    kind === "policy" ? canonicalPolicy(data, { keepServerManaged: true }) : kind === "addresses" ? canonicalAddressEntries(data, { keepServerManaged: true }) : data;
  const bare = stringifyCanonicalDocument(canonicalDocument(canonical, foldedStrings(source, parsed.text)));
  const formatted = placeComments(parsed.text, source, bare, parseDocument(bare), kind === "addresses" ? ENTRIES_BY_KEY : {});
  // No file reaches this today: placeComments gives every comment a place. It stays as the
  // promise of docs/decisions.md "Issue 14: fmt": a file is refused, never written with a comment
  // lost, whatever the placement comes to miss (test/core/fmt-lost-comment-guard.test.ts makes it miss one).
  const lost = lostComments(parsed.text, formatted);
  if (lost !== undefined) return { ok: false, reason: `the comment ${JSON.stringify(lost)} would have no place in the canonical form; not formatted (move it next to a key)` };
  return { ok: true, text: formatted };
}

/**
 * `pull` into an existing file: the new content (`pulledText`, canonical) with
 * the comments of `existingText` where the content they sit on is still there,
 * the file's own header (modeline, owner notes) kept. Rules are matched by id,
 * address entries by their key, so a comment stays with its rule when rules
 * are added above it; a comment on a rule or key the service no longer has goes
 * with it. Falls back to `pulledText` when the existing file does not parse.
 */
export function keepComments(existingText: string, pulledText: string, kind: "policy" | "addresses"): string {
  const existing = parseYaml(existingText);
  const pulled = parseYaml(pulledText);
  if (!existing.document || !pulled.document || !isRecord(pulled.document.data)) return pulledText;
  const data = pulled.document.data;
  const existingDocument = parseDocument(existing.text);
  const canonical = kind === "policy" ? canonicalPolicy(data) : canonicalAddressEntries(data);
  const bare = stringifyCanonicalDocument(canonicalDocument(canonical, foldedStrings(existingDocument, existing.text)));
  // A rule without an id is matched by its content, whatever order the file wrote its keys in.
  const ruleId = (value: unknown): string => (isRecord(value) && typeof value.id === "string" ? value.id : canonicalJson(value));
  return placeComments(existing.text, existingDocument, bare, parseDocument(bare), kind === "addresses" ? ENTRIES_BY_KEY : { postScreen: ruleId }, "drop");
}

/** A comment of `before` that `after` does not have (as many times), or undefined. */
function lostComments(before: string, after: string): string | undefined {
  const remaining = new Map<string, number>();
  for (const { text } of findComments(after)) remaining.set(text.trim(), (remaining.get(text.trim()) ?? 0) + 1);
  for (const { text } of findComments(before)) {
    const count = remaining.get(text.trim()) ?? 0;
    if (count === 0) return text.trim();
    remaining.set(text.trim(), count - 1);
  }
  return undefined;
}

/** `fmt --diff`: a unified diff from `a/<file>` to `b/<file>`, as `git diff` names the two sides. */
export function formatDiff(file: string, before: string, after: string): string {
  return createTwoFilesPatch(`a/${file}`, `b/${file}`, before, after, undefined, undefined, { context: 3 }).replace(/^(?:Index: [^\n]*\n)?={3,}\n/, "");
}
