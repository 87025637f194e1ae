/**
 * The screening space cut into boxes on each of which some subjects decide
 * alike (docs/semantics.md, "Causes and regions of a weakening"): the interval
 * partition's walk (partition.ts) over any number of subjects, yielding the
 * cell of each representative instead of the representative alone.
 *
 * As in the partition, the context (address, chain, token, amount) is read
 * only by the steps before the vendor, and the signals only by the rules: the
 * context points are decided one by one through `decide` and grouped by what
 * decides them before the vendor on each subject; per group the signal values
 * are chosen one dimension at a time, each split into the classes the
 * comparisons of the rules still open cannot tell apart, and a branch stops
 * as soon as the caller's `judge` says the decisions fixed so far are enough.
 * Unlike the representatives, a box keeps every value of its class and leaves
 * the dimensions it did not need free, so that the union of the boxes is the
 * whole space (or `within`), each screening in exactly one.
 */
import type { Action } from "../../vendors.js";
import { satisfies, type Condition } from "../conditions.js";
import { decide } from "../decide.js";
import { BEFORE_VENDOR } from "../decision.js";
import { compileSubject, type DecisionSubject } from "../subject.js";
import { consistentContext, mergeBoxes, screeningAt, wholeBox, type Box, type BoxSpace, type DimensionValue } from "./box-space.js";
import type { DecisionRef } from "./model.js";

/** A box on which every subject the judge needed decides one way. */
export interface ConstantBox {
  box: Box;
  /** Per subject, its decision on the whole box; undefined where the judge did not need it fixed. */
  decisions: Array<DecisionRef | undefined>;
  /** A point of the box (an index per dimension) that stands for it. */
  point: number[];
}

/**
 * Given per subject its action where already fixed (undefined where not):
 * `drop` the branch (of no interest), `keep` it as one box, or `refine` it
 * further. A branch whose every dimension is chosen is kept unless dropped.
 */
export type Judge = (actions: ReadonlyArray<Action | undefined>) => "drop" | "keep" | "refine";

export interface WalkOptions {
  now: number;
  /** Only this part of the space (default: all of it). */
  within?: Box;
  judge: Judge;
  /** Called per unit of work (bound.ts): it throws to stop. */
  step: () => void;
}

/** One condition as the dimensions it reads and, per value of each, whether it holds (two for an exposure in `any` direction: it holds when either does). */
type Part = Array<{ dimension: number; holds: boolean[] }>;

interface RuleOverBoxes {
  ref: DecisionRef;
  all: Part[];
  anyOf?: Part[][];
}

const UNKNOWN = 0.5;

/** The boxes of `within` on which the subjects decide as `judge` needs, each with those decisions. */
export function* constantBoxes(boxSpace: BoxSpace, subjects: readonly DecisionSubject[], options: WalkOptions): Generator<ConstantBox> {
  const within = options.within ?? wholeBox(boxSpace);
  const { step, judge, now } = options;
  const rules = subjects.map((subject) => rulesOverBoxesOf(boxSpace, subject));
  const order = walkOrder(boxSpace, rules);
  const contexts = contextGroups(boxSpace, subjects, within, now, step);
  const width = boxSpace.dimensions.length;

  for (const group of contexts) {
    const reading = group.decisions.map((decision) => decision === undefined);
    const chosen: number[] = new Array<number>(width).fill(-1);
    const classes: number[][] = within.map((values) => values);
    function* walk(depth: number): Generator<ConstantBox> {
      step();
      const decisions = group.decisions.map((decision, side) => decision ?? fixedDecision(rules[side]!, chosen));
      const verdict = judge(decisions.map((decision) => (decision === undefined || decision === OPEN ? undefined : decision.action)));
      if (verdict === "drop") return;
      if (verdict === "keep" || depth === order.length) {
        for (const contextBox of group.boxes) {
          const box = classes.map((values, at) => (at < boxSpace.contextCount ? contextBox[at]! : values));
          const point = box.map((values) => values[0]!);
          const consistent = consistentPoint(boxSpace, contextBox);
          point[0] = consistent[0]!;
          point[1] = consistent[1]!;
          yield { box, decisions: decisions.map((decision) => (decision === OPEN ? undefined : decision)), point };
        }
        return;
      }
      const dimension = order[depth]!;
      for (const members of classesOf(dimension, decisions, reading, rules, chosen, within, step)) {
        chosen[dimension] = members[0]!;
        classes[dimension] = members;
        yield* walk(depth + 1);
      }
      chosen[dimension] = -1;
      classes[dimension] = within[dimension]!;
    }
    yield* walk(0);
  }
}

