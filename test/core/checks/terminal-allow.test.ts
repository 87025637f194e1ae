import { describe, expect, it } from "vitest";
import { check } from "../../../src/core/checks/terminal-allow.js";
import { context, policyFile, withRules } from "./policy-check-helpers.js";

describe("terminal-allow check", () => {
  it("reports an ALLOW without when at its action, and a null when at the when", () => {
    const data = withRules({ id: "a", action: "ALLOW" }, { id: "b", when: null, action: "ALLOW" });
    expect(check.run(policyFile(data), context).map((f) => [f.path, f.target])).toEqual([
      [["rules", "postScreen", 0, "action"], "value"],
      [["rules", "postScreen", 1, "when"], "key"],
    ]);
  });

  it("leaves catch-all BLOCK and ALERT rules, and ALLOW rules with real conditions, alone", () => {
    const data = withRules(
      { id: "a", when: { cluster: { category: "gambling" } }, action: "ALLOW" },
      { id: "b", when: {}, action: "ALERT" },
      { id: "c", when: {}, action: "BLOCK" },
      { id: "d", when: {}, action: "allow" },
    );
    expect(check.run(policyFile(data), context)).toEqual([]);
  });

  it("judges score conditions by the file's vendor", () => {
    const data = withRules({ id: "a", when: { riskLevel: { atLeast: "low" } }, action: "ALLOW" });
    expect(check.run(policyFile(data, { vendor: "vendorAWalletScreening" }), context)).toEqual([]);
    expect(check.run(policyFile(data, { vendor: "vendorBAddressScreening" }), context)).toHaveLength(1);
  });

  it("says which of the two it is: every address, or every address the vendor returns a score (level) for", () => {
    const every = check.run(policyFile(withRules({ id: "a", when: {}, action: "ALLOW" })), context);
    expect(every.map((f) => f.message)).toEqual([
      "an ALLOW that matches every address expresses the terminal ALLOW, which the service generates after the last rule; delete this rule (unmatched addresses are allowed already)",
    ]);
    const scored = check.run(policyFile(withRules({ id: "a", when: { riskScore: { gte: 0 } }, action: "ALLOW" })), context);
    expect(scored.map((f) => [f.path, f.message])).toEqual([
      [
        ["rules", "postScreen", 0, "when"],
        "an ALLOW that matches every address the vendor returns a risk score for expresses the terminal ALLOW for all of them, which the service generates after the last rule " +
          "(only an address without a risk score can get past it); delete this rule (unmatched addresses are allowed already)",
      ],
    ]);
    const level = withRules({ id: "a", when: { riskLevel: { atLeast: "low" } }, action: "ALLOW" });
    expect(check.run(policyFile(level, { vendor: "vendorBAddressScreening" }), context)[0]?.message).toContain("every address the vendor returns a risk level for");
    // An empty alternative matches every address whatever stands beside it in anyOf.
    const anyOf = withRules({ id: "a", when: { anyOf: [{ cluster: { category: "scam" } }, {}] }, action: "ALLOW" });
    expect(check.run(policyFile(anyOf), context)[0]?.message).toMatch(/^an ALLOW that matches every address expresses/);
  });
});
