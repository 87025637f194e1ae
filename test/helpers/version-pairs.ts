/**
 * Pairs of versions of one policy as a pull request makes them: unrelated, or a
 * policy and one edit of it (rules swapped or dropped, enabled toggled, preScreen
 * or address entries replaced, the policy removed, nothing changed, a gap
 * between two thresholds closed or opened). Shared by the weakening check's
 * soundness and completeness tests.
 */
import fc from "fast-check";
import type { DecisionSubject, PolicyDocument, RuleDocument } from "../../src/core/semantics/index.js";
import { RISK_TYPES } from "../../src/core/semantics/index.js";
import type { Scope, Vendor } from "../../src/core/vendors.js";
import { addressEntries, category, PERCENTS, policy, RISK_SCORES, VOLUMES } from "./screening-arbitraries.js";

const MUTATIONS = ["independent", "swap", "drop", "toggle", "preScreen", "entries", "none", "absent", "gap"] as const;
export type Mutation = (typeof MUTATIONS)[number];

/**
 * Rules on one signal around the gap between two of its thresholds a < b
 * (semantics.md section 5: every interval between thresholds is a class of
 * its own). `split` decides up to a and from b, leaving a < x < b to what
 * follows: for the score an upper bound `lte: a` and a lower bound `gte: b`
 * (two rules, or two alternatives of one `anyOf`); for an exposure's percent
 * and an indicator's volume, lower bounds only, `b` then `a` with different
 * actions. `across` decides inside the gap: a score range over it or a bound
 * at its middle, or the upper minimum moved to the gap's middle. Random
 * thresholds make such a pair seldom enough that a partition without the
 * class in the gap passed every property: these make it one pair in ten.
 * The thresholds come from the pools the screenings are drawn near, so that
 * sampled values (a hair above a, a hair below b) fall inside the gap.
 */
export function gapRules(vendor: Vendor): fc.Arbitrary<{ split: RuleDocument[]; across: RuleDocument[] }> {
  const action = fc.constantFrom("BLOCK", "ALERT", "ALLOW") as fc.Arbitrary<RuleDocument["action"]>;
  const strict = fc.constantFrom("BLOCK", "ALERT") as fc.Arbitrary<RuleDocument["action"]>;
  const gap = (pool: readonly number[]) => fc.uniqueArray(fc.constantFrom(...pool), { minLength: 2, maxLength: 2 }).map(([one, two]) => (one! < two! ? [one!, two!] : [two!, one!]) as const);
  const score = fc.record({ gap: gap(RISK_SCORES), low: action, high: action, inOneRule: fc.boolean(), across: strict, shape: fc.nat(4) }).map(({ gap: [a, b], low, high, inOneRule, across, shape }) => {
    const middle = (a + b) / 2;
    const split: RuleDocument[] = inOneRule
      ? [{ id: "gap-outside", when: { anyOf: [{ riskScore: { lte: a } }, { riskScore: { gte: b } }] }, action: low }]
      : [
          { id: "gap-below", when: { riskScore: { lte: a } }, action: low },
          { id: "gap-above", when: { riskScore: { gte: b } }, action: high },
        ];
    const spans = [{ gte: a }, { lte: b }, { gte: a, lte: b }, { gte: middle }, { lte: middle }];
    return { split, across: [{ id: "gap-across", when: { riskScore: spans[shape]! }, action: across }] };
  });
  const minimums = <Condition>(pool: readonly number[], condition: fc.Arbitrary<(minimum: number) => Condition>) =>
    fc.record({ gap: gap(pool), upper: strict, lower: strict, condition }).filter(({ upper, lower }) => upper !== lower).map(({ gap: [a, b], upper, lower, condition: at }) => ({
      split: [
        { id: "gap-upper", when: at(b), action: upper },
        { id: "gap-lower", when: at(a), action: lower },
      ] as RuleDocument[],
      across: [
        { id: "gap-upper", when: at((a + b) / 2), action: upper },
        { id: "gap-lower", when: at(a), action: lower },
      ] as RuleDocument[],
    }));
  if (vendor === "vendorAWalletScreening") {
    const exposure = fc
      .record({ category: category(vendor), direction: fc.constantFrom("direct", "indirect", "any") as fc.Arbitrary<"direct" | "indirect" | "any"> })
      .map(({ category: name, direction }) => (minPercent: number) => ({ exposure: { category: name, direction, minPercent } }));
    return fc.oneof(score, minimums(PERCENTS, exposure));
  }
  const indicator = fc
    .record({ category: category(vendor), riskType: fc.constantFrom(...RISK_TYPES) })
    .map(({ category: name, riskType }) => (minVolumeUsd: number) => ({ indicator: { category: name, riskType, minVolumeUsd } }));
  return minimums(VOLUMES, indicator);
}

