/**
 * The weakening check (semantics.md section 5; issue 13, items 1, 2 and 8):
 * two versions of one policy and its address entries, compared over every
 * possible screening by z3 over the finite space of weakening/space.ts.
 *
 * z3-solver (WebAssembly, ~0.4 s to start) is imported here only, and only
 * when a comparison is first asked for: `lint` never loads it. Its Emscripten
 * worker threads keep a process alive, so a command that compared calls
 * `closeSolver()` (or runs inside `withSolver`) before it returns.
 */
import type { Context, Model } from "z3-solver";
import { STRICTNESS } from "../core/semantics/decision.js";
import type { DecisionSubject } from "../core/semantics/subject.js";
import { declareSpace, encodeDecision, screeningOfModel, strictnessOf } from "../core/semantics/weakening/encode.js";
import { readableExample } from "../core/semantics/weakening/examples.js";
import type { DecisionRef, SubjectComparison, Transition } from "../core/semantics/weakening/model.js";
import { completePair, isWeakening, verdictOf } from "../core/semantics/weakening/verdict.js";

export { isWeakening };
import { screeningSpace } from "../core/semantics/weakening/space.js";

export type { DecisionRef, SubjectComparison, Transition, Verdict } from "../core/semantics/weakening/model.js";

/** Default time limit per policy pair (issue 13, item 8). */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface CompareOptions {
  /** The clock address entries' `expiresAt` is read at: epoch milliseconds. */
  now: number;
  /** Time limit for this pair, solver start not included; default 10 s. */
  timeoutMs?: number;
}

interface Solver {
  z3: Context<"main">;
  em: unknown;
  killThreads: (em: unknown) => Promise<void>;
}

let solver: Promise<Solver> | undefined;
/** z3's calls are not reentrant: one solver session (a comparison, a reachability run) at a time. */
let queue: Promise<unknown> = Promise.resolve();

function loadSolver(): Promise<Solver> {
  solver ??= import("z3-solver").then(async ({ init, killThreads }) => {
    const api = await init();
    return { z3: new api.Context("main"), em: api.em, killThreads };
  });
  return solver;
}

/** Ends z3's worker threads so that the process can exit; the next comparison starts it again. */
export async function closeSolver(): Promise<void> {
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
 * Compares two versions of one (environment, vendor, scope): base and head,
 * either undefined when that version has no policy and no entries. `added`
 * (`removed`) when only head (base) has a policy file; with a policy on
 * neither side (an addresses.yaml change) the entries are compared as any
 * other change. The transitions of `added` and `removed` are listed too.
 */
export async function compareSubjects(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: CompareOptions): Promise<SubjectComparison> {
  const pair = completePair(base, head);
  if (pair === undefined) throw new TypeError("compareSubjects needs a base or a head");
  return runWithSolver((z3) => compareWith(z3, pair.base, pair.head, options));
}

/**
 * Runs `fn` with the z3 context once every session queued before it has
 * ended (z3's calls are not reentrant), loading the solver first if need be:
 * the way in for every use of the solver (this comparison, reachability.ts).
 */
export async function runWithSolver<T>(fn: (z3: Context<"main">) => Promise<T>): Promise<T> {
  const { z3 } = await loadSolver();
  const run = queue.then(() => fn(z3));
  queue = run.catch(() => undefined);
  return run;
}

async function compareWith(z3: Context<"main">, base: DecisionSubject, head: DecisionSubject, options: CompareOptions): Promise<SubjectComparison> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const deadline = Date.now() + timeoutMs;
  const unknown = (detail: string): SubjectComparison => ({ verdict: "unknown", transitions: [], reason: `not decided within the time limit of ${timeoutMs} ms per policy pair (${detail})` });

  const space = screeningSpace([base, head]);
  const { variables, constraints } = declareSpace(z3, space);
  const before = encodeDecision(z3, space, variables, base, options.now);
  const after = encodeDecision(z3, space, variables, head, options.now);
  const from = z3.Int.const("from");
  const to = z3.Int.const("to");
  const solver = new z3.Solver();
  solver.add(...constraints, from.eq(before.code), to.eq(after.code));
  const strictBefore = strictnessOf(z3, before, from);
  const strictAfter = strictnessOf(z3, after, to);

  const transitions: Transition[] = [];
  let weaker = false;
  let stricter = false;
  for (const direction of ["weaker", "stricter"] as const) {
    solver.push();
    solver.add(direction === "weaker" ? strictAfter.lt(strictBefore) : strictAfter.gt(strictBefore));
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return unknown("the time ran out before the solver was asked");
      solver.set("timeout", Math.max(1, Math.floor(left)));
      const result = await solver.check();
      if (result === "unknown") return unknown(`z3: ${solver.reasonUnknown()}`);
      if (result === "unsat") break;
      const model: Model<"main"> = solver.model();
      const fromIndex = Number(model.eval(from, true).toString());
      const toIndex = Number(model.eval(to, true).toString());
      const refs = { from: refAt(before.outcomes, fromIndex), to: refAt(after.outcomes, toIndex) };
      const found = screeningOfModel(z3, model, space, variables);
      transitions.push({ ...refs, example: readableExample(base, head, space, found, refs, options.now) });
      if (direction === "weaker") weaker = true;
      else stricter = true;
      solver.add(z3.Not(z3.And(from.eq(fromIndex), to.eq(toIndex))));
    }
    solver.pop();
  }
  return { verdict: verdictOf(base, head, weaker, stricter), transitions };
}

function refAt(outcomes: readonly DecisionRef[], index: number): DecisionRef {
  const ref = outcomes[index];
  if (ref === undefined) throw new Error(`weakening check: the solver chose decision ${index} of ${outcomes.length} (a bug in weakening/encode.ts)`);
  return ref;
}

