/**
 * What each comment of a YAML file belongs to, read from the file's lines by
 * the rules README "screenpol fmt" states. A second reading, apart from
 * core/fmt/comment-places.ts, so that a test can read fmt's output again and
 * compare:
 * - the header: a comment line above the first content line with a blank line
 *   between them;
 * - a key or list item (which starts at its dash): a comment after content
 *   belongs to the innermost one starting on its line; a comment line to the
 *   outermost one starting on the next content line; on a line no key or item
 *   starts on, to the one that line goes on with;
 * - the end of a block: a comment line indented further than the next content
 *   line ends the innermost block map or list that holds the previous content
 *   line and starts at or left of the comment (the end of the file, when none).
 * Keys and items are named by their path: list items by position, or, in the
 * lists fmt or pull match by a key (address entries, pulled rules), by that key.
 */
import { expect } from "vitest";
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode, type Pair } from "yaml";
import { entryKey } from "../../src/core/canonical.js";
import type { FormattableKind } from "../../src/core/fmt/format-file.js";
import { findComments } from "../../src/core/document.js";

type Owner =
  | { kind: "header" }
  /** The key or item at `path` (a JSON array of segments; "[]" is the document). */
  | { kind: "member"; path: string }
  | { kind: "end"; path: string }
  /** A document without block keys or items (`{a: 1} # c`): the whole document. */
  | { kind: "document" };

interface CommentReading {
  text: string;
  line: number;
  column: number;
  ownLine: boolean;
  blankAbove: boolean;
  owner: Owner;
}

interface FileReading {
  lines: string[];
  /** By text: the test files give each comment a unique one. */
  comments: Map<string, CommentReading>;
  /** The line each key or item of a block collection starts on; a flow collection's members are on their holder's line. */
  memberLine: Map<string, number>;
  /** The block maps and lists with members. */
  blocks: Set<string>;
  firstContentLine: number;
  nextContentLine(line: number): number | undefined;
}

/** The name of a list item in a list that is matched by key (`listPath` names the list); undefined when items are matched by position. */
type ItemKey = (listPath: readonly string[], item: unknown) => string | undefined;

const ROOT = "[]";

