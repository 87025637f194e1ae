/**
 * The interval partition and the open interval between two thresholds of one
 * signal (semantics.md section 5, "an exact partition of each signal's
 * thresholds into intervals"). With inclusive bounds, `lte: 6` and `gte: 7`
 * leave 6 < x < 7 to no threshold: only a value inside the gap stands for it.
 * Each case is decided through comparePartition and its examples through
 * decide().
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide, type DecisionSubject, type PolicyDocument, type RuleDocument, type Screening } from "../../../../src/core/semantics/index.js";
import { comparePartition, countRepresentatives, representativeScreenings } from "../../../../src/core/semantics/weakening/partition.js";
import type { SubjectComparison } from "../../../../src/core/semantics/weakening/model.js";
import { NOW, screening } from "../../../helpers/screening-arbitraries.js";
import { versions } from "../../../helpers/version-pairs.js";

type Vendor = PolicyDocument["providerType"];

function subject(vendor: Vendor, postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}): DecisionSubject {
  return { providerType: vendor, scope: "TRANSACTION", policy: { providerType: vendor, scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen, postScreen } } };
}
const walletA = (rules: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}) => subject("vendorAWalletScreening", rules, preScreen);
const addressB = (rules: RuleDocument[]) => subject("vendorBAddressScreening", rules);

/** comparePartition, each example checked through decide() on both sides. */
function compare(base: DecisionSubject, head: DecisionSubject): SubjectComparison {
  const result = comparePartition(base, head, { now: NOW });
  for (const { from, to, example } of result.transitions) {
    expect(decide(base, example, { now: NOW }), JSON.stringify(example)).toEqual(from);
    expect(decide(head, example, { now: NOW }), JSON.stringify(example)).toEqual(to);
  }
  return result;
}
const pairsOf = (result: SubjectComparison) => result.transitions.map(({ from, to }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`);

const ALERT_LOW: RuleDocument = { id: "alert-low-score", when: { riskScore: { lte: 6 } }, action: "ALERT" };
const ALERT_HIGH: RuleDocument = { id: "alert-high-score", when: { riskScore: { gte: 7 } }, action: "ALERT" };
const ALERT_ANY: RuleDocument = { id: "alert-any-score", when: { riskScore: { gte: 0 } }, action: "ALERT" };

describe("comparePartition: the class strictly between an upper and a lower bound", () => {
  it("[ALERT lte 6, ALERT gte 7] against [ALERT gte 0] is stricter: 6.5 goes ALLOW -> ALERT", () => {
    const result = compare(walletA([ALERT_LOW, ALERT_HIGH]), walletA([ALERT_ANY]));
    expect(result.verdict).toBe("stricter");
    expect(pairsOf(result)).toEqual(["ALLOW (terminal-allow) -> ALERT (alert-any-score)"]);
    expect(result.transitions[0]!.example.signals).toEqual({ riskScore: 6.5 });
  });

  it("the mirror, [ALERT gte 0] against [ALERT lte 6, ALERT gte 7], is weaker: 6.5 goes ALERT -> ALLOW", () => {
    const result = compare(walletA([ALERT_ANY]), walletA([ALERT_LOW, ALERT_HIGH]));
    expect(result.verdict).toBe("weaker");
    expect(pairsOf(result)).toEqual(["ALERT (alert-any-score) -> ALLOW (terminal-allow)"]);
    expect(result.transitions[0]!.example.signals).toEqual({ riskScore: 6.5 });
  });

  it("the gap inside one rule's anyOf is a class too: a BLOCK of [0, 2] or [3.5, 10] against a BLOCK of every score is stricter at 2.75", () => {
    const split: RuleDocument = { id: "block-outside-band", when: { anyOf: [{ riskScore: { lte: 2 } }, { riskScore: { gte: 3.5 } }] }, action: "BLOCK" };
    const every: RuleDocument = { id: "block-every-score", when: { riskScore: { gte: 0, lte: 10 } }, action: "BLOCK" };
    const result = compare(walletA([split]), walletA([every]));
    expect(result.verdict).toBe("stricter");
    expect(pairsOf(result)).toEqual(["ALLOW (terminal-allow) -> BLOCK (block-every-score)"]);
    expect(result.transitions[0]!.example.signals).toEqual({ riskScore: 2.75 });
  });

  it("a band's upper bound and the next band's lower bound, one rule each, with a rule below both that the gap falls to", () => {
    // The gap (5, 7) is the only class whose decision differs: ALERT by the catch-all below on base, BLOCK on head.
    const base: RuleDocument[] = [
      { id: "block-mid-band", when: { riskScore: { gte: 2, lte: 5 } }, action: "BLOCK" },
      { id: "block-high-band", when: { riskScore: { gte: 7 } }, action: "BLOCK" },
      { id: "alert-mixers", when: { exposure: { category: "mixer", direction: "direct", minPercent: 0 } }, action: "ALERT" },
    ];
    const head: RuleDocument[] = [{ id: "block-from-2", when: { riskScore: { gte: 2 } }, action: "BLOCK" }, base[2]!];
    const result = compare(walletA(base), walletA(head));
    expect(result.verdict).toBe("stricter");
    expect(pairsOf(result).sort()).toEqual(["ALERT (alert-mixers) -> BLOCK (block-from-2)", "ALLOW (terminal-allow) -> BLOCK (block-from-2)"]);
    for (const transition of result.transitions) expect(transition.example.signals?.riskScore).toBe(6);
  });
});

describe("comparePartition: a threshold of one version inside the gap between two of the other", () => {
  it("exposure percent: BLOCK from 15% under ALERT from 10% and BLOCK from 20% is stricter from 15%", () => {
    const mixer = (minPercent: number) => ({ exposure: { category: "mixer", direction: "direct" as const, minPercent } });
    const base: RuleDocument[] = [
      { id: "block-mixers", when: mixer(20), action: "BLOCK" },
      { id: "alert-mixers", when: mixer(10), action: "ALERT" },
    ];
    const head: RuleDocument[] = [{ id: "block-mixers", when: mixer(15), action: "BLOCK" }, base[1]!];
    const result = compare(walletA(base), walletA(head));
    expect(result.verdict).toBe("stricter");
    expect(pairsOf(result)).toEqual(["ALERT (alert-mixers) -> BLOCK (block-mixers)"]);
    expect(result.transitions[0]!.example.signals).toEqual({ exposures: [{ category: "mixer", direction: "direct", percent: 15 }] });
  });

  it("indicator volume: BLOCK from 750 USD between ALERT from 500 and BLOCK from 1000 is stricter from 750", () => {
    const theft = (minVolumeUsd: number) => ({ indicator: { category: "theft", riskType: "ownership" as const, minVolumeUsd } });
    const base: RuleDocument[] = [
      { id: "block-theft", when: theft(1000), action: "BLOCK" },
      { id: "alert-theft", when: theft(500), action: "ALERT" },
    ];
    const head: RuleDocument[] = [{ id: "block-theft", when: theft(750), action: "BLOCK" }, base[1]!];
    const result = compare(addressB(base), addressB(head));
    expect(result.verdict).toBe("stricter");
    expect(pairsOf(result)).toEqual(["ALERT (alert-theft) -> BLOCK (block-theft)"]);
    expect(result.transitions[0]!.example.signals).toEqual({ indicators: [{ category: "theft", riskType: "ownership", volumeUsd: 750 }] });
  });
});

describe("representativeScreenings: the amount's intervals", () => {
  it("without a clock (no context collapsed), an amount below the lowest minimum, between the two and above the highest, whatever the gate compares", () => {
    // The gate is `amountUsd < minAmountUsd` today, so a minimum stands for the interval above it; a value inside
    // each interval keeps the partition exact whatever the comparison, as every signal's values already are.
    const score: RuleDocument = { id: "block-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" };
    const amounts = new Set<number>();
    for (const screened of representativeScreenings(walletA([score], { minAmountUsd: 100 }), walletA([score], { minAmountUsd: 1000 }))) {
      if (screened.transfer?.amountUsd !== undefined) amounts.add(screened.transfer.amountUsd);
    }
    const some = (holds: (amount: number) => boolean) => [...amounts].some(holds);
    expect([some((amount) => amount < 100), some((amount) => amount > 100 && amount < 1000), some((amount) => amount > 1000)]).toEqual([true, true, true]);
  });
});

describe("comparePartition over generated gaps", () => {
  it("lists every change of action a screening shows when a gap between two thresholds is closed or opened, and every representative class is one", () => {
    const pairs = versions(["gap"]).chain((pair) => fc.record({ pair: fc.constant(pair), screenings: fc.array(screening(pair.vendor, pair.scope), { minLength: 40, maxLength: 60 }) }));
    let compared = 0;
    fc.assert(
      fc.property(pairs, ({ pair: { base, head }, screenings }) => {
        fc.pre(countRepresentatives(base, head, NOW, 50_000) <= 50_000);
        const key = (screened: Screening) => {
          const from = decide(base, screened, { now: NOW });
          const to = decide(head, screened, { now: NOW });
          return `${from.action} (${from.by}) -> ${to.action} (${to.by})`;
        };
        const covered = new Set<string>();
        for (const representative of representativeScreenings(base, head, NOW)) covered.add(key(representative));
        const listed = new Set(pairsOf(compare(base, head)));
        for (const screened of screenings) {
          expect(covered, JSON.stringify(screened)).toContain(key(screened));
          if (decide(base, screened, { now: NOW }).action !== decide(head, screened, { now: NOW }).action) expect(listed, JSON.stringify(screened)).toContain(key(screened));
        }
        compared++;
      }),
      { numRuns: 200 },
    );
    // A guard against a vacuous pass: generated pairs are small.
    expect(compared).toBeGreaterThan(150);
  }, 60_000);
});
