/**
 * YAML text -> plain data plus a way back from a document path to the text.
 * This is the only file that sees yaml's nodes; everything else gets `data` and
 * `locate`.
 */
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  Lexer,
  LineCounter,
  parseAllDocuments,
  visit,
  type Document,
  type Node as YamlNode,
  type Pair,
  type ScalarTag,
  type YAMLError,
  type YAMLMap,
} from "yaml";
import type { DocPath } from "./diagnostic.js";
import { findDeepNesting } from "./nesting-depth.js";
import { explainUnresolvedAlias, explainYamlError } from "./yaml-syntax-messages.js";
import { readYamlSubset, type SubsetDocument, type SubsetNode, type SubsetPair } from "./yaml-subset.js";

/** A span of text, 1-based, end exclusive. */
export interface TextRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Which part of a map entry a finding points at. */
export type Target = "key" | "value";

/** A problem found while reading the YAML itself, before any schema applies. */
export interface ParseProblem {
  code: "yaml-syntax" | "duplicate-key";
  message: string;
  range: TextRange;
}

export interface ParsedDocument {
  /** The plain data (no prototypes touched: `__proto__` is an ordinary own key). */
  data: unknown;
  /** The text as parsed (without a byte-order mark). */
  text: string;
  /** Maps a document path to the range of its key or value; falls back to the nearest existing ancestor. */
  locate(path: DocPath, target?: Target): TextRange;
  /** The comments, as {@link findComments} finds them, when the reader found them already (yaml-subset.ts). */
  comments?: readonly YamlComment[];
}

export interface ParseResult {
  /** The document, when it read cleanly: no problem at all. */
  document: ParsedDocument | undefined;
  /**
   * When the only problems are duplicate keys: the document as composed anyway,
   * the last occurrence of a key winning (as `locate` finds it too). Good for the
   * checks whose findings hold whichever occurrence was meant; never a basis for
   * a plan.
   */
  partial?: ParsedDocument;
  problems: ParseProblem[];
  /** The text as read (without a byte-order mark, CR-only line breaks as LF), whatever failed. */
  text: string;
  /** Maps a span of `text` (offsets) to lines and columns. */
  rangeOf(start: number, end: number): TextRange;
}

/**
 * Policies are a few levels deep; anything deeper is a mistake or an attack, and
 * every walker after this point may then assume bounded depth.
 */
export const MAX_DEPTH = 64;

/**
 * YAML 1.2 core reads `!!float 25` as the number 25 (its float pattern has an
 * optional fraction), but yaml's float tags all want a `.` or an exponent. Never
 * matched implicitly: int comes first in the tag list, so `25` stays an int.
 */
const PLAIN_INTEGER_FLOAT: ScalarTag = {
  tag: "tag:yaml.org,2002:float",
  default: true,
  test: /^[-+]?[0-9]+$/,
  resolve: (text) => Number(text),
  identify: () => false,
};

/** The core schema's own tags: one of them on a value it cannot take is not a custom tag. */
const CORE_TAG = /^!!(?:str|int|float|bool|null|map|seq)$/;

/** Far above any policy and far below what an alias bomb expands to. */
const MAX_ALIAS_COUNT = 100;

export interface ParseOptions {
  /**
   * false: read with yaml's composer even when the text is in the plain subset
   * yaml-subset.ts reads (test/core/yaml-subset.test.ts holds the two side by side).
   */
  subset?: boolean;
}

/**
 * Parses one YAML file. Never throws: every problem becomes a ParseProblem and
 * `document` is left undefined when the data cannot be trusted.
 */
