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
});
