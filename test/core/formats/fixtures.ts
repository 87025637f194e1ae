import type { Diagnostic } from "../../../src/core/diagnostic.js";
import type { LintReport } from "../../../src/core/formats/report.js";

export const POLICY_FILE = "policies/prod/vendorAWalletScreening/TRANSACTION.yaml";

export const POLICY_SOURCE = [
  "providerType: vendorAWalletScreening",
  "scope: TRANSACTION",
  "schemaVersion: 1",
  "rules:",
  "  postScreen:",
  "    - id: block-mixers",
  "      when:",
  "        riskLevel: { atLeast: high }",
  "      action: BLOCK",
  "    - id: catch-all",
  "      when: {}",
  "      action: ALERT",
  "    - id: late",
  "      when: { riskScore: { gte: 9 } }",
  "      action: BLOCK",
  "",
].join("\n");

/** A finding with defaults, so a test spells out only what it is about. */
export function diagnostic(overrides: Partial<Diagnostic>): Diagnostic {
  return {
    file: POLICY_FILE,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 2,
    severity: "error",
    code: "schema",
    message: "Something is wrong.",
    path: "",
    ...overrides,
  };
}

export const CROSS_VENDOR = diagnostic({
  line: 8,
  column: 9,
  endLine: 8,
  endColumn: 18,
  code: "cross-vendor-field",
  message: "rules.postScreen[0].when.riskLevel: riskLevel belongs to vendorBAddressScreening; use riskScore.",
  path: "rules.postScreen[0].when.riskLevel",
});

export const UNREACHABLE = diagnostic({
  line: 13,
  column: 7,
  endLine: 15,
  endColumn: 20,
  severity: "warning",
  code: "unreachable-rule",
  message: "rules.postScreen[2]: this rule follows the catch-all rule catch-all and can never match.",
  path: "rules.postScreen[2]",
});

/** Two findings given out of order, over the sample policy. */
export function sampleReport(): LintReport {
  return {
    diagnostics: [UNREACHABLE, CROSS_VENDOR],
    filesLinted: 3,
    sources: new Map([[POLICY_FILE, POLICY_SOURCE]]),
  };
}

export function emptyReport(filesLinted: number): LintReport {
  return { diagnostics: [], filesLinted, sources: new Map() };
}
