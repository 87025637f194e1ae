/**
 * The screening space of a weakening check as finite dimensions, for regions
 * (docs/semantics.md, "Causes and regions of a weakening"): the context (the
 * address an entry names or any other, the chain, the token, the amount) and
 * every signal a condition of either version reads, each a finite list of
 * values: a number's intervals between the bounds either version compares it
 * with (each bound an interval of its own) and "none returned"; a category's
 * names, "any other" and none. Every value of one interval meets the same
 * conditions and gates, so a box (per dimension, a set of these values) is a
 * set of screenings that a policy can only tell apart by dimension values,
 * never inside one. The cuts are the screening space's (space.ts), the very
 * numbers `decide` compares.
 *
 * Pure; the words for a box are region-words.ts's.
 */
import { observe } from "../conditions.js";
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, type RiskType, type ScopedScreening, type Screening, type Signals, type TokenRef, type Transfer } from "../signals.js";
import { addressKey, tokenKey, type DecisionSubject } from "../subject.js";
import { conditionsOf, exposureKey, indicatorKey, otherAddress, otherChain, otherToken, screeningSpace, type NamedTarget, type ScreeningSpace } from "./space.js";

/** Numbers from `low` to `high` (Infinity: no upper end), each end in or out. */
export interface Interval {
  low: number;
  lowIncluded: boolean;
  high: number;
  highIncluded: boolean;
}

export type DimensionValue =
  | { kind: "absent" }
  | { kind: "interval"; interval: Interval; sample: number }
  | { kind: "name"; name: string }
  /** Any value no version names: its sample is a name no version uses. */
  | { kind: "other"; sample: string }
  | { kind: "target"; target: NamedTarget }
  | { kind: "token"; token: TokenRef }
  | { kind: "native" };

export type DimensionKind = "address" | "chain" | "token" | "amountUsd" | "riskScore" | "exposure" | "cluster" | "riskLevel" | "indicator" | "entity";

export interface BoxDimension {
  kind: DimensionKind;
  /** exposure and indicator: which one. */
  category?: string;
  direction?: "direct" | "indirect";
  riskType?: RiskType;
  values: DimensionValue[];
}

export interface BoxSpace {
  space: ScreeningSpace;
  /** The context first (address, chain, then token and amountUsd in TRANSACTION), then the signals read, in a fixed order. */
  dimensions: BoxDimension[];
  /** How many of `dimensions` are the context. */
  contextCount: number;
}

/** Per dimension, the indices of the values in the box, ascending. */
export type Box = number[][];

export const ADDRESS = 0;
export const CHAIN = 1;

/** The box space both (or all) subjects are decided over: they share vendor and scope. */
export function boxSpaceOf(subjects: readonly DecisionSubject[]): BoxSpace {
  const space = screeningSpace(subjects);
  const dimensions: BoxDimension[] = [
    { kind: "address", values: [...space.targets.map((target): DimensionValue => ({ kind: "target", target })), { kind: "other", sample: "" }] },
    { kind: "chain", values: [...space.chains.map((name): DimensionValue => ({ kind: "name", name })), { kind: "other", sample: otherChain(space) }] },
  ];
  if (space.scope === "TRANSACTION") {
    dimensions.push({ kind: "token", values: [...space.tokens.map((token): DimensionValue => ({ kind: "token", token })), { kind: "native" }, { kind: "other", sample: "" }] });
    dimensions.push({ kind: "amountUsd", values: numericValues(space.bounds.amountUsd, 0, Infinity) });
  }
  const contextCount = dimensions.length;
  const reads = new Set(subjects.flatMap((subject) => conditionsOf(subject).map((condition) => condition.kind)));
  if (reads.has("riskScore")) dimensions.push({ kind: "riskScore", values: numericValues(space.bounds.riskScore, MIN_RISK_SCORE, MAX_RISK_SCORE) });
  for (const { category, direction } of space.exposures) {
    dimensions.push({ kind: "exposure", category, direction, values: numericValues(space.bounds.exposure.get(exposureKey(category, direction)) ?? [], 0, 100) });
  }
  if (reads.has("cluster")) dimensions.push({ kind: "cluster", values: categoryValues(space.clusters, space.otherCluster) });
  if (reads.has("riskLevel")) dimensions.push({ kind: "riskLevel", values: [{ kind: "absent" }, ...RISK_LEVELS.map((name): DimensionValue => ({ kind: "name", name }))] });
  for (const { category, riskType } of space.indicators) {
    dimensions.push({ kind: "indicator", category, riskType, values: numericValues(space.bounds.indicator.get(indicatorKey(category, riskType)) ?? [], 0, Infinity) });
  }
  if (reads.has("entity")) dimensions.push({ kind: "entity", values: categoryValues(space.entities, space.otherEntity) });
  return { space, dimensions, contextCount };
}

