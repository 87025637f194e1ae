/**
 * The wire contract: every path, query parameter, body member and designed
 * status that the client (src/remote) sends and the emulator (src/emulator)
 * serves, in one module both import, so the two cannot drift apart. It sits
 * below both layers and imports only core (docs/decisions.md, "One wire
 * contract; seed data as data"); test/layering.test.ts holds it there.
 *
 * Every wire detail admin-api.md leaves "not shown" and the toolkit had to
 * choose is here too, so it can be changed in one place (toolkit.md, Remote
 * behaviour: "kept in one module so it can be changed").
 */
import { CATALOG_LIMIT } from "../core/catalog-bounds.js";
import type { Scope, Vendor } from "../core/vendors.js";

/** Status of a designed edit whose `revision` is not the live one (toolkit.md, Remote behaviour). */
export const REVISION_MISMATCH_STATUS = 409;
/** Code of the designed 409 body (toolkit.md, Remote behaviour). */
export const REVISION_MISMATCH_CODE = "revision_mismatch";
/** The member of the designed 409 body carrying the live revision. */
export const CURRENT_REVISION_FIELD = "currentRevision";

/** Message of the invite-update conflict body (admin-api.md, Errors). */
export const INVITE_CONFLICT_MESSAGE = "Resources already exists for this Object";
/** Code of the documented 403 for invite update and MFA reset (admin-api.md, Errors). */
export const SANCTIONS_BLOCKED_CODE = "sanctions_blocked";

/**
 * Where admin-api.md says "not shown" and the vendor's own generated client
 * (`@dynamic-labs/sdk-api`, pinned as a devDependency; test/contract) shows the
 * wire format, the vendor's client wins, for the emulator and for our client
 * alike (docs/decisions.md, "The vendor's client is the wire format"). Each
 * constant below names the vendor model it follows.
 */

/**
 * The body member that carries the new invite status (admin-api.md, operation
 * 3: "not shown"): `status`, as the vendor's `InviteUpdateRequest {status:
 * InviteStatusEnum}` has it. The body is `{"status": "accepted"}`.
 */
export const INVITE_STATUS_FIELD = "status";

/**
 * Status of the invite-update merge conflict (admin-api.md, operation 3: "Status
 * codes of the documented error bodies: not shown"): 422, the status of the
 * vendor's `UnprocessableEntity {error, code?: UnprocessableEntityErrorCode,
 * payload?: UnprocessableEntityErrorPayload}`, whose payload is the merge-conflict
 * payload (`mergeConflicts`, `loginProvider`, ...) and whose codes include
 * `email_cannot_be_null`.
 */
export const INVITE_CONFLICT_STATUS = 422;

/**
 * Query of the users listing (admin-api.md, operation 7: "Query parameters and
 * response shape: not shown"), as the vendor's `UsersApi.getEnvironmentUsers`
 * sends it, in its order: `filter` is a `UserSearchFilterParams` object, which
 * the generated runtime's `querystring` writes as `filter[member]=value` in the order of the object it
 * is given (ours: column, then value); then
 * `orderBy`, `offset`, `limit`, `includeSessions`. The response is the vendor's
 * `UsersResponse {count, users}`, `count` being the number of matching users
 * over all pages; the client derives the next offset from it.
 */
export const USERS_QUERY = {
  filterColumn: "filter[filterColumn]",
  filterValue: "filter[filterValue]",
  filterSocialProvider: "filter[filterSocialProvider]",
  chain: "filter[chain]",
  orderBy: "orderBy",
  offset: "offset",
  limit: "limit",
  includeSessions: "includeSessions",
} as const;

/** The columns `filter[filterColumn]` may name: the vendor's `UserFilterableFieldsEnum`, in its order. */
export const USER_FILTER_COLUMNS = [
  "all",
  "id",
  "walletPublicKey",
  "email",
  "alias",
  "firstName",
  "lastName",
  "phoneNumber",
  "jobTitle",
  "wallet",
  "username",
  "accountId",
] as const;

