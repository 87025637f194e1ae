/**
 * The conditions of a postScreen `when` (semantics.md section 2): read once from
 * the policy into a disjunction of conjunctions, then evaluated against a
 * screening's signals. This is the only evaluator of a condition in screenpol:
 * the decision procedure, the lint's rule-cover reasoning and the weakening
 * prover's cross-checks all go through it.
 *
 * Reading never throws: anything not exactly in the schema's shape (a missing
 * member, a string where a number belongs, a key of the other vendor, nested or
 * empty `anyOf`) gives undefined, and nothing is claimed about what it matches.
 */
import { isRecord } from "../config.js";
import type { Vendor } from "../vendors.js";
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, RISK_TYPES, type RiskLevel, type RiskType, type Signals } from "./signals.js";

export type Condition =
  /** Inclusive bounds; an absent `gte` is 0 and an absent `lte` 10, the ends of the score's range. */
  | { kind: "riskScore"; low: number; high: number }
  /** Index into RISK_LEVELS. */
  | { kind: "riskLevel"; atLeast: number }
  | { kind: "exposure"; category: string; direction: "direct" | "indirect" | "any"; minPercent: number }
  | { kind: "indicator"; category: string; riskType: RiskType; minVolumeUsd: number }
  | { kind: "cluster" | "entity"; category: string };

/**
 * A `when` as a disjunction of condition sets, each a conjunction: the
 * conditions outside `anyOf` joined with each `anyOf` alternative, or alone.
 * `[[]]` matches every screening.
 */
export type Cover = Condition[][];

const VENDOR_KEYS: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["riskScore", "exposure", "cluster"],
  vendorBAddressScreening: ["riskLevel", "indicator", "entity"],
};

/**
 * A `when` as written: the conditions outside `anyOf` (all must hold) and the
 * `anyOf` alternatives (one must hold in full), each condition beside the
 * member it was read from, for a trace to quote.
 */
export interface When {
  all: Term[];
  anyOf?: Term[][];
}

export interface Term {
  condition: Condition;
  /** The condition's members as written, e.g. `{gte: 7}`. */
  written: Readonly<Record<string, unknown>>;
}

/** Reads a `when`; undefined when it is not in the schema's shape. */
export function readWhenTerms(when: unknown, vendor: Vendor): When | undefined {
  const all = readTerms(when, vendor, true);
  if (!all) return undefined;
  const alternatives = (when as Record<string, unknown>).anyOf;
  if (alternatives === undefined || !Object.hasOwn(when as object, "anyOf")) return { all };
  if (!Array.isArray(alternatives) || alternatives.length === 0) return undefined;
  const anyOf: Term[][] = [];
  for (const alternative of alternatives) {
    const terms = readTerms(alternative, vendor, false);
    if (!terms) return undefined;
    anyOf.push(terms);
  }
  return { all, anyOf };
}

function readTerms(value: unknown, vendor: Vendor, allowAnyOf: boolean): Term[] | undefined {
  if (!isRecord(value)) return undefined;
  const terms: Term[] = [];
  for (const [key, written] of Object.entries(value)) {
    if (key === "anyOf" && allowAnyOf) continue;
    const condition = readCondition(key, written, vendor);
    if (!condition) return undefined;
    terms.push({ condition, written: written as Record<string, unknown> });
  }
  return terms;
}

/** Reads a `when` as a disjunction of conjunctions; undefined when it is not in the schema's shape. */
export function readWhen(when: unknown, vendor: Vendor): Cover | undefined {
  const terms = readWhenTerms(when, vendor);
  if (!terms) return undefined;
  const base = terms.all.map((term) => term.condition);
  if (!terms.anyOf) return [base];
  return terms.anyOf.map((alternative) => [...base, ...alternative.map((term) => term.condition)]);
}

