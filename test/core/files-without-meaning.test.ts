/**
 * The one predicate every command that decides from files asks (core/lint.ts
 * filesWithoutMeaning): a file with a structural finding has no meaning, read
 * from the findings, suppressed or not, never from the comments.
 */
import { describe, expect, it } from "vitest";
import type { Code, Diagnostic, Severity } from "../../src/core/diagnostic.js";
import { filesWithoutMeaning, lintFails, lintSources } from "../../src/core/lint.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

function finding(file: string, code: Code, severity: Severity = "error"): Diagnostic {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, severity, code, message: "m", path: "" };
}

describe("filesWithoutMeaning", () => {
  it("names a file whose structural finding a comment hid, as well as one where it counts", () => {
    const lint = { diagnostics: [finding("a.yaml", "duplicate-key")], suppressed: [{ ...finding("b.yaml", "schema"), justification: "x" }] };
    expect([...filesWithoutMeaning(lint)].sort()).toEqual(["a.yaml", "b.yaml"]);
    expect(lintFails({ diagnostics: [], suppressed: lint.suppressed })).toBe(true);
  });

  it("leaves a file with only semantic findings, and a too-many-findings that stands for warnings only", () => {
    const lint = { diagnostics: [finding("a.yaml", "shadowed-rule"), finding("a.yaml", "too-many-findings", "warning")], suppressed: [{ ...finding("b.yaml", "unreachable-rule", "warning"), justification: "x" }] };
    expect(filesWithoutMeaning(lint)).toEqual(new Set());
  });

  it("names a file with a too-many-findings error: it may stand for a structural finding not shown", () => {
    expect(filesWithoutMeaning({ diagnostics: [finding("a.yaml", "too-many-findings")], suppressed: [] })).toEqual(new Set(["a.yaml"]));
  });

  it("names a policy whose schema error a comment tried to suppress, from a real lint", () => {
    const text = "providerType: vendorAWalletScreening\nscope: TRANSACTION\nschemaVersion: 1\nenabled: true\nrules:\n  preScreen: {}\n  postScreen:\n    - id: a\n      when: { riskScore: { gte: 8 } }\n      # screenpol-disable-next-line schema -- x\n      action: BLOK\n";
    const lint = lintSources([{ file: POLICY, text }]);
    expect(filesWithoutMeaning(lint)).toEqual(new Set([POLICY]));
    expect(lintFails(lint)).toBe(true);
  });
});
