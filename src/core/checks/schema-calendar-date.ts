/**
 * schema, for what the JSON Schema cannot say: an address entry's `expiresAt`
 * in the right shape but not on the calendar or the clock (`2027-02-30`,
 * `2027-13-01`, `2020-04-31`, `T24:00:00Z`). Without this it would pass the
 * pattern, never compare as past, and the exception would never expire
 * (policy-language.md section 6). Reported at the value as a `schema` error; a
 * value not in the shape at all is the pattern's finding, not repeated here.
 */
import { isRecord } from "../config.js";
import { readIsoDateTime } from "../iso-date.js";
import type { FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "schema",
  appliesTo: ["addresses"],
  run(file) {
    const entries = isRecord(file.data) ? file.data.entries : undefined;
    if (!Array.isArray(entries)) return [];
    const findings: Finding[] = [];
    entries.forEach((entry: unknown, index) => {
      if (!isRecord(entry) || typeof entry.expiresAt !== "string") return;
      const reading = readIsoDateTime(entry.expiresAt);
      if (reading.ok || reading.problem === undefined) return;
      findings.push({
        code: "schema",
        path: ["entries", index, "expiresAt"],
        message: `${JSON.stringify(entry.expiresAt)} is not a real date: ${reading.problem}`,
        target: "value",
      });
    });
    return findings;
  },
};
