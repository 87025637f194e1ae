/**
 * Where and why two versions decide differently (docs/semantics.md, "Causes
 * and regions of a weakening"): per transition, the complete set of
 * screenings where it happens as few boxes (box-space.ts); per part of it,
 * the edits (edits.ts) whose taking back restores base's action there.
 *
 * Both are computed, not guessed, by one walk (constant-boxes.ts) over base,
 * head and head with each single edit taken back, cut until base and head are
 * fixed and, where their actions differ, every variant too. The cause of a
 * box is every edit whose taking back alone restores base's action on it:
 * one edit, or several that change it only together (two rules that each
 * block it, both removed). Where none does, two edits each make the change
 * alone: the one that decides the box in head, when it alone gives head's
 * action there (an address entry added where a minimum was raised too);
 * else the edits that restore it only together, found as delta debugging
 * does: every edit taken back restores it (base's decisions), and each edit
 * is left out in turn while the rest still restore the whole box (checked
 * over the box by the same walk, not sampled), which leaves a set none of
 * whose members can be spared.
 *
 * Exact within the screening space of space.ts, like the partition whose walk
 * it is, and bounded like it: beyond `maxBoxes` boxes it gives up
 * (RegionsBeyondBound) and the caller reports the transitions without them.
 */
import type { Action } from "../../vendors.js";
import { STRICTNESS } from "../decision.js";
import { decide } from "../decide.js";
import { addressKey, type DecisionSubject } from "../subject.js";
import { boundedSteps, type StopWhen } from "./bound.js";
import { ADDRESS, boxSpaceOf, mergeBoxes, screeningAt, type Box, type BoxSpace } from "./box-space.js";
import { constantBoxes, estimateConstantBoxes, type Judge } from "./constant-boxes.js";
import { editKey, editsBetween, takeBack, type Edit } from "./edits.js";
import type { DecisionRef } from "./model.js";

/**
 * How far beyond the bound the sampled estimate of the boxes must be for the
 * walk not to be started. The estimate (a median of batch means of Knuth's
 * estimator, estimateConstantBoxes) falls below the count, not above it:
 * measured 1.1 to 40 times below on the bench's pairs of 40 to 200 rules,
 * never above, since the rare descents that find the big subtrees seldom
 * make a batch's mean the median. So an estimate beyond the bound is a walk
 * beyond it; one within is walked, and stops at the bound as before.
 */
const HOPELESS_ESTIMATE = 1;

/** Boxes above which the regions are not computed: each costs a decision per subject and a place in the merge. */
export const DEFAULT_MAX_BOXES = 200_000;

export interface RegionOptions {
  now: number;
  stop?: StopWhen;
  maxBoxes?: number;
}

/** The screenings a transition happens on, as boxes of `boxSpace`. */
export interface TransitionRegion {
  from: DecisionRef;
  to: DecisionRef;
  boxes: Box[];
  /** A point (an index per dimension) of the first box, that stands for it. */
  point: number[];
}

/** Edits and the part of each transition their taking back restores. */
export interface CauseRegions {
  edits: Edit[];
  transitions: TransitionRegion[];
}

export interface PairRegions {
  boxSpace: BoxSpace;
  edits: Edit[];
  /** Per transition (from, to) whose action changes, every screening it happens on. */
  transitions: TransitionRegion[];
  /** The transitions split by cause, causes in the order of their first edit. */
  causes: CauseRegions[];
}

/** The walk needed more boxes than the bound allows; the caller reports the transitions without regions. */
export class RegionsBeyondBound extends Error {
  constructor(
    readonly maxBoxes: number,
    estimated?: number,
  ) {
    super(`the regions need more than ${maxBoxes} boxes${estimated === undefined ? "" : ` (about ${Math.round(estimated).toLocaleString("en-US")} by sampling the walk)`}`);
    this.name = "RegionsBeyondBound";
  }
}

const transitionKey = (from: DecisionRef, to: DecisionRef) => `${from.action}\u0000${from.by}\u0000${to.action}\u0000${to.by}`;

