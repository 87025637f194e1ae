/**
 * What every reachability answer must hold, checked through the one decision
 * procedure: a reachable rule's example is decided by that rule; a taker's
 * example is matched by the rule (its `when` holds) and decided by the taker.
 */
import { expect } from "vitest";
import { decide, readWhenTerms, whenHolds, type DecisionSubject } from "../../src/core/semantics/index.js";
import type { SubjectReachability } from "../../src/core/semantics/weakening/model.js";
import { NOW } from "./screening-arbitraries.js";

export function expectExamplesReproduce(of: DecisionSubject, result: SubjectReachability): void {
  const postScreen = of.policy?.rules.postScreen ?? [];
  for (const rule of result.rules) {
    if (rule.status === "reachable") expect(decide(of, rule.example, { now: NOW })).toEqual({ action: rule.action, by: rule.id });
    if (rule.status !== "unreachable") continue;
    const when = readWhenTerms(postScreen[rule.index]!.when, of.providerType)!;
    for (const taker of rule.takers) {
      expect(decide(of, taker.example, { now: NOW })).toEqual({ action: taker.action, by: taker.by });
      expect(whenHolds(when, taker.example.signals)).toBe(true);
    }
  }
}

/** The answers without their examples, which the engines pick differently. */
export function reachabilitySummary(result: SubjectReachability) {
  return result.rules.map((rule) =>
    rule.status === "unreachable"
      ? { id: rule.id, status: rule.status, takers: rule.takers.map((taker) => `${taker.action} (${taker.by})`), lessStrict: rule.lessStrict, ...(rule.afterCatchAll === undefined ? {} : { afterCatchAll: rule.afterCatchAll }) }
      : { id: rule.id, status: rule.status },
  );
}
