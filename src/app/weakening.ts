/**
 * The weakening check (semantics.md section 5; issue 13, items 1, 2 and 8):
 * two versions of one policy and its address entries, compared over every
 * possible screening. Three exact ways, cheapest first (docs/decisions.md,
 * "Issue 13: weakening check speed"):
 * 1. the same decisive content on both sides (decisive-content.ts):
 *    `equivalent`, nothing built;
 * 2. the interval partition (partition.ts) when the pair has at most
 *    partitionBudget() representative screenings: pure JS, no solver;
 * 3. z3 over the finite space of weakening/space.ts.
 * A pair's answer is remembered for the process: a repository repeats the
 * same policy across environments.
 *
 * z3-solver (WebAssembly, ~0.4 s to start) is imported here only, and only
 * when a comparison needs it or `prewarmSolver()` is called: `lint` never
 * loads it. Its Emscripten worker threads keep a process alive, so a command
 * that compared calls `closeSolver()` (or runs inside `withSolver`) before it
 * returns.
 */
import { writeSync } from "node:fs";
import type { Context, Model, Solver as Z3Solver } from "z3-solver";
import type { Screening } from "../core/semantics/signals.js";
import type { DecisionSubject } from "../core/semantics/subject.js";
import { changesStrictness, declareSpace, encodeDecision, outcomeOfModel, screeningOfModel } from "../core/semantics/weakening/encode.js";
import { canonicalJson } from "../core/canonical.js";
import { BoundReached, type StopWhen } from "../core/semantics/weakening/bound.js";
import { addressKey } from "../core/semantics/subject.js";
import { decisiveContent } from "../core/semantics/weakening/decisive-content.js";
import { checkDecidedAsReported, EngineDisagreement } from "../core/semantics/weakening/decided-as-reported.js";
import { readableExample, reproduces } from "../core/semantics/weakening/examples.js";
import type { DecisionRef, SubjectComparison, Transition } from "../core/semantics/weakening/model.js";
import { comparePartition } from "../core/semantics/weakening/partition.js";
import { regionOf } from "../core/semantics/weakening/region.js";
import { otherAddress, otherChain, screeningSpace, type ScreeningSpace } from "../core/semantics/weakening/space.js";
import { completePair, inDecisionOrder, isWeakening, verdictOf } from "../core/semantics/weakening/verdict.js";

export { isWeakening };

export type { DecisionRef, SubjectComparison,   } from "../core/semantics/weakening/model.js";

/** Default time limit per policy pair (issue 13, item 8). */
export const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Representative screenings up to which the interval partition answers
 * without z3. Each costs 10 to 30 µs (both versions decided, 2 vCPU), so a
 * pair the partition gives up on costs at most about 0.25 to 0.75 s more
 * than z3 alone; under it, no solver start (0.3 s) and no first call (0.5 to
 * 1 s). The 40-rule bench pairs have 2,592 and 9,264 (BENCHMARKS.md).
 */
export const PARTITION_MAX_SCREENINGS = 25_000;

/**
 * A representative's cost grows with the rules (each version decides it rule
 * by rule, and the walk reads every rule still open), and so does the
 * partition's setup, with their square: 25,000 representatives took 1.3 s at
 * 200 rules a side and 6 to 8 s at 1,000 before the partition gave up. So
 * its budget is PARTITION_MAX_SCREENINGS at the 80 rules of the bench pairs,
 * less in proportion beyond, and none beyond PARTITION_MAX_RULES, twice the
 * service's 200 rules per list, where z3 answers alone.
 */
const PARTITION_MAX_RULE_SCREENINGS = 80 * PARTITION_MAX_SCREENINGS;
const PARTITION_MAX_RULES = 400;

/** The representative screenings the partition may walk for these versions before it leaves the pair to z3; 0: not tried. */
export function partitionBudget(subjects: ReadonlyArray<DecisionSubject>): number {
  const rules = subjects.reduce((sum, subject) => sum + (subject.policy?.rules.postScreen.length ?? 0), 0);
  if (rules > PARTITION_MAX_RULES) return 0;
  return Math.min(PARTITION_MAX_SCREENINGS, Math.floor(PARTITION_MAX_RULE_SCREENINGS / Math.max(1, rules)));
}

