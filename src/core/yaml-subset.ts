/**
 * A reader for the plain subset of YAML that policy, address and test files are
 * written in: block maps and lists, one-line flow maps and lists, one-line
 * plain and quoted scalars, plain folded and literal block scalars, comments. Most files hold nothing else, and yaml's
 * full composer (a CST, then nodes, then plain data) is most of what reading
 * them costs (BENCHMARKS.md, the test runner and the clean-file throughput).
 *
 * It answers only when it is sure to answer as document.ts's yaml path does:
 * the same data (core schema, YAML 1.2) and the same node ranges. Anything
 * outside the subset, or anything it is not sure about (a tag, an anchor, a
 * duplicate key, a number spelled any way but plainly, a tab, a CR, a
 * plain or quoted scalar over several lines, a key yaml would find too long), makes it give up, and
 * the caller reads the text with yaml as before: a problem is always reported
 * by yaml, never by this file. test/core/yaml-subset.test.ts holds the two
 * paths side by side on every YAML file of the repository and on generated
 * text full of the traps.
 *
 * Pure, no library: offsets into the text, as yaml's node ranges are.
 */

/** A scalar: its value is in the data; `start`-`end` is the text it was read from (quotes included). */
export interface SubsetScalar {
  kind: "scalar";
  start: number;
  end: number;
}

/** A map entry: where its key is written, and its value. */
export interface SubsetPair {
  keyStart: number;
  keyEnd: number;
  value: SubsetNode;
}

/**
 * A map or list. `end` is where a flow collection's closing bracket ends; a
 * block collection has none (-1): it runs to the end of its last line.
 */
export interface SubsetMap {
  kind: "map";
  start: number;
  end: number;
  pairs: Map<string, SubsetPair>;
}

export interface SubsetSeq {
  kind: "seq";
  start: number;
  end: number;
  items: SubsetNode[];
}

export type SubsetNode = SubsetScalar | SubsetMap | SubsetSeq;

export interface SubsetDocument {
  data: unknown;
  root: SubsetNode;
  /** The comments, in order, each from its `#` to its line's end: what document.ts findComments finds. */
  comments: Array<{ offset: number; text: string }>;
}

/** Deep enough for every policy, well below document.ts's MAX_DEPTH (its finding is yaml's to report). */
const MAX_SUBSET_DEPTH = 48;
/** yaml refuses an implicit key longer than 1024 characters; far below that, to stay clear of how it counts. */
const MAX_KEY_LENGTH = 1000;

/** Thrown, never caught outside this file: the text is not in the subset. No stack trace is captured. */
const OUTSIDE_SUBSET: unique symbol = Symbol("outside the subset");

function giveUp(): never {
  throw OUTSIDE_SUBSET;
}

/**
 * The text's data and node tree, or undefined when the text is not in the
 * subset (yaml then reads it). `text` is as document.ts has it: no byte-order mark.
 */
export function readYamlSubset(text: string): SubsetDocument | undefined {
  // A tab or a CR changes how indentation, line ends and some scalars read: yaml's to read.
  if (text.includes("\t") || text.includes("\r")) return undefined;
  const reader = new SubsetReader(text);
  try {
    return reader.document();
  } catch (error) {
    if (error === OUTSIDE_SUBSET) return undefined;
    throw error;
  }
}

const SPACE = 0x20;
const NEWLINE = 0x0a;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const COMMA = 0x2c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const GREATER_THAN = 0x3e;
const PIPE = 0x7c;
/** What a block scalar's line may not hold for this reader: control characters and the rest isQuotedCharacter refuses. */
const UNSAFE_IN_BLOCK_SCALAR = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff\ufeff\u2028\u2029\ufffe\uffff]/;

