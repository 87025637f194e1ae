/**
 * A condition key that names a member of Object.prototype (`__proto__`,
 * `toString`) is no condition: cross-vendor-field once looked it up as one and
 * threw (found by the any-shape property test, seed 1014289148).
 */
import { describe, expect, it } from "vitest";
import { lintText } from "../../../src/core/lint.js";

describe("cross-vendor-field on keys named like Object.prototype members", () => {
  it.each(["__proto__", "toString", "constructor", "valueOf"])("%s as a condition of a v2 anyOf is a schema finding, not a crash", (key) => {
    const text = [
      "providerType: vendorAWalletScreening",
      "scope: SIGN_IN",
      "schemaVersion: 2",
      "enabled: true",
      "rules:",
      "  postScreen:",
      "    - id: odd",
      "      when:",
      "        anyOf:",
      `          - ${key}: { riskLevel: high, atLeast: high }`,
      "      action: BLOCK",
      "",
    ].join("\n");
    const findings = lintText("policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml", text);
    expect(findings.map((finding) => `${finding.line}:${finding.code}`)).toContain("10:schema");
  });
});
