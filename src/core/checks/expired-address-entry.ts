/**
 * expired-address-entry (policy-language.md section 6, a warning): an address
 * entry whose `expiresAt` has passed. The exception was reviewed until that date;
 * past it nobody has re-reviewed it.
 */
import { isRecord } from "../config.js";
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

/** The format of addresses.schema.json `expiresAt`: an ISO 8601 date or date-time. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `expiresAt` -> epoch milliseconds, or undefined when it is not a real date (the
 * schema reports the format). A date or a date-time without an offset is read as
 * UTC, never as the local time of whoever runs the linter: the result must be the
 * same on every machine and in CI.
 */
export function parseExpiry(text: string): number | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour = "0", minute = "0", second = "0", fraction = "", offset = "Z"] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return undefined;
  const ms = fraction === "" ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  let time = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC maps years 0..99 to 1900..1999.
  if (y < 100) time = new Date(time).setUTCFullYear(y);
  if (offset !== "Z" && offset !== "z") {
    const sign = offset.startsWith("-") ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = Number(digits.slice(2, 4));
    if (offsetHours > 23 || offsetMinutes > 59) return undefined;
    time -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return time;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && isLeap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}
