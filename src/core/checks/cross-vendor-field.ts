/**
 * cross-vendor-field (policy-language.md section 5.1): a field or category value
 * that belongs only to the other vendor. The server rejects it with 400
 * (admin-api.md, ScreeningPolicy rule 2); this says so offline, naming the vendor
 * it belongs to and this vendor's equivalent where one exists.
 *
 * Looked at, in a policy checked as vendor V (its providerType, else its folder):
 * - keys of `rules.preScreen` that only the other vendor has (`exposureDepth`,
 *   `includeIndirect`);
 * - condition keys of `rules.postScreen[i].when` and of each `when.anyOf[j]` that
 *   are the other vendor's (`riskLevel` in a vendorA policy);
 * - inside a condition of V, a member only the other vendor's conditions have
 *   (`atLeast` in `riskScore`, `minVolumeUsd` in `exposure`);
 * - a `category` of a condition of V that is only in the other vendor's list
 *   (`mixing_service` in vendorA; `ransomware`, `scam`, `gambling` and
 *   `high_risk_exchange` are in both lists and are fine).
 * A condition of the other vendor is reported once, at its key: what is inside it
 * is the other vendor's vocabulary by construction, and the schema findings below
 * it are claimed by that finding. Addresses files have nothing vendor-specific but
 * their providerType (path-mismatch), so only policies are checked.
 */
import { isRecord } from "../config.js";
import { CATEGORIES, CONDITION_KEYS, EQUIVALENTS, PRESCREEN_ONLY_KEYS, otherVendor, type Vendor } from "../vendors.js";
import type { FileCheck, Finding } from "./check.js";
import { ownMember, postScreenOf, preScreenOf } from "./policy-parts.js";

/** Members of each vendor's conditions (section 4). */
const CONDITION_MEMBERS: Record<Vendor, Readonly<Record<string, readonly string[]>>> = {
  vendorAWalletScreening: { riskScore: ["gte", "lte"], exposure: ["category", "direction", "minPercent"], cluster: ["category"] },
  vendorBAddressScreening: { riskLevel: ["atLeast"], indicator: ["category", "riskType", "minVolumeUsd"], entity: ["category"] },
};

type Path = Array<string | number>;

export const check: FileCheck = {
  code: "cross-vendor-field",
  appliesTo: ["policy"],
  run(file) {
    if (!file.vendor) return [];
    const vendor = file.vendor;
    const other = otherVendor(vendor);
    const findings: Finding[] = [];
    const report = (path: Path, name: string, target: "key" | "value", equivalents: readonly string[]): void => {
      findings.push({ code: "cross-vendor-field", path, message: belongsMessage(name, other, vendor, equivalents), target });
    };

    const preScreen = preScreenOf(file.data);
    if (preScreen) {
      for (const key of PRESCREEN_ONLY_KEYS[other]) {
        if (Object.hasOwn(preScreen, key)) report(["rules", "preScreen", key], key, "key", PRESCREEN_ONLY_KEYS[vendor]);
      }
    }

    const otherMembers = new Set(Object.values(CONDITION_MEMBERS[other]).flat());
    const ownMembers = new Set(Object.values(CONDITION_MEMBERS[vendor]).flat());
    const checkConditions = (conditions: unknown, path: Path): void => {
      if (!isRecord(conditions)) return;
      for (const [key, condition] of Object.entries(conditions)) {
        if (CONDITION_KEYS[other].includes(key)) {
          report([...path, key], key, "key", CONDITION_KEYS[vendor]);
          continue;
        }
        // An own member only: a key named `__proto__` or `toString` is no condition.
        const members = Object.hasOwn(CONDITION_MEMBERS[vendor], key) ? CONDITION_MEMBERS[vendor][key] : undefined;
        if (!members || !isRecord(condition)) continue;
        for (const [member, value] of Object.entries(condition)) {
          if (otherMembers.has(member) && !ownMembers.has(member)) {
            report([...path, key, member], member, "key", members);
          } else if (member === "category" && typeof value === "string" && isOtherCategory(value, vendor)) {
            report([...path, key, member], value, "value", CATEGORIES[vendor]);
          }
        }
      }
    };

    postScreenOf(file.data)?.forEach((rule, index) => {
      const when = ownMember(rule, "when");
      const path: Path = ["rules", "postScreen", index, "when"];
      checkConditions(when, path);
      const anyOf = ownMember(when, "anyOf");
      if (Array.isArray(anyOf)) anyOf.forEach((alternative, position) => checkConditions(alternative, [...path, "anyOf", position]));
    });
    return findings;
  },
};

function isOtherCategory(category: string, vendor: Vendor): boolean {
  return !CATEGORIES[vendor].includes(category) && CATEGORIES[otherVendor(vendor)].includes(category);
}

/**
 * `riskLevel belongs to vendorBAddressScreening; this policy is for
 * vendorAWalletScreening (use riskScore)`; the hint only when the equivalent is
 * something this vendor has where the name was written.
 */
function belongsMessage(name: string, owner: Vendor, vendor: Vendor, candidates: readonly string[]): string {
  const equivalent = Object.hasOwn(EQUIVALENTS, name) ? EQUIVALENTS[name] : undefined;
  const hint = equivalent !== undefined && candidates.includes(equivalent) ? ` (use ${equivalent})` : "";
  return `${name} belongs to ${owner}; this policy is for ${vendor}${hint}`;
}
