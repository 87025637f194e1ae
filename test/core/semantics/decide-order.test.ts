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

describe("a SIGN_IN subject: minAmountUsd and tokens gate transfers only (semantics.md section 2, step 4)", () => {
  // Lint refuses them in a SIGN_IN file (scope-field); a library caller's subject is not linted, and the decision must still be the scope's.
  const subjectOf = (scope: "SIGN_IN" | "TRANSACTION", preScreen: PolicyDocument["rules"]["preScreen"]): DecisionSubject => ({
    providerType: "vendorAWalletScreening",
    scope,
    policy: { ...policy, scope, rules: { ...policy.rules, preScreen } },
  });
  const signIn = (preScreen: PolicyDocument["rules"]["preScreen"]) => subjectOf("SIGN_IN", preScreen);
  const risky = { chain: "EVM", address: "0x00000000000000000000000000000000000000ff", signals: { riskScore: 8 } } satisfies Screening;
  const USDC = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };

  it("minAmountUsd: a sign-in with a small amount, or none, is decided by the rules", () => {
    const subject = signIn({ chains: ["EVM"], minAmountUsd: 100 });
    expect(decide(subject, { ...risky, transfer: { amountUsd: 5 } }, { now: NOW })).toEqual({ action: "ALERT", by: "alert-high" });
    expect(decide(subject, risky, { now: NOW })).toEqual({ action: "ALERT", by: "alert-high" });
  });
  it("tokens: a sign-in with no token (the native coin) or an unlisted one is decided by the rules", () => {
    const subject = signIn({ chains: ["EVM"], tokens: [USDC] });
    expect(decide(subject, risky, { now: NOW })).toEqual({ action: "ALERT", by: "alert-high" });
    const otherToken = { ...risky, transfer: { amountUsd: 500, token: { ...USDC, networkId: 137 } } };
    expect(decide(subject, otherToken, { now: NOW, trace: true }).trace?.find((entry) => entry.step === "pre-screen")).toEqual({ step: "pre-screen", outcome: "passed" });
  });
  it("chains still gates a sign-in", () => {
    expect(decide(signIn({ chains: ["SOL"], minAmountUsd: 100, tokens: [USDC] }), risky, { now: NOW })).toEqual({ action: "ALLOW", by: "pre-screen" });
  });
  it("the same gates on a TRANSACTION subject do gate", () => {
    const transaction = subjectOf("TRANSACTION", { chains: ["EVM"], minAmountUsd: 100, tokens: [USDC] });
    expect(decide(transaction, { ...risky, transfer: { amountUsd: 5, token: USDC } }, { now: NOW }).by).toBe("pre-screen");
    expect(decide(transaction, { ...risky, transfer: { amountUsd: 500 } }, { now: NOW }).by).toBe("pre-screen");
    expect(decide(transaction, { ...risky, transfer: { amountUsd: 500, token: USDC } }, { now: NOW }).by).toBe("alert-high");
  });
});

/**
 * The trace of the decision procedure. The order of its steps, as cases of
 * data, is in the decision corpus (test/fixtures/decisions/order.yaml and its
 * neighbours, run by test/core/semantics/decision-corpus.test.ts).
 */
describe("decide: the trace of semantics.md section 2", () => {
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
