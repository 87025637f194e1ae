import { describe, expect, it } from "vitest";
import { escapeData, escapeProperty, formatGithub } from "../../../src/core/formats/github.js";
import { diagnostic, emptyReport, sampleReport } from "./fixtures.js";

describe("formatGithub", () => {
  it("writes one workflow command per finding, sorted, each ending in a newline", () => {
    expect(formatGithub(sampleReport())).toBe(
      "::error file=policies/prod/vendorAWalletScreening/TRANSACTION.yaml,line=8,col=9,endLine=8,endColumn=18,title=cross-vendor-field" +
        "::rules.postScreen[0].when.riskLevel: riskLevel belongs to vendorBAddressScreening; use riskScore.\n" +
        // Spans three lines: the runner rejects col/endColumn there, so they are left out.
        "::warning file=policies/prod/vendorAWalletScreening/TRANSACTION.yaml,line=13,endLine=15,title=unreachable-rule" +
        "::rules.postScreen[2]: this rule follows the catch-all rule catch-all and can never match.\n",
    );
  });

  it("writes nothing when there is nothing to report", () => {
    expect(formatGithub(emptyReport(4))).toBe("");
  });

  it("escapes the message and the file so that neither can end or split the command", () => {
    const finding = diagnostic({
      file: "policies/a,b/c:d%.yaml",
      line: 2,
      column: 3,
      endLine: 2,
      endColumn: 7,
      message: "100% wrong:\r\nrules, here\n::error::injected",
    });
    expect(formatGithub({ ...emptyReport(1), diagnostics: [finding] })).toBe(
      "::error file=policies/a%2Cb/c%3Ad%25.yaml,line=2,col=3,endLine=2,endColumn=7,title=schema" +
        "::100%25 wrong:%0D%0Arules, here%0A::error::injected\n",
    );
  });

  it("never writes an end column before the start column", () => {
    const finding = diagnostic({ line: 4, column: 9, endLine: 4, endColumn: 3 });
    expect(formatGithub({ ...emptyReport(1), diagnostics: [finding] })).toContain(",line=4,col=9,endLine=4,endColumn=9,");
  });
});

describe("workflow command escaping", () => {
  it("escapes % first, so an escape sequence in the input is not decoded", () => {
    expect(escapeData("%0A")).toBe("%250A");
    expect(escapeData("a\rb\nc")).toBe("a%0Db%0Ac");
    expect(escapeData("a:b,c")).toBe("a:b,c");
  });

  it("also escapes : and , in property values", () => {
    expect(escapeProperty("a:b,c%\n")).toBe("a%3Ab%2Cc%25%0A");
  });
});