/** "None returned", then the intervals the cuts make of [min, max]: below the first, each cut, between two, above the last (empty ones left out). */
function numericValues(bounds: readonly number[], min: number, max: number): DimensionValue[] {
  const cuts = [...new Set(bounds)].filter((cut) => cut >= min && cut <= max).sort((a, b) => a - b);
  const values: DimensionValue[] = [{ kind: "absent" }];
  const interval = (low: number, lowIncluded: boolean, high: number, highIncluded: boolean, sample: number) => values.push({ kind: "interval", interval: { low, lowIncluded, high, highIncluded }, sample });
  const above = (low: number, lowIncluded: boolean) => interval(low, lowIncluded, max, Number.isFinite(max), Number.isFinite(max) ? max : low + 1);
  if (cuts.length === 0) {
    above(min, true);
    return values;
  }
  if (min < cuts[0]!) interval(min, true, cuts[0]!, false, min);
  cuts.forEach((cut, index) => {
    interval(cut, true, cut, true, cut);
    const next = cuts[index + 1];
    if (next !== undefined) interval(cut, false, next, false, (cut + next) / 2);
  });
  if (cuts[cuts.length - 1]! < max) above(cuts[cuts.length - 1]!, false);
  return values;
}

function categoryValues(named: readonly string[], other: string | undefined): DimensionValue[] {
  return [{ kind: "absent" }, ...named.map((name): DimensionValue => ({ kind: "name", name })), ...(other === undefined ? [] : [{ kind: "other", sample: other } as const])];
}

/** The whole space as one box. */
export function wholeBox(boxSpace: BoxSpace): Box {
  return boxSpace.dimensions.map((dimension) => dimension.values.map((_, index) => index));
}

/** Is `box` every value of dimension `at`? */
export function isFree(boxSpace: BoxSpace, box: Box, at: number): boolean {
  return box[at]!.length === boxSpace.dimensions[at]!.values.length;
}

/** Does a named address on one chain go with a chain value (an address entry names its chain)? */
export function consistentContext(boxSpace: BoxSpace, address: number, chain: number): boolean {
  const value = boxSpace.dimensions[ADDRESS]!.values[address]!;
  if (value.kind !== "target") return true;
  const chainValue = boxSpace.dimensions[CHAIN]!.values[chain]!;
  return chainValue.kind === "name" && chainValue.name === value.target.chain;
}

/** The screening that stands for one point of the space (an index per dimension): samples of every value, signals none returned left out. */
export function screeningAt(boxSpace: BoxSpace, point: readonly number[]): ScopedScreening {
  const { space, dimensions } = boxSpace;
  const value = (at: number) => dimensions[at]!.values[point[at]!]!;
  const address = value(ADDRESS);
  const chainValue = value(CHAIN);
  const chain = address.kind === "target" ? address.target.chain : chainValue.kind === "name" ? chainValue.name : otherChain(space);
  const screening: ScopedScreening = { scope: space.scope, chain, address: address.kind === "target" ? address.target.address : otherAddress(space, chain) };
  const signals: { -readonly [K in keyof Signals]: Signals[K] } = {};
  const exposures: NonNullable<Signals["exposures"]>[number][] = [];
  const indicators: NonNullable<Signals["indicators"]>[number][] = [];
  const transfer: Transfer = {};
  dimensions.forEach((dimension, at) => {
    const chosen = value(at);
    if (chosen.kind === "absent") return;
    const number = chosen.kind === "interval" ? chosen.sample : undefined;
    const name = chosen.kind === "name" ? chosen.name : chosen.kind === "other" ? chosen.sample : undefined;
    switch (dimension.kind) {
      case "token":
        if (chosen.kind === "token") transfer.token = chosen.token;
        else if (chosen.kind === "other") transfer.token = otherToken(space);
        break;
      case "amountUsd":
        transfer.amountUsd = number;
        break;
      case "riskScore":
        signals.riskScore = number;
        break;
      case "exposure":
        exposures.push({ category: dimension.category!, direction: dimension.direction!, percent: number! });
        break;
      case "indicator":
        indicators.push({ category: dimension.category!, riskType: dimension.riskType!, volumeUsd: number! });
        break;
      case "cluster":
        signals.cluster = { category: name! };
        break;
      case "entity":
        signals.entity = { category: name! };
        break;
      case "riskLevel":
        signals.riskLevel = name as Signals["riskLevel"];
        break;
      default:
        // The address and the chain: said above.
        break;
    }
  });
  if (exposures.length > 0) signals.exposures = exposures;
  if (indicators.length > 0) signals.indicators = indicators;
  if (Object.keys(transfer).length > 0) screening.transfer = transfer;
  if (Object.keys(signals).length > 0) screening.signals = signals;
  return screening;
}

