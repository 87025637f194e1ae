/**
 * The weakening check against the decision procedure (issue 13, Correctness;
 * style.md habit 12): for generated pairs of versions (both vendors, v1 and
 * v2, preScreen, address entries, enabled, absent policies), random
 * screenings run through decide() on both. Every screening whose action
 * changes must be one of the solver's listed transitions, so that a
 * weakening found by sampling is never missing from the verdict; and every
 * example the solver gives reproduces through decide().
 *
 * z3 starts once for the file. numRuns is kept so the file runs in seconds;
 * the exhaustive completeness oracle is a separate engine (partition).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver, compareSubjects, isWeakening } from "../../src/app/weakening.js";
import { decide, STRICTNESS } from "../../src/core/semantics/index.js";
import { NOW, screening } from "../helpers/screening-arbitraries.js";
import { versions } from "../helpers/version-pairs.js";

afterAll(closeSolver);

describe("the weakening check against decide()", () => {
  it("lists every change of action that random screenings find, and every example reproduces", { timeout: 120_000 }, async () => {
    const pairsWithScreenings = versions().chain((pair) => fc.record({ pair: fc.constant(pair), screenings: fc.array(screening(pair.vendor, pair.scope), { minLength: 300, maxLength: 300 }) }));
    const verdicts = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(pairsWithScreenings, async ({ pair: { base, head }, screenings }) => {
        const started = performance.now();
        const result = await compareSubjects(base, head, { now: NOW });
        if (process.env.WEAKENING_LOG) console.log(result.verdict, result.transitions.length, Math.round(performance.now() - started), "ms");
        verdicts.set(result.verdict, (verdicts.get(result.verdict) ?? 0) + 1);
        expect(result.verdict).not.toBe("unknown");
        const listed = new Set(result.transitions.map((t) => `${t.from.action}/${t.from.by} -> ${t.to.action}/${t.to.by}`));
        for (const transition of result.transitions) {
          const { scope: _scope, ...example } = transition.example;
          expect(decide(base, example, { now: NOW })).toEqual(transition.from);
          expect(decide(head, example, { now: NOW })).toEqual(transition.to);
        }
        for (const drawn of screenings) {
          const before = decide(base, drawn, { now: NOW });
          const after = decide(head, drawn, { now: NOW });
          if (before.action === after.action) continue;
          const key = `${before.action}/${before.by} -> ${after.action}/${after.by}`;
          expect(listed, `the sampled screening ${JSON.stringify(drawn)} gives ${key}, which the solver did not list`).toContain(key);
          if (STRICTNESS[after.action] < STRICTNESS[before.action] && head.policy !== undefined) {
            expect(["weaker", "mixed", "added"]).toContain(result.verdict);
          }
        }
        if (result.verdict === "equivalent") expect(result.transitions).toEqual([]);
        if (result.verdict === "weaker") expect(result.transitions.every(isWeakening)).toBe(true);
        if (result.verdict === "stricter") expect(result.transitions.some(isWeakening)).toBe(false);
      }),
      { numRuns: Number(process.env.WEAKENING_RUNS ?? 150), endOnFailure: true },
    );
    // The generators must reach every verdict the check can give, or the property proves little.
    expect([...verdicts.keys()].sort()).toEqual(expect.arrayContaining(["equivalent", "mixed", "removed", "stricter", "weaker"]));
  });
});
