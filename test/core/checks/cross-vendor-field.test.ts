import { expect, it } from "vitest";
import { check } from "../../../src/core/checks/cross-vendor-field.js";
import { context, policyFile, withRules } from "./policy-check-helpers.js";

it("names the owner and, where one exists, this vendor's equivalent", () => {
  const data = withRules({
    id: "a",
    when: { riskScore: { lte: 3, atLeast: "high" }, entity: { category: "mixer" }, cluster: { category: "extortion", riskType: "ownership" } },
    action: "BLOCK",
  });
  expect(check.run(policyFile(data), context).map((f) => [f.path.slice(4).join("."), f.message])).toEqual([
    ["riskScore.atLeast", "atLeast belongs to vendorBAddressScreening; this policy is for vendorAWalletScreening (use gte)"],
    ["entity", "entity belongs to vendorBAddressScreening; this policy is for vendorAWalletScreening (use cluster)"],
    ["cluster.category", "extortion belongs to vendorBAddressScreening; this policy is for vendorAWalletScreening"],
    ["cluster.riskType", "riskType belongs to vendorBAddressScreening; this policy is for vendorAWalletScreening"],
  ]);
});

it("does nothing without a vendor, and leaves categories of neither vendor to the schema", () => {
  const data = withRules({ id: "a", when: { riskLevel: { atLeast: "low" } }, action: "BLOCK" });
  expect(check.run(policyFile(data, { vendor: undefined }), context)).toEqual([]);
  const unknown = withRules({ id: "a", when: { cluster: { category: "pirates" } }, action: "BLOCK" });
  expect(check.run(policyFile(unknown), context)).toEqual([]);
});
