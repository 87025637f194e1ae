/**
 * The client side of the device authorization grant (RFC 8628), revocation
 * (RFC 7009) and introspection (RFC 7662), against the endpoints the server's
 * metadata publishes (RFC 8414, or OpenID Connect discovery), else the
 * designed sign-in endpoints below the base URL (contract/wire.ts,
 * OAUTH_PATHS; docs/sign-in.md, Against a standard server). The protocol is
 * `oauth4webapi`'s: it builds the requests and checks the responses. Its
 * requests go out through our transport (its `customFetch` hook), so timeouts,
 * retries, proxies and the loopback-only rule for plain http are the same as
 * every other request's. One request, one call: the polling loop is the
 * caller's (app/login.ts), which owns the clock.
 *
 * Every failure is one {@link RemoteError} line with the device code and any
 * token redacted; an OAuth error response is kind `signIn` with the RFC's
 * error in `code`, except `authorization_pending` and `slow_down`, which are
 * answers, not failures.
 */
import * as oauth from "oauth4webapi";
import { OAUTH_PATHS, SCREENPOL_CLIENT_ID, USER_CODE_ALPHABET, type SignInOperationName } from "../contract/wire.js";
import { isLoopbackHost, normaliseBaseUrl } from "./base-url.js";
import { DEFAULT_TIMEOUT_MS, fromTransportError, judgeAttempt } from "./client.js";
import { classifyFailedResponse, describeFailedResponse, isPlainObject, parseErrorBody, RemoteError, type ErrorBody, type RemoteErrorDetails } from "./errors.js";
import { createSecretRedactor, MAX_SECRET_LENGTH } from "../core/secret-redactor.js";
import { redactErrorInPlace, toOneLine, type Redactor } from "./redact.js";
import { DEFAULT_RETRY_POLICY, runWithRetry, type RetryPolicy } from "./retry.js";
import { createTransport, type HttpDispatcher, type ProxySettings } from "./transport.js";

export interface DeviceLoginClientOptions {
  /** The API base URL (`.../api/v0`); the designed sign-in endpoints are below it. */
  baseUrl: string;
  /**
   * `--issuer`: the authorization server, when it is not the base URL; its
   * metadata must then be found. Without it, the base URL is tried as the
   * issuer, and a server that publishes no metadata has the designed paths.
   */
  issuer?: string | undefined;
  /** The endpoints a stored login was issued by (no discovery then): logout and `auth status` reach the same server. */
  endpoints?: Pick<SignInEndpoints, "issuer" | "revocation" | "introspection" | "fromMetadata"> | undefined;
  dispatcher?: HttpDispatcher | undefined;
  timeoutMs?: number | undefined;
  retry?: Partial<RetryPolicy> | undefined;
  proxy?: ProxySettings | undefined;
}

/** A started device authorization (RFC 8628, section 3.2). */
export interface DeviceAuthorization {
  deviceCode: string;
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string | undefined;
  /** Seconds the codes stay usable. */
  expiresIn: number;
  /** Seconds between polls, as the server asks. */
  interval: number;
}

/**
 * One poll's answer: keep waiting, wait longer, or the token with the token
 * response's `expires_in` and `scope` (RFC 6749, section 5.1), which hold
 * whatever the token's format (RFC 9068, section 6: a client must not depend
 * on it).
 */
export type DevicePoll = { kind: "pending" } | { kind: "slowDown" } | { kind: "token"; accessToken: string; expiresIn?: number | undefined; scope?: string | undefined };

/** Where the sign-in requests go: from the server's metadata, or the designed paths below the base URL. */
export interface SignInEndpoints {
  issuer: string;
  /** True when the server's metadata named them; false for the designed paths below the base URL. */
  fromMetadata: boolean;
  /** Absent only for a client of a stored login's endpoints, which signs nobody in. */
  deviceAuthorization?: string | undefined;
  token?: string | undefined;
  /** Absent: the server publishes no revocation endpoint. */
  revocation?: string | undefined;
  /** Absent: the server publishes no introspection endpoint (the designed server has none). */
  introspection?: string | undefined;
}

/** What RFC 7662 introspection says of a token: `auth status` needs only whether the server still accepts it. */
export interface Introspection {
  active: boolean;
}

