/**
 * The weakening check's bound through compareSubjects: a pair beyond the
 * partition's bound is left to z3, and a tiny time limit answers `unknown`,
 * never `equivalent`. The named cases of the check (each change, its verdict,
 * its transitions with an example at the threshold and describeTransition's
 * words) are data in test/fixtures/decisions/weakening/, run against the
 * partition and z3 each on its own by test/core/semantics/decision-corpus.test.ts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../src/app/solver.js";
import { PARTITION_MAX_SCREENINGS } from "../../src/app/verify.js";
import { compareSubjects } from "../../src/app/weakening.js";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, RuleDocument } from "../../src/core/semantics/index.js";
import { countRepresentatives } from "../../src/core/semantics/weakening/partition.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
afterAll(closeSolver);

function policyA(postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}, extra: Partial<PolicyDocument> = {}): PolicyDocument {
  return { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen, postScreen }, ...extra };
}
const subject = (policy: PolicyDocument | undefined, addressEntries: AddressEntryDocument[] = []): DecisionSubject => ({ providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy, addressEntries });

describe("the weakening check: its bound", () => {
  it("a tiny time limit gives `unknown` with the bound, never equivalent", async () => {
    // Score and exposure thresholds of six categories: about 200,000 representative screenings, beyond the partition's bound, so z3 is asked.
    const categories = ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"];
    const many = Array.from({ length: 40 }, (_, index): RuleDocument => ({
      id: `r${index}`,
      when: { anyOf: [{ riskScore: { gte: index / 4 } }, { exposure: { category: categories[index % 6]!, direction: "direct", minPercent: index * 2 } }] },
      action: index % 2 ? "ALERT" : "BLOCK",
    }));
    expect(countRepresentatives(subject(policyA(many)), subject(policyA([...many].reverse())), NOW, PARTITION_MAX_SCREENINGS)).toBeGreaterThan(PARTITION_MAX_SCREENINGS);
    const result = await compareSubjects(subject(policyA(many)), subject(policyA([...many].reverse())), { now: NOW, timeoutMs: 1 });
    expect(result.verdict).toBe("unknown");
    expect(result.reason).toMatch(/time limit of 1 ms/);
    expect(result.transitions).toEqual([]);
  });

  it("the time limit bounds the whole pair: the interval partition stops at it too, and says so", async () => {
    // The pair above: the partition walks 25,000 representatives (a third of a second) before it gives up, far beyond 1 ms.
    const categories = ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"];
    const many = Array.from({ length: 40 }, (_, index): RuleDocument => ({
      id: `r${index}`,
      when: { anyOf: [{ riskScore: { gte: index / 4 } }, { exposure: { category: categories[index % 6]!, direction: "direct", minPercent: index * 2 } }] },
      action: index % 2 ? "ALERT" : "BLOCK",
    }));
    const result = await compareSubjects(subject(policyA(many)), subject(policyA([...many].reverse())), { now: NOW, timeoutMs: 1 });
    expect(result).toEqual({ verdict: "unknown", transitions: [], reason: "not decided within the time limit of 1 ms per policy pair (the time ran out in the interval partition)" });
  });
});