/**
 * The values of `filter[chain]`: the vendor's `ChainEnum`. The emulator's
 * seeded wallets are all on `eip155` chains, which `EVM` and `ETH` match.
 */
export const USER_FILTER_CHAINS = ["ETH", "EVM", "FLOW", "SOL", "ALGO", "STARK", "COSMOS", "BTC", "ECLIPSE", "SUI", "SPARK", "TRON", "APTOS", "TON"] as const;

/**
 * `orderBy` of the users listing: a string in the vendor's client, its grammar
 * not shown there either. Ours: a column, optionally followed by `:asc` (the
 * default) or `:desc`, e.g. `email:desc`.
 */
export const USER_ORDER_COLUMNS = ["id", "email", "alias", "firstName", "lastName", "username", "firstVisit", "lastVisit"] as const;
export const USER_ORDER_PATTERN = /^([A-Za-z]+)(?::(asc|desc))?$/;

/** Token catalog page size: integer 1..100, default 50 (admin-api.md, operation 2 and Limits). */
export const CATALOG_PAGE_LIMIT = { ...CATALOG_LIMIT, default: 50 } as const;

/** Page size bounds of the users listing: the token catalog's (admin-api.md, Limits), for want of its own. */
export const USERS_PAGE_LIMIT = { ...CATALOG_PAGE_LIMIT } as const;

/** Longest query string value: 255 characters (admin-api.md, operation 8 and Limits); the users filter value has it too, for want of its own. */
export const QUERY_VALUE_MAX_LENGTH = 255;

/**
 * The query of `GET /sdk/{environmentId}/onramps` (admin-api.md, operation 8:
 * "Names of five of the six query parameters: not shown"), in the order of the
 * vendor's `SDKApi.getSupportedOnramps`. The six strings of admin-api.md are
 * `walletAddress`, `chain`, `networkId`, `token`, `currency` and
 * `merchantName` (the merchant display name); the vendor's client adds two
 * that are not strings, `tokenAmount` (a number) and `includeDisabled` (a
 * boolean). admin-api.md makes all six strings optional, so ours are, although
 * the vendor's client requires `walletAddress` and `chain`.
 */
export const ONRAMP_QUERY_PARAMETERS = [
  "walletAddress",
  "chain",
  "networkId",
  "token",
  "tokenAmount",
  "includeDisabled",
  "currency",
  "merchantName",
] as const;

/** The six string parameters of {@link ONRAMP_QUERY_PARAMETERS}: 255 characters at most, of a restricted set (admin-api.md, operation 8). */
export const ONRAMP_STRING_PARAMETERS = ["walletAddress", "chain", "networkId", "token", "currency", "merchantName"] as const;

/**
 * The characters of an onramp query string (admin-api.md, operation 8):
 * letters, digits, space, and _ . , : ! ? & % @ / ' and hyphen. "Letters" is
 * read as ASCII letters: the interface gives no hint of Unicode, and a client
 * stricter than the server only costs a clear message, never a surprise.
 */
