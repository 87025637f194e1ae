/**
 * The regions and causes of a weakening check (regions.ts) are exact
 * (docs/semantics.md, "Causes and regions of a weakening"), held against the
 * interval partition (the oracle of style.md habit 12) and decide() on
 * generated pairs of versions:
 * - the regions name the partition's transitions, no more, no fewer;
 * - every representative screening of the partition (one per cell) with a
 *   transition lies in a box of that transition and of no other, and one
 *   without a transition lies in no box (complete, and no box claims a
 *   screening that decides otherwise);
 * - screenings drawn inside each box, at its values' samples and at random
 *   numbers of its intervals, and random screenings anywhere, decide as
 *   their box (or absence of one) says;
 * - the cause of each part: head with the cause's edits taken back decides
 *   base's action at every screening drawn inside it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide, type DecisionSubject, type Screening } from "../../../../src/core/semantics/index.js";
import { STRICTNESS } from "../../../../src/core/semantics/decision.js";
import { boxHolds, consistentContext, pointOf, screeningAt, type Box, type BoxSpace } from "../../../../src/core/semantics/weakening/box-space.js";
import { takeBack } from "../../../../src/core/semantics/weakening/edits.js";
import { countRepresentatives, representativeScreenings } from "../../../../src/core/semantics/weakening/partition.js";
import { comparePartition } from "../../../../src/core/semantics/weakening/partition.js";
import { pairRegions } from "../../../../src/core/semantics/weakening/regions.js";
import { completePair } from "../../../../src/core/semantics/weakening/verdict.js";
import { NOW, drawScreenings, screeningPools } from "../../../helpers/screening-arbitraries.js";
import { versions } from "../../../helpers/version-pairs.js";

const POOLS = screeningPools(400);
const key = (from: { action: string; by: string }, to: { action: string; by: string }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`;

/** A mulberry32 generator: the points drawn in a box are reproducible from the pair's run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Screenings inside a box: a consistent point drawn per dimension, at its samples and then with every number moved to a random one of its interval. */
function screeningsIn(boxSpace: BoxSpace, box: Box, count: number, next: () => number): Screening[] {
  const screenings: Screening[] = [];
  for (let attempt = 0; attempt < count * 4 && screenings.length < count * 2; attempt++) {
    const point = box.map((values) => values[Math.floor(next() * values.length)]!);
    if (!consistentContext(boxSpace, point[0]!, point[1]!)) continue;
    const sampled = screeningAt(boxSpace, point);
    screenings.push(sampled);
    const moved = structuredClone(sampled);
    const inside = (at: number) => {
      const value = boxSpace.dimensions[at]!.values[point[at]!]!;
      if (value.kind !== "interval") return undefined;
      const { low, high, lowIncluded, highIncluded } = value.interval;
      if (low === high) return low;
      const top = Number.isFinite(high) ? high : low + 1000;
      const drawn = low + (top - low) * next();
      return (drawn === low && !lowIncluded) || (drawn === high && !highIncluded) ? (low + top) / 2 : drawn;
    };
    boxSpace.dimensions.forEach((dimension, at) => {
      const number = inside(at);
      if (number === undefined) return;
      if (dimension.kind === "amountUsd") moved.transfer!.amountUsd = number;
      if (dimension.kind === "riskScore") moved.signals!.riskScore = number;
      if (dimension.kind === "exposure") moved.signals!.exposures = moved.signals!.exposures!.map((exposure) => (exposure.category === dimension.category && exposure.direction === dimension.direction ? { ...exposure, percent: number } : exposure));
      if (dimension.kind === "indicator") moved.signals!.indicators = moved.signals!.indicators!.map((indicator) => (indicator.category === dimension.category && indicator.riskType === dimension.riskType ? { ...indicator, volumeUsd: number } : indicator));
    });
    screenings.push(moved);
  }
  return screenings;
}