/** A plain key: a name, never a word or number the core schema would read as something other than a string. */
const PLAIN_KEY = /[A-Za-z_$][A-Za-z0-9_$.\-/]*/y;
/** Plain scalars the core schema reads as null or booleans (its `~` and empty forms aside). */
const CORE_WORDS: ReadonlyMap<string, null | boolean> = new Map<string, null | boolean>([
  ["null", null],
  ["Null", null],
  ["NULL", null],
  ["~", null],
  ["true", true],
  ["True", true],
  ["TRUE", true],
  ["false", false],
  ["False", false],
  ["FALSE", false],
]);
/** Integers as written plainly (no sign but `-`, no leading zero, no `_`), exact as doubles. */
const PLAIN_INTEGER = /^-?(?:0|[1-9][0-9]{0,14})$/;
/** Decimals as written plainly: digits, a point, digits. */
const PLAIN_DECIMAL = /^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/;

class SubsetReader {
  private readonly text: string;
  private pos = 0;
  /** Offset of the start of the line `pos` is on. */
  private lineStart = 0;
  /** Whether every line has been read. */
  private atEnd = false;
  private readonly comments: SubsetDocument["comments"] = [];

  constructor(text: string) {
    this.text = text;
  }

  document(): SubsetDocument {
    this.skipToContent();
    // An empty document, or one indented as a whole: yaml's.
    if (this.atEnd || this.pos !== this.lineStart) giveUp();
    const read = this.blockCollection(0);
    if (!this.atEnd) giveUp();
    return { ...read, comments: this.comments };
  }

  /** From the start of a line: past blank and comment-only lines, to the first character of the next line with content. */
  private skipToContent(): void {
    const text = this.text;
    let at = this.lineStart;
    for (;;) {
      if (at >= text.length) {
        this.atEnd = true;
        this.pos = at;
        this.lineStart = at;
        return;
      }
      let first = at;
      while (text.charCodeAt(first) === SPACE) first++;
      const code = text.charCodeAt(first);
      if (first < text.length && code !== NEWLINE && code !== HASH) {
        this.lineStart = at;
        this.pos = first;
        return;
      }
      const newline = text.indexOf("\n", first);
      if (code === HASH) this.comments.push({ offset: first, text: text.slice(first, newline === -1 ? text.length : newline) });
      if (newline === -1) {
        this.atEnd = true;
        this.pos = text.length;
        this.lineStart = text.length;
        return;
      }
      at = newline + 1;
    }
  }

  /** After a value: only spaces and a comment may follow on its line; then on to the next line with content. */
  private endLine(): void {
    const text = this.text;
    let at = this.pos;
    while (text.charCodeAt(at) === SPACE) at++;
    const newline = text.indexOf("\n", at);
    if (at < text.length && text.charCodeAt(at) !== NEWLINE) {
      // A comment needs a space before it.
      if (text.charCodeAt(at) !== HASH || at === this.pos) giveUp();
      this.comments.push({ offset: at, text: text.slice(at, newline === -1 ? text.length : newline) });
    }
    if (newline === -1) {
      this.atEnd = true;
      this.pos = text.length;
      this.lineStart = text.length;
      return;
    }
    this.lineStart = newline + 1;
    this.skipToContent();
  }

  private get column(): number {
    return this.pos - this.lineStart;
  }

  private startsListItem(at: number): boolean {
    if (this.text.charCodeAt(at) !== DASH) return false;
    const next = this.text.charCodeAt(at + 1);
    return next === SPACE || next === NEWLINE || at + 1 >= this.text.length;
  }

  /** A block map or list whose first entry is at `pos`. */
  private blockCollection(depth: number): { data: unknown; root: SubsetNode } {
    if (depth > MAX_SUBSET_DEPTH) giveUp();
    return this.startsListItem(this.pos) ? this.blockSeq(depth) : this.blockMap(depth);
  }

  private blockSeq(depth: number): { data: unknown; root: SubsetNode } {
    const indent = this.column;
    const node: SubsetSeq = { kind: "seq", start: this.pos, end: -1, items: [] };
    const data: unknown[] = [];
    for (;;) {
      // `pos` is at the item's dash.
      const text = this.text;
      let at = this.pos + 1;
      if (text.charCodeAt(at) !== SPACE) giveUp(); // an item with its content on the lines below
      while (text.charCodeAt(at) === SPACE) at++;
      if (at >= text.length || text.charCodeAt(at) === NEWLINE || text.charCodeAt(at) === HASH || this.startsListItem(at)) giveUp();
      this.pos = at;
      if (this.startsKey(at)) {
        const item = this.blockMap(depth + 1);
        node.items.push(item.root);
        data.push(item.data);
      } else {
        const item = this.inlineValue(depth + 1, indent);
        node.items.push(item.root);
        data.push(item.data);
        this.endLine();
      }
      if (this.atEnd || this.column < indent) break;
      if (this.column > indent || !this.startsListItem(this.pos)) {
        if (this.column > indent) giveUp();
        break; // the next key of the map this list is the value of
      }
    }
    return { data, root: node };
  }

