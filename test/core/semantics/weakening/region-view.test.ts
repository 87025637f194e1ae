/**
 * A region in words and as a test a screening passes (region-view.ts), in
 * process, from hand-made constraints: each kind of constraint said as
 * compare prints it, a range from the lowest value or to the highest as one
 * comparison, long lists counted, the reading order; and each constraint
 * read as decide() reads a screening (the largest exposure of its kind, EVM
 * addresses and tokens in any case, an absent signal only where `none`).
 */
import { describe, expect, it } from "vitest";
import type { Screening } from "../../../../src/core/semantics/index.js";
import { boxSpaceOf, wholeBox } from "../../../../src/core/semantics/weakening/box-space.js";
import { describeBox, describeConstraint, inReadingOrder, regionHolds, regionView, type RegionConstraint } from "../../../../src/core/semantics/weakening/region-view.js";

const USDT = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
const USDC = { chain: "EVM", networkId: 137, contractAddress: "0x2791bca1f2de4661ed88a30c99a7a9449aa84174" };
const DAI = { chain: "EVM", networkId: 1, contractAddress: "0x6b175474e89094c44da98b954eedeac495271d0f" };
const from = (min: number, minIncluded = true) => ({ min, minIncluded });
const between = (min: number, max: number, minIncluded = true, maxIncluded = false) => ({ min, minIncluded, max, maxIncluded });

