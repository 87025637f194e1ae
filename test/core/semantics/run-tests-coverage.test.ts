/**
 * `screenpol test --coverage` lists what no case reached (semantics.md section
 * 3). terminal-allow is left out only where decide() can never reach it: after a
 * rule that matches every screening, not after one on a score or level, which a
 * screening without that signal passes (docs/decisions.md, "Lint reasoning
 * follows the decision procedure").
 */
import { describe, expect, it } from "vitest";
import { coverableItems, runPolicyTests, type DecisionSubject, type PolicyTestCase, type RuleDocument } from "../../../src/core/semantics/index.js";
import { coverageFigure, coveragePercent, isUnderThreshold, mergeTestRuns, overallCoverage, uncoveredItems, uncoveredRules, unreachableItems, untestedCoverage, withReachability, type PolicyCoverage } from "../../../src/core/semantics/run-tests.js";
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
    // As the JSON report lists them: one item per policy and rule, with the policy's identity.
    const report = { ...run(subject, []), coverage: [proven, { ...coverage!, scope: "TRANSACTION" }] };
    const identity = { environment: "sandbox", providerType: "vendorAWalletScreening" };
    expect(unreachableItems(report)).toEqual([{ ...identity, scope: "SIGN_IN", by: "block-some", takenBy: ["allow-low"] }]);
    expect(uncoveredItems(report).filter((item) => item.by === "block-late")).toEqual([
      { ...identity, scope: "SIGN_IN", by: "block-late" },
      { ...identity, scope: "TRANSACTION", by: "block-late" },
    ]);
  });

  it("with no answer asked, nothing is unreachable and every uncovered item stays", () => {
    const [coverage] = run(subject, []).coverage;
    expect(withReachability(coverage!, undefined)).toEqual({ ...coverage, unreachable: [] });
  });
});

describe("the coverable items of a policy, in the order of semantics.md section 3", () => {
  const RULE: RuleDocument = { id: "block-high", when: { riskScore: { gte: 8 } }, action: "BLOCK" };
  const entry = (scope: "ALL" | "SIGN_IN" | "TRANSACTION") => ({ address: ADDRESS, chain: "EVM", action: "BLOCK" as const, scope, reason: "r", expiresAt: "2020-01-01" });
  const withScope = (scope: "SIGN_IN" | "TRANSACTION", preScreen: Record<string, unknown>, addressEntries: ReturnType<typeof entry>[] = []): DecisionSubject => ({
    providerType: "vendorAWalletScreening",
    scope,
    policy: { providerType: "vendorAWalletScreening", scope, schemaVersion: 1, enabled: true, rules: { preScreen, postScreen: [RULE] } },
    addressEntries,
  });

  it("address-entry when an entry of this scope or ALL exists, expired or not; not for an entry of the other scope alone", () => {
    expect(coverableItems(withScope("SIGN_IN", {}, [entry("SIGN_IN")]))).toEqual(["sanctions-floor", "address-entry", "block-high", "terminal-allow"]);
    expect(coverableItems(withScope("SIGN_IN", {}, [entry("TRANSACTION"), entry("ALL")]))).toEqual(["sanctions-floor", "address-entry", "block-high", "terminal-allow"]);
    expect(coverableItems(withScope("SIGN_IN", {}, [entry("TRANSACTION")]))).toEqual(["sanctions-floor", "block-high", "terminal-allow"]);
  });

  it("policy-disabled, and nothing after it, when the policy is absent or disabled", () => {
    const enabled = withScope("SIGN_IN", { chains: ["EVM"] }, [entry("ALL")]);
    expect(coverableItems({ ...enabled, policy: { ...enabled.policy!, enabled: false } })).toEqual(["sanctions-floor", "address-entry", "policy-disabled"]);
    expect(coverableItems({ ...enabled, policy: undefined })).toEqual(["sanctions-floor", "address-entry", "policy-disabled"]);
  });

  it("pre-screen for chains in either scope; for tokens or a minAmountUsd above 0 in TRANSACTION only", () => {
    const items = (scope: "SIGN_IN" | "TRANSACTION", preScreen: Record<string, unknown>) => coverableItems(withScope(scope, preScreen)).includes("pre-screen");
    const token = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
    expect([items("SIGN_IN", { chains: ["EVM"] }), items("TRANSACTION", { chains: ["EVM"] })]).toEqual([true, true]);
    expect([items("TRANSACTION", { tokens: [token] }), items("TRANSACTION", { minAmountUsd: 0.01 }), items("TRANSACTION", { minAmountUsd: 0 })]).toEqual([true, true, false]);
    expect([items("SIGN_IN", { tokens: [token] }), items("SIGN_IN", { minAmountUsd: 100 }), items("TRANSACTION", { exposureDepth: 2 })]).toEqual([false, false, false]);
    expect(coverableItems(withScope("TRANSACTION", { chains: ["EVM"] }))).toEqual(["sanctions-floor", "pre-screen", "block-high", "terminal-allow"]);
  });
});

