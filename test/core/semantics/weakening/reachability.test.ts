/**
 * The pure half of exact reachability (reachability.ts), in process: which
 * deciders count as taking a rule's matches, the subject a rule is matched
 * by alone, the catch-alls above each rule, and an unreachable rule's
 * answer with its takers in decision order. The solver's half is
 * test/app/reachability-cases.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument, ScopedScreening } from "../../../../src/core/semantics/index.js";
import { compileSubject } from "../../../../src/core/semantics/index.js";
import type { Taker } from "../../../../src/core/semantics/weakening/model.js";
import { catchAllsAbove, distinctRules, matchingSubject, outcomeAt, readableMatch, ruleRefOf, takesMatches, unreachableRule } from "../../../../src/core/semantics/weakening/reachability.js";
import { screeningSpace } from "../../../../src/core/semantics/weakening/space.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const example: ScopedScreening = { scope: "TRANSACTION", chain: "EVM", address: "0x00000000000000000000000000000000000000aa", signals: { riskScore: 9 } };

function subject(postScreen: RuleDocument[], enabled = true): DecisionSubject {
  return {
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 1, enabled, rules: { preScreen: { minAmountUsd: 100 }, postScreen } },
    addressEntries: [{ address: example.address, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r" }],
  };
}
const rule = (id: string, action: RuleDocument["action"], when: RuleDocument["when"] = { riskScore: { gte: 5 } }): RuleDocument => ({ id, when, action });
const taker = (action: Taker["action"], by: string): Taker => ({ action, by, example });

describe("takesMatches", () => {
  it("an enabled policy: only a rule takes a rule's matches, never a step before the vendor", () => {
    const enabled = subject([rule("block-a", "BLOCK")]);
    expect(["sanctions-floor", "address-entry", "policy-disabled", "pre-screen"].map((by) => takesMatches(enabled, { action: "ALLOW", by }))).toEqual([false, false, false, false]);
    expect(takesMatches(enabled, { action: "BLOCK", by: "block-a" })).toBe(true);
    expect(takesMatches(enabled, { action: "ALLOW", by: "terminal-allow" })).toBe(true);
  });

  it("a disabled or absent policy: every decider does (no rule is ever reached)", () => {
    expect(takesMatches(subject([rule("block-a", "BLOCK")], false), { action: "ALLOW", by: "policy-disabled" })).toBe(true);
    expect(takesMatches({ providerType: "vendorAWalletScreening", scope: "TRANSACTION" }, { action: "ALLOW", by: "address-entry" })).toBe(true);
  });
});

describe("the rules, read once", () => {
  it("distinctRules: the compiled rules; an id used twice refused before anything is encoded", () => {
    expect(distinctRules(subject([rule("block-a", "BLOCK"), rule("alert-b", "ALERT")])).map(ruleRefOf)).toEqual([
      { id: "block-a", index: 0, action: "BLOCK" },
      { id: "alert-b", index: 1, action: "ALERT" },
    ]);
    expect(() => distinctRules(subject([rule("block-a", "BLOCK"), rule("block-a", "ALERT")]))).toThrow("reachability: rule id block-a is used twice in the vendorAWalletScreening TRANSACTION policy; lint it first");
  });

  it("outcomeAt: the model's choice, or a bug named", () => {
    const decision = { outcomes: [{ action: "BLOCK" as const, by: "block-a" }] } as Parameters<typeof outcomeAt>[0];
    expect(outcomeAt(decision, 0)).toEqual({ action: "BLOCK", by: "block-a" });
    expect(() => outcomeAt(decision, 1)).toThrow("reachability: the solver chose decision 1 of 1 (a bug in weakening/encode.ts)");
  });
});

describe("matchingSubject and readableMatch", () => {
  const policy = subject([rule("block-a", "BLOCK", { riskScore: { gte: 8 } }), rule("alert-b", "ALERT")], false);

  it("the rule alone, enabled, no preScreen and no entries", () => {
    expect(matchingSubject(policy, { id: "alert-b", index: 1, action: "ALERT" })).toEqual({
      providerType: "vendorAWalletScreening",
      scope: "TRANSACTION",
      policy: { ...policy.policy, enabled: true, rules: { preScreen: {}, postScreen: [rule("alert-b", "ALERT")] } },
      addressEntries: [],
    });
  });

  it("refuses a rule that is not at its index", () => {
    expect(() => matchingSubject(policy, { id: "alert-b", index: 0, action: "ALERT" })).toThrow("reachability: no rule alert-b at postScreen[0]");
    expect(() => matchingSubject(policy, { id: "alert-b", index: 5, action: "ALERT" })).toThrow("reachability: no rule alert-b at postScreen[5]");
    expect(() => matchingSubject({ providerType: "vendorAWalletScreening", scope: "TRANSACTION" }, { id: "alert-b", index: 0, action: "ALERT" })).toThrow("no rule alert-b");
  });

  it("a screening the rule matches that an earlier rule takes, made readable", () => {
    const enabled = subject([rule("block-a", "BLOCK", { riskScore: { gte: 8 } }), rule("alert-b", "ALERT")]);
    const found: ScopedScreening = { scope: "TRANSACTION", chain: "SOL", address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", transfer: { amountUsd: 5000 }, signals: { riskScore: 9.3, cluster: { category: "gambling" } } };
    const readable = readableMatch(enabled, screeningSpace([enabled]), found, { id: "alert-b", index: 1, action: "ALERT" }, { action: "BLOCK", by: "block-a" }, NOW);
    expect(readable.signals).toEqual({ riskScore: 8 });
  });
});

describe("catchAllsAbove", () => {
  it("per rule, the first earlier rule that matches every screening (`{}` or an empty anyOf alternative)", () => {
    const rules = [rule("alert-a", "ALERT"), rule("block-all", "BLOCK", {}), rule("alert-c", "ALERT"), rule("block-any", "BLOCK", { anyOf: [{}, { riskScore: { gte: 1 } }] }), rule("alert-e", "ALERT")];
    expect(catchAllsAbove(subject(rules))).toEqual([undefined, undefined, "block-all", "block-all", "block-all"]);
    expect(catchAllsAbove(subject([rule("alert-a", "ALERT"), rule("block-any", "BLOCK", { anyOf: [{}, { riskScore: { gte: 1 } }] }), rule("alert-c", "ALERT")]))).toEqual([undefined, undefined, "block-any"]);
    expect(catchAllsAbove({ providerType: "vendorAWalletScreening", scope: "TRANSACTION" })).toEqual([]);
  });
});

describe("unreachableRule", () => {
  const policy = subject([rule("block-a", "BLOCK"), rule("alert-b", "ALERT"), rule("alert-c", "ALERT"), rule("block-d", "BLOCK")]);
  const target = ruleRefOf(compileSubject(policy).rules[3]!);

  it("its takers in decision order (steps, then rules by place), whatever order they came in; less strict when every taker is", () => {
    const answer = unreachableRule(policy, target, [taker("ALERT", "alert-c"), taker("ALLOW", "policy-disabled"), taker("ALERT", "alert-b")], undefined);
    expect(answer).toEqual({ id: "block-d", index: 3, action: "BLOCK", status: "unreachable", takers: [taker("ALLOW", "policy-disabled"), taker("ALERT", "alert-b"), taker("ALERT", "alert-c")], lessStrict: true });
  });

  it("not less strict when one taker is as strict; the catch-all above named", () => {
    const answer = unreachableRule(policy, target, [taker("ALERT", "alert-b"), taker("BLOCK", "block-a")], "block-a");
    expect(answer).toMatchObject({ takers: [taker("BLOCK", "block-a"), taker("ALERT", "alert-b")], lessStrict: false, afterCatchAll: "block-a" });
  });

  it("no takers: not less strict (nothing decides its screenings instead), and no catch-all key when there is none", () => {
    const answer = unreachableRule(policy, target, [], undefined);
    expect(answer).toEqual({ id: "block-d", index: 3, action: "BLOCK", status: "unreachable", takers: [], lessStrict: false });
    expect("afterCatchAll" in answer).toBe(false);
  });

  it("two takers at one place (an entry's ALLOW and BLOCK): the less strict first", () => {
    const answer = unreachableRule(policy, target, [taker("BLOCK", "address-entry"), taker("ALLOW", "address-entry")], undefined);
    expect(answer.status === "unreachable" && answer.takers.map((one) => one.action)).toEqual(["ALLOW", "BLOCK"]);
  });
});
