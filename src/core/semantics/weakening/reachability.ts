/**
 * Exact reachability of a policy's postScreen rules (docs/semantics.md,
 * "Reachability of rules"): is some screening decided by the rule, and if
 * none is, which earlier rules decide the screenings it matches
 * (`policy-disabled` when the policy is disabled: `takesMatches`). Two
 * engines answer, as for the weakening check (style.md habit 12): the z3
 * prover (src/app/reachability.ts, over the query built here on encode.ts's
 * translation) and the interval partition (partition.ts,
 * `reachabilityPartition`). What they share, the shape of an answer, lives
 * here. Pure: z3's types only (`import type`).
 *
 * preScreen holds no rules (chains, minAmountUsd and tokens are one gate,
 * semantics.md section 2, step 4): only postScreen rules are answered for.
 */
import type { Bool, Context } from "z3-solver";
import { matchesEveryScreening } from "../../checks/catch-all.js";
import { BEFORE_VENDOR, STEPS, STRICTNESS } from "../decision.js";
import type { ScopedScreening } from "../signals.js";
import { compileSubject, type CompiledRule, type DecisionSubject } from "../subject.js";
import type { StopWhen } from "./bound.js";
import { allOf, whenHolds, type EncodedDecision, type EncodedSubjects } from "./encode.js";
import { readableExample } from "./examples.js";
import type { DecisionRef, RuleReachability, RuleRef, Taker } from "./model.js";
import type { ScreeningSpace } from "./space.js";

type Z3 = Context<"main">;

/** Per rule what a reachability session asks, over the subject's own encoding (encode.ts, encodeSubjects). */
export interface ReachabilityQuery {
  decision: EncodedDecision;
  rules: Array<{
    rule: CompiledRule;
    /** The index into `decision.outcomes` that stands for "decided by this rule". */
    outcome: number;
    /** The rule's `when` holds (whatever decides). */
    matches: Bool<"main">;
  }>;
  /** The decision is one `takesMatches` counts as a taker. */
  taking: Bool<"main">;
}

/**
 * Per postScreen rule of the subject (`rules`, distinctRules) the outcome
 * that means "this rule decided" and the formula "this rule's `when` holds",
 * over the subject encoded alone (`encoded`, its one decision). A rule is
 * reachable when its outcome's `decides` can hold; its takers are the
 * outcomes that can decide while `matches` holds.
 */
export function reachabilityQuery(z3: Z3, subject: DecisionSubject, rules: readonly CompiledRule[], encoded: EncodedSubjects): ReachabilityQuery {
  const { space, variables } = encoded;
  const decision = encoded.decisions[0]!;
  const outcomeIndex = new Map(decision.outcomes.map((outcome, index) => [`${outcome.action}\u0000${outcome.by}`, index]));
  return {
    decision,
    rules: rules.map((rule) => ({
      rule,
      outcome: outcomeIndex.get(`${rule.action}\u0000${rule.id}`) ?? -1,
      matches: whenHolds(z3, space, variables, rule.when),
    })),
    taking: allOf(z3, decision.outcomes.flatMap((outcome, index) => (takesMatches(subject, outcome) ? [] : [z3.Not(decision.decides[index]!)]))),
  };
}

/**
 * Does this decision count as taking a rule's matches? Any, when the policy
 * is disabled or absent (no rule is ever reached: policy-disabled takes
 * them all). Otherwise only a rule: the steps before the vendor read no
 * signal, so they take some screenings of every rule alike (a named address,
 * a gated chain) and never all of one; naming them would hide the earlier
 * rules that decide the rest (docs/decisions.md, "Issue 13: exact
 * reachability").
 */
export function takesMatches(subject: DecisionSubject, decision: DecisionRef): boolean {
  return subject.policy?.enabled !== true || !BEFORE_VENDOR.has(decision.by);
}

/** The outcome index a model chose, checked against the outcomes encode.ts made. */
export function outcomeAt(decision: EncodedDecision, index: number): DecisionRef {
  const ref = decision.outcomes[index];
  if (ref === undefined) throw new Error(`reachability: the solver chose decision ${index} of ${decision.outcomes.length} (a bug in weakening/encode.ts)`);
  return ref;
}