function readCommentOwners(text: string, itemKey: ItemKey = () => undefined): FileReading {
  const document = parseDocument(text);
  const lineStarts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lineStarts.push(at + 1);
  const lines = lineStarts.map((start, index) => text.slice(start, (lineStarts[index + 1] ?? text.length + 1) - 1));
  const lineOf = (offset: number): number => lineStarts.findLastIndex((start) => start <= offset);
  const columnOf = (offset: number): number => offset - lineStarts[lineOf(offset)]!;

  const members: { path: string; start: number; depth: number }[] = [];
  const blocks = new Map<string, YamlNode>();
  const walk = (node: unknown, path: string[]): void => {
    if (!(isMap(node) || isSeq(node)) || node.flow) return;
    if (node.items.length > 0) blocks.set(JSON.stringify(path), node);
    if (isMap(node)) {
      for (const pair of node.items as Pair[]) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        const at = [...path, `.${key}`];
        members.push({ path: JSON.stringify(at), start: ((pair.key as YamlNode | null)?.range ?? (pair.value as YamlNode | null)?.range)![0], depth: path.length });
        walk(pair.value, at);
      }
      return;
    }
    const seen = new Map<string, number>();
    (node.items as YamlNode[]).forEach((item, index) => {
      const key = itemKey(path, isPair(item) ? undefined : item.toJSON());
      // Equal keys keep their order (fmt's sort is stable, pull's match takes the first unmatched).
      const nth = seen.get(key ?? "") ?? 0;
      seen.set(key ?? "", nth + 1);
      const at = [...path, key === undefined ? `[${index}]` : `[${key}#${nth}]`];
      members.push({ path: JSON.stringify(at), start: dashOf(node.range![0], item.range![0]), depth: path.length });
      walk(item, at);
    });
  };
  /** Where a list item starts: at its dash, which may stand alone on a line above the item (`-` then `  id: a`). */
  const dashOf = (listStart: number, itemStart: number): number => {
    const column = columnOf(listStart);
    for (let line = lineOf(itemStart); line >= lineOf(listStart); line--) {
      const at = lineStarts[line]! + column;
      if (at <= itemStart && text[at] === "-" && /^(?:\s|$)/.test(text.charAt(at + 1))) return at;
    }
    throw new Error(`no dash above the list item at offset ${itemStart}`);
  };
  walk(document.contents, []);

  const comments = findComments(text).map(({ offset, text: raw }) => {
    const line = lineOf(offset);
    const column = columnOf(offset);
    return { text: raw.trimEnd(), offset, line, column, ownLine: lines[line]!.slice(0, column).trim() === "", blankAbove: line > 0 && lines[line - 1]!.trim() === "" };
  });
  const commentLines = new Set(comments.filter((comment) => comment.ownLine).map((comment) => comment.line));
  const isContent = (line: number): boolean => !commentLines.has(line) && lines[line]!.trim() !== "" && !/^(?:---|\.\.\.)(?:\s|$)/.test(lines[line]!);
  const nextContentLine = (line: number): number | undefined => {
    for (let at = line + 1; at < lines.length; at++) if (isContent(at)) return at;
    return undefined;
  };
  const previousContentLine = (line: number): number | undefined => {
    for (let at = line - 1; at >= 0; at--) if (isContent(at)) return at;
    return undefined;
  };
  const firstContentLine = nextContentLine(-1) ?? lines.length;
  const indentOf = (line: number): number => /^ */.exec(lines[line]!)![0].length;
  const startingOn = (line: number, before = Infinity) => members.filter((member) => lineOf(member.start) === line && member.start < before);
  const memberOn = (line: number, choose: "innermost" | "outermost", before?: number): Owner => {
    const found = startingOn(line, before).sort((a, b) => (choose === "innermost" ? b.depth - a.depth : a.depth - b.depth))[0];
    if (found) return { kind: "member", path: found.path };
    // A line no key or item starts on goes on with the last one started above it (the item below a dash alone).
    const goesOn = members.filter((member) => member.start < lineStarts[line]!).sort((a, b) => b.start - a.start || b.depth - a.depth)[0];
    return goesOn ? { kind: "member", path: goesOn.path } : { kind: "document" };
  };

  const read = new Map<string, CommentReading>();
  for (const comment of comments) {
    let owner: Owner;
    if (!comment.ownLine) {
      owner = memberOn(comment.line, "innermost", comment.offset);
    } else if (comment.line < firstContentLine && lines.slice(comment.line, firstContentLine).some((line) => line.trim() === "")) {
      owner = { kind: "header" };
    } else {
      const next = nextContentLine(comment.line);
      const previous = previousContentLine(comment.line);
      const nextIndent = next === undefined ? -1 : indentOf(next);
      const ending = previous !== undefined && comment.column > nextIndent ? innermostBlock(previous, comment.column) : undefined;
      if (ending === null) owner = { kind: "end", path: ROOT };
      else if (ending !== undefined && columnOf(blocks.get(ending)!.range![0]) > nextIndent) owner = { kind: "end", path: ending };
      else owner = next === undefined ? { kind: "end", path: ROOT } : memberOn(next, "outermost");
    }
    if (read.has(comment.text)) throw new Error(`the comment ${comment.text} is there twice`);
    read.set(comment.text, { text: comment.text, line: comment.line, column: comment.column, ownLine: comment.ownLine, blankAbove: comment.blankAbove, owner });
  }

  /** The innermost block holding the content of `line` that starts at or left of `column`; null when none does (the end of the document). */
  function innermostBlock(line: number, column: number): string | null {
    const content = lines[line]!.slice(0, comments.find((comment) => comment.line === line && !comment.ownLine)?.column ?? Infinity).trimEnd();
    const at = lineStarts[line]! + Math.max(0, content.length - 1);
    let found: { path: string; start: number } | undefined;
    for (const [path, block] of blocks) {
      const [start, end] = block.range!;
      if (start <= at && at < end && columnOf(start) <= column && (!found || start > found.start || (start === found.start && path.length > found.path.length))) found = { path, start };
    }
    return found?.path ?? null;
  }

  return {
    lines,
    comments: read,
    memberLine: new Map(members.map((member) => [member.path, lineOf(member.start)])),
    blocks: new Set(blocks.keys()),
    firstContentLine,
    nextContentLine,
  };
}

