/**
 * Line breaks (docs/decisions.md, "Lint hardening"): YAML 1.2 (5.4) reads LF,
 * CRLF and a lone CR as line breaks. A file is read the same whichever it
 * uses, or mixes, and every finding has the line and column it has in the LF
 * file, columns counted from just after the break (a CR too).
 */
import { describe, expect, it } from "vitest";
import { lintText } from "../../../src/core/lint.js";
import { formatPretty } from "../../../src/core/formats/pretty.js";
import { lintSources } from "../../../src/core/lint.js";

const FILE = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const NOW = new Date("2026-11-21T12:00:00Z");

/** Findings on several lines, at columns other than 1, one in a comment. */
const LINES = [
  "providerType: vendorAWalletScreening",
  "scope: SIGN_IN",
  "schemaVersion: 1",
  "enabled: true",
  "rules:",
  "  preScreen:",
  "    chains: [EVM]   # Bearer 0000FAKE1111EXAMPLE2222",
  "    includeIndirect: true",
  "  postScreen:",
  "    - id: Block_Severe",
  "      when:",
  "        riskScore: { gte: 8, lte: 12 }",
  "      action: BLOCK",
];

const EXPECTED = [
  { line: 7, column: 23, endLine: 7, endColumn: 53, code: "secret-in-file" },
  { line: 8, column: 5, endLine: 8, endColumn: 20, code: "cross-vendor-field" },
  { line: 10, column: 11, endLine: 10, endColumn: 23, code: "schema" },
  { line: 12, column: 35, endLine: 12, endColumn: 37, code: "schema" },
];

function positions(text: string) {
  return lintText(FILE, text, { now: NOW }).map(({ line, column, endLine, endColumn, code }) => ({ line, column, endLine, endColumn, code }));
}

const BREAKS: Record<string, (index: number) => string> = {
  LF: () => "\n",
  CRLF: () => "\r\n",
  "CR only": () => "\r",
  "mixed LF, CRLF and CR": (index) => ["\n", "\r\n", "\r"][index % 3]!,
};

describe("line breaks", () => {
  it.each(Object.keys(BREAKS))("%s: the same findings at the same lines and columns", (name) => {
    const text = LINES.map((line, index) => line + BREAKS[name]!(index)).join("");
    expect(positions(text)).toEqual(EXPECTED);
  });

  it("a CR-only file is read, not reported as empty", () => {
    const text = "providerType: vendorAWalletScreening\rscope: SIGN_IN\rschemaVersion: 1\renabled: true\rrules:\r  preScreen: {chains: [EVM]}\r  postScreen: []\r";
    expect(lintText(FILE, text, { now: NOW })).toEqual([]);
  });

  it("a CR-only file with a byte-order mark and no final line break", () => {
    const text = `\uFEFF${LINES.join("\r")}`;
    expect(positions(text)).toEqual(EXPECTED);
  });

  it("a YAML error in a CR-only file is at its own line", () => {
    const text = "providerType: vendorAWalletScreening\rscope: SIGN_IN\r\tschemaVersion: 1\r";
    expect(positions(text)).toEqual([{ line: 3, column: 1, endLine: 3, endColumn: 2, code: "yaml-syntax" }]);
  });

  it("the pretty code frame of a CR-only file shows the offending line", () => {
    const text = LINES.join("\r");
    const result = lintSources([{ file: FILE, text }], { now: NOW });
    const out = formatPretty(result, { color: false });
    expect(out).toContain("    includeIndirect: true");
    expect(out).toContain("        riskScore: { gte: 8, lte: 12 }");
  });
});
