/**
 * The cap on findings per file (docs/decisions.md, "Lint hardening"): a file
 * shows its first 100 findings in position order, then one
 * `too-many-findings` finding at the first one left out, saying how many more
 * there are; every format shows exactly that.
 */
import { describe, expect, it } from "vitest";
import { formatReport, FORMAT_NAMES } from "../../../src/core/formats/index.js";
import { lintSources, MAX_FINDINGS_PER_FILE } from "../../../src/core/lint.js";

const FILE = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const NOW = new Date("2026-11-21T12:00:00Z");
const HEAD = "providerType: vendorAWalletScreening\nscope: SIGN_IN\nschemaVersion: 1\nenabled: true\nrules:\n  preScreen:\n    chains: [EVM]\n  postScreen: []\n";

function wideFile(keys: number): string {
  return HEAD + Array.from({ length: keys }, (_, i) => `unknown${i}: 1\n`).join("");
}

describe("findings per file are capped", () => {
  const result = lintSources([{ file: FILE, text: wideFile(60_000) }, { file: "webhooks/sandbox.yaml", text: "webhooks: []\nextra: 1\n" }], { now: NOW });
  const ofWide = result.diagnostics.filter((d) => d.file === FILE);

  it("60,000 unknown keys: the first 100 findings, then one summary of the 59,900 others", () => {
    expect(MAX_FINDINGS_PER_FILE).toBe(100);
    expect(ofWide).toHaveLength(101);
    expect(ofWide.slice(0, 100).map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(Array.from({ length: 100 }, (_, i) => `${9 + i}:1 schema`));
    expect(ofWide[100]).toEqual({
      file: FILE,
      line: 109,
      column: 1,
      endLine: 109,
      endColumn: 11,
      severity: "error",
      code: "too-many-findings",
      message:
        "59,900 errors more in this file from here on, not shown: screenpol shows the first 100 findings of a file; fix these and lint again",
      path: "",
    });
  });

  it("other files keep their own findings", () => {
    expect(result.diagnostics.filter((d) => d.file !== FILE).map((d) => d.code)).toEqual(["schema"]);
  });

  it("the summary is a warning when everything left out is a warning", () => {
    // 103 rules after a catch-all: 102 unreachable-rule warnings, the last two left out.
    const rules = Array.from({ length: 103 }, (_, i) => `    - id: r${i}\n      when: {riskScore: {gte: 0}}\n      action: ALERT\n`).join("");
    const text = HEAD.replace("  postScreen: []\n", `  postScreen:\n${rules}`);
    const diagnostics = lintSources([{ file: FILE, text }], { now: NOW }).diagnostics;
    expect(diagnostics).toHaveLength(101);
    expect(diagnostics[100]).toMatchObject({ code: "too-many-findings", severity: "warning", line: 9 + 3 * 101 });
    expect(diagnostics[100]!.message).toMatch(/^2 warnings more in this file/);
  });

  it.each(FORMAT_NAMES)("%s shows 101 findings for the file", (format) => {
    const out = formatReport(format, result, { toolVersion: "0.0.0" });
    const count = (pattern: RegExp) => (out.match(pattern) ?? []).length;
    switch (format) {
      case "json":
        expect((JSON.parse(out) as { diagnostics: Array<{ file: string }> }).diagnostics.filter((d) => d.file === FILE)).toHaveLength(101);
        break;
      case "sarif":
        expect((JSON.parse(out) as { runs: Array<{ results: unknown[] }> }).runs[0]!.results).toHaveLength(102);
        expect(out).toContain('"ruleId": "too-many-findings"');
        break;
      case "github":
        expect(count(/^::error /gm)).toBe(102);
        expect(out).toContain("title=too-many-findings::59,900 errors more in this file");
        break;
      case "junit":
        expect(count(/<failure /g)).toBe(102);
        break;
      case "pretty":
        expect(count(/ too-many-findings\b/g)).toBe(1);
        expect(out).toContain("59,900 errors more in this file from here on");
        expect(out.length).toBeLessThan(200_000);
        break;
    }
  });
});