/** Answers remembered per process, oldest forgotten first: a plan of 200 policies repeats a few across environments. */
const REMEMBERED_PAIRS = 1_000;

export interface CompareOptions {
  /** The clock address entries' `expiresAt` is read at: epoch milliseconds. */
  now: number;
  /**
   * Time limit for the whole pair (TimeBound): the partition, the encoding,
   * the solver's calls and the examples; default 10 s.
   */
  timeoutMs?: number;
  /** The environment of the pair, to name it in an EngineDisagreement (its vendor and scope are the subjects'). */
  environment?: string;
}

/** See TimeBound.stoppedSolver. */
const SOLVER_CLOCK_SLACK_MS = 100;

/**
 * The time bound of one question: a pair's weakening check, or one policy's
 * reachability (docs/semantics.md, "The bound of the weakening check"). It
 * runs from the question's start over everything the question does: the
 * interval partition, the encoding, every solver call (z3 is given the time
 * left) and the examples. Left out: z3's start, once per process, and a wait
 * for another question's turn at the solver, neither of them this
 * question's work. The loops of core read `reached` (bound.ts); when it
 * says yes the answer is `unknown` with `reason`, never a partial verdict.
 */
export class TimeBound {
  private end: number;
  /** What the question was doing, for the reason: "in the interval partition". */
  private phase = "before the solver was asked";

  constructor(
    readonly ms: number,
    private readonly per: "policy pair" | "policy",
  ) {
    this.end = performance.now() + ms;
  }

  left(): number {
    return this.end - performance.now();
  }

  readonly reached: StopWhen = () => this.left() <= 0;

  /**
   * Whether a solver call that came back `unknown` was stopped by this bound:
   * z3 was given the time left in whole milliseconds, counted from its own
   * start of the call, so it stops a little before the deadline as this
   * clock reads it. Otherwise z3 gave up for a reason of its own, said as such.
   */
  stoppedSolver(): boolean {
    return this.left() < SOLVER_CLOCK_SLACK_MS;
  }

  during(phase: string): void {
    this.phase = phase;
  }

  /** Time the question spent waiting on something not its own (z3's start, another question's turn) is added back. */
  exclude(ms: number): void {
    this.end += ms;
  }

  /** The reason of an `unknown`: the bound, and where the time ran out (or z3's own word). */
  reason(detail = `the time ran out ${this.phase}`): string {
    return `not decided within the time limit of ${this.ms} ms per ${this.per} (${detail})`;
  }
}

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
 *
 * Every answer, whichever way it was found, passes checkDecidedAsReported
 * before it is returned: each example decided through decide() on both
 * versions, the verdict the transitions' own. Here, because this is the one
 * way out of the check for every engine (the fast path, the partition, z3,
 * an answer remembered) and every command (compare, plan, push); and before
 * an answer is remembered, so that only checked ones are. An
 * EngineDisagreement (thrown there or while an engine's example was made
 * readable) leaves with the pair's environment named, when the caller gave it.
 */
export async function compareSubjects(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: CompareOptions): Promise<SubjectComparison> {
  try {
    const { result, rememberAs } = await answerOf(base, head, options);
    checkDecidedAsReported(base, head, result, options.now);
    if (rememberAs !== undefined) remember(rememberAs, result);
    return result;
  } catch (error) {
    if (error instanceof EngineDisagreement && options.environment !== undefined) throw error.in(options.environment);
    throw error;
  }
}