/** The point of the space a screening lies in: per dimension the index of its value (the highest exposure or indicator of each kind, as conditions read it). */
export function pointOf(boxSpace: BoxSpace, screening: Screening): number[] {
  const key = addressKey(screening.chain, screening.address);
  return boxSpace.dimensions.map((dimension) => {
    const values = dimension.values;
    const named = (name: string | undefined) => {
      if (name === undefined) return 0;
      const at = values.findIndex((value) => value.kind === "name" && value.name === name);
      return at >= 0 ? at : values.findIndex((value) => value.kind === "other");
    };
    const numeric = (number: number | undefined) => (number === undefined ? 0 : values.findIndex((value) => value.kind === "interval" && contains(value.interval, number)));
    switch (dimension.kind) {
      case "address": {
        const at = values.findIndex((value) => value.kind === "target" && value.target.key === key);
        return at >= 0 ? at : values.length - 1;
      }
      case "chain": {
        const at = values.findIndex((value) => value.kind === "name" && value.name === screening.chain);
        return at >= 0 ? at : values.length - 1;
      }
      case "token": {
        const token = screening.transfer?.token;
        if (token === undefined) return values.findIndex((value) => value.kind === "native");
        const at = values.findIndex((value) => value.kind === "token" && tokenKey(value.token) === tokenKey(token));
        return at >= 0 ? at : values.length - 1;
      }
      case "amountUsd":
        return numeric(screening.transfer?.amountUsd);
      case "riskScore":
        return numeric(screening.signals?.riskScore);
      case "exposure":
        return numeric(observe({ kind: "exposure", category: dimension.category!, direction: dimension.direction!, minPercent: 0 }, screening.signals) as number | undefined);
      case "indicator":
        return numeric(observe({ kind: "indicator", category: dimension.category!, riskType: dimension.riskType!, minVolumeUsd: 0 }, screening.signals) as number | undefined);
      case "cluster":
        return named(screening.signals?.cluster?.category);
      case "entity":
        return named(screening.signals?.entity?.category);
      case "riskLevel":
        return named(screening.signals?.riskLevel);
    }
  });
}

export function contains(interval: Interval, number: number): boolean {
  const above = interval.lowIncluded ? number >= interval.low : number > interval.low;
  const below = interval.highIncluded ? number <= interval.high : number < interval.high;
  return above && below;
}

/** Is the point in the box? */
export function boxHolds(box: Box, point: readonly number[]): boolean {
  return box.every((values, at) => values.includes(point[at]!));
}

/**
 * Fewer boxes for the same set: two boxes that differ in one dimension only
 * are one box with the union of that dimension's values, repeated until no
 * two do (greedy: the fewest boxes is a hard problem, and this is exact).
 * The boxes given must not overlap; the result does not either.
 */
export function mergeBoxes(boxes: readonly Box[], stop: () => void = () => undefined): Box[] {
  let current = boxes.map((box) => box.map((values) => [...values]));
  if (current.length < 2) return current;
  const width = current[0]!.length;
  // Each dimension's value set as a small integer, so that a key of the other dimensions is cheap.
  const ids = new Map<string, number>();
  const idOf = (values: readonly number[]) => {
    const text = values.join(",");
    let id = ids.get(text);
    if (id === undefined) {
      id = ids.size;
      ids.set(text, id);
    }
    return id;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let at = 0; at < width; at++) {
      const groups = new Map<string, Box[]>();
      for (const box of current) {
        stop();
        const key = box.map((values, other) => (other === at ? "" : idOf(values))).join(" ");
        const group = groups.get(key);
        if (group) group.push(box);
        else groups.set(key, [box]);
      }
      if (groups.size === current.length) continue;
      changed = true;
      current = [...groups.values()].map((group) => {
        if (group.length === 1) return group[0]!;
        const merged = group[0]!.map((values) => [...values]);
        merged[at] = [...new Set(group.flatMap((box) => box[at]!))].sort((a, b) => a - b);
        return merged;
      });
    }
  }
  return current;
}
