/**
 * Exact reachability of a policy's postScreen rules (issue 13, item 7), by
 * z3 over the screening space of the weakening check: one solver session per
 * subject, on the query of core/semantics/weakening/reachability.ts.
 *
 * First every decision some screening gets is enumerated (each found one
 * excluded before the next question, as compareSubjects excludes
 * transitions): a rule among them is reachable, the rest are not. Then, per
 * rule that is not, the decisions of the screenings its `when` holds for are
 * enumerated the same way (the steps before the vendor left out of an
 * enabled policy's: reachability.ts, `takesMatches`): its takers. The solver runs under the same time
 * limit per subject as a comparison; a rule whose answer was not complete
 * when it ran out is `unknown`, never reachable or unreachable by default.
 */
import type { Context, Model } from "z3-solver";
import { compileSubject, type DecisionSubject } from "../core/semantics/subject.js";
import { outcomeOfModel, screeningOfModel } from "../core/semantics/weakening/encode.js";
import type { RuleReachability, SubjectReachability, Taker } from "../core/semantics/weakening/model.js";
import { catchAllsAbove, outcomeAt, reachabilityQuery, readableMatch, ruleRefOf, unreachableRule } from "../core/semantics/weakening/reachability.js";
import type { ScopedScreening } from "../core/semantics/signals.js";
import { canonicalJson } from "../core/canonical.js";
import { reachabilityPartition } from "../core/semantics/weakening/partition.js";
import { screeningSpace } from "../core/semantics/weakening/space.js";
import { BoundReached } from "../core/semantics/weakening/bound.js";
import { DEFAULT_TIMEOUT_MS, newSolver, partitionBudget, runWithSolver, TimeBound } from "./weakening.js";

export type { RuleReachability, SubjectReachability, Taker } from "../core/semantics/weakening/model.js";

export interface ReachabilityOptions {
  /** The clock address entries' `expiresAt` is read at: epoch milliseconds. */
  now: number;
  /** Time limit for this subject, over all it does (TimeBound in weakening.ts); default 10 s, as a comparison's. */
  timeoutMs?: number;
}

/**
 * Per postScreen rule of `subject`: reachable (with a screening it decides),
 * unreachable (with its takers), or unknown. The cheaper exact engine first,
 * as compareSubjects does: the interval partition when the policy has at most
 * partitionBudget() representative screenings (pure JS, z3 never
 * loaded), else z3. Answers are remembered for the process: `plan` asks the
 * same question of one policy in every environment that holds it.
 */
export async function reachabilityOf(subject: DecisionSubject, options: ReachabilityOptions): Promise<SubjectReachability> {
  const key = canonicalJson([subject, options.now]);
  const known = remembered.get(key);
  if (known !== undefined) return structuredClone(known);
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "policy");
  const result = await withinBound(subject, bound, async () => byPartition(subject, options.now, bound) ?? (await runWithSolver((z3) => reachabilityWith(z3, subject, options, bound), bound)));
  // An answer cut short by the time limit may be complete when asked again.
  if (result.reason === undefined) {
    remembered.set(key, structuredClone(result));
    if (remembered.size > REMEMBERED_SUBJECTS) remembered.delete(remembered.keys().next().value!);
  }
  return result;
}

/** The z3 engine alone, whatever the policy's size: what reachabilityOf falls back on, exported for the tests that hold it against the partition. */
export async function reachabilityWithSolver(subject: DecisionSubject, options: ReachabilityOptions): Promise<SubjectReachability> {
  const bound = new TimeBound(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, "policy");
  return withinBound(subject, bound, () => runWithSolver((z3) => reachabilityWith(z3, subject, options, bound), bound));
}

/** `answer`, or every rule `unknown` with the bound when a loop of core stopped at it (BoundReached). */
async function withinBound(subject: DecisionSubject, bound: TimeBound, answer: () => Promise<SubjectReachability>): Promise<SubjectReachability> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof BoundReached)) throw error;
    return { rules: compileSubject(subject).rules.map((rule) => ({ ...ruleRefOf(rule), status: "unknown" })), reason: bound.reason() };
  }
}

const REMEMBERED_SUBJECTS = 1_000;
const remembered = new Map<string, SubjectReachability>();

