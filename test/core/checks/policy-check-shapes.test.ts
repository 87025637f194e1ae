/**
 * The policy checks (sanctions-floor, cross-vendor-field, server-managed-field,
 * unknown-schema-version, scope-field, token-by-symbol, duplicate-rule-id,
 * terminal-allow, unreachable-rule) on policy-shaped data whose every part may be
 * of the wrong shape, including cyclic data such as YAML anchors produce: they
 * never throw and every finding's path leads into the data.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FileCheck } from "../../../src/core/checks/check.js";
import { check as crossVendorField } from "../../../src/core/checks/cross-vendor-field.js";
import { check as duplicateRuleId } from "../../../src/core/checks/duplicate-rule-id.js";
import { check as sanctionsFloor } from "../../../src/core/checks/sanctions-floor.js";
import { check as scopeField } from "../../../src/core/checks/scope-field.js";
import { check as serverManagedField } from "../../../src/core/checks/server-managed-field.js";
import { check as terminalAllow } from "../../../src/core/checks/terminal-allow.js";
import { check as tokenBySymbol } from "../../../src/core/checks/token-by-symbol.js";
import { check as unknownSchemaVersion } from "../../../src/core/checks/unknown-schema-version.js";
import { check as unreachableRule } from "../../../src/core/checks/unreachable-rule.js";
import { VENDORS, SCOPES } from "../../../src/core/vendors.js";
import { context, policyFile } from "./policy-check-helpers.js";

const CHECKS: FileCheck[] = [
  sanctionsFloor, crossVendorField, serverManagedField, unknownSchemaVersion, scopeField, tokenBySymbol, duplicateRuleId, terminalAllow, unreachableRule,
];

/** Builds a map with own keys only, `__proto__` included, as the YAML loader does. */
function record(pairs: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of pairs) Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const junk = fc.oneof(
  fc.constantFrom(null, true, 0, 1, 2, 3, -1, 1.5, Number.NaN, "", "ALLOW", "BLOCK", "low", "USDC", "sanctions", "mixer", "mixing_service", "x", [], {}),
  fc.string({ maxLength: 8 }),
);
/** A part of the policy: its right shape, or junk. */
const part = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<unknown> => fc.oneof(right, junk);
const mapOf = (keys: string[], value: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.array(fc.tuple(fc.constantFrom(...keys, "__proto__", "constructor"), value), { maxLength: 4 }).map(record);

const bound = mapOf(["gte", "lte", "atLeast", "category", "direction", "minPercent", "riskType", "minVolumeUsd"], junk);
const conditions = mapOf(["riskScore", "riskLevel", "exposure", "indicator", "cluster", "entity", "sanctions"], part(bound));
const when = fc.oneof(conditions, mapOf(["anyOf", "riskScore", "riskLevel"], part(fc.array(part(conditions), { maxLength: 3 }))), junk);
const rule = mapOf(["id", "when", "action", "description"], fc.oneof(when, junk));
const token = mapOf(["chain", "networkId", "contractAddress", "symbol"], junk);
const preScreen = mapOf(["chains", "tokens", "minAmountUsd", "exposureDepth", "includeIndirect", "OFAC"], part(fc.array(part(token), { maxLength: 3 })));
const rules = mapOf(["preScreen", "postScreen"], fc.oneof(preScreen, fc.array(part(rule), { maxLength: 5 }), junk));
const policy = mapOf(["providerType", "scope", "schemaVersion", "enabled", "rules", "revision", "updatedAt"], part(rules));

function pathLeadsIntoData(data: unknown, path: ReadonlyArray<string | number>): boolean {
  let node = data;
  for (const segment of path) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return true;
}

describe("policy checks on any policy-shaped data", () => {
  for (const check of CHECKS) {
    it(check.code, () => {
      fc.assert(
        fc.property(policy, fc.constantFrom(...VENDORS, undefined), fc.constantFrom(...SCOPES, undefined), fc.boolean(), (data, vendor, scope, cyclic) => {
          // A YAML anchor can make a map contain itself.
          if (cyclic && typeof data === "object" && data !== null) Object.defineProperty(data, "self", { value: data, enumerable: true });
          const findings = check.run(policyFile(data, { vendor, scope }), context);
          for (const finding of findings) {
            expect(finding.code).toBe(check.code);
            expect(pathLeadsIntoData(data, finding.path)).toBe(true);
          }
        }),
        { numRuns: 400 },
      );
    });
  }
});
