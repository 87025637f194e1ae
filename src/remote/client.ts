/**
 * The typed client of the remote administration interface (admin-api.md, the
 * eight operations) and of the two designed edit endpoints (toolkit.md, Remote
 * behaviour). Every call validates its inputs before building a URL, sends the
 * bearer token to the configured origin only, retries what is safe to retry, and
 * turns every failure into a one-line {@link RemoteError} or {@link UsageError}
 * with the token redacted.
 *
 * The contract's WIRE_OPERATIONS gives each operation its method, path template
 * and query names; a row of {@link OPERATIONS} adds what the client checks,
 * sends and reads for it, and one function (`call` in {@link createClient})
 * does the rest for all of them.
 */
import { normaliseBaseUrl } from "./base-url.js";
import {
  INVITE_STATUS_FIELD,
  serialiseQuery,
  WIRE_OPERATIONS,
  wirePath,
  type AuthorizedClientRecord,
  type PathParameters,
  type WireMethod,
} from "../contract/wire.js";
import {
  classifyFailedResponse,
  describeFailedResponse,
  describeNetworkFailure,
  insufficientScopeOf,
  isPlainObject,
  parseErrorBody,
  RemoteError,
  UsageError,
  type ErrorBody,
  type RemoteErrorDetails,
} from "./errors.js";
import { assertIntegerInRange, catalogPageSearchParams, onrampSearchParams, usersSearchParams } from "./query-params.js";
import { createRedactor, redactErrorInPlace, redactJson, toOneLine, type Redactor } from "./redact.js";
import {
  readAddressEntries,
  readAuthorizedClients,
  readEnabledOnramps,
  readEnvironment,
  readScreeningPolicy,
  readTokenCatalogPage,
  readUsersResponse,
  readWebhook,
  ShapeError,
} from "./response-shapes.js";
import { DEFAULT_RETRY_POLICY, parseRetryAfterMs, runWithRetry, type AttemptVerdict, type RetryPolicy } from "./retry.js";
import { assertUsableToken } from "./token.js";
import { createTransport, TransportFailure, type HttpDispatcher, type HttpResponse, type ProxySettings } from "./transport.js";
import {
  INVITE_STATUSES,
  PROVIDER_TYPES,
  SCOPES,
  type AddressEntries,
  type EnabledOnramps,
  type EnvironmentRecord,
  type InviteStatus,
  type OnrampQuery,
  type OperationName,
  type ProviderType,
  type Scope,
  type ScreeningPolicy,
  type ScreeningPolicyUpdate,
  type TokenCatalogPageQuery,
  type TokenCatalogPageResult,
  type UsersPage,
  type UsersQuery,
  type Webhook,
  type WebhookUpdate,
} from "./types.js";
import { assertUuid } from "./uuid.js";

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Base URL including the version prefix, e.g. `https://host/api/v0`; plain http only to loopback. */
  baseUrl: string;
  /** The API token, sent as `Authorization: Bearer <token>` and nowhere else. */
  token: string;
  /**
   * An undici dispatcher (Agent, Pool, MockAgent...) to send through. By default
   * the client creates one keep-alive Agent of its own, which {@link RemoteClient.close}
   * closes; an injected dispatcher is left to its owner.
   */
  dispatcher?: HttpDispatcher | undefined;
  /** Deadline of each request, connect to last body byte; default {@link DEFAULT_TIMEOUT_MS}. */
  timeoutMs?: number | undefined;
  /** Overrides of the retry policy (attempts, delays, budget, and the injectable random/sleep/now). */
  retry?: Partial<RetryPolicy> | undefined;
  /** `User-Agent` header; default `screenpol`. */
  userAgent?: string | undefined;
  /** HTTP(S) proxies (transport.ts); none by default. Not used with an injected dispatcher. */
  proxy?: ProxySettings | undefined;
  /** What `token` is: an API token (default) or a stored login's client JWT; only the hints of 401 and 403 differ. */
  credential?: "apiToken" | "login" | undefined;
  /**
   * Where the token came from, in words (`SCREENPOL_API_TOKEN`, `the token
   * file F (--token-file)`, `your stored login for URL`): every 401 and 403
   * names it (docs/sign-in.md, Which credential is sent). Never the value.
   */
  credentialSource?: string | undefined;
  /**
   * Asked once after a 401 or 403, for one more clause of the hint: a stored
   * login that the API token hides. Only then, so a command that succeeds never
   * opens the credential store. A failure of it adds nothing.
   */
  refusalNote?: (() => Promise<string | undefined>) | undefined;
}