/** The partition's answer with its examples made readable as z3's are; undefined beyond its budget (partitionBudget). */
function byPartition(subject: DecisionSubject, now: number, bound: TimeBound): SubjectReachability | undefined {
  // The subject against itself, as the partition walks it.
  const maxScreenings = partitionBudget([subject, subject]);
  if (maxScreenings === 0) return undefined;
  bound.during("in the interval partition");
  const answer = reachabilityPartition(subject, { now, maxScreenings, stop: bound.reached });
  if (answer.reason !== undefined) {
    if (bound.reached()) throw new BoundReached();
    return undefined;
  }
  bound.during("while the examples were made readable");
  const space = screeningSpace([subject]);
  const stop = bound.reached;
  return {
    rules: answer.rules.map((rule): RuleReachability => {
      if (rule.status === "reachable") return { ...rule, example: readableMatch(subject, space, rule.example, rule, { action: rule.action, by: rule.id }, now, stop) };
      if (rule.status === "unreachable") return { ...rule, takers: rule.takers.map((taker) => ({ ...taker, example: readableMatch(subject, space, taker.example, rule, { action: taker.action, by: taker.by }, now, stop) })) };
      return rule;
    }),
  };
}

/** A question's answer: a model, none (unsat), or why z3 could not say. */
type Answer = { kind: "sat"; model: Model<"main"> } | { kind: "unsat" } | { kind: "unknown"; reason: string };

async function reachabilityWith(z3: Context<"main">, subject: DecisionSubject, options: ReachabilityOptions, bound: TimeBound): Promise<SubjectReachability> {
  bound.during("while the policy was encoded for the solver");
  const query = reachabilityQuery(z3, subject, options.now, bound.reached);
  const { space, variables, decision } = query;
  const solver = newSolver(z3);
  for (const constraint of query.constraints) solver.add(constraint);
  bound.during("in the solver");
  const stop = bound.reached;

  const ask = async (): Promise<Answer> => {
    const left = bound.left();
    if (left <= 0) return { kind: "unknown", reason: "the time ran out in the solver" };
    solver.set("timeout", Math.max(1, Math.floor(left)));
    const result = await solver.check();
    if (result === "sat") return { kind: "sat", model: solver.model() };
    if (result === "unsat") return { kind: "unsat" };
    const why = solver.reasonUnknown();
    return { kind: "unknown", reason: bound.stoppedSolver() ? `the time ran out in the solver (z3: ${why})` : `z3: ${why}` };
  };
  /** Every outcome that decides under the constraints added so far, each with the screening of its first model; or why z3 could not finish. */
  const everyDecision = async (): Promise<Map<number, ScopedScreening> | { unknown: string }> => {
    const found = new Map<number, ScopedScreening>();
    solver.push();
    try {
      for (;;) {
        const answer = await ask();
        if (answer.kind === "unknown") return { unknown: answer.reason };
        if (answer.kind === "unsat") return found;
        const index = outcomeOfModel(z3, answer.model, decision);
        found.set(index, screeningOfModel(z3, answer.model, space, variables));
        solver.add(z3.Not(decision.decides[index]!));
      }
    } finally {
      solver.pop();
    }
  };
  const notDecided = (reason: string) => bound.reason(reason);

  const decided = await everyDecision();
  if (!(decided instanceof Map)) return { rules: query.rules.map(({ rule }) => ({ ...ruleRefOf(rule), status: "unknown" })), reason: notDecided(decided.unknown) };

  const catchAlls = catchAllsAbove(subject);
  const rules: RuleReachability[] = [];
  let reason: string | undefined;
  for (const { rule, outcome, matches } of query.rules) {
    const ref = ruleRefOf(rule);
    const found = decided.get(outcome);
    if (found !== undefined) {
      rules.push({ ...ref, status: "reachable", example: readableMatch(subject, space, found, ref, outcomeAt(decision, outcome), options.now, stop) });
      continue;
    }
    if (reason !== undefined) {
      rules.push({ ...ref, status: "unknown" });
      continue;
    }
    solver.push();
    solver.add(matches, query.taking);
    const taken = await everyDecision();
    solver.pop();
    if (!(taken instanceof Map)) {
      reason = notDecided(taken.unknown);
      rules.push({ ...ref, status: "unknown" });
      continue;
    }
    const takers: Taker[] = [...taken].map(([index, screening]) => {
      const decider = outcomeAt(decision, index);
      return { ...decider, example: readableMatch(subject, space, screening, ref, decider, options.now, stop) };
    });
    rules.push(unreachableRule(subject, ref, takers, catchAlls[rule.index]));
  }
  return reason === undefined ? { rules } : { rules, reason };
}
