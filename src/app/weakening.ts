/**
 * The weakening check (semantics.md section 5): two versions of one policy
 * and its address entries, compared over every possible screening. One
 * question of verify.ts, which runs the engines cheapest first: the same
 * decisive content on both sides (decisive-content.ts) is `equivalent` with
 * nothing built; else the interval partition (partition.ts) within its
 * budget; else z3 over the finite space of weakening/space.ts, which
 * enumerates, per direction (weaker, stricter), every pair of outcomes some
 * screening goes from and to.
 */
import type { Screening } from "../core/semantics/signals.js";
import type { DecisionSubject } from "../core/semantics/subject.js";
import { addressKey } from "../core/semantics/subject.js";
import type { StopWhen } from "../core/semantics/weakening/bound.js";
import { changesStrictness, outcomeOfModel, screeningOfModel } from "../core/semantics/weakening/encode.js";
import { decisiveContent } from "../core/semantics/weakening/decisive-content.js";
import { checkDecidedAsReported, EngineDisagreement } from "../core/semantics/weakening/decided-as-reported.js";
import { readableExample, reproduces } from "../core/semantics/weakening/examples.js";
import type { DecisionRef, SubjectComparison, Transition } from "../core/semantics/weakening/model.js";
import { comparePartition } from "../core/semantics/weakening/partition.js";
import { regionOf } from "../core/semantics/weakening/region.js";
import { otherAddress, otherChain, screeningSpace, type ScreeningSpace } from "../core/semantics/weakening/space.js";
import { completePair, inDecisionOrder, isWeakening, verdictOf } from "../core/semantics/weakening/verdict.js";
import { explainComparison } from "../core/semantics/weakening/explain.js";
import { partitionBudget, verify, verifyWith, type Question, type SolverSession, type VerifyOptions } from "./verify.js";

export { isWeakening };

export type { DecisionRef, SubjectComparison } from "../core/semantics/weakening/model.js";

export interface CompareOptions extends VerifyOptions {
  /** The environment of the pair, to name it in an EngineDisagreement (its vendor and scope are the subjects'). */
  environment?: string;
}

export interface SolverOptions extends CompareOptions {
  /** Only the screenings of this one's region (region.ts): the decision corpus pins each of its cases so. */
  region?: Screening;
}

/** "Which screenings does head decide less (or more) strictly than base?", for verify. */
const weakening: Question<SubjectComparison, SolverOptions> = {
  per: "policy pair",
  subjects: (base, head) => [base, head],
  settled: (base, head, { now }) => (decisiveContent(base, now) === decisiveContent(head, now) ? { verdict: verdictOf(base, head, false, false), transitions: [] } : undefined),
  partition: (base, head, options) => comparePartition(base, head, options),
  readable: readablePartition,
  solve: compareWith,
  unknown: (_base, _head, reason) => ({ verdict: "unknown", transitions: [], reason }),
  isComplete: (answer) => answer.verdict !== "unknown",
  inOrder: (base, head, answer) => ({ ...answer, transitions: inDecisionOrder(base, head, answer.transitions) }),
  /**
   * Every answer, whichever way it was found, passes checkDecidedAsReported
   * before it is returned: each example decided through decide() on both
   * versions, the verdict the transitions' own. In the question, because
   * verify is the one way out of the check for every engine (the fast path,
   * the partition, z3, an answer remembered) and every command (compare,
   * plan, push); and verify checks before it remembers, so that only checked
   * answers are.
   */
  check: (base, head, answer, { now }) => checkDecidedAsReported(base, head, answer, now),
};

/**
 * Compares two versions of one (environment, vendor, scope): base and head,
 * either undefined when that version has no policy and no entries. `added`
 * (`removed`) when only head (base) has a policy file; with a policy on
 * neither side (an addresses.yaml change) the entries are compared as any
 * other change. The transitions of `added` and `removed` are listed too. An
 * EngineDisagreement (thrown by the check or while an engine's example was
 * made readable) leaves with the pair's environment named, when the caller
 * gave it.
 */
export async function compareSubjects(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: CompareOptions): Promise<SubjectComparison> {
  try {
    const pair = completePair(base, head);
    if (pair === undefined) throw new TypeError("compareSubjects needs a base or a head");
    return await verify(weakening, pair.base, pair.head, options);
  } catch (error) {
    if (error instanceof EngineDisagreement && options.environment !== undefined) throw error.in(options.environment);
    throw error;
  }
}

/**
 * The z3 engine alone, whatever the pair's size: what compareSubjects falls
 * back on, exported so that the tests hold it against the partition and
 * against random screenings, and for the benchmark.
 */