/** Default deadline of one request: generous for a JSON read, short enough for a pre-commit hook. */
export const DEFAULT_TIMEOUT_MS = 10_000;

/** Longest accepted per-request deadline; beyond it a hung server would look like a hung CLI. */
const MAX_TIMEOUT_MS = 10 * 60_000;

/** Default bound of {@link RemoteClient.iterateUsers}: 1000 pages of up to 100 users. */
const DEFAULT_MAX_USER_PAGES = 1000;

/**
 * Responses retried: 429 and 5xx (toolkit.md, Remote behaviour; admin-api.md,
 * Errors). 501 and 505 are left out: they say the request will never work.
 */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** Options of {@link RemoteClient.iterateUsers}. */
export interface IterateUsersOptions {
  /** Users per page, 1 to 100. */
  pageSize?: number;
  filterColumn?: string;
  filterValue?: string;
  orderBy?: string;
  /** Stop with an error past this many pages rather than loop forever; default 1000. */
  maxPages?: number;
}

/** The client returned by {@link createClient}. */
export interface RemoteClient {
  /** The normalised base URL requests go to. */
  readonly baseUrl: string;

  /** Reads one policy (admin-api.md, operation 1). 404 when the vendor has no policy for that scope. */
  getScreeningPolicy(environmentId: string, providerType: ProviderType, scope: Scope): Promise<ScreeningPolicy>;

  /**
   * Writes one policy with `update.revision` as the precondition, 0 to create it
   * (designed endpoint, toolkit.md, Remote behaviour). Returns the stored policy.
   * A live revision that differs fails with a `conflict` RemoteError, code
   * `revision_mismatch`, carrying `currentRevision`. The call is retried like a
   * read: a replay cannot write twice, it gets that 409. When such a conflict has
   * `attempts > 1`, an earlier attempt may have been applied; re-read and compare.
   */
  putScreeningPolicy(environmentId: string, providerType: ProviderType, scope: Scope, update: ScreeningPolicyUpdate): Promise<ScreeningPolicy>;

  /**
   * Reads one page of the token catalog (admin-api.md, operation 2). Send
   * `ifNoneMatch` on the first page only; a 304 comes back as `{status: 304}`.
   * `limit` must be an integer from 1 to 100, checked before any request.
   */
  getTokenCatalogPage(query?: TokenCatalogPageQuery): Promise<TokenCatalogPageResult>;

  /**
   * Sets an invite's status (admin-api.md, operation 3), body `{status}` (see
   * contract/wire.ts). The success body is not shown, so nothing is returned.
   * The merge conflict (422, the vendor's `UnprocessableEntity`) fails as a
   * `conflict` RemoteError with `payload`.
   */
  updateInvite(inviteId: string, status: InviteStatus): Promise<void>;

  /** Deletes all MFA devices of a user (admin-api.md, operation 4); idempotent, so retried. */
  resetUserMfa(userId: string): Promise<void>;

  /** Updates a webhook (admin-api.md, operation 5); returns the webhook, whose `secret` must not be printed. */
  updateWebhook(environmentId: string, webhookId: string, update: WebhookUpdate): Promise<Webhook>;

  /**
   * Reads an environment (admin-api.md, operation 6): confirms token, environment
   * id and scopes. The body is the vendor's `ProjectEnvironment`; one with another
   * `id` than requested is an invalid response.
   */
  getEnvironment(environmentId: string): Promise<EnvironmentRecord>;

