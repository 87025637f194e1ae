/**
 * The class strictly between an upper and a lower bound (`lte: 6`, `gte: 7`:
 * 6 < x < 7 meets neither) through the weakening check as plan, push and
 * compare run it (compareSubjects) and through z3 alone: a pair that differs
 * only there is never `equivalent`, and its example is inside the gap.
 */
import { afterAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../src/app/solver.js";
import { compareSubjects, compareWithSolver } from "../../src/app/weakening.js";
import { decide, type DecisionSubject, type RuleDocument } from "../../src/core/semantics/index.js";
import type { SubjectComparison } from "../../src/core/semantics/weakening/model.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
afterAll(closeSolver);

const subject = (postScreen: RuleDocument[]): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "SIGN_IN",
  policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen } },
});
const split = subject([
  { id: "alert-low-score", when: { riskScore: { lte: 6 } }, action: "ALERT" },
  { id: "alert-high-score", when: { riskScore: { gte: 7 } }, action: "ALERT" },
]);
const every = subject([{ id: "alert-any-score", when: { riskScore: { gte: 0 } }, action: "ALERT" }]);

const ENGINES = { "the shipped check (compareSubjects)": compareSubjects, "z3 alone (compareWithSolver)": compareWithSolver };

function summary(base: DecisionSubject, head: DecisionSubject, result: SubjectComparison) {
  for (const { from, to, example } of result.transitions) {
    expect(decide(base, example, { now: NOW })).toEqual(from);
    expect(decide(head, example, { now: NOW })).toEqual(to);
  }
  return { verdict: result.verdict, transitions: result.transitions.map(({ from, to, example }) => ({ from: `${from.action} (${from.by})`, to: `${to.action} (${to.by})`, signals: example.signals })) };
}

describe.each(Object.entries(ENGINES))("%s: the gap between lte 6 and gte 7", (_name, compare) => {
  it("[ALERT lte 6, ALERT gte 7] -> [ALERT gte 0] is stricter, 6.5 going ALLOW -> ALERT", async () => {
    expect(summary(split, every, await compare(split, every, { now: NOW }))).toEqual({
      verdict: "stricter",
      transitions: [{ from: "ALLOW (terminal-allow)", to: "ALERT (alert-any-score)", signals: { riskScore: 6.5 } }],
    });
  });

  it("the mirror, [ALERT gte 0] -> [ALERT lte 6, ALERT gte 7], is weaker, 6.5 going ALERT -> ALLOW", async () => {
    expect(summary(every, split, await compare(every, split, { now: NOW }))).toEqual({
      verdict: "weaker",
      transitions: [{ from: "ALERT (alert-any-score)", to: "ALLOW (terminal-allow)", signals: { riskScore: 6.5 } }],
    });
  });
});
