/**
 * A region as a reviewer and a program read it (docs/semantics.md, "Causes
 * and regions of a weakening"): a box of box-space.ts as one constraint per
 * dimension it limits, in words (`riskScore in [7, 8)`, `exposure mixer
 * direct in [5%, 20%)`, `chain SOL`, `address 0x52...EE7 on EVM`) and as the
 * JSON members `regions[]` of a transition. A dimension the box does not
 * limit is left out; a region with no constraint at all is every screening.
 * Sanctioned screenings are in no region: the floor blocks them on every
 * version.
 */
import { observe } from "../conditions.js";
import { MAX_RISK_SCORE, RISK_LEVELS, type Screening, type TokenRef } from "../signals.js";
import { addressKey, tokenKey } from "../subject.js";
import { ADDRESS, contains, isFree, type Box, type BoxSpace, type Interval } from "./box-space.js";

/** Numbers from `min` to `max` (absent: no upper end), each end in or out. */
export interface Range {
  min: number;
  minIncluded: boolean;
  max?: number;
  maxIncluded?: boolean;
}

/**
 * One dimension's limit. A named dimension lists the `values` it takes, or,
 * when it takes every value no version names, the named ones it does not
 * take (`except`, maybe empty). `none`: the vendor returned no such signal
 * (for the amount: unknown). `native`: the native coin (no token).
 */
export type RegionConstraint =
  | { on: "riskScore" | "amountUsd"; ranges: Range[]; none?: true }
  | { on: "exposure"; category: string; direction: "direct" | "indirect"; ranges: Range[]; none?: true }
  | { on: "indicator"; category: string; riskType: string; ranges: Range[]; none?: true }
  | ({ on: "cluster" | "entity" | "riskLevel"; none?: true } & Listed<string>)
  | ({ on: "chain" } & Listed<string>)
  | ({ on: "address" } & Listed<{ chain: string; address: string }>)
  | ({ on: "token"; native?: true } & Listed<TokenRef>);

export type Listed<T> = { values: T[]; except?: never } | { except: T[]; values?: never };

/** A box: every constraint holds. */
export type RegionBox = RegionConstraint[];

/** The box's constraints, context first; the chain left out where the box's addresses are all named ones, which name their chains. */
export function regionView(boxSpace: BoxSpace, box: Box): RegionBox {
  const constraints: RegionBox = [];
  box.forEach((indices, at) => {
    if (isFree(boxSpace, box, at)) return;
    const dimension = boxSpace.dimensions[at]!;
    const values = indices.map((index) => dimension.values[index]!);
    const none = values.some((value) => value.kind === "absent") ? { none: true as const } : {};
    const taken = new Set(indices);
    const hasOther = values.some((value) => value.kind === "other");
    // The named values in the box, or, when it takes any value no version names, the named ones it does not.
    const listed = <T>(named: (value: (typeof dimension.values)[number]) => T | undefined): Listed<T> => {
      const pick = (keep: boolean) => dimension.values.flatMap((value, index) => (taken.has(index) === keep && named(value) !== undefined ? [named(value)!] : []));
      return hasOther ? { except: pick(false) } : { values: pick(true) };
    };
    const name = (value: (typeof dimension.values)[number]) => (value.kind === "name" ? value.name : undefined);
    const ranges = () => rangesOf(values.flatMap((value) => (value.kind === "interval" ? [value.interval] : [])));
    switch (dimension.kind) {
      case "address":
        constraints.push({ on: "address", ...listed((value) => (value.kind === "target" ? { chain: value.target.chain, address: value.target.address } : undefined)) });
        break;
      case "chain": {
        const addresses = box[ADDRESS]!.map((index) => boxSpace.dimensions[ADDRESS]!.values[index]!);
        if (addresses.every((value) => value.kind === "target")) break;
        constraints.push({ on: "chain", ...listed(name) });
        break;
      }
      case "token":
        constraints.push({ on: "token", ...listed((value) => (value.kind === "token" ? value.token : undefined)), ...(values.some((value) => value.kind === "native") ? { native: true as const } : {}) });
        break;
      case "amountUsd":
      case "riskScore":
        constraints.push({ on: dimension.kind, ranges: ranges(), ...none });
        break;
      case "exposure":
        constraints.push({ on: "exposure", category: dimension.category!, direction: dimension.direction!, ranges: ranges(), ...none });
        break;
      case "indicator":
        constraints.push({ on: "indicator", category: dimension.category!, riskType: dimension.riskType!, ranges: ranges(), ...none });
        break;
      case "cluster":
      case "entity":
      case "riskLevel":
        constraints.push({ on: dimension.kind, ...listed(name), ...none });
        break;
    }
  });
  return constraints;
}

