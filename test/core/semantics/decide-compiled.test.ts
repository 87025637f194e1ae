/**
 * decide, traceRuleOf and alsoMatched take a subject as written or compiled
 * (subject.ts compileSubject: `replay` and `compare` compile once and decide
 * millions of times), with the same answers; and what a trace says of the
 * steps that did not decide: the policy's state, an expired entry passed over,
 * a condition outside any anyOf.
 */
import { describe, expect, it } from "vitest";
import { alsoMatched, compileSubject, decide, traceRuleOf, type DecisionSubject, type PolicyDocument, type Screening } from "../../../src/core/semantics/index.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const LISTED = "0x00000000000000000000000000000000000000aa";

const policy: PolicyDocument = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  schemaVersion: 2,
  enabled: true,
  rules: {
    preScreen: { chains: ["EVM"] },
    postScreen: [
      { id: "block-severe", when: { riskScore: { gte: 9 } }, action: "BLOCK" },
      { id: "alert-high", when: { riskScore: { gte: 7 } }, action: "ALERT" },
      { id: "alert-gambling", when: { anyOf: [{ cluster: { category: "gambling" } }, { riskScore: { gte: 8 } }] }, action: "ALERT" },
    ],
  },
};

const subject: DecisionSubject = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy,
  addressEntries: [
    { address: LISTED, chain: "EVM", action: "BLOCK", scope: "ALL", reason: "lapsed", expiresAt: "2026-11-01T00:00:00Z" },
    { address: LISTED, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury" },
  ],
};

const risky: Screening = { chain: "EVM", address: "0x00000000000000000000000000000000000000ff", signals: { riskScore: 9.5 } };

describe("a compiled subject decides as the subject it was compiled from", () => {
  it("decide", () => {
    const compiled = compileSubject(subject);
    for (const screening of [risky, { ...risky, signals: { riskScore: 7 } }, { ...risky, address: LISTED }, { ...risky, chain: "SOL" }]) {
      expect(decide(compiled, screening, { now: NOW })).toEqual(decide(subject, screening, { now: NOW }));
    }
    expect(decide(compiled, risky, { now: NOW })).toEqual({ action: "BLOCK", by: "block-severe" });
    expect(decide(compiled, { ...risky, address: LISTED }, { now: NOW })).toEqual({ action: "ALLOW", by: "address-entry" });
  });

  it("traceRuleOf", () => {
    const compiled = compileSubject(subject);
    expect(traceRuleOf(compiled, "alert-high", risky)).toEqual(traceRuleOf(subject, "alert-high", risky));
    expect(traceRuleOf(compiled, "alert-high", risky)).toMatchObject({ id: "alert-high", index: 1, action: "ALERT", matched: true });
    expect(traceRuleOf(compiled, "no-such-rule", risky)).toBeUndefined();
  });

  it("alsoMatched", () => {
    const compiled = compileSubject(subject);
    const decision = decide(subject, risky, { now: NOW });
    expect(alsoMatched(compiled, risky, decision)).toEqual(alsoMatched(subject, risky, decision));
  });
});

describe("alsoMatched: the rules that would also have matched (decide --all-matches)", () => {
  it("after a rule decided: the later rules that hold, not the one that decided", () => {
    const decision = decide(subject, risky, { now: NOW });
    expect(alsoMatched(subject, risky, decision)).toEqual({
      consulted: true,
      rules: [
        { id: "alert-high", index: 1, action: "ALERT" },
        { id: "alert-gambling", index: 2, action: "ALERT" },
      ],
    });
  });

  it("when a step before the vendor decided: every rule that holds, the first of them the one that would have decided", () => {
    const listed = { ...risky, address: LISTED };
    for (const trace of [false, true]) {
      const decision = decide(subject, listed, { now: NOW, trace });
      expect(alsoMatched(subject, listed, decision)).toEqual({
        consulted: false,
        rules: [
          { id: "block-severe", index: 0, action: "BLOCK" },
          { id: "alert-high", index: 1, action: "ALERT" },
          { id: "alert-gambling", index: 2, action: "ALERT" },
        ],
      });
    }
    const gated = { ...risky, chain: "SOL" };
    expect(alsoMatched(subject, gated, decide(subject, gated, { now: NOW })).consulted).toBe(false);
    // The floor and a disabled policy, each read from `by` alone (no trace).
    const sanctioned = { ...risky, sanctioned: true };
    expect(alsoMatched(subject, sanctioned, decide(subject, sanctioned, { now: NOW })).consulted).toBe(false);
    const disabled: DecisionSubject = { ...subject, policy: { ...policy, enabled: false } };
    expect(alsoMatched(disabled, risky, decide(disabled, risky, { now: NOW })).consulted).toBe(false);
  });

  it("after the terminal ALLOW: none (every rule was evaluated)", () => {
    const calm = { ...risky, signals: { riskScore: 1 } };
    expect(alsoMatched(subject, calm, decide(subject, calm, { now: NOW }))).toEqual({ consulted: true, rules: [] });
  });

  it("a rule named like a step: the trace says the vendor was consulted, where `by` alone cannot", () => {
    const named: DecisionSubject = {
      ...subject,
      policy: { ...policy, rules: { ...policy.rules, postScreen: [{ id: "address-entry", when: { riskScore: { gte: 9 } }, action: "BLOCK" }, policy.rules.postScreen[1]!] } },
    };
    const traced = decide(named, risky, { now: NOW, trace: true });
    expect(traced.by).toBe("address-entry");
    expect(alsoMatched(named, risky, traced)).toEqual({ consulted: true, rules: [{ id: "alert-high", index: 1, action: "ALERT" }] });
    // Without a trace, `by` is all there is: read as the step of that name.
    expect(alsoMatched(named, risky, decide(named, risky, { now: NOW })).consulted).toBe(false);
  });
});

describe("what a trace says of the steps that did not decide", () => {
  const stepOf = (subject: DecisionSubject, screening: Screening, step: string) => decide(subject, screening, { now: NOW, trace: true }).trace?.find((entry) => entry.step === step);

  it("the policy's state at the policy-disabled step: enabled, disabled or absent", () => {
    expect(stepOf(subject, risky, "policy-disabled")).toStrictEqual({ step: "policy-disabled", outcome: "passed", policy: "enabled" });
    expect(stepOf({ ...subject, policy: { ...policy, enabled: false } }, risky, "policy-disabled")).toStrictEqual({ step: "policy-disabled", outcome: "decided", policy: "disabled" });
    expect(stepOf({ ...subject, policy: undefined }, risky, "policy-disabled")).toStrictEqual({ step: "policy-disabled", outcome: "decided", policy: "absent" });
  });

  it("an expired entry passed over for a later one of the same address", () => {
    expect(stepOf(subject, { ...risky, address: LISTED }, "address-entry")).toStrictEqual({
      step: "address-entry",
      outcome: "decided",
      entry: { address: LISTED, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury", index: 1 },
      ignored: [{ index: 0, reason: "expired" }],
    });
  });

  it("a condition outside any anyOf carries no anyOf member; one inside names its alternative", () => {
    const rule = traceRuleOf(subject, "alert-gambling", risky);
    expect(rule?.conditions).toStrictEqual([
      { key: "cluster", condition: { category: "gambling" }, anyOf: 0, signal: null, holds: false },
      { key: "riskScore", condition: { gte: 8 }, anyOf: 1, signal: 9.5, holds: true },
    ]);
    expect(traceRuleOf(subject, "alert-high", risky)?.conditions).toStrictEqual([{ key: "riskScore", condition: { gte: 7 }, signal: 9.5, holds: true }]);
  });
});
