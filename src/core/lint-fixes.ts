/**
 * `lint --fix`: the findings that have exactly one safe fix, as edits, each
 * applied to the text of its finding's node only (yaml gives each node's place
 * in the text), so that every comment and the file's own layout stay. Pure.
 *
 * Fixed: an enum value in the wrong case (`alert` -> `ALERT`); a missing
 * `providerType` or `scope` that the file's path decides; a token named by a
 * symbol that exactly one catalog token has (replaced by its chain, networkId
 * and contractAddress); an unknown key one edit away from the key the schema
 * suggests; quotes where YAML misread what is written and the text says what
 * was meant: a `description` or `reason` holding `: ` (a yaml-syntax error),
 * an unquoted 0x address YAML read as a number. Never a compliance finding
 * (sanctions-floor, terminal-allow, cross-vendor-field): only `schema`,
 * `token-by-symbol`, `address-format` and `yaml-syntax` findings are read.
 */
import { isCollection, isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Document, type Node as YamlNode, type YAMLMap } from "yaml";
import type { TokenCatalogIndex } from "./catalog.js";
import { isRecord } from "./config.js";
import type { Diagnostic } from "./diagnostic.js";
import { findComments } from "./document.js";
import type { FileRole } from "./layout.js";

type Segment = string | number;

export type Fix =
  | { kind: "set"; path: Segment[]; value: string }
  | { kind: "rename"; path: Segment[]; to: string }
  | { kind: "add"; key: "providerType" | "scope"; value: string }
  | { kind: "token"; path: Segment[]; chain: string; networkId: number; contractAddress: string }
  /** Quote a plain scalar as its source text spells it: an 0x address YAML read as a hexadecimal number. */
  | { kind: "quote-source"; path: Segment[] }
  /** Quote the free-text value at a yaml-syntax error (1-based line and column): `description: Reviewed: ok`. */
  | { kind: "quote-text"; line: number; column: number };

