/**
 * Client-side checks of query parameters against the limits of admin-api.md,
 * done before any request so the user gets a precise {@link UsageError} instead
 * of a bare 400. Each returns the URLSearchParams to send.
 */
import {
  CATALOG_PAGE_LIMIT,
  ONRAMP_ALLOWED_CHARACTER,
  ONRAMP_ALLOWED_DESCRIPTION,
  ONRAMP_QUERY_PARAMETERS,
  ONRAMP_STRING_PARAMETERS,
  USER_FILTER_COLUMNS,
  USER_ORDER_COLUMNS,
  USER_ORDER_PATTERN,
  USERS_PAGE_LIMIT,
  QUERY_VALUE_MAX_LENGTH,
  TOKEN_CATALOG_QUERY,
  USERS_QUERY,
} from "../contract/wire.js";
import { UsageError } from "./errors.js";
import type { OnrampQuery, TokenCatalogPageQuery, UsersQuery } from "./types.js";

/** Longest opaque string (cursor, ETag) we pass back; far above anything a server hands out. */
const OPAQUE_MAX_LENGTH = 4096;

export function catalogPageSearchParams(query: TokenCatalogPageQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.limit !== undefined) {
    assertIntegerInRange(query.limit, "limit", CATALOG_PAGE_LIMIT.min, CATALOG_PAGE_LIMIT.max);
    params.set(TOKEN_CATALOG_QUERY.limit, String(query.limit));
  }
  if (query.cursor !== undefined) {
    assertOpaqueString(query.cursor, "cursor");
    params.set(TOKEN_CATALOG_QUERY.cursor, query.cursor);
  }
  if (query.ifNoneMatch !== undefined) assertOpaqueString(query.ifNoneMatch, "ifNoneMatch");
  return params;
}

/** Query of the enabled onramps, in the vendor's order (contract/wire.ts, ONRAMP_QUERY_PARAMETERS). */
export function onrampSearchParams(query: OnrampQuery): URLSearchParams {
  const params = new URLSearchParams();
  const known = new Set<string>(ONRAMP_QUERY_PARAMETERS);
  for (const name of Object.keys(query)) {
    if (!known.has(name)) {
      throw new UsageError(`unknown onramp parameter ${JSON.stringify(name)}; known: ${ONRAMP_QUERY_PARAMETERS.join(", ")}`, {
        parameter: name,
      });
    }
  }
  const strings = new Set<string>(ONRAMP_STRING_PARAMETERS);
  for (const name of ONRAMP_QUERY_PARAMETERS) {
    const value: unknown = query[name];
    // An empty string filters on nothing; sending it would only invite the server to misread it.
    if (value === undefined || value === "") continue;
    if (strings.has(name)) {
      if (typeof value !== "string") throw new UsageError(`${name} must be a string`, { parameter: name });
      assertOnrampValue(value, name);
    } else if (name === "tokenAmount") {
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
        throw new UsageError(`tokenAmount must be a non-negative number, not ${formatValue(value)}`, { parameter: name });
      }
    } else if (typeof value !== "boolean") {
      throw new UsageError(`${name} must be true or false`, { parameter: name });
    }
    // String(), as the vendor's runtime writes numbers and booleans.
    params.set(name, String(value));
  }
  return params;
}

function assertOnrampValue(value: string, name: string): void {
  const characters = [...value];
  if (characters.length > QUERY_VALUE_MAX_LENGTH) {
    throw new UsageError(`${name} is ${characters.length} characters long; at most ${QUERY_VALUE_MAX_LENGTH} are allowed`, {
      parameter: name,
    });
  }
  characters.forEach((character, index) => {
    if (!ONRAMP_ALLOWED_CHARACTER.test(character)) {
      throw new UsageError(
        `${name} contains ${describeCharacter(character)} at position ${index + 1}; allowed are ${ONRAMP_ALLOWED_DESCRIPTION}`,
        { parameter: name },
      );
    }
  });
}

/** Query of a users page, as the vendor's client writes it (contract/wire.ts, USERS_QUERY). */
export function usersSearchParams(query: UsersQuery): URLSearchParams {
  const params = new URLSearchParams();
  if ((query.filterColumn === undefined) !== (query.filterValue === undefined)) {
    throw new UsageError("filterColumn and filterValue go together: give both or neither", {
      parameter: query.filterColumn === undefined ? "filterColumn" : "filterValue",
    });
  }
  if (query.filterColumn !== undefined && query.filterValue !== undefined) {
    if (typeof query.filterColumn !== "string" || !(USER_FILTER_COLUMNS as readonly string[]).includes(query.filterColumn)) {
      throw new UsageError(`filterColumn must be one of ${USER_FILTER_COLUMNS.join(", ")}`, { parameter: "filterColumn" });
    }
    const value: unknown = query.filterValue;
    if (typeof value !== "string") throw new UsageError("filterValue must be a string", { parameter: "filterValue" });
    if ([...value].length > QUERY_VALUE_MAX_LENGTH) {
      throw new UsageError(`filterValue is longer than ${QUERY_VALUE_MAX_LENGTH} characters`, { parameter: "filterValue" });
    }
    const control = [...value].findIndex((character) => isControl(character));
    if (control >= 0) {
      throw new UsageError(`filterValue contains ${describeCharacter([...value][control] ?? "")} at position ${control + 1}`, {
        parameter: "filterValue",
      });
    }
    params.set(USERS_QUERY.filterColumn, query.filterColumn);
    params.set(USERS_QUERY.filterValue, value);
  }
  if (query.orderBy !== undefined) {
    const match = typeof query.orderBy === "string" ? USER_ORDER_PATTERN.exec(query.orderBy) : null;
    if (!match || !(USER_ORDER_COLUMNS as readonly string[]).includes(match[1]!)) {
      throw new UsageError(`orderBy must be one of ${USER_ORDER_COLUMNS.join(", ")}, optionally followed by :asc or :desc`, {
        parameter: "orderBy",
      });
    }
    params.set(USERS_QUERY.orderBy, query.orderBy);
  }
  if (query.offset !== undefined) {
    assertIntegerInRange(query.offset, "offset", 0, Number.MAX_SAFE_INTEGER);
    params.set(USERS_QUERY.offset, String(query.offset));
  }
  if (query.limit !== undefined) {
    assertIntegerInRange(query.limit, "limit", USERS_PAGE_LIMIT.min, USERS_PAGE_LIMIT.max);
    params.set(USERS_QUERY.limit, String(query.limit));
  }
  return params;
}

/** Throws a {@link UsageError} unless `value` is an integer in [min, max]. */
export function assertIntegerInRange(value: unknown, name: string, min: number, max: number): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
    throw new UsageError(`${name} must be ${range}, not ${formatValue(value)}`, { parameter: name });
  }
}

/** A cursor or ETag handed out by the server: non-empty visible ASCII, so it cannot break a header or a URL. */
function assertOpaqueString(value: unknown, name: string): void {
  if (typeof value !== "string" || value.length === 0 || value.length > OPAQUE_MAX_LENGTH || !/^[\x20-\x7e]+$/.test(value)) {
    throw new UsageError(`${name} must be a non-empty string of visible ASCII characters, as the server returned it`, {
      parameter: name,
    });
  }
}

function isControl(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** A character as a person can read it in a one-line message: `"<"`, or `U+000A` for the unprintable. */
function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return isControl(character) || /\s/.test(character) ? `the character ${hex}` : `the character "${character}" (${hex})`;
}

function formatValue(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return JSON.stringify(value.slice(0, 40));
  return value === null ? "null" : typeof value;
}
