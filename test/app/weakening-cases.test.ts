/**
 * The named cases of issue 13 (Correctness): each change, its verdict, and
 * for a weakening the transition with an example at the threshold a reviewer
 * recognises, reproduced through decide().
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver, compareSubjects, PARTITION_MAX_SCREENINGS } from "../../src/app/weakening.js";
import { decide, type AddressEntryDocument, type DecisionSubject, type PolicyDocument, type RuleDocument } from "../../src/core/semantics/index.js";
import { describeTransition } from "../../src/core/semantics/weakening/describe.js";
import type { SubjectComparison } from "../../src/core/semantics/weakening/model.js";
import { countRepresentatives } from "../../src/core/semantics/weakening/partition.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
afterAll(closeSolver);

function policyA(postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}, extra: Partial<PolicyDocument> = {}): PolicyDocument {
  return { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen, postScreen }, ...extra };
}
const subject = (policy: PolicyDocument | undefined, addressEntries: AddressEntryDocument[] = []): DecisionSubject => ({ providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy, addressEntries });

const blockScore: RuleDocument = { id: "block-high-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" };
const blockMixers: RuleDocument = { id: "block-mixers", when: { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }, action: "BLOCK" };
const alertMixers: RuleDocument = { id: "alert-mixers", when: { exposure: { category: "mixer", direction: "any", minPercent: 10 } }, action: "ALERT" };

async function compare(base: DecisionSubject | undefined, head: DecisionSubject | undefined): Promise<SubjectComparison> {
  const result = await compareSubjects(base, head, { now: NOW });
  // Every example reproduces its transition through the decision procedure.
  for (const transition of result.transitions) {
    const { scope: _scope, ...screening } = transition.example;
    if (base) expect(decide(base, screening, { now: NOW })).toEqual(transition.from);
    if (head) expect(decide(head, screening, { now: NOW })).toEqual(transition.to);
  }
  return result;
}
const pairs = (result: SubjectComparison) => result.transitions.map((t) => `${t.from.action} (${t.from.by}) -> ${t.to.action} (${t.to.by})`).sort();

describe("the weakening check: named cases (issue 13)", () => {
  it("a threshold raised (riskScore gte 7 -> 8) is weaker, with the example at 7", async () => {
    const head = { ...blockScore, when: { riskScore: { gte: 8 } } };
    const result = await compare(subject(policyA([blockScore])), subject(policyA([head])));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-high-score) -> ALLOW (terminal-allow)"]);
    expect(result.transitions[0]!.example).toEqual({ scope: "TRANSACTION", chain: "OTHER", address: "unlisted-address-1", signals: { riskScore: 7 } });
  });

  it("an ALERT rule moved above an overlapping BLOCK rule is weaker", async () => {
    const result = await compare(subject(policyA([blockMixers, alertMixers])), subject(policyA([alertMixers, blockMixers])));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-mixers) -> ALERT (alert-mixers)"]);
    expect(result.transitions[0]!.example.signals).toEqual({ exposures: [{ category: "mixer", direction: "direct", percent: 20 }] });
    expect(describeTransition(result.transitions[0]!)).toBe("BLOCK (block-mixers) -> ALERT (alert-mixers) when exposure mixer direct = 20%");
  });

  it("an extra AND condition on a BLOCK rule is weaker", async () => {
    const head = { ...blockMixers, when: { ...blockMixers.when, riskScore: { gte: 5 } } };
    const result = await compare(subject(policyA([blockMixers])), subject(policyA([head])));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-mixers) -> ALLOW (terminal-allow)"]);
  });

  it("minAmountUsd raised is weaker, with the example at the old minimum", async () => {
    const result = await compare(subject(policyA([blockScore], { minAmountUsd: 100 })), subject(policyA([blockScore], { minAmountUsd: 1000 })));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-high-score) -> ALLOW (pre-screen)"]);
    expect(result.transitions[0]!.example.transfer).toEqual({ amountUsd: 100 });
    expect(describeTransition(result.transitions[0]!)).toBe("BLOCK (block-high-score) -> ALLOW (pre-screen) when chain OTHER, amountUsd = 100, token native, riskScore = 7");
  });

  it("a chain removed from chains is weaker", async () => {
    const result = await compare(subject(policyA([blockScore], { chains: ["EVM", "SOL"] })), subject(policyA([blockScore], { chains: ["EVM"] })));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-high-score) -> ALLOW (pre-screen)"]);
    expect(result.transitions[0]!.example.chain).toBe("SOL");
  });

  it("an ALLOW address entry added is weaker, its example that address", async () => {
    const entry: AddressEntryDocument = { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "known customer" };
    const result = await compare(subject(policyA([blockScore])), subject(policyA([blockScore]), [entry]));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["BLOCK (block-high-score) -> ALLOW (address-entry)"]);
    expect(result.transitions[0]!.example).toMatchObject({ chain: "EVM", address: entry.address });
  });

  it("an expired entry changes nothing, and one still in force compares for its scope only", async () => {
    const expired: AddressEntryDocument = { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r", expiresAt: "2026-01-01" };
    expect((await compare(subject(policyA([blockScore])), subject(policyA([blockScore]), [expired]))).verdict).toBe("equivalent");
    const signIn: AddressEntryDocument = { ...expired, expiresAt: undefined, scope: "SIGN_IN" } as AddressEntryDocument;
    delete (signIn as { expiresAt?: string }).expiresAt;
    expect((await compare(subject(policyA([blockScore])), subject(policyA([blockScore]), [signIn]))).verdict).toBe("equivalent");
  });

  it("an anyOf split into two rules with the same action is equivalent", async () => {
    const joined: RuleDocument = { id: "block-risky", when: { anyOf: [{ riskScore: { gte: 7 } }, { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }] }, action: "BLOCK" };
    const result = await compare(subject(policyA([joined, alertMixers])), subject(policyA([blockScore, blockMixers, alertMixers])));
    expect(result).toEqual({ verdict: "equivalent", transitions: [] });
  });

  it("descriptions and rule ids renamed are equivalent (by changes, the action does not)", async () => {
    const renamed: RuleDocument = { ...blockScore, id: "block-scores-from-7", description: "a new description" };
    const result = await compare(subject(policyA([blockScore])), subject(policyA([renamed])));
    expect(result).toEqual({ verdict: "equivalent", transitions: [] });
  });

  it("a new BLOCK rule is stricter", async () => {
    const result = await compare(subject(policyA([blockScore])), subject(policyA([blockScore, blockMixers])));
    expect(result.verdict).toBe("stricter");
    expect(pairs(result)).toEqual(["ALLOW (terminal-allow) -> BLOCK (block-mixers)"]);
  });

  it("enabled: false on a policy that blocked anything is weaker", async () => {
    const result = await compare(subject(policyA([blockScore, alertMixers])), subject(policyA([blockScore, alertMixers], {}, { enabled: false })));
    expect(result.verdict).toBe("weaker");
    expect(pairs(result)).toEqual(["ALERT (alert-mixers) -> ALLOW (policy-disabled)", "BLOCK (block-high-score) -> ALLOW (policy-disabled)"]);
  });

  it("mixed when some decisions get stricter and others weaker", async () => {
    const head = { ...blockScore, when: { riskScore: { gte: 8 } } };
    const result = await compare(subject(policyA([blockScore])), subject(policyA([head, blockMixers])));
    expect(result.verdict).toBe("mixed");
    expect(pairs(result)).toEqual(["ALLOW (terminal-allow) -> BLOCK (block-mixers)", "BLOCK (block-high-score) -> ALLOW (terminal-allow)"]);
  });

  it("a policy file added is `added`, removed is `removed`; entries alone compare normally", async () => {
    expect((await compare(subject(undefined), subject(policyA([blockScore])))).verdict).toBe("added");
    const removed = await compare(subject(policyA([blockScore])), undefined);
    expect(removed.verdict).toBe("removed");
    expect(pairs(removed)).toEqual(["BLOCK (block-high-score) -> ALLOW (policy-disabled)"]);
    const entry: AddressEntryDocument = { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chain: "BTC", action: "BLOCK", scope: "TRANSACTION", reason: "r" };
    const entriesOnly = await compare(subject(undefined, [entry]), subject(undefined));
    expect(entriesOnly.verdict).toBe("weaker");
    expect(pairs(entriesOnly)).toEqual(["BLOCK (address-entry) -> ALLOW (policy-disabled)"]);
  });

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