  /** Reads one page of an environment's users (admin-api.md, operation 7; query design in contract/wire.ts). */
  listUsers(environmentId: string, query?: UsersQuery): Promise<UsersPage>;

  /**
   * Reads every page of an environment's users, page by page, at most
   * `maxPages`. Offset pagination: users added or removed meanwhile may shift
   * the pages.
   */
  iterateUsers(environmentId: string, options?: IterateUsersOptions): AsyncGenerator<UsersPage, void, undefined>;

  /**
   * Reads the enabled onramps (admin-api.md, operation 8). Each parameter is
   * checked first: the six strings at most 255 characters of letters, digits,
   * space and _ . , : ! ? & % @ / ' -; `tokenAmount` a non-negative number,
   * `includeDisabled` a boolean.
   */
  getEnabledOnramps(environmentId: string, query?: OnrampQuery): Promise<EnabledOnramps>;

  /** Reads the address entries of (environment, vendor) with their revision (designed endpoint). */
  getAddressEntries(environmentId: string, providerType: ProviderType): Promise<AddressEntries>;

  /**
   * Replaces the address entries of (environment, vendor), `revision` as the
   * precondition (designed endpoint); conflicts and replays as for
   * {@link RemoteClient.putScreeningPolicy}.
   */
  putAddressEntries(environmentId: string, providerType: ProviderType, update: AddressEntries): Promise<AddressEntries>;

  /** The authorized clients of the signed-in dashboard user (designed endpoint); the token must be one of that user's client JWTs. */
  listAuthorizedClients(): Promise<AuthorizedClientRecord[]>;

  /** Revokes one of the signed-in user's authorized clients by id (designed endpoint); its JWT gets 401 from then on. */
  revokeAuthorizedClient(authorizedClientId: string): Promise<void>;

  /** Closes the client's own dispatcher (not an injected one). Later calls fail. */
  close(): Promise<void>;
}

/** One HTTP exchange as an operation describes it. */
interface Exchange {
  operation: OperationName;
  /** Method and target in words, the start of every error message. */
  action: string;
  method: WireMethod;
  /** Path below the base URL, segments already validated and encoded. */
  path: string;
  query?: URLSearchParams;
  body?: unknown;
  headers?: Record<string, string>;
  /** Statuses outside 2xx that the operation handles itself (304 for the catalog). */
  alsoAccept?: readonly number[];
}

interface Received {
  response: HttpResponse;
  attempts: number;
}

/**
 * Creates a client. Checks the base URL (https, or http to loopback only), the
 * token (non-empty, visible ASCII) and the options, throwing a
 * {@link UsageError} before anything is opened.
 */
