/**
 * ISO 8601 dates and date-times as `expiresAt` takes them (addresses.schema.json):
 * `2027-10-01`, `2027-10-01T00:00:00Z`, with optional seconds, fraction and offset.
 * The schema's pattern checks the shape; this checks that the date is on the
 * calendar and the time on the clock, and says what is wrong when it is not.
 *
 * - Days per month with Gregorian leap years (2028-02-29 exists, 2027-02-29 does not).
 * - Hours 00..23, minutes and seconds 00..59. `T24:00:00` (ISO 8601's "end of
 *   day") is refused: it names the same instant as the next day's T00:00:00, and
 *   one spelling per instant keeps reviews and diffs honest. A leap second
 *   (`:60`) is refused too: no clock that compares expiries can represent it, and
 *   an expiry never needs to sit on one.
 * - Offsets up to ±23:59.
 */

export type IsoDateReading =
  /** Epoch milliseconds; a date or a date-time without an offset is UTC. */
  | { ok: true; time: number }
  /** `problem` says what is off the calendar or the clock; undefined when the text is not in the shape at all (the schema's pattern says so). */
  | { ok: false; problem?: string };

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

const MONTH_NAMES = [
  "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
] as const;

/**
 * Reads a date or date-time, never as the local time of whoever runs the linter:
 * the result must be the same on every machine and in CI.
 */
export function readIsoDateTime(text: string): IsoDateReading {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return { ok: false };
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", offset = "Z"] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour);
  const mi = Number(minute);
  const s = Number(second);
  if (mo < 1 || mo > 12) return { ok: false, problem: `there is no month ${month} (months run 01 to 12)` };
  const days = daysInMonth(y, mo);
  if (d < 1) return { ok: false, problem: `there is no day ${day} (days start at 01)` };
  if (d > days) {
    const name = MONTH_NAMES[mo - 1]!;
    return { ok: false, problem: `${mo === 2 ? `${name} ${year}` : name} has ${days} days` };
  }
  if (h > 23) return { ok: false, problem: `there is no hour ${hour} (hours run 00 to 23; for the end of a day write the next day at 00:00)` };
  if (mi > 59) return { ok: false, problem: `there is no minute ${minute} (minutes run 00 to 59)` };
  if (s > 59) return { ok: false, problem: `there is no second ${second} (seconds run 00 to 59; leap seconds are not accepted)` };
  let offsetMinutes = 0;
  if (offset !== "Z" && offset !== "z") {
    const digits = offset.slice(1).replace(":", "");
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2, 4));
    if (hours > 23 || minutes > 59) return { ok: false, problem: `the offset ${offset} is out of range (at most ±23:59)` };
    offsetMinutes = (offset.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
  }
  const ms = fraction === "" ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  let time = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC maps years 0..99 to 1900..1999.
  if (y < 100) time = new Date(time).setUTCFullYear(y);
  return { ok: true, time: time - offsetMinutes * 60_000 };
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && isLeap ? 29 : DAYS_IN_MONTH[month - 1]!;
}