/**
 * The values of `dimension` in `within` split into the classes the
 * comparisons of the rules still open on the subjects not yet fixed cannot
 * tell apart (only those can), in the order of their first value.
 */
function classesOf(
  dimension: number,
  decisions: ReadonlyArray<DecisionRef | typeof OPEN>,
  reading: readonly boolean[],
  rules: ReadonlyArray<readonly RuleOverBoxes[]>,
  chosen: readonly number[],
  within: Box,
  step: () => void,
): number[][] {
  const atoms: boolean[][] = [];
  decisions.forEach((decision, side) => {
    if (decision !== OPEN || !reading[side]) return;
    for (const rule of openRules(rules[side]!, chosen)) for (const part of [...rule.all, ...(rule.anyOf ?? []).flat()]) for (const read of part) if (read.dimension === dimension) atoms.push(read.holds);
  });
  const byClass = new Map<string, number[]>();
  for (const value of within[dimension]!) {
    step();
    const signature = atoms.map((holds) => (holds[value] ? "1" : "0")).join("");
    const members = byClass.get(signature);
    if (members) members.push(value);
    else byClass.set(signature, [value]);
  }
  return [...byClass.values()];
}

/** Random descents per context group, in batches whose means' median is the estimate (a median resists one lucky descent). */
const ESTIMATE_BATCHES = 7;
const DESCENTS_PER_BATCH = 16;

/**
 * About how many boxes `constantBoxes` would yield with these options,
 * without walking them: Knuth's estimator of a tree's size (each random
 * descent from the root to a leaf weighs its leaf by the product of the
 * branchings it passed), over the same classes and the same judge, a kept
 * leaf counted as its context group's boxes. Seeded, so that the same
 * subjects get the same estimate. For a caller that gives up beyond a
 * number of boxes to tell, before the walk, a walk that far beyond it.
 */
export function estimateConstantBoxes(boxSpace: BoxSpace, subjects: readonly DecisionSubject[], options: WalkOptions): number {
  const within = options.within ?? wholeBox(boxSpace);
  const { step, judge, now } = options;
  const rules = subjects.map((subject) => rulesOverBoxesOf(boxSpace, subject));
  const order = walkOrder(boxSpace, rules);
  const random = seededRandom(0x5eed);
  let total = 0;
  for (const group of contextGroups(boxSpace, subjects, within, now, step)) {
    const reading = group.decisions.map((decision) => decision === undefined);
    const descent = (): number => {
      const chosen: number[] = new Array<number>(boxSpace.dimensions.length).fill(-1);
      let weight = 1;
      for (let depth = 0; ; depth++) {
        step();
        const decisions = group.decisions.map((decision, side) => decision ?? fixedDecision(rules[side]!, chosen));
        const verdict = judge(decisions.map((decision) => (decision === undefined || decision === OPEN ? undefined : decision.action)));
        if (verdict === "drop") return 0;
        if (verdict === "keep" || depth === order.length) return weight * group.boxes.length;
        const classes = classesOf(order[depth]!, decisions, reading, rules, chosen, within, step);
        weight *= classes.length;
        chosen[order[depth]!] = classes[Math.floor(random() * classes.length)]![0]!;
      }
    };
    const means = Array.from({ length: ESTIMATE_BATCHES }, () => Array.from({ length: DESCENTS_PER_BATCH }, descent).reduce((sum, leaves) => sum + leaves, 0) / DESCENTS_PER_BATCH);
    total += means.sort((a, b) => a - b)[Math.floor(ESTIMATE_BATCHES / 2)]!;
  }
  return total;
}

