/**
 * fmt's last guard (format-file.ts): a comment the placement would lose makes
 * the file refused, never written without it. No file reaches it today, since
 * placeComments gives every comment a place; so the placement is made to
 * lose one here, and the guard is what stands between that and the disk
 * (docs/decisions.md, "Issue 14: fmt").
 */
import { describe, expect, it, vi } from "vitest";
import { formatBytes } from "../../src/core/fmt/format-file.js";

// Hoisted by vitest above the imports, so format-file.ts gets this placement.
vi.mock("../../src/core/fmt/comment-places.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/core/fmt/comment-places.js")>();
  return {
    ...original,
    // The real placement, less the comment that says it is to be lost.
    placeComments: (...args: Parameters<typeof original.placeComments>) => original.placeComments(...args).replace(" # lost by the placement", ""),
  };
});

describe("fmt with a placement that loses a comment", () => {
  it("refuses the file, naming the comment, and writes nothing", () => {
    const text = `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true # lost by the placement
rules:
  preScreen: {}
  postScreen: []
`;
    expect(formatBytes(new TextEncoder().encode(text), "policy")).toEqual({
      ok: false,
      reason: 'the comment "# lost by the placement" would have no place in the canonical form; not formatted (move it next to a key)',
    });
  });
});
