/**
 * Completion and hover from the JSON Schema of the file's own vendor
 * (schemas/policy-<vendor>-v<version>.schema.json, as `lint` validates it):
 * a vendorA policy is offered vendorA's signals and categories only, never
 * vendorB's. The place of the cursor is read from the text's indentation and
 * flow brackets, not from a parse: a half-typed line does not parse.
 * Also: token references from the catalog snapshot, by symbol, and their
 * catalog entry on hover; environment names of the config in a test file.
 */
import type { CompletionItem, Hover, Position } from "vscode-languageserver/node.js";
import type { EditorLint } from "../app/editor-workspace.js";
import type { CatalogToken } from "../core/catalog.js";
import { SCHEMAS, type SchemaName } from "../core/generated/schemas.js";
import type { FileRole } from "../core/layout.js";
import { SCHEMA_VERSIONS, type Vendor } from "../core/vendors.js";

/** LSP's CompletionItemKind: a key (Property), an enum value (EnumMember), a token (Constant), an environment (Module). */
const KEY_ITEM = 10;
const VALUE_ITEM = 20;
const TOKEN_ITEM = 21;
const ENVIRONMENT_ITEM = 9;

type Schema = Record<string, unknown>;

/** Where the cursor is: under which keys (`[]` for a list item), and whether a key or a value of `key` is being typed. */
interface Cursor {
  path: string[];
  mode: "key" | "value";
  /** The key whose value is typed (mode value). */
  key?: string;
}

export function schemaCompletions(text: string, role: FileRole, lint: EditorLint, position: Position): CompletionItem[] {
  const line = text.split("\n")[position.line] ?? "";
  if (role.kind === "policy-test") {
    if (!/^environment:\s*[\w-]*$/.test(line.slice(0, position.character))) return [];
    return lint.config.environments.map((environment): CompletionItem => ({ label: environment.name, kind: ENVIRONMENT_ITEM, detail: "an environment of screenpol.config.yaml" }));
  }
  if (role.kind !== "policy" || role.providerType === undefined) return [];
  const cursor = cursorAt(text, position);
  if (!cursor) return [];
  const root = policySchema(role.providerType, text);
  if (cursor.mode === "key") {
    const node = schemaAt(root, cursor.path);
    if (!node) return [];
    const items = Object.entries(propertiesOf(root, node)).map(([key, child]): CompletionItem => ({ label: key, kind: KEY_ITEM, documentation: descriptionOf(root, child) }));
    // A list item of `tokens`: a whole reference per token of the catalog snapshot, offered by its symbol.
    if (cursor.path.at(-1) === "[]" && cursor.path.at(-2) === "tokens" && lint.catalog) items.push(...lint.catalog.tokens().map(tokenItem));
    return items;
  }
  let node = schemaAt(root, [...cursor.path, cursor.key!]);
  if (node?.type === "array") node = resolve(root, node.items);
  if (!node) return [];
  const values = Array.isArray(node.enum) ? (node.enum as unknown[]) : node.type === "boolean" ? [true, false] : [];
  return values.map((value): CompletionItem => ({ label: String(value), kind: VALUE_ITEM, documentation: descriptionOf(root, node) }));
}

/** On a key of a policy (`riskScore`, `exposure`, `minPercent`) or a category: the vendor's schema's description; on a token reference: its catalog entry. */
export function schemaHover(text: string, role: FileRole, lint: EditorLint, position: Position): Hover | null {
  if (role.kind !== "policy" || role.providerType === undefined) return null;
  const line = text.split("\n")[position.line] ?? "";
  const word = wordAt(line, position.character);
  if (!word) return null;
  const range = { start: { line: position.line, character: word.start }, end: { line: position.line, character: word.end } };
  const root = policySchema(role.providerType, text);
  const isKey = line.slice(word.end).startsWith(":");
  const cursor = cursorAt(text, { line: position.line, character: isKey ? word.start : word.end });
  if (!cursor) return null;
  if (isKey) {
    const node = schemaAt(root, [...cursor.path, word.text]);
    const description = node ? descriptionOf(root, node) : undefined;
    return description === undefined ? null : { contents: { kind: "markdown", value: `**${word.text}** (${role.providerType})\n\n${description}` }, range };
  }
  if (cursor.mode !== "value") return null;
  if (cursor.key === "contractAddress" && lint.catalog) return tokenHover(text, position.line, word.text, lint, range);
  const node = schemaAt(root, [...cursor.path, cursor.key!]);
  if (!node || !Array.isArray(node.enum) || !node.enum.includes(word.text)) return null;
  return { contents: { kind: "markdown", value: `**${word.text}**: ${descriptionOf(root, node) ?? ""}` }, range };
}