/** The pair's answer, and the key to remember it by when an engine has just found it (and it may be remembered). */
async function answerOf(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: CompareOptions): Promise<{ result: SubjectComparison; rememberAs?: string }> {
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "policy pair");
  const pair = completePair(base, head);
  if (pair === undefined) throw new TypeError("compareSubjects needs a base or a head");
  if (decisiveContent(pair.base, options.now) === decisiveContent(pair.head, options.now)) {
    return { result: { verdict: verdictOf(pair.base, pair.head, false, false), transitions: [] } };
  }
  // The whole subjects, ids and all: the transitions name the rules that decide.
  const key = canonicalJson([pair.base, pair.head, options.now]);
  const known = remembered.get(key);
  if (known !== undefined) return { result: structuredClone(known) };
  const found = await withinBound(bound, async () => compareByPartition(pair.base, pair.head, options.now, bound) ?? (await proveWithSolver(pair.base, pair.head, options, bound)));
  const result = { ...found, transitions: inDecisionOrder(pair.base, pair.head, found.transitions) };
  // `unknown` depends on the time limit and the machine's load: asked again, it may be answered.
  return result.verdict === "unknown" ? { result } : { result, rememberAs: key };
}

/** `answer`, or `unknown` with the bound when a loop of core stopped at it (BoundReached). */
async function withinBound(bound: TimeBound, answer: () => Promise<SubjectComparison>): Promise<SubjectComparison> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof BoundReached) return { verdict: "unknown", transitions: [], reason: bound.reason() };
    throw error;
  }
}

const remembered = new Map<string, SubjectComparison>();

function remember(key: string, result: SubjectComparison): void {
  remembered.set(key, structuredClone(result));
  if (remembered.size > REMEMBERED_PAIRS) remembered.delete(remembered.keys().next().value!);
}

export interface SolverOptions extends CompareOptions {
  /** Only the screenings of this one's region (region.ts): the decision corpus pins each of its cases so. */
  region?: Screening;
}

/**
 * The z3 engine alone, whatever the pair's size: what compareSubjects falls
 * back on, exported so that the tests hold it against the partition and
 * against random screenings, and for the benchmark.
 */
export async function compareWithSolver(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: SolverOptions): Promise<SubjectComparison> {
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "policy pair");
  const pair = completePair(base, head);
  if (pair === undefined) throw new TypeError("compareWithSolver needs a base or a head");
  return withinBound(bound, () => proveWithSolver(pair.base, pair.head, options, bound));
}

/**
 * The interval partition alone, its examples spelt as compareSubjects reports
 * them; `unknown` beyond its budget (partitionBudget) or the time limit. For
 * the tests that hold each engine to the same named cases
 * (test/fixtures/decisions/weakening/).
 */
export async function compareWithPartition(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: CompareOptions): Promise<SubjectComparison> {
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "policy pair");
  const pair = completePair(base, head);
  if (pair === undefined) throw new TypeError("compareWithPartition needs a base or a head");
  const beyond: SubjectComparison = { verdict: "unknown", transitions: [], reason: `more than ${partitionBudget([pair.base, pair.head])} representative screenings (partitionBudget)` };
  return withinBound(bound, async () => compareByPartition(pair.base, pair.head, options.now, bound) ?? beyond);
}

async function proveWithSolver(base: DecisionSubject, head: DecisionSubject, options: SolverOptions, bound: TimeBound): Promise<SubjectComparison> {
  return runWithSolver((z3) => compareWith(z3, base, head, options, bound), bound);
}

/**
 * Runs `fn` with the z3 context once every session queued before it has
 * ended (z3's calls are not reentrant), loading the solver first if need be:
 * the way in for every use of the solver (a comparison, reachability.ts).
 */
