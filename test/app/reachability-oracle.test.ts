/**
 * The two exact engines of reachability agree (docs/semantics.md,
 * "Reachability of rules"; style.md habit 12): for generated subjects of both
 * vendors and both rule languages, with preScreen gates, address entries and
 * disabled policies, the z3 prover (reachabilityWithSolver) and the interval
 * partition (reachabilityPartition, every representative screening decided by
 * decide()) give every rule the same status, the same takers, the same
 * lessStrict and afterCatchAll. Rules are drawn as valid policies hold them
 * and also as drawn (lint errors and all: catch-alls, shadowed rules, empty
 * ranges), so that unreachable rules are common.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { reachabilityWithSolver } from "../../src/app/reachability.js";
import { closeSolver } from "../../src/app/solver.js";
import type { DecisionSubject, PolicyDocument } from "../../src/core/semantics/index.js";
import type { SubjectReachability } from "../../src/core/semantics/weakening/model.js";
import { reachabilityPartition } from "../../src/core/semantics/weakening/partition.js";
import type { Scope, Vendor } from "../../src/core/vendors.js";
import { NOW, addressEntries, anyRules, policy } from "../helpers/screening-arbitraries.js";
import { expectExamplesReproduce, reachabilitySummary } from "../helpers/reachability.js";

afterAll(closeSolver);

function subjects(): fc.Arbitrary<DecisionSubject> {
  return fc
    .tuple(fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening") as fc.Arbitrary<Vendor>, fc.constantFrom("SIGN_IN", "TRANSACTION") as fc.Arbitrary<Scope>)
    .chain(([vendor, scope]) =>
      fc.record({
        providerType: fc.constant(vendor),
        scope: fc.constant(scope),
        policy: fc.oneof(
          policy(vendor, scope),
          policy(vendor, scope).chain((valid) => anyRules(vendor, valid.schemaVersion).map((postScreen): PolicyDocument => ({ ...valid, rules: { ...valid.rules, postScreen } }))),
        ),
        addressEntries: addressEntries(),
      }),
    );
}

describe("reachability: the z3 prover and the interval partition", () => {
  it("agree on every rule of generated subjects", { timeout: 180_000 }, async () => {
    let compared = 0;
    let unreachable = 0;
    let lessStrict = 0;
    await fc.assert(
      fc.asyncProperty(subjects(), async (subject) => {
        const partition = reachabilityPartition(subject, { now: NOW });
        // The partition's bound says it could not decide: nothing to compare against (never counted).
        fc.pre(partition.reason === undefined);
        const proved = await reachabilityWithSolver(subject, { now: NOW });
        expect(proved.reason).toBeUndefined();
        expect(reachabilitySummary(proved)).toEqual(reachabilitySummary(partition));
        expectExamplesReproduce(subject, proved);
        expectExamplesReproduce(subject, partition);
        compared++;
        unreachable += proved.rules.filter((rule) => rule.status === "unreachable").length;
        lessStrict += proved.rules.filter((rule) => rule.status === "unreachable" && rule.lessStrict).length;
      }),
      { numRuns: 150 },
    );
    // Guards against a vacuous pass: most subjects are within the partition's bound, and the interesting answers occur.
    expect(compared).toBeGreaterThan(100);
    expect(unreachable).toBeGreaterThan(20);
    expect(lessStrict).toBeGreaterThan(5);
  });
});