export async function compareWithSolver(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: SolverOptions): Promise<SubjectComparison> {
  const pair = completePair(base, head);
  if (pair === undefined) throw new TypeError("compareWithSolver needs a base or a head");
  return verifyWith("solver", weakening, pair.base, pair.head, options);
}

/**
 * The interval partition alone, its examples spelt as compareSubjects reports
 * them; `unknown` beyond its budget (partitionBudget) or the time limit. For
 * the tests that hold each engine to the same named cases
 * (test/fixtures/decisions/weakening/).
 */
export async function compareWithPartition(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: CompareOptions): Promise<SubjectComparison> {
  const pair = completePair(base, head);
  if (pair === undefined) throw new TypeError("compareWithPartition needs a base or a head");
  return verifyWith("partition", weakening, pair.base, pair.head, options);
}

/**
 * The partition's examples made readable as the solver's are (examples.ts),
 * and spelt as the solver spells a chain or address no version names
 * ("OTHER", "unlisted-address-1"), so that a report does not depend on the
 * engine that answered.
 */
function readablePartition(base: DecisionSubject, head: DecisionSubject, result: SubjectComparison, { now }: VerifyOptions, stop: StopWhen): SubjectComparison {
  const space = screeningSpace([base, head]);
  const transitions = result.transitions.map((transition): Transition => {
    const example = readableExample(base, head, space, solverSpelling(base, head, space, transition, now), transition, now, stop);
    return { from: transition.from, to: transition.to, example };
  });
  return explained(base, head, { verdict: result.verdict, transitions }, now, stop);
}

/**
 * Boxes per representative screening the partition may walk, for the
 * regions and causes: their walk also cuts where head with one edit taken
 * back decides differently (regions.ts), a few boxes per representative.
 */
const REGION_BOXES_PER_SCREENING = 4;

/**
 * The answer with its causes and regions (explain.ts), within the bound and
 * a budget of boxes in proportion to the partition's (the same walk);
 * beyond the partition's rules (partitionBudget 0), without them, and why.
 */
function explained(base: DecisionSubject, head: DecisionSubject, comparison: SubjectComparison, now: number, stop: StopWhen): SubjectComparison {
  const budget = partitionBudget([base, head]);
  if (budget === 0 && comparison.verdict !== "unknown" && comparison.transitions.length > 0) {
    return { ...comparison, regionsReason: "causes and regions are computed for pairs of at most 400 rules in both versions together (the interval partition's bound)" };
  }
  return explainComparison(base, head, comparison, now, stop, budget * REGION_BOXES_PER_SCREENING);
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

/** Per direction, every (from, to) pair of outcomes some screening goes between, each with a readable example. */
async function compareWith(session: SolverSession, base: DecisionSubject, head: DecisionSubject, options: SolverOptions): Promise<SubjectComparison> {
  const { z3, bound } = session;
  const solver = session.solver;
  const { space, variables, decisions } = session.encoded;
  const before = decisions[0]!;
  const after = decisions[1]!;
  if (options.region !== undefined) solver.add(regionOf(z3, space, variables, options.region));

  const transitions: Transition[] = [];
  let weaker = false;
  let stricter = false;
  for (const direction of ["weaker", "stricter"] as const) {
    const stoppedShort = await session.enumerate(changesStrictness(z3, before, after, direction), (model) => {
      const fromIndex = outcomeOfModel(z3, model, before);
      const toIndex = outcomeOfModel(z3, model, after);
      const refs = { from: refAt(before.outcomes, fromIndex), to: refAt(after.outcomes, toIndex) };
      const found = screeningOfModel(z3, model, space, variables);
      bound.during("while the examples were made readable");
      transitions.push({ ...refs, example: readableExample(base, head, space, found, refs, options.now, bound.reached) });
      if (direction === "weaker") weaker = true;
      else stricter = true;
      return z3.And(before.decides[fromIndex]!, after.decides[toIndex]!);
    });
    if (stoppedShort !== undefined) return { verdict: "unknown", transitions: [], reason: bound.reason(stoppedShort) };
  }
  bound.during("while the causes and regions were computed");
  const answer = { verdict: verdictOf(base, head, weaker, stricter), transitions: inDecisionOrder(base, head, transitions) };
  // The decision corpus pins a region to one screening: the whole space's regions are not what it asks.
  return options.region === undefined ? explained(base, head, answer, options.now, bound.reached) : answer;
}

function refAt(outcomes: readonly DecisionRef[], index: number): DecisionRef {
  const ref = outcomes[index];
  if (ref === undefined) throw new Error(`weakening check: the solver chose decision ${index} of ${outcomes.length} (a bug in weakening/encode.ts)`);
  return ref;
}