/** Pairs made by one of `mutations` (default every one). */
export function versions(mutations: readonly Mutation[] = MUTATIONS): fc.Arbitrary<{ vendor: Vendor; scope: Scope; base: DecisionSubject; head: DecisionSubject }> {
  return fc
    .tuple(fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening") as fc.Arbitrary<Vendor>, fc.constantFrom("SIGN_IN", "TRANSACTION") as fc.Arbitrary<Scope>)
    .chain(([vendor, scope]) =>
      fc
        .record({
          base: policy(vendor, scope),
          other: policy(vendor, scope),
          baseEntries: addressEntries(),
          otherEntries: addressEntries(),
          // The gap one time in four or so: a pair in which the gap's class decides differently is rarer than the pairs
          // the other edits make, and the completeness property runs only about a hundred.
          mutation: mutations.includes("gap") ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom<Mutation>(...mutations) }, { weight: 1, arbitrary: fc.constant<Mutation>("gap") }) : fc.constantFrom<Mutation>(...mutations),
          at: fc.nat(),
          gap: gapRules(vendor),
          gapClosed: fc.boolean(),
        })
        .map(({ base: drawn, other, baseEntries, otherEntries, mutation, at, gap, gapClosed }) => {
          let base = drawn;
          const rules = base.rules.postScreen;
          const index = rules.length === 0 ? 0 : at % rules.length;
          let head: PolicyDocument | undefined = base;
          let headEntries = baseEntries;
          switch (mutation) {
            case "independent":
              head = other;
              headEntries = otherEntries;
              break;
            case "swap":
              if (rules.length > 1) {
                const next = (index + 1) % rules.length;
                const swapped = [...rules];
                [swapped[index], swapped[next]] = [swapped[next]!, swapped[index]!];
                head = { ...base, rules: { ...base.rules, postScreen: swapped } };
              }
              break;
            case "drop":
              head = { ...base, rules: { ...base.rules, postScreen: rules.filter((_, position) => position !== index) } };
              break;
            case "toggle":
              head = { ...base, enabled: !base.enabled };
              break;
            case "preScreen":
              head = { ...base, rules: { ...base.rules, preScreen: other.rules.preScreen } };
              break;
            case "entries":
              headEntries = otherEntries;
              break;
            case "absent":
              head = undefined;
              break;
            case "none":
              break;
            case "gap": {
              // Above the drawn rules, so that they decide; `anyOf` needs schemaVersion 2.
              const withRules = (first: RuleDocument[]): PolicyDocument => ({ ...drawn, schemaVersion: 2, rules: { ...drawn.rules, postScreen: [...first, ...rules] } });
              [base, head] = gapClosed ? [withRules(gap.split), withRules(gap.across)] : [withRules(gap.across), withRules(gap.split)];
              break;
            }
          }
          return {
            vendor,
            scope,
            base: { providerType: vendor, scope, policy: base, addressEntries: baseEntries },
            head: { providerType: vendor, scope, policy: head, addressEntries: headEntries },
          };
        }),
    );
}

