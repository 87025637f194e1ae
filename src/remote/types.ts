/**
 * The resources of admin-api.md as the client returns them, and the inputs of
 * its operations. Members the interface leaves "not shown" are optional or
 * open records here; nothing of undici appears in these shapes.
 */
import type { CatalogToken } from "../core/catalog.js";

/** Screening vendors (admin-api.md, ScreeningPolicy `providerType`); the sanctions provider is absent on purpose. */
export const PROVIDER_TYPES = ["vendorAWalletScreening", "vendorBAddressScreening"] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];

/** Policy scopes (admin-api.md, ScreeningPolicy `scope`); there is no value meaning both. */
export const SCOPES = ["SIGN_IN", "TRANSACTION"] as const;
export type Scope = (typeof SCOPES)[number];

/** Invite status values (admin-api.md, Invite). */
export const INVITE_STATUSES = ["pending", "rejected", "accepted"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Names of the client's operations, as they appear in {@link RemoteError.operation}: those of the wire contract. */
export type { OperationName } from "../contract/wire.js";

/** The customer rules of a policy: free-form in the interface, governed by `schemaVersion`. */
export type PolicyRules = Record<string, unknown>;

/** One vendor's policy in one environment for one scope (admin-api.md, ScreeningPolicy). */
export interface ScreeningPolicy {
  providerType: ProviderType;
  scope: Scope;
  /** Generation counter; echo it back on update as the concurrency precondition. */
  revision: number;
  /** Version of the rule language that governs `rules`. */
  schemaVersion: number;
  rules: PolicyRules;
  /** Live address entries that apply to this scope: those marked `ALL` plus those narrowed to it. */
  addressEntryCount: number;
  enabled: boolean;
  /** ISO 8601 time of the last mutation, when the service reports it. */
  updatedAt?: string;
}

/**
 * The body of the designed policy edit (toolkit.md, Remote behaviour).
 * `revision` is the live revision planned against, 0 to create the policy.
 */
export interface ScreeningPolicyUpdate {
  revision: number;
  schemaVersion: number;
  rules: PolicyRules;
  enabled: boolean;
}

/** One token of the catalog (admin-api.md, Token catalog entry); identified by chain, network and contract, not symbol. */
export type TokenCatalogEntry = CatalogToken;

/** One page of the catalog (admin-api.md, Token catalog page). */
export interface TokenCatalogPage {
  tokens: TokenCatalogEntry[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Hash of the entire catalog content. */
  version: string;
}

/** Query of one catalog page request (admin-api.md, operation 2). */
export interface TokenCatalogPageQuery {
  /** Page size, an integer from 1 to 100; the service's default is 50. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** ETag of an earlier first page; send it on the first page only. */
  ifNoneMatch?: string;
}

/**
 * Result of one catalog page request: the page with its ETag, or 304 when
 * `ifNoneMatch` matched and the saved copy stays valid. `etag` is null when a 200
 * came without the header the interface promises; conditional polling then
 * simply is not possible next time.
 */
export type TokenCatalogPageResult =
  | { status: 200; page: TokenCatalogPage; etag: string | null }
  | { status: 304; etag: string };

/** The body of a webhook update (admin-api.md, operation 5). */
export interface WebhookUpdate {
  /** An https address or an SNS topic ARN; its format is linted offline, not here. */
  url: string;
  isEnabled: boolean;
  events: string[];
}

/**
 * A webhook as returned (admin-api.md, Webhook). Which fields are required is not
 * shown, so every one is optional. `secret` is a credential: do not print or
 * write it.
 */
export interface Webhook {
  environmentId?: string;
  webhookId?: string;
  url?: string;
  events?: string[];
  isEnabled?: boolean;
  createdAt?: string;
  updatedAt?: string;
  secret?: string;
  version?: string;
  enabledAt?: string;
}

/**
 * An environment (admin-api.md, operation 6: "Response body: not shown"): the
 * vendor's `ProjectEnvironment {id, settings?, createdAt?, updatedAt?,
 * sdkVersion?}`. `settings` (the vendor's `ProjectSettings`) is kept as an open
 * record: the toolkit reads nothing of it.
 */
export interface EnvironmentRecord {
  id: string;
  settings?: Record<string, unknown>;
  createdAt?: string;
  updatedAt?: string;
  sdkVersion?: string;
}

/** A user of an environment; the interface shows its members only inside the merge-conflict payload. */
export type EnvironmentUser = Record<string, unknown>;

/**
 * Query of one page of the environment's users, as the vendor's
 * `UsersApi.getEnvironmentUsers` sends it (contract/wire.ts, USERS_QUERY).
 */
export interface UsersQuery {
  /** Page size, an integer from 1 to 100. */
  limit?: number;
  /** Number of users to skip, a non-negative integer. */
  offset?: number;
  /** `filter[filterColumn]`: one of the vendor's `UserFilterableFieldsEnum` (USER_FILTER_COLUMNS), e.g. `email`. */
  filterColumn?: string;
  /** `filter[filterValue]`: what the column must contain; at most 255 printable characters. */
  filterValue?: string;
  /** `orderBy`: a column, optionally `:asc` or `:desc` (USER_ORDER_COLUMNS), e.g. `email:desc`. */
  orderBy?: string;
}

/** One page of users: `count` is the number of users matching the filter, over all pages. */
export interface UsersPage {
  users: EnvironmentUser[];
  count: number;
  /** Offset of the next page, or null when this page is the last. */
  nextOffset: number | null;
}

/**
 * The query of the enabled-onramps read (admin-api.md, operation 8), with the
 * names of the vendor's `SDKApi.getSupportedOnramps` (contract/wire.ts,
 * ONRAMP_QUERY_PARAMETERS): the six optional strings, plus the vendor's
 * `tokenAmount` and `includeDisabled`.
 */
export interface OnrampQuery {
  walletAddress?: string;
  chain?: string;
  networkId?: string;
  token?: string;
  /** Amount of `token` to buy: a finite non-negative number. */
  tokenAmount?: number;
  /** Also list the onramps that are configured but disabled. */
  includeDisabled?: boolean;
  currency?: string;
  /** Merchant display name, appended to provider URLs where the provider supports it. */
  merchantName?: string;
}

/** An onramp entry (admin-api.md, Onramp entry); required-ness is not shown. */
export interface OnrampEntry {
  provider?: string;
  name?: string;
  iconUrl?: string;
  url?: string;
  qrCode?: string;
}

export interface EnabledOnramps {
  onramps: OnrampEntry[];
}

/** Scope of an address entry: every scope, or narrowed to one (admin-api.md, ScreeningPolicy rule 3). */
export type AddressEntryScope = "ALL" | Scope;

/**
 * An address entry as the toolkit stores it (policy-language.md section 6); the
 * interface shows only the `ALL` marking and the scope narrowing.
 */
export interface AddressEntry {
  address: string;
  chain: string;
  action: "ALLOW" | "BLOCK";
  scope: AddressEntryScope;
  reason: string;
  expiresAt?: string;
  [member: string]: unknown;
}

/** The address entries of (environment, vendor) with their revision (toolkit.md, Remote behaviour). */
export interface AddressEntries {
  revision: number;
  entries: AddressEntry[];
}

/**
 * The merge-conflict payload of the invite-update conflict (admin-api.md,
 * Merge-conflict error payload). Passed through as received, only checked to be
 * an object, so the members are typed loosely.
 */
export interface MergeConflictPayload {
  email?: string;
  loginProvider?: string;
  embeddedWalletName?: string;
  embeddedSocialSigninProvider?: string;
  mergeConflicts?: {
    fromUser?: Record<string, unknown>;
    conflicts?: Array<{
      field?: Record<string, unknown>;
      fromUser?: { userId?: string; value?: string };
      currentUser?: { userId?: string; value?: string };
    }>;
  };
  intent?: Record<string, unknown>;
  additionalMessages?: string[];
  [member: string]: unknown;
}
