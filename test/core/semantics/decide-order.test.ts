import { describe, expect, it } from "vitest";
import { decide, type DecisionSubject, type PolicyDocument, type Screening } from "../../../src/core/semantics/index.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const policy: PolicyDocument = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  schemaVersion: 2,
  enabled: true,
  rules: {
    preScreen: { chains: ["EVM", "SOL"], minAmountUsd: 100 },
    postScreen: [
      { id: "block-mixers", when: { exposure: { category: "mixer", direction: "any", minPercent: 10 } }, action: "BLOCK" },
      { id: "alert-high", when: { anyOf: [{ riskScore: { gte: 7 } }, { cluster: { category: "gambling" } }] }, action: "ALERT" },
    ],
  },
};

const subject: DecisionSubject = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy,
  addressEntries: [
    { address: ADDRESS.toLowerCase(), chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury" },
    { address: "0x0000000000000000000000000000000000000001", chain: "EVM", action: "BLOCK", scope: "SIGN_IN", reason: "other scope" },
    { address: "0x0000000000000000000000000000000000000002", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "expired", expiresAt: "2026-11-23T12:00:00Z" },
  ],
};

const base: Screening = { chain: "EVM", address: "0x00000000000000000000000000000000000000ff", transfer: { amountUsd: 1000 } };

describe("decide: the order of semantics.md section 2", () => {
  it("the sanctions floor blocks before an ALLOW entry", () => {
    expect(decide(subject, { ...base, address: ADDRESS, sanctioned: true }, { now: NOW })).toEqual({ action: "BLOCK", by: "sanctions-floor" });
  });
  it("an EVM address entry matches case-insensitively", () => {
    expect(decide(subject, { ...base, address: ADDRESS, signals: { riskScore: 10 } }, { now: NOW })).toEqual({ action: "ALLOW", by: "address-entry" });
  });
  it("an entry of another scope or past expiresAt does not apply", () => {
    const one = decide(subject, { ...base, address: "0x0000000000000000000000000000000000000001" }, { now: NOW });
    const two = decide(subject, { ...base, address: "0x0000000000000000000000000000000000000002" }, { now: NOW - 1 });
    const expired = decide(subject, { ...base, address: "0x0000000000000000000000000000000000000002" }, { now: NOW });
    expect([one.by, two.by, expired.by]).toEqual(["terminal-allow", "address-entry", "terminal-allow"]);
  });
  it("a disabled or absent policy allows whatever the signals", () => {
    const disabled = { ...subject, policy: { ...policy, enabled: false } };
    expect(decide(disabled, { ...base, signals: { riskScore: 10 } }, { now: NOW })).toEqual({ action: "ALLOW", by: "policy-disabled" });
    expect(decide({ ...subject, policy: undefined }, { ...base, signals: { riskScore: 10 } }, { now: NOW })).toEqual({ action: "ALLOW", by: "policy-disabled" });
  });
  it("preScreen gates by chain and minimum amount, inclusive", () => {
    expect(decide(subject, { ...base, chain: "BTC", address: "bc1q", signals: { riskScore: 10 } }, { now: NOW }).by).toBe("pre-screen");
    expect(decide(subject, { ...base, transfer: { amountUsd: 99.99 }, signals: { riskScore: 10 } }, { now: NOW }).by).toBe("pre-screen");
    expect(decide(subject, { ...base, transfer: { amountUsd: 100 }, signals: { riskScore: 10 } }, { now: NOW }).by).toBe("alert-high");
  });
  it("the first matching rule decides; anyOf needs one alternative", () => {
    const mixer = { ...base, signals: { riskScore: 9, exposures: [{ category: "mixer", direction: "indirect" as const, percent: 10 }] } };
    expect(decide(subject, mixer, { now: NOW })).toEqual({ action: "BLOCK", by: "block-mixers" });
    expect(decide(subject, { ...base, signals: { cluster: { category: "gambling" } } }, { now: NOW })).toEqual({ action: "ALERT", by: "alert-high" });
    expect(decide(subject, { ...base, signals: { riskScore: 6.99 } }, { now: NOW })).toEqual({ action: "ALLOW", by: "terminal-allow" });
  });
  it("traces every step and each condition with the signal it compared", () => {
    const decision = decide(subject, { ...base, signals: { riskScore: 8 } }, { now: NOW, trace: true });
    expect(decision.trace?.map((entry) => `${entry.step}:${entry.outcome}`)).toEqual([
      "sanctions-floor:passed",
      "address-entry:passed",
      "policy-disabled:passed",
      "pre-screen:passed",
      "post-screen:decided",
    ]);
    const post = decision.trace?.at(-1);
    expect(post?.step === "post-screen" && post.rules[1]?.conditions).toEqual([
      { key: "riskScore", condition: { gte: 7 }, anyOf: 0, signal: 8, holds: true },
      { key: "cluster", condition: { category: "gambling" }, anyOf: 1, signal: null, holds: false },
    ]);
  });
});
