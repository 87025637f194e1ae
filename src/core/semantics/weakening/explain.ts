/**
 * A weakening check's answer with its causes and regions (docs/semantics.md,
 * "Causes and regions of a weakening"): each transition with the complete
 * set of screenings it happens on, and the transitions grouped by the edits
 * that cause them, each group with a headline in words and, per transition,
 * the part of its region the edits explain with an example in it. Computed
 * by regions.ts after an engine has found the transitions, and held to them:
 * the same transitions, each engine example inside its region (else an
 * EngineDisagreement, exit 70). Bounded: beyond its boxes or the caller's
 * bound the answer stays as the engine gave it, with `regionsReason`.
 */
import type { DecisionSubject } from "../subject.js";
import { BoundReached, type StopWhen } from "./bound.js";
import { screeningAt } from "./box-space.js";
import { causeEditOf, describeCause, describeDecision } from "./cause-words.js";
import { EngineDisagreement } from "./decided-as-reported.js";
import { readableExample } from "./examples.js";
import type { Cause, DecisionRef, SubjectComparison, Transition } from "./model.js";
import { regionHolds, regionView } from "./region-view.js";
import { pairRegions, RegionsBeyondBound, type PairRegions } from "./regions.js";
import { inDecisionOrder, isWeakening } from "./verdict.js";

const keyOf = (transition: { from: DecisionRef; to: DecisionRef }) => `${transition.from.action} (${transition.from.by}) -> ${transition.to.action} (${transition.to.by})`;

/** `comparison` (of base and head, both complete) with `causes` and each transition's `regions`; as it is when it has no transition. */
export function explainComparison(base: DecisionSubject, head: DecisionSubject, comparison: SubjectComparison, now: number, stop?: StopWhen, maxBoxes?: number): SubjectComparison {
  if (comparison.verdict === "unknown" || comparison.transitions.length === 0) return comparison;
  let regions: PairRegions;
  try {
    regions = pairRegions(base, head, { now, stop, maxBoxes });
    return withRegions(base, head, comparison, regions, now, stop);
  } catch (error) {
    if (error instanceof RegionsBeyondBound) return { ...comparison, regionsReason: `${error.message} (the bound)` };
    if (error instanceof BoundReached) return { ...comparison, regionsReason: "the time ran out while the causes and regions were computed" };
    throw error;
  }
}

function withRegions(base: DecisionSubject, head: DecisionSubject, comparison: SubjectComparison, regions: PairRegions, now: number, stop: StopWhen | undefined): SubjectComparison {
  const identity = { providerType: base.providerType, scope: base.scope };
  const found = new Map(regions.transitions.map((transition) => [keyOf(transition), transition]));
  const listed = comparison.transitions.map(keyOf);
  if (listed.length !== found.size || listed.some((key) => !found.has(key))) {
    throw new EngineDisagreement(identity, "region", `the engine found ${listed.sort().join(", ")}; the regions hold ${[...found.keys()].sort().join(", ")}`);
  }
  const view = (boxes: PairRegions["transitions"][number]["boxes"]) => boxes.map((box) => regionView(regions.boxSpace, box));
  const transitions = comparison.transitions.map((transition): Transition => {
    const boxes = view(found.get(keyOf(transition))!.boxes);
    if (!boxes.some((box) => regionHolds(box, transition.example))) {
      throw new EngineDisagreement(identity, "region", `the example of ${keyOf(transition)} lies in none of its regions: ${JSON.stringify(transition.example)}`, transition.example);
    }
    return { ...transition, regions: boxes };
  });
  const examples = new Map(transitions.map((transition) => [keyOf(transition), transition.example]));
  const causes = regions.causes.map((cause): Cause => {
    const parts = cause.transitions.map((part): Transition => {
      const boxes = view(part.boxes);
      const inside = (candidate: Transition["example"]) => boxes.some((box) => regionHolds(box, candidate));
      const engines = examples.get(keyOf(part))!;
      // The engine's example where it lies in this part; else the part's own point, made readable inside it.
      const example = inside(engines) ? engines : readableExample(base, head, regions.boxSpace.space, screeningAt(regions.boxSpace, part.point), part, now, stop, inside);
      const words = `${describeDecision(part.from, base, example, now)} -> ${describeDecision(part.to, head, example, now)}`;
      return { from: part.from, to: part.to, example, regions: boxes, words };
    });
    return { edits: cause.edits.map(causeEditOf), headline: describeCause(cause.edits, base.scope), transitions: inDecisionOrder(base, head, parts) };
  });
  // Causes of a weakening first (what a reviewer must see first), otherwise in the order of their edits (sort is stable).
  const weakening = (cause: Cause) => (cause.transitions.some(isWeakening) ? 0 : 1);
  return { ...comparison, transitions, causes: causes.sort((a, b) => weakening(a) - weakening(b)) };
}