export const ONRAMP_ALLOWED_CHARACTER = /^[A-Za-z0-9 _.,:!?&%@/'-]$/;
export const ONRAMP_ALLOWED_DESCRIPTION = "letters A-Z a-z, digits, space and _ . , : ! ? & % @ / ' -";

/** The query of the token catalog (admin-api.md, operation 2): page size and the opaque cursor of the next page. */
export const TOKEN_CATALOG_QUERY = { limit: "limit", cursor: "cursor" } as const;

/**
 * Serialises a query as the vendor's generated runtime does (`querystring`):
 * `encodeURIComponent` on names and values, in the given order, joined by `&`.
 * URLSearchParams would write a space as `+` and escape `!'()~`; byte for byte
 * the same request is what the contract test checks.
 */
export function serialiseQuery(entries: Iterable<readonly [string, string]>): string {
  return [...entries].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
}

/**
 * The operations by the client's name for them (src/remote, OperationName):
 * method and path template below the base URL (`/api/v0`), `{name}` for a path
 * parameter, and the query parameters each knows (absent: none). The emulator's
 * route table adds the scope and the handler to each.
 *
 * - The policy edit is `PUT` on the path of the published read (admin-api.md,
 *   operation 1) with body `{revision, schemaVersion, rules, enabled}`; 409
 *   {@link REVISION_MISMATCH_CODE} with {@link CURRENT_REVISION_FIELD};
 *   `revision: 0` creates (toolkit.md, Remote behaviour).
 * - Address entries: `GET` and `PUT`, body `{revision, entries}` both
 *   ways, the same revision precondition as the policy edit (toolkit.md, Remote
 *   behaviour). A vendor with no entries yet reads as `{revision: 0, entries: []}`.
 * - Authorized clients (admin-api.md names the AuthorizedClients family, rule 5:
 *   "managed per dashboard user"): the signed-in user's client JWTs, listed as
 *   `{authorizedClients: AuthorizedClientRecord[]}` and revoked one by one (204).
 *   Both need a client JWT of that user; an API token acts for no user: 403.
 */
export const WIRE_OPERATIONS = {
  getScreeningPolicy: { method: "GET", template: "/environments/{environmentId}/screeningPolicies/{providerType}/{scope}" },
  putScreeningPolicy: { method: "PUT", template: "/environments/{environmentId}/screeningPolicies/{providerType}/{scope}" },
  getTokenCatalogPage: { method: "GET", template: "/tokenCatalog", query: Object.values(TOKEN_CATALOG_QUERY) },
  updateInvite: { method: "PUT", template: "/invites/{inviteId}" },
  resetUserMfa: { method: "DELETE", template: "/users/{userId}/mfa" },
  updateWebhook: { method: "PUT", template: "/environments/{environmentId}/webhooks/{webhookId}" },
  getEnvironment: { method: "GET", template: "/environments/{environmentId}" },
  listUsers: { method: "GET", template: "/environments/{environmentId}/users", query: Object.values(USERS_QUERY) },
  getEnabledOnramps: { method: "GET", template: "/sdk/{environmentId}/onramps", query: ONRAMP_QUERY_PARAMETERS },
  getAddressEntries: { method: "GET", template: "/environments/{environmentId}/screeningAddressEntries/{providerType}" },
  putAddressEntries: { method: "PUT", template: "/environments/{environmentId}/screeningAddressEntries/{providerType}" },
  listAuthorizedClients: { method: "GET", template: "/authorizedClients" },
  revokeAuthorizedClient: { method: "DELETE", template: "/authorizedClients/{authorizedClientId}" },
} as const satisfies Record<string, WireOperation>;

export type WireMethod = "GET" | "PUT" | "DELETE";

export interface WireOperation {
  method: WireMethod;
  /** Below the base URL, `{name}` for a path parameter. */
  template: string;
  /** The query parameters it knows, in the order they are sent. Absent: none. */
  query?: readonly string[];
}

/** Names of the client's operations, as they appear in `RemoteError.operation` and the emulator's route table. */
export type OperationName = keyof typeof WIRE_OPERATIONS;

/** The names of the `{name}` parameters of a path template. */
export type PathParameters<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameters<Rest>
  : never;

/**
 * The path of `operation` below the base URL, each parameter percent-encoded.
 * Parameters are taken as the caller has already validated them (UUIDs,
 * enums); encoding them still keeps a stray `/` from naming another resource.
 */
export function wirePath<Name extends OperationName>(
  operation: Name,
  parameters: Record<PathParameters<(typeof WIRE_OPERATIONS)[Name]["template"]>, string>,
): string {
  const values = parameters as Record<string, string>;
  return WIRE_OPERATIONS[operation].template.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
}

/** The policy path of {@link WIRE_OPERATIONS}`.getScreeningPolicy` (and of the edit). */
export function screeningPolicyPath(environmentId: string, providerType: Vendor, scope: Scope): string {
  return wirePath("getScreeningPolicy", { environmentId, providerType, scope });
}

/**
 * Sign-in for first-party clients (admin-api.md, Authentication, rule 5: "a
 * revocable 30-day client JWT through the OAuth 2.0 device authorization grant
 * (RFC 8628)"; the endpoints are not shown). Ours, after RFC 8628, RFC 6749
 * and RFC 7009, documented in docs/sign-in.md:
 *
 * - `POST {base}/oauth/device/code`, form `client_id`, `scope` (space
 *   separated; absent: every scope) -> 200 `{device_code, user_code,
 *   verification_uri, verification_uri_complete, expires_in, interval}`; 400
 *   `invalid_scope`, 401 `invalid_client`.
 * - `POST {base}/oauth/token`, form `grant_type` = {@link DEVICE_CODE_GRANT_TYPE},
 *   `device_code`, `client_id` -> 200 `{access_token, token_type: "Bearer",
 *   expires_in, scope}` (a JWT valid {@link CLIENT_TOKEN_LIFETIME_SECONDS}), or 400
 *   `{error, error_description}` with `error` one of RFC 8628, section 3.5, or RFC 6749, section 5.2.
 * - `POST {base}/oauth/revoke`, form `token`, `token_type_hint`, `client_id`
 *   -> 200 whether or not the token was known (RFC 7009, section 2.2).
 * - The authorized clients of the signed-in dashboard user: two bearer-authenticated
 *   operations of {@link WIRE_OPERATIONS}, `listAuthorizedClients` and
 *   `revokeAuthorizedClient`.
 *
 * The verification URI (the approval page) is the service's to choose and
 * comes back in the device authorization response; the client never builds it.
 */
export const OAUTH_PATHS = {
  deviceAuthorization: "/oauth/device/code",
  token: "/oauth/token",
  revocation: "/oauth/revoke",
} as const;

/**
 * The sign-in requests by name, as `RemoteError.operation` names them: the
 * designed endpoints, and the two a standard server may publish in its
 * metadata (RFC 8414), the metadata itself and token introspection (RFC 7662).
 */
export type SignInOperationName = keyof typeof OAUTH_PATHS | "discovery" | "introspection";

/**
 * The scopes `screenpol login` asks for when `--scopes` is not given: every
 * scope a screenpol command needs (the emulator's table, src/emulator/auth.ts).
 * Sent by name, never left out: a standard server grants nothing for a request
 * without `scope`, and the approval then ends in `access_denied`
 * (docs/sign-in.md, Against a standard server).
 */
export const SCREENPOL_SCOPES = [
  "environment.settings.read",
  "environment.settings.write",
  "webhooks.write",
  "users.read",
  "users.write",
  "invites.write",
] as const;

/** `grant_type` of the device access token request (RFC 8628, section 3.4). */
export const DEVICE_CODE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

/** The `client_id` screenpol registers as: a public client, no secret (RFC 6749, section 2.1). */
export const SCREENPOL_CLIENT_ID = "screenpol-cli";

/** Thirty days (admin-api.md, Authentication, rule 5). */
export const CLIENT_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

/** What `slow_down` adds to the polling interval, in seconds (RFC 8628, section 3.5). */
export const SLOW_DOWN_STEP_SECONDS = 5;

/** The default polling interval, when the device authorization response gives none (RFC 8628, section 3.2). */
export const DEFAULT_POLL_INTERVAL_SECONDS = 5;

/**
 * The user code: 8 characters of RFC 8628's section 6.1 alphabet (consonants
 * without vowels, so no word can form, and none that looks like a digit), shown
 * and typed as XXXX-XXXX; case, spaces and the dash are ignored on input.
 */
export const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
export const USER_CODE_LENGTH = 8;

/** The user code as typed, normalised: upper case, only alphabet characters; undefined when it cannot be one. */
export function normaliseUserCode(text: string): string | undefined {
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  if (compact.length !== USER_CODE_LENGTH) return undefined;
  for (const character of compact) if (!USER_CODE_ALPHABET.includes(character)) return undefined;
  return compact;
}

/** XXXX-XXXX. */
export function displayUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** One authorized client, as the listing returns it: `{authorizedClients: AuthorizedClient[]}`. */
export interface AuthorizedClientRecord {
  id: string;
  clientId: string;
  scopes: string[];
  issuedAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
