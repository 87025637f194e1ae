/**
 * `lint --fix`: the findings that have exactly one safe fix, as edits, and the
 * edits applied through the yaml Document API, so that every comment and the
 * file's own layout stay. Pure.
 *
 * Fixed: an enum value in the wrong case (`alert` -> `ALERT`); a missing
 * `providerType` or `scope` that the file's path decides; a token named by a
 * symbol that exactly one catalog token has (replaced by its chain, networkId
 * and contractAddress); an unknown key one edit away from the key the schema
 * suggests. Never a compliance finding (sanctions-floor, terminal-allow,
 * cross-vendor-field): only `schema` and `token-by-symbol` findings are read.
 */
import { isMap, isScalar, isSeq, parseDocument, Pair, Scalar, YAMLMap, type Document, type Node as YamlNode } from "yaml";
import type { TokenCatalogIndex } from "../catalog.js";
import { isRecord } from "../config.js";
import type { Diagnostic } from "../diagnostic.js";
import type { FileRole } from "../layout.js";

type Segment = string | number;

export type Fix =
  | { kind: "set"; path: Segment[]; value: string }
  | { kind: "rename"; path: Segment[]; to: string }
  | { kind: "add"; key: "providerType" | "scope"; value: string }
  | { kind: "token"; path: Segment[]; chain: string; networkId: number; contractAddress: string };

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
    const path = parsePath(d.path);
    if (!path) continue;
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

/** The text with the fixes applied (a fix whose place is gone is skipped), or the text unchanged. */
export function applyFixes(text: string, fixes: readonly Fix[]): string {
  if (fixes.length === 0) return text;
  const document = parseDocument(text);
  if (document.errors.length > 0 || !isMap(document.contents)) return text;
  for (const fix of fixes) apply(document, fix);
  // yaml writes the whole document again: keep the file's own spelling of flow collections
  // (`[ EVM ]` or `[EVM]`), and never fold a long line (a reason cut in two reads badly in a diff).
  const padded = /[[{] \S/.test(text) || !/[[{]\S/.test(text);
  return document.toString({ lineWidth: 0, flowCollectionPadding: padded });
}

function apply(document: Document, fix: Fix): void {
  switch (fix.kind) {
    case "set": {
      // The scalar itself, not a new one: a trailing comment on it stays.
      const node = document.getIn(fix.path, true);
      if (isScalar(node)) node.value = fix.value;
      return;
    }
    case "rename": {
      const parent = document.getIn(fix.path.slice(0, -1), true);
      if (!isMap(parent)) return;
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === fix.path.at(-1));
      if (pair && isScalar(pair.key)) pair.key.value = fix.to;
      return;
    }
    case "add": {
      const root = document.contents as YAMLMap;
      const after = fix.key === "scope" ? root.items.findIndex((item) => isScalar(item.key) && item.key.value === "providerType") : -1;
      root.items.splice(after + 1, 0, new Pair(new Scalar(fix.key), new Scalar(fix.value)));
      return;
    }
    case "token": {
      const parent = document.getIn(fix.path.slice(0, -1), true);
      const index = fix.path.at(-1);
      if (!isSeq(parent) || typeof index !== "number") return;
      const old = parent.items[index] as YamlNode | undefined;
      const address = new Scalar(fix.contractAddress);
      address.type = Scalar.QUOTE_DOUBLE;
      const token = new YAMLMap();
      token.items.push(new Pair(new Scalar("chain"), new Scalar(fix.chain)), new Pair(new Scalar("networkId"), new Scalar(fix.networkId)), new Pair(new Scalar("contractAddress"), address));
      if (old) {
        token.commentBefore = old.commentBefore;
        token.spaceBefore = old.spaceBefore;
        // The comments of the old entry (`symbol: USDC # the stablecoin`) stay, on the new one's line.
        const comments = [old.comment, ...(isMap(old) ? old.items.flatMap((item) => [(item.key as YamlNode | null)?.comment, (item.value as YamlNode | null)?.comment]) : [])].filter(Boolean);
        if (comments.length > 0) (token.items[0]!.value as Scalar).comment = comments.join(";");
      }
      parent.items[index] = token;
      return;
    }
  }
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
