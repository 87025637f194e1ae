/**
 * Causes and decisions in words (cause-words.ts), over the edits editsBetween
 * finds in real pairs of versions (edits.ts): each kind of edit's sentence,
 * exactly as `compare` prints it under a cause, and each step of the decision
 * order said as what it does. The sentences are what a reviewer reads at 2
 * a.m.; a word lost or a direction flipped ("raised" for "lowered") is a
 * wrong report, so each is asserted whole.
 */
import { describe, expect, it } from "vitest";
import type { AddressEntryDocument, DecisionSubject, PreScreenDocument, RuleDocument } from "../../../../src/core/semantics/index.js";
import { causeEditOf, describeCause, describeDecision } from "../../../../src/core/semantics/weakening/cause-words.js";
import { editsBetween } from "../../../../src/core/semantics/weakening/edits.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const TOKEN = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
const OTHER_TOKEN = { chain: "EVM", networkId: 137, contractAddress: "0x2791bca1f2de4661ed88a30c99a7a9449aa84174" };

function transaction(postScreen: RuleDocument[], options: { preScreen?: PreScreenDocument; enabled?: boolean; entries?: AddressEntryDocument[] } = {}): DecisionSubject {
  return {
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 1, enabled: options.enabled ?? true, rules: { preScreen: options.preScreen ?? {}, postScreen } },
    addressEntries: options.entries,
  };
}

