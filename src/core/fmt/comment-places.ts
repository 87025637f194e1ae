/**
 * The comments of a YAML file moved onto the canonical text of its data, by
 * where they stand in the file's lines rather than by where yaml's parser files
 * them (yaml keeps a comment after a block as the block's `comment`, a blank
 * line after it as a trailing newline of that comment, and writes both back
 * somewhere that parses as something else: each `fmt` then moved them again).
 * Every place below is one that the canonical text, read again by the same
 * rules, gives back: so fmt(fmt(x)) is fmt(x). Pure.
 *
 * Each comment has one of these places:
 * - header: the comment lines above the first content line, up to the last
 *   blank line among them; they stay first, followed by one blank line;
 * - above a key or list item: a comment line above a line; it belongs to the
 *   outermost key or list item starting there (so it moves with that key, and
 *   with an address entry when entries are sorted), written above that line at
 *   its indentation;
 * - trailing: a comment after content on a line; it belongs to the innermost key
 *   or list item starting on that line (an item starts at its dash, which may
 *   stand alone on its line) and stays on the line where that one is written; a
 *   second comment for the same line goes above it;
 * - end of a block: a comment line below the end of a block map or list and
 *   indented further than the line that follows (the end of a rule, the end of
 *   the file), written after the block's last line at its indentation.
 * A blank line above a comment is kept: it groups what the comment introduces.
 * Other blank lines are the canonical form's.
 */
import { isCollection, isMap, isPair, isScalar, isSeq, type Document, type Node as YamlNode, type Pair } from "yaml";
import { findComments } from "../document.js";

const DROPPED = Symbol("dropped");

/** A key (its pair) or a list item (its node): what a comment above or after a line belongs to. */
type Member = Pair | YamlNode;
type Block = YamlNode;

/** How the list items of the named lists are matched from the file to the canonical form, when it sorts them (address entries). */
export type KeyedLists = Readonly<Record<string, (value: unknown) => string>>;

interface Placed {
  text: string;
  /** Where the comment was: orders comments that share a place. */
  offset: number;
  blankBefore: boolean;
}

/**
 * What becomes of a comment whose key or item the canonical text does not
 * have: `nearest` (fmt, which keeps all the data) gives it to the nearest
 * ancestor that is there; `drop` (pull, where the service's content replaces
 * the file's) lets it go with its content.
 */
export type Unmatched = "nearest" | "drop";

