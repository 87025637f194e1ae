/**
 * Pairs of versions of one policy as a pull request makes them: unrelated, or a
 * policy and one edit of it (rules swapped or dropped, enabled toggled, preScreen
 * or address entries replaced, the policy removed, nothing changed). Shared by
 * the weakening check's soundness and completeness tests.
 */
import fc from "fast-check";
import type { DecisionSubject, PolicyDocument } from "../../src/core/semantics/index.js";
import type { Scope, Vendor } from "../../src/core/vendors.js";
import { addressEntries, policy } from "./screening-arbitraries.js";

type Mutation = "independent" | "swap" | "drop" | "toggle" | "preScreen" | "entries" | "none" | "absent";

export function versions(): fc.Arbitrary<{ vendor: Vendor; scope: Scope; base: DecisionSubject; head: DecisionSubject }> {
  return fc
    .tuple(fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening") as fc.Arbitrary<Vendor>, fc.constantFrom("SIGN_IN", "TRANSACTION") as fc.Arbitrary<Scope>)
    .chain(([vendor, scope]) =>
      fc
        .record({
          base: policy(vendor, scope),
          other: policy(vendor, scope),
          baseEntries: addressEntries(),
          otherEntries: addressEntries(),
          mutation: fc.constantFrom<Mutation>("independent", "swap", "drop", "toggle", "preScreen", "entries", "none", "absent"),
          at: fc.nat(),
        })
        .map(({ base, other, baseEntries, otherEntries, mutation, at }) => {
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

