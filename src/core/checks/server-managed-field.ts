/**
 * server-managed-field (policy-language.md section 2): `revision`,
 * `addressEntryCount` and `updatedAt` are fields of the stored ScreeningPolicy
 * (admin-api.md) that only the service sets. `revision` travels in the plan as
 * the precondition of a push (toolkit.md), the other two are derived; a copy in a
 * file goes stale and suggests it can be edited.
 *
 * Top level only: these are fields of the policy resource, not of rules. An
 * addresses file is sent as `{revision, entries}` (toolkit.md), so `revision` is
 * server-managed there as well; `addressEntryCount` and `updatedAt` are not fields
 * of an address entry set, and the schema reports them as unknown there.
 */
import { isRecord } from "../config.js";
import type { FileKind } from "../layout.js";
import type { FileCheck, Finding } from "./check.js";

const MESSAGES: Readonly<Record<string, string>> = {
  revision: "revision is managed by the service and never appears in a file: the plan carries the base revision",
  addressEntryCount:
    "addressEntryCount is managed by the service and never appears in a file: it is derived from the address entries (addresses.yaml)",
  updatedAt: "updatedAt is managed by the service and never appears in a file: the service sets it on every change",
};

const FIELDS: Partial<Record<FileKind, readonly string[]>> = {
  policy: ["revision", "addressEntryCount", "updatedAt"],
  addresses: ["revision"],
};

export const check: FileCheck = {
  code: "server-managed-field",
  appliesTo: ["policy", "addresses"],
  run(file) {
    const findings: Finding[] = [];
    for (const field of FIELDS[file.kind] ?? []) {
      if (!isRecord(file.data) || !Object.hasOwn(file.data, field)) continue;
      findings.push({ code: "server-managed-field", path: [field], message: MESSAGES[field] ?? `${field} is managed by the service`, target: "key" });
    }
    return findings;
  },
};
