/**
 * Plain-text tables for listings (users, onramps): a header row and aligned
 * columns, no borders, no colour, so the output reads the same on a terminal,
 * in a CI log and through `grep`. Cells are server-supplied text, so each is
 * made one printable line first.
 */
// The cut ends with the redactor's ELLIPSIS, so a secret cut short is still found (core/secret-redactor.ts).
import { ELLIPSIS } from "../core/secret-redactor.js";

/** Longest cell kept; a URL with a long query is the widest thing shown. */
const MAX_CELL_LENGTH = 200;

/**
 * A value as one printable line: control characters (newlines, terminal
 * escapes) become spaces, whitespace runs collapse, and the result is cut at
 * `maxLength` with an ellipsis. Absent values print as `-`.
 */
export function printable(value: unknown, maxLength: number = MAX_CELL_LENGTH): string {
  if (value === undefined || value === null || value === "") return "-";
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  // eslint-disable-next-line no-control-regex
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  if (line === "") return "-";
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}${ELLIPSIS}` : line;
}

/** Renders rows under headers, columns separated by two spaces; the last column is not padded. */
export function renderTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd();
  return `${[line(headers), ...rows.map(line)].join("\n")}\n`;
}
