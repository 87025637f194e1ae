/**
 * The z3 encoding's own figures (encode.ts), in process with z3: the
 * disjunction and conjunction of more terms than one z3 call takes, folded
 * into groups, mean what one call would; and the screening a model
 * describes holds exactly what the model says is present (no empty
 * transfer, no empty list, no key without a value). The encoding's meaning
 * is held against the interval partition by the weakening and reachability
 * tests of test/app/ and by the decision corpus.
 */
import type { Bool } from "z3-solver";
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver, newSolver, runWithSolver } from "../../../../src/app/solver.js";
import { RISK_TYPES, type DecisionSubject, type RuleDocument } from "../../../../src/core/semantics/index.js";
import { allOf, anyOf, declareSpace, encodeSubjects, screeningOfModel } from "../../../../src/core/semantics/weakening/encode.js";
import { exposureKey, indicatorKey, screeningSpace } from "../../../../src/core/semantics/weakening/space.js";
import { CATEGORIES } from "../../../../src/core/vendors.js";

afterAll(closeSolver);
const NOW = Date.parse("2026-11-23T12:00:00Z");

describe("anyOf and allOf beyond one call's arguments", () => {
  it("2,500 terms, folded into groups of 1,000, mean their plain Or and And", { timeout: 60_000 }, async () => {
    await runWithSolver(async (z3) => {
      const terms = Array.from({ length: 2_500 }, (_, index) => z3.Bool.const(`t${index}`)) as Bool<"main">[];
      for (const [folded, plain] of [
        [anyOf(z3, terms), z3.Or(...terms)],
        [allOf(z3, terms), z3.And(...terms)],
      ] as const) {
        const solver = newSolver(z3);
        solver.add(z3.Not(folded.eq(plain)));
        expect(await solver.check()).toBe("unsat");
      }
      // And each can be made true and false: neither folded to a constant.
      for (const folded of [anyOf(z3, terms), allOf(z3, terms)]) {
        for (const wanted of [true, false]) {
          const solver = newSolver(z3);
          solver.add(wanted ? folded : z3.Not(folded));
          expect(await solver.check()).toBe("sat");
        }
      }
    });
  });
});

describe("anyOf and allOf where one call would overflow the stack", () => {
  it("200,000 terms: a plain Or throws, the folded ones do not", { timeout: 60_000 }, async () => {
    await runWithSolver(async (z3) => {
      const terms = Array.from({ length: 200_000 }, (_, index) => z3.Bool.const(`u${index}`)) as Bool<"main">[];
      expect(() => z3.Or(...terms)).toThrow(RangeError);
      expect(() => [anyOf(z3, terms), allOf(z3, terms)]).not.toThrow();
    });
  });
});

describe("declareSpace", () => {
  const vendorA = (postScreen: RuleDocument[]): DecisionSubject => ({
    providerType: "vendorAWalletScreening",
    scope: "SIGN_IN",
    policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen } },
    addressEntries: [],
  });

  it("a number lies above its last cut only where that cut is below the range's top: never above a score of 10, above an exposure of 10", { timeout: 60_000 }, async () => {
    const subject = vendorA([
      { id: "block-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" },
      { id: "alert-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, action: "ALERT" },
    ]);
    await runWithSolver(async (z3) => {
      const { variables, constraints } = declareSpace(z3, screeningSpace([subject]));
      const mixer = variables.exposures.get(exposureKey("mixer", "direct"))!;
      // The score's cuts are 7 and 10 (a gte's upper end is the scale's top); the exposure's only 10, below 100.
      expect([variables.riskScore.cuts, mixer.cuts]).toEqual([[7, 10], [10]]);
      const above = async (numeric: typeof mixer) => {
        const solver = newSolver(z3);
        solver.add(...constraints, numeric.present, numeric.atLeast[numeric.atLeast.length - 1]!);
        return solver.check();
      };
      expect(await above(variables.riskScore)).toBe("unsat");
      expect(await above(mixer)).toBe("sat");
    });
  });

  it("a category every one of whose values a condition names has no 'any other' value", { timeout: 60_000 }, async () => {
    const everyCategory = CATEGORIES.vendorAWalletScreening.map((category, index): RuleDocument => ({ id: `alert-${index}`, when: { cluster: { category } }, action: "ALERT" }));
    await runWithSolver(async (z3) => {
      const every = declareSpace(z3, screeningSpace([vendorA(everyCategory)])).variables.cluster.value;
      const some = declareSpace(z3, screeningSpace([vendorA(everyCategory.slice(1))])).variables.cluster.value;
      expect([every.length, some.length]).toEqual([CATEGORIES.vendorAWalletScreening.length, CATEGORIES.vendorAWalletScreening.length]);
    });
  });
});