export function createClient(options: ClientOptions): RemoteClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  if (typeof options.token !== "string") throw new UsageError("the API token is missing", { parameter: "token" });
  assertUsableToken(options.token);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  assertIntegerInRange(timeoutMs, "timeoutMs", 1, MAX_TIMEOUT_MS);
  const userAgent = options.userAgent ?? "screenpol";
  if (!/^[\x20-\x7e]{1,200}$/.test(userAgent)) {
    throw new UsageError("userAgent must be 1 to 200 visible ASCII characters", { parameter: "userAgent" });
  }
  const retryPolicy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...stripUndefined(options.retry ?? {}) };
  assertIntegerInRange(retryPolicy.maxAttempts, "retry.maxAttempts", 1, 100);

  const redact = createRedactor(options.token);
  const transport = createTransport({ dispatcher: options.dispatcher, connectTimeoutMs: timeoutMs, proxy: options.proxy });
  const baseHeaders: Record<string, string> = {
    authorization: `Bearer ${options.token}`,
    accept: "application/json",
    "user-agent": userAgent,
  };

  async function exchange(spec: Exchange): Promise<Received> {
    // Written as the vendor's generated runtime writes it (contract/wire.ts, serialiseQuery).
    const query = spec.query === undefined ? "" : serialiseQuery(spec.query);
    const url = `${baseUrl}${spec.path}${query === "" ? "" : `?${query}`}`;
    const headers = { ...baseHeaders, ...spec.headers };
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = serialiseBody(spec.body);
      headers["content-type"] = "application/json";
    }
    const outcome = await runWithRetry(
      ({ remainingMs }) =>
        transport.send({ method: spec.method, url, headers, body, timeoutMs: Math.max(1, Math.min(timeoutMs, remainingMs)) }),
      judgeAttempt(retryPolicy),
      retryPolicy,
    );
    const { result, attempts } = outcome;
    if (!result.ok) throw fromTransportError(spec, result.error, attempts, redact);
    const response = result.value;
    const accepted = (response.status >= 200 && response.status < 300) || (spec.alsoAccept ?? []).includes(response.status);
    if (accepted) return { response, attempts };
    const errorBody = redactJson(parseErrorBody(response.bodyText), redact) as ErrorBody;
    const details = classifyFailedResponse({
      operation: spec.operation,
      action: spec.action,
      status: response.status,
      body: errorBody,
      attempts,
    });
    details.credential = options.credential;
    details.credentialSource = options.credentialSource;
    if (response.status === 403) details.requiredScope = insufficientScopeOf(response.headers["www-authenticate"]);
    if ((response.status === 401 || response.status === 403) && options.refusalNote) details.refusalNote = await options.refusalNote().catch(() => undefined);
    throw new RemoteError(redact(describeFailedResponse(details, response.headers.location)), details);
  }

  /** Parses a success body with `reader`; bad JSON or a wrong shape becomes an `invalidResponse` error. */
  function readBody<T>(spec: Exchange, received: Received, reader: (body: unknown) => T): T {
    const details: RemoteErrorDetails = {
      kind: "invalidResponse",
      operation: spec.operation,
      action: spec.action,
      status: received.response.status,
      attempts: received.attempts,
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(received.response.bodyText);
    } catch (error) {
      const what = received.response.bodyText.trim() === "" ? "an empty body" : "a body that is not JSON";
      throw new RemoteError(redact(`${spec.action}: invalid response: ${received.response.status} with ${what}`), details, { cause: error });
    }
    try {
      return reader(parsed);
    } catch (error) {
      if (!(error instanceof ShapeError)) throw error;
      throw new RemoteError(redact(`${spec.action}: invalid response: ${toOneLine(error.message)}`), details, { cause: error });
    }
  }

  /** Runs one operation; whatever it throws leaves with the token redacted. */
  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      redactErrorInPlace(error, redact);
      throw error;
    }
  }

  async function* iterateUsers(environmentId: string, iterateOptions: IterateUsersOptions = {}): AsyncGenerator<UsersPage, void, undefined> {
    try {
      yield* iterateUserPages(environmentId, iterateOptions);
    } catch (error) {
      redactErrorInPlace(error, redact);
      throw error;
    }
  }

  async function* iterateUserPages(environmentId: string, iterateOptions: IterateUsersOptions): AsyncGenerator<UsersPage, void, undefined> {
    const maxPages = iterateOptions.maxPages ?? DEFAULT_MAX_USER_PAGES;
    assertIntegerInRange(maxPages, "maxPages", 1, Number.MAX_SAFE_INTEGER);
    const query: UsersQuery = { offset: 0 };
    if (iterateOptions.pageSize !== undefined) query.limit = iterateOptions.pageSize;
    if (iterateOptions.filterColumn !== undefined) query.filterColumn = iterateOptions.filterColumn;
    if (iterateOptions.filterValue !== undefined) query.filterValue = iterateOptions.filterValue;
    if (iterateOptions.orderBy !== undefined) query.orderBy = iterateOptions.orderBy;
    for (let pageNumber = 1; ; pageNumber++) {
      const page = await client.listUsers(environmentId, query);
      yield page;
      if (page.nextOffset === null) return;
      if (pageNumber >= maxPages) {
        const details: RemoteErrorDetails = {
          kind: "invalidResponse",
          operation: "listUsers",
          action: actionOf("listUsers", { environmentId }, query),
          attempts: 0,
        };
        throw new RemoteError(`${details.action}: the listing did not end within ${maxPages} pages; narrow the filter or raise maxPages`, details);
      }
      query.offset = page.nextOffset;
    }
  }

  /**
   * Sends one operation of {@link OPERATIONS}: its path parameters checked in
   * the template's order, then its query or body (each checked as it is
   * built), before anything is sent; then the exchange, and the row's result
   * from the answer. Whatever it throws leaves with the token redacted.
   */
  function call<Name extends OperationName>(name: Name, given: PathOf<Name>, input: Signatures[Name]["input"]): Promise<Signatures[Name]["result"]> {
    return guarded(async () => {
      const row: OperationRow<Name> = OPERATIONS[name];
      const path = checkedPath(name, given);
      const spec: Exchange = {
        operation: name,
        method: WIRE_OPERATIONS[name].method,
        path: wirePath(name, path),
        query: row.query?.(input),
        body: row.body?.(input),
        ...row.conditional?.(input),
        action: actionOf(name, path, input),
      };
      const received = await exchange(spec);
      const answer: Answer = {
        status: received.response.status,
        headers: received.response.headers,
        read: (reader) => readBody(spec, received, reader),
      };
      return row.result === undefined ? (undefined as Signatures[Name]["result"]) : row.result(answer, path, input);
    });
  }

  const client: RemoteClient = {
    baseUrl,
    getScreeningPolicy: (environmentId, providerType, scope) => call("getScreeningPolicy", { environmentId, providerType, scope }, undefined),
    putScreeningPolicy: (environmentId, providerType, scope, update) => call("putScreeningPolicy", { environmentId, providerType, scope }, update),
    getTokenCatalogPage: (query = {}) => call("getTokenCatalogPage", {}, query),
    updateInvite: (inviteId, status) => call("updateInvite", { inviteId }, status),
    listAuthorizedClients: () => call("listAuthorizedClients", {}, undefined),
    revokeAuthorizedClient: (authorizedClientId) => call("revokeAuthorizedClient", { authorizedClientId }, undefined),
    resetUserMfa: (userId) => call("resetUserMfa", { userId }, undefined),
    updateWebhook: (environmentId, webhookId, update) => call("updateWebhook", { environmentId, webhookId }, update),
    getEnvironment: (environmentId) => call("getEnvironment", { environmentId }, undefined),
    listUsers: (environmentId, query = {}) => call("listUsers", { environmentId }, query),
    iterateUsers,
    getEnabledOnramps: (environmentId, query = {}) => call("getEnabledOnramps", { environmentId }, query),
    getAddressEntries: (environmentId, providerType) => call("getAddressEntries", { environmentId, providerType }, undefined),
    putAddressEntries: (environmentId, providerType, update) => call("putAddressEntries", { environmentId, providerType }, update),
    close: () => transport.close(),
  };
  return client;
}

