/**
 * One line of a replay file (semantics.md section 4) read into a screening, or
 * the one readable reason it is not one. Pure: the line's text comes in, the
 * stream that carried it is the workspace's business.
 */
import { formatPath } from "../diagnostic.js";
import { readScreening } from "../semantics/screening-input.js";
import type { Screening } from "../semantics/signals.js";
import type { Scope, Vendor } from "../vendors.js";

export type ReplayLineReading = { ok: true; screening: Screening } | { ok: false; error: string };

/** Reads one non-blank line for a policy of `vendor` and `scope`. */
export function readReplayLine(text: string, vendor: Vendor, scope: Scope): ReplayLineReading {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: describeJsonError(error) };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return { ok: false, error: `not a screening: a JSON ${data === null ? "null" : Array.isArray(data) ? "array" : typeof data}, not an object` };
  }
  const reading = readScreening(data, vendor, scope);
  if (reading.ok) return reading;
  const [first, ...rest] = reading.findings;
  const where = first!.path.length === 0 ? "" : `${formatPath(first!.path)}: `;
  return { ok: false, error: `${where}${first!.message}${rest.length === 0 ? "" : ` (and ${rest.length} more problem${rest.length === 1 ? "" : "s"})`}` };
}

/**
 * V8's JSON.parse messages quote the input back ("... is not valid JSON"):
 * a screening line may be long, and it is data, so only the position is kept.
 */
function describeJsonError(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  if (/end of JSON input/i.test(message)) return "not valid JSON: it ends early";
  const position = /at position (\d+)/.exec(message);
  return position ? `not valid JSON at column ${Number(position[1]) + 1}` : "not valid JSON";
}