export function parseYaml(source: string, options: ParseOptions = {}): ParseResult {
  const text = normalizeLineBreaks(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source);
  const lineCounter = new LineCounter();
  const rangeOf = (start: number, end: number): TextRange => toRange(lineCounter, start, end);
  const result = (problems: ParseProblem[], document?: ParsedDocument, partial?: ParsedDocument): ParseResult =>
    partial ? { document, partial, problems, text, rangeOf } : { document, problems, text, rangeOf };

  // yaml composes nodes recursively: text nested deeply enough overflows its stack
  // (and V8 can abort the process outright). A linear scan of the text stops that
  // before the parser ever sees it.
  const deep = findDeepNesting(text, MAX_DEPTH, MAX_PARSED_DEPTH);
  if (deep !== undefined) {
    countLines(lineCounter, text);
    return result([{ code: "yaml-syntax", message: nestingMessage(), range: rangeOf(deep, deep + 1) }]);
  }

  // Most files are in the plain subset, where the same data and ranges come at a
  // fraction of the composer's cost; anything else, and every problem, is yaml's.
  const subset = options.subset === false ? undefined : readYamlSubset(text);
  if (subset !== undefined) {
    countLines(lineCounter, text);
    return result([], makeSubsetDocument(subset, text, lineCounter));
  }

  // yaml's errors are Error objects: a broken 1 MiB file makes hundreds of
  // thousands, and capturing a stack trace for each was half the parse. No one reads them.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  let documents;
  try {
    documents = parseAllDocuments(text, {
      lineCounter,
      // Duplicates are found below, with both positions, so the message can name the first one.
      uniqueKeys: false,
      prettyErrors: false,
      // YAML 1.2 core: `no` and `on` stay strings, timestamps stay strings.
      version: "1.2",
      schema: "core",
      merge: false,
      customTags: [PLAIN_INTEGER_FLOAT],
      // Only the core schema's tags: `!!timestamp`, `!!binary`, `!!set`... would yield class instances.
      resolveKnownTags: false,
    });
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  const problems: ParseProblem[] = [];

  const list: Document.Parsed[] = Array.isArray(documents) ? documents : [];
  if (list.length === 0) {
    return result(problems, makeDocument(null, undefined, text, lineCounter));
  }
  const [first, ...rest] = list as [Document.Parsed, ...Document.Parsed[]];
  const lineOf = (offset: number): number => lineCounter.linePos(offset).line;
  // After an error that names the cause of its line, yaml's further errors on that line are echoes of it.
  let explainedLine = 0;
  for (const error of first.errors) {
    const { explained, ...problem } = fromYamlError(error, text, lineOf, rangeOf);
    if (problem.range.line === explainedLine) continue;
    problems.push(problem);
    explainedLine = explained ? problem.range.line : 0;
  }
  for (const warning of first.warnings) {
    if (warning.code === "TAG_RESOLVE_FAILED") {
      const { explained: _, ...problem } = fromYamlError(warning, text, lineOf, rangeOf);
      problems.push(problem);
    }
  }
  const second = rest[0];
  if (second) {
    const start = second.range[0];
    problems.push({
      code: "yaml-syntax",
      message: `this file holds ${list.length} YAML documents; screenpol reads exactly one document per file`,
      range: rangeOf(start, lineEnd(text, start)),
    });
  }
  if (problems.length > 0) return result(problems);

  const structural = inspectStructure(first.contents, rangeOf);
  if (structural.some((problem) => problem.code !== "duplicate-key")) return result(structural);

  let data: unknown;
  try {
    data = first.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // yaml throws here for resource exhaustion (alias expansion) and for an alias
    // with no anchor: usually text starting with `*` (a bullet, a footnote mark).
    const reason = error instanceof Error ? error.message : String(error);
    const unresolved = /^Unresolved alias\b.*: (.+)$/.exec(reason);
    const alias = unresolved ? findAlias(first.contents, unresolved[1]!) : undefined;
    if (alias) {
      const message = explainUnresolvedAlias(unresolved![1]!, alias[0], text, lineOf, reason);
      return result([...structural, { code: "yaml-syntax", message, range: rangeOf(alias[0], alias[1]) }]);
    }
    return result([...structural, { code: "yaml-syntax", message: `cannot load this document: ${reason}`, range: rangeOf(0, lineEnd(text, 0)) }]);
  }
  const document = makeDocument(data, first.contents, text, lineCounter);
  return structural.length > 0 ? result(structural, undefined, document) : result([], document);
}

/**
 * Far below the depth at which yaml's recursive composer overflows the stack
 * (about 800 levels on Node's default stack, fewer on a worker's), far above
 * MAX_DEPTH: text the pre-scan counts deeper than this is never parsed.
 */
const MAX_PARSED_DEPTH = 256;

function nestingMessage(): string {
  return `nested more than ${MAX_DEPTH} levels deep; a policy file never needs that`;
}

/**
 * YAML 1.2 (5.4) counts a lone CR as a line break, as LF and CRLF are; yaml 2
 * only knows LF. Each lone CR becomes LF: one character for one, so every offset,
 * line and column stays that of the file as written.
 */
function normalizeLineBreaks(text: string): string {
  return text.includes("\r") ? text.replace(/\r(?!\n)/g, "\n") : text;
}

function countLines(lineCounter: LineCounter, text: string): void {
  lineCounter.addNewLine(0);
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lineCounter.addNewLine(at + 1);
}

/** A comment of the YAML text: where it starts and what it says (with its `#`). */
export interface YamlComment {
  offset: number;
  text: string;
}

/**
 * The comments of a YAML text, in order, found by yaml's lexer (so a `#` inside a
 * quoted or block scalar is not one). Works on text that does not parse, too.
 */
export function findComments(text: string): YamlComment[] {
  const comments: YamlComment[] = [];
  let offset = 0;
  let afterScalarMark = false;
  for (const token of new Lexer().lex(text)) {
    // The lexer's control tokens (document start, scalar and flow-end marks) stand for no text.
    if (token === "\x02" || token === "\x18" || token === "\x1f") {
      afterScalarMark = token === "\x1f";
      continue;
    }
    // A block scalar's content follows a scalar mark and may start with `#`.
    if (token.charCodeAt(0) === 0x23 && !afterScalarMark) comments.push({ offset, text: token });
    afterScalarMark = false;
    offset += token.length;
  }
  return comments;
}

/** A problem, and whether its message names the cause of its line (yaml-syntax-messages.ts). */
type ExplainedProblem = ParseProblem & { explained: boolean };

function fromYamlError(error: YAMLError, text: string, lineOf: (offset: number) => number, rangeOf: (s: number, e: number) => TextRange): ExplainedProblem {
  const [start, end] = error.pos;
  const range = rangeOf(start, Math.max(end, start + 1));
  let message = error.message.split("\n")[0] ?? error.message;
  if (error.code === "TAG_RESOLVE_FAILED") {
    const tag = message.replace(/^Unresolved tag:\s*/, "").replace(/^tag:yaml\.org,2002:/, "!!");
    message = CORE_TAG.test(tag)
      ? `this value is not a valid ${tag} in the YAML 1.2 core schema; remove the tag or fix the value`
      : `custom tag ${tag} is not allowed; policy files hold plain data (strings, numbers, booleans, lists, maps)`;
  } else if (error.code === "RESOURCE_EXHAUSTION") {
    message = `document is nested too deeply to read (${message})`;
  } else {
    const explained = explainYamlError({ code: error.code, message, offset: start }, text, lineOf);
    return { code: "yaml-syntax", message: explained.message, range, explained: explained.namesCause };
  }
  return { code: "yaml-syntax", message, range, explained: false };
}

/** The range of the first alias named `name`, in document order. */
function findAlias(root: YamlNode | null, name: string): [number, number] | undefined {
  let found: [number, number] | undefined;
  // The tree is at most MAX_DEPTH deep here (inspectStructure ran first), so yaml's recursive visit is safe.
  visit(root, {
    Alias(_, node) {
      if (node.source !== name || !node.range) return undefined;
      found = [node.range[0], node.range[1]];
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * One bounded, iterative pass over the node tree: duplicate keys (with the first
 * occurrence named), non-scalar keys, and nesting depth. Iterative so that a
 * pathological document cannot overflow the stack.
 */
function inspectStructure(root: YamlNode | null, rangeOf: (s: number, e: number) => TextRange): ParseProblem[] {
  const problems: ParseProblem[] = [];
  const stack: Array<{ node: unknown; depth: number }> = [{ node: root, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DEPTH && (isMap(node) || isSeq(node))) {
      const [start] = (node as YamlNode).range ?? [0];
      problems.push({
        code: "yaml-syntax",
        message: nestingMessage(),
        range: rangeOf(start, start + 1),
      });
      return problems;
    }
    if (isMap(node)) {
      const seen = new Map<string, Pair>();
      for (const pair of node.items) {
        const key = pair.key;
        if (!isScalar(key)) {
          const start = (key as YamlNode | null)?.range?.[0] ?? node.range?.[0] ?? 0;
          problems.push({ code: "yaml-syntax", message: "map keys must be plain strings", range: rangeOf(start, start + 1) });
          continue;
        }
        const name = String(key.value);
        const earlier = seen.get(name);
        if (earlier) {
          const [start, end] = key.range ?? [0, 1];
          const firstLine = rangeOf(...((earlier.key as YamlNode).range ?? [0, 1]) as [number, number]).line;
          problems.push({
            code: "duplicate-key",
            message: `key "${name}" is defined twice (first on line ${firstLine}); YAML duplicate keys are errors, never "last wins"`,
            range: rangeOf(start, end),
          });
        } else {
          seen.set(name, pair);
        }
        stack.push({ node: pair.value, depth: depth + 1 });
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push({ node: item, depth: depth + 1 });
    }
  }
  return problems.sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
}

function makeDocument(data: unknown, root: YamlNode | null | undefined, text: string, lineCounter: LineCounter): ParsedDocument {
  const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();
  return {
    data,
    text,
    locate(path, target) {
      return locateNode(root ?? null, path, target, text, lineCounter, indexes);
    },
  };
}

/**
 * A map's pairs by key, built the first time a path goes through the map: a
 * finding is then placed in time linear in its path, not in the map's width.
 */
function pairIndex(map: YAMLMap, indexes: WeakMap<YAMLMap, Map<string, Pair>>): Map<string, Pair> {
  let index = indexes.get(map);
  if (index === undefined) {
    index = new Map();
    // The last pair wins on a duplicate key, as toJS does.
    for (const pair of map.items) if (isScalar(pair.key)) index.set(String(pair.key.value), pair);
    indexes.set(map, index);
  }
  return index;
}

function locateNode(
  root: YamlNode | null,
  path: DocPath,
  target: Target | undefined,
  text: string,
  lineCounter: LineCounter,
  indexes: WeakMap<YAMLMap, Map<string, Pair>>,
): TextRange {
  // `[]` is the whole file (checks/check.ts): its first line, not the root map, which starts after any leading comments.
  if (path.length === 0) return toRange(lineCounter, 0, Math.max(1, lineEnd(text, 0)));
  let node: unknown = root;
  let pair: Pair | undefined;
  for (const segment of path) {
    let next: unknown;
    let nextPair: Pair | undefined;
    if (isMap(node)) {
      nextPair = pairIndex(node, indexes).get(String(segment));
      next = nextPair?.value;
    } else if (isSeq(node) && typeof segment === "number") {
      next = node.items[segment];
    }
    if (next === undefined && nextPair === undefined) break;
    node = next;
    pair = nextPair;
    if (nextPair === undefined) pair = undefined;
  }
  const wantKey = target === "key" || (target === undefined && !isScalar(node) && !isAlias(node));
  if (wantKey && pair && isPair(pair) && isScalar(pair.key) && pair.key.range) {
    const [start, end] = pair.key.range;
    return toRange(lineCounter, start, end);
  }
  if ((isScalar(node) || isAlias(node)) && node.range) {
    const [start, end] = node.range;
    return toRange(lineCounter, start, Math.max(end, start + 1));
  }
  if ((isMap(node) || isSeq(node)) && node.range) {
    // A collection without a key: point at its first line, not the whole block.
    const start = node.range[0];
    return toRange(lineCounter, start, Math.max(start + 1, Math.min(node.range[1], lineEnd(text, start))));
  }
  if (pair && isScalar(pair.key) && pair.key.range) {
    // `key:` with no value: point at the key.
    const [start, end] = pair.key.range;
    return toRange(lineCounter, start, end);
  }
  return toRange(lineCounter, 0, Math.max(1, lineEnd(text, 0)));
}

/** A document read by yaml-subset.ts: `locate` as locateNode finds the same places in yaml's nodes. */
function makeSubsetDocument(subset: SubsetDocument, text: string, lineCounter: LineCounter): ParsedDocument {
  return {
    data: subset.data,
    text,
    locate(path, target) {
      return locateSubsetNode(subset.root, path, target, text, lineCounter);
    },
    comments: subset.comments,
  };
}

function locateSubsetNode(root: SubsetNode, path: DocPath, target: Target | undefined, text: string, lineCounter: LineCounter): TextRange {
  if (path.length === 0) return toRange(lineCounter, 0, Math.max(1, lineEnd(text, 0)));
  let node = root;
  let pair: SubsetPair | undefined;
  for (const segment of path) {
    let next: SubsetNode | undefined;
    let nextPair: SubsetPair | undefined;
    if (node.kind === "map") {
      nextPair = node.pairs.get(String(segment));
      next = nextPair?.value;
    } else if (node.kind === "seq" && typeof segment === "number") {
      next = node.items[segment];
    }
    if (next === undefined) break;
    node = next;
    pair = nextPair;
  }
  const wantKey = target === "key" || (target === undefined && node.kind !== "scalar");
  if (wantKey && pair) return toRange(lineCounter, pair.keyStart, pair.keyEnd);
  if (node.kind === "scalar") return toRange(lineCounter, node.start, Math.max(node.end, node.start + 1));
  // A collection: its first line, as locateNode points at one (a block collection runs past its first line's end).
  const start = node.start;
  const end = node.end === -1 ? lineEnd(text, start) : Math.min(node.end, lineEnd(text, start));
  return toRange(lineCounter, start, Math.max(start + 1, end));
}

function toRange(lineCounter: LineCounter, start: number, end: number): TextRange {
  const from = lineCounter.linePos(start);
  const to = lineCounter.linePos(end);
  return { line: from.line, column: from.col, endLine: to.line, endColumn: to.col };
}

function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf("\n", offset);
  const end = newline === -1 ? text.length : newline;
  return end > offset && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}
