/**
 * The parser of a `--now` flag: an ISO 8601 date or date-time as `expiresAt`
 * takes them (a date alone is midnight UTC), so the clock a user sets reads
 * exactly like the expiries it is compared with. A refusal is commander's one
 * line naming the flag (exit 2).
 */
import { InvalidArgumentError } from "commander";
import { readIsoDateTime } from "../core/iso-date.js";

export function isoDateTime(text: string): Date {
  const reading = readIsoDateTime(text);
  if (!reading.ok) throw new InvalidArgumentError(`It must be an ISO 8601 date or date-time, e.g. 2027-03-31 or 2027-03-31T12:00:00Z${reading.problem ? ` (${reading.problem})` : ""}.`);
  return new Date(reading.time);
}
