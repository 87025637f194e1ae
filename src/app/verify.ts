/**
 * One way to ask a question of two versions of a policy, or of one policy:
 * the weakening check (weakening.ts) and the reachability of rules
 * (reachability.ts) are two uses of `verify`, as Cedar's verifier builds
 * equivalence, implication and always-allows from one check. A question
 * gives its pieces (Question); verify runs the engines, cheapest first
 * (docs/decisions.md, "Issue 13: weakening check speed"):
 * 1. an answer no engine is needed for, when the question has one (the same
 *    decisive content on both sides: `equivalent`, nothing built);
 * 2. an answer remembered for the process: a repository repeats the same
 *    policy across environments;
 * 3. the interval partition (partition.ts) when the subjects have at most
 *    partitionBudget() representative screenings: pure JS, no solver;
 * 4. z3 (solver.ts) over the subjects encoded over one screening space
 *    (encode.ts, encodeSubjects), the question adding its constraint and
 *    enumerating what it asks for (SolverSession).
 * All of it within one time bound (TimeBound): an answer cut short is the
 * question's `unknown`, never a partial one, and is not remembered.
 */
import type { Bool, Context, Model, Solver as Z3Solver } from "z3-solver";
import { canonicalJson } from "../core/canonical.js";
import type { DecisionSubject } from "../core/semantics/subject.js";
import { BoundReached, type StopWhen } from "../core/semantics/weakening/bound.js";
import { encodeSubjects, type EncodedSubjects } from "../core/semantics/weakening/encode.js";
import type { PartitionOptions } from "../core/semantics/weakening/partition.js";
import { newSolver, runWithSolver } from "./solver.js";

/** Default time limit per question: per policy pair, or per policy (docs/semantics.md, "The bound of the weakening check"). */
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

/** The representative screenings the partition may walk for these versions before it leaves them to z3; 0: not tried. */
export function partitionBudget(subjects: ReadonlyArray<DecisionSubject>): number {
  const rules = subjects.reduce((sum, subject) => sum + (subject.policy?.rules.postScreen.length ?? 0), 0);
  if (rules > PARTITION_MAX_RULES) return 0;
  return Math.min(PARTITION_MAX_SCREENINGS, Math.floor(PARTITION_MAX_RULE_SCREENINGS / Math.max(1, rules)));
}

/** Answers remembered per question and process, oldest forgotten first: a plan of 200 policies repeats a few across environments. */
const REMEMBERED_ANSWERS = 1_000;

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

/**
 * One question's turn at z3: its subjects encoded over one screening space,
 * the solver that holds them, and the enumeration every question makes.
 * Both are made at first use, so that a question checks its subjects and
 * builds its own terms in the order it always has (z3's answers follow the
 * order terms are made in).
 */
export class SolverSession {
  private encodedSubjects: EncodedSubjects | undefined;
  private madeSolver: Z3Solver<"main"> | undefined;

  constructor(
    readonly z3: Context<"main">,
    private readonly subjects: readonly DecisionSubject[],
    private readonly now: number,
    readonly bound: TimeBound,
  ) {}

  /** The subjects (Question.subjects) over one screening space, each decision encoded in turn. */
  get encoded(): EncodedSubjects {
    this.encodedSubjects ??= encodeSubjects(this.z3, this.subjects, this.now, this.bound.reached);
    return this.encodedSubjects;
  }

  /** A solver holding the encoding's constraints; a question may add its own, for the whole session. */
  get solver(): Z3Solver<"main"> {
    if (this.madeSolver === undefined) {
      const solver = newSolver(this.z3);
      for (const constraint of this.encoded.constraints) solver.add(constraint);
      this.madeSolver = solver;
    }
    return this.madeSolver;
  }

