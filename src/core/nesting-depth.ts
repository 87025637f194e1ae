/**
 * How deeply a YAML text nests, read from the text alone in one linear pass, so
 * that text too deep for the parser (yaml composes nodes recursively) is never
 * handed to it. Pure and iterative: it cannot overflow whatever it reads.
 *
 * The count is an estimate that errs low: it counts the collections it can see
 * open (a `- ` or `? ` entry, a `key:` at a deeper column, a `[` or `{` where a
 * node starts) and skips what it cannot be sure of (the inside of quoted and
 * block scalars, comments, plain text). Block collections nested at one column
 * (`key:` with its list at the same column) count once, so the true depth is at
 * most about twice the estimate; the parser's own bound (document.ts, MAX_DEPTH)
 * decides exactly for everything this lets through.
 */

/**
 * The offset at which the text first opens a collection nested more than
 * `reportDepth` levels below the root (where document.ts would report it), when
 * the estimate anywhere exceeds `limit` levels; undefined otherwise.
 */
export function findDeepNesting(text: string, reportDepth: number, limit: number): number | undefined {
  return new NestingScan(text, reportDepth + 1, limit + 1).run();
}

class NestingScan {
  /** Columns of the block collections open at this point, outermost first. */
  private readonly columns: number[] = [];
  /** Open `[` and `{`, and the block depth they started at. */
  private flow = 0;
  private flowBase = 0;
  /** Inside a quoted scalar that spans lines: its quote character. */
  private quote: '"' | "'" | undefined;
  /** Inside a block scalar: lines indented more than this belong to it. */
  private blockScalarParent: number | undefined;
  private firstDeep: number | undefined;

  constructor(
    private readonly text: string,
    /** Collections (the root one included) beyond which a finding is due. */
    private readonly reportCount: number,
    /** Collections beyond which the text is not parsed. */
    private readonly limitCount: number,
  ) {}

  run(): number | undefined {
    const { text } = this;
    let start = 0;
    while (start <= text.length) {
      const newline = text.indexOf("\n", start);
      let end = newline === -1 ? text.length : newline;
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      if (this.line(start, end)) return this.firstDeep;
      if (newline === -1) break;
      start = newline + 1;
    }
    return undefined;
  }

  /** True once the limit is passed. */
  private line(start: number, end: number): boolean {
    const { text } = this;
    let indent = start;
    while (indent < end && text.charCodeAt(indent) === 32) indent++;
    if (this.blockScalarParent !== undefined) {
      if (indent === end || indent - start > this.blockScalarParent) return false;
      this.blockScalarParent = undefined;
    }
    if (this.quote !== undefined) {
      const after = this.skipQuote(start, end, this.quote);
      if (after === undefined) return false;
      return this.flow > 0 ? this.flowPart(after, end) : false;
    }
    if (this.flow > 0) return this.flowPart(start, end);
    if (indent === end || text.charCodeAt(indent) === 0x23) return false;
    // A document marker ends every block collection; what follows it on the line is a node.
    if (indent === start && (text.startsWith("---", start) || text.startsWith("...", start)) && isBlankOrEnd(text, start + 3, end)) {
      this.columns.length = 0;
      return this.node(start + 3, end, start);
    }
    return this.node(indent, end, start);
  }

  /** A node starting at `at` (after indentation or an indicator) in block context. */
  private node(at: number, end: number, lineStart: number): boolean {
    const { text } = this;
    let pos = skipSpaces(text, at, end);
    // `- `, `? ` and `: ` entries, any number of them on one line (`- - x`).
    while (pos < end && isEntryIndicator(text, pos, end)) {
      if (this.open(pos - lineStart, pos)) return true;
      pos = skipSpaces(text, pos + 1, end);
    }
    pos = skipProperties(text, pos, end);
    if (pos >= end) return false;
    const char = text[pos];
    if (char === "[" || char === "{") return this.flowPart(pos, end);
    if (char === "|" || char === ">") {
      this.blockScalarParent = this.columns.at(-1) ?? -1;
      return false;
    }
    if (char === "#") return false;
    let keyEnd: number | undefined;
    if (char === '"' || char === "'") {
      const after = this.skipQuote(pos + 1, end, char);
      if (after === undefined) return false;
      keyEnd = text.charCodeAt(after) === 0x3a && isBlankOrEnd(text, after + 1, end) ? after : undefined;
    } else {
      keyEnd = plainKeyEnd(text, pos, end);
    }
    if (keyEnd === undefined) return false;
    if (this.open(pos - lineStart, pos)) return true;
    return this.value(keyEnd + 1, end);
  }

