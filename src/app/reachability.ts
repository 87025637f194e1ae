/**
 * Exact reachability of a policy's postScreen rules (docs/semantics.md,
 * "Reachability of rules"): one question of verify.ts, asked of the policy
 * as both its versions, on the query of
 * core/semantics/weakening/reachability.ts.
 *
 * The cheaper exact engine first, as for the weakening check: the interval
 * partition when the policy has at most partitionBudget() representative
 * screenings (pure JS, z3 never loaded), else z3. There, first every
 * decision some screening gets is enumerated: a rule among them is
 * reachable, the rest are not. Then, per rule that is not, the decisions of
 * the screenings its `when` holds for are enumerated the same way (the steps
 * before the vendor left out of an enabled policy's: reachability.ts,
 * `takesMatches`): its takers. The same time limit per policy as a
 * comparison's per pair; a rule whose answer was not complete when it ran
 * out is `unknown`, never reachable or unreachable by default. Answers are
 * remembered for the process: `plan` asks the same question of one policy
 * in every environment that holds it.
 */
import type { ScopedScreening } from "../core/semantics/signals.js";
import { compileSubject, type DecisionSubject } from "../core/semantics/subject.js";
import type { StopWhen } from "../core/semantics/weakening/bound.js";
import { outcomeOfModel, screeningOfModel } from "../core/semantics/weakening/encode.js";
import type { RuleReachability, SubjectReachability, Taker } from "../core/semantics/weakening/model.js";
import { reachabilityPartition } from "../core/semantics/weakening/partition.js";
import { catchAllsAbove, distinctRules, outcomeAt, reachabilityQuery, readableMatch, ruleRefOf, unreachableRule } from "../core/semantics/weakening/reachability.js";
import { screeningSpace } from "../core/semantics/weakening/space.js";
import { verify, verifyWith, type Question, type SolverSession, type VerifyOptions } from "./verify.js";

export type { SubjectReachability } from "../core/semantics/weakening/model.js";

/** The clock and the time limit for this policy, over all it does (TimeBound in verify.ts); default 10 s, as a comparison's. */
export type ReachabilityOptions = VerifyOptions;

/** "Which of this policy's rules does some screening reach, and who takes the others' screenings?", for verify. */
const reachability: Question<SubjectReachability> = {
  per: "policy",
  subjects: (subject) => [subject],
  partition: (subject, _subject, options) => reachabilityPartition(subject, options),
  readable: readablePartition,
  solve: reachabilityWith,
  unknown: (subject, _subject, reason) => ({ rules: compileSubject(subject).rules.map((rule) => ({ ...ruleRefOf(rule), status: "unknown" })), reason }),
  isComplete: (answer) => answer.reason === undefined,
};

/** Per postScreen rule of `subject`: reachable (with a screening it decides), unreachable (with its takers), or unknown. */
export async function reachabilityOf(subject: DecisionSubject, options: ReachabilityOptions): Promise<SubjectReachability> {
  return verify(reachability, subject, subject, options);
}

/** The z3 engine alone, whatever the policy's size: what reachabilityOf falls back on, exported for the tests that hold it against the partition. */
export async function reachabilityWithSolver(subject: DecisionSubject, options: ReachabilityOptions): Promise<SubjectReachability> {
  return verifyWith("solver", reachability, subject, subject, options);
}

/** The partition's answer with its examples made readable as z3's are. */
function readablePartition(subject: DecisionSubject, _subject: DecisionSubject, answer: SubjectReachability, { now }: VerifyOptions, stop: StopWhen): SubjectReachability {
  const space = screeningSpace([subject]);
  return {
    rules: answer.rules.map((rule): RuleReachability => {
      if (rule.status === "reachable") return { ...rule, example: readableMatch(subject, space, rule.example, rule, { action: rule.action, by: rule.id }, now, stop) };
      if (rule.status === "unreachable") return { ...rule, takers: rule.takers.map((taker) => ({ ...taker, example: readableMatch(subject, space, taker.example, rule, { action: taker.action, by: taker.by }, now, stop) })) };
      return rule;
    }),
  };
}

async function reachabilityWith(session: SolverSession, subject: DecisionSubject, _subject: DecisionSubject, options: VerifyOptions): Promise<SubjectReachability> {
  const { z3, bound } = session;
  const query = reachabilityQuery(z3, subject, distinctRules(subject), session.encoded);
  const { space, variables } = session.encoded;
  const { decision } = query;
  const stop = bound.reached;

  /** Every outcome that decides under the constraints added so far, each with the screening of its first model; or why z3 could not finish. */
  const everyDecision = async (): Promise<Map<number, ScopedScreening> | { unknown: string }> => {
    const found = new Map<number, ScopedScreening>();
    const stoppedShort = await session.enumerate(undefined, (model) => {
      const index = outcomeOfModel(z3, model, decision);
      found.set(index, screeningOfModel(z3, model, space, variables));
      return decision.decides[index]!;
    });
    return stoppedShort === undefined ? found : { unknown: stoppedShort };
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
    session.solver.push();
    session.solver.add(matches, query.taking);
    const taken = await everyDecision();
    session.solver.pop();
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
