/**
 * One canonical rendering of a policy and of an address-entries file, used on
 * both sides of every comparison (plan, push, pull, watch --plan), so that
 * comments, key order, quoting and number spelling never show up as changes.
 * Pure: no I/O.
 *
 * Canonical data:
 * - policy: `providerType, scope, schemaVersion, enabled, rules{preScreen,
 *   postScreen}`; preScreen `chains, minAmountUsd, tokens[{chain, networkId,
 *   contractAddress}], exposureDepth | includeIndirect`; each rule `id,
 *   description, when, action`; `when` holds the vendor's conditions in the
 *   vendor's order (vendors.ts, CONDITION_KEYS), then `anyOf`; condition members
 *   in the order of policy-language.md section 4. Server-managed members
 *   (`revision`, `addressEntryCount`, `updatedAt`) are dropped: they never
 *   belong to the content.
 * - address entries: `providerType, entries`; each entry `address, chain,
 *   action, scope, reason, expiresAt`; entries sorted by (chain, address,
 *   scope), because the file is a set keyed by (address, chain)
 *   (duplicate-address-entry) and its order means nothing.
 * - Lists keep their order (rules are ordered; a reordered chain list is a real,
 *   if harmless, edit). Unknown members are kept, after the known ones, sorted,
 *   so nothing is ever silently dropped from a comparison. `-0` becomes `0`.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { Document, Pair, Scalar, visit, YAMLMap, YAMLSeq, type Node as YamlNode, type ScalarTag, type Tags } from "yaml";
import { isRecord } from "./config.js";
import { CONDITION_KEYS, isVendor, VENDORS, type Vendor } from "./vendors.js";

/** Members of a policy the server manages; never part of the content (policy-language.md section 2). */
export const SERVER_MANAGED_POLICY_KEYS = ["revision", "addressEntryCount", "updatedAt"] as const;

const POLICY_KEYS = ["providerType", "scope", "schemaVersion", "enabled", "rules"];
const RULES_KEYS = ["preScreen", "postScreen"];
const PRESCREEN_KEYS = ["chains", "minAmountUsd", "tokens", "exposureDepth", "includeIndirect"];
const TOKEN_KEYS = ["chain", "networkId", "contractAddress"];
const RULE_KEYS = ["id", "description", "when", "action"];
const ADDRESSES_KEYS = ["providerType", "entries"];
const ENTRY_KEYS = ["address", "chain", "action", "scope", "reason", "expiresAt"];

/** Members of each condition, policy-language.md section 4. */
const CONDITION_MEMBER_KEYS: Readonly<Record<string, readonly string[]>> = {
  riskScore: ["gte", "lte"],
  exposure: ["category", "direction", "minPercent"],
  cluster: ["category"],
  riskLevel: ["atLeast"],
  indicator: ["category", "riskType", "minVolumeUsd"],
  entity: ["category"],
};

/** Every vendor's conditions, the given vendor's first: a stray condition of the other vendor still has a stable place. */
const CONDITION_ORDER = new Map<Vendor, readonly string[]>(
  VENDORS.map((first) => [first, [...CONDITION_KEYS[first], ...VENDORS.filter((other) => other !== first).flatMap((other) => CONDITION_KEYS[other]), "anyOf"]]),
);

function conditionOrder(vendor: Vendor | undefined): readonly string[] {
  return CONDITION_ORDER.get(vendor ?? VENDORS[0])!;
}

/** The content of a policy a push changes: what the designed PUT body carries besides `revision`. */
export interface PolicyContent {
  schemaVersion: unknown;
  enabled: unknown;
  rules: unknown;
}

/** Options of the canonical forms. */
export interface CanonicalOptions {
  /**
   * Keep the server-managed members (`revision`, `updatedAt`...), in the
   * unknown members' place: `fmt` rewrites a file's layout and never drops what
   * it says (lint reports them: server-managed-field).
   */
  keepServerManaged?: boolean;
}

