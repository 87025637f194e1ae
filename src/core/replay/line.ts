/**
 * One line of a replay file (semantics.md section 4) read into a screening of
 * one (environment, vendor, scope), or why it is not one. A line names its own
 * subject with `environment`, `providerType` and `scope`, or the flags supply
 * what it leaves out; a line of a subject the flags do not ask for is filtered
 * out, not bad. Pure: the line's text comes in, the stream that carried it is
 * the workspace's business.
 */
import { formatPath } from "../diagnostic.js";
import { readScreening, type UnknownValue } from "../semantics/screening-input.js";
import type { Screening } from "../semantics/signals.js";
import { describe } from "../validate.js";
import { isScope, isVendor, SCOPES, VENDORS, type Scope, type Vendor } from "../vendors.js";

/** The policy a screening is decided against: one (environment, vendor, scope). */
export interface ReplaySubject {
  environment: string;
  providerType: Vendor;
  scope: Scope;
}

export interface ReplayLineContext {
  /** `--env`, `--vendor`, `--scope`: what a line leaves out, and the only subject a line may name. */
  filter: Partial<ReplaySubject>;
  /** The environments screenpol.config.yaml declares. */
  environments: readonly string[];
  /** `refuse` under `--strict`: a category the vendor's list does not have makes the line bad. */
  unknownCategories: "accept" | "refuse";
}

export type ReplayLineReading =
  | { kind: "screening"; subject: ReplaySubject; screening: Screening; unknownValues?: UnknownValue[] }
  | { kind: "filtered" }
  | { kind: "bad"; error: string };

const FILTERED: ReplayLineReading = { kind: "filtered" };

/** The members of a line that name its subject, with the flag that stands in for each. */
const IDENTITY = [
  { member: "environment", flag: "--env", noun: "environment" },
  { member: "providerType", flag: "--vendor", noun: "vendor" },
  { member: "scope", flag: "--scope", noun: "scope" },
] as const;

/** Reads one non-blank line. */
export function readReplayLine(text: string, context: ReplayLineContext): ReplayLineReading {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { kind: "bad", error: describeJsonError(error) };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return { kind: "bad", error: `not a screening: a JSON ${data === null ? "null" : Array.isArray(data) ? "array" : typeof data}, not an object` };
  }
  const line = data as Record<string, unknown>;
  const identity: Partial<Record<(typeof IDENTITY)[number]["member"], string>> = {};
  for (const { member, flag, noun } of IDENTITY) {
    const given = Object.hasOwn(line, member) ? line[member] : undefined;
    const flagged = context.filter[member];
    if (given === undefined) {
      if (flagged === undefined) return { kind: "bad", error: `no ${noun}: the line has no "${member}" and ${flag} is not given` };
      identity[member] = flagged;
    } else if (typeof given !== "string") {
      return { kind: "bad", error: `${member}: must be a string, not ${describeNonString(given)}` };
    } else if (flagged !== undefined && given !== flagged) {
      return FILTERED;
    } else {
      identity[member] = given;
    }
  }
  const { environment, providerType, scope } = identity as Record<(typeof IDENTITY)[number]["member"], string>;
  if (!context.environments.includes(environment)) {
    return { kind: "bad", error: `environment: ${describe(environment)} is not declared in screenpol.config.yaml (declared: ${context.environments.join(", ") || "none"})` };
  }
  if (!isVendor(providerType)) return { kind: "bad", error: `providerType: ${describe(providerType)} is not one of ${VENDORS.join(", ")}` };
  if (!isScope(scope)) return { kind: "bad", error: `scope: ${describe(scope)} is not one of ${SCOPES.join(", ")}` };
  // The screening's schema knows `scope` but not the other two: they name the policy, not the screening.
  const screening = Object.hasOwn(line, "environment") || Object.hasOwn(line, "providerType") ? withoutPolicyNames(line) : line;
  const reading = readScreening(screening, providerType, scope, [], { unknownCategories: context.unknownCategories });
  if (!reading.ok) {
    const [first, ...rest] = reading.findings;
    const where = first!.path.length === 0 ? "" : `${formatPath(first!.path)}: `;
    return { kind: "bad", error: `${where}${first!.message}${rest.length === 0 ? "" : ` (and ${rest.length} more problem${rest.length === 1 ? "" : "s"})`}` };
  }
  const subject = { environment, providerType, scope };
  return reading.unknownValues
    ? { kind: "screening", subject, screening: reading.screening, unknownValues: reading.unknownValues }
    : { kind: "screening", subject, screening: reading.screening };
}

function withoutPolicyNames(line: Record<string, unknown>): Record<string, unknown> {
  const { environment: _environment, providerType: _providerType, ...screening } = line;
  return screening;
}

function describeNonString(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "a list" : typeof value === "object" ? "a map" : String(value);
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
