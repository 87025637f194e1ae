/**
 * When does a `when` match every address? Shared by terminal-allow (an ALLOW that
 * does is the generated terminal ALLOW written down) and unreachable-rule (rules
 * after one never run). policy-language.md section 5.3.
 *
 * Conservative on purpose: a rule is called catch-all only when every address is
 * certain to match, because both checks accuse the author of something. Every
 * address has a risk score (vendorA, 0..10) and a risk level (vendorB, low and up),
 * so only score-based conditions can be catch-all:
 *
 * - `riskScore` (vendorA) with only `gte` and/or `lte`, `gte` (if present) a number
 *   <= 0 and `lte` (if present) a number >= 10: `{gte: 0}`, `{lte: 10}`, `{gte: 0, lte: 10}`;
 * - `riskLevel` (vendorB) exactly `{atLeast: low}`.
 *
 * `exposure`/`indicator` with `minPercent: 0` or `minVolumeUsd: 0` still need some
 * exposure to that category, and `cluster`/`entity` need an attribution, so they are
 * never catch-all. A `when` is catch-all when it has no conditions at all (`{}`) or
 * when all of its conditions are; `anyOf` is catch-all when one of its condition
 * sets is (an empty set `{}` included). Anything the schema would reject (a member
 * we do not know, a string where a number belongs, an empty `anyOf`, `anyOf` nested
 * in `anyOf`) is judged not catch-all: the schema reports it, and we do not guess
 * what it would have meant. A missing or null `when` is not a map, so it is not
 * catch-all here either; terminal-allow handles that case itself.
 */
import { isRecord } from "../config.js";
import type { Vendor } from "../vendors.js";

/** Lowest and highest vendorA risk score (policy-language.md section 4: 0..10). */
const MIN_RISK_SCORE = 0;
const MAX_RISK_SCORE = 10;
/** The lowest vendorB risk level (section 4: low < medium < high < severe). */
const LOWEST_RISK_LEVEL = "low";

/**
 * True when `when` certainly matches every address screened by `vendor`. With no
 * vendor known, conditions of either vendor are judged.
 */
export function isCatchAll(when: unknown, vendor: Vendor | undefined): boolean {
  return isCatchAllSet(when, vendor, true);
}

function isCatchAllSet(conditions: unknown, vendor: Vendor | undefined, allowAnyOf: boolean): boolean {
  if (!isRecord(conditions)) return false;
  for (const [key, value] of Object.entries(conditions)) {
    if (key === "anyOf") {
      if (!allowAnyOf || !Array.isArray(value)) return false;
      if (!value.some((alternative) => isCatchAllSet(alternative, vendor, false))) return false;
    } else if (!isCatchAllCondition(key, value, vendor)) {
      return false;
    }
  }
  return true;
}

function isCatchAllCondition(key: string, value: unknown, vendor: Vendor | undefined): boolean {
  if (!isRecord(value)) return false;
  const members = Object.keys(value);
  if (key === "riskScore" && vendor !== "vendorBAddressScreening") {
    if (members.length === 0 || members.some((member) => member !== "gte" && member !== "lte")) return false;
    const { gte, lte } = value;
    const lowOk = !Object.hasOwn(value, "gte") || (isFiniteNumber(gte) && gte <= MIN_RISK_SCORE);
    const highOk = !Object.hasOwn(value, "lte") || (isFiniteNumber(lte) && lte >= MAX_RISK_SCORE);
    return lowOk && highOk;
  }
  if (key === "riskLevel" && vendor !== "vendorAWalletScreening") {
    return members.length === 1 && Object.hasOwn(value, "atLeast") && value.atLeast === LOWEST_RISK_LEVEL;
  }
  return false;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
