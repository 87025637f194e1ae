/**
 * A decision in words (core/semantics/describe.ts): the phrases `decide`,
 * `test` and the weakening check print, taken from real traces of `decide()`.
 */
import { describe, expect, it } from "vitest";
import {
  decide,
  describeCondition,
  describeConditionTrace,
  describeObservation,
  describeStep,
  describeValue,
  type DecisionSubject,
  type PolicyDocument,
  type Screening,
  type TraceEntry,
} from "../../../src/core/semantics/index.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const USDC = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };

const policy: PolicyDocument = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  schemaVersion: 2,
  enabled: true,
  rules: {
    preScreen: { chains: ["EVM", "SOL"], minAmountUsd: 100, tokens: [USDC] },
    postScreen: [
      { id: "block-mixers", when: { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, action: "BLOCK" },
      { id: "alert-high", when: { riskScore: { gte: 7 }, anyOf: [{ cluster: { category: "gambling" } }, { riskScore: { lte: 9 } }] }, action: "ALERT" },
    ],
  },
};

const subject: DecisionSubject = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy,
  addressEntries: [
    { address: "0x0000000000000000000000000000000000000002", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "expired", expiresAt: "2026-11-01" },
    { address: "0x0000000000000000000000000000000000000002", chain: "EVM", action: "ALLOW", scope: "TRANSACTION", reason: "treasury" },
  ],
};

const base: Screening = { chain: "EVM", address: ADDRESS, transfer: { amountUsd: 1200, token: USDC } };

/** Every step of a traced decision in words. */
function stepsOf(screening: Screening, on: DecisionSubject = subject): string[] {
  const decision = decide(on, screening, { now: NOW, trace: true });
  return (decision.trace ?? []).map((entry: TraceEntry) => `${entry.step}: ${describeStep(entry, { subject: on, screening, policyFile: "p.yaml" })}`);
}

describe("conditions in words", () => {
  it.each([
    ["riskScore", { gte: 7 }, "riskScore >= 7"],
    ["riskScore", { lte: 3 }, "riskScore <= 3"],
    ["riskScore", { gte: 7, lte: 10 }, "riskScore >= 7 and <= 10"],
    ["exposure", { category: "mixer", direction: "direct", minPercent: 10 }, "exposure mixer direct >= 10%"],
    ["exposure", { category: "mixer", direction: "any", minPercent: 0 }, "exposure mixer any >= 0%"],
    ["cluster", { category: "gambling" }, "cluster = gambling"],
    ["riskLevel", { atLeast: "high" }, "riskLevel >= high"],
    ["indicator", { category: "theft", riskType: "counterparty", minVolumeUsd: 1000 }, "indicator theft counterparty >= 1000 USD"],
    ["entity", { category: "csam" }, "entity = csam"],
  ])("%s %o: %s", (key, written, words) => {
    expect(describeCondition(key, written)).toBe(words);
  });

  it("values in their condition's unit; nothing returned says so", () => {
    expect([describeValue("exposure", 12.5), describeValue("indicator", 800), describeValue("riskScore", 6.5), describeValue("riskLevel", "high"), describeValue("cluster", null)]).toEqual([
      "12.5%",
      "800 USD",
      "6.5",
      "high",
      "none returned",
    ]);
  });

  it("an observation, as the weakening check's examples say it", () => {
    expect(describeObservation("exposure", { category: "mixer", direction: "direct", minPercent: 10 }, 20)).toBe("exposure mixer direct = 20%");
    expect(describeObservation("riskScore", { gte: 7 }, null)).toBe("riskScore not returned");
  });

  it("a traced condition: its anyOf alternative 1-based, the value compared, holds or not", () => {
    expect(describeConditionTrace({ key: "riskScore", condition: { gte: 7, lte: 10 }, signal: null, holds: false })).toBe("riskScore >= 7 and <= 10: none returned  does not hold");
    expect(describeConditionTrace({ key: "exposure", condition: { category: "mixer", direction: "direct", minPercent: 10 }, anyOf: 1, signal: 12.5, holds: true })).toBe(
      "anyOf #2: exposure mixer direct >= 10%: 12.5%  holds",
    );
  });
});