export interface DeviceLoginClient {
  readonly baseUrl: string;
  /** The endpoints the requests go to (the metadata is read once, on first need). */
  endpoints(): Promise<SignInEndpoints>;
  start(scopes: readonly string[] | undefined): Promise<DeviceAuthorization>;
  poll(deviceCode: string): Promise<DevicePoll>;
  /**
   * Revokes a token (RFC 7009); the server answers 200 whether or not it knew
   * it. A server that cannot revoke it answers `unsupported_token_type` (RFC
   * 7009, section 2.2.1): a `signIn` RemoteError with that code.
   */
  revoke(token: string): Promise<void>;
  /** Asks the server whether a token is active (RFC 7662); undefined when it publishes no introspection endpoint. */
  introspect(token: string): Promise<Introspection | undefined>;
  close(): Promise<void>;
}

const ACTIONS: Record<SignInOperationName, string> = {
  discovery: "GET authorization server metadata",
  deviceAuthorization: "POST device authorization",
  token: "POST token",
  revocation: "POST token revocation",
  introspection: "POST token introspection",
};

export function createDeviceLoginClient(options: DeviceLoginClientOptions): DeviceLoginClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...(options.retry ?? {}) };
  const transport = createTransport({ dispatcher: options.dispatcher, connectTimeoutMs: timeoutMs, proxy: options.proxy });
  const explicitIssuer = options.issuer === undefined ? undefined : normaliseBaseUrl(options.issuer);
  let found: Promise<SignInEndpoints> | undefined = options.endpoints === undefined ? undefined : Promise.resolve(options.endpoints);
  const endpoints = (): Promise<SignInEndpoints> => (found ??= guarded("discovery", discover));
  const server = async (): Promise<oauth.AuthorizationServer> => {
    const known = await endpoints();
    return {
      issuer: known.issuer,
      ...(known.deviceAuthorization === undefined ? {} : { device_authorization_endpoint: known.deviceAuthorization }),
      ...(known.token === undefined ? {} : { token_endpoint: known.token }),
      ...(known.revocation === undefined ? {} : { revocation_endpoint: known.revocation }),
      ...(known.introspection === undefined ? {} : { introspection_endpoint: known.introspection }),
    };
  };
  const client: oauth.Client = { client_id: SCREENPOL_CLIENT_ID };
  const authentication = oauth.None();
  const secrets: string[] = [];
  const redact: Redactor = (text) => createSecretRedactor(secrets).redact(text);

  /** Sends one request of oauth4webapi through the transport; `attempts` of the last call, for messages. */
  let attempts = 0;
  function fetchVia(operation: SignInOperationName) {
    return async (url: string, init: oauth.CustomFetchOptions<string, unknown>): Promise<Response> => {
      const body = init.body === undefined || init.body === null ? undefined : String(init.body);
      const method = init.method as "GET" | "POST";
      const outcome = await runWithRetry(
        ({ remainingMs }) => transport.send({ method, url, headers: { ...init.headers, "user-agent": "screenpol" }, body, timeoutMs: Math.max(1, Math.min(timeoutMs, remainingMs)) }),
        judgeAttempt(policy),
        policy,
      );
      attempts = outcome.attempts;
      if (!outcome.result.ok) throw fromTransportError({ operation, action: ACTIONS[operation] }, outcome.result.error, outcome.attempts, redact);
      const { status, headers, bodyText } = outcome.result.value;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) responseHeaders.set(name, value);
      return new Response(status === 204 || status === 304 ? null : bodyText, { status, headers: responseHeaders });
    };
  }

  function requestOptions(operation: SignInOperationName) {
    // Plain http only where the base URL (or the issuer) may use it, loopback; every endpoint is checked the same way (signInAddressProblem).
    return { [oauth.customFetch]: fetchVia(operation), [oauth.allowInsecureRequests]: baseUrl.startsWith("http:") || (explicitIssuer?.startsWith("http:") ?? false) } as const;
  }

  /**
   * The metadata of the issuer: RFC 8414's well-known address first, then
   * OpenID Connect discovery's. A document is used only when its `issuer` is
   * the one asked for (RFC 8414, section 3.3, which oauth4webapi checks);
   * anything else (404, not JSON, another issuer's) is no metadata. With
   * `--issuer` the metadata must be found; without, the base URL is the
   * issuer and a server without metadata has the designed paths.
   */
  async function discover(): Promise<SignInEndpoints> {
    const issuer = new URL(explicitIssuer ?? baseUrl);
    for (const algorithm of ["oauth2", "oidc"] as const) {
      const response = await oauth.discoveryRequest(issuer, { ...requestOptions("discovery"), algorithm });
      if (response.status !== 200) continue;
      let metadata: oauth.AuthorizationServer;
      try {
        metadata = await oauth.processDiscoveryResponse(issuer, response);
      } catch {
        continue;
      }
      return endpointsOf(metadata);
    }
    if (explicitIssuer !== undefined) {
      throw invalidResponse("discovery", `${explicitIssuer} publishes no authorization server metadata (RFC 8414 or OpenID Connect discovery) naming it as the issuer`);
    }
    return {
      issuer: baseUrl,
      fromMetadata: false,
      deviceAuthorization: `${baseUrl}${OAUTH_PATHS.deviceAuthorization}`,
      token: `${baseUrl}${OAUTH_PATHS.token}`,
      revocation: `${baseUrl}${OAUTH_PATHS.revocation}`,
    };
  }

  /** The endpoints of a metadata document, each one a browser-safe address as the verification URI must be. */
  function endpointsOf(metadata: oauth.AuthorizationServer): SignInEndpoints {
    const endpoint = (member: string, value: unknown, required: boolean): string | undefined => {
      if (value === undefined && !required) return undefined;
      if (typeof value !== "string") throw invalidResponse("discovery", `the metadata of ${metadata.issuer} has no ${member}${member === "device_authorization_endpoint" ? " (it does not offer the device authorization grant)" : ""}`);
      const problem = signInAddressProblem(value);
      if (problem !== undefined) throw invalidResponse("discovery", `the metadata's ${member} ${problem}`);
      return new URL(value).href;
    };
    return {
      issuer: metadata.issuer,
      fromMetadata: true,
      deviceAuthorization: endpoint("device_authorization_endpoint", metadata.device_authorization_endpoint, true)!,
      token: endpoint("token_endpoint", metadata.token_endpoint, true)!,
      revocation: endpoint("revocation_endpoint", metadata.revocation_endpoint, false),
      introspection: endpoint("introspection_endpoint", metadata.introspection_endpoint, false),
    };
  }

  /** oauth4webapi's errors, and ours, as one RemoteError line. */
  function failure(operation: SignInOperationName, error: unknown): Error {
    if (error instanceof RemoteError) return error;
    const action = ACTIONS[operation];
    if (error instanceof oauth.ResponseBodyError) {
      const code = toOneLine(error.error, 80);
      const details: RemoteErrorDetails = { kind: "signIn", operation, action, status: error.status, code, attempts };
      return new RemoteError(redact(`${action}: ${describeSignInError(code)} [${code}]`), details);
    }
    if (error instanceof oauth.WWWAuthenticateChallengeError) {
      const details = classifyFailedResponse({ operation, action, status: error.status, body: {}, attempts });
      return new RemoteError(redact(describeFailedResponse(details)), details);
    }
    if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
      const details: RemoteErrorDetails = { kind: "invalidResponse", operation, action, attempts };
      // oauth4webapi's messages name the member at fault (`"response" body "access_token" property must be a string`) and never quote values.
      return new RemoteError(redact(`${action}: invalid response: ${toOneLine(error.message, 160)}`), details, { cause: error });
    }
    return error instanceof Error ? error : new Error(String(error));
  }

  function revoke(token: string): Promise<void> {
    return guarded("revocation", async () => {
      secrets.push(token);
      const metadata = await server();
      if (metadata.revocation_endpoint === undefined) {
        const details: RemoteErrorDetails = { kind: "signIn", operation: "revocation", action: ACTIONS.revocation, code: UNSUPPORTED_TOKEN_TYPE, attempts: 0 };
        throw new RemoteError(`${ACTIONS.revocation}: the server publishes no revocation endpoint [${UNSUPPORTED_TOKEN_TYPE}]`, details);
      }
      const response = await oauth.revocationRequest(metadata, client, authentication, token, { ...requestOptions("revocation"), additionalParameters: { token_type_hint: "access_token" } });
      await refuseNonOAuthFailure("revocation", response);
      await oauth.processRevocationResponse(response);
    });
  }

  function introspect(token: string): Promise<Introspection | undefined> {
    return guarded("introspection", async () => {
      secrets.push(token);
      const metadata = await server();
      if (metadata.introspection_endpoint === undefined) return undefined;
      const response = await oauth.introspectionRequest(metadata, client, authentication, token, { ...requestOptions("introspection"), additionalParameters: { token_type_hint: "access_token" } });
      await refuseNonOAuthFailure("introspection", response);
      const result = await oauth.processIntrospectionResponse(metadata, client, response);
      return { active: result.active };
    });
  }

  async function guarded<T>(operation: SignInOperationName, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const translated = failure(operation, error);
      redactErrorInPlace(translated, redact);
      throw translated;
    }
  }

  return {
    baseUrl,
    endpoints,
    start: (scopes) =>
      guarded("deviceAuthorization", async () => {
        const metadata = await server();
        const parameters: Record<string, string> = scopes === undefined || scopes.length === 0 ? {} : { scope: scopes.join(" ") };
        const response = await oauth.deviceAuthorizationRequest(metadata, client, authentication, parameters, requestOptions("deviceAuthorization"));
        await refuseNonOAuthFailure("deviceAuthorization", response);
        const result = await oauth.processDeviceAuthorizationResponse(metadata, client, response);
        refuseUnusableAuthorization(result);
        secrets.push(result.device_code);
        return {
          deviceCode: result.device_code,
          userCode: result.user_code,
          // As parsed: what is shown is what a browser opens, without a control character, a host in punycode.
          verificationUri: new URL(result.verification_uri).href,
          verificationUriComplete: result.verification_uri_complete === undefined ? undefined : new URL(result.verification_uri_complete).href,
          expiresIn: result.expires_in,
          interval: result.interval ?? 5,
        };
      }),
    poll: (deviceCode) =>
      guarded("token", async () => {
        if (!secrets.includes(deviceCode)) secrets.push(deviceCode);
        const metadata = await server();
        const response = await oauth.deviceCodeGrantRequest(metadata, client, authentication, deviceCode, requestOptions("token"));
        await refuseNonOAuthFailure("token", response);
        // The token as issued, before any check of the response: whatever is refused below, it is revoked (docs/sign-in.md).
        const issued = await issuedAccessToken(response);
        try {
          const result = await oauth.processDeviceCodeResponse(metadata, client, response);
          if (result.access_token.length > MAX_SECRET_LENGTH) throw invalidResponse("token", tooLong("access_token", result.access_token));
          secrets.push(result.access_token);
          return { kind: "token", accessToken: result.access_token, expiresIn: result.expires_in, scope: result.scope };
        } catch (error) {
          if (error instanceof oauth.ResponseBodyError && error.error === "authorization_pending") return { kind: "pending" };
          if (error instanceof oauth.ResponseBodyError && error.error === "slow_down") return { kind: "slowDown" };
          if (issued === undefined) throw error;
          // A token nobody keeps should not stay valid until it expires: revoke it, then say why it was refused.
          await revoke(issued).catch(() => undefined);
          const refused = failure("token", error);
          refused.message = `${refused.message}; it was revoked and nothing was stored`;
          throw refused;
        }
      }),
    revoke,
    introspect,
    close: () => transport.close(),
  };

  /** The `access_token` of a 200 token response, when it has one; added to the redactor at once. */
  async function issuedAccessToken(response: Response): Promise<string | undefined> {
    if (response.status !== 200) return undefined;
    try {
      const body: unknown = await response.clone().json();
      if (!isPlainObject(body) || typeof body.access_token !== "string" || body.access_token === "") return undefined;
      secrets.push(body.access_token);
      return body.access_token;
    } catch {
      return undefined;
    }
  }

  /**
   * What the person is shown and sent to comes from the server: the codes are
   * bounded before anything holds them, the user code is one a person can
   * type (RFC 8628, section 6.1), and an address is one a browser may open for
   * a sign-in (https, or http on loopback as the base URL may be; never
   * `javascript:` or `file:`). Each refusal names the member, never its value.
   */
  function refuseUnusableAuthorization(result: oauth.DeviceAuthorizationResponse): void {
    for (const [member, value] of [["device_code", result.device_code], ["user_code", result.user_code]] as const) {
      if (value.length > MAX_SECRET_LENGTH) throw invalidResponse("deviceAuthorization", tooLong(member, value));
    }
    if (!USER_CODE.test(result.user_code)) {
      throw invalidResponse("deviceAuthorization", `the user_code is not a code of RFC 8628's alphabet (the letters ${USER_CODE_ALPHABET}, digits and dashes; at most ${MAX_USER_CODE_LENGTH} characters)`);
    }
    for (const [member, value] of [["verification_uri", result.verification_uri], ["verification_uri_complete", result.verification_uri_complete]] as const) {
      const problem = value === undefined ? undefined : signInAddressProblem(value);
      if (problem !== undefined) throw invalidResponse("deviceAuthorization", `the ${member} ${problem}; nothing was shown or opened`);
    }
  }

  function invalidResponse(operation: SignInOperationName, what: string): RemoteError {
    const action = ACTIONS[operation];
    return new RemoteError(`${action}: invalid response: ${what}`, { kind: "invalidResponse", operation, action, attempts });
  }

  /**
   * A response that is not the OAuth kind of failure (5xx after the retries, a
   * redirect, 404 from a server without the endpoint) becomes the same line as
   * any other failed request; oauth4webapi would only say "unexpected status".
   */
  async function refuseNonOAuthFailure(operation: SignInOperationName, response: Response): Promise<void> {
    if (response.status === 200 || (response.status >= 400 && response.status < 500 && (await hasOAuthError(response)))) return;
    const body = parseErrorBody(await response.clone().text()) as ErrorBody;
    const details = classifyFailedResponse({ operation, action: ACTIONS[operation], status: response.status, body, attempts });
    throw new RemoteError(redact(describeFailedResponse(details, response.headers.get("location") ?? undefined)), details);
  }
}

