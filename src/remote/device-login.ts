/**
 * The client side of the device authorization grant (RFC 8628), revocation
 * (RFC 7009), against the designed sign-in endpoints
 * (contract/wire.ts, OAUTH_PATHS; docs/sign-in.md). The protocol is
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
  /** The API base URL (`.../api/v0`); the sign-in endpoints are below it. */
  baseUrl: string;
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

/** One poll's answer: keep waiting, wait longer, or the token (its expiry and scopes are the JWT's claims). */
export type DevicePoll = { kind: "pending" } | { kind: "slowDown" } | { kind: "token"; accessToken: string };

export interface DeviceLoginClient {
  readonly baseUrl: string;
  start(scopes: readonly string[] | undefined): Promise<DeviceAuthorization>;
  poll(deviceCode: string): Promise<DevicePoll>;
  /** Revokes a token (RFC 7009); the server answers 200 whether or not it knew it. */
  revoke(token: string): Promise<void>;
  close(): Promise<void>;
}

const ACTIONS: Record<SignInOperationName, string> = {
  deviceAuthorization: "POST device authorization",
  token: "POST token",
  revocation: "POST token revocation",
};

export function createDeviceLoginClient(options: DeviceLoginClientOptions): DeviceLoginClient {
  const baseUrl = normaliseBaseUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...(options.retry ?? {}) };
  const transport = createTransport({ dispatcher: options.dispatcher, connectTimeoutMs: timeoutMs, proxy: options.proxy });
  const server: oauth.AuthorizationServer = {
    issuer: baseUrl,
    device_authorization_endpoint: `${baseUrl}${OAUTH_PATHS.deviceAuthorization}`,
    token_endpoint: `${baseUrl}${OAUTH_PATHS.token}`,
    revocation_endpoint: `${baseUrl}${OAUTH_PATHS.revocation}`,
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
    return { [oauth.customFetch]: fetchVia(operation), [oauth.allowInsecureRequests]: baseUrl.startsWith("http:") } as const;
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
    if (error instanceof oauth.OperationProcessingError) {
      const details: RemoteErrorDetails = { kind: "invalidResponse", operation, action, attempts };
      // oauth4webapi's messages name the member at fault (`"response" body "access_token" property must be a string`) and never quote values.
      return new RemoteError(redact(`${action}: invalid response: ${toOneLine(error.message, 160)}`), details, { cause: error });
    }
    return error instanceof Error ? error : new Error(String(error));
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
    start: (scopes) =>
      guarded("deviceAuthorization", async () => {
        const parameters: Record<string, string> = scopes === undefined || scopes.length === 0 ? {} : { scope: scopes.join(" ") };
        const response = await oauth.deviceAuthorizationRequest(server, client, authentication, parameters, requestOptions("deviceAuthorization"));
        await refuseNonOAuthFailure("deviceAuthorization", response);
        const result = await oauth.processDeviceAuthorizationResponse(server, client, response);
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
        const response = await oauth.deviceCodeGrantRequest(server, client, authentication, deviceCode, requestOptions("token"));
        await refuseNonOAuthFailure("token", response);
        try {
          const result = await oauth.processDeviceCodeResponse(server, client, response);
          if (result.access_token.length > MAX_SECRET_LENGTH) throw invalidResponse("token", `${tooLong("access_token", result.access_token)}; nothing was stored`);
          secrets.push(result.access_token);
          return { kind: "token", accessToken: result.access_token };
        } catch (error) {
          if (error instanceof oauth.ResponseBodyError && error.error === "authorization_pending") return { kind: "pending" };
          if (error instanceof oauth.ResponseBodyError && error.error === "slow_down") return { kind: "slowDown" };
          throw error;
        }
      }),
    revoke: (token) =>
      guarded("revocation", async () => {
        secrets.push(token);
        const response = await oauth.revocationRequest(server, client, authentication, token, { ...requestOptions("revocation"), additionalParameters: { token_type_hint: "access_token" } });
        await refuseNonOAuthFailure("revocation", response);
        await oauth.processRevocationResponse(response);
      }),
    close: () => transport.close(),
  };

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
      return "the sign-in was denied on the approval page";
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
    default:
      return "the service refused the sign-in";
  }
}
