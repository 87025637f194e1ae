/**
 * Reading a rule's `when` (conditions.ts readWhenTerms): what lint's schema
 * lets through is read, and everything else reads as unreadable (undefined),
 * never as a condition that means something else. A library caller's policy
 * is not linted; the decision procedure and the weakening check must not
 * widen or narrow a rule because its `when` was half-read. And the exposure
 * or indicator a condition compares is the largest of its category.
 */
import { describe, expect, it } from "vitest";
import { decide, readWhenTerms, whenHolds, type DecisionSubject } from "../../../src/core/semantics/index.js";

const A = "vendorAWalletScreening";
const B = "vendorBAddressScreening";

describe("readWhenTerms: the schema's shapes are read", () => {
  it.each([
    [A, { riskScore: { gte: 7 } }, [{ kind: "riskScore", low: 7, high: 10 }]],
    [A, { riskScore: { lte: 3 } }, [{ kind: "riskScore", low: 0, high: 3 }]],
    [A, { riskScore: { gte: 0, lte: 10 } }, [{ kind: "riskScore", low: 0, high: 10 }]],
    [A, { exposure: { category: "mixer", direction: "indirect", minPercent: 0 } }, [{ kind: "exposure", category: "mixer", direction: "indirect", minPercent: 0 }]],
    [A, { exposure: { category: "mixer", direction: "direct", minPercent: 100 } }, [{ kind: "exposure", category: "mixer", direction: "direct", minPercent: 100 }]],
    [A, { exposure: { category: "mixer", direction: "any", minPercent: 5 } }, [{ kind: "exposure", category: "mixer", direction: "any", minPercent: 5 }]],
    [A, { cluster: { category: "gambling" } }, [{ kind: "cluster", category: "gambling" }]],
    [B, { riskLevel: { atLeast: "high" } }, [{ kind: "riskLevel", atLeast: 2 }]],
    [B, { indicator: { category: "sanctions", riskType: "ownership", minVolumeUsd: 0 } }, [{ kind: "indicator", category: "sanctions", riskType: "ownership", minVolumeUsd: 0 }]],
    [B, { entity: { category: "exchange" } }, [{ kind: "entity", category: "exchange" }]],
    [A, {}, []],
  ] as const)("%s %j", (vendor, when, conditions) => {
    expect(readWhenTerms(when, vendor)?.all.map((term) => term.condition)).toEqual(conditions);
  });

  it("anyOf: each alternative in full, beside the conditions outside it", () => {
    const read = readWhenTerms({ riskScore: { gte: 5 }, anyOf: [{ cluster: { category: "mixer" } }, { riskScore: { gte: 9 }, cluster: { category: "gambling" } }] }, A);
    expect(read?.all.map((term) => term.condition)).toEqual([{ kind: "riskScore", low: 5, high: 10 }]);
    expect(read?.anyOf?.map((alternative) => alternative.map((term) => term.condition))).toEqual([
      [{ kind: "cluster", category: "mixer" }],
      [
        { kind: "riskScore", low: 9, high: 10 },
        { kind: "cluster", category: "gambling" },
      ],
    ]);
    // No anyOf member at all, or one left undefined by a library caller: no alternatives to meet.
    expect(readWhenTerms({ riskScore: { gte: 5 }, anyOf: undefined }, A)).toEqual({ all: [{ condition: { kind: "riskScore", low: 5, high: 10 }, written: { gte: 5 } }] });
    expect(readWhenTerms({ riskScore: { gte: 5 } }, A)).toEqual({ all: [{ condition: { kind: "riskScore", low: 5, high: 10 }, written: { gte: 5 } }] });
  });
});

