import { describe, expect, it } from "vitest";
import { check, isSanctionsKey, isSanctionsValue } from "../../../src/core/checks/sanctions-floor.js";
import { context, policyFile, withRules } from "./policy-check-helpers.js";

describe("isSanctionsKey", () => {
  it.each([
    "sanctions", "Sanctions_Floor", "sanctions-floor", "sanctionsFloor", "SANCTIONS FLOOR", "floor", "Floor", "ofac", "OFAC",
    "sanctionsProvider", "bypassFloor", "bypass_floor", "skipSanctions", "sanctionsList", "sanctioned", "sanction",
    "disableSanctionsCheck", "ofacList", "ofac_sdn", "useOfac", "noFloor",
  ])("%s is an attempt", (key) => expect(isSanctionsKey(key)).toBe(true));
  it.each(["riskScore", "category", "description", "reason", "proofAccount", "amountFloor", "floorPrice2x", "flooring", "chains", ""])(
    "%s is not",
    (key) => expect(isSanctionsKey(key)).toBe(false),
  );
});

describe("isSanctionsValue", () => {
  it.each(["sanctions", "sanctioned_entity", "sanctioned_jurisdiction", "Sanctioned-Jurisdiction", "OFAC", "ofac_sdn", "SANCTIONS", "floor", "sanctionsFloor"])(
    "%s is an attempt",
    (value) => expect(isSanctionsValue(value)).toBe(true),
  );
  it.each(["mixer", "scam", "BLOCK", "EVM", "theft", "vendorAWalletScreening", "proofAccount", ""])("%s is not", (value) =>
    expect(isSanctionsValue(value)).toBe(false),
  );
});

describe("sanctions-floor check", () => {
  it("reports a key once, without searching its subtree", () => {
    const findings = check.run(policyFile({ sanctions: { category: "sanctions", ofac: true } }), context);
    expect(findings.map((f) => [f.path, f.target])).toEqual([[["sanctions"], "key"]]);
  });

  it("ignores free text and ids but not enum-like values in lists", () => {
    const data = withRules({
      id: "block-sanctioned",
      description: "sanctions, OFAC, floor",
      reason: "sanctions",
      name: "ofac",
      when: { exposure: { category: ["mixer", "sanctions"] } },
      action: "ALERT",
    });
    expect(check.run(policyFile(data), context).map((f) => f.path)).toEqual([["rules", "postScreen", 0, "when", "exposure", "category", 1]]);
  });

  it("says that the floor already blocks for a BLOCK on sanctions", () => {
    const data = withRules({ id: "x", when: { cluster: { category: "sanctioned_entity" } }, action: "BLOCK" });
    const [finding] = check.run(policyFile(data), context);
    expect(finding?.message).toMatch(/a BLOCK on sanctions .* the sanctions floor already blocks/);
  });

  it("names the sanctions provider for a providerType", () => {
    const [finding] = check.run(policyFile({ providerType: "sanctions" }, { vendor: undefined, kind: "addresses" }), context);
    expect(finding).toMatchObject({ path: ["providerType"], target: "value" });
    expect(finding?.message).toMatch(/names the sanctions provider/);
  });

  it("terminates on cyclic data from YAML anchors and on own __proto__ keys", () => {
    const cyclic: Record<string, unknown> = { rules: {} };
    (cyclic.rules as Record<string, unknown>).self = cyclic;
    Object.defineProperty(cyclic, "__proto__", { value: { OFAC: 1 }, enumerable: true });
    expect(check.run(policyFile(cyclic), context).map((f) => f.path)).toEqual([["__proto__", "OFAC"]]);
  });

  // 10^12 paths if every alias were walked: a walk that does not stop at shared nodes never ends (the test timeout).
  it("stays bounded on data that aliases expand into a huge tree", () => {
    let shared: unknown = { category: "mixer" };
    for (let level = 0; level < 12; level++) shared = Array.from({ length: 10 }, () => shared);
    expect(check.run(policyFile({ rules: shared }), context)).toEqual([]);
  });

  it("does not overflow on very deep data", () => {
    let deep: unknown = { sanctions: true };
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(check.run(policyFile(deep), context)).toEqual([]);
  });
});