function readCondition(key: string, value: unknown, vendor: Vendor): Condition | undefined {
  if (!VENDOR_KEYS[vendor].includes(key) || !isRecord(value)) return undefined;
  const members = Object.keys(value);
  const only = (...allowed: string[]) => members.every((member) => allowed.includes(member));
  switch (key) {
    case "riskScore": {
      if (members.length === 0 || !only("gte", "lte")) return undefined;
      const { gte = MIN_RISK_SCORE, lte = MAX_RISK_SCORE } = value;
      return inRange(gte, MIN_RISK_SCORE, MAX_RISK_SCORE) && inRange(lte, MIN_RISK_SCORE, MAX_RISK_SCORE) ? { kind: key, low: gte, high: lte } : undefined;
    }
    case "riskLevel": {
      const level = RISK_LEVELS.indexOf(value.atLeast as RiskLevel);
      return members.length === 1 && level >= 0 ? { kind: key, atLeast: level } : undefined;
    }
    case "exposure": {
      const { category, direction, minPercent } = value;
      if (members.length !== 3 || typeof category !== "string" || !inRange(minPercent, 0, 100)) return undefined;
      if (direction !== "direct" && direction !== "indirect" && direction !== "any") return undefined;
      return { kind: key, category, direction, minPercent };
    }
    case "indicator": {
      const { category, riskType, minVolumeUsd } = value;
      if (members.length !== 3 || typeof category !== "string" || !inRange(minVolumeUsd, 0, Infinity)) return undefined;
      return RISK_TYPES.includes(riskType as never) ? { kind: key, category, riskType: riskType as RiskType, minVolumeUsd } : undefined;
    }
    default: {
      const { category } = value;
      return members.length === 1 && typeof category === "string" ? { kind: key as "cluster" | "entity", category } : undefined;
    }
  }
}

/**
 * The signal value a condition compares: the risk score, the risk level, the
 * cluster's or entity's category, or for an exposure (indicator) the largest
 * percent (volume) among those of its category and direction (risk type), which
 * meets the threshold exactly when some one does. Undefined when the vendor
 * returned nothing the condition could compare.
 */
export function observe(condition: Condition, signals: Signals | undefined): number | string | undefined {
  if (signals === undefined) return undefined;
  switch (condition.kind) {
    case "riskScore":
      return signals.riskScore;
    case "riskLevel":
      return signals.riskLevel;
    case "cluster":
      return signals.cluster?.category;
    case "entity":
      return signals.entity?.category;
    case "exposure": {
      let largest: number | undefined;
      for (const exposure of signals.exposures ?? []) {
        if (exposure.category !== condition.category) continue;
        if (condition.direction !== "any" && exposure.direction !== condition.direction) continue;
        if (largest === undefined || exposure.percent > largest) largest = exposure.percent;
      }
      return largest;
    }
    case "indicator": {
      let largest: number | undefined;
      for (const indicator of signals.indicators ?? []) {
        if (indicator.category !== condition.category || indicator.riskType !== condition.riskType) continue;
        if (largest === undefined || indicator.volumeUsd > largest) largest = indicator.volumeUsd;
      }
      return largest;
    }
  }
}

/** Does the observed value satisfy the condition? Bounds are inclusive; nothing observed is false. */
export function satisfies(condition: Condition, observed: number | string | undefined): boolean {
  if (observed === undefined) return false;
  switch (condition.kind) {
    case "riskScore":
      return (observed as number) >= condition.low && (observed as number) <= condition.high;
    case "riskLevel":
      return RISK_LEVELS.indexOf(observed as RiskLevel) >= condition.atLeast;
    case "exposure":
      return (observed as number) >= condition.minPercent;
    case "indicator":
      return (observed as number) >= condition.minVolumeUsd;
    case "cluster":
    case "entity":
      return observed === condition.category;
  }
}

export function holds(condition: Condition, signals: Signals | undefined): boolean {
  return satisfies(condition, observe(condition, signals));
}

function allHold(terms: readonly Term[], signals: Signals | undefined): boolean {
  for (const term of terms) if (!holds(term.condition, signals)) return false;
  return true;
}

/** Does the `when` hold for these signals? Every condition, and one `anyOf` alternative in full. */
export function whenHolds(when: When, signals: Signals | undefined): boolean {
  if (!allHold(when.all, signals)) return false;
  if (when.anyOf === undefined) return true;
  for (const alternative of when.anyOf) if (allHold(alternative, signals)) return true;
  return false;
}

/** Does a cover hold for these signals? Some set holds in full. */
export function coverHolds(cover: Cover, signals: Signals | undefined): boolean {
  return cover.some((set) => set.every((condition) => holds(condition, signals)));
}

/** A finite number within the schema's bounds (section 4: scores 0..10, percent 0..100, volume >= 0). */
function inRange(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
}
