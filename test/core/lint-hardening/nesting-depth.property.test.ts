/**
 * Every recursion over input is bounded (docs/decisions.md,
 * "Lint hardening"): lint of a document nested up to 100,000 levels, in flow
 * or block style, maps or sequences or a mix, ends in findings, never a crash
 * or a stack overflow; and deeper than 64 levels (document.ts, MAX_DEPTH), in
 * exactly one yaml-syntax finding at the line and column of the first
 * collection too deep.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintText } from "../../../src/core/lint.js";

const FILE = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const NESTED = "nested more than 64 levels deep; a policy file never needs that";

type Level = "flow-seq" | "flow-map" | "block-seq" | "block-map";

interface Built {
  text: string;
  /** Line and column (1-based) of the collection at depth 65 (the root at 0), when there is one. */
  at?: { line: number; column: number };
}

/**
 * Block levels first (a block collection cannot sit inside a flow one), then
 * flow levels. Block maps indent by one space per level, so their share is kept
 * small enough for the text to stay in memory.
 */
function build(levels: readonly Level[]): Built {
  const lines: string[] = [];
  let current = "";
  let indent = 0;
  let at: Built["at"];
  const mark = (depth: number, column: number) => {
    if (depth === 65 && !at) at = { line: lines.length + 1, column };
  };
  let depth = 0;
  for (const level of levels) {
    if (level === "block-seq") {
      mark(depth, current.length + 1);
      current += "- ";
    } else if (level === "block-map") {
      mark(depth, current.length + 1);
      current += "k:";
      lines.push(current);
      indent = current.length - 1;
      current = " ".repeat(indent);
    } else if (level === "flow-seq") {
      mark(depth, current.length + 1);
      current += "[";
    } else {
      mark(depth, current.length + 1);
      current += "{k: ";
    }
    depth++;
  }
  current += "x";
  for (let i = levels.length - 1; i >= 0; i--) {
    if (levels[i] === "flow-seq") current += "]";
    else if (levels[i] === "flow-map") current += "}";
  }
  lines.push(current);
  return { text: `${lines.join("\n")}\n`, at };
}

const blockLevel = fc.constantFrom<Level>("block-seq", "block-map");
const flowLevel = fc.constantFrom<Level>("flow-seq", "flow-map");

/** A run of one kind of level, long or short, so that depths up to 100,000 come up. */
function runs(level: fc.Arbitrary<Level>, maxRun: number) {
  return fc.array(fc.tuple(level, fc.oneof(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: maxRun }))), { maxLength: 4 });
}

const documents = fc
  .tuple(runs(blockLevel, 1_000), runs(flowLevel, 100_000))
  .map(([block, flow]) => {
    const levels: Level[] = [];
    for (const [level, count] of [...block, ...flow]) {
      // Block maps cost one more column per level: at most 1,000 of them in all.
      const room = level === "block-map" ? Math.max(0, 1_000 - levels.filter((l) => l === "block-map").length) : count;
      for (let i = 0; i < Math.min(count, room); i++) levels.push(level);
    }
    return levels.slice(0, 100_000);
  });

describe("nesting depth", () => {
  it("lint never crashes, and reports nesting past 64 levels once, where it starts", () => {
    fc.assert(
      fc.property(documents, (levels) => {
        const { text, at } = build(levels);
        const diagnostics = lintText(FILE, text);
        const nested = diagnostics.filter((d) => d.message === NESTED);
        if (levels.length > 65) {
          expect(nested).toHaveLength(1);
          expect(nested[0]).toMatchObject({ code: "yaml-syntax", ...at });
        } else {
          expect(nested).toEqual([]);
        }
      }),
      { numRuns: 60, seed: 20261121 },
    );
  });

  it.each([
    ["flow sequences", "[".repeat(100_000) + "]".repeat(100_000), { line: 1, column: 66 }],
    ["flow maps", "{a: ".repeat(100_000) + "1" + "}".repeat(100_000), { line: 1, column: 261 }],
    ["compact block sequences", `${"- ".repeat(100_000)}x`, { line: 1, column: 131 }],
    ["mixed, with anchors and tags", `a:\n  - &x !!seq ${"[{k: ".repeat(50_000)}1${"}]".repeat(50_000)}`, { line: 2, column: 170 }],
  ])("100,000 levels of %s: one finding, no crash", (_name, text, at) => {
    const diagnostics = lintText(FILE, text);
    expect(diagnostics).toEqual([expect.objectContaining({ code: "yaml-syntax", message: NESTED, ...at })]);
  });
});
