/**
 * A failing policy test in words (describe.ts explainDecision, run-tests.ts):
 * why the actual decision was taken, and what the rule or step the case
 * expected saw, from real traces of `decide()`; and the same lines in the
 * pretty, JSON and JUnit reports.
 */
import { describe, expect, it } from "vitest";
import { formatTestJson, formatTestJunit, formatTestPretty } from "../../../src/core/formats/policy-tests.js";
import {
  decide,
  explainDecision,
  runPolicyTests,
  traceRuleOf,
  type DecisionSubject,
  type PolicyDocument,
  type PolicyTest,
  type Screening,
} from "../../../src/core/semantics/index.js";

const NOW = new Date("2026-11-23T12:00:00Z");
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const TREASURY = "0x0000000000000000000000000000000000000002";
const RULES: PolicyDocument["rules"]["postScreen"] = [
  { id: "block-mixers", when: { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, action: "BLOCK" },
  { id: "alert-high", when: { riskScore: { gte: 7 } }, action: "ALERT" },
];
const policy: PolicyDocument = { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen: { minAmountUsd: 100 }, postScreen: RULES } };

const subject: DecisionSubject = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy,
  addressEntries: [{ address: TREASURY, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury" }],
};

const screening = (signals: Screening["signals"], amountUsd = 1200, address = ADDRESS): Screening => ({ chain: "EVM", address, transfer: { amountUsd }, signals });

function explain(on: Screening, expectedBy?: string): string[] {
  const decision = decide(subject, on, { now: NOW, trace: true });
  const rule = expectedBy === undefined ? undefined : traceRuleOf(subject, expectedBy, on);
  return explainDecision(decision, { subject, screening: on, policyFile: "policies/p.yaml" }, { by: expectedBy, rule });
}

describe("explainDecision", () => {
  it("names the deciding rule with each of its conditions and the value compared", () => {
    expect(explain(screening({ riskScore: 8 }))).toEqual(["rule alert-high matched", "  riskScore >= 7: 8  holds"]);
  });

  it("gives the deciding step's line", () => {
    expect(explain(screening({ riskScore: 8 }, 50))).toEqual(["pre-screen: amount 50 USD < minAmountUsd 100: the vendor is not consulted"]);
    expect(explain(screening({}, 1200, TREASURY))).toEqual([`address-entry: entry #1 for EVM ${TREASURY}: ALLOW, scope ALL, no expiry, reason "treasury"`]);
    expect(explain(screening({ riskScore: 2 }))).toEqual(["terminal-allow: no rule matched (2 of 2 rules evaluated)"]);
  });

  it("shows the conditions of an expected rule that did not match, also one the decision never reached", () => {
    expect(explain(screening({ riskScore: 2, exposures: [{ category: "mixer", direction: "direct", percent: 4 }] }), "block-mixers")).toEqual([
      "terminal-allow: no rule matched (2 of 2 rules evaluated)",
      "expected rule block-mixers: not matched",
      "  exposure mixer direct >= 10%: 4%  does not hold",
    ]);
    // Decided before postScreen: the expected rule's conditions are still evaluated on the case's signals.
    expect(explain(screening({ riskScore: 3 }, 50), "alert-high")).toEqual([
      "pre-screen: amount 50 USD < minAmountUsd 100: the vendor is not consulted",
      "expected rule alert-high: not matched",
      "  riskScore >= 7: 3  does not hold",
    ]);
  });

  it("says when the expected rule holds but an earlier rule or step decided first", () => {
    expect(explain(screening({ riskScore: 9, exposures: [{ category: "mixer", direction: "direct", percent: 40 }] }), "alert-high")).toEqual([
      "rule block-mixers matched",
      "  exposure mixer direct >= 10%: 40%  holds",
      "expected rule alert-high: its conditions hold, but block-mixers decided first",
      "  riskScore >= 7: 9  holds",
    ]);
  });

  it("gives the line of an expected step the decision went through", () => {
    expect(explain(screening({ riskScore: 8 }), "pre-screen")).toEqual([
      "rule alert-high matched",
      "  riskScore >= 7: 8  holds",
      "expected pre-screen: amount 1200 USD >= minAmountUsd 100",
    ]);
  });
});

describe("failing cases in the reports", () => {
  const test: PolicyTest = {
    file: "tests/t.test.yaml",
    environment: "sandbox",
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    line: 1,
    cases: [
      { index: 0, name: "passes", line: 5, screening: screening({ riskScore: 8 }), expect: { action: "ALERT", by: "alert-high" } },
      { index: 1, name: "mixer & <co>", line: 9, screening: screening({ riskScore: 2, exposures: [{ category: "mixer", direction: "direct", percent: 4 }] }), expect: { action: "BLOCK", by: "block-mixers" } },
    ],
  };
  // Run inside each test, never while the file is collected: the mutation run (docs/testing.md) counts code run
  // outside a test as run by every test, and reruns the whole suite for each mutant on that path.
  const runTests = () => runPolicyTests([{ test, subject, policyFile: "policies/p.yaml" }], NOW);
  const why = ["terminal-allow: no rule matched (2 of 2 rules evaluated)", "expected rule block-mixers: not matched", "  exposure mixer direct >= 10%: 4%  does not hold"];

  it("only a failing case carries the why", () => {
    expect(runTests().cases.map((result) => result.why)).toEqual([undefined, why]);
  });

  it("pretty: under expected and actual, the further lines aligned under the first", () => {
    expect(formatTestPretty(runTests(), { coverage: false })).toBe(
      [
        "FAIL tests/t.test.yaml:9  mixer & <co>",
        "  expected: BLOCK by block-mixers",
        "  actual:   ALLOW by terminal-allow",
        "  why:      terminal-allow: no rule matched (2 of 2 rules evaluated)",
        "            expected rule block-mixers: not matched",
        "              exposure mixer direct >= 10%: 4%  does not hold",
        "",
        "1 passed, 1 failed",
        "",
      ].join("\n"),
    );
  });

  it("JSON: the why of a failing case as an optional member, none on a passing one", () => {
    const cases = (JSON.parse(formatTestJson(runTests())) as { cases: Array<Record<string, unknown>> }).cases;
    expect("why" in cases[0]!).toBe(false);
    expect(cases[1]!.why).toEqual(why);
  });

  it("JUnit: the why in the failure's body, escaped", () => {
    const xml = formatTestJunit(runTests(), { coverage: false });
    expect(xml).toContain("<failure message=\"expected BLOCK by block-mixers, got ALLOW by terminal-allow\" type=\"decision\">tests/t.test.yaml:9\n");
    expect(xml).toContain("why:      terminal-allow: no rule matched (2 of 2 rules evaluated)\n          expected rule block-mixers: not matched\n            exposure mixer direct &gt;= 10%: 4%  does not hold</failure>");
  });
});

describe("explainDecision without a trace or an expectation", () => {
  it("an untraced decision has nothing to explain, and is not an error", () => {
    const untraced = decide(subject, screening({ riskScore: 8 }), { now: NOW });
    expect(explainDecision(untraced, { subject, screening: screening({ riskScore: 8 }) }, { by: "block-mixers" })).toEqual([]);
    expect(explainDecision(untraced, { subject, screening: screening({ riskScore: 8 }) })).toEqual([]);
  });

  it("a traced decision with no expectation gives the deciding line only", () => {
    const on = screening({ riskScore: 2 });
    expect(explainDecision(decide(subject, on, { now: NOW, trace: true }), { subject, screening: on })).toEqual(["terminal-allow: no rule matched (2 of 2 rules evaluated)"]);
  });
});

describe("a case that expects a rule the policy does not hold", () => {
  it("fails whatever the decision, and says which rule is missing from which file", () => {
    const test: PolicyTest = {
      file: "tests/t.test.yaml",
      environment: "sandbox",
      providerType: "vendorAWalletScreening",
      scope: "TRANSACTION",
      line: 1,
      cases: [{ index: 0, name: "renamed rule", line: 5, screening: screening({ riskScore: 8 }), expect: { action: "ALERT", by: "alert-very-high" } }],
    };
    const run = runPolicyTests([{ test, subject, policyFile: "policies/p.yaml" }], NOW);
    expect(run.cases.map((result) => [result.ok, result.actual.by, result.missingRule])).toEqual([[false, "alert-high", "rule alert-very-high does not exist in policies/p.yaml"]]);
  });
});

describe("explainDecision of the expected rule or step", () => {
  it("adds nothing when the expected rule or step is the one that decided (the action was what differed)", () => {
    expect(explain(screening({ riskScore: 8 }), "alert-high")).toEqual(["rule alert-high matched", "  riskScore >= 7: 8  holds"]);
    expect(explain(screening({ riskScore: 8 }, 50), "pre-screen")).toEqual(["pre-screen: amount 50 USD < minAmountUsd 100: the vendor is not consulted"]);
  });

  it("adds nothing for an expected step after the one that decided: it was never reached", () => {
    expect(explain(screening({ riskScore: 8 }), "terminal-allow")).toEqual(["rule alert-high matched", "  riskScore >= 7: 8  holds"]);
  });

  it("names an address entry's expiry when it has one", () => {
    const on = screening({}, 1200, TREASURY);
    const expiring: DecisionSubject = { ...subject, addressEntries: [{ ...subject.addressEntries![0]!, expiresAt: "2027-01-01" }] };
    expect(explainDecision(decide(expiring, on, { now: NOW, trace: true }), { subject: expiring, screening: on })).toEqual([
      `address-entry: entry #1 for EVM ${TREASURY}: ALLOW, scope ALL, expires 2027-01-01, reason "treasury"`,
    ]);
  });
});