/** What each operation takes besides its path parameters, and what it returns: the typed surface of {@link RemoteClient}, one line per operation. */
interface Signatures {
  getScreeningPolicy: { input: undefined; result: ScreeningPolicy };
  putScreeningPolicy: { input: ScreeningPolicyUpdate; result: ScreeningPolicy };
  getTokenCatalogPage: { input: TokenCatalogPageQuery; result: TokenCatalogPageResult };
  updateInvite: { input: InviteStatus; result: void };
  resetUserMfa: { input: undefined; result: void };
  updateWebhook: { input: WebhookUpdate; result: Webhook };
  getEnvironment: { input: undefined; result: EnvironmentRecord };
  listUsers: { input: UsersQuery; result: UsersPage };
  getEnabledOnramps: { input: OnrampQuery; result: EnabledOnramps };
  getAddressEntries: { input: undefined; result: AddressEntries };
  putAddressEntries: { input: AddressEntries; result: AddressEntries };
  listAuthorizedClients: { input: undefined; result: AuthorizedClientRecord[] };
  revokeAuthorizedClient: { input: undefined; result: void };
}

/** A path parameter of any operation, by the name its template gives it. */
type PathParameterName = { [Name in OperationName]: PathParameters<(typeof WIRE_OPERATIONS)[Name]["template"]> }[OperationName];

