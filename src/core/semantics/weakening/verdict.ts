/**
 * The vocabulary both engines of the weakening check (the z3 prover in
 * src/app/weakening.ts, the interval partition in partition.ts) and the
 * reports share: which transitions weaken, what a pair's verdict is, and the
 * empty side of a pair.
 */
import { STRICTNESS } from "../decision.js";
import type { DecisionSubject } from "../subject.js";
import type { DecisionRef, Verdict } from "./model.js";

/** Is `to` less strict than `from` (ALLOW < ALERT < BLOCK)? */
export function isWeakening(transition: { from: DecisionRef; to: DecisionRef }): boolean {
  return STRICTNESS[transition.to.action] < STRICTNESS[transition.from.action];
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
