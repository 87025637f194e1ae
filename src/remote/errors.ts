/**
 * The remote client's error taxonomy: a {@link UsageError} for what the client
 * refuses before any request, and one {@link RemoteError} class, discriminated by
 * `kind`, for everything the remote side (or the way to it) did. Error bodies
 * follow admin-api.md, Errors: `{error, code?, payload?}`, plus `currentRevision`
 * on the designed policy edit (toolkit.md, Remote behaviour).
 *
 * Every message is one line, and none carries the API token: the client passes
 * each one through its redactor (redact.ts) before it leaves.
 */
import { STATUS_CODES } from "node:http";
import { INVITE_CONFLICT_MESSAGE, REVISION_MISMATCH_CODE, SANCTIONS_BLOCKED_CODE } from "../contract/wire.js";
import { toOneLine } from "./redact.js";
import type { MergeConflictPayload, OperationName } from "./types.js";
import type { SignInOperationName } from "../contract/wire.js";

export { UsageError } from "./usage-error.js";

/**
 * What went wrong, remotely:
 * - `auth`: 401, token missing, malformed, invalid or revoked (admin-api.md, Authentication rule 3).
 * - `forbidden`: 403, the token lacks the scope, or code `sanctions_blocked`.
 * - `notFound`: 404 `not_found`: wrong identifier, or one of another project.
 * - `conflict`: 409 `revision_mismatch` (with `currentRevision`), or the invite
 *   merge conflict `Resources already exists for this Object` (with `payload`).
 * - `badRequest`: 400, e.g. rules that fail the vendor schema.
 * - `rateLimited`: 429, still after the retries.
 * - `server`: 5xx, still after the retries.
 * - `network`: no HTTP response: connection refused or reset, DNS, timeout.
 * - `invalidResponse`: a response that is not JSON or not the documented shape.
 * - `unexpectedStatus`: any other status, including a redirect (never followed).
 * - `signIn`: the sign-in endpoints refused (RFC 8628 and RFC 6749 errors in
 *   `code`: `access_denied`, `expired_token`, `invalid_grant`, ...).
 */
export type RemoteErrorKind =
  | "auth"
  | "forbidden"
  | "notFound"
  | "conflict"
  | "badRequest"
  | "rateLimited"
  | "server"
  | "network"
  | "invalidResponse"
  | "unexpectedStatus"
  | "signIn";

/** The structured facts of a {@link RemoteError}; the message is composed from them. */
export interface RemoteErrorDetails {
  kind: RemoteErrorKind;
  /** The client method that failed, e.g. `getEnvironment`, or the sign-in endpoint. */
  operation: OperationName | SignInOperationName;
  /** Method and target in words, e.g. `GET environment 3f0c…`; the start of the message. */
  action: string;
  /** HTTP status, absent when no response arrived. */
  status?: number | undefined;
  /** The `error` member of the error body, made one line and redacted. */
  serverMessage?: string | undefined;
  /** The `code` member of the error body, e.g. `not_found`, `sanctions_blocked`, `revision_mismatch`. */
  code?: string | undefined;
  /** The live revision carried by a 409 `revision_mismatch` (toolkit.md, Remote behaviour). */
  currentRevision?: number | undefined;
  /** The merge-conflict payload of the invite-update conflict (admin-api.md, Errors). */
  payload?: MergeConflictPayload | undefined;
  /** For `network`: the transport's code, e.g. `ECONNREFUSED`, `ECONNRESET`, `TIMEOUT`. */
  networkCode?: string | undefined;
  /** How many requests were sent for this call, retries included (0 when none could be). */
  attempts: number;
  /** What authenticated the request: an API token (the default) or a stored login, for the hint of a 401 or 403. */
  credential?: "apiToken" | "login" | undefined;
  /** Where the token came from, in words (ClientOptions.credentialSource), for the hint of a 401 or 403. */
  credentialSource?: string | undefined;
  /** One more clause for the hint of a 401 or 403 (a stored login the API token hides). */
  refusalNote?: string | undefined;
  /** The scope a 403 says is missing (RFC 6750, section 3.1: `WWW-Authenticate: Bearer error="insufficient_scope", scope="..."`). */
  requiredScope?: string | undefined;
}

/**
 * A failure of a remote call, one readable line, e.g.
 * `GET environment 3f0c…: 403 Access Forbidden (the API token lacks the scope for this operation)`.
 * `cause` keeps the underlying error (transport or parser) when there is one.
 */