  /**
   * Every model under what the solver holds and `constraint`, within the
   * bound: each is given to `take`, which reads what the question wants of
   * it and returns what tells it apart (its outcomes' `decides`); that is
   * excluded before the next call, which finds another or proves there is
   * none. Resolves to undefined once there is none, else to why z3 stopped
   * short (the bound, or z3's own reason), for `bound.reason`.
   */
  async enumerate(constraint: Bool<"main"> | undefined, take: (model: Model<"main">) => Bool<"main">): Promise<string | undefined> {
    const solver = this.solver;
    solver.push();
    try {
      if (constraint !== undefined) solver.add(constraint);
      for (;;) {
        this.bound.during("in the solver");
        const left = this.bound.left();
        if (left <= 0) return "the time ran out in the solver";
        solver.set("timeout", Math.max(1, Math.floor(left)));
        const result = await solver.check();
        if (result === "unsat") return undefined;
        if (result === "unknown") {
          const why = solver.reasonUnknown();
          return this.bound.stoppedSolver() ? `the time ran out in the solver (z3: ${why})` : `z3: ${why}`;
        }
        solver.add(this.z3.Not(take(solver.model())));
      }
    } finally {
      solver.pop();
    }
  }
}

export interface VerifyOptions {
  /** The clock address entries' `expiresAt` is read at: epoch milliseconds. */
  now: number;
  /** Time limit for the whole question (TimeBound); default 10 s. */
  timeoutMs?: number;
}

/**
 * What a question gives verify: its pieces for each engine, and what its
 * answers are. `base` and `head` are the two versions; a question about one
 * policy is asked with that policy as both.
 */
export interface Question<Answer, Options extends VerifyOptions = VerifyOptions> {
  /** What the time limit is per, in an `unknown`'s reason. */
  per: "policy pair" | "policy";
  /** The subjects z3 encodes over one screening space, and the answer is remembered by. */
  subjects(base: DecisionSubject, head: DecisionSubject): DecisionSubject[];
  /** An answer no engine is needed for, if any; not remembered: it costs nothing to find again. */
  settled?(base: DecisionSubject, head: DecisionSubject, options: Options): Answer | undefined;
  /** The interval partition's answer, incomplete (isComplete) when it gave up: beyond its budget, or at the bound. */
  partition(base: DecisionSubject, head: DecisionSubject, options: Required<Pick<PartitionOptions, "now" | "maxScreenings" | "stop">>): Answer;
  /** The partition's complete answer with its examples made readable as z3's are (examples.ts), so that a report does not depend on the engine. */
  readable(base: DecisionSubject, head: DecisionSubject, answer: Answer, options: Options, stop: StopWhen): Answer;
  /** z3's answer: the question's constraint, what it enumerates (SolverSession), the answer it makes of that. */
  solve(session: SolverSession, base: DecisionSubject, head: DecisionSubject, options: Options): Promise<Answer>;
  /** Nothing decided, and why. */
  unknown(base: DecisionSubject, head: DecisionSubject, reason: string): Answer;
  /** Not cut short by the bound: asked again, an incomplete answer may be complete, so it is never remembered. */
  isComplete(answer: Answer): boolean;
  /** An engine's answer in the order a report reads it, whichever engine found it. */
  inOrder?(base: DecisionSubject, head: DecisionSubject, answer: Answer): Answer;
  /** Throws when the answer is wrong (decided-as-reported.ts); every answer verify returns passes it first, and only checked ones are remembered. */
  check?(base: DecisionSubject, head: DecisionSubject, answer: Answer, options: Options): void;
}

/** Per question (a module's constant), its answers by subjects and clock. */
const rememberedByQuestion = new Map<object, Map<string, unknown>>();

function rememberedFor<Answer>(question: Question<Answer, never>): Map<string, Answer> {
  let remembered = rememberedByQuestion.get(question);
  if (remembered === undefined) {
    remembered = new Map();
    rememberedByQuestion.set(question, remembered);
  }
  return remembered as Map<string, Answer>;
}

/**
 * The question's answer for base and head (docs/semantics.md, "The bound of
 * the weakening check"): the engines in the order this module's comment
 * gives, one time bound over all of them.
 */
