/**
 * The approval of a weakening (core/plan/approval.ts): what its fingerprint
 * covers and what it leaves out, and the difference push prints when the
 * weakening at push time is not the approved one.
 */
import { describe, expect, it } from "vitest";
import { canonicalJson, sha256Hex } from "../../src/core/canonical.js";
import { describeApprovalDifferences } from "../../src/core/formats/plan-weakening.js";
import { approvalDifferences, approvedPolicy, weakeningApproval, type NamedWeakening } from "../../src/core/plan/index.js";

const screening = (riskScore: number) => ({ scope: "TRANSACTION", chain: "EVM", address: "0x0000000000000000000000000000000000000001", signals: { riskScore } });

const raisedThreshold = (riskScore = 8): NamedWeakening =>
  ({
    environment: "live",
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    verdict: "weaker",
    transitions: [
      { from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALERT", by: "alert-elevated" }, example: screening(riskScore) },
      { from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALLOW", by: "terminal-allow" }, example: screening(riskScore) },
    ],
  }) as unknown as NamedWeakening;

describe("the fingerprint of an approved weakening", () => {
  it("is sha256 hex of the canonical JSON of the identity and the verdict without examples", () => {
    const policy = approvedPolicy(raisedThreshold());
    const transitions = raisedThreshold().transitions.map(({ from, to }) => ({ from, to }));
    // Sorted by canonical JSON: ALERT before ALLOW.
    const weakening = { verdict: "weaker", transitions };
    expect(policy.weakening).toEqual(weakening);
    expect(policy.fingerprint).toBe(sha256Hex(canonicalJson({ environment: "live", providerType: "vendorAWalletScreening", scope: "TRANSACTION", weakening })));
    expect(policy.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("leaves out what may differ between runs: examples, the order of transitions, an unknown's reason, places, unreached rules", () => {
    const base = approvedPolicy(raisedThreshold()).fingerprint;
    const otherRun = raisedThreshold(9);
    otherRun.transitions.reverse();
    Object.assign(otherRun, { reason: "the time ran out in the solver", unreachable: [{ id: "x", index: 3, action: "ALERT", status: "unknown" }], unreachableReason: "z3: canceled" });
    Object.assign(otherRun.transitions[0]!, { at: { file: "policies/live/x.yaml", line: 12 } });
    expect(approvedPolicy(otherRun).fingerprint).toBe(base);
  });

  it("covers the identity, the verdict, each transition's decisions, and any member the check adds later (causes, regions)", () => {
    const base = approvedPolicy(raisedThreshold()).fingerprint;
    const variants: Array<(weakening: NamedWeakening) => void> = [
      (weakening) => (weakening.environment = "sandbox"),
      (weakening) => (weakening.scope = "SIGN_IN"),
      (weakening) => (weakening.verdict = "mixed"),
      (weakening) => (weakening.transitions[0]!.to.by = "alert-other"),
      (weakening) => weakening.transitions.pop(),
      (weakening) => Object.assign(weakening.transitions[0]!, { region: { riskScore: { gte: 8, lt: 9 } } }),
      (weakening) => Object.assign(weakening.transitions[0]!, { causes: ["rules.postScreen[0].when.riskScore"] }),
    ];
    const fingerprints = variants.map((change) => {
      const weakening = raisedThreshold();
      change(weakening);
      return approvedPolicy(weakening).fingerprint;
    });
    expect(new Set([base, ...fingerprints]).size).toBe(variants.length + 1);
  });

  it("overall: over the policies' fingerprints as a set", () => {
    const signIn = { ...raisedThreshold(), scope: "SIGN_IN" } as NamedWeakening;
    const both = weakeningApproval([raisedThreshold(), signIn]);
    expect(weakeningApproval([signIn, raisedThreshold()]).fingerprint).toBe(both.fingerprint);
    expect(both.fingerprint).toBe(sha256Hex(canonicalJson(both.policies.map((policy) => policy.fingerprint).sort())));
    expect(weakeningApproval([raisedThreshold()]).fingerprint).not.toBe(both.fingerprint);
    expect(weakeningApproval([]).fingerprint).toBe(sha256Hex("[]"));
  });
});

describe("the difference from an approval", () => {
  it("is empty for the same weakening, found by another run", () => {
    expect(approvalDifferences([approvedPolicy(raisedThreshold())], [approvedPolicy(raisedThreshold(9))])).toEqual([]);
  });

  it("names each policy and each transition that appeared or disappeared, in words", () => {
    const moved = raisedThreshold();
    moved.verdict = "mixed";
    moved.transitions[1] = { from: { action: "BLOCK", by: "block-large-exposure" }, to: { action: "ALERT", by: "alert-elevated" }, example: screening(8) } as never;
    const signIn = { ...raisedThreshold(), scope: "SIGN_IN" } as NamedWeakening;
    const removed = { ...raisedThreshold(), providerType: "vendorBAddressScreening" } as NamedWeakening;
    const differences = approvalDifferences([approvedPolicy(raisedThreshold()), approvedPolicy(removed)], [approvedPolicy(moved), approvedPolicy(signIn)]);
    expect(describeApprovalDifferences(differences)).toEqual([
      "screenpol: weakening not the approved one: live/vendorAWalletScreening/TRANSACTION (mixed now; approved weaker)",
      "  + BLOCK (block-large-exposure) -> ALERT (alert-elevated)  (now, not approved)",
      "  - BLOCK (block-severe-risk-score) -> ALLOW (terminal-allow)  (approved, not made now)",
      "screenpol: weakening not approved: live/vendorAWalletScreening/SIGN_IN (weaker; the plan approves no weakening of it)",
      "  + BLOCK (block-severe-risk-score) -> ALERT (alert-elevated)  (now, not approved)",
      "  + BLOCK (block-severe-risk-score) -> ALLOW (terminal-allow)  (now, not approved)",
      "screenpol: weakening approved but not made now: live/vendorBAddressScreening/TRANSACTION (approved weaker; no weakening now)",
      "  - BLOCK (block-severe-risk-score) -> ALERT (alert-elevated)  (approved, not made now)",
      "  - BLOCK (block-severe-risk-score) -> ALLOW (terminal-allow)  (approved, not made now)",
    ]);
  });

  it("says so when a transition's decisions read the same but what else the check records of it differs", () => {
    const withRegion = raisedThreshold();
    Object.assign(withRegion.transitions[0]!, { region: { riskScore: { gte: 7 } } });
    const lines = describeApprovalDifferences(approvalDifferences([approvedPolicy(raisedThreshold())], [approvedPolicy(withRegion)]));
    expect(lines).toEqual([
      "screenpol: weakening not the approved one: live/vendorAWalletScreening/TRANSACTION (weaker, as approved, by other transitions)",
      "  + BLOCK (block-severe-risk-score) -> ALERT (alert-elevated) (the same decisions; what else the check records of it differs)  (now, not approved)",
      "  - BLOCK (block-severe-risk-score) -> ALERT (alert-elevated) (the same decisions; what else the check records of it differs)  (approved, not made now)",
    ]);
  });
});
