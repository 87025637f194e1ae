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
 * The body member that carries the new invite status. admin-api.md, operation 3:
 * "Name of the body field that carries the status: not shown". `status` is the
 * name the interface itself uses for the value ("Invite status values"), so the
 * body is `{"status": "accepted"}`.
 */
export const INVITE_STATUS_FIELD = "status";

/**
 * Query of the users listing (admin-api.md, operation 7: "Query parameters and
 * response shape: not shown. The operation supports filtering and pagination").
 * Offset pagination with a column filter:
 * `GET /environments/{environmentId}/users?limit=&offset=&filterColumn=&filterValue=`.
 * The response is `{users: [...], count}`, `count` being the number of matching
 * users over all pages; the client derives the next offset from it.
 */
export const USERS_QUERY = {
  limit: "limit",
  offset: "offset",
  filterColumn: "filterColumn",
  filterValue: "filterValue",
} as const;

/** Page size bounds of the users listing: the token catalog's 1..100 (admin-api.md, Limits), for want of its own. */
export const USERS_PAGE_LIMIT = { min: 1, max: 100 } as const;

/**
 * The six optional query strings of `GET /sdk/{environmentId}/onramps`
 * (admin-api.md, operation 8). The interface names one, the merchant display
 * name; the other five are ours: what an onramp URL is usually prefilled with.
 * They match the names of the service's public reference page for this
 * endpoint, which is not authoritative here.
 */
export const ONRAMP_QUERY_PARAMETERS = ["merchantName", "walletAddress", "chain", "networkId", "token", "currency"] as const;
