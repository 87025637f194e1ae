/**
 * shadowed-rule: a BLOCK or ALERT rule that an earlier, weaker rule takes every
 * match of. The syntactic check must never accuse a rule wrongly, so a property
 * test holds it against a brute-force evaluator written here from the spec
 * (policy-language.md section 4), independent of core/rule-cover.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check, findShadowing } from "../../../src/core/checks/shadowed-rule.js";
import { lintText } from "../../../src/core/lint.js";
import type { Vendor } from "../../../src/core/vendors.js";
import { context, policyFile, withRules } from "./policy-check-helpers.js";

describe("shadowed-rule", () => {
  it("reports a BLOCK below a weaker catch-all ALERT at its id, naming the earlier rule, as an error", () => {
    const text = `providerType: vendorBAddressScreening
scope: TRANSACTION
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: alert-any-risk
      when:
        riskLevel: { atLeast: low }
      action: ALERT
    - id: block-severe
      when:
        riskLevel: { atLeast: severe }
      action: BLOCK
`;
    expect(lintText("policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml", text).map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`)).toEqual([
      '13:11 error shadowed-rule rules.postScreen[1].id: ALERT rule rules.postScreen[0] (id "alert-any-risk") comes first and matches every screening this BLOCK rule matches, ' +
        "so this rule never decides and addresses it should BLOCK get ALERT; move this rule above it, or narrow the earlier rule",
    ]);
  });

  it("names the first covering rule and the action the addresses get, and leaves equal-or-stricter cover to unreachable-rule", () => {
    const scam = { cluster: { category: "scam" } };
    const data = withRules(
      { id: "allow-scam-low", when: { ...scam, riskScore: { lte: 3 } }, action: "ALLOW" },
      { id: "alert-scam", when: scam, action: "ALERT" },
      { id: "block-scam", when: { ...scam, riskScore: { lte: 2 } }, action: "BLOCK" },
      { id: "block-scam-again", when: scam, action: "BLOCK" },
    );
    const findings = check.run(policyFile(data), context);
    expect(findings.map((f) => [f.path.join("."), f.message.split("; ")[0]])).toEqual([
      ["rules.postScreen.2.id", 'ALLOW rule rules.postScreen[0] (id "allow-scam-low") comes first and matches every screening this BLOCK rule matches, so this rule never decides and addresses it should BLOCK get ALLOW'],
      ["rules.postScreen.3.id", 'ALERT rule rules.postScreen[1] (id "alert-scam") comes first and matches every screening this BLOCK rule matches, so this rule never decides and addresses it should BLOCK get ALERT'],
    ]);
    // Covered first by a rule as strict: unreachable, not downgraded.
    const equal = withRules({ id: "block-scam", when: scam, action: "BLOCK" }, { id: "alert-first", when: {}, action: "ALERT" }, { id: "block-scam-2", when: scam, action: "BLOCK" });
    expect(check.run(policyFile(equal), context)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// The property: every reported shadowing is real.

type Json = Record<string, unknown>;

const CATEGORIES_A = ["mixer", "scam", "ransomware"];
const CATEGORIES_B = ["mixing_service", "scam", "theft"];
const LEVELS = ["low", "medium", "high", "severe"];
const RISK_TYPES = ["ownership", "counterparty", "indirect"];
const SCORES = [0, 1, 2.5, 4, 5, 7, 8, 9.5, 10];
const PERCENTS = [0, 1, 5, 10, 25, 50, 100];
const VOLUMES = [0, 100, 1000, 5000];

const conditionA = fc.oneof(
  fc.record({ riskScore: fc.oneof(fc.record({ gte: fc.constantFrom(...SCORES) }), fc.record({ lte: fc.constantFrom(...SCORES) }), fc.record({ gte: fc.constantFrom(...SCORES), lte: fc.constantFrom(...SCORES) })) }),
  fc.record({ exposure: fc.record({ category: fc.constantFrom(...CATEGORIES_A), direction: fc.constantFrom("direct", "indirect", "any"), minPercent: fc.constantFrom(...PERCENTS) }) }),
  fc.record({ cluster: fc.record({ category: fc.constantFrom(...CATEGORIES_A) }) }),
);
const conditionB = fc.oneof(
  fc.record({ riskLevel: fc.record({ atLeast: fc.constantFrom(...LEVELS) }) }),
  fc.record({ indicator: fc.record({ category: fc.constantFrom(...CATEGORIES_B), riskType: fc.constantFrom(...RISK_TYPES), minVolumeUsd: fc.constantFrom(...VOLUMES) }) }),
  fc.record({ entity: fc.record({ category: fc.constantFrom(...CATEGORIES_B) }) }),
);

function conditionSet(condition: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.array(condition, { maxLength: 3 }).map((parts) => Object.assign({}, ...parts) as Json);
}

function when(condition: fc.Arbitrary<Json>): fc.Arbitrary<Json> {
  return fc.oneof(
    { weight: 3, arbitrary: conditionSet(condition) },
    { weight: 2, arbitrary: fc.tuple(conditionSet(condition), fc.array(conditionSet(condition), { minLength: 1, maxLength: 3 })).map(([base, anyOf]) => ({ ...base, anyOf })) },
  );
}

function policy(vendor: Vendor): fc.Arbitrary<unknown[]> {
  const rule = fc.record({ when: when(vendor === "vendorAWalletScreening" ? conditionA : conditionB), action: fc.constantFrom("ALLOW", "ALERT", "BLOCK") });
  return fc.array(rule, { minLength: 2, maxLength: 6 }).map((rules) => rules.map((r, index) => ({ id: `r${index}`, ...r })));
}

const screeningA = fc.record({
  riskScore: fc.oneof(fc.constantFrom(...SCORES), fc.double({ min: 0, max: 10, noNaN: true })),
  exposures: fc.array(fc.record({ category: fc.constantFrom(...CATEGORIES_A), direction: fc.constantFrom("direct", "indirect"), percent: fc.constantFrom(...PERCENTS, 3, 60) }), { maxLength: 3 }),
  cluster: fc.option(fc.constantFrom(...CATEGORIES_A), { nil: undefined }),
});
const screeningB = fc.record({
  riskLevel: fc.constantFrom(...LEVELS),
  indicators: fc.array(fc.record({ category: fc.constantFrom(...CATEGORIES_B), riskType: fc.constantFrom(...RISK_TYPES), volumeUsd: fc.constantFrom(...VOLUMES, 50, 2000) }), { maxLength: 3 }),
  entity: fc.option(fc.constantFrom(...CATEGORIES_B), { nil: undefined }),
});

/** The spec read literally: every condition of the set holds; `anyOf` needs one alternative. */
function bruteMatches(whenData: Json, s: Json): boolean {
  return Object.entries(whenData).every(([key, value]) => {
    if (key === "anyOf") return (value as Json[]).some((alternative) => bruteMatches(alternative, s));
    const c = value as Json;
    switch (key) {
      case "riskScore":
        return (c.gte === undefined || (s.riskScore as number) >= (c.gte as number)) && (c.lte === undefined || (s.riskScore as number) <= (c.lte as number));
      case "exposure":
        return (s.exposures as Json[]).some((e) => e.category === c.category && (c.direction === "any" || c.direction === e.direction) && (e.percent as number) >= (c.minPercent as number));
      case "cluster":
        return s.cluster === c.category;
      case "riskLevel":
        return LEVELS.indexOf(s.riskLevel as string) >= LEVELS.indexOf(c.atLeast as string);
      case "indicator":
        return (s.indicators as Json[]).some((i) => i.category === c.category && i.riskType === c.riskType && (i.volumeUsd as number) >= (c.minVolumeUsd as number));
      case "entity":
        return s.entity === c.category;
      default:
        throw new Error(`unexpected condition ${key}`);
    }
  });
}

describe("every reported shadowing is real (property)", () => {
  for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"] as const) {
    it(`${vendor}: screenings matching the shadowed rule match the earlier one, and the rule never decides`, () => {
      let reported = 0;
      const screenings = vendor === "vendorAWalletScreening" ? screeningA : screeningB;
      fc.assert(
        fc.property(policy(vendor), fc.array(screenings, { minLength: 300, maxLength: 300 }), (rules, sample) => {
          rules.forEach((rule, index) => {
            const shadowing = findShadowing(rules, index, vendor);
            if (!shadowing) return;
            reported++;
            const later = (rule as Json).when as Json;
            const earlier = (rules[shadowing.earlier] as Json).when as Json;
            for (const s of sample as Json[]) {
              if (!bruteMatches(later, s)) continue;
              expect(bruteMatches(earlier, s), JSON.stringify({ rules, index, s })).toBe(true);
              const decider = rules.findIndex((r) => bruteMatches((r as Json).when as Json, s));
              expect(decider).toBeLessThan(index);
            }
          });
        }),
        { numRuns: 400, seed: 20261121 },
      );
      // The generator must actually exercise the check.
      expect(reported).toBeGreaterThan(20);
    });
  }
});