function tokenItem(token: CatalogToken): CompletionItem {
  return {
    label: token.symbol,
    kind: TOKEN_ITEM,
    detail: `${token.name}, ${token.chain} ${token.networkId}`,
    // Quoted: an EVM address would otherwise be read as a number (the schema's contractAddress says so).
    insertText: `{ chain: ${token.chain}, networkId: ${token.networkId}, contractAddress: ${JSON.stringify(token.contractAddress)} }`,
  };
}

/** The reference around `line` (its chain and networkId within the same list item) looked up in the snapshot. */
function tokenHover(text: string, line: number, address: string, lint: EditorLint, range: Hover["range"]): Hover | null {
  const lines = text.split("\n");
  // The item's members: the flow mapping on this line, or the block lines of the item around it.
  let first = line;
  while (first > 0 && !/^\s*-\s/.test(lines[first]!) && line - first < 3) first--;
  const item = lines.slice(first, line + 3).join("\n");
  const chain = /\bchain:\s*([A-Z][A-Z0-9_]*)/.exec(item)?.[1];
  const networkId = /\bnetworkId:\s*(\d+)/.exec(item)?.[1];
  if (chain === undefined || networkId === undefined) return null;
  const token = lint.catalog!.entry(chain, Number(networkId), address);
  const value = token
    ? [`**${token.symbol}**: ${token.name}`, "", `${token.chain} network ${token.networkId}, ${token.decimals} decimals, tokenId ${token.tokenId}`].join("\n")
    : `Not in the catalog snapshot (${chain} network ${networkId}): lint reports it as unknown-token.`;
  return { contents: { kind: "markdown", value }, range };
}

/** The policy schema of the vendor, of the file's own `schemaVersion` (the latest when it is not written yet). */
function policySchema(vendor: Vendor, text: string): Schema {
  const written = Number(/^schemaVersion:\s*(\d+)/m.exec(text)?.[1]);
  const version = (SCHEMA_VERSIONS as readonly number[]).includes(written) ? written : SCHEMA_VERSIONS.at(-1)!;
  return SCHEMAS[`policy-${vendor}-v${version}` as SchemaName] as Schema;
}

function resolve(root: Schema, node: unknown): Schema | undefined {
  if (typeof node !== "object" || node === null) return undefined;
  const ref = (node as Schema).$ref;
  if (typeof ref === "string" && ref.startsWith("#/definitions/")) return resolve(root, (root.definitions as Schema)[ref.slice("#/definitions/".length)]);
  return node as Schema;
}

/** A node's members, its alternatives' (anyOf, oneOf, allOf) included. */
function propertiesOf(root: Schema, node: Schema): Record<string, unknown> {
  const own = typeof node.properties === "object" && node.properties !== null ? (node.properties as Record<string, unknown>) : {};
  const branches = [node.anyOf, node.oneOf, node.allOf].flatMap((list) => (Array.isArray(list) ? list : []));
  return Object.assign({}, ...branches.map((branch) => (resolve(root, branch) ? propertiesOf(root, resolve(root, branch)!) : {})), own) as Record<string, unknown>;
}

function schemaAt(root: Schema, path: readonly string[]): Schema | undefined {
  let node: Schema | undefined = root;
  for (const step of path) {
    if (!node) return undefined;
    node = step === "[]" ? resolve(root, node.items) : resolve(root, propertiesOf(root, node)[step]);
  }
  return node;
}

function descriptionOf(root: Schema, node: unknown): string | undefined {
  const resolved = resolve(root, node);
  return typeof resolved?.description === "string" ? resolved.description : undefined;
}

function wordAt(line: string, character: number): { text: string; start: number; end: number } | undefined {
  const word = /[\w.-]/;
  let start = character;
  let end = character;
  while (start > 0 && word.test(line[start - 1]!)) start--;
  while (end < line.length && word.test(line[end]!)) end++;
  return start === end ? undefined : { text: line.slice(start, end), start, end };
}

