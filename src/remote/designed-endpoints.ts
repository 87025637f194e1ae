/**
 * Every wire detail admin-api.md leaves "not shown" and the toolkit had to
 * choose, in one place so it can be changed in one place (toolkit.md, Remote
 * behaviour: "kept in one module so it can be changed"). The emulator should
 * serve exactly these.
 *
 * Path builders take segments that the caller has already validated (UUIDs,
 * enums) and still percent-encode each one.
 */
import type { ProviderType, Scope } from "./types.js";

/**
 * Policy edit: `PUT /environments/{environmentId}/screeningPolicies/{providerType}/{scope}`,
 * the path of the published read (admin-api.md, operation 1), with body
 * `{revision, schemaVersion, rules, enabled}`; 409 `revision_mismatch` with
 * `currentRevision`; `revision: 0` creates (toolkit.md, Remote behaviour).
 */
export function screeningPolicyPath(environmentId: string, providerType: ProviderType, scope: Scope): string {
  return `/environments/${encodeURIComponent(environmentId)}/screeningPolicies/${encodeURIComponent(providerType)}/${encodeURIComponent(scope)}`;
}

/**
 * Address entries: `GET` and `PUT /environments/{environmentId}/screeningAddressEntries/{providerType}`,
 * body `{revision, entries}` both ways, the same revision precondition as the
 * policy edit (toolkit.md, Remote behaviour). A vendor with no entries yet is
 * expected to read as `{revision: 0, entries: []}`.
 */
export function addressEntriesPath(environmentId: string, providerType: ProviderType): string {
  return `/environments/${encodeURIComponent(environmentId)}/screeningAddressEntries/${encodeURIComponent(providerType)}`;
}

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

/** Page size bounds of the users listing: the token catalog's 1..100 (admin-api.md, Limits), for want of its own. */
export const USERS_PAGE_LIMIT = { min: 1, max: 100 } as const;

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

/** The query parameters each route knows; any other is 400 naming it (see the emulator's route table). */
export const TOKEN_CATALOG_QUERY = ["limit", "cursor"] as const;

/**
 * Serialises a query as the vendor's generated runtime does (`querystring`):
 * `encodeURIComponent` on names and values, in the given order, joined by `&`.
 * URLSearchParams would write a space as `+` and escape `!'()~`; byte for byte
 * the same request is what the contract test checks.
 */
export function serialiseQuery(entries: Iterable<readonly [string, string]>): string {
  return [...entries].map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&");
}
