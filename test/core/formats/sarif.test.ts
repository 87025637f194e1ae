import { describe, expect, it } from "vitest";
import { CODE_INFO, DOCS_BASE_URL } from "../../../src/core/codes.js";
import { CODES } from "../../../src/core/diagnostic.js";
import { formatSarif } from "../../../src/core/formats/sarif.js";
import { POLICY_FILE, diagnostic, emptyReport, sampleReport } from "./fixtures.js";

const OPTIONS = { toolVersion: "0.1.0" };

// The parsed log is untyped on purpose: these tests check its shape themselves.
type Json = any;

function parse(text: string): Json {
  return JSON.parse(text);
}

function uriOfFile(file: string, srcRoot?: string): Json {
  const log = parse(formatSarif({ ...emptyReport(1), diagnostics: [diagnostic({ file })] }, { ...OPTIONS, ...(srcRoot ? { srcRoot } : {}) }));
  return log.runs[0].results[0].locations[0].physicalLocation.artifactLocation;
}

/**
 * The members SARIF 2.1.0 requires (sarifLog, run, tool, toolComponent,
 * reportingDescriptor, result, message) and the value constraints its schema puts on
 * what this format writes; a hand check, since the schema is not shipped offline.
 */
function expectValidSarif(log: Json): void {
  expect(log.version).toBe("2.1.0");
  expect(log.$schema).toBe("https://json.schemastore.org/sarif-2.1.0.json");
  expect(Array.isArray(log.runs)).toBe(true);
  for (const run of log.runs) {
    expect(typeof run.tool.driver.name).toBe("string");
    const rules: Json[] = run.tool.driver.rules;
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    for (const rule of rules) {
      expect(typeof rule.id).toBe("string");
      expect(typeof rule.shortDescription.text).toBe("string");
      expect(typeof rule.fullDescription.text).toBe("string");
      expect(typeof rule.help.text).toBe("string");
      expect(() => new URL(rule.helpUri)).not.toThrow();
      expect(["none", "note", "warning", "error"]).toContain(rule.defaultConfiguration.level);
    }
    for (const [name, base] of Object.entries<Json>(run.originalUriBaseIds ?? {})) {
      expect(name).toMatch(/^%\w+%$/);
      expect(base.uri).toMatch(/^file:\/\/\/.*\/$/);
    }
    for (const result of run.results) {
      expect(typeof result.message.text).toBe("string");
      expect(["none", "note", "warning", "error"]).toContain(result.level);
      expect(Number.isInteger(result.ruleIndex)).toBe(true);
      expect(rules[result.ruleIndex].id).toBe(result.ruleId);
      const { artifactLocation, region } = result.locations[0].physicalLocation;
      expect(typeof artifactLocation.uri).toBe("string");
      expect(() => new URL(artifactLocation.uri, "file:///root/")).not.toThrow();
      expect(region.startLine).toBeGreaterThanOrEqual(1);
      expect(region.startColumn).toBeGreaterThanOrEqual(1);
      expect(region.endLine).toBeGreaterThanOrEqual(region.startLine);
      expect(region.endColumn).toBeGreaterThanOrEqual(1);
      if (region.endLine === region.startLine) expect(region.endColumn).toBeGreaterThanOrEqual(region.startColumn);
    }
  }
}

