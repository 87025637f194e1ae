/**
 * A weakening check's answer with its causes and regions (explain.ts), in
 * process: causes of a weakening first, otherwise in the order of their
 * edits; each transition given its regions, its example inside them; the
 * engine's answer kept as it is, with the reason, when the bound is reached;
 * and an engine's answer the regions do not hold is an EngineDisagreement,
 * never an explanation of something else.
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument } from "../../../../src/core/semantics/index.js";
import { explainComparison } from "../../../../src/core/semantics/weakening/explain.js";
import type { SubjectComparison } from "../../../../src/core/semantics/weakening/model.js";
import { comparePartition } from "../../../../src/core/semantics/weakening/partition.js";
import { regionHolds } from "../../../../src/core/semantics/weakening/region-view.js";
import { disagreementOf } from "../../../helpers/engine-disagreement.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");

const subject = (postScreen: RuleDocument[]): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "SIGN_IN",
  policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen } },
});
const blockMixer = (minPercent: number): RuleDocument => ({ id: "block-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent } }, action: "BLOCK" });
const alertScore = (gte: number): RuleDocument => ({ id: "alert-score", when: { riskScore: { gte } }, action: "ALERT" });

const base = subject([blockMixer(20), alertScore(6)]);
/** block-mixer lowered (only stronger decisions), then alert-score raised (ALERT -> ALLOW for scores 6 to 8). */
const mixedHead = subject([blockMixer(10), alertScore(8)]);
/** Both lowered: every transition stronger. */
const strongerHead = subject([blockMixer(10), alertScore(4)]);

const explained = (head: DecisionSubject, options: { stop?: () => boolean; maxBoxes?: number } = {}): SubjectComparison =>
  explainComparison(base, head, comparePartition(base, head, { now: NOW }), NOW, options.stop, options.maxBoxes);

describe("explainComparison: causes", () => {
  it("a cause with a weakening comes first, though its edit is the second; each transition in words", () => {
    const comparison = explained(mixedHead);
    expect(comparison.verdict).toBe("mixed");
    expect(comparison.causes?.map((cause) => [cause.headline, cause.transitions.map((transition) => transition.words)])).toEqual([
      ["rule alert-score: riskScore gte raised from 6 to 8", ["ALERT (alert-score) -> allowed: no rule matches"]],
      ["rule block-mixer: exposure mixer direct minPercent lowered from 20 to 10", ["ALERT (alert-score) -> BLOCK (block-mixer)", "allowed: no rule matches -> BLOCK (block-mixer)"]],
    ]);
  });

  it("a cause weakening one part and strengthening another counts as a weakening: first", () => {
    // alert-score raised and made a BLOCK in one edit: ALERT -> ALLOW for 6 to 8, ALERT -> BLOCK from 8.
    const comparison = explained(subject([blockMixer(10), { ...alertScore(8), action: "BLOCK" }]));
    const [first] = comparison.causes!;
    expect(first!.transitions.map((transition) => `${transition.from.action} -> ${transition.to.action}`)).toEqual(["ALERT -> ALLOW", "ALERT -> BLOCK"]);
    expect(first!.headline).toMatch(/^rule alert-score: /);
  });

  it("no cause weakens: the causes in the order of their edits", () => {
    const comparison = explained(strongerHead);
    expect(comparison.verdict).toBe("stricter");
    expect(comparison.causes?.map((cause) => cause.headline)).toEqual([
      "rule block-mixer: exposure mixer direct minPercent lowered from 20 to 10",
      "rule alert-score: riskScore gte lowered from 6 to 4",
    ]);
  });

  it("every transition carries its regions, and its example lies in one of them; under each cause too", () => {
    const comparison = explained(mixedHead);
    expect(comparison.transitions.length).toBeGreaterThan(0);
    for (const transition of [...comparison.transitions, ...comparison.causes!.flatMap((cause) => cause.transitions)]) {
      expect(transition.regions?.length, `${transition.from.by} -> ${transition.to.by}`).toBeGreaterThan(0);
      expect(transition.regions!.some((box) => regionHolds(box, transition.example))).toBe(true);
    }
  });
});

describe("explainComparison: nothing to explain, or no time to", () => {
  it("an unknown verdict, or no transition: the comparison itself, untouched", () => {
    const unknown: SubjectComparison = { ...comparePartition(base, mixedHead, { now: NOW }), verdict: "unknown" };
    expect(explainComparison(base, mixedHead, unknown, NOW)).toBe(unknown);
    const same: SubjectComparison = comparePartition(base, base, { now: NOW });
    expect(same).toEqual({ verdict: "equivalent", transitions: [] });
    expect(explainComparison(base, base, same, NOW)).toBe(same);
  });

  it("more boxes than the bound allows: the engine's answer as it was, with the reason", () => {
    const engine = comparePartition(base, mixedHead, { now: NOW });
    const comparison = explainComparison(base, mixedHead, engine, NOW, undefined, 1);
    expect(comparison).toEqual({ ...engine, regionsReason: "the regions need more than 1 boxes (about 4 by sampling the walk) (the bound)" });
  });

  it("the time ran out: the engine's answer as it was, with the reason", () => {
    const engine = comparePartition(base, mixedHead, { now: NOW });
    expect(explainComparison(base, mixedHead, engine, NOW, () => true)).toEqual({ ...engine, regionsReason: "the time ran out while the causes and regions were computed" });
  });
});

describe("explainComparison: an engine's answer the regions do not hold", () => {
  it("a transition the regions do not have: an EngineDisagreement naming both lists", () => {
    const engine = structuredClone(comparePartition(base, mixedHead, { now: NOW }));
    engine.transitions[0]!.to = { action: "BLOCK", by: "block-elsewhere" };
    const error = disagreementOf(() => explainComparison(base, mixedHead, engine, NOW));
    expect(error.part).toBe("region");
    expect(error.detail).toBe(
      "the engine found ALERT (alert-score) -> BLOCK (block-elsewhere), ALERT (alert-score) -> BLOCK (block-mixer), ALLOW (terminal-allow) -> BLOCK (block-mixer); " +
        "the regions hold ALERT (alert-score) -> ALLOW (terminal-allow), ALERT (alert-score) -> BLOCK (block-mixer), ALLOW (terminal-allow) -> BLOCK (block-mixer)",
    );
    expect(error.message).toBe(`internal error: the weakening check's region for vendorAWalletScreening SIGN_IN does not agree with its transitions (${error.detail}); nothing was reported; please report it`);
  });

  it("one transition fewer than the regions hold: an EngineDisagreement too", () => {
    const engine = structuredClone(comparePartition(base, mixedHead, { now: NOW }));
    engine.transitions.pop();
    expect(disagreementOf(() => explainComparison(base, mixedHead, engine, NOW)).part).toBe("region");
  });

  it("an example outside every region of its transition: an EngineDisagreement naming it", () => {
    const engine = structuredClone(comparePartition(base, mixedHead, { now: NOW }));
    const weakening = engine.transitions.find((transition) => transition.from.action === "ALERT" && transition.to.action === "ALLOW")!;
    weakening.example = { ...weakening.example, signals: { riskScore: 9 } };
    const error = disagreementOf(() => explainComparison(base, mixedHead, engine, NOW));
    expect(error.part).toBe("region");
    expect(error.detail).toBe(`the example of ALERT (alert-score) -> ALLOW (terminal-allow) lies in none of its regions: ${JSON.stringify(weakening.example)}`);
    expect(error.example).toEqual(weakening.example);
  });
});