  /** Whether a block map entry (`key:` then a space or the line's end) starts at `at`. */
  private startsKey(at: number): boolean {
    const keyEnd = this.keyEnd(at);
    if (keyEnd === undefined || this.text.charCodeAt(keyEnd) !== COLON) return false;
    const after = this.text.charCodeAt(keyEnd + 1);
    return after === SPACE || after === NEWLINE || keyEnd + 1 >= this.text.length;
  }

  /** Where a plain or one-line quoted key starting at `at` ends, or undefined when none starts there. */
  private keyEnd(at: number): number | undefined {
    const code = this.text.charCodeAt(at);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const quoted = this.quoted(at);
      return quoted?.end;
    }
    PLAIN_KEY.lastIndex = at;
    return PLAIN_KEY.test(this.text) ? PLAIN_KEY.lastIndex : undefined;
  }

  /** A key at `pos`: its text, and where it ends. */
  private key(): { name: string; start: number; end: number } {
    const start = this.pos;
    const code = this.text.charCodeAt(start);
    let name: string;
    let end: number;
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const quoted = this.quoted(start) ?? giveUp();
      name = quoted.value;
      end = quoted.end;
    } else {
      PLAIN_KEY.lastIndex = start;
      if (!PLAIN_KEY.test(this.text)) giveUp();
      end = PLAIN_KEY.lastIndex;
      name = this.text.slice(start, end);
      // `true: x`, `null: x`: the key is not the string written.
      if (CORE_WORDS.has(name)) giveUp();
    }
    if (end - start > MAX_KEY_LENGTH) giveUp();
    return { name, start, end };
  }

  private blockMap(depth: number): { data: unknown; root: SubsetNode } {
    if (depth > MAX_SUBSET_DEPTH) giveUp();
    const indent = this.column;
    const node: SubsetMap = { kind: "map", start: this.pos, end: -1, pairs: new Map() };
    const data: Record<string, unknown> = {};
    const text = this.text;
    for (;;) {
      const key = this.key();
      if (text.charCodeAt(key.end) !== COLON) giveUp();
      if (node.pairs.has(key.name)) giveUp(); // duplicate-key: yaml's to report
      const colon = key.end;
      let at = colon + 1;
      let value: { data: unknown; root: SubsetNode };
      if (at < text.length && text.charCodeAt(at) !== NEWLINE && text.charCodeAt(at) !== SPACE) giveUp();
      while (text.charCodeAt(at) === SPACE) at++;
      if (at >= text.length || text.charCodeAt(at) === NEWLINE || text.charCodeAt(at) === HASH) {
        // `key:` with its value on the lines below, or none.
        const bare = at === colon + 1;
        this.pos = colon + 1;
        this.endLine();
        const nested = !this.atEnd && (this.column > indent || (this.column === indent && this.startsListItem(this.pos)));
        if (nested) {
          if (!this.startsListItem(this.pos) && !this.startsKey(this.pos)) giveUp(); // a scalar on the next line
          value = this.blockCollection(depth + 1);
        } else {
          // yaml places the empty value right after the colon; after spaces or a comment, it is yaml's to place.
          if (!bare) giveUp();
          value = { data: null, root: { kind: "scalar", start: colon + 1, end: colon + 1 } };
        }
      } else {
        this.pos = at;
        value = this.inlineValue(depth + 1, indent);
        this.endLine();
      }
      node.pairs.set(key.name, { keyStart: key.start, keyEnd: key.end, value: value.root });
      setEntry(data, key.name, value.data);
      if (this.atEnd || this.column < indent) break;
      if (this.column > indent) giveUp();
      if (this.startsListItem(this.pos)) giveUp();
    }
    return { data, root: node };
  }

  /**
   * A value at `pos` in a collection indented `parentIndent`: one that ends on
   * this line (a flow collection, a quoted or a plain scalar), or a block
   * scalar, after which `pos` is at the end of its last line.
   */
  private inlineValue(depth: number, parentIndent: number): { data: unknown; root: SubsetNode } {
    const code = this.text.charCodeAt(this.pos);
    if (code === OPEN_BRACE || code === OPEN_BRACKET) return this.flowCollection(depth);
    if (code === GREATER_THAN || code === PIPE) return this.blockScalar(parentIndent);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const quoted = this.quoted(this.pos) ?? giveUp();
      const root: SubsetScalar = { kind: "scalar", start: this.pos, end: quoted.end };
      this.pos = quoted.end;
      return { data: quoted.value, root };
    }
    return this.plain(false);
  }

  /**
   * A block scalar (`>`, `>-`, `|`, `|-`) whose lines are all at one
   * indentation, none blank and none ending in a space, the last one ended by a
   * line break: folded, its lines joined by spaces; literal, by line breaks; a
   * line break after the last one unless `-` strips it. Indentation
   * indicators, `+`, a comment after the header, more-indented or blank lines
   * inside, and blank lines with spaces after it read in ways left to yaml.
   */
  private blockScalar(parentIndent: number): { data: unknown; root: SubsetScalar } {
    const text = this.text;
    const start = this.pos;
    const folded = text.charCodeAt(start) === GREATER_THAN;
    let at = start + 1;
    const strip = text.charCodeAt(at) === DASH;
    if (strip) at++;
    if (text.charCodeAt(at) !== NEWLINE) giveUp();
    const lines: string[] = [];
    let indent = -1;
    let lineStart = at + 1;
    let blankAfter = false;
    while (lineStart < text.length) {
      let first = lineStart;
      while (text.charCodeAt(first) === SPACE) first++;
      if (first >= text.length || text.charCodeAt(first) === NEWLINE) {
        blankAfter = true;
        break;
      }
      const column = first - lineStart;
      if (indent === -1 ? column <= parentIndent : column < indent) break;
      if (indent === -1) indent = column;
      else if (column !== indent) giveUp();
      const newline = text.indexOf("\n", first);
      if (newline === -1) giveUp();
      const line = text.slice(first, newline);
      if (line.charCodeAt(line.length - 1) === SPACE || UNSAFE_IN_BLOCK_SCALAR.test(line)) giveUp();
      lines.push(line);
      lineStart = newline + 1;
    }
    if (lines.length === 0) giveUp();
    const end = lineStart;
    if (blankAfter) {
      // Blank lines may follow only if the scalar ends there, and only empty ones (spaces on them would be its content).
      let next = lineStart;
      while (next < text.length && text.charCodeAt(next) === NEWLINE) next++;
      let first = next;
      while (text.charCodeAt(first) === SPACE) first++;
      if (first < text.length && (text.charCodeAt(first) === NEWLINE || first - next >= indent)) giveUp();
    }
    // After the scalar, as after any value: at its last line's end.
    this.pos = end - 1;
    const value = lines.join(folded ? " " : "\n") + (strip ? "" : "\n");
    return { data: value, root: { kind: "scalar", start, end } };
  }

  /**
   * A plain scalar at `pos`, to the end of its line (block) or to the next
   * `,`, `]` or `}` (flow), without a trailing comment or spaces; read as the
   * core schema reads it, or given up when it might read otherwise.
   */
  private plain(flow: boolean): { data: unknown; root: SubsetScalar } {
    const text = this.text;
    const start = this.pos;
    let at = start;
    let end = start;
    for (;;) {
      const code = text.charCodeAt(at);
      if (at >= text.length || code === NEWLINE) break;
      if (code === SPACE) {
        at++;
        continue;
      }
      if (flow && (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET)) break;
      if (code === HASH) {
        if (text.charCodeAt(at - 1) === SPACE) break; // a comment
        giveUp();
      }
      if (code === COLON) {
        // `a: b` is a map where a scalar was expected; `a:b` reads differently in flow.
        const next = text.charCodeAt(at + 1);
        if (flow || at + 1 >= text.length || next === SPACE || next === NEWLINE) giveUp();
      } else if (!isPlainCharacter(code, at === start)) giveUp();
      at++;
      end = at;
    }
    if (end === start) giveUp();
    this.pos = end;
    const written = text.slice(start, end);
    return { data: resolvePlain(written), root: { kind: "scalar", start, end } };
  }

  /** A one-line quoted scalar starting at `at`: its value and where it ends, or undefined when it is not one. */
  private quoted(at: number): { value: string; end: number } | undefined {
    const text = this.text;
    const quote = text.charCodeAt(at);
    let value = "";
    let from = at + 1;
    let i = at + 1;
    for (;;) {
      if (i >= text.length) return undefined;
      const code = text.charCodeAt(i);
      if (!isQuotedCharacter(code)) return undefined; // a line break, a control character: yaml's
      if (code === quote) {
        if (quote === SINGLE_QUOTE && text.charCodeAt(i + 1) === SINGLE_QUOTE) {
          value += text.slice(from, i + 1);
          i += 2;
          from = i;
          continue;
        }
        return { value: value + text.slice(from, i), end: i + 1 };
      }
      if (code === BACKSLASH && quote === DOUBLE_QUOTE) {
        value += text.slice(from, i);
        const escape = text[i + 1];
        if (escape === "u") {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) return undefined;
          const unit = parseInt(hex, 16);
          if (!isQuotedCharacter(unit) && unit !== NEWLINE) return undefined;
          value += String.fromCharCode(unit);
          i += 6;
        } else {
          const escaped = escape === undefined ? undefined : SIMPLE_ESCAPES[escape];
          if (escaped === undefined) return undefined;
          value += escaped;
          i += 2;
        }
        from = i;
        continue;
      }
      i++;
    }
  }

  private flowCollection(depth: number): { data: unknown; root: SubsetNode } {
    if (depth > MAX_SUBSET_DEPTH) giveUp();
    const text = this.text;
    const start = this.pos;
    const isMap = text.charCodeAt(start) === OPEN_BRACE;
    const close = isMap ? CLOSE_BRACE : CLOSE_BRACKET;
    const pairs = new Map<string, SubsetPair>();
    const items: SubsetNode[] = [];
    const mapData: Record<string, unknown> = {};
    const listData: unknown[] = [];
    this.pos++;
    this.skipFlowSpaces();
    if (text.charCodeAt(this.pos) === close) {
      this.pos++;
    } else {
      for (;;) {
        if (isMap) {
          const key = this.key();
          // `{ a: 1 }`: a colon right after the key and a space after it; `{ a:1 }`, `{ a }` and `{ "a":1 }` read otherwise or are yaml's.
          if (text.charCodeAt(key.end) !== COLON || text.charCodeAt(key.end + 1) !== SPACE) giveUp();
          if (pairs.has(key.name)) giveUp();
          this.pos = key.end + 1;
          this.skipFlowSpaces();
          const value = this.flowValue(depth + 1);
          pairs.set(key.name, { keyStart: key.start, keyEnd: key.end, value: value.root });
          setEntry(mapData, key.name, value.data);
        } else {
          const value = this.flowValue(depth + 1);
          items.push(value.root);
          listData.push(value.data);
        }
        this.skipFlowSpaces();
        const code = text.charCodeAt(this.pos);
        if (code === close) {
          this.pos++;
          break;
        }
        if (code !== COMMA) giveUp();
        this.pos++;
        this.skipFlowSpaces();
        // A trailing comma, or a list item that is a `key: value` pair: yaml's.
        if (text.charCodeAt(this.pos) === close || text.charCodeAt(this.pos) === COMMA) giveUp();
      }
    }
    const root: SubsetNode = isMap ? { kind: "map", start, end: this.pos, pairs } : { kind: "seq", start, end: this.pos, items };
    return { data: isMap ? mapData : listData, root };
  }

  private flowValue(depth: number): { data: unknown; root: SubsetNode } {
    const code = this.text.charCodeAt(this.pos);
    if (code === OPEN_BRACE || code === OPEN_BRACKET) return this.flowCollection(depth);
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      const quoted = this.quoted(this.pos) ?? giveUp();
      const root: SubsetScalar = { kind: "scalar", start: this.pos, end: quoted.end };
      this.pos = quoted.end;
      // `"a":` in a flow list is a pair, `"a" b` an error: only a separator or the end may follow.
      const next = this.text.charCodeAt(this.pos);
      if (next !== SPACE && next !== COMMA && next !== CLOSE_BRACE && next !== CLOSE_BRACKET) giveUp();
      return { data: quoted.value, root };
    }
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === HASH || code === NEWLINE || this.pos >= this.text.length) giveUp();
    return this.plain(true);
  }

  /** Spaces inside a flow collection; its line must not end before it closes. */
  private skipFlowSpaces(): void {
    const text = this.text;
    while (text.charCodeAt(this.pos) === SPACE) this.pos++;
    if (this.pos >= text.length || text.charCodeAt(this.pos) === NEWLINE || text.charCodeAt(this.pos) === HASH) giveUp();
  }
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { "\\": "\\", '"': '"', "/": "/", n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" };

/**
 * Printable ASCII, and the letters beyond it, in a plain scalar: never an
 * indicator at its start (`-?:,[]{}#&*!|>'"%@` and the backquote; `-` only
 * as a sign, which resolvePlain checks), and no bracket anywhere (one ends a
 * flow scalar, and inside a block one they are too rare to reason about).
 */
function isPlainCharacter(code: number, first: boolean): boolean {
  if (code >= 0x30 && code <= 0x39) return true; // digits
  if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) return true; // letters
  if (code >= 0xa0) return isQuotedCharacter(code) && !first;
  switch (code) {
    case DASH: // `-5`; `- ` is a list item, `-x` a string given up in resolvePlain
      return true;
    case 0x5f: // _
    case 0x2e: // .
    case 0x2f: // /
    case 0x2b: // +
    case 0x28: // (
    case 0x29: // )
    case 0x3d: // =
    case 0x24: // $
    case 0x7e: // ~
      return true;
    case COMMA: // text in a block scalar (`a, b`); a flow scalar ends before it
    case 0x40: // @
    case 0x3b: // ;
    case 0x27: // '
    case 0x22: // "
    case 0x21: // !
    case 0x26: // &
    case 0x2a: // *
    case 0x3f: // ?
    case 0x25: // %
      return !first;
    default:
      return false;
  }
}