describe("steps in words, from decide()'s own trace", () => {
  it("a screening through every step to a rule", () => {
    expect(stepsOf({ ...base, signals: { riskScore: 8 } })).toEqual([
      "sanctions-floor: not sanctioned",
      `address-entry: no address entry for EVM ${ADDRESS}`,
      "policy-disabled: policy enabled",
      `pre-screen: chain EVM in [EVM, SOL]; amount 1200 USD >= minAmountUsd 100; token EVM 1 ${USDC.contractAddress} in tokens`,
      "post-screen: rule alert-high matched (2 of 2 rules evaluated)",
    ]);
  });

  it("no rule: the terminal ALLOW", () => {
    expect(stepsOf({ ...base, signals: { riskScore: 1 } }).slice(-2)).toEqual(["post-screen: no rule matched (2 of 2 rules evaluated)", "terminal-allow: no rule matched"]);
  });

  it("an expired entry is named with its expiry, the next one decides", () => {
    expect(stepsOf({ ...base, address: "0x0000000000000000000000000000000000000002" })[1]).toBe(
      'address-entry: entry #2 for EVM 0x0000000000000000000000000000000000000002: ALLOW, scope TRANSACTION, no expiry, reason "treasury"; entry #1 expired on 2026-11-01',
    );
  });

  it("the gates: chain, amount, native coin, token", () => {
    const gate = (screening: Screening) => stepsOf(screening).at(-1);
    expect(gate({ ...base, chain: "BTC", address: "bc1q" })).toBe("pre-screen: chain BTC not in [EVM, SOL]: the vendor is not consulted");
    expect(gate({ ...base, transfer: { amountUsd: 99.99, token: USDC } })).toBe("pre-screen: amount 99.99 USD < minAmountUsd 100: the vendor is not consulted");
    expect(gate({ ...base, transfer: { amountUsd: 500 } })).toBe("pre-screen: native coin not in tokens: the vendor is not consulted");
    expect(gate({ ...base, transfer: { token: { ...USDC, networkId: 137 } } })).toBe(
      `pre-screen: token EVM 137 ${USDC.contractAddress} not in tokens: the vendor is not consulted`,
    );
  });

  it("an unknown amount passes the minAmountUsd gate, and says so", () => {
    expect(stepsOf({ ...base, transfer: { token: USDC } })[3]).toBe(`pre-screen: chain EVM in [EVM, SOL]; amount unknown: no minAmountUsd 100 gate; token EVM 1 ${USDC.contractAddress} in tokens`);
  });

  it("no policy, a disabled one, no gate at all", () => {
    expect(stepsOf(base, { ...subject, policy: undefined }).at(-1)).toBe("policy-disabled: no policy file p.yaml: the vendor is not consulted");
    expect(stepsOf(base, { ...subject, policy: { ...policy, enabled: false } }).at(-1)).toBe("policy-disabled: policy disabled (enabled: false): the vendor is not consulted");
    expect(stepsOf(base, { ...subject, policy: { ...policy, rules: { preScreen: {}, postScreen: [] } } })[3]).toBe("pre-screen: no preScreen gate");
  });

  it("the sanctions floor", () => {
    expect(stepsOf({ ...base, sanctioned: true })).toEqual(["sanctions-floor: sanctioned: the floor blocks whatever the policy and address entries say"]);
  });
});

describe("words for what a decision did not have", () => {
  it("a signal not returned (null or absent) is `none returned`, whatever its unit", () => {
    expect([describeValue("exposure", undefined), describeValue("riskScore", undefined), describeValue("indicator", null)]).toEqual(["none returned", "none returned", "none returned"]);
  });

  it("an absent policy without a file name says `no policy file`, not an empty name", () => {
    const screening = { ...base, chain: "EVM" };
    const absent: DecisionSubject = { providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
    const entry = decide(absent, screening, { now: NOW, trace: true }).trace!.find((step) => step.step === "policy-disabled")!;
    expect(describeStep(entry, { subject: absent, screening })).toBe("no policy file: the vendor is not consulted");
  });

  it("an address whose every entry expired says so, with each entry's expiry", () => {
    const screening = { ...base, address: "0x0000000000000000000000000000000000000002" };
    const onlyExpired: DecisionSubject = { ...subject, addressEntries: [subject.addressEntries![0]!] };
    expect(stepsOf(screening, onlyExpired)[1]).toBe(
      "address-entry: no unexpired address entry for EVM 0x0000000000000000000000000000000000000002; entry #1 expired on 2026-11-01",
    );
  });
});

describe("the preScreen gates a screening passed, in words", () => {
  const gated = (scope: "SIGN_IN" | "TRANSACTION", preScreen: PolicyDocument["rules"]["preScreen"]): DecisionSubject => ({
    providerType: "vendorAWalletScreening",
    scope,
    policy: { ...policy, scope, rules: { preScreen, postScreen: [] } },
  });

  it("a TRANSACTION screening with no transfer passes minAmountUsd: its amount is unknown", () => {
    expect(stepsOf({ chain: "EVM", address: ADDRESS }, gated("TRANSACTION", { minAmountUsd: 100 }))[3]).toBe("pre-screen: amount unknown: no minAmountUsd 100 gate");
  });

  it("at SIGN_IN only chains gate, and only chains are named (a minAmountUsd there is a lint finding the decision ignores)", () => {
    expect(stepsOf({ chain: "EVM", address: ADDRESS }, gated("SIGN_IN", { chains: ["EVM"], minAmountUsd: 100, tokens: [USDC] }))[3]).toBe("pre-screen: chain EVM in [EVM]");
  });
});
