/**
 * Causes and regions of a weakening as a reviewer reads them
 * (docs/semantics.md, "Causes and regions of a weakening"): named pairs of
 * versions through compareSubjects, the lines compare and plan print
 * (weakening-causes.ts) and the JSON members. Three unrelated edits give three
 * causes; two edits that only weaken together give one joint cause; an
 * address entry that bypasses five rules gives one cause, one region and its
 * expiry in words; a swap says which rule now comes before which; a raised
 * minimum is one region of amounts.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../src/app/solver.js";
import { compareSubjects } from "../../src/app/weakening.js";
import { weakeningLinesOf } from "../../src/core/formats/weakening-causes.js";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, RuleDocument } from "../../src/core/semantics/index.js";
import { isWeakening } from "../../src/core/semantics/weakening/verdict.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
afterAll(closeSolver);

const ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";

function policyA(postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}): PolicyDocument {
  return { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen, postScreen } };
}
const subject = (policy: PolicyDocument | undefined, addressEntries: AddressEntryDocument[] = []): DecisionSubject => ({ providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy, addressEntries });

const HIGH_SCORE = (gte: number): RuleDocument => ({ id: "block-high-score", when: { riskScore: { gte } }, action: "BLOCK" });
const MIXERS: RuleDocument = { id: "block-mixers", when: { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }, action: "BLOCK" };
const OBFUSCATION: RuleDocument = { id: "alert-obfuscation", when: { exposure: { category: "mixer", direction: "any", minPercent: 5 } }, action: "ALERT" };
const SCAM: RuleDocument = { id: "block-scam", when: { exposure: { category: "scam", direction: "direct", minPercent: 10 } }, action: "BLOCK" };
const CLUSTER: RuleDocument = { id: "block-darknet", when: { cluster: { category: "darknet_market" } }, action: "BLOCK" };
const ELEVATED: RuleDocument = { id: "alert-elevated", when: { riskScore: { gte: 4 } }, action: "ALERT" };
const ENTRY: AddressEntryDocument = { address: ADDRESS, chain: "EVM", action: "ALLOW", scope: "TRANSACTION", reason: "market maker, COMP-1207", expiresAt: "2027-03-31" };

const compare = (base: DecisionSubject, head: DecisionSubject) => compareSubjects(base, head, { now: NOW });

describe("causes of a weakening, by name", () => {
  it("three unrelated edits (a threshold raised, two rules swapped, an ALLOW entry added) are three causes, each with its own headline", async () => {
    // Unrelated: the swapped rules come first, so that the raised threshold changes only screenings neither of them decides.
    const base = subject(policyA([MIXERS, OBFUSCATION, HIGH_SCORE(7), SCAM]));
    const head = subject(policyA([OBFUSCATION, MIXERS, HIGH_SCORE(8), SCAM]), [ENTRY]);
    const result = await compare(base, head);
    expect(result.verdict).toBe("weaker");
    expect(result.causes?.map((cause) => cause.headline)).toEqual([
      "alert-obfuscation now comes before block-mixers",
      "rule block-high-score: riskScore gte raised from 7 to 8",
      `address entry ${ADDRESS} on EVM (ALLOW, TRANSACTION, until 2027-03-31) added: it exempts it from every TRANSACTION rule; the sanctions floor still applies`,
    ]);
    expect(result.causes?.map((cause) => cause.edits)).toEqual([[{ kind: "rule-moved", rule: "alert-obfuscation" }], [{ kind: "rule-modified", rule: "block-high-score" }], [{ kind: "address-entry", chain: "EVM", address: ADDRESS }]]);
    const lines = weakeningLinesOf("p", result);
    // The threshold: one region, the scores between the two thresholds, at any address but the entry's (which the entry now decides).
    expect(lines.slice(3, 6)).toEqual([
      "p: rule block-high-score: riskScore gte raised from 7 to 8",
      `  where riskScore in [7, 8), exposure mixer direct < 5% or none, exposure mixer indirect < 5% or none, exposure scam direct < 10% or none, address other than ${ADDRESS} on EVM`,
      "  BLOCK (block-high-score) -> allowed: no rule matches (e.g. riskScore = 7)",
    ]);
  });

  it("a swap says which rule now comes before which, with the screenings it takes", async () => {
    const result = await compare(subject(policyA([MIXERS, OBFUSCATION])), subject(policyA([OBFUSCATION, MIXERS])));
    expect(weakeningLinesOf("p", result)).toEqual([
      "p: alert-obfuscation now comes before block-mixers",
      "  where exposure mixer direct >= 20%",
      "  BLOCK (block-mixers) -> ALERT (alert-obfuscation) (e.g. exposure mixer direct = 20%)",
    ]);
  });

  it("two rules removed that each block the same screenings weaken them only together: one joint cause for those, the one rule for the rest", async () => {
    const also: RuleDocument = { id: "block-very-high-score", when: { riskScore: { gte: 8 } }, action: "BLOCK" };
    const result = await compare(subject(policyA([HIGH_SCORE(7), also])), subject(policyA([])));
    expect(weakeningLinesOf("p", result)).toEqual([
      "p: rule block-high-score removed (it decided BLOCK when riskScore >= 7)",
      "  where riskScore in [7, 8)",
      "  BLOCK (block-high-score) -> allowed: no rule matches (e.g. riskScore = 7)",
      "p: together (no one of them alone): rule block-high-score removed (it decided BLOCK when riskScore >= 7); rule block-very-high-score removed (it decided BLOCK when riskScore >= 8)",
      "  where riskScore >= 8",
      "  BLOCK (block-high-score) -> allowed: no rule matches (e.g. riskScore = 8)",
    ]);
    expect(result.causes?.[1]?.edits).toEqual([
      { kind: "rule-removed", rule: "block-high-score" },
      { kind: "rule-removed", rule: "block-very-high-score" },
    ]);
  });

  it("an address entry that bypasses five rules is one cause and one region, its expiry in words", async () => {
    const rules = [HIGH_SCORE(7), MIXERS, SCAM, CLUSTER, ELEVATED];
    const result = await compare(subject(policyA(rules)), subject(policyA(rules), [ENTRY]));
    expect(result.causes).toHaveLength(1);
    expect(result.causes![0]!.transitions.filter(isWeakening)).toHaveLength(5);
    expect(weakeningLinesOf("p", result)).toEqual([
      `p: address entry ${ADDRESS} on EVM (ALLOW, TRANSACTION, until 2027-03-31) added: it exempts it from every TRANSACTION rule; the sanctions floor still applies`,
      `  where address ${ADDRESS} on EVM`,
      `  BLOCK (block-high-score) -> allowed by the address entry (e.g. address ${ADDRESS} on EVM, riskScore = 7)`,
      `  BLOCK (block-mixers) -> allowed by the address entry (e.g. address ${ADDRESS} on EVM, exposure mixer direct = 20%)`,
      `  BLOCK (block-scam) -> allowed by the address entry (e.g. address ${ADDRESS} on EVM, exposure scam direct = 10%)`,
      `  BLOCK (block-darknet) -> allowed by the address entry (e.g. address ${ADDRESS} on EVM, cluster = darknet_market)`,
      `  ALERT (alert-elevated) -> allowed by the address entry (e.g. address ${ADDRESS} on EVM, riskScore = 4)`,
    ]);
  });

  it("a raised minAmountUsd is one region of amounts, its steps in words", async () => {
    const result = await compare(subject(policyA([HIGH_SCORE(7)], { minAmountUsd: 100 })), subject(policyA([HIGH_SCORE(7)], { minAmountUsd: 250 })));
    expect(weakeningLinesOf("p", result)).toEqual([
      "p: minAmountUsd raised from 100 to 250: transfers of at least 100 and under 250 USD are no longer screened",
      "  where amountUsd in [100, 250) USD",
      "  BLOCK (block-high-score) -> not screened: amountUsd below minAmountUsd 250 (e.g. chain OTHER, amountUsd = 100, token native, riskScore = 7)",
    ]);
    // JSON keeps the whole region: the signals too.
    expect(result.transitions[0]!.regions).toEqual([
      [
        { on: "amountUsd", ranges: [{ min: 100, minIncluded: true, max: 250, maxIncluded: false }] },
        { on: "riskScore", ranges: [{ min: 7, minIncluded: true, max: 10, maxIncluded: true }] },
      ],
    ]);
  });
});
