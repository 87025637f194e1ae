/**
 * Exact reachability (docs/semantics.md, "Reachability of rules"): named
 * cases through the z3 prover (reachabilityWithSolver), each answer also
 * given by the interval partition (reachabilityPartition), and every example
 * reproduced through decide(): a reachable rule's example is decided by it; a
 * taker's example is matched by the rule and decided by the taker.
 */
import { afterAll, describe, expect, it } from "vitest";
import { reachabilityWithSolver } from "../../src/app/reachability.js";
import { closeSolver } from "../../src/app/solver.js";
import { type AddressEntryDocument, type DecisionSubject, type PolicyDocument, type RuleDocument } from "../../src/core/semantics/index.js";
import { reachabilityPartition } from "../../src/core/semantics/weakening/partition.js";
import { expectExamplesReproduce, reachabilitySummary } from "../helpers/reachability.js";
import { NOW } from "../helpers/screening-arbitraries.js";

afterAll(closeSolver);

const VENDOR_A = "vendorAWalletScreening" as const;

function policyA(postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}, enabled = true): PolicyDocument {
  return { providerType: VENDOR_A, scope: "TRANSACTION", schemaVersion: 2, enabled, rules: { preScreen, postScreen } };
}
const subject = (policy: PolicyDocument, addressEntries: AddressEntryDocument[] = []): DecisionSubject => ({ providerType: VENDOR_A, scope: "TRANSACTION", policy, addressEntries });

async function reachability(of: DecisionSubject) {
  const proved = await reachabilityWithSolver(of, { now: NOW });
  expectExamplesReproduce(of, proved);
  const partition = reachabilityPartition(of, { now: NOW });
  expect(reachabilitySummary(proved)).toEqual(reachabilitySummary(partition));
  return reachabilitySummary(proved);
}

const allowPartners: RuleDocument = { id: "allow-partners", when: { cluster: { category: "exchange" } }, action: "ALLOW" };
const blockPartners: RuleDocument = { id: "block-exchange", when: { cluster: { category: "exchange" } }, action: "BLOCK" };