describe("readWhenTerms: anything else is unreadable", () => {
  it.each([
    ["the other vendor's signal", A, { riskLevel: { atLeast: "high" } }],
    ["the other vendor's signal", A, { indicator: { category: "x", riskType: "ownership", minVolumeUsd: 1 } }],
    ["the other vendor's signal", A, { entity: { category: "exchange" } }],
    ["the other vendor's signal", B, { riskScore: { gte: 7 } }],
    ["the other vendor's signal", B, { exposure: { category: "mixer", direction: "any", minPercent: 5 } }],
    ["the other vendor's signal", B, { cluster: { category: "gambling" } }],
    ["a key of no vendor", A, { score: { gte: 7 } }],
    ["not a map", A, "riskScore >= 7"],
    ["not a map", A, [{ riskScore: { gte: 7 } }]],
    ["a condition that is not a map", A, { riskScore: 7 }],
    ["riskScore without bounds", A, { riskScore: {} }],
    ["riskScore with another member", A, { riskScore: { gte: 7, gt: 8 } }],
    ["riskScore above 10", A, { riskScore: { gte: 11 } }],
    ["riskScore below 0", A, { riskScore: { lte: -1 } }],
    ["riskScore not a number", A, { riskScore: { gte: "7" } }],
    ["riskScore not finite", A, { riskScore: { gte: Number.NaN } }],
    ["riskLevel not a level", B, { riskLevel: { atLeast: "extreme" } }],
    ["riskLevel with another member", B, { riskLevel: { atLeast: "high", atMost: "severe" } }],
    ["exposure without a member", A, { exposure: { category: "mixer", direction: "any" } }],
    ["exposure with a fourth member", A, { exposure: { category: "mixer", direction: "any", minPercent: 5, maxPercent: 9 } }],
    ["exposure's category not a string", A, { exposure: { category: 7, direction: "any", minPercent: 5 } }],
    ["exposure above 100 percent", A, { exposure: { category: "mixer", direction: "any", minPercent: 101 } }],
    ["exposure's direction unknown", A, { exposure: { category: "mixer", direction: "both", minPercent: 5 } }],
    ["indicator without a member", B, { indicator: { category: "x", riskType: "ownership" } }],
    ["indicator with a fourth member", B, { indicator: { category: "x", riskType: "ownership", minVolumeUsd: 1, maxVolumeUsd: 2 } }],
    ["indicator's category not a string", B, { indicator: { category: null, riskType: "ownership", minVolumeUsd: 1 } }],
    ["indicator of an infinite volume", B, { indicator: { category: "x", riskType: "ownership", minVolumeUsd: Number.POSITIVE_INFINITY } }],
    ["indicator below 0 USD", B, { indicator: { category: "x", riskType: "ownership", minVolumeUsd: -1 } }],
    ["indicator's risk type unknown", B, { indicator: { category: "x", riskType: "friendship", minVolumeUsd: 1 } }],
    ["cluster with another member", A, { cluster: { category: "gambling", name: "x" } }],
    ["cluster's category not a string", A, { cluster: { category: ["gambling"] } }],
    ["entity without a category", B, { entity: {} }],
    ["anyOf empty", A, { anyOf: [] }],
    ["anyOf not a list", A, { anyOf: { riskScore: { gte: 7 } } }],
    ["anyOf with an unreadable alternative", A, { anyOf: [{ riskScore: { gte: 7 } }, { riskScore: { gte: 70 } }] }],
    ["anyOf inside anyOf", A, { anyOf: [{ anyOf: [{ riskScore: { gte: 7 } }] }] }],
  ] as const)("%s: %j", (_, vendor, when) => {
    expect(readWhenTerms(when, vendor)).toBeUndefined();
  });

  it("a policy with a rule whose when is unreadable is refused, never decided on half of it", () => {
    const subject: DecisionSubject = {
      providerType: A,
      scope: "SIGN_IN",
      policy: {
        providerType: A,
        scope: "SIGN_IN",
        schemaVersion: 2,
        enabled: true,
        rules: {
          preScreen: {},
          postScreen: [
            { id: "half-read", when: { riskScore: { gte: 7 }, riskLevel: { atLeast: "high" } } as never, action: "BLOCK" },
            { id: "alert-high", when: { riskScore: { gte: 7 } }, action: "ALERT" },
          ],
        },
      },
    };
    expect(() => decide(subject, { chain: "EVM", address: "0x00000000000000000000000000000000000000ff", signals: { riskScore: 8 } }, { now: 0 })).toThrow(
      "rule half-read of the vendorAWalletScreening SIGN_IN policy is not valid; lint it first",
    );
  });
});

describe("the value an exposure or indicator condition compares is the largest of its category", () => {
  it("indicators: the largest volume of the category and risk type, wherever it is in the list", () => {
    const when = readWhenTerms({ indicator: { category: "darknet", riskType: "counterparty", minVolumeUsd: 1000 } }, B)!;
    const indicator = (volumeUsd: number, riskType = "counterparty", category = "darknet") => ({ category, riskType, volumeUsd });
    const signals = (...indicators: ReturnType<typeof indicator>[]) => ({ indicators }) as never;
    expect(whenHolds(when, signals(indicator(500), indicator(2000), indicator(100)))).toBe(true);
    expect(whenHolds(when, signals(indicator(2000), indicator(500)))).toBe(true);
    expect(whenHolds(when, signals(indicator(500), indicator(2000, "ownership"), indicator(5000, "counterparty", "mixer")))).toBe(false);
    expect(whenHolds(when, signals())).toBe(false);
  });

  it("exposures: the largest percent of the category in the direction, wherever it is in the list", () => {
    const when = readWhenTerms({ exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, A)!;
    const exposure = (percent: number, direction = "direct", category = "mixer") => ({ category, direction, percent });
    const signals = (...exposures: ReturnType<typeof exposure>[]) => ({ exposures }) as never;
    expect(whenHolds(when, signals(exposure(5), exposure(20), exposure(1)))).toBe(true);
    expect(whenHolds(when, signals(exposure(5), exposure(20, "indirect"), exposure(30, "direct", "gambling")))).toBe(false);
  });
});