describe("describeConstraint", () => {
  it("numbers: one comparison from the lowest or to the highest, an interval otherwise, a point as =, each unit", () => {
    const said = (constraint: RegionConstraint) => describeConstraint(constraint);
    expect(said({ on: "riskScore", ranges: [between(7, 8)] })).toBe("riskScore in [7, 8)");
    expect(said({ on: "riskScore", ranges: [between(7, 8, false, true)] })).toBe("riskScore in (7, 8]");
    expect(said({ on: "riskScore", ranges: [between(0, 7)] })).toBe("riskScore < 7");
    expect(said({ on: "riskScore", ranges: [between(0, 7, true, true)] })).toBe("riskScore <= 7");
    expect(said({ on: "riskScore", ranges: [between(7, 10, true, true)] })).toBe("riskScore >= 7");
    expect(said({ on: "riskScore", ranges: [between(7, 10, false, true)] })).toBe("riskScore > 7");
    // Up to 10 but not 10 itself is not the top of the range.
    expect(said({ on: "riskScore", ranges: [between(7, 10)] })).toBe("riskScore in [7, 10)");
    expect(said({ on: "riskScore", ranges: [between(0, 10, false, true)] })).toBe("riskScore > 0");
    expect(said({ on: "riskScore", ranges: [between(8, 8, true, true)] })).toBe("riskScore = 8");
    expect(said({ on: "riskScore", ranges: [between(0, 3), between(7, 10, true, true)], none: true })).toBe("riskScore < 3 or riskScore >= 7 or none");
    expect(said({ on: "riskScore", ranges: [], none: true })).toBe("no riskScore");
    expect(said({ on: "exposure", category: "mixer", direction: "direct", ranges: [from(20)] })).toBe("exposure mixer direct >= 20%");
    expect(said({ on: "exposure", category: "mixer", direction: "indirect", ranges: [between(5, 20)] })).toBe("exposure mixer indirect in [5%, 20%)");
    expect(said({ on: "exposure", category: "mixer", direction: "direct", ranges: [between(20, 100, true, true)] })).toBe("exposure mixer direct >= 20%");
    expect(said({ on: "indicator", category: "fraud_shop", riskType: "ownership", ranges: [between(0, 1000)] })).toBe("indicator fraud_shop ownership < 1000 USD");
    expect(said({ on: "indicator", category: "fraud_shop", riskType: "ownership", ranges: [from(1000, false)] })).toBe("indicator fraud_shop ownership > 1000 USD");
    expect(said({ on: "amountUsd", ranges: [between(100, 250)], none: true })).toBe("amountUsd in [100, 250) USD or unknown");
    expect(said({ on: "amountUsd", ranges: [] })).toBe("amountUsd unknown");
    expect(said({ on: "amountUsd", ranges: [from(0)] })).toBe("amountUsd in [0, ∞) USD");
  });

  it("names: the values, or any other than those named; none; riskLevel in its order", () => {
    expect(describeConstraint({ on: "cluster", values: ["gambling", "mixer"] })).toBe("cluster gambling or mixer");
    expect(describeConstraint({ on: "cluster", except: ["gambling"], none: true })).toBe("cluster other than gambling or none");
    expect(describeConstraint({ on: "entity", except: [] })).toBe("any entity");
    expect(describeConstraint({ on: "entity", values: [] })).toBe("no entity");
    expect(describeConstraint({ on: "riskLevel", values: ["severe", "low", "high"] })).toBe("riskLevel low or high or severe");
    expect(describeConstraint({ on: "riskLevel", except: ["low"] })).toBe("riskLevel other than low");
    // The top of an amount's range is no end: up to 100 included is an interval.
    expect(describeConstraint({ on: "amountUsd", ranges: [between(50, 100, true, true)] })).toBe("amountUsd in [50, 100] USD");
    expect(describeConstraint({ on: "chain", values: ["SOL"] })).toBe("chain SOL");
    expect(describeConstraint({ on: "chain", except: ["EVM", "SOL"] })).toBe("chain other than EVM, SOL");
  });

  it("addresses and tokens: listed up to two, counted past that; native beside the tokens", () => {
    const a = { chain: "EVM", address: "0xaa" };
    const b = { chain: "SOL", address: "9Wz" };
    const c = { chain: "TRON", address: "TXY" };
    expect(describeConstraint({ on: "address", values: [a, b] })).toBe("address 0xaa on EVM or 9Wz on SOL");
    expect(describeConstraint({ on: "address", values: [a, b, c] })).toBe("address one of 3 an entry names");
    expect(describeConstraint({ on: "address", except: [a] })).toBe("address other than 0xaa on EVM");
    expect(describeConstraint({ on: "address", except: [a, b, c] })).toBe("address other than the 3 an entry names");
    expect(describeConstraint({ on: "token", values: [USDT], native: true })).toBe(`token EVM:1:${USDT.contractAddress} or native`);
    expect(describeConstraint({ on: "token", values: [] , native: true })).toBe("token native");
    expect(describeConstraint({ on: "token", except: [USDT, USDC] })).toBe(`token other than EVM:1:${USDT.contractAddress}, EVM:137:${USDC.contractAddress}`);
    expect(describeConstraint({ on: "token", values: [USDT, USDC, DAI], native: true })).toBe("token one of 3 preScreen lists or native");
    expect(describeConstraint({ on: "token", except: [USDT, USDC, DAI] })).toBe("token other than the 3 preScreen lists");
  });
});

describe("regionView: a box of the box space as constraints", () => {
  const boxSpace = boxSpaceOf([
    {
      providerType: "vendorAWalletScreening",
      scope: "SIGN_IN",
      policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen: [{ id: "a", when: { riskScore: { gte: 6, lte: 8 } }, action: "ALERT" }] } },
    },
  ]);
  // Dimensions: address (any other), chain (any other), riskScore: absent, [0,6), [6,6], (6,8), [8,8], (8,10].
  const withScores = (indices: number[]) => wholeBox(boxSpace).map((values, at) => (at === 2 ? indices : values));

  it("adjacent intervals joined into one range; apart, two; the free dimensions left out", () => {
    expect(regionView(boxSpace, withScores([1, 2]))).toEqual([{ on: "riskScore", ranges: [{ min: 0, minIncluded: true, max: 6, maxIncluded: true }] }]);
    expect(regionView(boxSpace, withScores([2, 3, 4]))).toEqual([{ on: "riskScore", ranges: [{ min: 6, minIncluded: true, max: 8, maxIncluded: true }] }]);
    expect(regionView(boxSpace, withScores([1, 4]))).toEqual([{ on: "riskScore", ranges: [{ min: 0, minIncluded: true, max: 6, maxIncluded: false }, { min: 8, minIncluded: true, max: 8, maxIncluded: true }] }]);
    expect(describeBox(regionView(boxSpace, withScores([0, 4, 5])))).toBe("riskScore >= 8 or none");
    // (6, 8) after [0, 6) with 6 itself left out: they share an end that neither holds.
    expect(regionView(boxSpace, withScores([1, 3]))).toEqual([{ on: "riskScore", ranges: [{ min: 0, minIncluded: true, max: 6, maxIncluded: false }, { min: 6, minIncluded: false, max: 8, maxIncluded: false }] }]);
    expect(regionView(boxSpace, wholeBox(boxSpace))).toEqual([]);
  });
});