/** The value of a path parameter once checked: vendor and scope are one of their values; the rest are identifiers. */
type PathParameterValue<Parameter extends PathParameterName> = Parameter extends "providerType" ? ProviderType : Parameter extends "scope" ? Scope : string;

/** The path parameters of an operation, by name. */
type PathOf<Name extends OperationName> = { [Parameter in PathParameters<(typeof WIRE_OPERATIONS)[Name]["template"]>]: PathParameterValue<Parameter> };

/**
 * How each path parameter is checked before a path is built, so nothing from
 * a file reaches a URL unchecked (toolkit.md, Remote behaviour): identifiers
 * are UUIDs in the format of admin-api.md, vendor and scope one of their values.
 */
const PATH_PARAMETER_CHECKS: { [Parameter in PathParameterName]: (value: unknown, name: Parameter) => PathParameterValue<Parameter> } = {
  environmentId: assertUuid,
  inviteId: assertUuid,
  userId: assertUuid,
  webhookId: assertUuid,
  authorizedClientId: assertUuid,
  providerType: (value, name) => assertOneOf(value, PROVIDER_TYPES, name),
  scope: (value, name) => assertOneOf(value, SCOPES, name),
};

/** The path parameters of `name`, each checked, in the order its template names them; throws the first {@link UsageError}. */
function checkedPath<Name extends OperationName>(name: Name, given: PathOf<Name>): PathOf<Name> {
  const checked: Record<string, string> = {};
  for (const [, parameter] of WIRE_OPERATIONS[name].template.matchAll(/\{([A-Za-z]+)\}/g)) {
    const check = PATH_PARAMETER_CHECKS[parameter as PathParameterName] as (value: unknown, name: string) => string;
    checked[parameter!] = check((given as Record<string, unknown>)[parameter!], parameter!);
  }
  return checked as PathOf<Name>;
}

/** A response as an operation's row reads it. */
interface Answer {
  status: number;
  /** Lower-cased names. */
  headers: HttpResponse["headers"];
  /** The body parsed as JSON and read with `reader` (the operation's response shape); either failing is an `invalidResponse` RemoteError. */
  read<T>(reader: (body: unknown) => T): T;
}

/**
 * What the client adds to an operation of {@link WIRE_OPERATIONS}, whose
 * method, path template and query parameters the contract already gives.
 */
interface OperationRow<Name extends OperationName> {
  /** The target in words: after the method, the start of every error message. */
  target(path: PathOf<Name>, input: Signatures[Name]["input"]): string;
  /** The query, checked (query-params.ts); absent: none. */
  query?(input: Signatures[Name]["input"]): URLSearchParams;
  /** The JSON body, exactly its designed members, checked; absent: none. */
  body?(input: Signatures[Name]["input"]): unknown;
  /** Headers of a conditional request, and the statuses outside 2xx it answers itself (304); undefined: not conditional. */
  conditional?(input: Signatures[Name]["input"]): { headers: Record<string, string>; alsoAccept: readonly number[] } | undefined;
  /** The result from the response; absent: the response is not read and nothing is returned. */
  result?(answer: Answer, path: PathOf<Name>, input: Signatures[Name]["input"]): Signatures[Name]["result"];
}

