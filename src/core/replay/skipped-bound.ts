/**
 * `replay --max-skipped N|P%` (semantics.md section 4): how many bad lines a
 * run may skip before it exits 1, as a count of lines or a share of the lines
 * read for the policies asked for (screenings and skipped lines; lines of
 * other policies, filtered out, are not counted). Apart from the tally, so
 * that the program (loaded by every command) parses the flag cheaply.
 */

import { formatCount } from "./progress.js";

export type SkippedBound = { kind: "lines"; max: number; text: string } | { kind: "share"; percent: number; text: string };

const LINES = /^\d{1,15}$/;
const SHARE = /^(\d{1,3}(?:\.\d{1,3})?)%$/;

/** The bound written `text`, or undefined when it is neither a whole number nor a percentage from 0% to 100%. */
export function readSkippedBound(text: string): SkippedBound | undefined {
  if (LINES.test(text)) return { kind: "lines", max: Number(text), text };
  const share = SHARE.exec(text);
  if (share && Number(share[1]) <= 100) return { kind: "share", percent: Number(share[1]), text };
  return undefined;
}

let shareFormatter: Intl.NumberFormat | undefined;

/** A percentage to two decimals; the formatter is made on first use (replay/progress.ts, formatCount, says why). */
function shareFormat(percent: number): string {
  shareFormatter ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
  return shareFormatter.format(percent);
}

/** Why the run is past the bound (one line, no `screenpol:`), or undefined when it is within it. */
export function beyondSkippedBound(bound: SkippedBound, counts: { screenings: number; skipped: number }): string | undefined {
  const { skipped } = counts;
  const read = counts.screenings + skipped;
  const lines = `${formatCount(skipped)} line${skipped === 1 ? "" : "s"}`;
  if (bound.kind === "lines") return skipped > bound.max ? `${lines} skipped, more than --max-skipped ${bound.text}` : undefined;
  // Compared in whole numbers: 0.1 * 3 is no exact float.
  if (skipped * 100_000 <= Math.round(bound.percent * 1000) * read) return undefined;
  return `${lines} of ${formatCount(read)} skipped (${shareFormat((skipped * 100) / read)}%), more than --max-skipped ${bound.text}`;
}
