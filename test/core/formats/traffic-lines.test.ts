/**
 * The words of recorded screenings under a weakening (core/formats/weakening-causes.ts):
 * the `affects` line under a cause or, without causes, under each transition,
 * and the totals line with its shares and skipped lines.
 */
import { describe, expect, it } from "vitest";
import { trafficLine, weakeningLinesOf } from "../../../src/core/formats/weakening-causes.js";
import type { SubjectComparison, TrafficTotals } from "../../../src/core/semantics/weakening/model.js";

const TARGET = "live/vendorAWalletScreening/TRANSACTION";

function totals(overrides: Partial<TrafficTotals>): TrafficTotals {
  return { file: "day.jsonl.gz", screenings: 269_853, skipped: 0, changed: 0, transitions: [], ...overrides };
}

describe("recorded screenings in words", () => {
  it("says under each transition how many it affects where the causes were not computed", () => {
    const comparison: SubjectComparison = {
      verdict: "weaker",
      transitions: [{ from: { action: "BLOCK", by: "block-x" }, to: { action: "ALERT", by: "alert-y" }, example: { scope: "TRANSACTION", chain: "EVM", address: "0x1" }, recorded: 942 }],
      regionsReason: "the regions need more than 10 boxes (the bound)",
      traffic: totals({ changed: 942, transitions: [{ from: "BLOCK", to: "ALERT", count: 942 }] }),
    };
    const lines = weakeningLinesOf(TARGET, comparison);
    expect(lines[1]).toBe("  affects 942 of 269,853 recorded screenings (0.35%)");
    expect(lines.at(-1)).toBe(`${TARGET}: causes and regions not computed: the regions need more than 10 boxes (the bound)`);
  });

  it("gives the totals as replay counts them: a share too small for two decimals is <0.01%, one skipped line is one line", () => {
    const line = trafficLine(TARGET, totals({ skipped: 1, changed: 12, transitions: [{ from: "ALLOW", to: "ALERT", count: 9 }, { from: "BLOCK", to: "ALLOW", count: 2 }, { from: "ALERT", to: "ALERT", count: 1 }], firstSkipped: { line: 7, error: "not valid JSON" } }));
    expect(line).toBe(
      `${TARGET}: 2 of 269,853 recorded screenings in day.jsonl.gz decided less strictly (<0.01%), 9 more strictly, 1 by another rule or step with the same action; 1 line skipped (line 7: not valid JSON)`,
    );
    expect(trafficLine(TARGET, totals({ screenings: 0 }))).toBe(`${TARGET}: 0 of 0 recorded screenings in day.jsonl.gz decided less strictly, 0 more strictly, 0 by another rule or step with the same action; 0 lines skipped`);
  });
});
