/**
 * The remote layer's public API: the typed client of admin-api.md and the two
 * designed edit endpoints, its error taxonomy, the retry policy and the token
 * resolution. Nothing of undici is exported: a caller injects a dispatcher
 * through ClientOptions.
 */
export { createClient } from "./client.js";
export type { ClientOptions, RemoteClient } from "./client.js";
export {
  isRemoteError,
  isRevisionConflict,
  RemoteError,
  SANCTIONS_BLOCKED_CODE,
  UsageError,
} from "./errors.js";
export type { RemoteErrorDetails } from "./errors.js";
export type { RetryPolicy } from "./retry.js";
export { resolveToken } from "./token.js";
export { assertUuid } from "./uuid.js";
export { normaliseBaseUrl } from "./base-url.js";
export { createRedactor } from "./redact.js";
export type { ProxySettings } from "./transport.js";
export type {
  AddressEntries,
  EnabledOnramps,
  EnvironmentUser,
  InviteStatus,
  MergeConflictPayload,
  OnrampQuery,
  TokenCatalogEntry,
  TokenCatalogPage,
  TokenCatalogPageResult,
  Webhook,
  WebhookUpdate,
} from "./types.js";
