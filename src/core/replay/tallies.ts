/**
 * Partial tallies (docs/replay.md, "Tallies"): what the SQL of one policy
 * returns for one shard of the input (one file), enough for the report and
 * nothing decided twice. The Ray engine's workers, the Spark job and
 * `replay --tallies-out` produce them; `replay --merge` and the Ray engine feed
 * them, shard after shard, into the one tally (core/replay/tally.ts), so every
 * engine's report comes out of the same merge and the same formatter.
 *
 * Row numbers in a shard are the shard's own, from 1; a shard's `rows` moves
 * the next shard's numbers on, so shards fed in file order number their rows
 * as one run over all the files numbers them.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { isScope, isVendor, type Scope, type Vendor } from "../vendors.js";

export const TALLIES_FORMAT = "screenpol-replay-tallies";
export const TALLIES_VERSION = 1;

/** The screenings of one (base step, base entry action, head step, head entry action): decided alike by SQL. */
export interface TalliesGroup {
  baseStep: number;
  baseEntry: string | null;
  headStep: number;
  headEntry: string | null;
  count: number;
  /** The group's first row numbers, up to the tallies' `samples`, ascending. */
  firstLines: number[];
}

/** A row SQL cannot vouch for: the JavaScript line reader decides it or words why it is bad. */
export interface TalliesReaderRow {
  line: number;
  text: string;
}

export interface TalliesShard {
  /** The file the shard read, for messages. */
  source: string;
  /** Rows read (JSON lines: every line, blank ones too), which the next shard's row numbers follow. */
  rows: number;
  /** Lines of another policy, left out as the flags leave them out. */
  filtered: number;
  groups: TalliesGroup[];
  rowsForReader: TalliesReaderRow[];
  /** True when `rowsForReader` texts are Parquet rows as JSON (a NULL is an absent member, docs/replay.md "The column layout"). */
  typed: boolean;
}

export interface ReplayTallies {
  format: typeof TALLIES_FORMAT;
  version: typeof TALLIES_VERSION;
  environment: string;
  providerType: Vendor;
  scope: Scope;
  /** Of both versions' SQL at `now` (talliesFingerprint): tallies of other versions, or another clock, are refused. */
  fingerprint: string;
  /** The clock address entries' expiresAt was read against, ISO 8601. */
  now: string;
  /** The most first lines a group carries: a merge lists at most this many samples. */
  samples: number;
  shards: TalliesShard[];
}

/** What the fingerprint is of: the DuckDB replay SQL of both versions (core/semantics/sql), which holds the clock. */
export function talliesFingerprint(replaySql: string): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(replaySql)))}`;
}

export type TalliesReading = { ok: true; tallies: ReplayTallies } | { ok: false; error: string };

/** A tallies file's text, checked member by member: the first thing wrong, in one line. */
export function readTallies(text: string): TalliesReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: "not JSON" };
  }
  if (!isObject(value) || value.format !== TALLIES_FORMAT) return { ok: false, error: `not a tallies file (no "format": "${TALLIES_FORMAT}")` };
  if (value.version !== TALLIES_VERSION) return { ok: false, error: `tallies version ${JSON.stringify(value.version)}, this screenpol reads version ${TALLIES_VERSION}` };
  const wrong = (path: string, what: string): TalliesReading => ({ ok: false, error: `${path} must be ${what}` });
  if (typeof value.environment !== "string" || value.environment === "") return wrong("environment", "a non-empty string");
  if (typeof value.providerType !== "string" || !isVendor(value.providerType)) return wrong("providerType", "a vendor");
  if (typeof value.scope !== "string" || !isScope(value.scope)) return wrong("scope", "SIGN_IN or TRANSACTION");
  if (typeof value.fingerprint !== "string" || !/^sha256:[0-9a-f]{64}$/.test(value.fingerprint)) return wrong("fingerprint", "sha256: and 64 hex digits");
  if (typeof value.now !== "string" || Number.isNaN(Date.parse(value.now))) return wrong("now", "an ISO 8601 date-time");
  if (!isCount(value.samples)) return wrong("samples", "a whole number");
  if (!Array.isArray(value.shards)) return wrong("shards", "a list");
  for (const [index, shard] of value.shards.entries()) {
    const at = `shards[${index}]`;
    if (!isObject(shard)) return wrong(at, "an object");
    if (typeof shard.source !== "string") return wrong(`${at}.source`, "a string");
    if (!isCount(shard.rows)) return wrong(`${at}.rows`, "a whole number");
    if (!isCount(shard.filtered)) return wrong(`${at}.filtered`, "a whole number");
    if (typeof shard.typed !== "boolean") return wrong(`${at}.typed`, "true or false");
    if (!Array.isArray(shard.groups)) return wrong(`${at}.groups`, "a list");
    for (const [number, group] of shard.groups.entries()) {
      const where = `${at}.groups[${number}]`;
      if (!isObject(group)) return wrong(where, "an object");
      for (const name of ["baseStep", "headStep", "count"] as const) if (!isCount(group[name])) return wrong(`${where}.${name}`, "a whole number");
      for (const name of ["baseEntry", "headEntry"] as const) if (group[name] !== null && group[name] !== "ALLOW" && group[name] !== "BLOCK") return wrong(`${where}.${name}`, "ALLOW, BLOCK or null");
      const lines = group.firstLines;
      if (!Array.isArray(lines) || !lines.every((line) => isRowNumber(line, shard.rows as number))) return wrong(`${where}.firstLines`, `a list of row numbers from 1 to the shard's rows`);
      if (lines.length > (value.samples as number) || lines.length > (group.count as number)) return wrong(`${where}.firstLines`, "at most samples and count row numbers");
    }
    if (!Array.isArray(shard.rowsForReader)) return wrong(`${at}.rowsForReader`, "a list");
    for (const [number, row] of shard.rowsForReader.entries()) {
      if (!isObject(row) || !isRowNumber(row.line, shard.rows as number) || typeof row.text !== "string") return wrong(`${at}.rowsForReader[${number}]`, "a row number and its text");
    }
  }
  return { ok: true, tallies: value as unknown as ReplayTallies };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isRowNumber(value: unknown, rows: number): boolean {
  return isCount(value) && value >= 1 && value <= rows;
}