describe("regionView: the context and the named signals", () => {
  const ADDRESS_AA = "0x00000000000000000000000000000000000000aa";
  const boxSpace = boxSpaceOf([
    {
      providerType: "vendorAWalletScreening",
      scope: "TRANSACTION",
      policy: {
        providerType: "vendorAWalletScreening",
        scope: "TRANSACTION",
        schemaVersion: 1,
        enabled: true,
        rules: { preScreen: { minAmountUsd: 100, tokens: [USDT], chains: ["EVM", "SOL"] }, postScreen: [{ id: "b", when: { riskScore: { gte: 8 } }, action: "BLOCK" }, { id: "c", when: { cluster: { category: "gambling" } }, action: "ALERT" }] },
      },
      addressEntries: [{ address: ADDRESS_AA, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r" }],
    },
  ]);
  // Dimensions: address (the entry's, any other), chain (EVM, SOL, any other), token (USDT, native, any other), amountUsd (absent, [0,100), [100,100], (100,∞)), riskScore, cluster (absent, gambling, any other).
  const boxWith = (chosen: Record<number, number[]>) => wholeBox(boxSpace).map((values, at) => chosen[at] ?? values);

  it("named values listed: the entry's address (its chain then said by it), a token with native, an amount from 100 up, a cluster", () => {
    const box = regionView(boxSpace, boxWith({ 0: [0], 1: [0], 2: [0, 1], 3: [2, 3], 5: [1] }));
    expect(box).toEqual([
      { on: "address", values: [{ chain: "EVM", address: ADDRESS_AA }] },
      { on: "token", values: [USDT], native: true },
      { on: "amountUsd", ranges: [{ min: 100, minIncluded: true }] },
      { on: "cluster", values: ["gambling"] },
    ]);
    expect(describeBox(box)).toBe(`cluster gambling, amountUsd >= 100 USD, token EVM:1:${USDT.contractAddress} or native, address ${ADDRESS_AA} on EVM`);
  });

  it("any value no version names: the named ones excepted, the chain said, none where the signal may be absent", () => {
    const box = regionView(boxSpace, boxWith({ 0: [1], 1: [1, 2], 2: [2], 5: [0, 2] }));
    expect(box).toEqual([
      { on: "address", except: [{ chain: "EVM", address: ADDRESS_AA }] },
      { on: "chain", except: ["EVM"] },
      { on: "token", except: [USDT] },
      { on: "cluster", except: ["gambling"], none: true },
    ]);
    expect(describeBox(box)).toBe(`cluster other than gambling or none, chain other than EVM, token other than EVM:1:${USDT.contractAddress}, address other than ${ADDRESS_AA} on EVM`);
  });

  it("the chain said where the box holds any other address too, though it holds the entry's", () => {
    expect(regionView(boxSpace, boxWith({ 1: [0] }))).toEqual([{ on: "chain", values: ["EVM"] }]);
  });

  it("an amount above every cut alone is a range with no top", () => {
    expect(regionView(boxSpace, boxWith({ 3: [3] }))).toEqual([{ on: "amountUsd", ranges: [{ min: 100, minIncluded: false }] }]);
  });

  it("vendor B: a risk level, an indicator and an entity", () => {
    const vendorB = boxSpaceOf([
      {
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
              { id: "a", when: { riskLevel: { atLeast: "high" } }, action: "ALERT" },
              { id: "b", when: { entity: { category: "theft" } }, action: "BLOCK" },
              { id: "c", when: { indicator: { category: "scam", riskType: "ownership", minVolumeUsd: 1000 } }, action: "BLOCK" },
            ],
          },
        },
      },
    ]);
    // Dimensions: address, chain, riskLevel (absent, low, medium, high, severe), indicator (absent, [0,1000), [1000,1000], (1000,∞)), entity (absent, theft, any other).
    const box = wholeBox(vendorB).map((values, at) => ({ 2: [3, 4], 3: [3], 4: [1] })[at] ?? values);
    expect(regionView(vendorB, box)).toEqual([
      { on: "riskLevel", values: ["high", "severe"] },
      { on: "indicator", category: "scam", riskType: "ownership", ranges: [{ min: 1000, minIncluded: false }] },
      { on: "entity", values: ["theft"] },
    ]);
  });
});