describe("screeningOfModel", () => {
  const TRANSACTION = (providerType: DecisionSubject["providerType"], postScreen: RuleDocument[]): DecisionSubject => ({
    providerType,
    scope: "TRANSACTION",
    policy: { providerType, scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen: { minAmountUsd: 100 }, postScreen } },
    addressEntries: [],
  });

  it("holds only what the model says is present: an absent exposure, amount and token leave no key, no empty list, no empty transfer", { timeout: 60_000 }, async () => {
    const subject = TRANSACTION("vendorAWalletScreening", [
      { id: "block-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" },
      { id: "alert-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, action: "ALERT" },
    ]);
    await runWithSolver(async (z3) => {
      const { space, variables, constraints } = encodeSubjects(z3, [subject], NOW);
      const screeningWhere = async (...wanted: Bool<"main">[]) => {
        const solver = newSolver(z3);
        solver.add(...constraints, ...wanted);
        expect(await solver.check()).toBe("sat");
        return screeningOfModel(z3, solver.model(), space, variables);
      };
      const mixer = variables.exposures.get(exposureKey("mixer", "direct"))!;
      const tokenIndex = space.tokens.length; // native
      const bare = await screeningWhere(z3.Not(variables.amount!.present), variables.token![tokenIndex]!, z3.Not(mixer.present), z3.Not(variables.riskScore.present), z3.Not(variables.cluster.present));
      expect(Object.keys(bare).sort()).toEqual(["address", "chain", "scope"]);
      const scored = await screeningWhere(variables.amount!.present, variables.amount!.atLeast[0]!, variables.token![tokenIndex]!, z3.Not(mixer.present), variables.riskScore.present, z3.Not(variables.cluster.present));
      expect(scored.transfer).toStrictEqual({ amountUsd: expect.any(Number) });
      expect(Object.keys(scored.signals!)).toEqual(["riskScore"]);
      // The token after native is "any other": a token no version lists.
      const other = await screeningWhere(z3.Not(variables.amount!.present), variables.token![tokenIndex + 1]!, z3.Not(mixer.present), z3.Not(variables.riskScore.present), z3.Not(variables.cluster.present));
      expect(Object.keys(other.transfer!)).toEqual(["token"]);
      expect(other.transfer!.token).toMatchObject({ chain: expect.any(String) });
    });
  });

  it("a vendor B screening: an absent indicator leaves no list, a present one is listed", { timeout: 60_000 }, async () => {
    const [riskType] = RISK_TYPES;
    const subject = TRANSACTION("vendorBAddressScreening", [{ id: "alert-theft", when: { indicator: { category: "theft", riskType: riskType!, minVolumeUsd: 1000 } }, action: "ALERT" }]);
    await runWithSolver(async (z3) => {
      const { space, variables, constraints } = encodeSubjects(z3, [subject], NOW);
      const theft = variables.indicators.get(indicatorKey("theft", riskType!))!;
      for (const present of [false, true]) {
        const solver = newSolver(z3);
        solver.add(...constraints, present ? theft.present : z3.Not(theft.present), z3.Not(variables.riskLevel.present), z3.Not(variables.entity.present));
        expect(await solver.check()).toBe("sat");
        const screening = screeningOfModel(z3, solver.model(), space, variables);
        expect(screening.signals?.indicators?.map((indicator) => indicator.category)).toEqual(present ? ["theft"] : undefined);
        if (!present) expect(screening).not.toHaveProperty("signals");
      }
    });
  });
});
