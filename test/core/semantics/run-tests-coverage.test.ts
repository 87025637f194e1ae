/**
 * `screenpol test --coverage` lists what no case reached (semantics.md section
 * 3). terminal-allow is left out only where decide() can never reach it: after a
 * rule that matches every screening, not after one on a score or level, which a
 * screening without that signal passes (docs/decisions.md, "Lint reasoning
 * follows the decision procedure").
 */
import { describe, expect, it } from "vitest";
import { coverableItems, runPolicyTests, type DecisionSubject, type PolicyTestCase, type RuleDocument } from "../../../src/core/semantics/index.js";
import type { Vendor } from "../../../src/core/vendors.js";

const NOW = new Date("2026-11-24T12:00:00Z");
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

function subjectOf(providerType: Vendor, postScreen: RuleDocument[]): DecisionSubject {
  return {
    providerType,
    scope: "SIGN_IN",
    policy: { providerType, scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen } },
    addressEntries: [],
  };
}

function caseOf(index: number, signals: PolicyTestCase["screening"]["signals"], expect: PolicyTestCase["expect"]): PolicyTestCase {
  return { index, name: `case ${index}`, line: 5 + index, screening: { chain: "EVM", address: ADDRESS, signals }, expect };
}

function run(subject: DecisionSubject, cases: PolicyTestCase[]) {
  const test = { file: "tests/sandbox/x.test.yaml", environment: "sandbox", providerType: subject.providerType, scope: subject.scope, line: 1, cases };
  return runPolicyTests([{ test, subject, policyFile: "policies/sandbox/x.yaml" }], NOW);
}

describe("terminal-allow coverage follows the decision procedure", () => {
  const scoredAlert = subjectOf("vendorAWalletScreening", [
    { id: "block-high", when: { riskScore: { gte: 8 } }, action: "BLOCK" },
    { id: "alert-every-scored", when: { riskScore: { gte: 0 } }, action: "ALERT" },
  ]);

  it("after riskScore {gte: 0}, terminal-allow is coverable and listed when no case reaches it", () => {
    expect(coverableItems(scoredAlert)).toEqual(["sanctions-floor", "block-high", "alert-every-scored", "terminal-allow"]);
    const result = run(scoredAlert, [caseOf(0, { riskScore: 9 }, { action: "BLOCK" }), caseOf(1, { riskScore: 0 }, { action: "ALERT" })]);
    expect(result.coverage[0]!.uncovered).toEqual(["sanctions-floor", "terminal-allow"]);
  });

  it("a screening without a score reaches it, and covers it", () => {
    const result = run(scoredAlert, [caseOf(0, {}, { action: "ALLOW", by: "terminal-allow" })]);
    expect(result.failed).toBe(0);
    expect(result.coverage[0]!.uncovered).not.toContain("terminal-allow");
  });

  it("the same after riskLevel {atLeast: low}", () => {
    const subject = subjectOf("vendorBAddressScreening", [{ id: "alert-every-level", when: { riskLevel: { atLeast: "low" } }, action: "ALERT" }]);
    expect(coverableItems(subject)).toContain("terminal-allow");
  });

  it("after {} or an anyOf with an empty alternative, terminal-allow is not coverable", () => {
    for (const when of [{}, { anyOf: [{ cluster: { category: "scam" } }, {}] }] as RuleDocument["when"][]) {
      const subject = subjectOf("vendorAWalletScreening", [{ id: "alert-everything", when, action: "ALERT" }]);
      expect(coverableItems(subject)).toEqual(["sanctions-floor", "alert-everything"]);
    }
  });
});
