import { describe, expect, it } from "vitest";
import { matchesEveryScoredScreening, matchesEveryScreening } from "../../../src/core/checks/catch-all.js";
import type { Vendor } from "../../../src/core/vendors.js";

const A: Vendor = "vendorAWalletScreening";
const B: Vendor = "vendorBAddressScreening";

// Each row: the `when`, the file's vendor, then matchesEveryScreening (what decide() guarantees) and matchesEveryScoredScreening (terminal-allow's).
describe("matchesEveryScreening and matchesEveryScoredScreening", () => {
  it.each<[string, unknown, Vendor | undefined, boolean, boolean]>([
    ["empty when", {}, A, true, true],
    ["empty when, vendorB", {}, B, true, true],
    ["riskScore gte 0", { riskScore: { gte: 0 } }, A, false, true],
    ["riskScore lte 10", { riskScore: { lte: 10 } }, A, false, true],
    ["riskScore gte 0 and lte 10", { riskScore: { gte: 0, lte: 10 } }, A, false, true],
    ["riskScore gte -1 (out of range, still every score)", { riskScore: { gte: -1 } }, A, false, true],
    ["riskScore gte 0 and lte 9", { riskScore: { gte: 0, lte: 9 } }, A, false, false],
    ["riskScore gte 0.5", { riskScore: { gte: 0.5 } }, A, false, false],
    ["riskScore gte \"0\" (a string)", { riskScore: { gte: "0" } }, A, false, false],
    ["riskScore empty", { riskScore: {} }, A, false, false],
    ["riskScore with an unknown member", { riskScore: { gte: 0, atLeast: "low" } }, A, false, false],
    ["riskScore gte NaN", { riskScore: { gte: Number.NaN } }, A, false, false],
    ["riskScore in a vendorB policy", { riskScore: { gte: 0 } }, B, false, false],
    ["riskScore, vendor unknown", { riskScore: { gte: 0 } }, undefined, false, true],
    ["riskLevel atLeast low", { riskLevel: { atLeast: "low" } }, B, false, true],
    ["riskLevel atLeast medium", { riskLevel: { atLeast: "medium" } }, B, false, false],
    ["riskLevel atLeast LOW (not the enum value)", { riskLevel: { atLeast: "LOW" } }, B, false, false],
    ["riskLevel in a vendorA policy", { riskLevel: { atLeast: "low" } }, A, false, false],
    ["exposure with minPercent 0", { exposure: { category: "mixer", direction: "any", minPercent: 0 } }, A, false, false],
    ["indicator with minVolumeUsd 0", { indicator: { category: "scam", riskType: "indirect", minVolumeUsd: 0 } }, B, false, false],
    ["cluster", { cluster: { category: "gambling" } }, A, false, false],
    ["catch-all and a real condition", { riskScore: { gte: 0 }, cluster: { category: "gambling" } }, A, false, false],
    ["anyOf with a catch-all alternative", { anyOf: [{ cluster: { category: "scam" } }, { riskScore: { lte: 10 } }] }, A, false, true],
    ["anyOf with an empty alternative", { anyOf: [{ cluster: { category: "scam" } }, {}] }, A, true, true],
    ["anyOf without one", { anyOf: [{ cluster: { category: "scam" } }, { riskScore: { gte: 1 } }] }, A, false, false],
    ["empty anyOf (matches nothing)", { anyOf: [] }, A, false, false],
    ["anyOf catch-all but another condition is not", { riskScore: { gte: 5 }, anyOf: [{}] }, A, false, false],
    ["anyOf catch-all and a catch-all condition", { riskScore: { gte: 0 }, anyOf: [{}] }, A, false, true],
    ["anyOf nested in anyOf", { anyOf: [{ anyOf: [{}] }] }, A, false, false],
    ["anyOf not a list", { anyOf: {} }, A, false, false],
    ["null", null, A, false, false],
    ["missing", undefined, A, false, false],
    ["a list", [], A, false, false],
    ["a string", "everything", A, false, false],
    ["__proto__ key", JSON.parse('{"__proto__": {"gte": 0}}') as unknown, A, false, false],
    ["anyOf with an empty alternative and a whole-range one", { anyOf: [{ riskLevel: { atLeast: "low" } }, {}] }, B, true, true],
  ])("%s", (_name, when, vendor, everyScreening, everyScored) => {
    expect(matchesEveryScreening(when)).toBe(everyScreening);
    expect(matchesEveryScoredScreening(when, vendor)).toBe(everyScored);
  });
});