/** A policy document (a file's data or a live policy) in canonical form; server-managed members dropped. */
export function canonicalPolicy(data: unknown, options: CanonicalOptions = {}): Record<string, unknown> {
  if (!isRecord(data)) return {};
  const vendor = isVendor(data.providerType) ? data.providerType : undefined;
  const skip = new Set<string>(options.keepServerManaged ? [] : SERVER_MANAGED_POLICY_KEYS);
  return orderedObject(data, POLICY_KEYS, (key, value) => (key === "rules" ? canonicalRules(value, vendor) : canonicalValue(value)), skip);
}

/** `rules` in canonical form; `vendor` decides the order of conditions in `when`. */
export function canonicalRules(rules: unknown, vendor?: Vendor): unknown {
  if (!isRecord(rules)) return canonicalValue(rules);
  return orderedObject(rules, RULES_KEYS, (key, value) => {
    if (key === "preScreen") return canonicalPreScreen(value);
    if (key === "postScreen") return Array.isArray(value) ? value.map((rule) => canonicalRule(rule, vendor)) : canonicalValue(value);
    return canonicalValue(value);
  });
}

/** The content a push sends for a policy, canonical: `{schemaVersion, enabled, rules}` in that order. */
export function policyContent(data: unknown): PolicyContent {
  return contentOfCanonical(canonicalPolicy(data));
}

/** {@link policyContent} of a document already canonical. */
export function contentOfCanonical(canonical: Record<string, unknown>): PolicyContent {
  return { schemaVersion: canonical.schemaVersion ?? null, enabled: canonical.enabled ?? null, rules: canonical.rules ?? null };
}

function canonicalPreScreen(preScreen: unknown): unknown {
  if (!isRecord(preScreen)) return canonicalValue(preScreen);
  return orderedObject(preScreen, PRESCREEN_KEYS, (key, value) =>
    key === "tokens" && Array.isArray(value) ? value.map((token) => (isRecord(token) ? orderedObject(token, TOKEN_KEYS) : canonicalValue(token))) : canonicalValue(value),
  );
}

function canonicalRule(rule: unknown, vendor: Vendor | undefined): unknown {
  if (!isRecord(rule)) return canonicalValue(rule);
  return orderedObject(rule, RULE_KEYS, (key, value) => (key === "when" ? canonicalWhen(value, vendor) : canonicalValue(value)));
}

function canonicalWhen(when: unknown, vendor: Vendor | undefined): unknown {
  if (!isRecord(when)) return canonicalValue(when);
  return orderedObject(when, conditionOrder(vendor), (key, value) => {
    if (key === "anyOf" && Array.isArray(value)) return value.map((item) => canonicalWhen(item, vendor));
    const members = CONDITION_MEMBER_KEYS[key];
    return members && isRecord(value) ? orderedObject(value, members) : canonicalValue(value);
  });
}

/** An address-entries document (a file's data, or `{providerType, entries}` from the service) in canonical form. */
export function canonicalAddressEntries(data: unknown, options: CanonicalOptions = {}): Record<string, unknown> {
  if (!isRecord(data)) return {};
  const skip = new Set(options.keepServerManaged ? [] : ["revision", "updatedAt"]);
  return orderedObject(data, ADDRESSES_KEYS, (key, value) => (key === "entries" && Array.isArray(value) ? canonicalEntryList(value) : canonicalValue(value)), skip);
}

