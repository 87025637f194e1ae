/**
 * The progress line of a long replay on a terminal (semantics.md section 4):
 * lines read, the rate, and the share of the input when its size is known.
 */

/** At most ten redraws a second: faster is flicker, and costs the decision loop time. */
export const PROGRESS_INTERVAL_MS = 100;

export interface ReplayProgress {
  lines: number;
  /**
   * How much of the input is done, as `done` of `total` in the engine's own unit: bytes read of the
   * file's size (compressed bytes for a .gz, as its size is), DuckDB's percent of its query, or the
   * Ray job's shards ended of all. Undefined when the size is not known (standard input, a pipe).
   * A pair, not a fraction: 29 of 100 is 29%, where 0.29 * 100 floors to 28.
   */
  share: { done: number; total: number } | undefined;
  elapsedMs: number;
}

let countFormat: Intl.NumberFormat | undefined;

/**
 * Whole, thousands separated, the same on every machine: a day of traffic is millions of lines.
 * The formatter is made on first use: the first Intl.NumberFormat of a process sets up ICU, about 30 ms,
 * which every command loading this module (all of them, through the program) would otherwise pay at start.
 */
export function formatCount(n: number): string {
  countFormat ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  return countFormat.format(n);
}

/** One line, no newline: `replay: 1,200,000 lines, 410,000 lines/s, 43%`. */
export function formatReplayProgress(progress: ReplayProgress): string {
  const rate = progress.elapsedMs > 0 ? (progress.lines * 1000) / progress.elapsedMs : 0;
  const { share } = progress;
  const percent = share !== undefined && share.total > 0 ? `, ${Math.min(100, Math.floor((share.done * 100) / share.total))}%` : "";
  return `replay: ${formatCount(progress.lines)} lines, ${formatCount(rate)} lines/s${percent}`;
}

/**
 * Decides when to redraw: true at most once per interval. The clock is read
 * only every `stride` calls, so the hot loop pays a counter, not a syscall.
 */
export function createRedrawGate(now: () => number, intervalMs = PROGRESS_INTERVAL_MS, stride = 1024): () => boolean {
  let calls = 0;
  let last = now();
  return () => {
    if (++calls % stride !== 0) return false;
    const time = now();
    if (time - last < intervalMs) return false;
    last = time;
    return true;
  };
}
