/**
 * unknown-schema-version (policy-language.md section 4): `schemaVersion` selects
 * the rule schema, and only 1 and 2 exist. Any other value of any type (3, 1.5,
 * the string "1", true, a list) is this finding, at the value. A missing
 * schemaVersion is not: the schema reports the missing required field. The
 * runner then validates the rest against the newest schema and drops the schema's
 * own finding at schemaVersion, so there is one diagnostic, this one.
 */
import { isRecord } from "../config.js";
import { describe } from "../validate.js";
import { isSchemaVersion } from "../vendors.js";
import type { FileCheck } from "./check.js";

const KNOWN = "this toolkit reads schemaVersion 1 and 2";

export const check: FileCheck = {
  code: "unknown-schema-version",
  appliesTo: ["policy"],
  run(file) {
    if (!isRecord(file.data) || !Object.hasOwn(file.data, "schemaVersion")) return [];
    const version = file.data.schemaVersion;
    if (isSchemaVersion(version)) return [];
    return [{ code: "unknown-schema-version", path: ["schemaVersion"], message: unknownMessage(version), target: "value" }];
  },
};

function unknownMessage(version: unknown): string {
  if (version === null || version === undefined) return `schemaVersion is empty; ${KNOWN}`;
  let hint = "";
  // "1" in quotes is text in YAML: the intended number is obvious, say so.
  if (typeof version === "string" && isSchemaVersion(Number(version.trim())) && version.trim() !== "") {
    hint = ` (remove the quotes: ${version.trim()})`;
  }
  return `schemaVersion ${describe(version)} is not known; ${KNOWN}${hint}`;
}