/** Entries in canonical form and order. */
export function canonicalEntryList(entries: readonly unknown[]): unknown[] {
  const canonical = entries.map((entry) => (isRecord(entry) ? orderedObject(entry, ENTRY_KEYS) : canonicalValue(entry)));
  return canonical
    .map((entry, index) => ({ entry, index, key: entryKey(entry) }))
    .sort((a, b) => compareStrings(a.key, b.key) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** The sort and identity key of an entry: chain, address, scope. */
export function entryKey(entry: unknown): string {
  if (!isRecord(entry)) return `\u0000${JSON.stringify(entry)}`;
  return [entry.chain, entry.address, entry.scope].map((part) => (typeof part === "string" ? part : JSON.stringify(part ?? null))).join("\u0000");
}

/** Any other value: objects get sorted keys, lists keep their order, `-0` is `0`. */
export function canonicalValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (isRecord(value)) return orderedObject(value, []);
  if (typeof value === "number" && Object.is(value, -0)) return 0;
  return value;
}

/**
 * A copy of `source` with the `known` keys first, in that order, then the
 * others sorted; `skip` keys left out. Own properties only, and set with
 * defineProperty so that a key named `__proto__` stays an ordinary key.
 */
function orderedObject(
  source: Record<string, unknown>,
  known: readonly string[],
  map: (key: string, value: unknown) => unknown = (_key, value) => canonicalValue(value),
  skip: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set = (key: string): void => {
    const value = map(key, source[key]);
    if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  };
  let others: string[] | undefined;
  for (const key of known) if (Object.hasOwn(source, key) && source[key] !== undefined && !skip.has(key)) set(key);
  for (const key of Object.keys(source)) {
    if (source[key] === undefined || skip.has(key) || known.includes(key)) continue;
    (others ??= []).push(key);
  }
  if (others) for (const key of others.sort(compareStrings)) set(key);
  return out;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Canonical JSON for hashing (RFC 8785 style): object keys sorted by code
 * unit, no whitespace, numbers and strings as JSON.stringify writes them.
 * Independent of any key order, so anyone can recompute a plan's hashes.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value === undefined ? null : value, sortKeys) ?? "null";
}

/** JSON.stringify replacer: each object with its keys sorted (a copy only when they are not already). */
function sortKeys(this: unknown, _key: string, value: unknown): unknown {
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  let sorted = true;
  for (let index = 1; index < keys.length && sorted; index++) sorted = keys[index - 1]! <= keys[index]!;
  if (sorted) return value;
  keys.sort(compareStrings);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === "__proto__") Object.defineProperty(out, key, { value: value[key], enumerable: true, writable: true, configurable: true });
    else out[key] = value[key];
  }
  return out;
}

/** Lowercase hex SHA-256 of a string's UTF-8 bytes, or of bytes. */
export function sha256Hex(input: string | Uint8Array): string {
  return bytesToHex(sha256(typeof input === "string" ? utf8ToBytes(input) : input));
}

/** `sha256:<hex>` of the canonical JSON of a request body: the hash a plan records for it. */
export function bodyHash(body: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(body))}`;
}

// Rendering -------------------------------------------------------------------------------

/** Options of the YAML renderings. */
export interface RenderOptions {
  /** Comment lines (without `#`) written first, e.g. the header of a pulled file. */
  header?: readonly string[];
  /** The `yaml-language-server: $schema=` target, written as the first line. */
  schema?: string;
}

const FLOW_LIST_KEYS = new Set(["chains"]);
const SPACED_LIST_KEYS = new Set(["postScreen", "entries"]);

/**
 * Strings a YAML 1.1 reader (or a human) could take for something else: numbers
 * of any spelling (0x.., 1e3, 1_000, 1:20), dates and times, booleans and null
 * of YAML 1.1 (yes/no/on/off). YAML 1.2 core reads most of them as strings, but
 * editors and other tools do not all speak 1.2, so they are double-quoted.
 */
