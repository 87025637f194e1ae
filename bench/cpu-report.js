/**
 * Preloaded into the benchmark's child processes (`node --import ./bench/cpu-report.js ...`):
 * at exit, writes the process's CPU time (user + system, µs) to stderr as
 * `BENCH_CPU <µs>`. CPU time moves far less than wall time when other jobs share
 * the machine, so bench/run.js reports both.
 */
import { writeSync } from "node:fs";

process.on("exit", () => {
  const usage = process.cpuUsage();
  try {
    writeSync(2, `\nBENCH_CPU ${usage.user + usage.system}\n`);
  } catch {
    // stderr closed: nothing to report to.
  }
});