/** mulberry32: a small seeded generator of numbers in [0, 1), so that an estimate does not change from run to run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), state | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** Not yet fixed: some rule is still open. */
const OPEN = Symbol("open");

/** The decision the rules make whatever the values not yet chosen (the first rule that holds with none before it open), or OPEN. */
function fixedDecision(rules: readonly RuleOverBoxes[], chosen: readonly number[]): DecisionRef | typeof OPEN {
  for (const rule of rules) {
    const truth = ruleTruth(rule, chosen);
    if (truth === UNKNOWN) return OPEN;
    if (truth === 1) return rule.ref;
  }
  return TERMINAL_ALLOW;
}

const TERMINAL_ALLOW: DecisionRef = { action: "ALLOW", by: "terminal-allow" };

/** The rules whose truth still matters: those not yet false before the first that holds. */
function openRules(rules: readonly RuleOverBoxes[], chosen: readonly number[]): RuleOverBoxes[] {
  const open: RuleOverBoxes[] = [];
  for (const rule of rules) {
    const truth = ruleTruth(rule, chosen);
    if (truth === 1) return open;
    if (truth === UNKNOWN) open.push(rule);
  }
  return open;
}

/** Three-valued: 1 holds, 0 does not, UNKNOWN depends on a dimension not chosen. */
function ruleTruth(rule: RuleOverBoxes, chosen: readonly number[]): number {
  const part = (parts: Part) =>
    parts.reduce((truth, { dimension, holds }) => {
      const value = chosen[dimension]!;
      return Math.max(truth, value < 0 ? UNKNOWN : holds[value] ? 1 : 0);
    }, 0);
  const every = (conditions: readonly Part[]) => conditions.reduce((truth, parts) => Math.min(truth, part(parts)), 1);
  let truth = every(rule.all);
  if (rule.anyOf !== undefined) truth = Math.min(truth, rule.anyOf.reduce((some, alternative) => Math.max(some, every(alternative)), 0));
  return truth;
}

const compiledOver = new WeakMap<BoxSpace, WeakMap<DecisionSubject, RuleOverBoxes[]>>();

/** rulesOverBoxes, once per (space, subject): the causes walk the same subjects over many boxes. */
function rulesOverBoxesOf(boxSpace: BoxSpace, subject: DecisionSubject): RuleOverBoxes[] {
  let bySubject = compiledOver.get(boxSpace);
  if (bySubject === undefined) {
    bySubject = new WeakMap();
    compiledOver.set(boxSpace, bySubject);
  }
  let rules = bySubject.get(subject);
  if (rules === undefined) {
    rules = rulesOverBoxes(boxSpace, subject);
    bySubject.set(subject, rules);
  }
  return rules;
}

/** A subject's rules over the box dimensions, each comparison evaluated once per value with the decision's own `satisfies`. */
function rulesOverBoxes(boxSpace: BoxSpace, subject: DecisionSubject): RuleOverBoxes[] {
  const partOf = (condition: Condition): Part => {
    const reads: Part = [];
    boxSpace.dimensions.forEach((dimension, at) => {
      if (at < boxSpace.contextCount || dimension.kind !== condition.kind) return;
      let atom = condition;
      if (condition.kind === "exposure") {
        if (dimension.category !== condition.category || (condition.direction !== "any" && condition.direction !== dimension.direction)) return;
        atom = { ...condition, direction: dimension.direction! };
      }
      if (condition.kind === "indicator" && (dimension.category !== condition.category || dimension.riskType !== condition.riskType)) return;
      reads.push({ dimension: at, holds: dimension.values.map((value) => satisfies(atom, sampleOf(value))) });
    });
    return reads;
  };
  return compileSubject(subject).rules.map((rule) => {
    const compiled: RuleOverBoxes = { ref: { action: rule.action, by: rule.id }, all: rule.when.all.map((term) => partOf(term.condition)) };
    if (rule.when.anyOf !== undefined) compiled.anyOf = rule.when.anyOf.map((alternative) => alternative.map((term) => partOf(term.condition)));
    return compiled;
  });
}

