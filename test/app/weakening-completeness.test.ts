/**
 * The two exact engines of the weakening check agree (style.md habit 12):
 * for generated pairs of versions, the z3 prover (compareWithSolver: z3
 * alone, whatever the size) and the interval partition (comparePartition,
 * every representative screening decided by decide()) give the same verdict
 * and the same set of transitions. Either engine missing a transition, or
 * inventing one, fails here.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../src/app/solver.js";
import { compareWithSolver } from "../../src/app/weakening.js";
import { comparePartition } from "../../src/core/semantics/weakening/partition.js";
import type { SubjectComparison } from "../../src/core/semantics/weakening/model.js";
import { NOW } from "../helpers/screening-arbitraries.js";
import { versions } from "../helpers/version-pairs.js";

afterAll(closeSolver);

const transitionsOf = (result: SubjectComparison) =>
  result.transitions.map(({ from, to }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`).sort();

describe("the z3 prover and the interval partition", () => {
  it("agree on the verdict and every transition of generated version pairs", { timeout: 120_000 }, async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(versions(), async ({ base, head }) => {
        const partition = comparePartition(base, head, { now: NOW });
        // The partition's bound says it could not decide: nothing to compare against (never counted).
        fc.pre(partition.verdict !== "unknown");
        const proved = await compareWithSolver(base, head, { now: NOW });
        expect(proved.verdict).not.toBe("unknown");
        expect({ verdict: proved.verdict, transitions: transitionsOf(proved) }).toEqual({ verdict: partition.verdict, transitions: transitionsOf(partition) });
        compared++;
      }),
      { numRuns: 120 },
    );
    // A guard against a vacuous pass: most pairs are within the partition's bound.
    expect(compared).toBeGreaterThan(60);
  });
});