  /** The value after a key's `:` on the same line. */
  private value(at: number, end: number): boolean {
    const { text } = this;
    const pos = skipProperties(text, skipSpaces(text, at, end), end);
    if (pos >= end) return false;
    const char = text[pos];
    if (char === "[" || char === "{") return this.flowPart(pos, end);
    if (char === "|" || char === ">") this.blockScalarParent = this.columns.at(-1) ?? -1;
    else if (char === '"' || char === "'") this.skipQuote(pos + 1, end, char);
    return false;
  }

  /** A block collection entry at `column`: closes deeper ones, opens this one. */
  private open(column: number, offset: number): boolean {
    const { columns } = this;
    while (columns.length > 0 && columns[columns.length - 1]! >= column) columns.pop();
    columns.push(column);
    return this.reached(columns.length, offset);
  }

  /** Flow context from `at` to the line's end: every `[` and `{` outside quotes and comments opens. */
  private flowPart(at: number, end: number): boolean {
    const { text } = this;
    if (this.flow === 0) this.flowBase = this.columns.length;
    for (let pos = at; pos < end; pos++) {
      const char = text[pos];
      if (char === "[" || char === "{") {
        this.flow++;
        if (this.reached(this.flowBase + this.flow, pos)) return true;
      } else if (char === "]" || char === "}") {
        if (this.flow > 0 && --this.flow === 0) {
          // A flow collection used as a key (`[a]: value`) has its value after it.
          const next = skipSpaces(text, pos + 1, end);
          return text.charCodeAt(next) === 0x3a && next < end ? this.value(next + 1, end) : false;
        }
      } else if (char === '"' || char === "'") {
        const after = this.skipQuote(pos + 1, end, char);
        if (after === undefined) return false;
        pos = after - 1;
      } else if (char === "#" && (pos === at || text.charCodeAt(pos - 1) === 32 || text.charCodeAt(pos - 1) === 9)) {
        return false;
      }
    }
    return false;
  }

  /** Past the closing quote, or undefined (and the quote stays open) when the line ends first. */
  private skipQuote(at: number, end: number, quote: '"' | "'"): number | undefined {
    const { text } = this;
    for (let pos = at; pos < end; pos++) {
      const char = text[pos];
      if (quote === '"' && char === "\\") pos++;
      else if (char === quote) {
        if (quote === "'" && text[pos + 1] === "'") pos++;
        else {
          this.quote = undefined;
          return pos + 1;
        }
      }
    }
    this.quote = quote;
    return undefined;
  }

  private reached(count: number, offset: number): boolean {
    if (count > this.reportCount && this.firstDeep === undefined) this.firstDeep = offset;
    return count > this.limitCount;
  }
}

function skipSpaces(text: string, at: number, end: number): number {
  let pos = at;
  while (pos < end && (text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9)) pos++;
  return pos;
}

/** Anchors and tags before a node (`&a`, `!!map`). */
function skipProperties(text: string, at: number, end: number): number {
  let pos = at;
  while (pos < end && (text[pos] === "&" || text[pos] === "!")) {
    while (pos < end && text.charCodeAt(pos) !== 32 && text.charCodeAt(pos) !== 9) pos++;
    pos = skipSpaces(text, pos, end);
  }
  return pos;
}

function isBlankOrEnd(text: string, pos: number, end: number): boolean {
  return pos >= end || text.charCodeAt(pos) === 32 || text.charCodeAt(pos) === 9;
}

function isEntryIndicator(text: string, pos: number, end: number): boolean {
  const char = text[pos];
  return (char === "-" || char === "?" || char === ":") && isBlankOrEnd(text, pos + 1, end);
}

/** Where the `:` of a plain implicit key is (`key: ` or `key:` at the end), before any ` #` comment. */
function plainKeyEnd(text: string, at: number, end: number): number | undefined {
  for (let pos = at; pos < end; pos++) {
    const code = text.charCodeAt(pos);
    if (code === 0x3a && isBlankOrEnd(text, pos + 1, end)) return pos;
    if (code === 0x23 && pos > at && (text.charCodeAt(pos - 1) === 32 || text.charCodeAt(pos - 1) === 9)) return undefined;
  }
  return undefined;
}
