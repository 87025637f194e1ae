/**
 * When does a `when` match every address? Two answers, because the checks that
 * ask accuse the author of different things (policy-language.md section 5.3;
 * docs/decisions.md, "Lint reasoning follows the decision procedure"):
 *
 * - matchesEveryScreening: what the decision procedure guarantees. A condition on
 *   a signal the vendor did not return is false (semantics.md section 2), and any
 *   condition may meet a screening without its signal, so only a `when` with no
 *   condition at all (`{}`), or one whose only key is an `anyOf` holding an
 *   alternative with no condition, matches every screening. unreachable-rule
 *   ("never runs") and the `screenpol test` coverage rest on this one: a claim
 *   that something is never reached must hold for every screening decide() sees.
 *
 * - matchesEveryScoredScreening: the above, and also whole-range score
 *   conditions: vendorA `riskScore` with `gte` <= 0 and/or `lte` >= 10
 *   (`{gte: 0}`, `{lte: 10}`, `{gte: 0, lte: 10}`), vendorB `riskLevel` exactly
 *   `{atLeast: low}`, each matching every screening the vendor returned that
 *   signal for. terminal-allow rests on this one: an ALLOW of every scored
 *   address writes the terminal ALLOW down for nearly all traffic, a loophole a
 *   reviewer must not miss even though an unscored screening passes it.
 *
 * `exposure`/`indicator` with `minPercent: 0` or `minVolumeUsd: 0` still need some
 * exposure to that category, and `cluster`/`entity` need an attribution, so they
 * are never whole-range. A `when` matches every (scored) screening when all of its
 * conditions do; `anyOf` when one of its alternatives does. Anything the schema
 * would reject (a member we do not know, a string where a number belongs, an
 * empty `anyOf`, `anyOf` nested in `anyOf`) is judged not to: the schema reports
 * it, and we do not guess what it would have meant. A missing or null `when` is
 * not a map, so it does not match here either; terminal-allow handles that case
 * itself.
 */
import { isRecord } from "../config.js";
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS } from "../semantics/signals.js";
import type { Vendor } from "../vendors.js";

/** True when `when` matches every screening, whatever the vendor returned. */
export function matchesEveryScreening(when: unknown): boolean {
  return matchesEverySet(when, () => false, true);
}

/**
 * True when `when` matches every screening for which `vendor` returned its risk
 * score (vendorA) or risk level (vendorB). With no vendor known, conditions of
 * either vendor are judged.
 */
export function matchesEveryScoredScreening(when: unknown, vendor: Vendor | undefined): boolean {
  return matchesEverySet(when, (key, value) => isWholeRange(key, value, vendor), true);
}

/** The signal a whole-range condition of `vendor` needs, as a message names it. */
export function scoreSignalName(vendor: Vendor | undefined): string {
  if (vendor === "vendorAWalletScreening") return "risk score";
  if (vendor === "vendorBAddressScreening") return "risk level";
  return "risk score or risk level";
}

function matchesEverySet(conditions: unknown, wholeRange: (key: string, value: unknown) => boolean, allowAnyOf: boolean): boolean {
  if (!isRecord(conditions)) return false;
  for (const [key, value] of Object.entries(conditions)) {
    if (key === "anyOf") {
      if (!allowAnyOf || !Array.isArray(value)) return false;
      if (!value.some((alternative) => matchesEverySet(alternative, wholeRange, false))) return false;
    } else if (!wholeRange(key, value)) {
      return false;
    }
  }
  return true;
}

function isWholeRange(key: string, value: unknown, vendor: Vendor | undefined): boolean {
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
    return members.length === 1 && Object.hasOwn(value, "atLeast") && value.atLeast === RISK_LEVELS[0];
  }
  return false;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