export async function verify<Answer, Options extends VerifyOptions>(question: Question<Answer, Options>, base: DecisionSubject, head: DecisionSubject, options: Options): Promise<Answer> {
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, question.per);
  const settled = question.settled?.(base, head, options);
  if (settled !== undefined) return checked(question, base, head, settled, options);
  const remembered = rememberedFor(question);
  // The whole subjects, ids and all: the answers name the rules that decide.
  const key = canonicalJson([...question.subjects(base, head), options.now]);
  const known = remembered.get(key);
  if (known !== undefined) return checked(question, base, head, structuredClone(known), options);
  const found = await withinBound(question, base, head, bound, async () => byPartition(question, base, head, options, bound) ?? (await bySolver(question, base, head, options, bound)));
  const answer = checked(question, base, head, question.inOrder?.(base, head, found) ?? found, options);
  if (question.isComplete(answer)) {
    remembered.set(key, structuredClone(answer));
    if (remembered.size > REMEMBERED_ANSWERS) remembered.delete(remembered.keys().next().value!);
  }
  return answer;
}

/**
 * One engine alone, whatever the size, nothing remembered or checked: for
 * the tests that hold the engines against each other and against the named
 * cases, and for the benchmark. The partition beyond its budget is `unknown`.
 */
export async function verifyWith<Answer, Options extends VerifyOptions>(
  engine: "partition" | "solver",
  question: Question<Answer, Options>,
  base: DecisionSubject,
  head: DecisionSubject,
  options: Options,
): Promise<Answer> {
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, question.per);
  if (engine === "solver") return withinBound(question, base, head, bound, () => bySolver(question, base, head, options, bound));
  const beyond = () => question.unknown(base, head, `more than ${partitionBudget([base, head])} representative screenings (partitionBudget)`);
  return withinBound(question, base, head, bound, async () => byPartition(question, base, head, options, bound) ?? beyond());
}

function checked<Answer, Options extends VerifyOptions>(question: Question<Answer, Options>, base: DecisionSubject, head: DecisionSubject, answer: Answer, options: Options): Answer {
  question.check?.(base, head, answer, options);
  return answer;
}

/** `answer`, or the question's `unknown` with the bound when a loop of core stopped at it (BoundReached). */
async function withinBound<Answer>(question: Question<Answer, never>, base: DecisionSubject, head: DecisionSubject, bound: TimeBound, answer: () => Promise<Answer>): Promise<Answer> {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof BoundReached) return question.unknown(base, head, bound.reason());
    throw error;
  }
}

/**
 * The partition's answer made readable, undefined beyond its budget
 * (partitionBudget) or when it gave up; BoundReached once the bound is
 * reached (z3 would have no time).
 */
function byPartition<Answer, Options extends VerifyOptions>(question: Question<Answer, Options>, base: DecisionSubject, head: DecisionSubject, options: Options, bound: TimeBound): Answer | undefined {
  const maxScreenings = partitionBudget([base, head]);
  if (maxScreenings === 0) return undefined;
  bound.during("in the interval partition");
  const answer = question.partition(base, head, { now: options.now, maxScreenings, stop: bound.reached });
  if (!question.isComplete(answer)) {
    if (bound.reached()) throw new BoundReached();
    return undefined;
  }
  bound.during("while the examples were made readable");
  return question.readable(base, head, answer, options, bound.reached);
}

/** z3's answer, once the question's turn at the solver comes (the wait is not counted in its bound). */
function bySolver<Answer, Options extends VerifyOptions>(question: Question<Answer, Options>, base: DecisionSubject, head: DecisionSubject, options: Options, bound: TimeBound): Promise<Answer> {
  return runWithSolver(
    (z3) => {
      bound.during(`while the ${question.per === "policy" ? "policy" : "pair"} was encoded for the solver`);
      return question.solve(new SolverSession(z3, question.subjects(base, head), options.now, bound), base, head, options);
    },
    (ms) => bound.exclude(ms),
  );
}
