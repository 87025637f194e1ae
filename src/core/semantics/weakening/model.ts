/**
 * What the weakening check says about two versions of one policy
 * (semantics.md section 5). Pure types: the solver that produces them lives
 * in src/app/weakening.ts, the translation into constraints in encode.ts.
 */
import type { Action } from "../../vendors.js";
import type { ScopedScreening } from "../signals.js";

/**
 * `equivalent`: no screening changes action. `stricter`: some get a stricter
 * action, none a less strict one. `weaker`: the reverse. `mixed`: both.
 * `added` / `removed`: the base (head) has no policy file for this scope and
 * the other has one. `unknown`: the solver hit a bound (time) before it could
 * answer; never read as `equivalent`.
 */
export type Verdict = "equivalent" | "stricter" | "weaker" | "mixed" | "added" | "removed" | "unknown";

/** One decision: its action and what decided it (a rule id or a step of semantics.md section 2). */
export interface DecisionRef {
  action: Action;
  by: string;
}

/** A change of decision between the versions, with one screening that makes it. */
export interface Transition {
  from: DecisionRef;
  to: DecisionRef;
  /** A complete screening that `decide` reproduces on both versions: `from` on base, `to` on head. */
  example: ScopedScreening;
}

export interface SubjectComparison {
  verdict: Verdict;
  /** Every distinct (from, to) pair whose actions differ, weakenings first, then in decision order (verdict.ts, inDecisionOrder); same-action changes are not listed. */
  transitions: Transition[];
  /** For `unknown`: the bound that was hit, in words. */
  reason?: string;
}