/** Adjacent intervals (ascending, as box-space.ts lists them) joined into ranges. */
function rangesOf(intervals: readonly Interval[]): Range[] {
  const ranges: Range[] = [];
  for (const interval of intervals) {
    const last = ranges[ranges.length - 1];
    const touches = last !== undefined && last.max === interval.low && (last.maxIncluded === true || interval.lowIncluded);
    if (touches) {
      last.maxIncluded = interval.highIncluded;
      if (Number.isFinite(interval.high)) last.max = interval.high;
      else {
        delete last.max;
        delete last.maxIncluded;
      }
      continue;
    }
    ranges.push(Number.isFinite(interval.high) ? { min: interval.low, minIncluded: interval.lowIncluded, max: interval.high, maxIncluded: interval.highIncluded } : { min: interval.low, minIncluded: interval.lowIncluded });
  }
  return ranges;
}

/** Does the screening lie in the box? Read as `decide` reads it (the highest exposure or indicator of each kind; EVM addresses and tokens in any case). */
export function regionHolds(box: RegionBox, screening: Screening): boolean {
  return box.every((constraint) => constraintHolds(constraint, screening));
}

function constraintHolds(constraint: RegionConstraint, screening: Screening): boolean {
  const inRanges = (ranges: readonly Range[], none: boolean | undefined, value: number | undefined) =>
    value === undefined ? none === true : ranges.some((range) => contains({ low: range.min, lowIncluded: range.minIncluded, high: range.max ?? Infinity, highIncluded: range.maxIncluded ?? false }, value));
  const inListed = <T>(listed: Listed<T>, same: (value: T) => boolean) => (listed.values !== undefined ? listed.values.some(same) : !listed.except.some(same));
  const signals = screening.signals;
  switch (constraint.on) {
    case "address":
      return inListed(constraint, (value) => addressKey(value.chain, value.address) === addressKey(screening.chain, screening.address));
    case "chain":
      return inListed(constraint, (value) => value === screening.chain);
    case "token": {
      const token = screening.transfer?.token;
      if (token === undefined) return constraint.native === true;
      return inListed(constraint, (value) => tokenKey(value) === tokenKey(token));
    }
    case "amountUsd":
      return inRanges(constraint.ranges, constraint.none, screening.transfer?.amountUsd);
    case "riskScore":
      return inRanges(constraint.ranges, constraint.none, signals?.riskScore);
    case "exposure":
      return inRanges(constraint.ranges, constraint.none, observe({ kind: "exposure", category: constraint.category, direction: constraint.direction, minPercent: 0 }, signals) as number | undefined);
    case "indicator":
      return inRanges(constraint.ranges, constraint.none, observe({ kind: "indicator", category: constraint.category, riskType: constraint.riskType as never, minVolumeUsd: 0 }, signals) as number | undefined);
    case "cluster":
    case "entity":
    case "riskLevel": {
      const value = constraint.on === "riskLevel" ? signals?.riskLevel : signals?.[constraint.on]?.category;
      if (value === undefined) return constraint.none === true;
      return inListed(constraint, (listed) => listed === value);
    }
  }
}

/** Addresses or tokens past this many are counted in words, not listed (JSON lists them). */
const MAX_LISTED = 2;

/** The reading order of a box's constraints: the signals a rule compares first, then the transfer, the chain, the token and the address. */
const READING_ORDER: Readonly<Record<RegionConstraint["on"], number>> = { riskScore: 0, riskLevel: 1, exposure: 2, indicator: 3, cluster: 4, entity: 5, amountUsd: 6, chain: 7, token: 8, address: 9 };

/** The constraints in reading order (stable within a kind). */
export function inReadingOrder(box: readonly RegionConstraint[]): RegionConstraint[] {
  return [...box].sort((a, b) => READING_ORDER[a.on] - READING_ORDER[b.on]);
}

