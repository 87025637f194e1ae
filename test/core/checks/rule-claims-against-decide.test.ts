/**
 * unreachable-rule and shadowed-rule claim that a rule never decides. The claim
 * must hold against the decision procedure itself (decide.ts, semantics.md
 * section 2), screenings the vendor returned no score or level for included: a
 * condition on a missing signal is false, so `riskScore {gte: 0}` above a rule
 * does not take its every match (docs/decisions.md, "Lint reasoning follows the
 * decision procedure").
 *
 * Besides random signals, each rule contributes the small screenings that
 * satisfy it (rule-cover.ts `examples`) with and without their score or level:
 * a random draw seldom lands on the one screening that refutes a claim.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { check as shadowedRule } from "../../../src/core/checks/shadowed-rule.js";
import { check as unreachableRule } from "../../../src/core/checks/unreachable-rule.js";
import { examples, readWhen } from "../../../src/core/rule-cover.js";
import { decide, type DecisionSubject, type RuleDocument, type Signals } from "../../../src/core/semantics/index.js";
import type { Vendor } from "../../../src/core/vendors.js";
import { NOW, anyRules, signals } from "../../helpers/screening-arbitraries.js";
import { context, policyFile } from "./policy-check-helpers.js";

const VENDORS: readonly Vendor[] = ["vendorAWalletScreening", "vendorBAddressScreening"];
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

function subjectOf(vendor: Vendor, postScreen: RuleDocument[]): DecisionSubject {
  return {
    providerType: vendor,
    scope: "SIGN_IN",
    policy: { providerType: vendor, scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen } },
    addressEntries: [],
  };
}

/** Each rule's example screenings, as the vendor scored them and as it did not. */
function ruleScreenings(vendor: Vendor, postScreen: readonly RuleDocument[]): Signals[] {
  return postScreen.flatMap((rule) => {
    const cover = readWhen(rule.when, vendor);
    if (!cover) return [];
    return examples(cover, vendor).flatMap((example) => {
      const { riskScore: _score, riskLevel: _level, ...unscored } = example;
      return [example, unscored];
    });
  });
}

describe("a rule lint says never decides is decided by no screening (property)", () => {
  for (const vendor of VENDORS) {
    it(vendor, () => {
      const claims = { "unreachable-rule": 0, "shadowed-rule": 0 };
      fc.assert(
        fc.property(anyRules(vendor, 2), fc.array(signals(vendor), { minLength: 20, maxLength: 20 }), (postScreen, drawn) => {
          const subject = subjectOf(vendor, postScreen);
          const file = policyFile(subject.policy, { vendor, scope: "SIGN_IN" });
          const neverDecide = [...unreachableRule.run(file, context), ...shadowedRule.run(file, context)].map((finding) => {
            claims[finding.code as keyof typeof claims]++;
            return { code: finding.code, id: postScreen[finding.path[2] as number]!.id, message: finding.message };
          });
          if (neverDecide.length === 0) return;
          for (const screeningSignals of [{}, ...drawn, ...ruleScreenings(vendor, postScreen)]) {
            const { by } = decide(subject, { chain: "EVM", address: ADDRESS, signals: screeningSignals }, { now: NOW });
            for (const claim of neverDecide) expect(by, JSON.stringify({ claim, postScreen, signals: screeningSignals })).not.toBe(claim.id);
          }
        }),
        { numRuns: 300, seed: 20261124 },
      );
      // The generator must make both checks speak, or the property holds vacuously.
      expect(claims["unreachable-rule"]).toBeGreaterThan(20);
      expect(claims["shadowed-rule"]).toBeGreaterThan(20);
    });
  }
});