/** RFC 7009, section 2.2.1: the server cannot revoke this kind of token (a self-contained JWT, often). */
export const UNSUPPORTED_TOKEN_TYPE = "unsupported_token_type";

/** RFC 8628, section 6.1's user code: its base-20 letters (or digits), in groups a dash may separate; read case-insensitively. */
const MAX_USER_CODE_LENGTH = 32;
const USER_CODE = new RegExp(`^(?=.{1,${MAX_USER_CODE_LENGTH}}$)[${USER_CODE_ALPHABET}0-9]+(?:-[${USER_CODE_ALPHABET}0-9]+)*$`, "i");

function tooLong(member: string, value: string): string {
  return `the ${member} is ${value.length} characters long, more than any real one (at most ${MAX_SECRET_LENGTH})`;
}

/** Why `address` is not one to show or open for a sign-in; undefined when it is. */
function signInAddressProblem(address: string): string | undefined {
  if (address.length > MAX_SECRET_LENGTH) return `is ${address.length} characters long`;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "is not a URL";
  }
  // A scheme is letters, digits, `+`, `-` and `.` once parsed: safe to name.
  if (url.protocol !== "https:" && url.protocol !== "http:") return `is not an https address (${url.protocol})`;
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) return "is a plain http address of a host other than loopback (https is required)";
  return undefined;
}

async function hasOAuthError(response: Response): Promise<boolean> {
  try {
    const body: unknown = await response.clone().json();
    return isPlainObject(body) && typeof body.error === "string";
  } catch {
    return false;
  }
}

/** The one line a person reads for each RFC 8628 / RFC 6749 error. */
function describeSignInError(code: string): string {
  switch (code) {
    case "access_denied":
      // A standard server also ends here when it grants none of the scopes asked for: the page is not the only suspect.
      return "the sign-in was denied on the approval page, or the service granted none of the scopes asked for";
    case "expired_token":
      return "the code expired before it was approved; run `screenpol login` again";
    case "invalid_grant":
      return "the service no longer knows this sign-in (used or unknown device code); run `screenpol login` again";
    case "invalid_client":
      return "the service does not know screenpol as a client";
    case "invalid_scope":
      return "the service does not have one of the requested scopes";
    case "unsupported_grant_type":
      return "the service does not support the device authorization grant";
    case UNSUPPORTED_TOKEN_TYPE:
      return "the service cannot revoke or introspect this kind of token";
    default:
      return "the service refused the sign-in";
  }
}