describe("a case passes when the decision has its action and, when it names one, its rule or step", () => {
  const subject = subjectOf("vendorAWalletScreening", [
    { id: "block-high", when: { riskScore: { gte: 8 } }, action: "BLOCK" },
    { id: "alert-mid", when: { riskScore: { gte: 5 } }, action: "ALERT" },
  ]);
  const outcomes = (cases: PolicyTestCase[]) => run(subject, cases).cases.map((result) => `${result.name}: ${result.ok ? "pass" : "FAIL"}${result.missingRule ? ` (${result.missingRule})` : ""}`);

  it("action alone, action and rule, action and step; a wrong action, rule or step fails", () => {
    expect(
      outcomes([
        caseOf(0, { riskScore: 9 }, { action: "BLOCK" }),
        caseOf(1, { riskScore: 9 }, { action: "BLOCK", by: "block-high" }),
        caseOf(2, { riskScore: 1 }, { action: "ALLOW", by: "terminal-allow" }),
        caseOf(3, { riskScore: 9 }, { action: "ALERT" }),
        caseOf(4, { riskScore: 9 }, { action: "ALERT", by: "block-high" }),
        caseOf(5, { riskScore: 6 }, { action: "ALERT", by: "block-high" }),
        caseOf(6, { riskScore: 6 }, { action: "ALERT", by: "pre-screen" }),
        caseOf(7, { riskScore: 6 }, { action: "ALERT", by: "alert-middle" }),
      ]),
    ).toEqual([
      "case 0: pass",
      "case 1: pass",
      "case 2: pass",
      "case 3: FAIL",
      "case 4: FAIL",
      "case 5: FAIL",
      "case 6: FAIL",
      "case 7: FAIL (rule alert-middle does not exist in policies/sandbox/x.yaml)",
    ]);
  });

  it("files that test one policy share its coverage; another scope is another policy", () => {
    const test = (scope: "SIGN_IN" | "TRANSACTION", cases: PolicyTestCase[]) => ({ file: `tests/${scope}.test.yaml`, environment: "sandbox", providerType: subject.providerType, scope, line: 1, cases });
    const twice = runPolicyTests(
      [
        { test: test("SIGN_IN", [caseOf(0, { riskScore: 9 }, { action: "BLOCK" })]), subject, policyFile: "p.yaml" },
        { test: test("SIGN_IN", [caseOf(0, { riskScore: 6 }, { action: "ALERT" })]), subject, policyFile: "p.yaml" },
        { test: test("TRANSACTION", []), subject: { ...subject, scope: "TRANSACTION" }, policyFile: "t.yaml" },
      ],
      NOW,
    );
    expect(twice.coverage.map((policy) => `${policy.scope}: ${policy.uncovered.join(", ")}`)).toEqual([
      "SIGN_IN: sanctions-floor, terminal-allow",
      "TRANSACTION: sanctions-floor, block-high, alert-mid, terminal-allow",
    ]);
  });

  it("no terminal-allow after a catch-all among other rules; no uncovered rules without a policy", () => {
    const withCatchAll = subjectOf("vendorAWalletScreening", [
      { id: "block-high", when: { riskScore: { gte: 8 } }, action: "BLOCK" },
      { id: "alert-rest", when: {}, action: "ALERT" },
    ]);
    expect(coverableItems(withCatchAll)).toEqual(["sanctions-floor", "block-high", "alert-rest"]);
    const absent = { ...withCatchAll, policy: undefined };
    const [coverage] = run(absent, []).coverage;
    expect(uncoveredRules(coverage!, absent)).toEqual([]);
  });
});

describe("coverage as figures (test --coverage, --min-coverage)", () => {
  const policy = (uncovered: string[], extra: Partial<PolicyCoverage> = {}): PolicyCoverage => ({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "SIGN_IN", coverable: ["rule-a", "rule-b", "rule-c", "terminal-allow"], uncovered, ...extra });

  it("covered over coverable, less the rules proven unreachable", () => {
    expect(coverageFigure(policy(["rule-b"]))).toEqual({ covered: 3, total: 4 });
    expect(coverageFigure(policy(["rule-b"], { unreachable: [{ by: "rule-c", takenBy: [] }] }))).toEqual({ covered: 2, total: 3 });
  });

  it("all policies added up, items not percentages", () => {
    expect(overallCoverage([policy(["rule-b"]), policy(["rule-a", "rule-b", "rule-c"], { coverable: ["rule-a", "rule-b", "rule-c", "rule-d", "terminal-allow"] })])).toEqual({ covered: 5, total: 9 });
    expect(overallCoverage([])).toEqual({ covered: 0, total: 0 });
  });

  it("a percentage with one decimal rounded down, nothing to cover 100%", () => {
    expect([coveragePercent({ covered: 2, total: 3 }), coveragePercent({ covered: 9_996, total: 10_000 }), coveragePercent({ covered: 4, total: 4 }), coveragePercent({ covered: 0, total: 0 })]).toEqual(["66.6%", "99.9%", "100.0%", "100.0%"]);
  });

  it("under a threshold compared exactly, never when there is nothing to cover", () => {
    expect(isUnderThreshold({ covered: 2, total: 3 }, 66.6)).toBe(false);
    expect(isUnderThreshold({ covered: 2, total: 3 }, 66.7)).toBe(true);
    expect(isUnderThreshold({ covered: 3, total: 4 }, 75)).toBe(false);
    expect(isUnderThreshold({ covered: 0, total: 0 }, 100)).toBe(false);
  });

  it("a policy no test file tests: every item uncovered, marked untested", () => {
    const subject = subjectOf("vendorAWalletScreening", [{ id: "block-all", when: {}, action: "BLOCK" }]);
    const untested = untestedCoverage({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "SIGN_IN" }, subject);
    expect(untested).toEqual({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "SIGN_IN", coverable: coverableItems(subject), uncovered: coverableItems(subject), tested: false });
    expect(coveragePercent(coverageFigure(untested))).toBe("0.0%");
  });

  it("runs of one policy merged: an item is uncovered only when no run reached it", () => {
    const first = { passed: 1, failed: 0, cases: [], files: [], coverage: [policy(["rule-a", "rule-b"])] };
    const second = { passed: 2, failed: 1, cases: [], files: [], coverage: [policy(["rule-b", "rule-c"])] };
    expect(mergeTestRuns([first, second])).toEqual({ passed: 3, failed: 1, cases: [], files: [], coverage: [policy(["rule-b"])] });
  });
});
