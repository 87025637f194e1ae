import { describe, expect, it } from "vitest";
import { toConfig } from "../../../src/core/config.js";
import { lintSources } from "../../../src/core/lint.js";

const POLICY = [
  "providerType: vendorAWalletScreening",
  "scope: SIGN_IN",
  "schemaVersion: 1",
  "enabled: true",
  "rules:",
  "  preScreen: {}",
  "  postScreen: []",
  "",
].join("\n");

describe("duplicate-policy", () => {
  it("finds two environment names that the config maps to one id", () => {
    const config = toConfig({
      environments: {
        sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" },
        staging: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" },
      },
    });
    const { diagnostics } = lintSources(
      [
        { file: "policies/staging/vendorAWalletScreening/SIGN_IN.yaml", text: POLICY },
        { file: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml", text: POLICY },
      ],
      { config },
    );
    expect(diagnostics.map((d) => [d.file, d.line, d.column, d.code, d.message])).toEqual([
      [
        "policies/staging/vendorAWalletScreening/SIGN_IN.yaml",
        2,
        8,
        "duplicate-policy",
        "scope: duplicate policy: policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml already defines vendorAWalletScreening SIGN_IN " +
          "for environment sandbox (3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01); screenpol.config.yaml gives environments sandbox and staging the same id; keep one file",
      ],
    ]);
  });

  it("keys by environment name when the config declares none", () => {
    const { diagnostics } = lintSources([
      { file: "policies/a/vendorAWalletScreening/SIGN_IN.yaml", text: POLICY },
      { file: "policies/a/vendorAWalletScreening/SIGN_IN.yml", text: POLICY },
      { file: "policies/b/vendorAWalletScreening/SIGN_IN.yaml", text: POLICY },
    ]);
    expect(diagnostics.map((d) => [d.file, d.code, d.message])).toEqual([
      [
        "policies/a/vendorAWalletScreening/SIGN_IN.yml",
        "duplicate-policy",
        "scope: duplicate policy: policies/a/vendorAWalletScreening/SIGN_IN.yaml already defines vendorAWalletScreening SIGN_IN for environment a; keep one file",
      ],
    ]);
  });

  it("ignores files outside the layout and undeclared environments", () => {
    const config = toConfig({ environments: { sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" } } });
    const { diagnostics } = lintSources(
      [
        { file: "policies/staging/vendorAWalletScreening/SIGN_IN.yaml", text: POLICY },
        { file: "policies/staging/vendorAWalletScreening/SIGN_IN.yml", text: POLICY },
        { file: "elsewhere/SIGN_IN.yaml", text: POLICY },
        { file: "elsewhere/copy.yaml", text: POLICY },
      ],
      { config },
    );
    expect(diagnostics.map((d) => d.code)).toEqual(["path-mismatch", "path-mismatch"]);
  });
});

it("does not take one file named twice for two policies", () => {
  const file = "policies/a/vendorAWalletScreening/SIGN_IN.yaml";
  expect(lintSources([{ file, text: POLICY }, { file, text: POLICY }]).diagnostics).toEqual([]);
});
