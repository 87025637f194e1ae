/**
 * Readable counterexamples (examples.ts), in process: the engine's screening
 * made into one a reviewer recognises (every signal and transfer detail the
 * transition does not need left out, each number moved to a bound of either
 * version, the threshold itself first), always still making the transition
 * through decide(); and the candidate values a number is tried at.
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument, ScopedScreening } from "../../../../src/core/semantics/index.js";
import { BoundReached } from "../../../../src/core/semantics/weakening/bound.js";
import { EngineDisagreement } from "../../../../src/core/semantics/weakening/decided-as-reported.js";
import { candidateValues, readableExample, reproduces } from "../../../../src/core/semantics/weakening/examples.js";
import { screeningSpace } from "../../../../src/core/semantics/weakening/space.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const ADDRESS = "0x00000000000000000000000000000000000000bb";

function subject(postScreen: RuleDocument[], options: { vendor?: DecisionSubject["providerType"]; minAmountUsd?: number } = {}): DecisionSubject {
  const providerType = options.vendor ?? "vendorAWalletScreening";
  return {
    providerType,
    scope: "TRANSACTION",
    policy: { providerType, scope: "TRANSACTION", schemaVersion: 1, enabled: true, rules: { preScreen: options.minAmountUsd === undefined ? {} : { minAmountUsd: options.minAmountUsd }, postScreen } },
  };
}
const alertScore = (gte: number): RuleDocument => ({ id: "alert-score", when: { riskScore: { gte } }, action: "ALERT" });
const blockMixer = (minPercent: number): RuleDocument => ({ id: "block-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent } }, action: "BLOCK" });

const messy = (signals: ScopedScreening["signals"], amountUsd = 1234.5678): ScopedScreening => ({ scope: "TRANSACTION", chain: "EVM", address: ADDRESS, transfer: { amountUsd }, signals });

describe("candidateValues: the bounds first, then one value in every interval they cut", () => {
  it("each bound once, sorted; the midpoints between; one step and a half-step beyond each end; the range's ends", () => {
    expect(candidateValues([8, 6, 6], 0, 10)).toEqual([6, 8, 7, 5, 5.5, 9, 8.5, 0, 10]);
    expect(candidateValues([5], 0, 100)).toEqual([5, 4, 4.5, 6, 5.5, 0, 100]);
  });

  it("never outside the range: a step beyond an end at the range's edge is the edge", () => {
    expect(candidateValues([0, 10], 0, 10)).toEqual([0, 10, 5]);
    expect(candidateValues([0.5], 0, 10)).toEqual([0.5, 0, 0.25, 1.5, 1, 10]);
    // A bound past the range's end (no valid rule writes one) gives no candidate there.
    expect(candidateValues([12], 0, 10)).toEqual([10, 0]);
  });

  it("no bound: the range's ends alone", () => {
    expect(candidateValues([], 0, 100)).toEqual([0, 100]);
  });
});

describe("readableExample", () => {
  const base = subject([alertScore(6)]);
  const head = subject([alertScore(8)]);
  const space = screeningSpace([base, head]);
  const weakening = { from: { action: "ALERT" as const, by: "alert-score" }, to: { action: "ALLOW" as const, by: "terminal-allow" } };

  it("a score between two thresholds: everything else left out, the score moved to the base's threshold", () => {
    const found = messy({ riskScore: 6.739, cluster: { category: "gambling" }, exposures: [{ category: "mixer", direction: "direct", percent: 12.34 }] });
    expect(readableExample(base, head, space, found, weakening, NOW)).toEqual({ scope: "TRANSACTION", chain: "EVM", address: ADDRESS, signals: { riskScore: 6 } });
    // The engine's screening is not changed in place.
    expect(found.signals?.riskScore).toBe(6.739);
  });

  it("only where `within` allows: the first candidate inside it", () => {
    const found = messy({ riskScore: 7.5 });
    const within = (candidate: ScopedScreening) => (candidate.signals?.riskScore ?? 0) > 6.5;
    expect(readableExample(base, head, space, found, weakening, NOW, undefined, within).signals).toEqual({ riskScore: 7 });
  });

  it("an exposure between two minPercents: the other exposures and the score left out, the percent at the base's bound", () => {
    const [from, to] = [subject([blockMixer(20)]), subject([blockMixer(40)])];
    // The same category in the other direction is another exposure: left out alone.
    const found = messy({ riskScore: 3.3, exposures: [{ category: "mixer", direction: "indirect", percent: 50 }, { category: "mixer", direction: "direct", percent: 33.3 }] });
    const transition = { from: { action: "BLOCK" as const, by: "block-mixer" }, to: { action: "ALLOW" as const, by: "terminal-allow" } };
    expect(readableExample(from, to, screeningSpace([from, to]), found, transition, NOW).signals).toEqual({ exposures: [{ category: "mixer", direction: "direct", percent: 20 }] });
  });

  it("an indicator's volume (vendorB) at its bound too", () => {
    const rule = (minVolumeUsd: number): RuleDocument => ({ id: "block-fraud", when: { indicator: { category: "fraud_shop", riskType: "ownership", minVolumeUsd } }, action: "BLOCK" });
    const [from, to] = [subject([rule(1000)], { vendor: "vendorBAddressScreening" }), subject([rule(5000)], { vendor: "vendorBAddressScreening" })];
    const found: ScopedScreening = {
      scope: "TRANSACTION",
      chain: "EVM",
      address: ADDRESS,
      signals: { riskLevel: "low", indicators: [{ category: "fraud_shop", riskType: "counterparty", volumeUsd: 9000 }, { category: "fraud_shop", riskType: "ownership", volumeUsd: 2222.22 }] },
    };
    const transition = { from: { action: "BLOCK" as const, by: "block-fraud" }, to: { action: "ALLOW" as const, by: "terminal-allow" } };
    expect(readableExample(from, to, screeningSpace([from, to]), found, transition, NOW).signals).toEqual({ indicators: [{ category: "fraud_shop", riskType: "ownership", volumeUsd: 1000 }] });
  });

  it("two exposures the rule needs: each moved to its own bound, the other left as it is", () => {
    const both = (minPercent: number): RuleDocument => ({ id: "block-both", when: { exposure: { category: "mixer", direction: "direct", minPercent }, riskScore: { gte: 1 } }, action: "BLOCK" });
    const pair = (minPercent: number): RuleDocument => ({ ...both(minPercent), when: { ...both(minPercent).when, anyOf: [{ exposure: { category: "scam", direction: "direct", minPercent: 10 } }] } });
    const [from, to] = [subject([pair(20)]), subject([pair(40)])];
    const found = messy({ riskScore: 5, exposures: [{ category: "mixer", direction: "direct", percent: 33.3 }, { category: "scam", direction: "direct", percent: 50 }] });
    const transition = { from: { action: "BLOCK" as const, by: "block-both" }, to: { action: "ALLOW" as const, by: "terminal-allow" } };
    expect(readableExample(from, to, screeningSpace([from, to]), found, transition, NOW).signals).toEqual({
      riskScore: 1,
      exposures: [
        { category: "mixer", direction: "direct", percent: 20 },
        { category: "scam", direction: "direct", percent: 10 },
      ],
    });
  });

  it("a transition that needs no signal: the signals left out whole, not an empty object", () => {
    const everything: RuleDocument = { id: "alert-all", when: {}, action: "ALERT" };
    const [from, to] = [subject([everything], { minAmountUsd: 100 }), subject([everything], { minAmountUsd: 250 })];
    const transition = { from: { action: "ALERT" as const, by: "alert-all" }, to: { action: "ALLOW" as const, by: "pre-screen" } };
    expect(readableExample(from, to, screeningSpace([from, to]), messy({ riskScore: 4.2, cluster: { category: "gambling" } }, 180), transition, NOW)).toEqual({
      scope: "TRANSACTION",
      chain: "EVM",
      address: ADDRESS,
      transfer: { amountUsd: 100 },
    });
  });

  it("an amount the transition needs is kept, moved to the lower minAmountUsd; a token stays", () => {
    const [from, to] = [subject([alertScore(0)], { minAmountUsd: 100 }), subject([alertScore(0)], { minAmountUsd: 250 })];
    const token = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
    const found: ScopedScreening = { scope: "TRANSACTION", chain: "EVM", address: ADDRESS, transfer: { amountUsd: 123.45, token }, signals: { riskScore: 4.2 } };
    const transition = { from: { action: "ALERT" as const, by: "alert-score" }, to: { action: "ALLOW" as const, by: "pre-screen" } };
    expect(readableExample(from, to, screeningSpace([from, to]), found, transition, NOW)).toEqual({ scope: "TRANSACTION", chain: "EVM", address: ADDRESS, transfer: { amountUsd: 100, token }, signals: { riskScore: 0 } });
  });

  it("a screening that does not make the transition: an EngineDisagreement, never an example", () => {
    expect(reproduces(base, head, messy({ riskScore: 9 }), weakening, NOW)).toBe(false);
    expect(() => readableExample(base, head, space, messy({ riskScore: 9 }), weakening, NOW)).toThrow(EngineDisagreement);
  });

  it("the bound read as candidates are tried (every 32): BoundReached, and without the bound the same search ends", () => {
    // Twenty thresholds make some forty candidates for the score; only a late one lies `within`.
    const wide = screeningSpace([base, head, subject(Array.from({ length: 20 }, (_, index) => ({ ...alertScore(index / 2), id: `alert-${index}` })))]);
    const within = (candidate: ScopedScreening) => candidate.signals?.riskScore === 7.25;
    let asked = 0;
    expect(() => readableExample(base, head, wide, messy({ riskScore: 7.25 }), weakening, NOW, () => ++asked > 0, within)).toThrow(BoundReached);
    expect(asked).toBe(1);
    expect(readableExample(base, head, wide, messy({ riskScore: 7.25 }), weakening, NOW, () => false, within).signals).toEqual({ riskScore: 7.25 });
  });
});