describe("describeBox and inReadingOrder", () => {
  it("the signals a rule compares first, then the transfer, the chain, the token and the address; every screening when empty", () => {
    const box: RegionConstraint[] = [
      { on: "address", except: [] },
      { on: "token", values: [], native: true },
      { on: "chain", values: ["EVM"] },
      { on: "amountUsd", ranges: [from(100)] },
      { on: "cluster", values: ["gambling"] },
      { on: "exposure", category: "mixer", direction: "direct", ranges: [from(20)] },
      { on: "riskScore", ranges: [between(7, 8)] },
    ];
    expect(inReadingOrder(box).map((constraint) => constraint.on)).toEqual(["riskScore", "exposure", "cluster", "amountUsd", "chain", "token", "address"]);
    expect(describeBox(box)).toBe("riskScore in [7, 8), exposure mixer direct >= 20%, cluster gambling, amountUsd >= 100 USD, chain EVM, token native, any address");
    expect(describeBox([])).toBe("every screening");
    const vendorB: RegionConstraint[] = [{ on: "entity", values: ["gambling"] }, { on: "indicator", category: "fraud_shop", riskType: "ownership", ranges: [from(1)] }, { on: "riskLevel", values: ["high"] }];
    expect(inReadingOrder(vendorB).map((constraint) => constraint.on)).toEqual(["riskLevel", "indicator", "entity"]);
  });
});

