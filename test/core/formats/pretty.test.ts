import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPretty, shouldUseColor } from "../../../src/core/formats/pretty.js";
import type { LintReport } from "../../../src/core/formats/report.js";
import { POLICY_FILE, diagnostic, emptyReport, sampleReport } from "./fixtures.js";
import { DOCS_CODES_URL } from "../../helpers/docs-url.js";

const ESC = "\x1b";

function reportOf(source: string, ...diagnostics: LintReport["diagnostics"]): LintReport {
  return { diagnostics, filesLinted: 1, sources: new Map([[POLICY_FILE, source]]) };
}

/** The code frame of a one-finding report: the lines between the header and the docs path. */
function frameOf(report: LintReport): string[] {
  const lines = formatPretty(report, { color: false }).split("\n");
  return lines.slice(1, lines.findIndex((l) => l.startsWith(`  ${DOCS_CODES_URL}/`)));
}

describe("formatPretty", () => {
  it("renders a header, a code frame and the docs path per finding, sorted, then a summary", () => {
    expect(formatPretty(sampleReport(), { color: false })).toBe(
      [
        "policies/prod/vendorAWalletScreening/TRANSACTION.yaml:8:9  error  rules.postScreen[0].when.riskLevel: riskLevel belongs to vendorBAddressScreening; use riskScore.  cross-vendor-field",
        "  6 |     - id: block-mixers",
        "  7 |       when:",
        "> 8 |         riskLevel: { atLeast: high }",
        "    |         ^^^^^^^^^",
        "  9 |       action: BLOCK",
        `  ${DOCS_CODES_URL}/cross-vendor-field.md`,
        "",
        "policies/prod/vendorAWalletScreening/TRANSACTION.yaml:13:7  warning  rules.postScreen[2]: this rule follows the catch-all rule catch-all and can never match.  unreachable-rule",
        "  11 |       when: {}",
        "  12 |       action: ALERT",
        "> 13 |     - id: late",
        "     |       ^^^^^^^^",
        "  14 |       when: { riskScore: { gte: 9 } }",
        `  ${DOCS_CODES_URL}/unreachable-rule.md`,
        "",
        "✖ 2 problems (1 error, 1 warning)",
        "",
      ].join("\n"),
    );
  });

  it("says how many files were linted when there is nothing to report", () => {
    expect(formatPretty(emptyReport(12), { color: false })).toBe("✔ 12 files linted, no problems\n");
    expect(formatPretty(emptyReport(1), { color: false })).toBe("✔ 1 file linted, no problems\n");
  });

  it("pluralises each count on its own", () => {
    const report = reportOf("a: 1\n", diagnostic({ severity: "warning", code: "unreachable-rule" }), diagnostic({ severity: "warning", line: 1, column: 3, code: "expired-address-entry" }));
    expect(formatPretty(report, { color: false }).split("\n").at(-2)).toBe("✖ 2 problems (0 errors, 2 warnings)");
  });

  it("colours with ANSI escapes only when asked", () => {
    const plain = formatPretty(sampleReport(), { color: false });
    const coloured = formatPretty(sampleReport(), { color: true });
    expect(plain).not.toContain(ESC);
    expect(coloured).toContain(`${ESC}[31merror${ESC}[0m`);
    expect(coloured).toContain(`${ESC}[33mwarning${ESC}[0m`);
    expect(coloured).toContain(`${ESC}[1m${POLICY_FILE}:8:9${ESC}[0m`);
    expect(coloured).toContain(`${ESC}[2m> 8 |${ESC}[0m`);
    expect(coloured).toContain(`${ESC}[31m^^^^^^^^^${ESC}[0m`);
    expect(coloured).toContain(`${ESC}[1;31m✖ 2 problems (1 error, 1 warning)${ESC}[0m`);
    expect(coloured.replace(/\x1b\[[\d;]*m/g, "")).toBe(plain);
    expect(formatPretty(emptyReport(2), { color: true })).toBe(`${ESC}[32m✔ 2 files linted, no problems${ESC}[0m\n`);
  });

  it("prints no frame for a file whose text it was not given, or a line past its end", () => {
    const missing: LintReport = { diagnostics: [diagnostic({ code: "read-error", message: "Cannot read the file." })], filesLinted: 1, sources: new Map() };
    expect(formatPretty(missing, { color: false })).toBe(
      `${POLICY_FILE}:1:1  error  Cannot read the file.  read-error\n  ${DOCS_CODES_URL}/read-error.md\n\n✖ 1 problem (1 error, 0 warnings)\n`,
    );
    expect(frameOf(reportOf("a: 1\n", diagnostic({ line: 7 })))).toEqual([]);
  });

  it("reads CRLF text and a BOM as the same lines and columns as plain LF text", () => {
    const finding = diagnostic({ line: 2, column: 1, endLine: 2, endColumn: 6 });
    const lf = frameOf(reportOf("first: 1\nscope: X\nthird: 3\n", finding));
    expect(lf).toEqual(["  1 | first: 1", "> 2 | scope: X", "    | ^^^^^", "  3 | third: 3"]);
    expect(frameOf(reportOf("\uFEFFfirst: 1\r\nscope: X\r\nthird: 3\r\n", finding))).toEqual(lf);
    expect(frameOf(reportOf("\uFEFFkey: v\n", diagnostic({ column: 1, endColumn: 4 })))).toEqual(["> 1 | key: v", "    | ^^^"]);
  });

  it("shows the empty line after a final newline only when a finding points at it", () => {
    expect(frameOf(reportOf("a: 1\nb: 2\n", diagnostic({ line: 2, column: 1, endLine: 2, endColumn: 2 })))).toEqual([
      "  1 | a: 1",
      "> 2 | b: 2",
      "    | ^",
    ]);
    expect(frameOf(reportOf("a: 1\nb: [\n", diagnostic({ line: 3, column: 1, endLine: 3, endColumn: 1, code: "yaml-syntax" })))).toEqual([
      "  1 | a: 1",
      "  2 | b: [",
      "> 3 |",
      "    | ^",
    ]);
  });

  it("shows a tab as one space so that the carets stay under their characters", () => {
    expect(frameOf(reportOf("a:\n\tbad: 1\n", diagnostic({ line: 2, column: 2, endLine: 2, endColumn: 5 })))).toEqual([
      "  1 | a:",
      "> 2 |  bad: 1",
      "    |  ^^^",
    ]);
  });

  it("clamps the carets to the line and draws at least one", () => {
    const source = "key: value\n";
    expect(frameOf(reportOf(source, diagnostic({ column: 6, endColumn: 40 })))[1]).toBe("    |      ^^^^^");
    expect(frameOf(reportOf(source, diagnostic({ column: 6, endColumn: 6 })))[1]).toBe("    |      ^");
    expect(frameOf(reportOf(source, diagnostic({ column: 30, endColumn: 31 })))[1]).toBe("    |           ^");
    // A range running onto later lines is underlined to the end of its first line.
    expect(frameOf(reportOf("rules:\n  x: 1\n", diagnostic({ column: 1, endLine: 2, endColumn: 7 })))[1]).toBe("    | ^^^^^^");
  });

  it("cuts a very long line around the offending column, keeping the carets aligned", () => {
    const long = `tokens: [${"a".repeat(200)}, TARGET, ${"b".repeat(200)}]`;
    const column = long.indexOf("TARGET") + 1;
    const frame = frameOf(reportOf(`x: 1\n${long}\n`, diagnostic({ line: 2, column, endLine: 2, endColumn: column + 6 })));
    const [, offending, carets] = frame;
    expect(offending).toMatch(/^> 2 \| …a+, TARGET, b+…$/);
    expect(offending!.length).toBeLessThanOrEqual("> 2 | ".length + 122);
    expect(offending!.slice(carets!.indexOf("^"), carets!.lastIndexOf("^") + 1)).toBe("TARGET");
    // The lines around are cut at the same place so columns line up.
    expect(frame[0]).toBe("  1 | …");
  });

  it("shows a long line from its start when the column is near it", () => {
    const long = `id: ${"x".repeat(300)}`;
    const [offending, carets] = frameOf(reportOf(long, diagnostic({ column: 1, endColumn: 3 })));
    expect(offending).toBe(`> 1 | ${long.slice(0, 120)}…`);
    expect(carets).toBe("    | ^^");
  });

  it("never prints a secret, in its own frame or in another finding's", () => {
    const source = "webhooks:\n  - token: sk_live_abcdefghijklmnop\n    url: http://x\n";
    const secret = diagnostic({ line: 2, column: 12, endLine: 2, endColumn: 36, code: "secret-in-file", message: "rules: this looks like an API token." });
    const url = diagnostic({ line: 3, column: 10, endLine: 3, endColumn: 18, code: "webhook-url" });
    const output = formatPretty(reportOf(source, secret, url), { color: false });
    expect(output).not.toContain("sk_live");
    expect(output).toContain("> 2 |   - token: ************************");
    expect(output).toContain("  2 |   - token: ************************\n> 3 |     url: http://x");
  });

  it("neutralises control characters from files and messages", () => {
    const output = formatPretty(
      reportOf("key: \x1b[2Jboom\n", diagnostic({ column: 6, endColumn: 14, message: "bad\x1b[31m value\nhere" })),
      { color: false },
    );
    expect(output).not.toContain(ESC);
    expect(output).toContain("error  bad\uFFFD[31m value\uFFFDhere  schema");
    expect(output).toContain("> 1 | key: \uFFFD[2Jboom\n    |      ^^^^^^^^");
  });
});

describe("formatPretty on arbitrary input", () => {
  it("never throws, never emits an escape without colour, and keeps frame lines short", () => {
    const position = fc.integer({ min: -2, max: 400 });
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 600 }), position, position, position, position, (source, line, column, endLine, endColumn) => {
        const output = formatPretty(reportOf(source, diagnostic({ line, column, endLine, endColumn, message: source.slice(0, 30) })), { color: false });
        expect(output).not.toContain(ESC);
        for (const frameLine of output.split("\n").filter((l) => /^[> ] *\d* \|/.test(l))) {
          expect(frameLine.length).toBeLessThanOrEqual("> 999 | ".length + 122);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("shouldUseColor", () => {
  it.each([
    [{}, true, true],
    [{}, false, false],
    [{ TERM: "dumb" }, true, false],
    [{ NO_COLOR: "1" }, true, false],
    [{ NO_COLOR: "" }, true, true],
    [{ NO_COLOR: "" }, false, false],
    [{ NO_COLOR: undefined }, true, true],
    [{ FORCE_COLOR: "1" }, false, true],
    [{ FORCE_COLOR: "" }, false, true],
    [{ FORCE_COLOR: "true" }, false, true],
    [{ FORCE_COLOR: "3" }, false, true],
    [{ FORCE_COLOR: "0" }, true, false],
    [{ FORCE_COLOR: "false" }, true, false],
    [{ FORCE_COLOR: "FALSE" }, true, false],
    [{ FORCE_COLOR: "1", TERM: "dumb" }, false, true],
    [{ NO_COLOR: "1", FORCE_COLOR: "1" }, true, false],
    [{ NO_COLOR: "", FORCE_COLOR: "0" }, true, false],
  ] as const)("env %j, isTTY %s -> %s", (env, isTTY, expected) => {
    expect(shouldUseColor({ ...env }, isTTY)).toBe(expected);
  });
});
