import { describe, expect, it } from "vitest";
import { FORMAT_NAMES, formatReport, isFormatName } from "../../../src/core/formats/index.js";
import { formatGithub } from "../../../src/core/formats/github.js";
import { formatJson } from "../../../src/core/formats/json.js";
import { formatPretty } from "../../../src/core/formats/pretty.js";
import { formatSarif } from "../../../src/core/formats/sarif.js";
import { sampleReport } from "./fixtures.js";

describe("formatReport", () => {
  it("lists the five formats", () => {
    expect(FORMAT_NAMES).toEqual(["pretty", "json", "github", "sarif", "junit"]);
    expect(FORMAT_NAMES.every(isFormatName)).toBe(true);
    expect(isFormatName("markdown")).toBe(false);
    expect(isFormatName("toString")).toBe(false);
  });

  it("dispatches to each format with its options", () => {
    const report = sampleReport();
    const options = { toolVersion: "1.2.3" };
    expect(formatReport("pretty", report, options)).toBe(formatPretty(report, { color: false }));
    expect(formatReport("pretty", report, { ...options, color: true })).toBe(formatPretty(report, { color: true }));
    expect(formatReport("json", report, options)).toBe(formatJson(report));
    expect(formatReport("github", report, options)).toBe(formatGithub(report));
    expect(formatReport("sarif", report, options)).toBe(formatSarif(report, options));
    expect(formatReport("sarif", report, { ...options, srcRoot: "/repo" })).toBe(
      formatSarif(report, { toolVersion: "1.2.3", srcRoot: "/repo" }),
    );
  });
});
