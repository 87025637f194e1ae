/**
 * The box space of the regions walk (box-space.ts), in process: its
 * dimensions and their values for a pair, a point and the screening that
 * stands for it each the other's (every point of the whole space), the
 * interval tests at their ends, and merging boxes keeps exactly the same
 * points with fewer boxes (a property over random boxes).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument } from "../../../../src/core/semantics/index.js";
import { CATEGORIES } from "../../../../src/core/vendors.js";
import { boxHolds, boxSpaceOf, consistentContext, contains, isFree, mergeBoxes, pointOf, screeningAt, wholeBox, type Box, type Interval } from "../../../../src/core/semantics/weakening/box-space.js";

const USDT = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
/** An interval as written in mathematics: `[6,8)`. */
const spelt = ({ low, lowIncluded, high, highIncluded }: Interval) => `${lowIncluded ? "[" : "("}${low},${high}${highIncluded ? "]" : ")"}`;

function subject(postScreen: RuleDocument[], scope: DecisionSubject["scope"] = "TRANSACTION"): DecisionSubject {
  return {
    providerType: "vendorAWalletScreening",
    scope,
    policy: { providerType: "vendorAWalletScreening", scope, schemaVersion: 1, enabled: true, rules: { preScreen: scope === "TRANSACTION" ? { minAmountUsd: 100, tokens: [USDT], chains: ["EVM", "SOL"] } : { chains: ["EVM"] }, postScreen } },
    addressEntries: [{ address: "0x00000000000000000000000000000000000000aa", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r" }],
  };
}
const pair = [
  subject([
    { id: "block-score", when: { riskScore: { gte: 8 } }, action: "BLOCK" },
    { id: "alert-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 20 }, cluster: { category: "gambling" } }, action: "ALERT" },
  ]),
  subject([{ id: "block-score", when: { riskScore: { gte: 6 } }, action: "BLOCK" }]),
];

describe("boxSpaceOf", () => {
  it("the context (address, chain, token, amount), then each signal read, with every value the versions tell apart", () => {
    const { dimensions, contextCount } = boxSpaceOf(pair);
    expect(contextCount).toBe(4);
    const said = dimensions.map((dimension) => [
      [dimension.kind, dimension.category, dimension.direction].filter((part) => part !== undefined).join(" "),
      dimension.values.map((value) =>
        value.kind === "interval" ? `${spelt(value.interval)}@${value.sample}` : value.kind === "name" ? value.name : value.kind === "target" ? "target" : value.kind === "token" ? "USDT" : value.kind === "other" ? `other:${value.sample}` : value.kind,
      ),
    ]);
    expect(said).toEqual([
      ["address", ["target", "other:"]],
      ["chain", ["EVM", "SOL", "other:OTHER"]],
      ["token", ["USDT", "native", "other:"]],
      ["amountUsd", ["absent", "[0,100)@0", "[100,100]@100", "(100,Infinity)@101"]],
      // A score condition's upper end (10, the top of the scale, for gte) is a cut too.
      ["riskScore", ["absent", "[0,6)@0", "[6,6]@6", "(6,8)@7", "[8,8]@8", "(8,10)@9", "[10,10]@10"]],
      ["exposure mixer direct", ["absent", "[0,20)@0", "[20,20]@20", "(20,100]@100"]],
      ["cluster", ["absent", "gambling", "other:stolen_funds"].map((value) => (value === "other:stolen_funds" ? expect.stringMatching(/^other:/) : value))],
    ]);
  });

  it("a signal no condition reads has no dimension; a cut at the scale's end makes no empty interval", () => {
    const exposureOnly = boxSpaceOf([subject([{ id: "alert-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }, action: "ALERT" }])]);
    expect(exposureOnly.dimensions.map((dimension) => dimension.kind)).toEqual(["address", "chain", "token", "amountUsd", "exposure"]);
    const low = boxSpaceOf([subject([{ id: "alert-low", when: { riskScore: { lte: 3 } }, action: "ALERT" }])]).dimensions.find((dimension) => dimension.kind === "riskScore")!;
    expect(low.values.map((value) => (value.kind === "interval" ? spelt(value.interval) : value.kind))).toEqual([
      "absent",
      "[0,0]",
      "(0,3)",
      "[3,3]",
      "(3,10]",
    ]);
  });

  it("a cluster condition for every category of the vendor leaves no 'any other' category", () => {
    const everyCategory = CATEGORIES.vendorAWalletScreening.map((category, index): RuleDocument => ({ id: `alert-${index}`, when: { cluster: { category } }, action: "ALERT" }));
    const cluster = boxSpaceOf([subject(everyCategory)]).dimensions.find((dimension) => dimension.kind === "cluster")!;
    expect(cluster.values).toEqual([{ kind: "absent" }, ...CATEGORIES.vendorAWalletScreening.map((name) => ({ kind: "name", name }))]);
  });

  it("SIGN_IN has no token or amount in its context", () => {
    const { dimensions, contextCount } = boxSpaceOf([subject([{ id: "block-score", when: { riskScore: { gte: 8 } }, action: "BLOCK" }], "SIGN_IN")]);
    expect({ contextCount, kinds: dimensions.map((dimension) => dimension.kind) }).toEqual({ contextCount: 2, kinds: ["address", "chain", "riskScore"] });
  });
});

describe("points and screenings", () => {
  const boxSpace = boxSpaceOf(pair);

  it("every point of the whole space is the point of the screening that stands for it", () => {
    const sizes = boxSpace.dimensions.map((dimension) => dimension.values.length);
    let checked = 0;
    const walk = (prefix: number[]): void => {
      if (prefix.length === sizes.length) {
        // A named address names its chain: the other chains are no point of it.
        if (!consistentContext(boxSpace, prefix[0]!, prefix[1]!)) return;
        expect(pointOf(boxSpace, screeningAt(boxSpace, prefix)), JSON.stringify(prefix)).toEqual(prefix);
        checked++;
        return;
      }
      for (let index = 0; index < sizes[prefix.length]!; index++) walk([...prefix, index]);
    };
    walk([]);
    // 2 addresses x 3 chains x the rest (3 tokens, 4 amounts, 7 scores, 4 percents, 3 clusters), less the named address on the two other chains.
    const rest = 3 * 4 * 7 * 4 * 3;
    expect(checked).toBe(2 * 3 * rest - 2 * rest);
  });

  it("the screening of a point holds only what the point has: no absent signal's key, no empty transfer", () => {
    // Any other address on SOL, the native coin, no amount, no signal.
    expect(screeningAt(boxSpace, [1, 1, 1, 0, 0, 0, 0])).toStrictEqual({ scope: "TRANSACTION", chain: "SOL", address: "unlisted-address-1" });
    expect(screeningAt(boxSpace, [0, 0, 0, 1, 3, 0, 1])).toStrictEqual({
      scope: "TRANSACTION",
      chain: "EVM",
      address: "0x00000000000000000000000000000000000000aa",
      transfer: { token: USDT, amountUsd: 0 },
      signals: { riskScore: 7, cluster: { category: "gambling" } },
    });
    // A chain no version names: the space's own spelling of one.
    expect(screeningAt(boxSpace, [1, 2, 1, 0, 0, 0, 0])).toMatchObject({ chain: "OTHER" });
    const signIn = boxSpaceOf([subject([{ id: "block-score", when: { riskScore: { gte: 8 } }, action: "BLOCK" }], "SIGN_IN")]);
    expect(screeningAt(signIn, [1, 0, 0])).toStrictEqual({ scope: "SIGN_IN", chain: "EVM", address: expect.stringMatching(/^0x0+1$/) });
  });

  it("a screening's point: the largest exposure of its kind, an unknown chain, token or address as the other", () => {
    const point = pointOf(boxSpace, {
      chain: "TRON",
      address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf",
      transfer: { amountUsd: 100, token: { chain: "EVM", networkId: 1, contractAddress: "0x0000000000000000000000000000000000000001" } },
      signals: { riskScore: 7.5, exposures: [{ category: "mixer", direction: "direct", percent: 5 }, { category: "mixer", direction: "direct", percent: 20 }], cluster: { category: "scam" } },
    });
    expect(point).toEqual([1, 2, 2, 2, 3, 2, 2]);
    expect(pointOf(boxSpace, { chain: "EVM", address: "0x00000000000000000000000000000000000000AA", transfer: { token: USDT } })).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(pointOf(boxSpace, { chain: "EVM", address: "0xbb", transfer: {} })[2]).toBe(1);
  });

  it("a named address goes with its own chain only", () => {
    expect([0, 1, 2].map((chain) => consistentContext(boxSpace, 0, chain))).toEqual([true, false, false]);
    expect([0, 1, 2].map((chain) => consistentContext(boxSpace, 1, chain))).toEqual([true, true, true]);
  });

  it("the whole box takes every value; a box is free on a dimension only when it takes them all", () => {
    const whole = wholeBox(boxSpace);
    expect(whole.map((values) => values.length)).toEqual([2, 3, 3, 4, 7, 4, 3]);
    expect(whole.every((_, at) => isFree(boxSpace, whole, at))).toBe(true);
    const narrowed = whole.map((values, at) => (at === 4 ? [3] : values));
    expect(isFree(boxSpace, narrowed, 4)).toBe(false);
    expect(boxHolds(narrowed, [0, 0, 0, 0, 3, 0, 0])).toBe(true);
    expect(boxHolds(narrowed, [0, 0, 0, 0, 2, 0, 0])).toBe(false);
  });
});

describe("contains: an interval's ends as written", () => {
  it("included or not, at each end; no upper end", () => {
    const interval = { low: 6, lowIncluded: true, high: 8, highIncluded: false };
    expect([5.99, 6, 7, 8].map((value) => contains(interval, value))).toEqual([false, true, true, false]);
    const open = { low: 6, lowIncluded: false, high: 8, highIncluded: true };
    expect([6, 6.01, 8, 8.01].map((value) => contains(open, value))).toEqual([false, true, true, false]);
    expect(contains({ low: 100, lowIncluded: false, high: Infinity, highIncluded: false }, 1e12)).toBe(true);
  });
});

describe("mergeBoxes", () => {
  it("two boxes differing in one dimension become one; others are left as they are", () => {
    expect(mergeBoxes([[[0], [1]], [[1], [1]], [[2], [0]]])).toEqual([[[0, 1], [1]], [[2], [0]]]);
    expect(mergeBoxes([[[0], [1]]])).toEqual([[[0], [1]]]);
    expect(mergeBoxes([])).toEqual([]);
  });

  it("the same points, in no more boxes, none overlapping (random disjoint boxes of a 3 x 3 x 3 space)", () => {
    const points = (boxes: readonly Box[]) => {
      const all: string[] = [];
      for (const box of boxes) for (const a of box[0]!) for (const b of box[1]!) for (const c of box[2]!) all.push(`${a}${b}${c}`);
      return all;
    };
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.nat(2), fc.nat(2), fc.nat(2)), { minLength: 1, maxLength: 27, selector: (point) => point.join() }), (cells) => {
        const boxes: Box[] = cells.map(([a, b, c]) => [[a], [b], [c]]);
        const merged = mergeBoxes(boxes);
        const covered = points(merged);
        expect(covered.length).toBe(new Set(covered).size);
        expect(new Set(covered)).toEqual(new Set(points(boxes)));
        expect(merged.length).toBeLessThanOrEqual(boxes.length);
        for (const box of merged) for (const values of box) expect(values).toEqual([...values].sort((x, y) => x - y));
      }),
      { numRuns: 300, seed: 26 },
    );
  });

  it("merges again until no two boxes differ in one dimension only: a merge along one dimension can make one possible along another", () => {
    // Along the first dimension nothing merges at first; along the second, the first two do, and the result then merges with the third.
    expect(mergeBoxes([[[0], [0]], [[0], [1]], [[1], [0, 1]]])).toEqual([[[0, 1], [0, 1]]]);
  });

  it("the same points where many value sets could run together in a key (60 to 120 single points of a 60 x 60 x 2 space)", () => {
    // Keys of value sets and of boxes are joined with separators: "1,2" is not "12", and the box keyed "1 23" is not "12 3".
    const points = (boxes: readonly Box[]) => new Set(boxes.flatMap((box) => box[0]!.flatMap((a) => box[1]!.flatMap((b) => box[2]!.map((c) => `${a} ${b} ${c}`)))));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.nat(59), fc.nat(59), fc.nat(1)), { minLength: 60, maxLength: 120, selector: (point) => point.join() }), (cells) => {
        const boxes: Box[] = cells.map(([a, b, c]) => [[a], [b], [c]]);
        expect(points(mergeBoxes(boxes))).toEqual(points(boxes));
      }),
      { numRuns: 200, seed: 27 },
    );
  });

  it("reads the bound as it goes", () => {
    let calls = 0;
    mergeBoxes([[[0], [1]], [[1], [1]]], () => void calls++);
    expect(calls).toBeGreaterThan(0);
  });
});