/** `path` or its nearest ancestor that `has`; the document when none. */
function nearest(path: string, has: (path: string) => boolean): string {
  const segments = JSON.parse(path) as string[];
  for (let length = segments.length; length > 0; length--) {
    const candidate = JSON.stringify(segments.slice(0, length));
    if (has(candidate)) return candidate;
  }
  return ROOT;
}

/** Address entries are sorted by fmt and matched by pull by (chain, address, scope): named by it. */
const itemKeyOf = (kind: FormattableKind): ItemKey => (list, item) => (kind === "addresses" && JSON.stringify(list) === '[".entries"]' ? entryKey(item) : undefined);

/** Where an owner is in a reading of the output: the line of a key or item, the end of a block, the header. */
type Place = { kind: "header" } | { kind: "line"; line: number } | { kind: "end"; path: string } | { kind: "anywhere" };

/** Where a comment owned by `owner` before must be in `after`: on (or directly above) its key's line, or its nearest ancestor's that has a line. */
function expectedPlace(owner: Owner, after: FileReading): Place {
  switch (owner.kind) {
    case "header":
      return owner;
    case "document":
      return { kind: "anywhere" };
    case "member": {
      const holder = nearest(owner.path, (path) => after.memberLine.has(path));
      return after.memberLine.has(holder) ? { kind: "line", line: after.memberLine.get(holder)! } : { kind: "anywhere" };
    }
    case "end":
      return { kind: "end", path: nearest(owner.path, (path) => after.blocks.has(path)) };
  }
}

function actualPlace(owner: Owner, after: FileReading): Place {
  switch (owner.kind) {
    case "header":
    case "end":
      return owner;
    case "document":
      return { kind: "anywhere" };
    case "member":
      return { kind: "line", line: after.memberLine.get(owner.path)! };
  }
}

/**
 * Every comment of `beforeText` is in `afterText`, owned by the same thing, and
 * nothing else is; an own-line comment with a blank line above it still has one
 * (but in the comments right above the first key, where a blank line would make
 * them the header on the next run).
 */
export function expectCommentsAttached(beforeText: string, afterText: string, kind: FormattableKind): void {
  const before = readCommentOwners(beforeText, itemKeyOf(kind));
  const after = readCommentOwners(afterText, itemKeyOf(kind));
  expect([...after.comments.keys()].sort()).toEqual([...before.comments.keys()].sort());
  let touchingFirstKey = after.firstContentLine;
  while (touchingFirstKey > 0 && after.lines[touchingFirstKey - 1]!.trim() !== "") touchingFirstKey--;
  for (const [text, comment] of before.comments) {
    const now = after.comments.get(text)!;
    const expected = expectedPlace(comment.owner, after);
    if (expected.kind !== "anywhere") expect(actualPlace(now.owner, after), `${text}, owned by ${JSON.stringify(comment.owner)}`).toEqual(expected);
    if (comment.ownLine && comment.blankAbove && now.line > 0 && !(now.line >= touchingFirstKey && now.line < after.firstContentLine)) {
      expect(after.lines[now.line - 1], `the blank line above ${text}`).toBe("");
    }
  }
}