/** The canonical text with every comment of the file placed; `canonical` is the parsed canonical text. */
export function placeComments(sourceText: string, source: Document, canonicalText: string, canonical: Document, keyedLists: KeyedLists, unmatched: Unmatched = "nearest"): string {
  const file = describe(sourceText, source);
  const target = describe(canonicalText, canonical);
  const counterpart = pairUp(source.contents as YamlNode | null, canonical.contents as YamlNode | null, keyedLists);

  const header: Placed[] = [];
  const above = new Map<number, Placed[]>();
  const trailing = new Map<number, Placed[]>();
  /** After a canonical line: comments at an indentation, the innermost block's first. */
  const after = new Map<number, { indent: number; comments: Placed[] }[]>();
  const push = <K>(map: Map<K, Placed[]>, key: K, placed: Placed): void => void (map.get(key) ?? map.set(key, []).get(key)!).push(placed);

  const lastLine = target.lines.length - 1;
  const lastContent = target.lines.findLastIndex((line) => line.trim() !== "");
  const placeAbove = (member: Member | undefined, placed: Placed): void => {
    const line = member ? target.lineOf(startOf(member)) : undefined;
    if (line === undefined) placeAtEnd(undefined, placed);
    else push(above, line, placed);
  };
  const placeAtEnd = (block: Block | undefined, placed: Placed): void => {
    const line = block ? target.lastLineOf(block) : lastContent;
    const indent = block ? target.columnOf(block.range![0]) : 0;
    const groups = after.get(line) ?? after.set(line, []).get(line)!;
    let group = groups.find((candidate) => candidate.indent === indent);
    if (!group) groups.push((group = { indent, comments: [] }));
    group.comments.push(placed);
  };
  /** The canonical block a file's member or block maps to: itself when block, else its nearest block ancestor. */
  const canonicalBlock = (node: Member | undefined): Block | undefined => {
    for (let at = node; at; at = target.parent.get(at)) if (isBlock(at)) return at as Block;
    return undefined;
  };
  /** The canonical counterpart of a file's member or block; DROPPED when it has none and its comments go with it. */
  const mapped = (node: Member | undefined): Member | typeof DROPPED | undefined => {
    if (node === undefined) return undefined;
    if (unmatched === "drop") return counterpart.get(node) ?? DROPPED;
    for (let at: Member | undefined = node; at; at = file.parent.get(at)) if (counterpart.has(at)) return counterpart.get(at);
    return undefined;
  };

  const leading = file.firstContentLine;
  const lastBlankOfLeading = file.lines.slice(0, leading).findLastIndex((line) => line.trim() === "");
  for (const comment of file.comments) {
    const placed: Placed = { text: comment.text, offset: comment.offset, blankBefore: comment.blankBefore };
    if (!comment.ownLine) {
      const member = file.memberAt(comment.line, comment.offset);
      const counter = mapped(member);
      if (member === undefined) header.push(placed);
      else if (counter === undefined) placeAtEnd(undefined, placed);
      else if (counter !== DROPPED) push(trailing, target.lineOf(startOf(counter)) ?? lastContent, placed);
      continue;
    }
    if (comment.line < leading && comment.line < lastBlankOfLeading) {
      header.push(placed);
      continue;
    }
    const flow = file.flowAround(comment.offset);
    if (flow !== undefined) {
      const counter = mapped(flow);
      if (counter !== DROPPED) placeAbove(counter, placed);
      continue;
    }
    const next = file.nextContentLine(comment.line);
    const nextIndent = next === undefined ? -1 : file.indentOf(next);
    const previous = file.previousContentLine(comment.line);
    if (comment.line > leading && previous !== undefined && comment.column > nextIndent) {
      const block = file.innermostBlock(previous, comment.column);
      if (block === undefined) {
        placeAtEnd(undefined, placed);
        continue;
      }
      if (file.columnOf(block.range![0]) > nextIndent) {
        const counter = mapped(block);
        if (counter !== DROPPED) placeAtEnd(canonicalBlock(counter), placed);
        continue;
      }
    }
    const counter = next === undefined ? undefined : mapped(file.memberFrom(next));
    if (counter !== DROPPED) placeAbove(counter, placed);
  }

  const out: string[] = [];
  const emit = (line: string): void => {
    // One blank line at most, and none first.
    if (line === "" && (out.length === 0 || out.at(-1) === "")) return;
    out.push(line);
  };
  const byOffset = (a: Placed, b: Placed): number => a.offset - b.offset;
  const commentLines = (comments: readonly Placed[], indent: number, blanks: boolean): void => {
    for (const comment of [...comments].sort(byOffset)) {
      if (blanks && comment.blankBefore) emit("");
      out.push(`${" ".repeat(indent)}${comment.text}`);
    }
  };
  commentLines(header, 0, true);
  if (header.length > 0) out.push("");
  const firstLine = target.lines.findIndex((line) => line.trim() !== "");
  target.lines.forEach((line, index) => {
    if (line === "" && index === lastLine) return;
    const ownTrailing = [...(trailing.get(index) ?? [])].sort(byOffset);
    const stacked = [...(above.get(index) ?? []), ...ownTrailing.slice(1)];
    if (line.trim() === "") {
      emit(line);
    } else {
      // Above the first line, a blank would make the comments a header on the next run.
      commentLines(stacked, indentOf(line), index !== firstLine);
      out.push(ownTrailing.length > 0 ? `${line} ${ownTrailing[0]!.text}` : line);
    }
    for (const group of [...(after.get(index) ?? [])].sort((a, b) => b.indent - a.indent)) {
      // The file's closing comments stand apart from its last block, as the header does from its first.
      if (group.indent === 0 && index === lastContent) emit("");
      commentLines(group.comments, group.indent, true);
    }
  });
  while (out.length > 0 && out.at(-1) === "") out.pop();
  return `${out.join("\n")}\n`;
}

interface FileComment {
  text: string;
  offset: number;
  line: number;
  column: number;
  ownLine: boolean;
  blankBefore: boolean;
}