/**
 * A character a one-line quoted scalar may hold as written: not a line break
 * or another control character, not a byte-order mark or a Unicode line
 * separator, not half of a surrogate pair (yaml's to judge, all of them).
 */
function isQuotedCharacter(code: number): boolean {
  if (code < 0x20) return false;
  if (code >= 0x7f && code <= 0x9f) return false;
  if (code >= 0xd800 && code <= 0xdfff) return false;
  return code !== 0xfeff && code !== 0x2028 && code !== 0x2029 && code !== 0xfffe && code !== 0xffff;
}

/**
 * A plain scalar as the core schema reads it: null and booleans by their
 * words, integers and decimals written plainly; anything else that might be a
 * number (a sign, a digit or a point first: `0x1F`, `1e3`, `.inf`, `007`,
 * `+1`) is given up, and the rest is a string.
 */
function resolvePlain(written: string): unknown {
  const word = CORE_WORDS.get(written);
  if (word !== undefined || CORE_WORDS.has(written)) return word;
  const first = written.charCodeAt(0);
  if ((first >= 0x30 && first <= 0x39) || first === DASH || first === 0x2b || first === 0x2e || first === 0x7e) {
    if (PLAIN_INTEGER.test(written)) return Number(written);
    if (PLAIN_DECIMAL.test(written)) return parseFloat(written);
    giveUp();
  }
  return written;
}

/** An entry of a plain-data map, as yaml's toJS makes it: `__proto__` an own key, never the prototype. */
function setEntry(map: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(map, key, { value, writable: true, enumerable: true, configurable: true });
  else map[key] = value;
}
