/**
 * The remote layer's public API: the typed client of admin-api.md and the two
 * designed edit endpoints, its error taxonomy, the retry policy and the token
 * resolution. Nothing of undici is exported but the dispatcher type a caller
 * may inject.
 */
export { createClient, DEFAULT_TIMEOUT_MS } from "./client.js";
export type { ClientOptions, IterateUsersOptions, RemoteClient } from "./client.js";
export {
  INVITE_CONFLICT_MESSAGE,
  isRemoteError,
  isRevisionConflict,
  RemoteError,
  REVISION_MISMATCH_CODE,
  SANCTIONS_BLOCKED_CODE,
  UsageError,
} from "./errors.js";
export type { RemoteErrorDetails, RemoteErrorKind } from "./errors.js";
export { DEFAULT_RETRY_POLICY, fullJitterDelayMs, parseRetryAfterMs } from "./retry.js";
export type { RetryPolicy } from "./retry.js";
export { assertUsableToken, resolveToken, TOKEN_ENV_VAR } from "./token.js";
export type { ResolvedToken, ResolveTokenInput } from "./token.js";
export { assertUuid, isUuid } from "./uuid.js";
export { isLoopbackHost, normaliseBaseUrl } from "./base-url.js";
export { createRedactor } from "./redact.js";
export type { Redactor } from "./redact.js";
export {
  addressEntriesPath,
  INVITE_STATUS_FIELD,
  ONRAMP_QUERY_PARAMETERS,
  screeningPolicyPath,
  USERS_PAGE_LIMIT,
  USERS_QUERY,
} from "../contract/wire.js";
export type { HttpDispatcher, ProxySettings } from "./transport.js";
export { INVITE_STATUSES, PROVIDER_TYPES, SCOPES } from "./types.js";
export type {
  AddressEntries,
  AddressEntry,
  AddressEntryScope,
  EnabledOnramps,
  EnvironmentRecord,
  EnvironmentUser,
  InviteStatus,
  MergeConflictPayload,
  OnrampEntry,
  OnrampQuery,
  OperationName,
  PolicyRules,
  ProviderType,
  Scope,
  ScreeningPolicy,
  ScreeningPolicyUpdate,
  TokenCatalogEntry,
  TokenCatalogPage,
  TokenCatalogPageQuery,
  TokenCatalogPageResult,
  UsersPage,
  UsersQuery,
  Webhook,
  WebhookUpdate,
} from "./types.js";
