/**
 * The weakening check against the decision procedure (style.md habit 12):
 * for generated pairs of versions (both vendors, v1 and v2, preScreen,
 * address entries, enabled, absent policies), 10,000 random screenings per
 * pair run through decide() on both. Every screening whose action changes
 * must be one of the check's listed transitions, so that a weakening found
 * by sampling is never missing from the verdict; and every example the check
 * gives reproduces through decide().
 *
 * 10,000 screenings per pair at fc.sample's ~0.1 ms each would take minutes
 * (docs/decisions.md, "Issue 13: weakening check speed"): each pair's
 * screenings come from pools drawn once by the same arbitraries, combined by
 * a generator seeded from the pair's case (screening-arbitraries.ts,
 * drawScreenings), about 1 µs each. The check runs as shipped
 * (compareSubjects, its pure-JS paths included) and through the z3 engine
 * alone (compareWithSolver), so that both answers are held to the
 * screenings. z3 starts once for the file.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../src/app/solver.js";
import { compareSubjects, compareWithSolver, isWeakening, type DecisionRef } from "../../src/app/weakening.js";
import { decide, STRICTNESS } from "../../src/core/semantics/index.js";
import { drawScreenings, NOW, screeningPools } from "../helpers/screening-arbitraries.js";
import { versions } from "../helpers/version-pairs.js";

afterAll(closeSolver);

/** Screenings per generated pair: every pair's versions both decide 10,000 random screenings. */
const SCREENINGS_PER_PAIR = 10_000;
/** Each part pool's length: 2,000 signal sets per vendor, addresses and transfers, drawn once (about 0.5 s). */
const POOL_SIZE = 2_000;

const key = (from: DecisionRef, to: DecisionRef) => `${from.action}/${from.by} -> ${to.action}/${to.by}`;

describe("the weakening check against decide()", () => {
  it("lists every change of action that 10,000 random screenings per pair find, and every example reproduces", { timeout: 300_000 }, async () => {
    const pools = screeningPools(POOL_SIZE);
    const verdicts = new Map<string, number>();
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(versions(), fc.integer(), async ({ vendor, scope, base, head }, seed) => {
        const shipped = await compareSubjects(base, head, { now: NOW });
        const proved = await compareWithSolver(base, head, { now: NOW });
        verdicts.set(shipped.verdict, (verdicts.get(shipped.verdict) ?? 0) + 1);
        const screenings = drawScreenings(pools, vendor, scope, SCREENINGS_PER_PAIR, seed);
        for (const result of [shipped, proved]) {
          expect(result.verdict).not.toBe("unknown");
          for (const transition of result.transitions) {
            const { scope: _scope, ...example } = transition.example;
            expect(decide(base, example, { now: NOW })).toEqual(transition.from);
            expect(decide(head, example, { now: NOW })).toEqual(transition.to);
          }
          if (result.verdict === "equivalent") expect(result.transitions).toEqual([]);
          if (result.verdict === "weaker") expect(result.transitions.every(isWeakening)).toBe(true);
          if (result.verdict === "stricter") expect(result.transitions.some(isWeakening)).toBe(false);
        }
        const listed = [shipped, proved].map((result) => new Set(result.transitions.map((transition) => key(transition.from, transition.to))));
        for (const drawn of screenings) {
          const before = decide(base, drawn, { now: NOW });
          const after = decide(head, drawn, { now: NOW });
          checked++;
          if (before.action === after.action) continue;
          const found = key(before, after);
          // expect() only on a miss: a million calls of it would be most of the file's time.
          for (const [engine, transitions] of listed.entries()) {
            if (!transitions.has(found)) expect(transitions, `the sampled screening ${JSON.stringify(drawn)} gives ${found}, which ${engine === 0 ? "compareSubjects" : "the z3 engine"} did not list`).toContain(found);
          }
          if (STRICTNESS[after.action] < STRICTNESS[before.action] && head.policy !== undefined && !["weaker", "mixed", "added"].includes(shipped.verdict)) {
            expect.fail(`the sampled screening ${JSON.stringify(drawn)} gets less strict (${found}), but the verdict is ${shipped.verdict}`);
          }
        }
      }),
      { numRuns: Number(process.env.WEAKENING_RUNS ?? 150), endOnFailure: true },
    );
    // The generators must reach every verdict the check can give, or the property proves little.
    expect([...verdicts.keys()].sort()).toEqual(expect.arrayContaining(["equivalent", "mixed", "removed", "stricter", "weaker"]));
    expect(checked).toBe(SCREENINGS_PER_PAIR * Number(process.env.WEAKENING_RUNS ?? 150));
  });
});
