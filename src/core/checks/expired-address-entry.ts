/**
 * expired-address-entry (policy-language.md section 6, a warning): an address
 * entry whose `expiresAt` has passed. The exception was reviewed until that date;
 * past it nobody has re-reviewed it.
 */
import { isRecord } from "../config.js";
import { readIsoDateTime } from "../iso-date.js";
import type { CheckContext, CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "expired-address-entry",
  appliesTo: ["addresses"],
  run(file: CheckedFile, context: CheckContext): Finding[] {
    const entries = isRecord(file.data) ? file.data.entries : undefined;
    if (!Array.isArray(entries)) return [];
    const now = context.now.getTime();
    const findings: Finding[] = [];
    entries.forEach((entry: unknown, index) => {
      if (!isRecord(entry) || typeof entry.expiresAt !== "string") return;
      const expiry = parseExpiry(entry.expiresAt);
      if (expiry === undefined || expiry > now) return;
      findings.push({
        code: "expired-address-entry",
        path: ["entries", index, "expiresAt"],
        message: `expired on ${entry.expiresAt}: this entry no longer applies; remove it or extend it after review`,
      });
    });
    return findings;
  },
};

/**
 * `expiresAt` -> epoch milliseconds, or undefined when it is not a real date or
 * not in the format: schema-calendar-date and the schema's pattern report those
 * as errors, so an impossible date never passes as an entry that never expires.
 */
export function parseExpiry(text: string): number | undefined {
  const reading = readIsoDateTime(text);
  return reading.ok ? reading.time : undefined;
}
