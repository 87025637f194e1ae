/**
 * Defensive readers of success bodies: each takes parsed JSON of unknown shape
 * and returns the typed resource, or throws a {@link ShapeError} naming the first
 * member that is not what admin-api.md documents. Members the interface marks
 * required are required here; members it leaves "not shown" are checked only
 * when present. Unknown extra members are dropped from typed resources and kept
 * in open records.
 */
import { isPlainObject } from "./errors.js";
import {
  PROVIDER_TYPES,
  SCOPES,
  type AddressEntries,
  type AddressEntry,
  type EnabledOnramps,
  type EnvironmentRecord,
  type EnvironmentUser,
  type OnrampEntry,
  type ProviderType,
  type Scope,
  type ScreeningPolicy,
  type TokenCatalogEntry,
  type TokenCatalogPage,
  type Webhook,
} from "./types.js";

/** A body member that is missing or of the wrong type; `path` is e.g. `tokens[3].decimals`. */
export class ShapeError extends Error {
  override readonly name = "ShapeError";
  constructor(
    readonly path: string,
    readonly expectation: string,
  ) {
    super(`${path || "the body"} ${expectation}`);
  }
}

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (!isPlainObject(value)) throw new ShapeError(path, "is not a JSON object");
  return value;
}

function join(path: string, key: string | number): string {
  return typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

function string(record: Json, key: string, path: string): string {
  const value = record[key];
  if (typeof value !== "string") throw new ShapeError(join(path, key), "is not a string");
  return value;
}

function optionalString(record: Json, key: string, path: string): string | undefined {
  return record[key] === undefined || record[key] === null ? undefined : string(record, key, path);
}

function integer(record: Json, key: string, path: string, min = Number.MIN_SAFE_INTEGER): number {
  const value = record[key];
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min) {
    throw new ShapeError(join(path, key), min === 0 ? "is not a non-negative integer" : "is not an integer");
  }
  return value;
}

function boolean(record: Json, key: string, path: string): boolean {
  const value = record[key];
  if (typeof value !== "boolean") throw new ShapeError(join(path, key), "is not a boolean");
  return value;
}

function array(record: Json, key: string, path: string): unknown[] {
  const value = record[key];
  if (!Array.isArray(value)) throw new ShapeError(join(path, key), "is not an array");
  return value;
}

function oneOf<T extends string>(record: Json, key: string, path: string, values: readonly T[]): T {
  const value = string(record, key, path);
  if (!(values as readonly string[]).includes(value)) throw new ShapeError(join(path, key), `is not one of ${values.join(", ")}`);
  return value as T;
}

/**
 * A ScreeningPolicy (admin-api.md, ScreeningPolicy). The path is the policy's
 * identity, so a body naming another vendor or scope than requested is refused.
 */
export function readScreeningPolicy(body: unknown, expected: { providerType: ProviderType; scope: Scope }): ScreeningPolicy {
  const record = object(body, "");
  const policy: ScreeningPolicy = {
    providerType: oneOf(record, "providerType", "", PROVIDER_TYPES),
    scope: oneOf(record, "scope", "", SCOPES),
    revision: integer(record, "revision", "", 0),
    schemaVersion: integer(record, "schemaVersion", ""),
    rules: object(record.rules, "rules"),
    addressEntryCount: integer(record, "addressEntryCount", "", 0),
    enabled: boolean(record, "enabled", ""),
  };
  const updatedAt = optionalString(record, "updatedAt", "");
  if (updatedAt !== undefined) policy.updatedAt = updatedAt;
  if (policy.providerType !== expected.providerType) {
    throw new ShapeError("providerType", `is ${policy.providerType}, not the requested ${expected.providerType}`);
  }
  if (policy.scope !== expected.scope) throw new ShapeError("scope", `is ${policy.scope}, not the requested ${expected.scope}`);
  return policy;
}

/** A token catalog page (admin-api.md, Token catalog page and entry). */
export function readTokenCatalogPage(body: unknown): TokenCatalogPage {
  const record = object(body, "");
  const nextCursor = record.nextCursor;
  if (nextCursor !== null && (typeof nextCursor !== "string" || nextCursor.length === 0)) {
    throw new ShapeError("nextCursor", "is neither a non-empty string nor null");
  }
  return {
    tokens: array(record, "tokens", "").map((entry, index) => readTokenCatalogEntry(entry, join("tokens", index))),
    nextCursor,
    version: string(record, "version", ""),
  };
}