export class RemoteError extends Error {
  override readonly name = "RemoteError";
  readonly kind: RemoteErrorKind;
  readonly operation: OperationName | SignInOperationName;
  readonly action: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly currentRevision: number | undefined;
  readonly payload: MergeConflictPayload | undefined;
  readonly networkCode: string | undefined;
  readonly attempts: number;
  readonly requiredScope: string | undefined;
  readonly refusalNote: string | undefined;

  constructor(message: string, details: RemoteErrorDetails, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = details.kind;
    this.operation = details.operation;
    this.action = details.action;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
    this.code = details.code;
    this.currentRevision = details.currentRevision;
    this.payload = details.payload;
    this.networkCode = details.networkCode;
    this.attempts = details.attempts;
    this.requiredScope = details.requiredScope;
    this.refusalNote = details.refusalNote;
  }
}

/** True when `error` is a {@link RemoteError}, of `kind` when one is given. */
export function isRemoteError(error: unknown, kind?: RemoteErrorKind): error is RemoteError {
  return error instanceof RemoteError && (kind === undefined || error.kind === kind);
}

/**
 * True for the designed policy / address-entry precondition failure: 409 with
 * code `revision_mismatch` (toolkit.md, Remote behaviour). The CLI maps it to exit
 * code 3. When `attempts > 1` an earlier attempt of the same PUT may have been
 * applied before its response was lost; the caller re-reads and compares.
 */
export function isRevisionConflict(error: unknown): error is RemoteError {
  return isRemoteError(error, "conflict") && error.code === REVISION_MISMATCH_CODE;
}

/** Codes and messages of the documented and designed error bodies (contract/wire.ts). */
export { INVITE_CONFLICT_MESSAGE, REVISION_MISMATCH_CODE, SANCTIONS_BLOCKED_CODE };

/** An error body as admin-api.md, Errors, describes it; every member optional on receipt. */
export interface ErrorBody {
  error?: string;
  code?: string;
  payload?: MergeConflictPayload;
  currentRevision?: number;
}

/**
 * Reads an error body defensively: anything that is not a JSON object, or members
 * of the wrong type, are ignored rather than failing the (already failed) call.
 */
export function parseErrorBody(text: string): ErrorBody {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isPlainObject(parsed)) return {};
  const body: ErrorBody = {};
  if (typeof parsed.error === "string") body.error = parsed.error;
  if (typeof parsed.code === "string") body.code = parsed.code;
  if (isPlainObject(parsed.payload)) body.payload = parsed.payload as MergeConflictPayload;
  if (Number.isSafeInteger(parsed.currentRevision) && (parsed.currentRevision as number) >= 0) {
    body.currentRevision = parsed.currentRevision as number;
  }
  return body;
}

/** Facts about an HTTP response that did not succeed. */
export interface FailedResponse {
  operation: OperationName | SignInOperationName;
  action: string;
  status: number;
  body: ErrorBody;
  /** `Location` of a redirect, for the message. */
  location?: string | undefined;
  attempts: number;
}

/**
 * Classifies a failed response. The status decides, except for the two documented
 * bodies whose status admin-api.md leaves "not shown" (operations 3 and 4): the
 * invite merge conflict is a `conflict` and code `sanctions_blocked` is
 * `forbidden` whatever status carries them.
 */
export function classifyFailedResponse(response: FailedResponse): RemoteErrorDetails {
  const { status, body } = response;
  const details: RemoteErrorDetails = {
    kind: kindOfStatus(status),
    operation: response.operation,
    action: response.action,
    status,
    serverMessage: body.error === undefined ? undefined : toOneLine(body.error),
    code: body.code === undefined ? undefined : toOneLine(body.code, 80),
    attempts: response.attempts,
  };
  if (body.code === SANCTIONS_BLOCKED_CODE) details.kind = "forbidden";
  if (body.error === INVITE_CONFLICT_MESSAGE || (response.operation === "updateInvite" && body.payload !== undefined)) {
    details.kind = "conflict";
    details.payload = body.payload;
  }
  if (details.kind === "conflict" && body.currentRevision !== undefined) details.currentRevision = body.currentRevision;
  return details;
}

function kindOfStatus(status: number): RemoteErrorKind {
  if (status === 400) return "badRequest";
  if (status === 401) return "auth";
  if (status === 403) return "forbidden";
  if (status === 404) return "notFound";
  if (status === 409) return "conflict";
  if (status === 429) return "rateLimited";
  if (status >= 500 && status <= 599) return "server";
  return "unexpectedStatus";
}

/**
 * Composes the one-line message of a failed response:
 * `<action>: <status> <error> [<code>] (<hint>)`.
 */