/** `riskScore in [7, 8)`, `riskScore < 7 or none`, `no riskScore`, `exposure mixer direct >= 20%`, `chain other than EVM`. */
export function describeConstraint(constraint: RegionConstraint): string {
  const or = (parts: readonly string[]) => parts.join(" or ");
  const listed = <T>(noun: string, list: Listed<T>, spell: (value: T) => string, extra: readonly string[] = []) => {
    if (list.values !== undefined) return `${noun} ${or([...list.values.map(spell), ...extra])}`;
    const but = list.except.length === 0 ? `any ${noun}` : `${noun} other than ${list.except.map(spell).join(", ")}`;
    return or([but, ...extra]);
  };
  switch (constraint.on) {
    case "address": {
      // Every address a region names is one an entry of either version names (space.ts): past two, a count reads faster than the list (JSON lists them).
      const many = constraint.values ?? constraint.except;
      if (many.length > MAX_LISTED) return constraint.values !== undefined ? `address one of ${many.length} an entry names` : `address other than the ${many.length} an entry names`;
      return listed("address", constraint, (value) => `${value.address} on ${value.chain}`);
    }
    case "chain":
      return listed("chain", constraint, (value) => value);
    case "token": {
      // Every token a region names is one a preScreen of either version lists (space.ts).
      const many = constraint.values ?? constraint.except;
      const native = constraint.native === true ? " or native" : "";
      if (many.length > MAX_LISTED) return constraint.values !== undefined ? `token one of ${many.length} preScreen lists${native}` : `token other than the ${many.length} preScreen lists${native}`;
      return listed("token", constraint, (token) => `${token.chain}:${token.networkId}:${token.contractAddress}`, constraint.native === true ? ["native"] : []);
    }
    case "amountUsd":
    case "riskScore":
    case "exposure":
    case "indicator": {
      const name = constraint.on === "exposure" ? `exposure ${constraint.category} ${constraint.direction}` : constraint.on === "indicator" ? `indicator ${constraint.category} ${constraint.riskType}` : constraint.on;
      const unit = constraint.on === "exposure" ? "%" : "";
      const suffix = constraint.on === "indicator" || constraint.on === "amountUsd" ? " USD" : "";
      // The ends of the signal's range (policy-language.md section 4: scores 0..10, percents 0..100, amounts and volumes from 0).
      const highest = constraint.on === "riskScore" ? MAX_RISK_SCORE : constraint.on === "exposure" ? 100 : Infinity;
      const ranges = constraint.ranges.map((range) => `${name} ${describeRange(range, unit, 0, highest)}${suffix}`);
      if (ranges.length === 0) return constraint.on === "amountUsd" ? "amountUsd unknown" : `no ${name}`;
      return `${or(ranges)}${constraint.none === true ? (constraint.on === "amountUsd" ? " or unknown" : " or none") : ""}`;
    }
    case "cluster":
    case "entity":
    case "riskLevel": {
      if (constraint.values !== undefined && constraint.values.length === 0) return `no ${constraint.on}`;
      const sorted = constraint.on === "riskLevel" && constraint.values !== undefined ? { values: [...constraint.values].sort((a, b) => RISK_LEVELS.indexOf(a as never) - RISK_LEVELS.indexOf(b as never)) } : constraint;
      return `${listed(constraint.on, sorted as Listed<string>, (value) => value)}${constraint.none === true ? " or none" : ""}`;
    }
  }
}

/** `in [7, 8)`, `= 8`, `< 8.5`, `>= 10%`: a range from the lowest value or to the highest as one comparison. */
function describeRange(range: Range, unit: string, lowest: number, highest: number): string {
  if (range.max !== undefined && range.min === range.max) return `= ${range.min}${unit}`;
  const fromLowest = range.min === lowest && range.minIncluded;
  const toHighest = range.max === undefined || (range.max === highest && range.maxIncluded === true);
  if (fromLowest && !toHighest) return `${range.maxIncluded === true ? "<=" : "<"} ${range.max}${unit}`;
  if (toHighest && !fromLowest) return `${range.minIncluded ? ">=" : ">"} ${range.min}${unit}`;
  const high = range.max === undefined ? "∞)" : `${range.max}${unit}${range.maxIncluded === true ? "]" : ")"}`;
  return `in ${range.minIncluded ? "[" : "("}${range.min}${unit}, ${high}`;
}

/** A box in words: its constraints joined by commas; `every screening` when it has none. */
export function describeBox(box: RegionBox): string {
  return box.length === 0 ? "every screening" : inReadingOrder(box).map(describeConstraint).join(", ");
}