function readTokenCatalogEntry(value: unknown, path: string): TokenCatalogEntry {
  const record = object(value, path);
  const entry: TokenCatalogEntry = {
    chain: string(record, "chain", path),
    contractAddress: string(record, "contractAddress", path),
    decimals: integer(record, "decimals", path, 0),
    name: string(record, "name", path),
    networkId: integer(record, "networkId", path),
    symbol: string(record, "symbol", path),
    tokenId: string(record, "tokenId", path),
  };
  const logoURI = optionalString(record, "logoURI", path);
  if (logoURI !== undefined) entry.logoURI = logoURI;
  return entry;
}

/** A Webhook (admin-api.md, Webhook): required-ness not shown, so only present members are checked. */
export function readWebhook(body: unknown): Webhook {
  const record = object(body, "");
  const webhook: Webhook = {};
  for (const key of ["environmentId", "webhookId", "url", "createdAt", "updatedAt", "secret", "version", "enabledAt"] as const) {
    const value = optionalString(record, key, "");
    if (value !== undefined) webhook[key] = value;
  }
  if (record.isEnabled !== undefined) webhook.isEnabled = boolean(record, "isEnabled", "");
  if (record.events !== undefined) {
    webhook.events = array(record, "events", "").map((event, index) => {
      if (typeof event !== "string") throw new ShapeError(join("events", index), "is not a string");
      return event;
    });
  }
  return webhook;
}

/**
 * An environment (admin-api.md, operation 6: body not shown): the vendor's
 * `ProjectEnvironment`, whose only required member is `id`; it must be the
 * environment asked for. `settings` stays an open record.
 */
export function readEnvironment(body: unknown, expectedId: string): EnvironmentRecord {
  const record = object(body, "");
  const environment: EnvironmentRecord = { id: string(record, "id", "") };
  if (environment.id !== expectedId) throw new ShapeError("id", `is ${JSON.stringify(environment.id.slice(0, 40))}, not the requested environment`);
  if (record.settings !== undefined && record.settings !== null) environment.settings = object(record.settings, "settings");
  for (const key of ["createdAt", "updatedAt", "sdkVersion"] as const) {
    const value = optionalString(record, key, "");
    if (value !== undefined) environment[key] = value;
  }
  return environment;
}

/** A users page on the wire: the vendor's `UsersResponse {count, users}` (contract/wire.ts). */
export function readUsersResponse(body: unknown): { users: EnvironmentUser[]; count: number } {
  const record = object(body, "");
  return {
    users: array(record, "users", "").map((user, index) => object(user, join("users", index))),
    count: integer(record, "count", "", 0),
  };
}

/** The enabled onramps (admin-api.md, operation 8 and Onramp entry). */
export function readEnabledOnramps(body: unknown): EnabledOnramps {
  const record = object(body, "");
  return {
    onramps: array(record, "onramps", "").map((value, index) => {
      const path = join("onramps", index);
      const entryRecord = object(value, path);
      const entry: OnrampEntry = {};
      for (const key of ["provider", "name", "iconUrl", "url", "qrCode"] as const) {
        const member = optionalString(entryRecord, key, path);
        if (member !== undefined) entry[key] = member;
      }
      return entry;
    }),
  };
}

const ADDRESS_ENTRY_SCOPES = ["ALL", ...SCOPES] as const;
const ADDRESS_ENTRY_ACTIONS = ["ALLOW", "BLOCK"] as const;

/** Address entries with their revision (toolkit.md, Remote behaviour; policy-language.md section 6). */
export function readAddressEntries(body: unknown): AddressEntries {
  const record = object(body, "");
  return {
    revision: integer(record, "revision", "", 0),
    entries: array(record, "entries", "").map((value, index) => {
      const path = join("entries", index);
      const entryRecord = object(value, path);
      const entry: AddressEntry = {
        ...entryRecord,
        address: string(entryRecord, "address", path),
        chain: string(entryRecord, "chain", path),
        action: oneOf(entryRecord, "action", path, ADDRESS_ENTRY_ACTIONS),
        scope: oneOf(entryRecord, "scope", path, ADDRESS_ENTRY_SCOPES),
        reason: string(entryRecord, "reason", path),
      };
      const expiresAt = optionalString(entryRecord, "expiresAt", path);
      if (expiresAt === undefined) delete entry.expiresAt;
      else entry.expiresAt = expiresAt;
      return entry;
    }),
  };
}
