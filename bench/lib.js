/** Small helpers shared by the benchmark scripts: statistics, timed child processes. */
import { spawnSync } from "node:child_process";

export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export function round(value, digits = 1) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Runs a child process to completion and returns its wall time in ms (spawn to
 * exit, as the parent sees it), exit status, stdout and stderr. Bounded by `timeoutMs`.
 */
export function timedSpawn(command, args, { cwd, timeoutMs = 120_000, env } = {}) {
  const start = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    env: env ?? process.env,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    timeout: timeoutMs,
  });
  const ms = performance.now() - start;
  return {
    ms,
    status: result.status,
    signal: result.signal,
    error: result.error,
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? "",
  };
}

/**
 * timedSpawn for a node script, with bench/cpu-report.js preloaded: adds `cpuMs`,
 * the child's own CPU time (user + system), read from its last BENCH_CPU line.
 */
export function timedNode(args, options) {
  const preload = new URL("./cpu-report.js", import.meta.url).href;
  const run = timedSpawn(process.execPath, ["--import", preload, ...args], options);
  const match = [...run.stderr.matchAll(/^BENCH_CPU (\d+)$/gm)].at(-1);
  return { ...run, cpuMs: match ? Number(match[1]) / 1000 : Number.NaN };
}

/** Wall and CPU time (user + system, whole process, ms) of an in-process function. */
export async function timedCall(fn) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await fn();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Rotates `items` left by `by`: round i runs the measures in a different order. */
export function rotate(items, by) {
  const k = ((by % items.length) + items.length) % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}
