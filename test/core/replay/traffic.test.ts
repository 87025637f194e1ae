/**
 * The count of recorded screenings per cause (core/replay/traffic.ts): a
 * screening whose action changed goes to the cause whose region holds it,
 * and nowhere else; the totals are replay's tally.
 */
import { describe, expect, it } from "vitest";
import { createTrafficTally } from "../../../src/core/replay/traffic.js";
import type { Decision } from "../../../src/core/semantics/decision.js";
import type { Screening } from "../../../src/core/semantics/signals.js";
import type { SubjectComparison, Transition } from "../../../src/core/semantics/weakening/model.js";

const PAIR = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" } as const;
const BLOCKED: Decision = { action: "BLOCK", by: "block-severe-risk-score" };
const ALERTED: Decision = { action: "ALERT", by: "alert-everything-else" };
const example: Screening = { chain: "EVM", address: "0x1", signals: { riskScore: 8.7 } };

function screening(riskScore: number, amountUsd?: number): Screening {
  return { chain: "EVM", address: "0x1", ...(amountUsd === undefined ? {} : { transfer: { amountUsd } }), signals: { riskScore } };
}

/** One transition, explained by two causes: scores in [8.5, 9), and amounts below 1000 (the rest of it). */
function comparison(): SubjectComparison {
  const transition: Transition = { from: BLOCKED, to: ALERTED, example: { scope: "TRANSACTION", ...example } };
  const part = (regions: Transition["regions"]): Transition => ({ ...transition, regions });
  return {
    verdict: "weaker",
    transitions: [transition],
    causes: [
      { edits: [{ kind: "rule-modified", rule: "block-severe-risk-score" }], headline: "threshold raised", transitions: [part([[{ on: "riskScore", ranges: [{ min: 8.5, minIncluded: true, max: 9, maxIncluded: false }] }]])] },
      { edits: [{ kind: "pre-screen", field: "minAmountUsd" }], headline: "minimum raised", transitions: [part([[{ on: "riskScore", ranges: [{ min: 9, minIncluded: true }] }, { on: "amountUsd", ranges: [{ min: 0, minIncluded: true, max: 1000, maxIncluded: false }] }]])] },
    ],
  };
}

describe("createTrafficTally", () => {
  it("counts each changed screening under the cause whose region holds it, and the totals as replay does", () => {
    const tally = createTrafficTally(comparison(), PAIR, "day.jsonl");
    tally.decided(1, BLOCKED, ALERTED, screening(8.7, 5000));
    tally.decided(2, BLOCKED, ALERTED, screening(9.5, 500));
    tally.decided(3, BLOCKED, ALERTED, screening(8.5, 500));
    tally.decided(4, BLOCKED, BLOCKED, screening(9.5, 5000));
    tally.decided(5, ALERTED, { action: "ALERT", by: "alert-other" }, screening(3));
    tally.bad(6, "not valid JSON");
    const result = tally.result();
    expect(result.causes!.map((cause) => cause.transitions.map((transition) => transition.recorded))).toEqual([[2], [1]]);
    expect(result.transitions.map((transition) => transition.recorded)).toEqual([3]);
    expect(result.traffic).toEqual({
      file: "day.jsonl",
      screenings: 5,
      skipped: 1,
      changed: 4,
      transitions: [
        { from: "BLOCK", to: "ALERT", count: 3 },
        { from: "ALERT", to: "ALERT", count: 1 },
      ],
      firstSkipped: { line: 6, error: "not valid JSON" },
    });
  });

  it("refuses, as a bug of the check, a changed screening no region of its transition holds, or a transition the comparison does not list", () => {
    const outside = createTrafficTally(comparison(), PAIR, "day.jsonl");
    expect(() => outside.decided(7, BLOCKED, ALERTED, screening(9.5, 5000))).toThrow(
      "internal error: the weakening check's region for sandbox vendorAWalletScreening TRANSACTION does not agree with its transitions (the recorded screening of day.jsonl line 7 is decided BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else), and lies in no region of a cause of that transition); nothing was reported; please report it",
    );
    const unlisted = createTrafficTally(comparison(), PAIR, "day.jsonl");
    expect(() => unlisted.decided(8, ALERTED, { action: "ALLOW", by: "terminal-allow" }, screening(1))).toThrow("which the comparison lists no transition for");
  });

  it("counts only the totals of a comparison not decided in time, which lists no transitions", () => {
    const tally = createTrafficTally({ verdict: "unknown", transitions: [], reason: "the time ran out" }, PAIR, "day.jsonl");
    tally.decided(1, BLOCKED, ALERTED, screening(8.7));
    const result = tally.result();
    expect(result.transitions).toEqual([]);
    expect(result.causes).toBeUndefined();
    expect(result.traffic!.transitions).toEqual([{ from: "BLOCK", to: "ALERT", count: 1 }]);
  });
});
