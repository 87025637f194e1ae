/**
 * When does an earlier postScreen rule take every screening a later one matches?
 * A syntactic, sound (never complete) answer for shadowed-rule and
 * unreachable-rule; an exact check with a solver is a separate piece of work.
 *
 * A `when` is read as a disjunction of condition sets: the conditions outside
 * `anyOf`, joined with each `anyOf` alternative (schemaVersion 2), or alone.
 * `later` is covered by `earlier` when every set of `later` implies some set of
 * `earlier`; a set implies another when each condition of the other is implied by
 * one of its own, or matches every address anyway. One condition implies another
 * (policy-language.md section 4):
 *
 * - riskScore: the later range lies inside the earlier one (scores are 0..10);
 * - riskLevel: the later `atLeast` is at or above the earlier (low < medium < high < severe);
 * - exposure: same category, the earlier direction `any` or the same, the earlier
 *   minPercent at most the later;
 * - indicator: same category and riskType, the earlier minVolumeUsd at most the later;
 * - cluster, entity: the same category.
 *
 * Anything not exactly in the schema's shape (a missing member, a string where a
 * number belongs, a key of the other vendor, nested or empty `anyOf`) is not
 * judged: the schema reports it, and nothing is claimed about what it would match.
 *
 * The same reading gives a plain evaluator over screenings (what the vendor
 * returns about an address) and, for a condition set, a few small screenings that
 * satisfy it, so a finding can be backed by an example rather than by argument.
 */
import { isRecord } from "./config.js";
import type { Vendor } from "./vendors.js";

/** Lowest and highest vendorA risk score (section 4: 0..10). */
const MIN_SCORE = 0;
const MAX_SCORE = 10;
export const RISK_LEVELS = ["low", "medium", "high", "severe"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const EXPOSURE_DIRECTIONS = ["direct", "indirect"] as const;
export const RISK_TYPES = ["ownership", "counterparty", "indirect"] as const;

/** What vendorA returns about an address. */
export interface ScreeningA {
  riskScore: number;
  exposures: Array<{ category: string; direction: "direct" | "indirect"; percent: number }>;
  cluster?: string;
}

/** What vendorB returns about an address. */
export interface ScreeningB {
  riskLevel: RiskLevel;
  indicators: Array<{ category: string; riskType: string; volumeUsd: number }>;
  entity?: string;
}

export type Screening = ScreeningA | ScreeningB;

type Condition =
  | { kind: "riskScore"; low: number; high: number }
  | { kind: "riskLevel"; atLeast: number }
  | { kind: "exposure"; category: string; direction: "direct" | "indirect" | "any"; minPercent: number }
  | { kind: "indicator"; category: string; riskType: string; minVolumeUsd: number }
  | { kind: "cluster" | "entity"; category: string };

/** A `when` as a disjunction of conjunctions; undefined when it is not in the schema's shape. */
export type Cover = Condition[][];

const VENDOR_KEYS: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["riskScore", "exposure", "cluster"],
  vendorBAddressScreening: ["riskLevel", "indicator", "entity"],
};

export function readWhen(when: unknown, vendor: Vendor): Cover | undefined {
  if (!isRecord(when)) return undefined;
  const base: Condition[] = [];
  let alternatives: unknown[] | undefined;
  for (const [key, value] of Object.entries(when)) {
    if (key === "anyOf") {
      if (!Array.isArray(value) || value.length === 0) return undefined;
      alternatives = value;
      continue;
    }
    const condition = readCondition(key, value, vendor);
    if (!condition) return undefined;
    base.push(condition);
  }
  if (!alternatives) return [base];
  const sets: Condition[][] = [];
  for (const alternative of alternatives) {
    if (!isRecord(alternative) || Object.hasOwn(alternative, "anyOf")) return undefined;
    const set = readWhen(alternative, vendor)?.[0];
    if (!set) return undefined;
    sets.push([...base, ...set]);
  }
  return sets;
}

function readCondition(key: string, value: unknown, vendor: Vendor): Condition | undefined {
  if (!VENDOR_KEYS[vendor].includes(key) || !isRecord(value)) return undefined;
  const members = Object.keys(value);
  const only = (...allowed: string[]) => members.every((member) => allowed.includes(member));
  switch (key) {
    case "riskScore": {
      if (members.length === 0 || !only("gte", "lte")) return undefined;
      const { gte = MIN_SCORE, lte = MAX_SCORE } = value;
      return inRange(gte, MIN_SCORE, MAX_SCORE) && inRange(lte, MIN_SCORE, MAX_SCORE) ? { kind: key, low: gte, high: lte } : undefined;
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
      return RISK_TYPES.includes(riskType as never) ? { kind: key, category, riskType: riskType as string, minVolumeUsd } : undefined;
    }
    default: {
      const { category } = value;
      return members.length === 1 && typeof category === "string" ? { kind: key as "cluster" | "entity", category } : undefined;
    }
  }
}

/** True when every screening matching `later` certainly matches `earlier` too. */
export function covers(earlier: Cover, later: Cover): boolean {
  return later.every((set) => earlier.some((candidate) => setImplies(set, candidate)));
}