/**
 * The postScreen rules, read once. Decisions are told apart by (action, id)
 * (DecisionRef), so two rules sharing an id could not be: lint refuses them
 * (duplicate-rule-id), and so does this, before anything is encoded.
 */
export function distinctRules(subject: DecisionSubject): CompiledRule[] {
  const rules = compileSubject(subject).rules;
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.id)) throw new TypeError(`reachability: rule id ${rule.id} is used twice in the ${subject.providerType} ${subject.scope} policy; lint it first`);
    seen.add(rule.id);
  }
  return rules;
}

/**
 * The subject that decides by `rule` exactly when its `when` holds (enabled,
 * no preScreen, no address entries, that rule alone) and otherwise by the
 * terminal ALLOW. Beside the subject itself it turns "matched by the rule,
 * decided by X" into a transition from X to the rule that examples.ts and the
 * partition already handle.
 */
export function matchingSubject(subject: DecisionSubject, rule: RuleRef): DecisionSubject {
  const policy = subject.policy;
  const document = policy?.rules.postScreen[rule.index];
  if (policy === undefined || document === undefined || document.id !== rule.id) throw new TypeError(`reachability: no rule ${rule.id} at postScreen[${rule.index}]`);
  return {
    providerType: subject.providerType,
    scope: subject.scope,
    policy: { ...policy, enabled: true, rules: { preScreen: {}, postScreen: [document] } },
    addressEntries: [],
  };
}

/**
 * A screening a reviewer recognises (examples.ts) that the rule matches and
 * the subject gives to `decider` (the rule itself for a reachable rule).
 * Throws when `found` is not one: the engines and `decide` disagree, a bug.
 */
export function readableMatch(subject: DecisionSubject, space: ScreeningSpace, found: ScopedScreening, rule: RuleRef, decider: DecisionRef, now: number, stop?: StopWhen): ScopedScreening {
  return readableExample(subject, matchingSubject(subject, rule), space, found, { from: decider, to: { action: rule.action, by: rule.id } }, now, stop);
}

/** The rule's place and action, as answers name it. */
export function ruleRefOf(rule: CompiledRule): RuleRef {
  return { id: rule.id, index: rule.index, action: rule.action };
}

/**
 * Per rule index, the id of the first earlier rule that matches every
 * screening (`{}`, or an `anyOf` with an empty alternative): the rules below
 * it are lint's unreachable-rule findings already (checks/catch-all.ts).
 */
export function catchAllsAbove(subject: DecisionSubject): Array<string | undefined> {
  const rules = subject.policy?.rules.postScreen ?? [];
  let first: string | undefined;
  return rules.map((rule) => {
    const above = first;
    if (first === undefined && matchesEveryScreening(rule.when)) first = rule.id;
    return above;
  });
}

/** The answer for a rule of `subject` no screening is decided by, its takers put in decision order. */
export function unreachableRule(subject: DecisionSubject, rule: RuleRef, takers: readonly Taker[], afterCatchAll: string | undefined): RuleReachability {
  const positions = new Map(compileSubject(subject).rules.map((compiled) => [compiled.id, compiled.index]));
  const order = (taker: Taker) => decisionOrder(taker, positions);
  const ordered = [...takers].sort((a, b) => order(a) - order(b) || STRICTNESS[a.action] - STRICTNESS[b.action]);
  const lessStrict = ordered.length > 0 && ordered.every((taker) => STRICTNESS[taker.action] < STRICTNESS[rule.action]);
  return { ...rule, status: "unreachable", takers: ordered, lessStrict, ...(afterCatchAll === undefined ? {} : { afterCatchAll }) };
}

/**
 * Where a decider sits in semantics.md section 2's order: the steps before
 * the vendor, then the rules by position (a taker is always earlier than the
 * rule it takes from, so the terminal ALLOW never is one).
 */
function decisionOrder(ref: DecisionRef, positions: ReadonlyMap<string, number>): number {
  const rule = positions.get(ref.by);
  if (rule !== undefined) return STEPS.length + rule;
  return (STEPS as readonly string[]).indexOf(ref.by);
}