describe("pairRegions: exact against the interval partition", () => {
  it("on generated pairs: the partition's transitions, every cell in the box of its own transition only, every drawn screening as its box says, every cause restoring its part", { timeout: 300_000 }, () => {
    let checked = 0;
    let withTransitions = 0;
    let run = 0;
    fc.assert(
      fc.property(versions(), ({ vendor, scope, base: drawnBase, head: drawnHead }) => {
        const { base, head } = completePair(drawnBase, drawnHead)!;
        // The oracle walks every cell: pairs with too many are left to the engines' own tests (never counted).
        fc.pre(countRepresentatives(base, head, NOW, 4_000) <= 4_000);
        run++;
        const regions = pairRegions(base, head, { now: NOW });
        const partition = comparePartition(base, head, { now: NOW });
        expect(regions.transitions.map((transition) => key(transition.from, transition.to)).sort()).toEqual(partition.transitions.map((transition) => key(transition.from, transition.to)).sort());
        if (regions.transitions.length > 0) withTransitions++;

        const regionOf = (screening: Screening) => {
          const point = pointOf(regions.boxSpace, screening);
          return regions.transitions.flatMap((transition) => transition.boxes.filter((box) => boxHolds(box, point)).map(() => key(transition.from, transition.to)));
        };
        const expectAsDecided = (screening: Screening) => {
          const [from, to] = [decide(base, screening, { now: NOW }), decide(head, screening, { now: NOW })];
          const changes = STRICTNESS[from.action] !== STRICTNESS[to.action];
          expect({ screening, boxes: regionOf(screening) }).toEqual({ screening, boxes: changes ? [key(from, to)] : [] });
        };
        for (const representative of representativeScreenings(base, head, NOW)) if (representative.sanctioned !== true) expectAsDecided(representative);
        for (const drawn of drawScreenings(POOLS, vendor, scope, 60, run)) if (drawn.sanctioned !== true) expectAsDecided(drawn);

        const next = random(run);
        for (const transition of regions.transitions) {
          for (const box of transition.boxes.slice(0, 8)) {
            for (const inside of screeningsIn(regions.boxSpace, box, 3, next)) {
              const [from, to] = [decide(base, inside, { now: NOW }), decide(head, inside, { now: NOW })];
              expect({ inside, decided: key(from, to) }).toEqual({ inside, decided: key(transition.from, transition.to) });
            }
          }
        }
        for (const cause of regions.causes) {
          // Taking the cause back restores base's action; or, where each of two edits makes the change alone, the cause alone makes head's.
          const restored: DecisionSubject = takeBack(base, head, regions.edits, cause.edits);
          const alone: DecisionSubject = takeBack(base, head, regions.edits, regions.edits.filter((edit) => !cause.edits.includes(edit)));
          for (const part of cause.transitions) {
            for (const box of part.boxes.slice(0, 4)) {
              for (const inside of screeningsIn(regions.boxSpace, box, 2, next)) {
                const restores = decide(restored, inside, { now: NOW }).action === part.from.action;
                const makes = cause.edits.length === 1 && decide(alone, inside, { now: NOW }).action === part.to.action;
                expect({ inside, cause: cause.edits, explained: restores || makes }).toEqual({ inside, cause: cause.edits, explained: true });
              }
            }
          }
        }
        checked++;
      }),
      { numRuns: 260, seed: 24 },
    );
    // Guards against a vacuous pass: the issue asks for at least 200 pairs, most with a transition.
    expect(checked).toBeGreaterThanOrEqual(200);
    expect(withTransitions).toBeGreaterThan(100);
  });

  it("head with every edit taken back decides as base on every cell of generated pairs", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(versions(), ({ base: drawnBase, head: drawnHead }) => {
        const { base, head } = completePair(drawnBase, drawnHead)!;
        fc.pre(countRepresentatives(base, head, NOW, 4_000) <= 4_000);
        const regions = pairRegions(base, head, { now: NOW });
        const restored = takeBack(base, head, regions.edits, regions.edits);
        for (const representative of representativeScreenings(base, restored, NOW)) {
          const [before, after] = [decide(base, representative, { now: NOW }), decide(restored, representative, { now: NOW })];
          expect({ representative, after }).toEqual({ representative, after: before });
        }
      }),
      { numRuns: 150, seed: 25 },
    );
  });
});

describe("regions far beyond their bound are not walked", () => {
  /** Four rules over narrow score bands and four categories' exposure, head raising every exposure minimum: some fifty boxes. */
  const pair = (): [DecisionSubject, DecisionSubject] => {
    const categories = ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"];
    const rules = (raise: number) =>
      Array.from({ length: 4 }, (_, index) => ({
        id: `rule-${index + 1}`,
        when: { anyOf: [{ riskScore: { gte: index / 2, lte: index / 2 + 0.25 } }, { exposure: { category: categories[index % 6]!, direction: "any", minPercent: 12 - index + raise } }] },
        action: index % 2 === 0 ? "BLOCK" : "ALERT",
      }));
    const subject = (raise: number): DecisionSubject => ({
      providerType: "vendorAWalletScreening",
      scope: "SIGN_IN",
      policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen: rules(raise) } } as DecisionSubject["policy"],
      addressEntries: [],
    });
    return [subject(0), subject(0.5)];
  };

  it("a walk estimated (by sampling, before it starts) to need more boxes than the bound gives up at once and says so; within its bound the same pair is walked", () => {
    const [base, head] = pair();
    expect(() => pairRegions(base, head, { now: NOW, maxBoxes: 10 })).toThrow(/^the regions need more than 10 boxes \(about [\d,]+ by sampling the walk\)$/);
    const walked = pairRegions(base, head, { now: NOW });
    expect(walked.transitions.length).toBeGreaterThan(0);
  });
});