function setImplies(set: readonly Condition[], target: readonly Condition[]): boolean {
  return target.every((wanted) => matchesEverything(wanted) || set.some((held) => implies(held, wanted)));
}

function matchesEverything(condition: Condition): boolean {
  if (condition.kind === "riskScore") return condition.low <= MIN_SCORE && condition.high >= MAX_SCORE;
  return condition.kind === "riskLevel" && condition.atLeast === 0;
}

function implies(held: Condition, wanted: Condition): boolean {
  switch (wanted.kind) {
    case "riskScore":
      return held.kind === "riskScore" && Math.max(held.low, MIN_SCORE) >= wanted.low && Math.min(held.high, MAX_SCORE) <= wanted.high;
    case "riskLevel":
      return held.kind === "riskLevel" && held.atLeast >= wanted.atLeast;
    case "exposure":
      return (
        held.kind === "exposure" &&
        held.category === wanted.category &&
        (wanted.direction === "any" || wanted.direction === held.direction) &&
        held.minPercent >= wanted.minPercent
      );
    case "indicator":
      return held.kind === "indicator" && held.category === wanted.category && held.riskType === wanted.riskType && held.minVolumeUsd >= wanted.minVolumeUsd;
    default:
      return held.kind === wanted.kind && held.category === wanted.category;
  }
}

/** Does the screening satisfy the `when`? (The plain evaluator.) */
export function matches(cover: Cover, screening: Screening): boolean {
  return cover.some((set) => set.every((condition) => holds(condition, screening)));
}

function holds(condition: Condition, screening: Screening): boolean {
  const a = "riskScore" in screening ? screening : undefined;
  const b = "riskLevel" in screening ? screening : undefined;
  switch (condition.kind) {
    case "riskScore":
      return a !== undefined && a.riskScore >= condition.low && a.riskScore <= condition.high;
    case "exposure":
      return (
        a?.exposures.some(
          (e) => e.category === condition.category && (condition.direction === "any" || e.direction === condition.direction) && e.percent >= condition.minPercent,
        ) ?? false
      );
    case "cluster":
      return a !== undefined && a.cluster === condition.category;
    case "riskLevel":
      return b !== undefined && RISK_LEVELS.indexOf(b.riskLevel) >= condition.atLeast;
    case "indicator":
      return b?.indicators.some((i) => i.category === condition.category && i.riskType === condition.riskType && i.volumeUsd >= condition.minVolumeUsd) ?? false;
    case "entity":
      return b !== undefined && b.entity === condition.category;
  }
}

/** At most this many examples per condition set: enough to step around a partial overlap. */
const MAX_EXAMPLES_PER_SET = 16;

/**
 * Small screenings that satisfy the `when`, each with nothing it does not need:
 * per condition set, the lowest and highest score or level it allows, and every
 * direction an `any` exposure may take. None for a set that cannot hold.
 */
export function examples(cover: Cover, vendor: Vendor): Screening[] {
  return cover.flatMap((set) => examplesOf(set, vendor)).filter((screening) => matches(cover, screening));
}

function examplesOf(set: readonly Condition[], vendor: Vendor): Screening[] {
  const categories = new Set(set.flatMap((c) => (c.kind === "cluster" || c.kind === "entity" ? [c.category] : [])));
  if (categories.size > 1) return [];
  const [category] = categories;
  if (vendor === "vendorBAddressScreening") {
    const lowest = Math.max(0, ...set.map((c) => (c.kind === "riskLevel" ? c.atLeast : 0)));
    const indicators = set.flatMap((c) => (c.kind === "indicator" ? [{ category: c.category, riskType: c.riskType, volumeUsd: c.minVolumeUsd }] : []));
    return [...new Set([lowest, RISK_LEVELS.length - 1])].map((level) => ({
      riskLevel: RISK_LEVELS[level]!,
      indicators,
      ...(category === undefined ? {} : { entity: category }),
    }));
  }
  const low = Math.max(MIN_SCORE, ...set.map((c) => (c.kind === "riskScore" ? c.low : MIN_SCORE)));
  const high = Math.min(MAX_SCORE, ...set.map((c) => (c.kind === "riskScore" ? c.high : MAX_SCORE)));
  if (low > high) return [];
  let exposureChoices: ScreeningA["exposures"][] = [[]];
  for (const c of set) {
    if (c.kind !== "exposure") continue;
    const directions = c.direction === "any" ? EXPOSURE_DIRECTIONS : [c.direction];
    exposureChoices = exposureChoices
      .flatMap((chosen) => directions.map((direction) => [...chosen, { category: c.category, direction, percent: c.minPercent }]))
      .slice(0, MAX_EXAMPLES_PER_SET / 2);
  }
  return [...new Set([low, high])].flatMap((riskScore) =>
    exposureChoices.map((exposures) => ({ riskScore, exposures, ...(category === undefined ? {} : { cluster: category }) })),
  );
}

/** A finite number within the schema's bounds (section 4: scores 0..10, percent 0..100, volume >= 0). */
function inRange(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;
}
