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
