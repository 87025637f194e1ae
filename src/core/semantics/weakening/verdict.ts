/**
 * The vocabulary both engines of the weakening check (the z3 prover in
 * src/app/weakening.ts, the interval partition in partition.ts) and the
 * reports share: which transitions weaken, what a pair's verdict is, which
 * verdicts the guards refuse, and the empty side of a pair.
 */
import { STRICTNESS } from "../decision.js";
import type { DecisionSubject } from "../subject.js";
import type { DecisionRef, SubjectComparison, Transition, Verdict } from "./model.js";

/** Is `to` less strict than `from` (ALLOW < ALERT < BLOCK)? */
export function isWeakening(transition: { from: DecisionRef; to: DecisionRef }): boolean {
  return STRICTNESS[transition.to.action] < STRICTNESS[transition.from.action];
}

/**
 * The verdicts refused by `compare --deny-weakening`, `plan --deny-weakening`
 * and push's guard in a live environment (semantics.md section 5): a
 * weakening, or no proof that there is none (docs/semantics.md, "The bound of
 * the weakening check").
 */
const REFUSED_VERDICTS: ReadonlySet<Verdict> = new Set(["weaker", "mixed", "unknown"]);

/**
 * Is this comparison refused (REFUSED_VERDICTS)? weaker, mixed and unknown
 * are; so is a removed (or added) policy any of whose transitions is a
 * weakening. The reports only word the answer.
 */
export function isRefusedWeakening(comparison: Pick<SubjectComparison, "verdict" | "transitions">): boolean {
  return REFUSED_VERDICTS.has(comparison.verdict) || comparison.transitions.some(isWeakening);
}

/** `added` / `removed` by policy files, else by the directions the transitions go. */
export function verdictOf(base: DecisionSubject, head: DecisionSubject, weaker: boolean, stricter: boolean): Verdict {
  if (base.policy === undefined && head.policy !== undefined) return "added";
  if (base.policy !== undefined && head.policy === undefined) return "removed";
  if (weaker && stricter) return "mixed";
  if (weaker) return "weaker";
  if (stricter) return "stricter";
  return "equivalent";
}

/** A missing side is the same (vendor, scope) with no policy and no address entries; undefined when both are missing. */
export function completePair(base: DecisionSubject | undefined, head: DecisionSubject | undefined): { base: DecisionSubject; head: DecisionSubject } | undefined {
  const known = base ?? head;
  if (known === undefined) return undefined;
  const none: DecisionSubject = { providerType: known.providerType, scope: known.scope };
  return { base: base ?? none, head: head ?? none };
}

/** The steps decided before the rules, in decide()'s order (semantics.md section 2). */
const STEPS_BEFORE_RULES = ["sanctions-floor", "address-entry", "policy-disabled", "pre-screen"];

/**
 * Transitions in one order whichever engine found them: weakenings first,
 * then by where base decides (steps in decide()'s order, then the rules in
 * the policy's order, then terminal-allow), then by where head decides. A
 * report then reads like the policy file and does not change with the
 * engine (or a solver's model) that answered.
 */
export function inDecisionOrder(base: DecisionSubject, head: DecisionSubject, transitions: readonly Transition[]): Transition[] {
  const rankIn = (subject: DecisionSubject) => {
    // By id, the first rule of that id: a sort of hundreds of transitions over a thousand rules looks each up many times.
    const postScreen = subject.policy?.rules.postScreen ?? [];
    const rules = new Map<string, number>();
    postScreen.forEach((rule, index) => {
      if (!rules.has(rule.id)) rules.set(rule.id, index);
    });
    return (by: string): number => {
      const step = STEPS_BEFORE_RULES.indexOf(by);
      if (step >= 0) return step;
      return STEPS_BEFORE_RULES.length + (rules.get(by) ?? postScreen.length);
    };
  };
  const [fromRank, toRank] = [rankIn(base), rankIn(head)];
  return [...transitions].sort(
    (a, b) => Number(isWeakening(b)) - Number(isWeakening(a)) || fromRank(a.from.by) - fromRank(b.from.by) || toRank(a.to.by) - toRank(b.to.by),
  );
}
