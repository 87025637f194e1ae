/**
 * `screenpol test --coverage` lists what no case reached (semantics.md section
 * 3). terminal-allow is left out only where decide() can never reach it: after a
 * rule that matches every screening, not after one on a score or level, which a
 * screening without that signal passes (docs/decisions.md, "Lint reasoning
 * follows the decision procedure").
 */
import { describe, expect, it } from "vitest";
import { coverableItems, runPolicyTests, type DecisionSubject, type PolicyTestCase, type RuleDocument } from "../../../src/core/semantics/index.js";
import { uncoveredRules, withReachability } from "../../../src/core/semantics/run-tests.js";
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

describe("coverage with reachability: an uncovered rule no screening reaches, with the rules that take its matches", () => {
  const example = { scope: "SIGN_IN" as const, chain: "EVM", address: ADDRESS };
  const subject = subjectOf("vendorAWalletScreening", [
    { id: "allow-low", when: { riskScore: { lte: 5 } }, action: "ALLOW" },
    { id: "block-some", when: { riskScore: { gte: 3, lte: 4 } }, action: "BLOCK" },
    { id: "alert-high", when: { riskScore: { gte: 8 } }, action: "ALERT" },
    { id: "block-late", when: { riskScore: { gte: 9 } }, action: "BLOCK" },
  ]);

  it("moves only the rules proven unreachable out of uncovered; reachable and undecided rules stay", () => {
    const [coverage] = run(subject, [caseOf(0, { riskScore: 1 }, { action: "ALLOW", by: "allow-low" })]).coverage;
    expect(uncoveredRules(coverage!, subject)).toEqual(["block-some", "alert-high", "block-late"]);
    const proven = withReachability(coverage!, {
      rules: [
        { id: "allow-low", index: 0, action: "ALLOW", status: "reachable", example },
        { id: "block-some", index: 1, action: "BLOCK", status: "unreachable", takers: [{ action: "ALLOW", by: "allow-low", example }], lessStrict: true },
        { id: "alert-high", index: 2, action: "ALERT", status: "reachable", example },
        { id: "block-late", index: 3, action: "BLOCK", status: "unknown" },
      ],
      reason: "not decided within the time limit",
    });
    expect(proven.uncovered).toEqual(["sanctions-floor", "alert-high", "block-late", "terminal-allow"]);
    expect(proven.unreachable).toEqual([{ by: "block-some", takenBy: ["allow-low"] }]);
  });

  it("with no answer asked, nothing is unreachable and every uncovered item stays", () => {
    const [coverage] = run(subject, []).coverage;
    expect(withReachability(coverage!, undefined)).toEqual({ ...coverage, unreachable: [] });
  });
});
