/**
 * Where a policy's rules and a file's address entries are in the text, for
 * the hover and the outline. The text is parsed again here (core/document.ts):
 * the lint keeps only the data, not the syntax tree, between keystrokes.
 */
import type { Range } from "vscode-languageserver/node.js";
import { isRecord } from "../core/config.js";
import { parseYaml, type ParsedDocument } from "../core/document.js";
import { toLspRange } from "./diagnostics.js";

export interface PlacedItem {
  /** Index in `rules.postScreen` or `entries`. */
  index: number;
  /** The item's own members. */
  value: Record<string, unknown>;
  /** The whole item. */
  range: Range;
  /** Its `id` (a rule) or `address` (an entry), or the item itself when it has none. */
  nameRange: Range;
}

/** The document of a text that reads cleanly, else undefined (no outline or hover in a file that does not parse). */
export function parsedDocument(text: string): ParsedDocument | undefined {
  return parseYaml(text).document;
}

/** Each map item of the list at `listPath` (`["rules", "postScreen"]`, `["entries"]`) with its place. */
export function placedItems(document: ParsedDocument, listPath: readonly string[], nameKey: string): PlacedItem[] {
  let list: unknown = document.data;
  for (const key of listPath) list = isRecord(list) && Object.hasOwn(list, key) ? list[key] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((value: unknown, index) => {
    if (!isRecord(value)) return [];
    const path = [...listPath, index];
    // locate gives a map's first line: the item ends where its last member's value does.
    const start = toLspRange(document.locate(path, "value"));
    const ends = Object.keys(value).map((key) => toLspRange(document.locate([...path, key], "value")).end);
    const end = [start.end, ...ends].reduce((last, position) => (position.line > last.line || (position.line === last.line && position.character > last.character) ? position : last));
    const range = { start: start.start, end };
    const nameRange = Object.hasOwn(value, nameKey) ? toLspRange(document.locate([...path, nameKey], "value")) : range;
    return [{ index, value, range, nameRange }];
  });
}

export function contains(range: Range, position: Range["start"]): boolean {
  const afterStart = position.line > range.start.line || (position.line === range.start.line && position.character >= range.start.character);
  const beforeEnd = position.line < range.end.line || (position.line === range.end.line && position.character <= range.end.character);
  return afterStart && beforeEnd;
}
