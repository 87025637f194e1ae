import { plural } from "../core/plural.js";

/** Clears the screen and scrollback, then homes the cursor: a redraw, not a scroll. */
const CLEAR_SCREEN = "\u001b[2J\u001b[3J\u001b[H";

/**
 * What a watch report starts with: on a terminal, a redraw of the whole screen,
 * unless `--no-clear` asked to keep the scrollback, where each report is
 * appended after a blank line; in a pipe or a file, nothing (a log keeps all).
 */
export function reportStart(interactive: boolean, clear: boolean, first: boolean): string {
  if (!interactive) return "";
  if (clear) return CLEAR_SCREEN;
  return first ? "" : "\n";
}

/** "1 error, 2 warnings in 1 file". */
export function findingCounts(errors: number, warnings: number, files: number): string {
  return `${plural(errors, "error")}, ${plural(warnings, "warning")} in ${plural(files, "file")}`;
}