/** The operations as the client sends them: one row each (admin-api.md, operations 1 to 8; toolkit.md, Remote behaviour, the designed ones). */
const OPERATIONS: { [Name in OperationName]: OperationRow<Name> } = {
  getScreeningPolicy: {
    target: ({ environmentId, providerType, scope }) => `screening policy ${environmentId}/${providerType}/${scope}`,
    result: (answer, expected) => answer.read((body) => readScreeningPolicy(body, expected)),
  },
  putScreeningPolicy: {
    target: ({ environmentId, providerType, scope }) => `screening policy ${environmentId}/${providerType}/${scope}`,
    body: policyUpdateBody,
    result: (answer, expected) => answer.read((body) => readScreeningPolicy(body, expected)),
  },
  getTokenCatalogPage: {
    target: (_, query) => `token catalog ${query.cursor === undefined ? "first page" : "next page"}`,
    query: catalogPageSearchParams,
    conditional: (query) => (query.ifNoneMatch === undefined ? undefined : { headers: { "if-none-match": query.ifNoneMatch }, alsoAccept: [304] }),
    result: (answer, _, query) => {
      const etag = answer.headers.etag;
      // A 304 should repeat the ETag (RFC 9110 section 15.4.5); the one sent matched, so it stands in.
      if (answer.status === 304) return { status: 304, etag: etag ?? (query.ifNoneMatch as string) };
      return { status: 200, page: answer.read(readTokenCatalogPage), etag: etag ?? null };
    },
  },
  updateInvite: {
    target: ({ inviteId }, status) => `invite ${inviteId} (${status})`,
    body: (status) => {
      if (!(INVITE_STATUSES as readonly unknown[]).includes(status)) {
        throw new UsageError(`invite status must be one of ${INVITE_STATUSES.join(", ")}`, { parameter: "status" });
      }
      return { [INVITE_STATUS_FIELD]: status };
    },
  },
  resetUserMfa: {
    target: ({ userId }) => `MFA devices of user ${userId}`,
  },
  updateWebhook: {
    target: ({ environmentId, webhookId }) => `webhook ${webhookId} of environment ${environmentId}`,
    body: webhookUpdateBody,
    result: (answer) => answer.read(readWebhook),
  },
  getEnvironment: {
    target: ({ environmentId }) => `environment ${environmentId}`,
    result: (answer, { environmentId }) => answer.read((body) => readEnvironment(body, environmentId)),
  },
  listUsers: {
    target: ({ environmentId }) => `users of environment ${environmentId}`,
    query: usersSearchParams,
    result: (answer, _, query) => {
      const { users, count } = answer.read(readUsersResponse);
      // The wire carries only the total; an empty page ends the listing whatever `count` says, so it cannot loop.
      const end = (query.offset ?? 0) + users.length;
      return { users, count, nextOffset: users.length > 0 && end < count ? end : null };
    },
  },
  getEnabledOnramps: {
    target: ({ environmentId }) => `enabled onramps of environment ${environmentId}`,
    query: onrampSearchParams,
    result: (answer) => answer.read(readEnabledOnramps),
  },
  getAddressEntries: {
    target: ({ environmentId, providerType }) => `address entries ${environmentId}/${providerType}`,
    result: (answer) => answer.read(readAddressEntries),
  },
  putAddressEntries: {
    target: ({ environmentId, providerType }) => `address entries ${environmentId}/${providerType}`,
    body: addressEntriesBody,
    result: (answer) => answer.read(readAddressEntries),
  },
  listAuthorizedClients: {
    target: () => "authorized clients",
    result: (answer) => answer.read(readAuthorizedClients),
  },
  revokeAuthorizedClient: {
    target: ({ authorizedClientId }) => `authorized client ${authorizedClientId}`,
  },
};

/** Method and target in words (`GET environment <id>`): the start of every error message of the operation. */
function actionOf<Name extends OperationName>(name: Name, path: PathOf<Name>, input: Signatures[Name]["input"]): string {
  const row: OperationRow<Name> = OPERATIONS[name];
  return `${WIRE_OPERATIONS[name].method} ${row.target(path, input)}`;
}