export async function runWithSolver<T>(fn: (z3: Context<"main">) => Promise<T>, bound?: TimeBound): Promise<T> {
  const waiting = performance.now();
  const { z3 } = await loadSolver();
  const run = queue.then(() => {
    bound?.exclude(performance.now() - waiting);
    return fn(z3);
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The partition's answer, undefined beyond its budget (partitionBudget) (and
 * `unknown` with the bound once that is reached: z3 would have no time). Its
 * examples are made readable as the solver's are (examples.ts), and spelt as
 * the solver spells a chain or address no version names ("OTHER",
 * "unlisted-address-1"), so that a report does not depend on the engine
 * that answered.
 */
function compareByPartition(base: DecisionSubject, head: DecisionSubject, now: number, bound: TimeBound): SubjectComparison | undefined {
  const maxScreenings = partitionBudget([base, head]);
  if (maxScreenings === 0) return undefined;
  bound.during("in the interval partition");
  const result = comparePartition(base, head, { now, maxScreenings, stop: bound.reached });
  if (result.verdict === "unknown") {
    if (bound.reached()) throw new BoundReached();
    return undefined;
  }
  bound.during("while the examples were made readable");
  const space = screeningSpace([base, head]);
  const transitions = result.transitions.map((transition): Transition => {
    const example = readableExample(base, head, space, solverSpelling(base, head, space, transition, now), transition, now, bound.reached);
    return { from: transition.from, to: transition.to, example };
  });
  return { verdict: result.verdict, transitions };
}

/**
 * The example as the solver spells it: a chain and address no version names
 * as "OTHER" and "unlisted-address-1" (when that keeps the transition), and
 * no empty transfer (the partition's context for "no amount, native token").
 */
function solverSpelling(base: DecisionSubject, head: DecisionSubject, space: ScreeningSpace, transition: Transition, now: number): Transition["example"] {
  const { transfer, ...rest } = transition.example;
  const example = transfer === undefined || Object.keys(transfer).length === 0 ? rest : transition.example;
  if (space.targets.some((target) => target.key === addressKey(example.chain, example.address))) return example;
  const chain = space.chains.includes(example.chain) ? example.chain : otherChain(space);
  const candidate = { ...example, chain, address: otherAddress(space, chain) };
  return reproduces(base, head, candidate, transition, now) ? candidate : example;
}

async function compareWith(z3: Context<"main">, base: DecisionSubject, head: DecisionSubject, options: SolverOptions, bound: TimeBound): Promise<SubjectComparison> {
  bound.during("while the pair was encoded for the solver");
  const space = screeningSpace([base, head]);
  const { variables, constraints } = declareSpace(z3, space);
  const before = encodeDecision(z3, space, variables, base, options.now, bound.reached);
  const after = encodeDecision(z3, space, variables, head, options.now, bound.reached);
  const solver = newSolver(z3);
  for (const constraint of [...constraints, ...before.definitions, ...after.definitions]) solver.add(constraint);
  if (options.region !== undefined) solver.add(regionOf(z3, space, variables, options.region));

  const transitions: Transition[] = [];
  let weaker = false;
  let stricter = false;
  for (const direction of ["weaker", "stricter"] as const) {
    solver.push();
    solver.add(changesStrictness(z3, before, after, direction));
    for (;;) {
      bound.during("in the solver");
      if (bound.reached()) throw new BoundReached();
      solver.set("timeout", Math.max(1, Math.floor(bound.left())));
      const result = await solver.check();
      if (result === "unknown") {
        const why = solver.reasonUnknown();
        return { verdict: "unknown", transitions: [], reason: bound.reason(bound.stoppedSolver() ? `the time ran out in the solver (z3: ${why})` : `z3: ${why}`) };
      }
      if (result === "unsat") break;
      const model: Model<"main"> = solver.model();
      const fromIndex = outcomeOfModel(z3, model, before);
      const toIndex = outcomeOfModel(z3, model, after);
      const refs = { from: refAt(before.outcomes, fromIndex), to: refAt(after.outcomes, toIndex) };
      const found = screeningOfModel(z3, model, space, variables);
      bound.during("while the examples were made readable");
      transitions.push({ ...refs, example: readableExample(base, head, space, found, refs, options.now, bound.reached) });
      if (direction === "weaker") weaker = true;
      else stricter = true;
      // The next call finds another (from, to) pair or proves there is none.
      solver.add(z3.Not(z3.And(before.decides[fromIndex]!, after.decides[toIndex]!)));
    }
    solver.pop();
  }
  return { verdict: verdictOf(base, head, weaker, stricter), transitions };
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

function refAt(outcomes: readonly DecisionRef[], index: number): DecisionRef {
  const ref = outcomes[index];
  if (ref === undefined) throw new Error(`weakening check: the solver chose decision ${index} of ${outcomes.length} (a bug in weakening/encode.ts)`);
  return ref;
}

