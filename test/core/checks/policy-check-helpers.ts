/** Builds the CheckedFile and context the policy checks' unit tests run a check on. */
import type { CheckContext, CheckedFile } from "../../../src/core/checks/check.js";
import { EMPTY_CONFIG } from "../../../src/core/config.js";
import type { FileKind } from "../../../src/core/layout.js";
import type { Scope, Vendor } from "../../../src/core/vendors.js";

export const context: CheckContext = { config: EMPTY_CONFIG, now: new Date("2026-11-21T12:00:00Z"), catalog: undefined };

/** A policy (or, with `kind`, another file) checked as vendorA TRANSACTION unless told otherwise; `vendor: undefined` means none known. */
export function policyFile(data: unknown, options: { vendor?: Vendor | undefined; scope?: Scope | undefined; kind?: FileKind } = {}): CheckedFile {
  const vendor = "vendor" in options ? options.vendor : "vendorAWalletScreening";
  const scope = "scope" in options ? options.scope : "TRANSACTION";
  const kind = options.kind ?? "policy";
  const file = kind === "addresses" ? `policies/sandbox/${vendor ?? "x"}/addresses.yaml` : `policies/sandbox/${vendor ?? "x"}/${scope ?? "x"}.yaml`;
  return { file, role: { kind }, kind, data, vendor, scope };
}

/** A policy whose postScreen holds the given rules. */
export function withRules(...postScreen: unknown[]): Record<string, unknown> {
  return { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen } };
}