const score = (id: string, gte: number, action: RuleDocument["action"] = "BLOCK"): RuleDocument => ({ id, when: { riskScore: { gte } }, action });
const mixer = (minPercent: number): RuleDocument => ({ id: "block-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent } }, action: "BLOCK" });
const entry = (over: Partial<AddressEntryDocument> = {}): AddressEntryDocument => ({ address: "0x00000000000000000000000000000000000000aa", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury", ...over });

/** Each edit from base to head in words, one cause each. */
const headlines = (base: DecisionSubject, head: DecisionSubject): string[] => editsBetween(base, head).map((edit) => describeCause([edit], base.scope));

describe("describeCause: each kind of edit in words", () => {
  it("the policy added, removed, disabled, enabled", () => {
    const policy = transaction([score("block-high", 9)]);
    const none: DecisionSubject = { providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
    expect(headlines(none, policy)).toEqual(["policy added: screenings the address entries do not decide are now screened by its rules"]);
    expect(headlines(policy, none)).toEqual(["policy removed: screenings the address entries do not decide are no longer screened"]);
    const disabled = transaction([score("block-high", 9)], { enabled: false });
    expect(headlines(policy, disabled)).toEqual(["policy disabled (enabled: false): screenings the address entries do not decide are no longer screened"]);
    expect(headlines(disabled, policy)).toEqual(["policy enabled: screenings are screened by its rules again"]);
  });

  it("minAmountUsd set, removed, raised, lowered", () => {
    const at = (minAmountUsd?: number) => transaction([score("block-high", 9)], { preScreen: minAmountUsd === undefined ? {} : { minAmountUsd } });
    expect(headlines(at(), at(250))).toEqual(["minAmountUsd 250 set: transfers under 250 USD are no longer screened"]);
    expect(headlines(at(250), at())).toEqual(["minAmountUsd 250 removed: transfers under 250 USD are screened again"]);
    expect(headlines(at(100), at(250))).toEqual(["minAmountUsd raised from 100 to 250: transfers of at least 100 and under 250 USD are no longer screened"]);
    expect(headlines(at(250), at(100))).toEqual(["minAmountUsd lowered from 250 to 100: transfers of at least 100 and under 250 USD are screened again"]);
  });

  it("preScreen chains set, removed, one taken out and two put in", () => {
    const at = (chains?: string[]) => transaction([score("block-high", 9)], { preScreen: chains === undefined ? {} : { chains } });
    expect(headlines(at(), at(["EVM", "SOL"]))).toEqual(["preScreen chains set to EVM, SOL: addresses on any other chain are no longer screened"]);
    expect(headlines(at(["EVM", "SOL"]), at())).toEqual(["preScreen chains (EVM, SOL) removed: addresses on every chain are screened"]);
    expect(headlines(at(["EVM", "SOL"]), at(["EVM", "BTC", "TRON"]))).toEqual([
      "preScreen chains: SOL removed: addresses on that chain are no longer screened; BTC, TRON added: addresses on those chains are screened",
    ]);
    expect(headlines(at(["EVM"]), at(["EVM", "SOL"]))).toEqual(["preScreen chains: SOL added: addresses on that chain are screened"]);
    expect(headlines(at(["EVM", "SOL", "BTC"]), at(["EVM"]))).toEqual(["preScreen chains: SOL, BTC removed: addresses on those chains are no longer screened"]);
    // The same set in another order is no edit: decide reads chains as a set.
    expect(headlines(at(["EVM", "SOL"]), at(["SOL", "EVM"]))).toEqual([]);
  });

  it("preScreen tokens set, removed, changed", () => {
    const at = (tokens?: (typeof TOKEN)[]) => transaction([score("block-high", 9)], { preScreen: tokens === undefined ? {} : { tokens } });
    const usdt = `EVM:1:${TOKEN.contractAddress}`;
    const usdc = `EVM:137:${OTHER_TOKEN.contractAddress}`;
    expect(headlines(at(), at([TOKEN]))).toEqual([`preScreen tokens set to ${usdt}: transfers of the native coin or any other token are no longer screened`]);
    expect(headlines(at([TOKEN]), at())).toEqual([`preScreen tokens (${usdt}) removed: transfers of every token are screened`]);
    expect(headlines(at([TOKEN]), at([OTHER_TOKEN]))).toEqual([`preScreen tokens: ${usdt} removed: transfers of that token are no longer screened; ${usdc} added: transfers of that token are screened`]);
  });

  it("a SIGN_IN policy's minAmountUsd or tokens are no edit (decide never reads them there); its chains are", () => {
    const signIn = (preScreen: PreScreenDocument): DecisionSubject => ({ ...transaction([score("block-high", 9)], { preScreen }), scope: "SIGN_IN" });
    expect(editsBetween(signIn({}), signIn({ minAmountUsd: 250, tokens: [TOKEN] }))).toEqual([]);
    expect(headlines(signIn({}), signIn({ chains: ["EVM"] }))).toEqual(["preScreen chains set to EVM: addresses on any other chain are no longer screened"]);
  });

  it("a rule's threshold raised or lowered, named by its signal (an exposure by its category and direction)", () => {
    expect(headlines(transaction([score("block-high", 7)]), transaction([score("block-high", 8)]))).toEqual(["rule block-high: riskScore gte raised from 7 to 8"]);
    expect(headlines(transaction([mixer(40)]), transaction([mixer(25)]))).toEqual(["rule block-mixer: exposure mixer direct minPercent lowered from 40 to 25"]);
    const indicator = (minVolumeUsd: number): DecisionSubject => ({
      providerType: "vendorBAddressScreening",
      scope: "TRANSACTION",
      policy: {
        providerType: "vendorBAddressScreening",
        scope: "TRANSACTION",
        schemaVersion: 1,
        enabled: true,
        rules: { preScreen: {}, postScreen: [{ id: "block-fraud", when: { indicator: { category: "fraud_shop", riskType: "ownership", minVolumeUsd } }, action: "BLOCK" }] },
      },
    });
    expect(headlines(indicator(1000), indicator(5000))).toEqual(["rule block-fraud: indicator fraud_shop ownership minVolumeUsd raised from 1000 to 5000"]);
    const within = (gte: number, minPercent: number): RuleDocument => ({ id: "alert-any", when: { anyOf: [{ riskScore: { gte } }, { exposure: { category: "scam", direction: "any", minPercent } }] }, action: "ALERT" });
    expect(headlines(transaction([within(5, 10)]), transaction([within(6, 5)]))).toEqual(["rule alert-any: riskScore gte raised from 5 to 6, exposure scam any minPercent lowered from 10 to 5"]);
  });

  it("a rule's conditions changed otherwise, its action changed, or both", () => {
    const cluster: RuleDocument = { id: "block-high", when: { cluster: { category: "mixer" } }, action: "BLOCK" };
    expect(headlines(transaction([score("block-high", 7)]), transaction([cluster]))).toEqual(["rule block-high: conditions changed from riskScore >= 7 to cluster = mixer"]);
    // One number moved beside one that did not: only the one that moved is said.
    const pair = (minPercent: number): RuleDocument => ({ id: "alert-pair", when: { riskScore: { gte: 5 }, exposure: { category: "mixer", direction: "direct", minPercent } }, action: "ALERT" });
    expect(headlines(transaction([pair(10)]), transaction([pair(20)]))).toEqual(["rule alert-pair: exposure mixer direct minPercent raised from 10 to 20"]);
    // A bound added is no threshold moved: the conditions in full.
    const capped: RuleDocument = { id: "block-high", when: { riskScore: { gte: 7, lte: 9 } }, action: "BLOCK" };
    expect(headlines(transaction([score("block-high", 7)]), transaction([capped]))).toEqual(["rule block-high: conditions changed from riskScore >= 7 to riskScore >= 7 and <= 9"]);
    // A threshold moved with a category changed is not a threshold change: the conditions in full.
    const scam: RuleDocument = { ...mixer(25), when: { exposure: { category: "scam", direction: "direct", minPercent: 25 } } };
    expect(headlines(transaction([mixer(40)]), transaction([scam]))).toEqual(["rule block-mixer: conditions changed from exposure mixer direct >= 40% to exposure scam direct >= 25%"]);
    expect(headlines(transaction([score("block-high", 7)]), transaction([score("block-high", 7, "ALERT")]))).toEqual(["rule block-high: action changed from BLOCK to ALERT"]);
    expect(headlines(transaction([score("block-high", 7)]), transaction([score("block-high", 9, "ALERT")]))).toEqual(["rule block-high: riskScore gte raised from 7 to 9, action changed from BLOCK to ALERT"]);
  });

  it("a rule moved above others: the one moved up is said to have moved", () => {
    const [a, b, c] = [score("rule-a", 9), score("rule-b", 8), score("rule-c", 7, "ALERT")];
    expect(headlines(transaction([a, b, c]), transaction([c, a, b]))).toEqual(["rule-c now comes before rule-a, rule-b"]);
    expect(headlines(transaction([a, b, c]), transaction([b, c, a]))).toEqual(["rule-a now comes after rule-b, rule-c"]);
    // Reversed, the outer two about the middle one: the middle one is passed from both sides.
    const [d, e] = [score("rule-d", 6), score("rule-e", 5)];
    expect(headlines(transaction([a, b, c, d, e]), transaction([c, b, a, d, e]))).toEqual(["rule-c now comes before rule-b, rule-a", "rule-b now comes before rule-a and after rule-c"]);
  });

  it("a rule added or removed, with what it decides and when; no condition is every screening", () => {
    const anyOf: RuleDocument = { id: "alert-either", when: { riskScore: { gte: 5 }, anyOf: [{ cluster: { category: "gambling" } }, { exposure: { category: "scam", direction: "direct", minPercent: 10 } }] }, action: "ALERT" };
    expect(headlines(transaction([]), transaction([anyOf]))).toEqual([
      "rule alert-either added (ALERT when riskScore >= 5 and (cluster = gambling or exposure scam direct >= 10%))",
    ]);
    const everything: RuleDocument = { id: "alert-all", when: {}, action: "ALERT" };
    expect(headlines(transaction([everything]), transaction([]))).toEqual(["rule alert-all removed (it decided ALERT when every screening)"]);
  });

  it("an address entry added, removed, or changed in action, scope and expiry", () => {
    const none = transaction([]);
    const allow = transaction([], { entries: [entry()] });
    const name = "address entry 0x00000000000000000000000000000000000000aa on EVM";
    expect(headlines(none, allow)).toEqual([`${name} (ALLOW, ALL, no expiry) added: it exempts it from every TRANSACTION rule; the sanctions floor still applies`]);
    expect(headlines(allow, none)).toEqual([`${name} (ALLOW, ALL, no expiry) removed: its TRANSACTION screenings go to the rules again`]);
    const block = transaction([], { entries: [entry({ action: "BLOCK", scope: "TRANSACTION", expiresAt: "2027-01-01" })] });
    expect(headlines(allow, block)).toEqual([
      `${name}: action changed from ALLOW to BLOCK, scope changed from ALL to TRANSACTION, expiry changed from none to 2027-01-01 (now BLOCK, TRANSACTION, until 2027-01-01): it blocks it in TRANSACTION whatever the rules say`,
    ]);
    // Only what changed is said.
    expect(headlines(allow, transaction([], { entries: [entry({ action: "BLOCK" })] }))).toEqual([
      `${name}: action changed from ALLOW to BLOCK (now BLOCK, ALL, no expiry): it blocks it in TRANSACTION whatever the rules say`,
    ]);
    // An entry of the other scope is not this subject's: no edit.
    expect(editsBetween(none, transaction([], { entries: [entry({ scope: "SIGN_IN" })] }))).toEqual([]);
  });

  it("several edits that act only together: each said, joined", () => {
    const edits = editsBetween(transaction([score("block-high", 7)], { preScreen: { minAmountUsd: 100 } }), transaction([score("block-high", 8)], { preScreen: { minAmountUsd: 250 } }));
    expect(describeCause(edits, "TRANSACTION")).toBe(
      "together (no one of them alone): minAmountUsd raised from 100 to 250: transfers of at least 100 and under 250 USD are no longer screened; rule block-high: riskScore gte raised from 7 to 8",
    );
  });
});

describe("causeEditOf: an edit as a cause names it in JSON", () => {
  it("its kind, and the field, the address or the rule it is about", () => {
    const none: DecisionSubject = { providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
    const base = transaction([score("rule-a", 9), score("rule-b", 8), score("gone", 1)], { preScreen: { minAmountUsd: 1 } });
    const head = transaction([score("rule-b", 8), score("rule-a", 7), score("new", 2)], { preScreen: { minAmountUsd: 2 }, enabled: false, entries: [entry()] });
    expect(editsBetween(base, head).map(causeEditOf)).toStrictEqual([
      { kind: "enabled" },
      { kind: "pre-screen", field: "minAmountUsd" },
      { kind: "rule-moved", rule: "rule-b" },
      { kind: "rule-modified", rule: "rule-a" },
      { kind: "rule-added", rule: "new" },
      { kind: "rule-removed", rule: "gone" },
      { kind: "address-entry", chain: "EVM", address: "0x00000000000000000000000000000000000000aa" },
    ]);
    expect(editsBetween(none, base).map(causeEditOf)).toStrictEqual([{ kind: "policy-added" }]);
    expect(editsBetween(base, none).map(causeEditOf)).toStrictEqual([{ kind: "policy-removed" }]);
  });
});

describe("describeDecision: a step said as what it does", () => {
  const gated = transaction([score("block-high", 9)], { preScreen: { chains: ["EVM", "SOL"], minAmountUsd: 250, tokens: [TOKEN] } });
  const example = { scope: "TRANSACTION" as const, chain: "EVM", address: "0x00000000000000000000000000000000000000bb", transfer: { amountUsd: 1000, token: TOKEN }, signals: { riskScore: 9.5 } };

  it("a rule by its action and id; the floor, an entry, terminal ALLOW, no policy, a disabled one", () => {
    expect(describeDecision({ action: "BLOCK", by: "block-high" }, gated, example, NOW)).toBe("BLOCK (block-high)");
    expect(describeDecision({ action: "BLOCK", by: "sanctions-floor" }, gated, example, NOW)).toBe("blocked by the sanctions floor");
    expect(describeDecision({ action: "ALLOW", by: "address-entry" }, gated, example, NOW)).toBe("allowed by the address entry");
    expect(describeDecision({ action: "BLOCK", by: "address-entry" }, gated, example, NOW)).toBe("blocked by the address entry");
    expect(describeDecision({ action: "ALLOW", by: "terminal-allow" }, gated, example, NOW)).toBe("allowed: no rule matches");
    expect(describeDecision({ action: "ALLOW", by: "policy-disabled" }, { providerType: "vendorAWalletScreening", scope: "TRANSACTION" }, example, NOW)).toBe("not screened: no policy");
    expect(describeDecision({ action: "ALLOW", by: "policy-disabled" }, transaction([], { enabled: false }), example, NOW)).toBe("not screened: policy disabled");
  });

  it("not screened, with the gate that holds for the example", () => {
    const notScreened = (screening: typeof example) => describeDecision({ action: "ALLOW", by: "pre-screen" }, gated, screening, NOW);
    expect(notScreened({ ...example, chain: "TRON", address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf" })).toBe("not screened: chain not in preScreen chains (EVM, SOL)");
    expect(notScreened({ ...example, transfer: { amountUsd: 100, token: TOKEN } })).toBe("not screened: amountUsd below minAmountUsd 250");
    expect(notScreened({ ...example, transfer: { amountUsd: 1000 } })).toBe("not screened: the native coin is not in preScreen tokens");
    expect(notScreened({ ...example, transfer: { amountUsd: 1000, token: OTHER_TOKEN } })).toBe("not screened: token not in preScreen tokens");
    // No gate holds (the decision came from another subject): the step's name alone.
    expect(notScreened(example)).toBe("not screened: preScreen");
  });
});
