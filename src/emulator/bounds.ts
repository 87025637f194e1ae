/**
 * Every numeric bound of the emulator, defined once: the CLI's flags, the
 * admin endpoints' bodies and the state file are all checked against these, so
 * a number the emulator refuses at one door cannot come in by another (a
 * state file with `catalog.size: 1e9` would otherwise allocate a billion
 * tokens at the first catalog request).
 */
import { MAX_DEPTH } from "../core/document.js";

/** An inclusive range of integers. */
export interface IntegerRange {
  readonly min: number;
  readonly max: number;
}

/** `--port`, `listen(port)`: 0 asks the system for any free port. */
export const PORT_RANGE: IntegerRange = { min: 0, max: 65_535 };

/**
 * `--catalog-size`, `seed.catalogSize`, the state file's `catalog.size`, and
 * the length of its `upserts` and `removed` lists: beyond 200,000 the state
 * and memory grow for no test's benefit.
 */
export const CATALOG_SIZE_RANGE: IntegerRange = { min: 0, max: 200_000 };

/** A stored revision (policies, address entries): any safe integer from 0. */
export const REVISION_RANGE: IntegerRange = { min: 0, max: Number.MAX_SAFE_INTEGER };

/** The revision an edit is based on: every edit stores it plus one, which must stay in {@link REVISION_RANGE}. */
export const EDITABLE_REVISION_RANGE: IntegerRange = { min: REVISION_RANGE.min, max: REVISION_RANGE.max - 1 };

/** A user's registered MFA devices (the seed gives one to three; operation 4 sets 0). */
export const MFA_DEVICE_COUNT_RANGE: IntegerRange = { min: 0, max: 100 };

/** A catalog token's `decimals`: ERC-20 stores them in a uint8. */
export const TOKEN_DECIMALS_RANGE: IntegerRange = { min: 0, max: 255 };

/** A catalog token's `networkId`: any safe integer (chain ids are positive, but the interface says only "integer"). */
export const NETWORK_ID_RANGE: IntegerRange = { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER };

/** A fault's `count` when not `"always"`. */
export const FAULT_COUNT_RANGE: IntegerRange = { min: 1, max: Number.MAX_SAFE_INTEGER };

/** A fault's `retryAfter`, in seconds: an hour outlasts any test. */
export const FAULT_RETRY_AFTER_RANGE: IntegerRange = { min: 0, max: 3600 };

/** A `delay` fault, in milliseconds: long enough to outlast any client timeout in a test, short enough to end. */
export const FAULT_DELAY_MS_RANGE: IntegerRange = { min: 0, max: 120_000 };

/**
 * How deep a request body may nest arrays and objects, the body itself being
 * level 1: the linter's bound on a policy file (core/document.ts). No legal
 * body comes near it (the deepest, a v2 rule's `anyOf`, is 8 levels), and
 * every walk after the scan (lint, clone, serialize) may rely on it.
 */
export const MAX_BODY_DEPTH = MAX_DEPTH;

/**
 * How deep the state file may nest: a body's members are stored two levels
 * down (`policies[i].rules`), so every state the emulator writes loads again.
 */
export const MAX_STATE_DEPTH = MAX_BODY_DEPTH + 2;

/** Whether `value` is an integer in `range`. */
export function isInRange(value: unknown, range: IntegerRange): value is number {
  return Number.isSafeInteger(value) && (value as number) >= range.min && (value as number) <= range.max;
}

/** "an integer from 0 to 200000", for messages. */
export function describeRange(range: IntegerRange): string {
  if (range.max === Number.MAX_SAFE_INTEGER) return range.min === Number.MIN_SAFE_INTEGER ? "an integer" : `an integer of at least ${range.min}`;
  return `an integer from ${range.min} to ${range.max}`;
}

/** `name is <value>, not <range>` when `value` is out of `range`; undefined when it is in. */
export function rangeProblem(name: string, value: unknown, range: IntegerRange): string | undefined {
  if (isInRange(value, range)) return undefined;
  return `${name} is ${shown(value)}, not ${describeRange(range)}`;
}

function shown(value: unknown): string {
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "an object";
  const text = typeof value === "number" ? String(value) : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
