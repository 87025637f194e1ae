/**
 * Nothing wrong is ever printed (style.md habit 12, "One meaning, two
 * engines"; docs/semantics.md, "Nothing wrong is printed"): before a
 * weakening check's answer leaves it, every example is decided through
 * `decide()` on both versions and must give its transition, and the verdict
 * must be the one its transitions give. An engine (the interval partition,
 * z3 and its encoding, the fast path, an answer remembered) that says
 * otherwise is a bug; the answer is then not reported at all, never
 * reported wrong.
 */
import { plural } from "../../plural.js";
import type { Scope, Vendor } from "../../vendors.js";
import { decide } from "../decide.js";
import type { ScopedScreening } from "../signals.js";
import type { DecisionSubject } from "../subject.js";
import type { DecisionRef, SubjectComparison, Transition } from "./model.js";
import { regionHolds } from "./region-view.js";
import { completePair, isWeakening, verdictOf } from "./verdict.js";

/** The (environment, vendor, scope) a weakening check compares; core does not know the environment, its caller may. */
export interface PairIdentity {
  environment?: string;
  providerType: Vendor;
  scope: Scope;
}

/**
 * An engine's answer that `decide()` contradicts: an example not decided as
 * its transition says, or a verdict its transitions do not give. An internal
 * error (exit 70, src/cli/main.ts): nothing of the answer is reported.
 */
export class EngineDisagreement extends Error {
  override readonly name = "EngineDisagreement";

  constructor(
    readonly pair: PairIdentity,
    /** What was wrong: the example of a transition, the verdict, or a region (or cause) that does not hold its example or transition. */
    readonly part: "example" | "verdict" | "region",
    /** In words, for the one line: what was reported and what decide() gives. */
    readonly detail: string,
    /** The screening decided otherwise than reported (for `example`). */
    readonly example?: ScopedScreening,
  ) {
    const words = [pair.environment, pair.providerType, pair.scope].filter((word) => word !== undefined).join(" ");
    const wrong = part === "example" ? "is not decided as reported" : part === "verdict" ? "is not the one its transitions give" : "does not agree with its transitions";
    super(`internal error: the weakening check's ${part} for ${words} ${wrong} (${detail}); nothing was reported; please report it`);
  }

  /** The same disagreement with the pair's environment named, as the caller that knows it says it. */
  in(environment: string): EngineDisagreement {
    return new EngineDisagreement({ ...this.pair, environment }, this.part, this.detail, this.example);
  }
}

const words = (ref: DecisionRef) => `${ref.action} (${ref.by})`;

/** The disagreement of an example whose decisions on base and head are not `transition`, or undefined when they are. */
export function exampleDisagreement(
  base: DecisionSubject,
  head: DecisionSubject,
  example: ScopedScreening,
  transition: { from: DecisionRef; to: DecisionRef },
  now: number,
): EngineDisagreement | undefined {
  const from = decide(base, example, { now });
  const to = decide(head, example, { now });
  if (from.action === transition.from.action && from.by === transition.from.by && to.action === transition.to.action && to.by === transition.to.by) return undefined;
  const reported = `${words(transition.from)} -> ${words(transition.to)}`;
  return new EngineDisagreement({ providerType: base.providerType, scope: base.scope }, "example", `${reported} reported, decide() gives ${words(from)} -> ${words(to)} for ${JSON.stringify(example)}`, example);
}

/**
 * Throws EngineDisagreement unless every transition of `comparison` changes
 * the action, its example gives it through `decide()` on both versions (a
 * missing side is the empty subject, as the engines read it), and the
 * verdict is the one the transitions give. `unknown` claims nothing and
 * passes as it is, with no transitions.
 */
export function checkDecidedAsReported(base: DecisionSubject | undefined, head: DecisionSubject | undefined, comparison: SubjectComparison, now: number): void {
  const pair = completePair(base, head);
  if (pair === undefined) return;
  const identity = { providerType: pair.base.providerType, scope: pair.base.scope };
  if (comparison.verdict === "unknown") {
    if (comparison.transitions.length > 0) throw new EngineDisagreement(identity, "verdict", `unknown reported with ${plural(comparison.transitions.length, "transition")}`);
    return;
  }
  for (const transition of comparison.transitions) {
    if (transition.from.action === transition.to.action) {
      throw new EngineDisagreement(identity, "verdict", `the transition ${words(transition.from)} -> ${words(transition.to)} changes no action`);
    }
    const disagreement = exampleDisagreement(pair.base, pair.head, transition.example, transition, now);
    if (disagreement !== undefined) throw disagreement;
  }
  const given = verdictOf(pair.base, pair.head, comparison.transitions.some(isWeakening), comparison.transitions.some((transition) => !isWeakening(transition)));
  if (given !== comparison.verdict) throw new EngineDisagreement(identity, "verdict", `${comparison.verdict} reported, its transitions give ${given}`);
  checkRegions(identity, pair.base, pair.head, comparison, now);
}

/**
 * The regions and causes (docs/semantics.md, "Causes and regions of a
 * weakening") hold what they say: every example printed lies in its
 * transition's regions, and a cause's examples are decided through decide()
 * as their transitions say; a cause names only transitions the comparison
 * lists.
 */
function checkRegions(identity: PairIdentity, base: DecisionSubject, head: DecisionSubject, comparison: SubjectComparison, now: number): void {
  const key = (transition: { from: DecisionRef; to: DecisionRef }) => `${words(transition.from)} -> ${words(transition.to)}`;
  const listed = new Set(comparison.transitions.map(key));
  const inRegions = (transition: Transition) => {
    if (transition.regions !== undefined && !transition.regions.some((box) => regionHolds(box, transition.example))) {
      throw new EngineDisagreement(identity, "region", `the example of ${key(transition)} lies in none of its regions: ${JSON.stringify(transition.example)}`, transition.example);
    }
  };
  comparison.transitions.forEach(inRegions);
  for (const cause of comparison.causes ?? []) {
    for (const transition of cause.transitions) {
      if (!listed.has(key(transition))) throw new EngineDisagreement(identity, "region", `the cause "${cause.headline}" names ${key(transition)}, which the comparison does not list`);
      const disagreement = exampleDisagreement(base, head, transition.example, transition, now);
      if (disagreement !== undefined) throw disagreement;
      inRegions(transition);
    }
  }
}
