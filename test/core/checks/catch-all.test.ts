import { describe, expect, it } from "vitest";
import { isCatchAll } from "../../../src/core/checks/catch-all.js";
import type { Vendor } from "../../../src/core/vendors.js";

const A: Vendor = "vendorAWalletScreening";
const B: Vendor = "vendorBAddressScreening";

describe("isCatchAll", () => {
  it.each<[string, unknown, Vendor | undefined, boolean]>([
    ["empty when", {}, A, true],
    ["empty when, vendorB", {}, B, true],
    ["riskScore gte 0", { riskScore: { gte: 0 } }, A, true],
    ["riskScore lte 10", { riskScore: { lte: 10 } }, A, true],
    ["riskScore gte 0 and lte 10", { riskScore: { gte: 0, lte: 10 } }, A, true],
    ["riskScore gte -1 (out of range, still every score)", { riskScore: { gte: -1 } }, A, true],
    ["riskScore gte 0 and lte 9", { riskScore: { gte: 0, lte: 9 } }, A, false],
    ["riskScore gte 0.5", { riskScore: { gte: 0.5 } }, A, false],
    ["riskScore gte \"0\" (a string)", { riskScore: { gte: "0" } }, A, false],
    ["riskScore empty", { riskScore: {} }, A, false],
    ["riskScore with an unknown member", { riskScore: { gte: 0, atLeast: "low" } }, A, false],
    ["riskScore gte NaN", { riskScore: { gte: Number.NaN } }, A, false],
    ["riskScore in a vendorB policy", { riskScore: { gte: 0 } }, B, false],
    ["riskScore, vendor unknown", { riskScore: { gte: 0 } }, undefined, true],
    ["riskLevel atLeast low", { riskLevel: { atLeast: "low" } }, B, true],
    ["riskLevel atLeast medium", { riskLevel: { atLeast: "medium" } }, B, false],
    ["riskLevel atLeast LOW (not the enum value)", { riskLevel: { atLeast: "LOW" } }, B, false],
    ["riskLevel in a vendorA policy", { riskLevel: { atLeast: "low" } }, A, false],
    ["exposure with minPercent 0", { exposure: { category: "mixer", direction: "any", minPercent: 0 } }, A, false],
    ["indicator with minVolumeUsd 0", { indicator: { category: "scam", riskType: "indirect", minVolumeUsd: 0 } }, B, false],
    ["cluster", { cluster: { category: "gambling" } }, A, false],
    ["catch-all and a real condition", { riskScore: { gte: 0 }, cluster: { category: "gambling" } }, A, false],
    ["anyOf with a catch-all alternative", { anyOf: [{ cluster: { category: "scam" } }, { riskScore: { lte: 10 } }] }, A, true],
    ["anyOf with an empty alternative", { anyOf: [{ cluster: { category: "scam" } }, {}] }, A, true],
    ["anyOf without one", { anyOf: [{ cluster: { category: "scam" } }, { riskScore: { gte: 1 } }] }, A, false],
    ["empty anyOf (matches nothing)", { anyOf: [] }, A, false],
    ["anyOf catch-all but another condition is not", { riskScore: { gte: 5 }, anyOf: [{}] }, A, false],
    ["anyOf catch-all and a catch-all condition", { riskScore: { gte: 0 }, anyOf: [{}] }, A, true],
    ["anyOf nested in anyOf", { anyOf: [{ anyOf: [{}] }] }, A, false],
    ["anyOf not a list", { anyOf: {} }, A, false],
    ["null", null, A, false],
    ["missing", undefined, A, false],
    ["a list", [], A, false],
    ["a string", "everything", A, false],
    ["__proto__ key", JSON.parse('{"__proto__": {"gte": 0}}') as unknown, A, false],
  ])("%s", (_name, when, vendor, expected) => {
    expect(isCatchAll(when, vendor)).toBe(expected);
  });
});