const CASE_SUGGESTION = /^(?:.*: )?"([^"]*)" is not one of .* \(did you mean ([^?]+)\?\)$/;
const KEY_SUGGESTION = /^(?:.*: )?unknown field "([^"]+)"; did you mean "([^"]+)"\?$/;
const MISSING_ROOT_FIELD = /^missing required field "(providerType|scope)"$/;

/**
 * The fixes of one file's findings. `data` is the file's parsed data (for the
 * token a symbol names), `role` what its path says it is.
 */
export function fixesOf(diagnostics: readonly Diagnostic[], data: unknown, role: FileRole, catalog: TokenCatalogIndex | undefined): Fix[] {
  const fixes: Fix[] = [];
  for (const d of diagnostics) {
    if (d.code === "yaml-syntax") {
      // The file does not parse: whether this is a free-text value holding `: ` is decided on its text (applyFixes).
      fixes.push({ kind: "quote-text", line: d.line, column: d.column });
      continue;
    }
    const path = parsePath(d.path);
    if (!path) continue;
    if ((d.code === "address-format" || d.code === "schema") && typeof valueAt(data, path) === "number") {
      // Only a number spelled 0x + 40 hex digits is quoted (editOf): any other number is not an address misread.
      fixes.push({ kind: "quote-source", path });
      continue;
    }
    if (d.code === "schema") {
      const wrongCase = CASE_SUGGESTION.exec(d.message);
      if (wrongCase && wrongCase[1]!.toLowerCase() === wrongCase[2]!.toLowerCase() && wrongCase[1] !== wrongCase[2]) {
        fixes.push({ kind: "set", path, value: wrongCase[2]! });
        continue;
      }
      const key = KEY_SUGGESTION.exec(d.message);
      if (key && editDistance(key[1]!, key[2]!) === 1 && path.at(-1) === key[1]) {
        const parent = valueAt(data, path.slice(0, -1));
        if (isRecord(parent) && !Object.hasOwn(parent, key[2]!)) fixes.push({ kind: "rename", path, to: key[2]! });
        continue;
      }
      const missing = MISSING_ROOT_FIELD.exec(d.message);
      if (missing && path.length === 0 && role.kind === "policy") {
        const value = missing[1] === "providerType" ? role.providerType : role.scope;
        if (value !== undefined) fixes.push({ kind: "add", key: missing[1] as "providerType" | "scope", value });
      }
    } else if (d.code === "token-by-symbol" && catalog) {
      const tokenPath = path.at(-1) === "symbol" ? path.slice(0, -1) : path;
      const token = valueAt(data, tokenPath);
      const symbol = typeof token === "string" ? token.trim() : isRecord(token) && typeof token.symbol === "string" ? token.symbol : undefined;
      if (symbol === undefined) continue;
      const chain = isRecord(token) && typeof token.chain === "string" ? token.chain : undefined;
      const matches = catalog.bySymbol(symbol).filter((entry) => chain === undefined || entry.chain === chain);
      if (matches.length === 1) {
        const [only] = matches;
        fixes.push({ kind: "token", path: tokenPath, chain: only!.chain, networkId: only!.networkId, contractAddress: only!.contractAddress });
      }
    }
  }
  return fixes;
}

/** The text after the fixes, and how many of them were applied. */
export interface Applied {
  text: string;
  applied: number;
}

/**
 * The text with the fixes applied, or the text unchanged. Each fix is an edit
 * of its finding's node in the text (the scalar, the key, the token entry, or
 * the line a missing key goes on), so every other byte of the file stays as
 * written: comments, spacing, flow lists, quoting. A fix whose place is gone,
 * or whose edit overlaps an earlier fix's, is skipped (the next pass takes it).
 */
export function applyFixes(text: string, fixes: readonly Fix[]): Applied {
  if (fixes.length === 0) return { text, applied: 0 };
  const quoted = quoteFreeText(text, fixes.filter((fix) => fix.kind === "quote-text"));
  // A file that does not parse gets only these; the next pass, on the file that now parses, the rest.
  if (quoted.applied > 0) return quoted;
  const document = parseDocument(text);
  if (document.errors.length > 0 || !isMap(document.contents)) return { text, applied: 0 };
  const edits: Edit[] = [];
  // providerType before scope: both go first in a file that has neither.
  const ordered = [...fixes].sort((a, b) => Number(a.kind === "add" && a.key === "scope") - Number(b.kind === "add" && b.key === "scope"));
  for (const fix of ordered) {
    const edit = editOf(text, document, fix);
    if (edit && !edits.some((other) => edit.start < other.end && other.start < edit.end)) edits.push(edit);
  }
  let out = text;
  // From the end, so that each edit's offsets still hold; insertions at one place keep their order.
  const fromEnd = edits.map((edit, order) => ({ edit, order })).sort((a, b) => b.edit.start - a.edit.start || b.order - a.order);
  for (const { edit } of fromEnd) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { text: out, applied: edits.length };
}

/** Replace `text[start, end)` with `text`; an insertion when start is end. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

function editOf(text: string, document: Document, fix: Fix): Edit | undefined {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  switch (fix.kind) {
    case "set": {
      const node = document.getIn(fix.path, true);
      return isScalar(node) ? respell(node, fix.value) : undefined;
    }
    case "rename": {
      const parent = document.getIn(fix.path.slice(0, -1), true);
      if (!isMap(parent)) return undefined;
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === fix.path.at(-1));
      return pair && isScalar(pair.key) ? respell(pair.key, fix.to) : undefined;
    }
    case "add": {
      const root = document.contents as YAMLMap;
      const member = `${fix.key}: ${plain(fix.value)}`;
      if (root.flow) {
        // Right after the `{`: `{scope: X, ...}`.
        const at = root.range![0] + 1;
        return { start: at, end: at, text: root.items.length > 0 ? `${member}, ` : member };
      }
      const column = root.range![0] - lineStart(text, root.range![0]);
      const providerType = fix.key === "scope" ? root.items.find((item) => isScalar(item.key) && item.key.value === "providerType") : undefined;
      if (providerType) {
        // On the line after providerType's, whatever that line ends with (a comment).
        const end = lineEnd(text, lastContent(text, providerType.value as YamlNode | null, providerType.key as YamlNode));
        return { start: end, end, text: `${newline}${" ".repeat(column)}${member}` };
      }
      // First: on the line of the first key, before it.
      const at = lineStart(text, root.range![0]);
      return { start: at, end: at, text: `${" ".repeat(column)}${member}${newline}` };
    }
    case "quote-source": {
      const node = document.getIn(fix.path, true);
      if (!isScalar(node) || node.type !== Scalar.PLAIN || !node.range) return undefined;
      const source = text.slice(node.range[0], node.range[1]).trimEnd();
      // An EVM address (docs/codes/address-format.md): what the author wrote, digits YAML would have lost.
      if (!/^0x[0-9a-fA-F]{40}$/.test(source)) return undefined;
      return { start: node.range[0], end: node.range[0] + source.length, text: JSON.stringify(source) };
    }
    case "quote-text":
      return undefined;
    case "token": {
      const parent = document.getIn(fix.path.slice(0, -1), true);
      const index = fix.path.at(-1);
      if (!isSeq(parent) || typeof index !== "number") return undefined;
      const old = parent.items[index] as YamlNode | undefined;
      if (!old?.range) return undefined;
      const address = JSON.stringify(fix.contractAddress);
      if (parent.flow || (isCollection(old) && old.flow)) {
        // The file's spelling of flow collections, `{ a }` or `{a}`.
        const pad = /[[{] \S/.test(text) || !/[[{]\S/.test(text) ? " " : "";
        return { start: old.range[0], end: old.range[1], text: `{${pad}chain: ${plain(fix.chain)}, networkId: ${fix.networkId}, contractAddress: ${address}${pad}}` };
      }
      // The whole entry, to the end of its last line: the comments in it go onto the new entry's first line.
      // yaml may count comment lines below a block map as the map's: end at its last member's content.
      const last = isMap(old) ? old.items.at(-1) : undefined;
      const end = lineEnd(text, last ? lastContent(text, last.value as YamlNode | null, last.key as YamlNode) : lastContent(text, old, old));
      const comments = findComments(text.slice(old.range[0], end)).map((comment) => comment.text.replace(/^#\s?/, "").trimEnd());
      const indent = " ".repeat(old.range[0] - lineStart(text, old.range[0]));
      const first = `chain: ${plain(fix.chain)}${comments.length > 0 ? ` # ${comments.join("; ")}` : ""}`;
      return { start: old.range[0], end, text: [first, `${indent}networkId: ${fix.networkId}`, `${indent}contractAddress: ${address}`].join(newline) };
    }
  }
}

/** The free-text keys whose value may hold `: `: prose for reviewers and auditors, never a value the service reads. */
const FREE_TEXT_KEY = /^(\s*(?:- +)?(?:description|reason): +)(.*)$/;

/**
 * The `quote-text` fixes: each quotes, in double quotes, the value of a
 * `description:` or `reason:` line at whose start YAML stopped, when that value
 * holds `: ` and is unambiguous: the whole value on that line (no continuation
 * line below it), plain (no quote, bracket or block indicator first), and the
 * quoted line then reads cleanly where the error was. Anything else is left to
 * the author, who knows what was meant.
 */
function quoteFreeText(text: string, fixes: readonly Fix[]): Applied {
  const lines = text.split("\n");
  let offset = 0;
  const starts = lines.map((line) => ((offset += line.length + 1), offset - line.length - 1));
  const edits: Edit[] = [];
  for (const fix of fixes) {
    if (fix.kind !== "quote-text") continue;
    const index = fix.line - 1;
    const line = lines[index]?.replace(/\r$/, "");
    const match = line === undefined ? null : FREE_TEXT_KEY.exec(line);
    if (!match || match[1]!.length !== fix.column - 1) continue;
    const value = withoutComment(match[2]!).trimEnd();
    if (!value.includes(": ") || /^["'[{|>!&*%@`#]/.test(value)) continue;
    const keyColumn = /^\s*(?:- +)?/.exec(line!)![0].length;
    const next = lines.slice(index + 1).find((candidate) => candidate.trim() !== "" && !candidate.trimStart().startsWith("#"));
    if (next !== undefined && /^ */.exec(next)![0].length > keyColumn) continue;
    const start = starts[index]! + match[1]!.length;
    const edit = { start, end: start + value.length, text: JSON.stringify(value) };
    if (!readsAs(text, edit, value) || edits.some((other) => other.start === edit.start)) continue;
    edits.push(edit);
  }
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { text: out, applied: edits.length };
}

/** Whether the text with `edit` made has no error left on the edited line and holds `value` as a string there. */
function readsAs(text: string, edit: Edit, value: string): boolean {
  const edited = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  const document = parseDocument(edited);
  const [from, to] = [lineStart(edited, edit.start), lineEnd(edited, edit.start)];
  if (document.errors.some((error) => error.pos[0] >= from && error.pos[0] <= to)) return false;
  let found = false;
  visit(document, {
    Scalar(_, node) {
      if (node.range?.[0] === edit.start && node.value === value) found = true;
    },
  });
  return found;
}

/** The text before a ` #` comment (a plain scalar cannot hold one). */
function withoutComment(text: string): string {
  const at = text.search(/(?:^|\s)#/);
  return at === -1 ? text : text.slice(0, at);
}

/** The scalar's text replaced by `value`, in the scalar's own quoting; undefined for a block scalar. */
function respell(node: Scalar, value: string): Edit | undefined {
  const [start, end] = node.range!;
  switch (node.type) {
    case Scalar.QUOTE_DOUBLE:
      return { start, end, text: JSON.stringify(value) };
    case Scalar.QUOTE_SINGLE:
      return { start, end, text: `'${value.replaceAll("'", "''")}'` };
    case Scalar.PLAIN:
      return { start, end, text: plain(value) };
    default:
      return undefined;
  }
}

/** Plain when it is an identifier (every value a fix writes but an address), else double-quoted. */
function plain(value: string): string {
  return /^[A-Za-z_][\w.-]*$/.test(value) && !/^(?:true|false|null|yes|no|on|off|y|n)$/i.test(value) ? value : JSON.stringify(value);
}

/** The offset of the last character of `node` (or of `fallback`) that is not white space. */
function lastContent(text: string, node: YamlNode | null, fallback: YamlNode): number {
  let at = ((node?.range ?? fallback.range)![1] ?? 1) - 1;
  while (at > 0 && /\s/.test(text[at]!)) at--;
  return at;
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** The offset of the line break ending the line of `offset` (CR of a CRLF), or the text's end. */
function lineEnd(text: string, offset: number): number {
  const at = text.indexOf("\n", offset);
  if (at === -1) return text.length;
  return at > 0 && text[at - 1] === "\r" ? at - 1 : at;
}

/** `rules.postScreen[0].action` -> ["rules", "postScreen", 0, "action"]; undefined for a path it cannot read back. */
export function parsePath(path: string): Segment[] | undefined {
  if (path === "") return [];
  const segments: Segment[] = [];
  const pattern = /(?:^|\.)([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/gy;
  let consumed = 0;
  for (const match of path.matchAll(pattern)) {
    if (match.index !== consumed) return undefined;
    consumed = match.index + match[0].length;
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push(JSON.parse(match[3]!) as string);
  }
  return consumed === path.length ? segments : undefined;
}

function valueAt(data: unknown, path: readonly Segment[]): unknown {
  let at = data;
  for (const segment of path) {
    if (typeof segment === "number") at = Array.isArray(at) ? at[segment] : undefined;
    else at = isRecord(at) && Object.hasOwn(at, segment) ? at[segment] : undefined;
  }
  return at;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}
