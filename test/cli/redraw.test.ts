import { describe, expect, it } from "vitest";
import { findingCounts, reportStart } from "../../src/cli/redraw.js";

describe("watch reports", () => {
  it("redraw the screen on a terminal; with --no-clear they are appended after a blank line; in a pipe nothing is cleared", () => {
    expect(reportStart(true, true, true)).toBe("\u001b[2J\u001b[3J\u001b[H");
    expect(reportStart(true, true, false)).toBe("\u001b[2J\u001b[3J\u001b[H");
    expect(reportStart(true, false, true)).toBe("");
    expect(reportStart(true, false, false)).toBe("\n");
    expect(reportStart(false, true, false)).toBe("");
  });

  it("count in English: one error, two warnings, one file", () => {
    expect(findingCounts(1, 2, 1)).toBe("1 error, 2 warnings in 1 file");
    expect(findingCounts(0, 1, 17)).toBe("0 errors, 1 warning in 17 files");
  });
});
