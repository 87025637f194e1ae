/**
 * Defensive readers of success bodies: each takes parsed JSON of unknown shape
 * and returns the typed resource, or throws a {@link ShapeError} naming the first
 * member that is not what admin-api.md documents. The shapes are JSON Schemas,
 * published in schemas/response-*.schema.json and precompiled at build time
 * (no ajv compile at run time): members the interface marks required are
 * required there; members it leaves "not shown" are checked only when present
 * (null counts as absent). Unknown extra members are dropped from typed resources
 * and kept in open records. What a schema cannot say (the body names the vendor,
 * scope or environment requested) is checked here.
 */
import type { SchemaName } from "../core/generated/schemas.js";
import { shapeProblem } from "../core/validate.js";
import type { AuthorizedClientRecord } from "../contract/wire.js";
import {
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

/**
 * Checks a body against its schema (schemas/response-*.schema.json, precompiled
 * by scripts/generate.mjs) and returns it as a record; throws the first problem
 * as a {@link ShapeError}. The schemas carry the shapes; this file only
 * translates and picks the typed members out.
 */
function conforming(name: SchemaName, body: unknown): Json {
  const problem = shapeProblem(name, body);
  if (problem) throw new ShapeError(problem.path, problem.expectation);
  return body as Json;
}

/** A member the schema allows to be absent or null, as the typed resources hold it: absent. */
function present<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

/**
 * The members of `keys` that are present (not absent, not null), and no others:
 * what the schema checked, typed by the caller. Required members are never
 * absent once the schema has passed.
 */
function pickPresent<T>(record: Json, keys: ReadonlyArray<keyof T & string>): T {
  const out: Json = {};
  for (const key of keys) if (present(record[key])) out[key] = record[key];
  return out as T;
}

/**
 * A ScreeningPolicy (admin-api.md, ScreeningPolicy). The path is the policy's
 * identity, so a body naming another vendor or scope than requested is refused.
 */
export function readScreeningPolicy(body: unknown, expected: { providerType: ProviderType; scope: Scope }): ScreeningPolicy {
  const record = conforming("response-screening-policy", body);
  const policy = pickPresent<ScreeningPolicy>(record, ["providerType", "scope", "revision", "schemaVersion", "rules", "addressEntryCount", "enabled", "updatedAt"]);
  if (policy.providerType !== expected.providerType) {
    throw new ShapeError("providerType", `is ${policy.providerType}, not the requested ${expected.providerType}`);
  }
  if (policy.scope !== expected.scope) throw new ShapeError("scope", `is ${policy.scope}, not the requested ${expected.scope}`);
  return policy;
}

/** A token catalog page (admin-api.md, Token catalog page and entry). */
export function readTokenCatalogPage(body: unknown): TokenCatalogPage {
  const record = conforming("response-token-catalog-page", body);
  return {
    tokens: (record.tokens as Json[]).map((token) =>
      pickPresent<TokenCatalogEntry>(token, ["chain", "contractAddress", "decimals", "name", "networkId", "symbol", "tokenId", "logoURI"]),
    ),
    nextCursor: record.nextCursor as string | null,
    version: record.version as string,
  };
}

/** A Webhook (admin-api.md, Webhook): required-ness not shown, so only present members are checked. */
export function readWebhook(body: unknown): Webhook {
  const record = conforming("response-webhook", body);
  return pickPresent<Webhook>(record, ["environmentId", "webhookId", "url", "createdAt", "updatedAt", "secret", "version", "enabledAt", "isEnabled", "events"]);
}

/** The authorized clients of the signed-in user (designed endpoint, docs/sign-in.md). */
export function readAuthorizedClients(body: unknown): AuthorizedClientRecord[] {
  const record = conforming("response-authorized-clients", body);
  return (record.authorizedClients as Record<string, unknown>[]).map((client) => ({
    id: client.id as string,
    clientId: client.clientId as string,
    scopes: client.scopes as string[],
    issuedAt: client.issuedAt as string,
    expiresAt: client.expiresAt as string,
    lastUsedAt: (client.lastUsedAt as string | null | undefined) ?? null,
    revokedAt: (client.revokedAt as string | null | undefined) ?? null,
  }));
}

/**
 * An environment (admin-api.md, operation 6: body not shown): the vendor's
 * `ProjectEnvironment`, whose only required member is `id`; it must be the
 * environment asked for. `settings` stays an open record.
 */
export function readEnvironment(body: unknown, expectedId: string): EnvironmentRecord {
  const record = conforming("response-environment", body);
  const environment = pickPresent<EnvironmentRecord>(record, ["id", "settings", "createdAt", "updatedAt", "sdkVersion"]);
  if (environment.id !== expectedId) throw new ShapeError("id", `is ${JSON.stringify(environment.id.slice(0, 40))}, not the requested environment`);
  return environment;
}

/** A users page on the wire: the vendor's `UsersResponse {count, users}` (contract/wire.ts). */
export function readUsersResponse(body: unknown): { users: EnvironmentUser[]; count: number } {
  const record = conforming("response-users", body);
  return { users: record.users as EnvironmentUser[], count: record.count as number };
}

/** The enabled onramps (admin-api.md, operation 8 and Onramp entry). */
export function readEnabledOnramps(body: unknown): EnabledOnramps {
  const record = conforming("response-onramps", body);
  return { onramps: (record.onramps as Json[]).map((entry): OnrampEntry => pickPresent<OnrampEntry>(entry, ["provider", "name", "iconUrl", "url", "qrCode"])) };
}

/** Address entries with their revision (toolkit.md, Remote behaviour; policy-language.md section 6). Extra members of an entry are kept. */
export function readAddressEntries(body: unknown): AddressEntries {
  const record = conforming("response-address-entries", body);
  return {
    revision: record.revision as number,
    entries: (record.entries as Json[]).map((value) => {
      const { expiresAt, ...entry } = value;
      return (present(expiresAt) ? { ...entry, expiresAt } : entry) as AddressEntry;
    }),
  };
}