export function describeFailedResponse(details: RemoteErrorDetails, location?: string): string {
  const status = details.status ?? 0;
  const text = details.serverMessage || STATUS_CODES[status] || "Unknown Status";
  const code = details.code ? ` [${details.code}]` : "";
  const hints = [hintFor(details, location), retriesNote(details)].filter((hint) => hint !== "");
  const hint = hints.length > 0 ? ` (${hints.join("; ")})` : "";
  return `${details.action}: ${status} ${text}${code}${hint}`;
}

function hintFor(details: RemoteErrorDetails, location: string | undefined): string {
  switch (details.kind) {
    case "auth":
      return withNote(`${credentialHolder(details)} ${details.credential === "login" ? "expired or was revoked: run `screenpol login`" : "is missing, malformed, invalid or revoked"}`, details);
    case "forbidden": {
      if (details.code === SANCTIONS_BLOCKED_CODE) return "blocked by the service's sanctions screening";
      if ((details.operation === "listAuthorizedClients" || details.operation === "revokeAuthorizedClient") && details.credential !== "login") {
        return "an API token acts for no dashboard user; sign in with `screenpol login` and leave SCREENPOL_API_TOKEN and --token-file unset";
      }
      const scope = details.requiredScope ?? (details.operation === "getTokenCatalogPage" ? "environment.settings.read" : undefined);
      const lacks = `${credentialHolder(details)} lacks the scope ${scope ?? "for this operation"}`;
      // A retry sends the same token: only another credential, or a login that asks for the scope, can succeed.
      if (details.credential === "login") return withNote(`${lacks}: run \`screenpol login\` to ask for it (without --scopes it asks for every scope screenpol uses)`, details);
      return withNote(lacks, details);
    }
    case "notFound":
      return "the identifier is wrong or belongs to another project";
    case "conflict":
      if (details.code === REVISION_MISMATCH_CODE) {
        const live = details.currentRevision === undefined ? "" : ` is ${details.currentRevision}`;
        const replay = details.attempts > 1 ? "; an earlier attempt of this request may have been applied" : "";
        return `the live revision${live}, not the one planned against; nothing was written${replay}`;
      }
      if (details.payload !== undefined) return "the invited user conflicts with an existing user; see the merge-conflict payload";
      return "";
    case "unexpectedStatus":
      if (details.status !== undefined && details.status >= 300 && details.status < 400 && details.status !== 304) {
        const target = location ? ` to ${toOneLine(location, 120)}` : "";
        return `redirect${target} not followed, so the token goes nowhere else; check the base URL`;
      }
      return "";
    default:
      return "";
  }
}

/** The credential a 401 or 403 is about: where it came from when the caller said, else what it is. */
function credentialHolder(details: RemoteErrorDetails): string {
  if (details.credential === "login") return details.credentialSource ?? "your login";
  return details.credentialSource === undefined ? "the API token" : `the API token from ${details.credentialSource}`;
}

function withNote(hint: string, details: RemoteErrorDetails): string {
  return details.refusalNote === undefined ? hint : `${hint}; ${details.refusalNote}`;
}

/**
 * The scope a 403's `WWW-Authenticate: Bearer error="insufficient_scope",
 * scope="..."` names (RFC 6750, section 3.1), when it is one; undefined
 * otherwise. Only RFC 6749's scope-token characters are taken, so nothing the
 * server chose can steer the terminal.
 */
export function insufficientScopeOf(header: string | undefined): string | undefined {
  if (header === undefined || header.length > 4096 || !/^\s*Bearer\b/i.test(header)) return undefined;
  if (!/\berror="insufficient_scope"/.test(header)) return undefined;
  const scope = /\bscope="([\x21\x23-\x5b\x5d-\x7e]+(?: [\x21\x23-\x5b\x5d-\x7e]+)*)"/.exec(header)?.[1];
  return scope === undefined || scope.length > 200 ? undefined : scope;
}

function retriesNote(details: RemoteErrorDetails): string {
  return details.attempts > 1 && (details.kind === "rateLimited" || details.kind === "server" || details.kind === "network")
    ? `gave up after ${details.attempts} attempts`
    : "";
}

/** Composes the one-line message of a call that got no HTTP response. */
export function describeNetworkFailure(details: RemoteErrorDetails, description: string): string {
  const code = details.networkCode && details.networkCode !== "TIMEOUT" ? ` [${details.networkCode}]` : "";
  const note = retriesNote(details);
  return `${details.action}: ${description}${code}${note ? ` (${note})` : ""}`;
}

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
