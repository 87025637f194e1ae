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
});
