import { describe, expect, it } from "vitest";
import { check, deepEqual } from "../../../src/core/checks/unreachable-rule.js";
import { context, policyFile, withRules } from "./policy-check-helpers.js";

describe("deepEqual", () => {
  it("ignores map key order and keeps list order", () => {
    expect(deepEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
    expect(deepEqual({ b: [2, 1] }, { b: [1, 2] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEqual(null, {})).toBe(false);
  });

  it("terminates on cyclic data", () => {
    const a: Record<string, unknown> = {};
    a.self = a;
    const b: Record<string, unknown> = {};
    b.self = b;
    expect(deepEqual(a, b)).toBe(true);
    expect(deepEqual(a, { self: { self: 1 } })).toBe(false);
  });
});

describe("unreachable-rule check", () => {
  it("points at the rule when an unreachable rule has no id, and names a catch-all without an id by path", () => {
    const data = withRules({ when: {}, action: "BLOCK" }, { when: { cluster: { category: "scam" } }, action: "ALERT" });
    expect(check.run(policyFile(data), context)).toEqual([
      {
        code: "unreachable-rule",
        path: ["rules", "postScreen", 1],
        target: "key",
        message: "unreachable: rules.postScreen[0] matches every address before this rule is reached",
      },
    ]);
  });

  it("reports each rule once, the catch-all cause first", () => {
    const when = { cluster: { category: "scam" } };
    const data = withRules({ id: "a", when, action: "BLOCK" }, { id: "b", when: {}, action: "BLOCK" }, { id: "c", when, action: "BLOCK" });
    const findings = check.run(policyFile(data), context);
    expect(findings.map((f) => [f.path, f.message])).toEqual([
      [["rules", "postScreen", 2, "id"], 'unreachable: rules.postScreen[1] (id "b") matches every address before this rule is reached'],
    ]);
  });

  it("says nothing about rules with no when or a null when", () => {
    const data = withRules({ id: "a", action: "BLOCK" }, { id: "b", when: null, action: "BLOCK" }, { id: "c", when: { cluster: { category: "scam" } }, action: "BLOCK" });
    expect(check.run(policyFile(data), context)).toEqual([]);
  });

  it("does not call rules after a whole-range score condition unreachable: a screening without a score reaches them", () => {
    const scam = { cluster: { category: "scam" } };
    const data = withRules({ id: "a", when: { riskScore: { gte: 0, lte: 10 } }, action: "BLOCK" }, { id: "b", when: scam, action: "ALERT" });
    expect(check.run(policyFile(data), context)).toEqual([]);
    const levels = withRules({ id: "a", when: { riskLevel: { atLeast: "low" } }, action: "BLOCK" }, { id: "b", when: { entity: { category: "scam" } }, action: "ALERT" });
    expect(check.run(policyFile(levels, { vendor: "vendorBAddressScreening" }), context)).toEqual([]);
  });

  it("reports a rule that can never match, saying why", () => {
    const data = withRules(
      { id: "a", when: { riskScore: { gte: 7, lte: 3 } }, action: "BLOCK" },
      { id: "b", when: { cluster: { category: "scam" }, anyOf: [{ cluster: { category: "mixer" } }, { riskScore: { gte: 8, lte: 2 } }] }, action: "ALERT" },
      { id: "c", when: { riskScore: { gte: 9, lte: 1 }, anyOf: [{ cluster: { category: "scam" } }, { cluster: { category: "mixer" } }] }, action: "ALERT" },
      { id: "d", when: { anyOf: [{ riskScore: { gte: 9, lte: 1 } }, { cluster: { category: "gambling" } }] }, action: "ALERT" },
      { id: "e", when: { riskScore: { gte: 7, lte: 3 } }, action: "BLOCK" },
    );
    expect(check.run(policyFile(data), context).map((f) => [f.path.join("."), f.message])).toEqual([
      ["rules.postScreen.0.id", "unreachable: no screening matches its when: no risk score is at least 7 and at most 3"],
      [
        "rules.postScreen.1.id",
        "unreachable: no screening matches its when: no anyOf alternative can hold (alternative 1: an address has one cluster category, not both scam and mixer; " +
          "alternative 2: no risk score is at least 8 and at most 2)",
      ],
      ["rules.postScreen.2.id", "unreachable: no screening matches its when: no risk score is at least 9 and at most 1"],
      // The same conditions as rule a: why it never matches is the better answer than "a decides first".
      ["rules.postScreen.4.id", "unreachable: no screening matches its when: no risk score is at least 7 and at most 3"],
    ]);
  });

  it("says nothing of a when the schema refuses, nor without a vendor to read it by", () => {
    const data = withRules({ id: "a", when: { riskScore: { gte: 12, lte: 3 } }, action: "BLOCK" }, { id: "b", when: { riskLevel: { atLeast: "severe" }, entity: { category: "x" } }, action: "BLOCK" });
    expect(check.run(policyFile(data), context)).toEqual([]);
    expect(check.run(policyFile(withRules({ id: "a", when: { riskScore: { gte: 7, lte: 3 } }, action: "BLOCK" }), { vendor: undefined }), context)).toEqual([]);
  });
});