describe("reachability: named cases, proved by z3 and given alike by the partition", { timeout: 60_000 }, () => {
  it("an ALLOW rule above a BLOCK rule with the same condition takes every match: unreachable, less strict", async () => {
    expect(await reachability(subject(policyA([allowPartners, blockPartners])))).toEqual([
      { id: "allow-partners", status: "reachable" },
      { id: "block-exchange", status: "unreachable", takers: ["ALLOW (allow-partners)"], lessStrict: true },
    ]);
  });

  it("a BLOCK above an ALERT with a weaker threshold leaves the ALERT rule reachable", async () => {
    const block: RuleDocument = { id: "block-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" };
    const alert: RuleDocument = { id: "alert-score", when: { riskScore: { gte: 5 } }, action: "ALERT" };
    const result = await reachabilityWithSolver(subject(policyA([block, alert])), { now: NOW });
    expect(reachabilitySummary(result)).toEqual([
      { id: "block-score", status: "reachable" },
      { id: "alert-score", status: "reachable" },
    ]);
    // The example is the threshold a reviewer recognises, between the two bounds.
    expect(result.rules[1]).toMatchObject({ status: "reachable", example: { signals: { riskScore: 5 } } });
  });

  it("a rule whose conditions contradict in one allOf is unreachable with no takers", async () => {
    const contradiction: RuleDocument = { id: "never", when: { riskScore: { gte: 7, lte: 3 } }, action: "BLOCK" };
    const twoClusters: RuleDocument = { id: "two-clusters", when: { cluster: { category: "mixer" }, anyOf: [{ cluster: { category: "exchange" } }] }, action: "ALERT" };
    expect(await reachability(subject(policyA([contradiction, twoClusters])))).toEqual([
      { id: "never", status: "unreachable", takers: [], lessStrict: false },
      { id: "two-clusters", status: "unreachable", takers: [], lessStrict: false },
    ]);
  });

  it("a rule is reached only through the preScreen gate: its example is on a listed chain, with a listed token", async () => {
    const block: RuleDocument = { id: "block-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" };
    const alert: RuleDocument = { id: "alert-score", when: { riskScore: { gte: 5 } }, action: "ALERT" };
    const usdc = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
    expect(await reachability(subject(policyA([block, alert], { chains: ["SOL"], minAmountUsd: 1000, tokens: [usdc] })))).toEqual([
      { id: "block-score", status: "reachable" },
      { id: "alert-score", status: "reachable" },
    ]);
    const result = await reachabilityWithSolver(subject(policyA([block, alert], { chains: ["SOL"], minAmountUsd: 1000, tokens: [usdc] })), { now: NOW });
    for (const rule of result.rules) {
      // An unknown amount is not below any minimum (docs/semantics.md): the example may leave it out, never go below it.
      expect(rule).toMatchObject({ status: "reachable", example: { chain: "SOL", transfer: { token: usdc } } });
      if (rule.status === "reachable") expect(rule.example.transfer?.amountUsd ?? 1000).toBeGreaterThanOrEqual(1000);
    }
  });

  it("the preScreen gate takes some matches of every rule and is not named: the earlier rule is the taker", async () => {
    const alertAll: RuleDocument = { id: "alert-mixers", when: { exposure: { category: "mixer", direction: "any", minPercent: 0 } }, action: "ALERT" };
    const blockMixers: RuleDocument = { id: "block-mixers", when: { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }, action: "BLOCK" };
    expect(await reachability(subject(policyA([alertAll, blockMixers], { minAmountUsd: 100 })))).toEqual([
      { id: "alert-mixers", status: "reachable" },
      { id: "block-mixers", status: "unreachable", takers: ["ALERT (alert-mixers)"], lessStrict: true },
    ]);
  });

  it("a BLOCK address entry, which takes some matches of every rule, does not hide the ALLOW rule that takes the rest", async () => {
    const entry: AddressEntryDocument = { address: "0xC349F2E98461322cf5fab5aD704D6113a6e66249", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "known thief" };
    expect(await reachability(subject(policyA([allowPartners, blockPartners]), [entry]))).toEqual([
      { id: "allow-partners", status: "reachable" },
      { id: "block-exchange", status: "unreachable", takers: ["ALLOW (allow-partners)"], lessStrict: true },
    ]);
  });

  it("a disabled policy reaches no rule: each is taken by policy-disabled", async () => {
    expect(await reachability(subject(policyA([allowPartners, blockPartners], {}, false)))).toEqual([
      { id: "allow-partners", status: "unreachable", takers: ["ALLOW (policy-disabled)"], lessStrict: false },
      { id: "block-exchange", status: "unreachable", takers: ["ALLOW (policy-disabled)"], lessStrict: true },
    ]);
  });

  it("rules under a catch-all are marked with it, the case lint's unreachable-rule reports", async () => {
    const catchAll: RuleDocument = { id: "alert-all", when: {}, action: "ALERT" };
    expect(await reachability(subject(policyA([catchAll, blockPartners])))).toEqual([
      { id: "alert-all", status: "reachable" },
      { id: "block-exchange", status: "unreachable", takers: ["ALERT (alert-all)"], lessStrict: true, afterCatchAll: "alert-all" },
    ]);
  });

  it("vendorB, SIGN_IN: an ALERT from high up takes every severe address from the BLOCK below it", async () => {
    const of: DecisionSubject = {
      providerType: "vendorBAddressScreening",
      scope: "SIGN_IN",
      policy: {
        providerType: "vendorBAddressScreening",
        scope: "SIGN_IN",
        schemaVersion: 1,
        enabled: true,
        rules: {
          preScreen: {},
          postScreen: [
            { id: "alert-high", when: { riskLevel: { atLeast: "high" } }, action: "ALERT" },
            { id: "block-severe-theft", when: { riskLevel: { atLeast: "severe" }, indicator: { category: "theft", riskType: "counterparty", minVolumeUsd: 500 } }, action: "BLOCK" },
            { id: "block-theft", when: { indicator: { category: "theft", riskType: "counterparty", minVolumeUsd: 1000 } }, action: "BLOCK" },
          ],
        },
      },
      addressEntries: [],
    };
    expect(await reachability(of)).toEqual([
      { id: "alert-high", status: "reachable" },
      { id: "block-severe-theft", status: "unreachable", takers: ["ALERT (alert-high)"], lessStrict: true },
      { id: "block-theft", status: "reachable" },
    ]);
  });

  it("a solver that runs out of time answers unknown with the bound, never reachable or unreachable", async () => {
    const result = await reachabilityWithSolver(subject(policyA([allowPartners, blockPartners])), { now: NOW, timeoutMs: 0 });
    expect(result.rules.map((rule) => rule.status)).toEqual(["unknown", "unknown"]);
    expect(result.reason).toMatch(/not decided within the time limit of 0 ms per policy/);
  });
});

describe("reachabilityOf: the cheaper exact engine first", { timeout: 60_000 }, () => {
  it("answers a small policy by the partition as z3 does, every example reproducing, and remembers the answer", async () => {
    const { reachabilityOf } = await import("../../src/app/reachability.js");
    const of = subject(policyA([allowPartners, blockPartners]));
    const answered = await reachabilityOf(of, { now: NOW });
    expectExamplesReproduce(of, answered);
    expect(reachabilitySummary(answered)).toEqual(reachabilitySummary(await reachabilityWithSolver(of, { now: NOW })));
    const again = await reachabilityOf(of, { now: NOW });
    expect(again).toEqual(answered);
    expect(again).not.toBe(answered);
  });
});