describe("formatSarif", () => {
  it("writes a valid SARIF 2.1.0 log, two-space indented, with a trailing newline", () => {
    const text = formatSarif(sampleReport(), OPTIONS);
    expect(text.endsWith("}\n")).toBe(true);
    expect(text).toBe(`${JSON.stringify(parse(text), null, 2)}\n`);
    const log = parse(text);
    expectValidSarif(log);
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0].columnKind).toBe("utf16CodeUnits");
    expect(log.runs[0].tool.driver).toMatchObject({
      name: "screenpol",
      version: "0.1.0",
      informationUri: "https://github.com/screenpol/screenpol",
    });
  });

  it("describes every code as a rule, in CODES order", () => {
    const rules: Json[] = parse(formatSarif(emptyReport(0), OPTIONS)).runs[0].tool.driver.rules;
    expect(rules.map((r) => r.id)).toEqual([...CODES]);
    for (const rule of rules) {
      const info = CODE_INFO[rule.id as (typeof CODES)[number]];
      expect(rule.shortDescription.text).toBe(info.title);
      expect(rule.fullDescription.text).toBe(info.summary);
      expect(rule.help.text).toBe(info.help);
      expect(rule.helpUri).toBe(`${DOCS_BASE_URL}docs/codes/${rule.id}.md`);
      expect(rule.defaultConfiguration.level).toBe(info.severity);
      expect(rule.name).toMatch(/^[A-Z][A-Za-z]*$/);
    }
    expect(rules.find((r) => r.id === "duplicate-rule-id").name).toBe("DuplicateRuleId");
    expect(rules.find((r) => r.id === "unreachable-rule").defaultConfiguration.level).toBe("warning");
  });

  it("writes each finding as a result with its rule index, level and 1-based region", () => {
    const results: Json[] = parse(formatSarif(sampleReport(), OPTIONS)).runs[0].results;
    expect(results).toEqual([
      {
        ruleId: "cross-vendor-field",
        ruleIndex: CODES.indexOf("cross-vendor-field"),
        level: "error",
        message: { text: "rules.postScreen[0].when.riskLevel: riskLevel belongs to vendorBAddressScreening; use riskScore." },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: POLICY_FILE, uriBaseId: "%SRCROOT%" },
              region: { startLine: 8, startColumn: 9, endLine: 8, endColumn: 18 },
            },
          },
        ],
      },
      expect.objectContaining({
        ruleId: "unreachable-rule",
        ruleIndex: CODES.indexOf("unreachable-rule"),
        level: "warning",
      }),
    ]);
    expect(results[1].locations[0].physicalLocation.region).toEqual({ startLine: 13, startColumn: 7, endLine: 15, endColumn: 20 });
  });

  it("leaves originalUriBaseIds out unless given a source root", () => {
    expect(parse(formatSarif(sampleReport(), OPTIONS)).runs[0]).not.toHaveProperty("originalUriBaseIds");
    expect(parse(formatSarif(sampleReport(), { ...OPTIONS, srcRoot: "/home/ci/repo" })).runs[0].originalUriBaseIds).toEqual({
      "%SRCROOT%": { uri: "file:///home/ci/repo/" },
    });
    expect(parse(formatSarif(sampleReport(), { ...OPTIONS, srcRoot: "/home/ci/my repo/" })).runs[0].originalUriBaseIds).toEqual({
      "%SRCROOT%": { uri: "file:///home/ci/my%20repo/" },
    });
    expect(parse(formatSarif(sampleReport(), { ...OPTIONS, srcRoot: "C:\\ci\\repo" })).runs[0].originalUriBaseIds).toEqual({
      "%SRCROOT%": { uri: "file:///C:/ci/repo/" },
    });
  });

  it("writes file names as relative URI references that resolve back to the file", () => {
    expect(uriOfFile("./policies/a.yaml")).toEqual({ uri: "policies/a.yaml", uriBaseId: "%SRCROOT%" });
    expect(uriOfFile("policies/my policy#1?.yaml")).toEqual({ uri: "policies/my%20policy%231%3F.yaml", uriBaseId: "%SRCROOT%" });
    // A colon in the first segment would otherwise read as a URI scheme.
    expect(uriOfFile("c:d/x.yaml").uri).toBe("c%3Ad/x.yaml");
    expect(uriOfFile("../shared/x.yaml").uri).toBe("../shared/x.yaml");
    const file = "policies/prod/ünïcode 100%.yaml";
    const { uri } = uriOfFile(file);
    expect(decodeURIComponent(new URL(uri, "file:///root/").pathname)).toBe(`/root/${file}`);
  });

  it("makes absolute file names relative under the source root, and file URIs elsewhere", () => {
    expect(uriOfFile("/home/ci/repo/policies/a.yaml", "/home/ci/repo")).toEqual({ uri: "policies/a.yaml", uriBaseId: "%SRCROOT%" });
    expect(uriOfFile("/tmp/other.yaml", "/home/ci/repo")).toEqual({ uri: "file:///tmp/other.yaml" });
    expect(uriOfFile("/tmp/other.yaml")).toEqual({ uri: "file:///tmp/other.yaml" });
  });

  it("never writes a region that ends before it starts", () => {
    const log = parse(formatSarif({ ...emptyReport(1), diagnostics: [diagnostic({ line: 3, column: 5, endLine: 3, endColumn: 2 })] }, OPTIONS));
    expectValidSarif(log);
    expect(log.runs[0].results[0].locations[0].physicalLocation.region).toEqual({ startLine: 3, startColumn: 5, endLine: 3, endColumn: 5 });
  });
});