/** Lines, members and blocks of a text and its parsed Document. */
function describe(text: string, document: Document) {
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  const lines = lineStarts.map((start, index) => text.slice(start, index + 1 < lineStarts.length ? lineStarts[index + 1]! - 1 : text.length).replace(/\r$/, ""));
  const lineOfOffset = (offset: number): number => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const columnOf = (offset: number): number => offset - lineStarts[lineOfOffset(offset)]!;

  /** Where an item of a block list starts: at its dash, which may stand alone on a line above the item (`- # note`, then `  id: a`). */
  const dashOf = (list: YamlNode, item: YamlNode): number => {
    const start = startOf(item);
    const column = columnOf(list.range![0]);
    for (let line = lineOfOffset(start); start >= 0 && line >= 0 && lineStarts[line]! + column >= list.range![0]; line--) {
      const at = lineStarts[line]! + column;
      if (at <= start && text[at] === "-" && (at + 1 === text.length || /\s/.test(text[at + 1]!))) return at;
    }
    return start;
  };

  const members: { member: Member; start: number; depth: number }[] = [];
  /** The outermost flow collections, in order (they do not overlap). */
  const flows: YamlNode[] = [];
  const parent = new Map<Member, Member>();
  const walk = (node: YamlNode | null, depth: number, inFlow = false): void => {
    if (!node || !isCollection(node)) return;
    if (node.flow) {
      if (!inFlow) flows.push(node);
      for (const item of node.items) {
        const child = (isPair(item) ? item.value : item) as YamlNode | null;
        if (isPair(item)) parent.set(item, node);
        if (child) parent.set(child, isPair(item) ? item : node);
        walk(child, depth + 1, true);
      }
      return;
    }
    for (const item of node.items) {
      if (isPair(item)) {
        parent.set(item, node);
        members.push({ member: item, start: startOf(item), depth });
        if (item.value) parent.set(item.value as YamlNode, item);
        walk(item.value as YamlNode | null, depth + 1);
      } else {
        parent.set(item as YamlNode, node);
        members.push({ member: item as YamlNode, start: dashOf(node, item as YamlNode), depth });
        walk(item as YamlNode, depth + 1);
      }
    }
  };
  walk(document.contents as YamlNode | null, 0);
  members.sort((a, b) => a.start - b.start || a.depth - b.depth);
  const isMember = new Set(members.map(({ member }) => member));
  /** The index of the first member starting at or after `offset`. */
  const firstMemberFrom = (offset: number): number => {
    let low = 0;
    let high = members.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (members[middle]!.start < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  const comments: FileComment[] = [];
  const commentLines = new Set<number>();
  for (const { offset, text: raw } of findComments(text)) {
    const line = lineOfOffset(offset);
    const column = offset - lineStarts[line]!;
    const ownLine = lines[line]!.slice(0, column).trim() === "";
    if (ownLine) commentLines.add(line);
    comments.push({ text: raw.trimEnd(), offset, line, column, ownLine, blankBefore: line > 0 && lines[line - 1]!.trim() === "" });
  }
  const isContent = (line: number): boolean => !commentLines.has(line) && lines[line]!.trim() !== "" && !/^(?:---|\.\.\.)(?:\s|$)/.test(lines[line]!);
  // For each line, the nearest content line at or after it, and at or before it: one pass each.
  const nextContent: (number | undefined)[] = new Array(lines.length + 1).fill(undefined);
  for (let line = lines.length - 1; line >= 0; line--) nextContent[line] = isContent(line) ? line : nextContent[line + 1];
  const previousContent: (number | undefined)[] = [];
  for (let line = 0; line < lines.length; line++) previousContent[line] = isContent(line) ? line : previousContent[line - 1];
  const firstContentLine = nextContent[0] ?? lines.length;
  const trailingColumn = new Map(comments.filter((comment) => !comment.ownLine).map((comment) => [comment.line, comment.column]));
  /** Where a line's content ends, before any comment: a block holds the line when it holds this. */
  const contentEnd = (line: number): number => {
    const column = trailingColumn.get(line);
    const content = column === undefined ? lines[line]! : lines[line]!.slice(0, column);
    return lineStarts[line]! + Math.max(0, content.trimEnd().length - 1);
  };

  return {
    lines,
    comments,
    parent,
    firstContentLine,
    lineOf(offset: number): number | undefined {
      return offset >= 0 && offset <= text.length ? lineOfOffset(offset) : undefined;
    },
    columnOf,
    indentOf(line: number): number {
      return indentOf(lines[line]!);
    },
    nextContentLine(line: number): number | undefined {
      return nextContent[line + 1];
    },
    previousContentLine(line: number): number | undefined {
      return line > 0 ? previousContent[line - 1] : undefined;
    },
    /** The outermost member starting on `line` or, when none does, the one the line goes on with (the item below a dash alone, a complex key's value). */
    memberFrom(line: number): Member | undefined {
      const index = firstMemberFrom(lineStarts[line]!);
      const found = members[index];
      return found && lineOfOffset(found.start) === line ? found.member : (members[index - 1]?.member ?? found?.member);
    },
    /** The innermost member starting on `line` before `offset` or, when none does, the last one starting before `offset`. */
    memberAt(line: number, offset: number): Member | undefined {
      // members is sorted by start, then depth: the last one before `offset` is the latest and deepest.
      let index = firstMemberFrom(offset) - 1;
      const last = members[index];
      if (!last || last.start < lineStarts[line]!) return last?.member;
      let found = last;
      for (; index >= 0 && members[index]!.start >= lineStarts[line]!; index--) if (members[index]!.depth > found.depth) found = members[index]!;
      return found.member;
    },
    /** The innermost block holding `line` indented at most `column`. */
    innermostBlock(line: number, column: number): Block | undefined {
      const at = contentEnd(line);
      // The blocks holding `at` are those around the last member starting at or before it.
      const last = members[firstMemberFrom(at + 1) - 1]?.member;
      for (let node: Member | undefined = last; node; node = parent.get(node)) {
        if (!isBlock(node)) continue;
        const [start, end] = (node as Block).range!;
        if (start <= at && at < end && columnOf(start) <= column) return node as Block;
      }
      const root = document.contents as YamlNode | null;
      return root && isBlock(root) && root.range![0] <= at && at < root.range![1] ? root : undefined;
    },
    /** The member holding the outermost flow collection around `offset`, if any. */
    flowAround(offset: number): Member | undefined {
      let low = 0;
      let high = flows.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (flows[middle]!.range![0] < offset) low = middle + 1;
        else high = middle;
      }
      const found = flows[low - 1];
      if (!found || offset >= found.range![1]) return undefined;
      let member: Member | undefined = found;
      while (member && !isMember.has(member)) member = parent.get(member);
      return member;
    },
    /** The line of a node's last character that is not white space. */
    lastLineOf(node: YamlNode): number {
      let at = node.range![1] - 1;
      while (at > 0 && /\s/.test(text[at]!)) at--;
      return lineOfOffset(at);
    },
  };
}

/** Source members matched with the canonical ones: map members by key, list items by position or by the key of the list. */
function pairUp(from: YamlNode | null, to: YamlNode | null, keyedLists: KeyedLists, listKey = "", out = new Map<Member, Member>()): Map<Member, Member> {
  if (!from || !to) return out;
  out.set(from, to);
  if (isMap(from) && isMap(to)) {
    for (const pair of from.items) {
      const name = keyName(pair);
      const match = to.items.find((candidate) => keyName(candidate) === name);
      if (!match) continue;
      out.set(pair, match);
      pairUp(pair.value as YamlNode | null, match.value as YamlNode | null, keyedLists, name ?? "", out);
    }
  } else if (isSeq(from) && isSeq(to)) {
    const keyOf = Object.hasOwn(keyedLists, listKey) ? keyedLists[listKey] : undefined;
    if (keyOf) {
      // Equal keys keep their order (the canonical sort is stable): each takes the first unmatched.
      const byKey = new Map<string, YamlNode[]>();
      for (const item of to.items as YamlNode[]) {
        const key = keyOf(item.toJSON());
        (byKey.get(key) ?? byKey.set(key, []).get(key)!).push(item);
      }
      for (const item of from.items as YamlNode[]) pairUp(item, byKey.get(keyOf(item.toJSON()))?.shift() ?? null, keyedLists, "", out);
    } else {
      from.items.forEach((item, index) => pairUp(item as YamlNode, (to.items[index] as YamlNode | undefined) ?? null, keyedLists, "", out));
    }
  }
  return out;
}

function keyName(pair: Pair): string | undefined {
  return isPair(pair) && isScalar(pair.key) ? String(pair.key.value) : undefined;
}

function isBlock(node: Member): boolean {
  return !isPair(node) && isCollection(node) && !node.flow && node.items.length > 0;
}

function startOf(member: Member): number {
  if (isPair(member)) return ((member.key as YamlNode | null)?.range ?? (member.value as YamlNode | null)?.range)?.[0] ?? -1;
  return member.range?.[0] ?? -1;
}

function indentOf(line: string): number {
  return /^ */.exec(line)![0].length;
}
