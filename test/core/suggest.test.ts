import { describe, expect, it } from "vitest";
import { closest, editDistance } from "../../src/core/suggest.js";

describe("did you mean", () => {
  it("counts a swap of two adjacent letters as one edit", () => {
    expect(editDistance("wehn", "when")).toBe(1);
    expect(editDistance("riskscroe", "riskscore")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("suggests within a small distance only", () => {
    expect(closest("wehn", ["id", "description", "when", "action"])).toBe("when");
    expect(closest("BLOK", ["BLOCK", "ALERT", "ALLOW"])).toBe("BLOCK");
    expect(closest("zzzz", ["BLOCK", "ALERT", "ALLOW"])).toBeUndefined();
  });
});
