/**
 * z3's lifecycle, for every question asked of it (verify.ts: the weakening
 * check, reachability): loading it, one session at a time, and closing it.
 *
 * z3-solver (WebAssembly, ~0.4 s to start) is imported here only, and only
 * when a question needs it or `prewarmSolver()` is called: `lint` never
 * loads it. Its Emscripten worker threads keep a process alive, so a command
 * that asked calls `closeSolver()` (or runs inside `withSolver`) before it
 * returns.
 */
import { writeSync } from "node:fs";
import type { Context, Solver as Z3Solver } from "z3-solver";

interface Solver {
  z3: Context<"main">;
  em: unknown;
  killThreads: (em: unknown) => Promise<void>;
}

let solver: Promise<Solver> | undefined;
/** z3's calls are not reentrant: one solver session (a comparison, a reachability run) at a time. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * z3's own error output, as its Emscripten runtime would write it, less one
 * line: a worker that `closeSolver` has just ended may still post its
 * "cleanupThread" message, which the runtime reports as `received
 * "cleanupThread" command from terminated worker: N`. That is the shutdown
 * we asked for, not an error, and on stderr it broke the promise that a
 * command prints nothing there when it succeeds (seen in CI at random).
 */
function printSolverError(...parts: unknown[]): void {
  const text = parts.join(" ");
  if (/^received "[A-Za-z]+" command from terminated worker: \d+$/.test(text)) return;
  writeSync(2, `${text}\n`);
}

function loadSolver(): Promise<Solver> {
  solver ??= import("z3-solver").then(async ({ init, killThreads }) => {
    const api = await init({ printErr: printSolverError });
    const z3 = new api.Context("main");
    // z3-solver releases terms from a FinalizationRegistry on this thread while an
    // async check runs on a worker thread; without z3's concurrency control for
    // reference decrements the two race (seen as an ASSERTION VIOLATION in ast.cpp
    // and an early `canceled` on 1,000-rule pairs, once in about 20 runs).
    api.Z3.enable_concurrent_dec_ref(z3.ptr);
    return { z3, em: api.em, killThreads };
  });
  return solver;
}

/**
 * Starts z3 without waiting for it, for a command that knows early it will
 * compare pairs the partition may give up on: its start (module, WebAssembly
 * compile, threads) then overlaps the command's reading and parsing. A
 * failure to start is left for the comparison that needs the solver to
 * report. Close it as usual (`closeSolver`, `withSolver`).
 * No command calls it yet (docs/decisions.md, prewarmSolver); bench/weakening.js and
 * test/app/weakening-fast-paths.test.ts import it from the build, where knip cannot see.
 * @public
 */
export function prewarmSolver(): void {
  const starting = loadSolver();
  starting.catch(() => {
    if (solver === starting) solver = undefined;
  });
}

/**
 * Set by a process that answers comparisons one after another for as long as
 * it lives (`screenpol lsp`'s comparison process, cli/comparison-process.ts):
 * z3 starts now and stays loaded, {@link closeSolver} leaving it running, so
 * that no comparison after the first pays for its start. Such a process ends
 * by being killed, threads and all.
 */
let held = false;

/** Returns what lets it go: z3 is closed then, so that the process can end. */
export function holdSolver(): () => Promise<void> {
  held = true;
  prewarmSolver();
  return () => {
    held = false;
    return closeSolver();
  };
}

/** Ends z3's worker threads so that the process can exit; the next question starts it again. */
export async function closeSolver(): Promise<void> {
  if (held) return;
  const current = solver;
  solver = undefined;
  if (current === undefined) return;
  await queue.catch(() => undefined);
  const { em, killThreads } = await current;
  await killThreads(em);
}

/** Runs `fn` and then closes the solver, whatever `fn` did. */
export async function withSolver<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } finally {
    await closeSolver();
  }
}

/**
 * Runs `fn` with the z3 context once every session queued before it has
 * ended (z3's calls are not reentrant), loading the solver first if need be:
 * the way in for every question (verify.ts). `waited` is told how long the
 * start and the wait took, time that is not the question's own.
 */
export async function runWithSolver<T>(fn: (z3: Context<"main">) => Promise<T>, waited?: (ms: number) => void): Promise<T> {
  const waiting = performance.now();
  const { z3 } = await loadSolver();
  const run = queue.then(() => {
    waited?.(performance.now() - waiting);
    return fn(z3);
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A solver for one question. Its models are read through `eval` only, so z3
 * is told not to compact them: compacting a model took 20 ms of each
 * transition's 40 at 200 rules (BENCHMARKS.md, "The weakening check").
 */
export function newSolver(z3: Context<"main">): Z3Solver<"main"> {
  const solver = new z3.Solver();
  solver.set("model.compact", false);
  return solver;
}