/** The members of one line left of a column: its list dashes and its keys, each with its column. */
function segmentsOf(line: string): Array<{ column: number; key?: string; opensBlock: boolean }> {
  const segments: Array<{ column: number; key?: string; opensBlock: boolean }> = [];
  let at = line.search(/\S/);
  while (at !== -1 && at < line.length) {
    const rest = line.slice(at);
    if (/^-(\s|$)/.test(rest)) {
      segments.push({ column: at, opensBlock: true });
      const next = rest.slice(1).search(/\S/);
      at = next === -1 ? -1 : at + 1 + next;
      continue;
    }
    const key = /^([\w-]+):(\s|$)/.exec(rest);
    // A key opens a block when nothing but a comment follows its colon.
    if (key) segments.push({ column: at, key: key[1], opensBlock: /^[\w-]+:\s*(#.*)?$/.test(rest) });
    break;
  }
  return segments;
}

/** The cursor's place in the YAML tree, from the lines above it (block structure) and its own line (dashes, a key, flow brackets). */
function cursorAt(text: string, position: Position): Cursor | undefined {
  const lines = text.split("\n");
  const before = (lines[position.line] ?? "").slice(0, position.character);
  if (before.includes("#")) return undefined;
  const own: string[] = [];
  let rest = before;
  let indent = before.search(/\S/);
  if (indent === -1) indent = before.length;
  rest = before.slice(indent);
  let column = indent;
  for (let dash = /^-(\s+|$)/.exec(rest); dash; dash = /^-(\s+|$)/.exec(rest)) {
    own.push("[]");
    rest = rest.slice(dash[0].length);
    column += dash[0].length;
  }
  const path = [...parentsAbove(lines, position.line, indent), ...own];
  const key = /^([\w-]+):\s*(.*)$/.exec(rest);
  if (!key) return /^[\w-]*$/.test(rest) ? { path, mode: "key" } : undefined;
  const value = key[2]!;
  if (!/^[{[]/.test(value)) return /^["']?[\w.-]*$/.test(value) ? { path, mode: "value", key: key[1] } : undefined;
  return flowCursor([...path, key[1]!], value);
}

/** The keys (and list items) whose blocks hold a line indented by `indent`. */
function parentsAbove(lines: readonly string[], lineIndex: number, indent: number): string[] {
  const reversed: string[] = [];
  let limit = indent;
  for (let at = lineIndex - 1; at >= 0 && limit > 0; at--) {
    const line = lines[at]!;
    if (/^\s*(#.*)?$/.test(line)) continue;
    for (const segment of segmentsOf(line).reverse()) {
      if (segment.column >= limit || !segment.opensBlock) continue;
      reversed.push(segment.key ?? "[]");
      limit = segment.column;
    }
  }
  return reversed.reverse();
}

/** Inside `{ a: x, b: ` or `[x, `: the keys opened by the brackets, and what is typed in the last one. */
function flowCursor(path: string[], value: string): Cursor | undefined {
  const frames: number[] = [];
  let segment = "";
  const current = [...path];
  for (const char of value) {
    if (char === "{" || char === "[") {
      const key = /^\s*([\w-]+):\s*$/.exec(segment)?.[1];
      // The outer bracket belongs to the line's key, already on the path; an inner one to the key before it, or to a list item.
      const opened = frames.length === 0 ? [] : key !== undefined ? [key] : ["[]"];
      if (char === "[") opened.push("[]");
      current.push(...opened);
      frames.push(opened.length);
      segment = "";
    } else if (char === "}" || char === "]") {
      current.splice(current.length - (frames.pop() ?? 0));
      segment = "";
    } else if (char === ",") {
      segment = "";
    } else {
      segment += char;
    }
  }
  if (frames.length === 0) return undefined;
  const key = /^\s*([\w-]+):\s*["']?[\w.-]*$/.exec(segment);
  if (key) return { path: current, mode: "value", key: key[1] };
  if (!/^\s*[\w.-]*$/.test(segment)) return undefined;
  // In a flow sequence an item is a value of the list: its key is the list's own.
  if (current.at(-1) === "[]") return { path: current.slice(0, -2), mode: "value", key: current.at(-2) };
  return { path: current, mode: "key" };
}
