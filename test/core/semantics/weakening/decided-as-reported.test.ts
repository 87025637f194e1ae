/**
 * The check every weakening answer passes before it is reported
 * (decided-as-reported.ts): each example decided through decide() on both
 * versions, the verdict the one its transitions give. Broken answers are made
 * by hand from a real one (the gap between lte 6 and gte 7, read by the
 * interval partition); each must throw EngineDisagreement with its one line.
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument } from "../../../../src/core/semantics/index.js";
import { checkDecidedAsReported, EngineDisagreement } from "../../../../src/core/semantics/weakening/decided-as-reported.js";
import type { SubjectComparison } from "../../../../src/core/semantics/weakening/model.js";
import { comparePartition } from "../../../../src/core/semantics/weakening/partition.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");

const subject = (postScreen: RuleDocument[]): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "SIGN_IN",
  policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen } },
});
const every = subject([{ id: "alert-any-score", when: { riskScore: { gte: 0 } }, action: "ALERT" }]);
const split = subject([
  { id: "alert-low-score", when: { riskScore: { lte: 6 } }, action: "ALERT" },
  { id: "alert-high-score", when: { riskScore: { gte: 7 } }, action: "ALERT" },
]);
/** ALERT (alert-any-score) -> ALLOW (terminal-allow) at 6.5: weaker. */
const weakening = (): SubjectComparison => structuredClone(comparePartition(every, split, { now: NOW }));

/** The disagreement `check` throws, or a failure when it throws nothing (or something else). */
function disagreementOf(check: () => void): EngineDisagreement {
  try {
    check();
  } catch (error) {
    if (error instanceof EngineDisagreement) return error;
    throw error;
  }
  expect.fail("no EngineDisagreement was thrown");
}

describe("checkDecidedAsReported", () => {
  it("lets a true answer through, unknown with no transitions too", () => {
    expect(weakening()).toMatchObject({ verdict: "weaker", transitions: [{ example: { signals: { riskScore: 6.5 } } }] });
    expect(() => checkDecidedAsReported(every, split, weakening(), NOW)).not.toThrow();
    expect(() => checkDecidedAsReported(every, every, { verdict: "equivalent", transitions: [] }, NOW)).not.toThrow();
    expect(() => checkDecidedAsReported(every, split, { verdict: "unknown", transitions: [], reason: "the bound" }, NOW)).not.toThrow();
    expect(() => checkDecidedAsReported(undefined, split, { verdict: "added", transitions: [] }, NOW)).not.toThrow();
  });

  it("refuses an example that decide() gives another transition, naming the pair, both transitions and the example", () => {
    const broken = weakening();
    broken.transitions[0]!.example = { scope: "SIGN_IN", chain: "OTHER", address: "unlisted-address-1", signals: { riskScore: 6 } };
    const disagreement = disagreementOf(() => checkDecidedAsReported(every, split, broken, NOW));
    expect(disagreement.message).toBe(
      "internal error: the weakening check's example for vendorAWalletScreening SIGN_IN is not decided as reported " +
        '(ALERT (alert-any-score) -> ALLOW (terminal-allow) reported, decide() gives ALERT (alert-any-score) -> ALERT (alert-low-score) for {"scope":"SIGN_IN","chain":"OTHER","address":"unlisted-address-1","signals":{"riskScore":6}}); ' +
        "nothing was reported; please report it",
    );
    expect(disagreement.example).toEqual(broken.transitions[0]!.example);
    expect(disagreement.in("sandbox").message).toMatch(/^internal error: the weakening check's example for sandbox vendorAWalletScreening SIGN_IN is not decided as reported \(/);
    expect(disagreement.in("sandbox").pair).toEqual({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "SIGN_IN" });
  });

  it("refuses a transition whose `from` or `to` is not what its example gives", () => {
    const broken = weakening();
    broken.transitions[0]!.from = { action: "BLOCK", by: "alert-any-score" };
    expect(disagreementOf(() => checkDecidedAsReported(every, split, broken, NOW)).detail).toMatch(/^BLOCK \(alert-any-score\) -> ALLOW \(terminal-allow\) reported, decide\(\) gives ALERT \(alert-any-score\) -> ALLOW \(terminal-allow\) for /);
    const swapped = weakening();
    // The same answer for the mirror pair: its example goes the other way.
    expect(disagreementOf(() => checkDecidedAsReported(split, every, swapped, NOW)).part).toBe("example");
  });

  it("refuses a verdict its transitions do not give: a weakening reported as equivalent, or as stricter", () => {
    for (const verdict of ["equivalent", "stricter", "mixed"] as const) {
      const broken = { ...weakening(), verdict };
      expect(disagreementOf(() => checkDecidedAsReported(every, split, broken, NOW)).message).toBe(
        `internal error: the weakening check's verdict for vendorAWalletScreening SIGN_IN is not the one its transitions give (${verdict} reported, its transitions give weaker); nothing was reported; please report it`,
      );
    }
    // `added` is the policy's arrival, whatever the transitions: here both sides have one.
    expect(disagreementOf(() => checkDecidedAsReported(every, split, { ...weakening(), verdict: "added" }, NOW)).detail).toBe("added reported, its transitions give weaker");
  });

  it("refuses a transition that changes no action, and transitions beside unknown", () => {
    const same = weakening();
    same.transitions.push({ from: { action: "ALERT", by: "alert-any-score" }, to: { action: "ALERT", by: "alert-low-score" }, example: { scope: "SIGN_IN", chain: "OTHER", address: "unlisted-address-1", signals: { riskScore: 0 } } });
    expect(disagreementOf(() => checkDecidedAsReported(every, split, same, NOW)).detail).toBe("the transition ALERT (alert-any-score) -> ALERT (alert-low-score) changes no action");
    expect(disagreementOf(() => checkDecidedAsReported(every, split, { ...weakening(), verdict: "unknown" }, NOW)).detail).toBe("unknown reported with 1 transition");
  });
});
