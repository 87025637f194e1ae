/**
 * Checks never throw, whatever the data: null, lists where maps are expected,
 * numbers where strings are, `__proto__` keys.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FILE_CHECKS, PROJECT_CHECKS } from "../../../src/core/checks/index.js";
import type { CheckedFile } from "../../../src/core/checks/check.js";
import { toConfig } from "../../../src/core/config.js";
import { classifyPath, type FileKind } from "../../../src/core/layout.js";

const config = toConfig({
  environments: {
    sandbox: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" },
    live: { id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "live" },
  },
});
const context = { config, now: new Date("2026-11-21T12:00:00Z"), catalog: undefined };

const PATHS = [
  "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
  "policies/live/vendorAWalletScreening/SIGN_IN.yml",
  "policies/sandbox/vendorBAddressScreening/addresses.yaml",
  "policies/live/vendorBAddressScreening/addresses.yaml",
  "policies/staging/vendorX/whatever.yaml",
  "webhooks/sandbox.yaml",
  "webhooks/a/b.yaml",
  "screenpol.config.yaml",
  "other.yaml",
];
const KINDS: FileKind[] = ["policy", "addresses", "webhooks", "config", "catalog", "other"];

/** Keys the checks look for, plus the ones that break naive code. */
const key = fc.constantFrom(
  "providerType", "scope", "entries", "address", "chain", "expiresAt", "action", "webhooks", "url", "events",
  "rules", "preScreen", "postScreen", "when", "id", "tokens", "secret", "apiToken", "__proto__", "constructor", "toString", "",
);
const scalar = fc.oneof(
  fc.constantFrom(
    null, true, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, "", "EVM", "SOL", "BTC", "SIGN_IN", "TRANSACTION",
    "vendorAWalletScreening", "vendorBAddressScreening", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "bc1", "bc1qqqqqqq",
    "2026-02-30", "2026-10-01T00:00:00Z", "arn:", "https://", "https://a.b:", "User.Created", "dyn_FAKE0000example0000",
    "Bearer 0000FAKE1111EXAMPLE2222", "1".repeat(40), "\u0000", "\ud800",
  ),
  fc.string(),
  fc.double(),
);
const data = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, scalar, tie("list"), tie("map")),
  list: fc.array(tie("value"), { maxLength: 4 }),
  map: fc.array(fc.tuple(key, tie("value")), { maxLength: 6 }).map((pairs) => {
    const record: Record<string, unknown> = {};
    for (const [name, value] of pairs) Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
    return record;
  }),
})).value;

function fileOf(path: string, kind: FileKind, value: unknown): CheckedFile {
  return { file: path, role: classifyPath(path, config), kind, data: value, vendor: "vendorAWalletScreening", scope: "SIGN_IN" };
}

describe("every check survives any data", () => {
  for (const check of FILE_CHECKS) {
    it(check.code, () => {
      fc.assert(
        fc.property(data, fc.constantFrom(...PATHS), fc.constantFrom(...KINDS), (value, path, kind) => {
          const findings = check.run(fileOf(path, kind, value), context);
          expect(Array.isArray(findings)).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }
  for (const check of PROJECT_CHECKS) {
    it(check.code, () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(data, fc.constantFrom(...PATHS), fc.constantFrom(...KINDS)), { maxLength: 5 }), (files) => {
          expect(Array.isArray(check.run(files.map(([value, path, kind]) => fileOf(path, kind, value)), context))).toBe(true);
        }),
        { numRuns: 200 },
      );
    });
  }
});