/** Regions and causes of every transition between base and head (both complete: a missing side is the empty subject). */
export function pairRegions(base: DecisionSubject, head: DecisionSubject, options: RegionOptions): PairRegions {
  const { now } = options;
  const maxBoxes = options.maxBoxes ?? DEFAULT_MAX_BOXES;
  const step = boundedSteps(options.stop);
  const boxSpace = boxSpaceOf([base, head]);
  const edits = editsBetween(base, head);
  const variant = variantsOf(base, head, edits);
  const subjects = [base, head, ...edits.map((edit) => variant([edit]))];
  // Base and head fixed; where their actions differ, every variant too: which single edits taken back restore base's action.
  const judge: Judge = (actions) => {
    const [from, to] = actions;
    if (from === undefined || to === undefined) return "refine";
    if (STRICTNESS[from] === STRICTNESS[to]) return "drop";
    return actions.every((action) => action !== undefined) ? "keep" : "refine";
  };
  const decidesAs = (subject: DecisionSubject, box: Box, action: Action) => {
    for (const constant of constantBoxes(boxSpace, [subject], { now, within: box, step, judge: ([decided]) => (decided === undefined ? "refine" : "keep") })) {
      if (STRICTNESS[constant.decisions[0]!.action] !== STRICTNESS[action]) return false;
    }
    return true;
  };
  /**
   * Where no single edit taken back restores base's action: an edit that
   * decides there in head and alone (every other edit taken back) gives
   * head's action on the whole box (an address entry added where a minimum
   * was raised too: both weaken it alone, the entry decides it); else the
   * edits that restore it only together.
   */
  const causeOf = (box: Box, from: DecisionRef, to: DecisionRef): Edit[] => {
    for (const edit of edits) {
      if (decidesIn(boxSpace, edit, box, to) && decidesAs(variant(edits.filter((other) => other !== edit)), box, to.action)) return [edit];
    }
    let cause = [...edits];
    if (!decidesAs(variant(cause), box, from.action)) throw new Error("weakening regions: head with every edit taken back does not decide as base (a bug in edits.ts)");
    for (const edit of edits) {
      const without = cause.filter((kept) => kept !== edit);
      if (without.length > 0 && decidesAs(variant(without), box, from.action)) cause = without;
    }
    return cause;
  };

  const byTransition = new Map<string, { from: DecisionRef; to: DecisionRef; boxes: Box[]; point: number[] }>();
  const byCause = new Map<string, { edits: Edit[]; transitions: Map<string, { from: DecisionRef; to: DecisionRef; boxes: Box[]; point: number[] }> }>();
  // A walk far beyond the bound gives up only after walking up to it (seconds at 40 rules): estimated first, it is not started.
  const estimate = estimateConstantBoxes(boxSpace, subjects, { now, judge, step });
  if (estimate > HOPELESS_ESTIMATE * maxBoxes) throw new RegionsBeyondBound(maxBoxes, estimate);
  let count = 0;
  for (const constant of constantBoxes(boxSpace, subjects, { now, judge, step })) {
    if (++count > maxBoxes) throw new RegionsBeyondBound(maxBoxes);
    const from = constant.decisions[0]!;
    const to = constant.decisions[1]!;
    confirm(base, head, boxSpace, constant.point, from, to, now);
    // Every edit without which the box is not changed: one, or several that change it only together.
    const necessary = edits.filter((_, index) => STRICTNESS[constant.decisions[index + 2]!.action] === STRICTNESS[from.action]);
    const cause = necessary.length > 0 ? necessary : causeOf(constant.box, from, to);
    const key = transitionKey(from, to);
    const transition = byTransition.get(key) ?? { from, to, boxes: [], point: constant.point };
    transition.boxes.push(constant.box);
    byTransition.set(key, transition);
    const causeKey = cause.map(editKey).join("\u0001");
    const grouped = byCause.get(causeKey) ?? { edits: cause, transitions: new Map() };
    const part = grouped.transitions.get(key) ?? { from, to, boxes: [], point: constant.point };
    part.boxes.push(constant.box);
    grouped.transitions.set(key, part);
    byCause.set(causeKey, grouped);
  }
  const merged = (region: { from: DecisionRef; to: DecisionRef; boxes: Box[]; point: number[] }): TransitionRegion => ({ ...region, boxes: mergeBoxes(region.boxes, step) });
  const editOrder = (list: readonly Edit[]) => Math.min(...list.map((edit) => edits.indexOf(edit)));
  const causes = [...byCause.values()]
    .sort((a, b) => editOrder(a.edits) - editOrder(b.edits) || a.edits.length - b.edits.length)
    .map((cause) => ({ edits: cause.edits, transitions: [...cause.transitions.values()].map(merged) }));
  return { boxSpace, edits, transitions: [...byTransition.values()].map(merged), causes };
}

/** The walk's decisions of a box are decide()'s on the point that stands for it: a disagreement is a bug of the walk. */
function confirm(base: DecisionSubject, head: DecisionSubject, boxSpace: BoxSpace, point: readonly number[], from: DecisionRef, to: DecisionRef, now: number): void {
  const screening = screeningAt(boxSpace, point);
  const [decidedFrom, decidedTo] = [decide(base, screening, { now }), decide(head, screening, { now })];
  if (decidedFrom.action !== from.action || decidedFrom.by !== from.by || decidedTo.action !== to.action || decidedTo.by !== to.by) {
    throw new Error(`weakening regions: a box decided ${from.by} -> ${to.by} by the walk is decided ${decidedFrom.by} -> ${decidedTo.by} for ${JSON.stringify(screening)} (a bug in constant-boxes.ts)`);
  }
}

/** Head with some edits taken back, made once per set: the causes ask for the same ones over many boxes. */
function variantsOf(base: DecisionSubject, head: DecisionSubject, edits: readonly Edit[]): (taken: readonly Edit[]) => DecisionSubject {
  const made = new Map<string, DecisionSubject>();
  return (taken) => {
    const key = taken.map(editKey).join("\u0001");
    let subject = made.get(key);
    if (subject === undefined) {
      subject = takeBack(base, head, edits, taken);
      made.set(key, subject);
    }
    return subject;
  };
}

/** Is the edit what decides the box in head: the entry of its one address, a gate, `enabled`, the policy, or the rule of that id? */
function decidesIn(boxSpace: BoxSpace, edit: Edit, box: Box, to: DecisionRef): boolean {
  switch (edit.kind) {
    case "address-entry": {
      if (to.by !== "address-entry" || box[ADDRESS]!.length !== 1) return false;
      const value = boxSpace.dimensions[ADDRESS]!.values[box[ADDRESS]![0]!]!;
      return value.kind === "target" && value.target.key === addressKey(edit.chain, edit.address);
    }
    case "pre-screen":
      return to.by === "pre-screen";
    case "enabled":
    case "policy-removed":
      return to.by === "policy-disabled";
    case "policy-added":
      return to.by !== "address-entry";
    default:
      return to.by === edit.id;
  }
}