const AMBIGUOUS_STRING = /^(?:[-+.]?\d.*|\.(?:inf|Inf|INF|nan|NaN|NAN)|[yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~|=|<<)$/s;

/** Keys whose string values are always quoted, as the sample files do: addresses must never be read as numbers. */
const ALWAYS_QUOTED_KEYS = new Set(["address", "contractAddress", "reason", "expiresAt"]);

/** YAML of data already in canonical form (from canonicalPolicy or canonicalAddressEntries): no second pass. */
export function renderCanonicalYaml(canonical: Record<string, unknown>, options: RenderOptions = {}): string {
  return renderYaml(canonical, options);
}

/** The canonical YAML of a policy document (any data; it is canonicalised first). */
export function renderPolicyYaml(data: unknown, options: RenderOptions = {}): string {
  return renderYaml(canonicalPolicy(data), options);
}

/** The canonical YAML of an address-entries document. */
export function renderAddressEntriesYaml(data: unknown, options: RenderOptions = {}): string {
  return renderYaml(canonicalAddressEntries(data), options);
}

/**
 * The YAML text of canonical data, laid out by the `yaml` Document API (the
 * same API `fmt` rewrites files with, comments kept): block style, two-space
 * indent, list items indented under their key; flow style for a condition's
 * members (`riskScore: { gte: 8.5 }`), for `chains` and for empty maps and
 * lists; a blank line between rules and between address entries; no line
 * folding. Only the spelling of strings is ours (spellString): the form's own
 * rule, stricter than YAML 1.2's. Its output parses back to the same data
 * (tested), and equals the hand emitter it replaced (canonical-engines.test.ts).
 */
function renderYaml(value: Record<string, unknown>, options: RenderOptions): string {
  const lines: string[] = [];
  if (options.schema !== undefined) lines.push(`# yaml-language-server: $schema=${options.schema}`);
  if (options.header && options.header.length > 0) {
    if (lines.length > 0) lines.push("#");
    for (const line of options.header) lines.push(line === "" ? "#" : `# ${line}`);
  }
  const body = stringifyCanonicalDocument(canonicalDocument(value));
  return lines.length > 0 ? `${lines.join("\n")}\n${body}` : body;
}

/**
 * The yaml Document of canonical data, laid out as {@link renderCanonicalYaml}
 * writes it, before it is written: `fmt` moves a file's comments onto it.
 */
export function canonicalDocument(value: Record<string, unknown>, folded: FoldedStrings = new Map()): Document {
  const document = new Document(null, { customTags: CANONICAL_TAGS });
  document.contents = yamlNode(value, "", false, folded);
  return document;
}

/** The text of a Document from {@link canonicalDocument}, with the canonical layout's options. */
export function stringifyCanonicalDocument(document: Document): string {
  return document.toString(YAML_TO_STRING);
}

/**
 * Strings a file wrote as folded block scalars (`>-`), each with the lines the
 * author broke it into: fmt keeps them so, as Prettier does (its proseWrap
 * "preserve"). A folded string is still one value, so comparisons never see
 * the line breaks; only the file's layout keeps them.
 */
export type FoldedStrings = ReadonlyMap<string, readonly string[]>;

/**
 * The {@link FoldedStrings} of a parsed file (`text` is what `document` was parsed
 * from). Only the plain shape `>-` with lines of one indent is kept: a more-indented
 * line, a blank line or another chomping changes the value's newlines, and such a
 * string is written as every other string is.
 */
export function foldedStrings(document: Document, text: string): FoldedStrings {
  const folded = new Map<string, readonly string[]>();
  visit(document, {
    Scalar(_key, node) {
      if (node.type !== Scalar.BLOCK_FOLDED || typeof node.value !== "string" || !node.range) return;
      const [header, ...body] = text.slice(node.range[0], node.range[1]).replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n");
      const indent = /^ */.exec(body[0] ?? "")![0];
      if (header!.trim() !== ">-" || body.length < 2 || indent === "") return;
      if (!body.every((line) => line.startsWith(indent) && line.length > indent.length && line[indent.length] !== " " && line[indent.length] !== "\t")) return;
      const lines = body.map((line) => line.slice(indent.length).trimEnd());
      if (lines.join(" ") === node.value) folded.set(node.value, lines);
    },
  });
  return folded;
}

/** A string to write folded, in the lines it was written in. */
class FoldedScalar extends Scalar<string> {
  constructor(
    value: string,
    readonly lines: readonly string[],
  ) {
    super(value);
  }
}

/** yaml's string tag, with our spelling: plain when safe (spellString), double-quoted otherwise; folded as written (FoldedStrings). */
const CANONICAL_TAGS = (tags: Tags): Tags =>
  tags.map((tag): Tags[number] =>
    typeof tag === "object" && tag.tag === "tag:yaml.org,2002:str"
      ? {
          ...(tag as ScalarTag),
          stringify: (item, context) =>
            item instanceof FoldedScalar && context.inFlow !== true
              ? `>-${item.lines.map((line) => `\n${context.indent}${line}`).join("")}`
              : spellString(String((item as Scalar).value), context.inFlow === true, (item as Scalar).type === Scalar.QUOTE_DOUBLE),
        }
      : tag,
  );

/**
 * lineWidth 0: never fold (a folded address or reason is unreadable in a diff).
 * directives false: there are none to write, and looking for them walks the
 * whole tree on every call.
 */
const YAML_TO_STRING = { indent: 2, indentSeq: true, lineWidth: 0, flowCollectionPadding: true, directives: false } as const;

/**
 * A list written as Prettier writes one, `[EVM, SOL]`, where yaml pads lists and
 * maps alike: flow maps keep their inner spaces (`{ gte: 9 }`, Prettier's
 * bracketSpacing), so that Prettier in the same pre-commit run leaves a
 * canonical file as it is (docs/review-workflow.md, "The canonical form").
 */
class UnpaddedFlowSeq extends YAMLSeq {
  override toString(context?: Parameters<YAMLSeq["toString"]>[0], onComment?: () => void, onChompKeep?: () => void): string {
    return super.toString(context && this.flow ? { ...context, flowCollectionPadding: "" } : context, onComment, onChompKeep);
  }
}

/**
 * The yaml node of a canonical value. `key` is the nearest map key above
 * (through lists), which decides always-quoted strings and flow lists;
 * `mapValue` says whether the value sits directly under that key.
 */
function yamlNode(value: unknown, key: string, mapValue: boolean, folded: FoldedStrings): YamlNode {
  if (Array.isArray(value)) {
    const list = new UnpaddedFlowSeq();
    list.flow = value.length === 0 || (mapValue && FLOW_LIST_KEYS.has(key) && value.every(isScalarValue));
    value.forEach((item, index) => {
      const node = yamlNode(item, key, false, folded);
      if (index > 0 && SPACED_LIST_KEYS.has(key)) node.spaceBefore = true;
      list.items.push(node);
    });
    return list;
  }
  if (isRecord(value)) {
    const map = new YAMLMap();
    const keys = Object.keys(value);
    map.flow = keys.length === 0 || (mapValue && Object.hasOwn(CONDITION_MEMBER_KEYS, key) && keys.every((member) => isScalarValue(value[member])));
    for (const member of keys) map.items.push(new Pair(new Scalar(member), yamlNode(value[member], member, true, folded)));
    return map;
  }
  const lines = typeof value === "string" && !ALWAYS_QUOTED_KEYS.has(key) ? folded.get(value) : undefined;
  if (lines !== undefined) return new FoldedScalar(value as string, lines);
  const scalar = new Scalar(value === undefined ? null : typeof value === "number" && Object.is(value, -0) ? 0 : value);
  if (typeof value === "string" && ALWAYS_QUOTED_KEYS.has(key)) scalar.type = Scalar.QUOTE_DOUBLE;
  return scalar;
}

function isScalarValue(value: unknown): boolean {
  return value === null || (typeof value !== "object" && typeof value !== "function");
}

/** Plain when safe in block context (and, with `flow`, inside `{ }` or `[ ]`). */
const PLAIN_BLOCK = /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\n\r\t]*$/;
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff\ud800-\udfff]/;

/** A string as the canonical form writes it: plain when safe and not `forceQuotes`, else double-quoted. */
function spellString(text: string, flow: boolean, forceQuotes: boolean): string {
  return !forceQuotes && isPlainSafe(text, flow) ? text : quoted(text);
}

function isPlainSafe(text: string, flow: boolean): boolean {
  if (text === "" || text !== text.trim() || !PLAIN_BLOCK.test(text) || AMBIGUOUS_STRING.test(text) || UNPRINTABLE.test(text)) return false;
  if (text.includes(": ") || text.includes(" #") || text.endsWith(":")) return false;
  return !flow || !/[,[\]{}:#]/.test(text);
}

/** Double-quoted: JSON's escapes are YAML escapes; characters YAML may not hold raw are escaped too. */
function quoted(text: string): string {
  return JSON.stringify(text).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