function sampleOf(value: DimensionValue): number | string | undefined {
  switch (value.kind) {
    case "interval":
      return value.sample;
    case "name":
      return value.name;
    case "other":
      return value.sample;
    default:
      return undefined;
  }
}

/** The signal dimensions in the order the rules first read them, base and head (and the rest) rule by rule in step, as the partition walks them. */
function walkOrder(boxSpace: BoxSpace, rules: ReadonlyArray<readonly RuleOverBoxes[]>): number[] {
  const order: number[] = [];
  const seen = new Set<number>();
  const longest = Math.max(0, ...rules.map((list) => list.length));
  for (let index = 0; index < longest; index++) {
    for (const list of rules) {
      const rule = list[index];
      if (rule === undefined) continue;
      for (const part of [...rule.all, ...(rule.anyOf ?? []).flat()]) {
        for (const { dimension } of part) {
          if (seen.has(dimension)) continue;
          seen.add(dimension);
          order.push(dimension);
        }
      }
    }
  }
  for (let at = boxSpace.contextCount; at < boxSpace.dimensions.length; at++) if (!seen.has(at)) order.push(at);
  return order;
}

interface ContextGroup {
  /** Per subject, its decision before the vendor, or undefined when the vendor is consulted. */
  decisions: Array<DecisionRef | undefined>;
  /** The context points of the group as few boxes (the signal dimensions left as they are). */
  boxes: Box[];
}

/**
 * The context points of `within`, each decided (with no signals) through
 * `decide` on every subject, grouped by what decides them before the vendor
 * (the steps before the vendor read the context alone).
 */
function contextGroups(boxSpace: BoxSpace, subjects: readonly DecisionSubject[], within: Box, now: number, step: () => void): ContextGroup[] {
  const count = boxSpace.contextCount;
  const groups = new Map<string, { decisions: Array<DecisionRef | undefined>; points: Box[] }>();
  const point: number[] = within.map(() => 0);
  const visit = (at: number): void => {
    if (at === count) {
      if (!consistentContext(boxSpace, point[0]!, point[1]!)) return;
      step();
      const screening = screeningAt(boxSpace, point);
      const decisions = subjects.map((subject): DecisionRef | undefined => {
        const decision = decide(subject, screening, { now });
        return BEFORE_VENDOR.has(decision.by) ? { action: decision.action, by: decision.by } : undefined;
      });
      const key = decisions.map((decision) => (decision === undefined ? "vendor" : `${decision.action} ${decision.by}`)).join("\u0000");
      const group = groups.get(key) ?? { decisions, points: [] };
      group.points.push(point.slice(0, count).map((value) => [value]));
      groups.set(key, group);
      return;
    }
    for (const value of within[at]!) {
      point[at] = value;
      visit(at + 1);
    }
  };
  visit(0);
  return [...groups.values()].map(({ decisions, points }) => ({ decisions, boxes: mergeBoxes(points, step) }));
}

/** A consistent (address, chain) of a context box: a named address on its own chain. */
function consistentPoint(boxSpace: BoxSpace, contextBox: Box): [number, number] {
  for (const address of contextBox[0]!) for (const chain of contextBox[1]!) if (consistentContext(boxSpace, address, chain)) return [address, chain];
  throw new Error("weakening regions: a context box with no consistent address and chain (a bug in constant-boxes.ts)");
}