/** Retry 429/5xx and retryable transport failures; `Retry-After` replaces the backoff when given. */
export function judgeAttempt(policy: RetryPolicy): (result: { ok: true; value: HttpResponse } | { ok: false; error: unknown }) => AttemptVerdict {
  return (result) => {
    if (!result.ok) return { retry: result.error instanceof TransportFailure && result.error.retryable };
    if (!RETRYABLE_STATUSES.has(result.value.status)) return { retry: false };
    return { retry: true, retryAfterMs: parseRetryAfterMs(result.value.headers["retry-after"], policy.now()) };
  };
}

export function fromTransportError(spec: Pick<RemoteErrorDetails, "operation" | "action">, error: unknown, attempts: number, redact: Redactor): Error {
  if (!(error instanceof TransportFailure)) return error instanceof Error ? error : new Error(String(error));
  const tooLarge = error.code === "RESPONSE_TOO_LARGE";
  const details: RemoteErrorDetails = {
    kind: tooLarge ? "invalidResponse" : "network",
    operation: spec.operation,
    action: spec.action,
    networkCode: tooLarge ? undefined : error.code,
    attempts,
  };
  const message = tooLarge ? `${spec.action}: invalid response: ${error.description}` : describeNetworkFailure(details, error.description);
  return new RemoteError(redact(message), details, { cause: error });
}

function assertOneOf<T extends string>(value: unknown, values: readonly T[], name: string): T {
  if (typeof value === "string" && (values as readonly string[]).includes(value)) return value as T;
  const shown = typeof value === "string" ? JSON.stringify(toOneLine(value, 60)) : typeof value;
  throw new UsageError(`${name} ${shown} is not one of ${values.join(", ")}`, { parameter: name });
}

/** Exactly the members of the designed body, so no server-managed field (addressEntryCount, updatedAt) rides along. */
function policyUpdateBody(update: ScreeningPolicyUpdate): ScreeningPolicyUpdate {
  if (!isPlainObject(update)) throw new UsageError("the policy update must be an object", { parameter: "update" });
  assertIntegerInRange(update.revision, "revision", 0, Number.MAX_SAFE_INTEGER);
  assertIntegerInRange(update.schemaVersion, "schemaVersion", 1, Number.MAX_SAFE_INTEGER);
  if (!isPlainObject(update.rules)) throw new UsageError("rules must be an object", { parameter: "rules" });
  if (typeof update.enabled !== "boolean") throw new UsageError("enabled must be a boolean", { parameter: "enabled" });
  return { revision: update.revision, schemaVersion: update.schemaVersion, rules: update.rules, enabled: update.enabled };
}

function addressEntriesBody(update: AddressEntries): AddressEntries {
  if (!isPlainObject(update)) throw new UsageError("the address entries update must be an object", { parameter: "update" });
  assertIntegerInRange(update.revision, "revision", 0, Number.MAX_SAFE_INTEGER);
  if (!Array.isArray(update.entries) || !update.entries.every(isPlainObject)) {
    throw new UsageError("entries must be an array of objects", { parameter: "entries" });
  }
  return { revision: update.revision, entries: update.entries };
}

function webhookUpdateBody(update: WebhookUpdate): WebhookUpdate {
  if (!isPlainObject(update)) throw new UsageError("the webhook update must be an object", { parameter: "update" });
  if (typeof update.url !== "string" || update.url.length === 0) throw new UsageError("url must be a non-empty string", { parameter: "url" });
  if (typeof update.isEnabled !== "boolean") throw new UsageError("isEnabled must be a boolean", { parameter: "isEnabled" });
  if (!Array.isArray(update.events) || !update.events.every((event) => typeof event === "string")) {
    throw new UsageError("events must be an array of strings", { parameter: "events" });
  }
  return { url: update.url, isEnabled: update.isEnabled, events: update.events };
}

function serialiseBody(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    // A cycle or a BigInt somewhere in `rules` or `entries`.
    throw new UsageError("the request body cannot be written as JSON", { parameter: "body", cause: error });
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined)) as Partial<T>;
}
