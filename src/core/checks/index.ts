/**
 * The ordered registry of checks. Order matters only for readability of output
 * with equal positions; the runner sorts by position anyway.
 */
import type { CheckedFile, FileCheck, ProjectCheck } from "./check.js";
import { isRecord } from "../config.js";
import { check as sanctionsFloor } from "./sanctions-floor.js";
import { check as crossVendorField } from "./cross-vendor-field.js";
import { check as serverManagedField } from "./server-managed-field.js";
import { check as unknownSchemaVersion } from "./unknown-schema-version.js";
import { check as pathMismatch } from "./path-mismatch.js";
import { check as scopeField } from "./scope-field.js";
import { check as tokenBySymbol } from "./token-by-symbol.js";
import { check as unknownToken } from "./unknown-token.js";
import { check as duplicateRuleId } from "./duplicate-rule-id.js";
import { check as terminalAllow } from "./terminal-allow.js";
import { check as unreachableRule } from "./unreachable-rule.js";
import { check as shadowedRule } from "./shadowed-rule.js";
import { check as addressFormat } from "./address-format.js";
import { check as duplicateAddressEntry } from "./duplicate-address-entry.js";
import { check as expiredAddressEntry } from "./expired-address-entry.js";
import { check as webhookUrl } from "./webhook-url.js";
import { check as webhookEvent } from "./webhook-event.js";
import { check as placeholderEnvironmentId } from "./placeholder-environment-id.js";
import { check as secretInFile } from "./secret-in-file.js";
import { check as schemaCalendarDate } from "./schema-calendar-date.js";
import { check as schemaBaseUrl } from "./schema-base-url.js";
import { check as duplicatePolicy } from "./duplicate-policy.js";
import { check as unknownPolicy } from "./unknown-policy.js";

export const FILE_CHECKS: readonly FileCheck[] = [
  sanctionsFloor,
  crossVendorField,
  serverManagedField,
  unknownSchemaVersion,
  pathMismatch,
  scopeField,
  tokenBySymbol,
  unknownToken,
  duplicateRuleId,
  terminalAllow,
  unreachableRule,
  shadowedRule,
  addressFormat,
  duplicateAddressEntry,
  expiredAddressEntry,
  webhookUrl,
  webhookEvent,
  placeholderEnvironmentId,
  secretInFile,
  schemaCalendarDate,
  schemaBaseUrl,
];

export const PROJECT_CHECKS: readonly ProjectCheck[] = [duplicatePolicy, unknownPolicy];

/**
 * The top-level fields of a file's data that PROJECT_CHECKS read: duplicate-policy
 * asks whether `providerType` or `scope` is there (to place its finding),
 * unknown-policy reads a test file's `environment`, `providerType` and `scope`.
 * A check added there that reads more must add it here: the lint cache keeps
 * only these of each file (app/lint-cache.ts), not the whole document.
 */
const PROJECT_CHECK_FIELDS = ["environment", "providerType", "scope"] as const;

/** `file` with its data cut to what PROJECT_CHECKS read; the cross-file checks give the same findings over it. */
export function projectCheckInputs(file: CheckedFile): CheckedFile {
  if (!isRecord(file.data)) return file;
  const data: Record<string, unknown> = {};
  for (const field of PROJECT_CHECK_FIELDS) if (Object.hasOwn(file.data, field)) data[field] = file.data[field];
  return { ...file, data };
}
