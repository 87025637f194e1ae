import { describe, expect, it } from "vitest";
import { formatJson } from "../../../src/core/formats/json.js";
import { CROSS_VENDOR, UNREACHABLE, emptyReport, sampleReport } from "./fixtures.js";

describe("formatJson", () => {
  it("writes version, counts and sorted diagnostics, two-space indented, with a trailing newline", () => {
    expect(formatJson(sampleReport())).toBe(
      `${JSON.stringify(
        {
          version: 1,
          files: 3,
          errorCount: 1,
          warningCount: 1,
          diagnostics: [CROSS_VENDOR, UNREACHABLE].map((d) => ({
            file: d.file,
            line: d.line,
            column: d.column,
            endLine: d.endLine,
            endColumn: d.endColumn,
            severity: d.severity,
            code: d.code,
            message: d.message,
            path: d.path,
          })),
        },
        null,
        2,
      )}\n`,
    );
  });

  it("keeps the member order and drops anything else a finding carries", () => {
    const extra = { ...CROSS_VENDOR, internal: "not published" };
    const parsed = JSON.parse(formatJson({ ...emptyReport(1), diagnostics: [extra] }));
    expect(Object.keys(parsed)).toEqual(["version", "files", "errorCount", "warningCount", "diagnostics"]);
    expect(Object.keys(parsed.diagnostics[0])).toEqual([
      "file", "line", "column", "endLine", "endColumn", "severity", "code", "message", "path",
    ]);
  });

  it("reports an empty run", () => {
    expect(formatJson(emptyReport(5))).toBe(
      '{\n  "version": 1,\n  "files": 5,\n  "errorCount": 0,\n  "warningCount": 0,\n  "diagnostics": []\n}\n',
    );
  });
});
