/**
 * When does an earlier postScreen rule take every screening a later one matches?
 * A syntactic, sound (never complete) answer for shadowed-rule and
 * unreachable-rule; an exact check with a solver is a separate piece of work.
 *
 * A `when` is read as a disjunction of condition sets: the conditions outside
 * `anyOf`, joined with each `anyOf` alternative (schemaVersion 2), or alone.
 * `later` is covered by `earlier` when every set of `later` implies some set of
 * `earlier`; a set implies another when each condition of the other is implied by
 * one of its own. One condition implies another (policy-language.md section 4):
 *
 * - riskScore: the later range lies inside the earlier one (scores are 0..10);
 * - riskLevel: the later `atLeast` is at or above the earlier (low < medium < high < severe);
 * - exposure: same category, the earlier direction `any` or the same, the earlier
 *   minPercent at most the later;
 * - indicator: same category and riskType, the earlier minVolumeUsd at most the later;
 * - cluster, entity: the same category.
 *
 * No condition is implied by nothing: a condition on a signal the vendor did not
 * return is false (semantics.md section 2), so even `riskScore {gte: 0}` or
 * `riskLevel {atLeast: low}` misses a screening without a score or level, and a
 * claim that a rule never decides must hold for that screening too. Only an
 * empty set matches every screening.
 *
 * Anything not exactly in the schema's shape (a missing member, a string where a
 * number belongs, a key of the other vendor, nested or empty `anyOf`) is not
 * judged: the schema reports it, and nothing is claimed about what it would match.
 *
 * The same reading gives a plain evaluator over screenings (what the vendor
 * returns about an address), why a condition set can never hold, and, for a set
 * that can, a few small screenings that satisfy it, so a finding can be backed by
 * an example rather than by argument.
 */
import type { Vendor } from "./vendors.js";
import { coverHolds, readWhen, type Condition, type Cover } from "./semantics/conditions.js";
import { EXPOSURE_DIRECTIONS, MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, type Exposure, type Signals } from "./semantics/signals.js";

export { readWhen, type Cover };

const MIN_SCORE = MIN_RISK_SCORE;
const MAX_SCORE = MAX_RISK_SCORE;

/** True when every screening matching `later` certainly matches `earlier` too. */
export function covers(earlier: Cover, later: Cover): boolean {
  return later.every((set) => earlier.some((candidate) => setImplies(set, candidate)));
}

function setImplies(set: readonly Condition[], target: readonly Condition[]): boolean {
  return target.every((wanted) => set.some((held) => implies(held, wanted)));
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

/** Does the screening satisfy the `when`? (semantics/conditions.ts decides.) */
export function matches(cover: Cover, signals: Signals): boolean {
  return coverHolds(cover, signals);
}

/** At most this many examples per condition set: enough to step around a partial overlap. */
const MAX_EXAMPLES_PER_SET = 16;

/**
 * Small screenings that satisfy the `when`, each with nothing it does not need:
 * per condition set, the lowest and highest score or level it allows, and every
 * direction an `any` exposure may take. None for a set that cannot hold.
 */
export function examples(cover: Cover, vendor: Vendor): Signals[] {
  return cover.flatMap((set) => examplesOf(set, vendor)).filter((screening) => matches(cover, screening));
}

/**
 * Why no screening satisfies every condition of the set, or undefined when some
 * screening does. Exact for the conditions as read: exposures and indicators may
 * be as many and as large as a set asks, so only a score range and the one
 * cluster (entity) an address has can contradict.
 */
export function contradiction(set: readonly Condition[]): string | undefined {
  const { low, high } = scoreRange(set);
  if (low > high) return `no risk score is at least ${low} and at most ${high}`;
  for (const kind of ["cluster", "entity"] as const) {
    const categories = [...new Set(set.flatMap((c) => (c.kind === kind ? [c.category] : [])))];
    if (categories.length > 1) return `an address has one ${kind} category, not both ${categories.slice(0, 2).join(" and ")}`;
  }
  return undefined;
}

/** The scores every riskScore condition of the set allows: empty when low > high. */
function scoreRange(set: readonly Condition[]): { low: number; high: number } {
  const scores = set.flatMap((c) => (c.kind === "riskScore" ? [c] : []));
  return { low: Math.max(MIN_SCORE, ...scores.map((c) => c.low)), high: Math.min(MAX_SCORE, ...scores.map((c) => c.high)) };
}

function examplesOf(set: readonly Condition[], vendor: Vendor): Signals[] {
  if (contradiction(set) !== undefined) return [];
  const [category] = set.flatMap((c) => (c.kind === "cluster" || c.kind === "entity" ? [c.category] : []));
  if (vendor === "vendorBAddressScreening") {
    const lowest = Math.max(0, ...set.map((c) => (c.kind === "riskLevel" ? c.atLeast : 0)));
    const indicators = set.flatMap((c) => (c.kind === "indicator" ? [{ category: c.category, riskType: c.riskType, volumeUsd: c.minVolumeUsd }] : []));
    return [...new Set([lowest, RISK_LEVELS.length - 1])].map((level) => ({
      riskLevel: RISK_LEVELS[level]!,
      indicators,
      ...(category === undefined ? {} : { entity: { category } }),
    }));
  }
  const { low, high } = scoreRange(set);
  let exposureChoices: Exposure[][] = [[]];
  for (const c of set) {
    if (c.kind !== "exposure") continue;
    const directions = c.direction === "any" ? EXPOSURE_DIRECTIONS : [c.direction];
    exposureChoices = exposureChoices
      .flatMap((chosen) => directions.map((direction) => [...chosen, { category: c.category, direction, percent: c.minPercent }]))
      .slice(0, MAX_EXAMPLES_PER_SET / 2);
  }
  return [...new Set([low, high])].flatMap((riskScore) =>
    exposureChoices.map((exposures) => ({ riskScore, exposures, ...(category === undefined ? {} : { cluster: { category } }) })),
  );
}
