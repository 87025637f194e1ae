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
import type { RegionBox } from "./region-view.js";

export type { RegionBox, RegionConstraint } from "./region-view.js";

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
  /**
   * Every screening (not sanctioned) the transition happens on, as boxes,
   * each a conjunction of constraints (docs/semantics.md, "Causes and regions
   * of a weakening"); under a cause, the part that cause explains. Absent
   * when the regions were not computed (the bound); `example` lies in them.
   */
  regions?: RegionBox[];
  /** Under a cause: the transition in words, each step said as what it does (`BLOCK (block-x) -> not screened: amountUsd below minAmountUsd 250`). */
  words?: string;
  /** With recorded screenings (`--traffic`): how many of them it happens on (under a cause, in the part that cause explains). */
  recorded?: number;
}

/** One structural edit between the versions (edits.ts), as a cause names it. */
export interface CauseEdit {
  kind: "policy-added" | "policy-removed" | "enabled" | "pre-screen" | "rule-modified" | "rule-moved" | "rule-added" | "rule-removed" | "address-entry";
  /** The rule's id (rule-*). */
  rule?: string;
  /** The preScreen field (pre-screen). */
  field?: string;
  /** The address (address-entry). */
  chain?: string;
  address?: string;
}

/** The edits that change some decisions, with what they change (docs/semantics.md, "Causes and regions of a weakening"). */
export interface Cause {
  /** One edit, or several that change these decisions only together. */
  edits: CauseEdit[];
  /** What the edits do, in one sentence a compliance reviewer reads. */
  headline: string;
  /** The transitions they cause, each with the part of its region they explain and an example in it. */
  transitions: Transition[];
}

export interface SubjectComparison {
  verdict: Verdict;
  /** Every distinct (from, to) pair whose actions differ, weakenings first, then in decision order (verdict.ts, inDecisionOrder); same-action changes are not listed. */
  transitions: Transition[];
  /** For `unknown`: the bound that was hit, in words. */
  reason?: string;
  /** Every transition attributed to the edits that cause it, weakening causes first; absent when not computed (`regionsReason`). */
  causes?: Cause[];
  /** Why `causes` and the transitions' `regions` are absent though there are transitions: the bound, in words. */
  regionsReason?: string;
  /** The recorded screenings counted (`--traffic`; docs/semantics.md, "Recorded screenings of a weakening"). */
  traffic?: TrafficTotals;
}

/**
 * The recorded screenings of one policy decided with both versions, as
 * `replay` counts them (its members of the same name), and the first line
 * skipped with why.
 */
export interface TrafficTotals {
  /** The input as named (`day.jsonl.gz`, `standard input`). */
  file: string;
  screenings: number;
  skipped: number;
  /** Screenings whose decision changed, also to the same action by another rule or step. */
  changed: number;
  /** Per (base action, head action), replay's transitions: weaker first, then stricter, then same-action. */
  transitions: Array<{ from: Action; to: Action; count: number }>;
  firstSkipped?: { line: number; error: string };
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