describe("regionHolds: a screening read as decide() reads it", () => {
  const screening = (over: Partial<Screening> = {}): Screening => ({ chain: "EVM", address: "0x00000000000000000000000000000000000000aa", ...over });

  it("numbers: in a range, ends as written; absent only where none", () => {
    const score: RegionConstraint = { on: "riskScore", ranges: [between(7, 8)] };
    expect([6.99, 7, 7.5, 8].map((riskScore) => regionHolds([score], screening({ signals: { riskScore } })))).toEqual([false, true, true, false]);
    expect(regionHolds([score], screening())).toBe(false);
    expect(regionHolds([{ ...score, none: true }], screening())).toBe(true);
    expect(regionHolds([{ on: "riskScore", ranges: [from(7, false)] }], screening({ signals: { riskScore: 7 } }))).toBe(false);
    expect(regionHolds([{ on: "riskScore", ranges: [from(7, false)] }], screening({ signals: { riskScore: 1e9 } }))).toBe(true);
    expect(regionHolds([{ on: "amountUsd", ranges: [between(100, 250)] }], screening({ transfer: { amountUsd: 100 } }))).toBe(true);
    expect(regionHolds([{ on: "amountUsd", ranges: [between(100, 250)] }], screening({ transfer: {} }))).toBe(false);
  });

  it("an exposure or indicator by the largest of its kind; the other direction or risk type not counted", () => {
    const mixer: RegionConstraint = { on: "exposure", category: "mixer", direction: "direct", ranges: [from(20)] };
    const exposures = [{ category: "mixer", direction: "direct" as const, percent: 5 }, { category: "mixer", direction: "direct" as const, percent: 25 }, { category: "mixer", direction: "indirect" as const, percent: 90 }];
    expect(regionHolds([mixer], screening({ signals: { exposures } }))).toBe(true);
    expect(regionHolds([mixer], screening({ signals: { exposures: exposures.slice(0, 1).concat(exposures[2]!) } }))).toBe(false);
    const fraud: RegionConstraint = { on: "indicator", category: "fraud_shop", riskType: "ownership", ranges: [between(0, 1000)], none: true };
    expect(regionHolds([fraud], screening({ signals: { indicators: [{ category: "fraud_shop", riskType: "counterparty", volumeUsd: 5000 }] } }))).toBe(true);
    expect(regionHolds([fraud], screening({ signals: { indicators: [{ category: "fraud_shop", riskType: "ownership", volumeUsd: 5000 }] } }))).toBe(false);
  });

  it("names: listed or not excepted; absent only where none; riskLevel as it is", () => {
    expect(regionHolds([{ on: "cluster", values: ["gambling"] }], screening({ signals: { cluster: { category: "gambling" } } }))).toBe(true);
    expect(regionHolds([{ on: "cluster", except: ["gambling"] }], screening({ signals: { cluster: { category: "gambling" } } }))).toBe(false);
    expect(regionHolds([{ on: "cluster", except: ["gambling"] }], screening({ signals: { cluster: { category: "mixer" } } }))).toBe(true);
    // Excepted by any one of several.
    expect(regionHolds([{ on: "cluster", except: ["gambling", "mixer"] }], screening({ signals: { cluster: { category: "mixer" } } }))).toBe(false);
    expect(regionHolds([{ on: "cluster", except: [] }], screening())).toBe(false);
    expect(regionHolds([{ on: "cluster", except: [], none: true }], screening())).toBe(true);
    expect(regionHolds([{ on: "entity", values: ["gambling"] }], screening({ signals: { entity: { category: "gambling" } } }))).toBe(true);
    expect(regionHolds([{ on: "riskLevel", values: ["high"] }], screening({ signals: { riskLevel: "high" } }))).toBe(true);
    expect(regionHolds([{ on: "riskLevel", values: ["high"] }], screening({ signals: { riskLevel: "severe" } }))).toBe(false);
  });

  it("the chain, an address in any case on EVM, a token in any case, native only where said", () => {
    expect(regionHolds([{ on: "chain", values: ["EVM"] }], screening())).toBe(true);
    expect(regionHolds([{ on: "chain", except: ["EVM"] }], screening())).toBe(false);
    expect(regionHolds([{ on: "address", values: [{ chain: "EVM", address: "0x00000000000000000000000000000000000000AA" }] }], screening())).toBe(true);
    expect(regionHolds([{ on: "address", values: [{ chain: "SOL", address: "0x00000000000000000000000000000000000000aa" }] }], screening())).toBe(false);
    const upper = { ...USDT, contractAddress: `0x${USDT.contractAddress.slice(2).toUpperCase()}` };
    expect(regionHolds([{ on: "token", values: [USDT] }], screening({ transfer: { amountUsd: 1, token: upper } }))).toBe(true);
    expect(regionHolds([{ on: "token", except: [USDT] }], screening({ transfer: { amountUsd: 1, token: USDC } }))).toBe(true);
    expect(regionHolds([{ on: "token", values: [USDT] }], screening({ transfer: { amountUsd: 1 } }))).toBe(false);
    expect(regionHolds([{ on: "token", values: [], native: true }], screening({ transfer: { amountUsd: 1 } }))).toBe(true);
  });

  it("every constraint must hold", () => {
    const box: RegionConstraint[] = [{ on: "chain", values: ["EVM"] }, { on: "riskScore", ranges: [from(7)] }];
    expect(regionHolds(box, screening({ signals: { riskScore: 8 } }))).toBe(true);
    expect(regionHolds(box, screening({ chain: "SOL", signals: { riskScore: 8 } }))).toBe(false);
    expect(regionHolds([], screening())).toBe(true);
  });
});
