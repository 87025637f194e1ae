/**
 * Preloaded into a benchmark's child process (`node --import ./bench/rss-report.js ...`):
 * at exit, writes the process's peak resident set size (KiB) to stderr as
 * `BENCH_MAXRSS <KiB>`.
 */
import { writeSync } from "node:fs";

process.on("exit", () => {
  try {
    writeSync(2, `\nBENCH_MAXRSS ${process.resourceUsage().maxRSS}\n`);
  } catch {
    // stderr closed: nothing to report to.
  }
});
