/**
 * What the weakening check says about two versions of one policy
 * (semantics.md section 5), and which rules of one version any screening
 * reaches (docs/semantics.md, "Reachability of rules"). Pure types: the
 * engines that produce them run in src/app/verify.ts (the questions in
 * src/app/weakening.ts and src/app/reachability.ts), the translation into
 * constraints in encode.ts.
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

/**
 * Whether some screening is decided by a postScreen rule of one version
 * (docs/semantics.md, "Reachability of rules"), proven over the same finite
 * space as the weakening check. The sanctions floor is left out of every
 * answer: it takes the sanctioned copy of every screening and nothing else,
 * so naming it would say nothing about a rule.
 */
export interface RuleRef {
  id: string;
  /** Position in postScreen, 0-based. */
  index: number;
  action: Action;
}

/** An earlier rule or step that decides some screening a rule matches, with one such screening. */
export interface Taker extends DecisionRef {
  /** A complete screening the rule's `when` holds for and `decide` gives to this taker. */
  example: ScopedScreening;
}

export type RuleReachability =
  /** Some screening is decided by the rule; `example` is one. */
  | (RuleRef & { status: "reachable"; example: ScopedScreening })
  /**
   * No screening is decided by the rule. `takers`: every distinct earlier
   * rule that decides a screening the rule matches, in decision order, or
   * `policy-disabled` when the policy is disabled or absent (the steps
   * before the vendor take some matches of every rule alike and are not
   * named otherwise: reachability.ts, `takesMatches`); empty when no
   * screening matches the rule at all. `lessStrict`:
   * there are takers and each is less strict than the rule's own action (its
   * matches are downgraded, not only decided by others). `afterCatchAll`:
   * the id of the first earlier rule whose `when` matches every screening,
   * the case lint's unreachable-rule already reports.
   */
  | (RuleRef & { status: "unreachable"; takers: Taker[]; lessStrict: boolean; afterCatchAll?: string })
  /** Not decided within the bound; never read as either answer. */
  | (RuleRef & { status: "unknown" });

export interface SubjectReachability {
  /** One answer per postScreen rule, in policy order. */
  rules: RuleReachability[];
  /** Set when some rule is `unknown`: the bound that was hit, in words. */
  reason?: string;
}
