/**
 * `screenpol login`, `logout` and `auth status` (docs/sign-in.md): the device
 * authorization grant from the terminal's side, and the stored login. The
 * protocol is remote/device-login.ts's; this is the waiting, the clock, and
 * what is kept where.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { decodeJwt } from "jose";
import { DEFAULT_BASE_URL } from "../core/config.js";
import { OAUTH_PATHS, SCREENPOL_CLIENT_ID, SCREENPOL_SCOPES, SLOW_DOWN_STEP_SECONDS } from "../contract/wire.js";
import { isRemoteError, RemoteError } from "../remote/errors.js";
import { normaliseBaseUrl } from "../remote/base-url.js";
import { createDeviceLoginClient, UNSUPPORTED_TOKEN_TYPE, type DeviceAuthorization, type DeviceLoginClient, type DevicePoll, type SignInEndpoints } from "../remote/device-login.js";
import { assertUsableToken, TOKEN_ENV_VAR } from "../remote/token.js";
import { findRoot } from "../workspace/repository.js";
import type { CredentialLocation, CredentialStore } from "../workspace/credentials/credential-store.js";
import { storedLoginOfGivenToken, storedLoginOfToken, UnreadableLoginError, type SignInRecord, type StoredLogin } from "../workspace/credentials/stored-login.js";
import { readWorkspaceConfig } from "./workspace-config.js";
import { createClient, type RemoteClient } from "../remote/client.js";
import { UsageError } from "../remote/usage-error.js";
import { LoginExpiredError } from "./errors.js";
import { clientFor, proxySettings } from "./connect.js";

/** Fewer days left than this, and `auth status` (and every login) warns. */
export const EXPIRY_WARNING_DAYS = 7;

/**
 * The base URL a login is for: `--base-url`, else SCREENPOL_BASE_URL, else the
 * config's `baseUrl` when there is a config here, else the emulator's default.
 * Normalised (so `.../api/v0/` and `.../api/v0` are one login), and refused
 * when plain http leaves loopback.
 */
export async function loginBaseUrl(input: { flag?: string | undefined; env: Readonly<Record<string, string | undefined>>; cwd: string }): Promise<string> {
  const given = input.flag ?? input.env.SCREENPOL_BASE_URL ?? (await configuredBaseUrl(input.cwd)) ?? DEFAULT_BASE_URL;
  return normaliseBaseUrl(given);
}

async function configuredBaseUrl(cwd: string): Promise<string | undefined> {
  const { root, configFound } = await findRoot(cwd);
  if (!configFound) return undefined;
  return (await readWorkspaceConfig(root)).config.baseUrl;
}

export interface LoginRequest {
  client: DeviceLoginClient;
  store: CredentialStore;
  /** `--scopes`; undefined asks for {@link SCREENPOL_SCOPES}, every scope a screenpol command needs. */
  scopes?: readonly string[] | undefined;
  /** The codes to show the person, as soon as the service gave them. */
  onCodes(authorization: DeviceAuthorization): void | Promise<void>;
  /** Told each secret as it arrives (the device code, the token), for the terminal's redactor. */
  onSecret(secret: string): void;
  /** Aborted by Ctrl-C: the wait ends at once, nothing is stored. */
  signal: AbortSignal;
  /** Injected by tests; the real clock and timer otherwise. */
  now?: () => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface LoginOutcome {
  login: StoredLogin;
  location: CredentialLocation;
  /** The login this one replaced, when the server could not revoke it (the message to show); undefined when none or revoked. */
  previousNotRevoked?: string | undefined;
}

/**
 * The shortest wait between two polls, whatever interval the server hands out: it
 * is waited as given (RFC 8628, section 3.5), a sub-second one too (the emulator's
 * for tests, docs/sign-in.md), but a server cannot make the client spin.
 */
const MIN_POLL_INTERVAL_SECONDS = 0.1;

/**
 * Starts a device authorization, shows the codes, polls at the server's
 * interval (5 s more after each `slow_down`) until the token comes or the
 * codes expire, then stores the login. A login already stored for the base URL
 * is replaced only then, and revoked at the server afterwards.
 */
export async function runLogin(request: LoginRequest): Promise<LoginOutcome> {
  const now = request.now ?? Date.now;
  const wait = request.sleep ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  const baseUrl = request.client.baseUrl;
  // Read first: a corrupted store is reported before anyone is sent to a browser.
  const previous = await request.store.load(baseUrl);

  // Named, never left out: a standard server grants nothing for a request without `scope` (docs/sign-in.md).
  const scopes = request.scopes === undefined || request.scopes.length === 0 ? SCREENPOL_SCOPES : request.scopes;
  const authorization = await request.client.start(scopes);
  request.onSecret(authorization.deviceCode);
  await request.onCodes(authorization);

  const deadline = now() + authorization.expiresIn * 1000;
  let interval = Math.max(MIN_POLL_INTERVAL_SECONDS, authorization.interval);
  // Bounded by the deadline; the count bound only guards against a clock that stands still.
  const maxPolls = Math.ceil(authorization.expiresIn / interval) + 1;
  let issued: Extract<DevicePoll, { kind: "token" }> | undefined;
  for (let polls = 0; polls < maxPolls && issued === undefined; polls++) {
    if (now() + interval * 1000 > deadline) break;
    await wait(interval * 1000, request.signal);
    const answer = await request.client.poll(authorization.deviceCode);
    if (answer.kind === "slowDown") interval += SLOW_DOWN_STEP_SECONDS;
    else if (answer.kind === "token") issued = answer;
  }
  if (issued === undefined) {
    throw new RemoteError("POST token: the code expired before it was approved; run `screenpol login` again [expired_token]", {
      kind: "signIn",
      operation: "token",
      action: "POST token",
      code: "expired_token",
      attempts: 0,
    });
  }
  const { accessToken } = issued;
  request.onSecret(accessToken);
  let login: StoredLogin;
  let location: CredentialLocation;
  try {
    login = storedLoginOf(baseUrl, { ...issued, requestedScopes: scopes, signIn: signInRecordOf(await request.client.endpoints()) }, now());
    location = await request.store.save(login);
  } catch (error) {
    // A token nobody keeps should not stay valid for 30 days: revoke it, then report why it could not be kept.
    await request.client.revoke(accessToken).catch(() => undefined);
    throw error;
  }

  let previousNotRevoked: string | undefined;
  if (previous && previous.login.accessToken !== accessToken) {
    request.onSecret(previous.login.accessToken);
    try {
      await request.client.revoke(previous.login.accessToken);
    } catch (error) {
      previousNotRevoked = error instanceof Error ? error.message : String(error);
    }
  }
  return { login, location, previousNotRevoked };
}

/**
 * The stored login of an issued token: what the token response says, and a
 * JWT's claims when the token is one (stored-login.ts, storedLoginOfToken); an
 * `invalidResponse` RemoteError naming what is wrong (never the token) when
 * screenpol cannot keep it.
 */
export function storedLoginOf(
  baseUrl: string,
  issued: { accessToken: string; expiresIn?: number | undefined; scope?: string | undefined; requestedScopes: readonly string[]; signIn?: SignInRecord | undefined },
  now: number = Date.now(),
): StoredLogin {
  let claims: ReturnType<typeof decodeJwt> | undefined;
  try {
    claims = decodeJwt(issued.accessToken);
  } catch {
    // An opaque token (RFC 9068, section 6): the token response says all the client may rely on.
    claims = undefined;
  }
  const checked = storedLoginOfToken(baseUrl, { ...issued, claims, clientId: SCREENPOL_CLIENT_ID }, now);
  if (!checked.ok) {
    throw new RemoteError(`POST token: invalid response: ${checked.problem}; nothing was stored`, { kind: "invalidResponse", operation: "token", action: "POST token", attempts: 1 });
  }
  return checked.login;
}

/** What a login keeps of its server: only what the metadata published (a login without it has the designed paths). */
function signInRecordOf(endpoints: SignInEndpoints): SignInRecord | undefined {
  if (!endpoints.fromMetadata) return undefined;
  return {
    issuer: endpoints.issuer,
    ...(endpoints.revocation === undefined ? {} : { revocationEndpoint: endpoints.revocation }),
    ...(endpoints.introspection === undefined ? {} : { introspectionEndpoint: endpoints.introspection }),
  };
}

/**
 * The endpoints of the server a stored login came from, for a client that then
 * needs no discovery: its metadata's, kept with it; else (a server without
 * metadata, or a login of an earlier version) the designed paths below its
 * base URL, where it was signed in.
 */
export function endpointsOfLogin(login: Pick<StoredLogin, "signIn" | "baseUrl">): Pick<SignInEndpoints, "issuer" | "revocation" | "introspection" | "fromMetadata"> {
  if (login.signIn === undefined) return { issuer: login.baseUrl, revocation: `${login.baseUrl}${OAUTH_PATHS.revocation}`, fromMetadata: false };
  return { issuer: login.signIn.issuer, revocation: login.signIn.revocationEndpoint, introspection: login.signIn.introspectionEndpoint, fromMetadata: true };
}

export interface LogoutOutcome {
  /** False: there was no login for the base URL. */
  removed: boolean;
  /** Why the server could not revoke the token (it was deleted locally all the same). */
  revokeFailure?: string | undefined;
  /** The issuer of the login's metadata; undefined for a server of the designed paths (the emulator's approval page revokes there). */
  signInIssuer?: string | undefined;
  /**
   * The server does not revoke this kind of token (RFC 7009's
   * `unsupported_token_type`, or no revocation endpoint): deleted here, and
   * valid at the server until `expiresAt` unless revoked where the server
   * manages its grants. Not a failure: nothing screenpol could do would revoke it.
   */
  revocationUnsupported?: { issuer: string; expiresAt: string | undefined } | undefined;
  /** The stored login could not be read (what is wrong with it): it was deleted, and nothing was sent to revoke it. */
  unreadable?: string | undefined;
}

/**
 * Revokes the stored login's token at the server it came from, then deletes
 * it locally. A revocation that fails (server down) still deletes: the person
 * asked to be signed out here, and the failure is reported so they can revoke
 * it where the server manages logins. A server that does not revoke such
 * tokens is reported as that, not as a failure. A stored login that cannot be
 * read is deleted unrevoked, and that is reported the same way.
 */
export async function runLogout(request: {
  baseUrl: string;
  /** The client for the login's server: its stored endpoints, else the base URL's. The caller closes it. */
  connect(endpoints: ReturnType<typeof endpointsOfLogin>): DeviceLoginClient;
  store: CredentialStore;
  onSecret(secret: string): void;
}): Promise<LogoutOutcome> {
  let found: Awaited<ReturnType<CredentialStore["load"]>>;
  try {
    found = await request.store.load(request.baseUrl);
  } catch (error) {
    // An entry that is not a stored login holds nothing to trust as a token: deleting it is all logout can do.
    if (!(error instanceof UnreadableLoginError)) throw error;
    await request.store.remove(request.baseUrl);
    return { removed: true, unreadable: error.problem };
  }
  if (!found) return { removed: false };
  request.onSecret(found.login.accessToken);
  const outcome: LogoutOutcome = { removed: true, ...(found.login.signIn === undefined ? {} : { signInIssuer: found.login.signIn.issuer }) };
  try {
    await request.connect(endpointsOfLogin(found.login)).revoke(found.login.accessToken);
  } catch (error) {
    if (isRemoteError(error, "signIn") && error.code === UNSUPPORTED_TOKEN_TYPE) {
      outcome.revocationUnsupported = { issuer: found.login.signIn?.issuer ?? request.baseUrl, expiresAt: found.login.expiresAt };
    } else {
      outcome.revokeFailure = error instanceof Error ? error.message : String(error);
    }
  }
  await request.store.remove(request.baseUrl);
  return outcome;
}

/** What `auth status` reports; never the token. */
export interface AuthStatus {
  baseUrl: string;
  /** The credential a remote command would send, by the precedence of app/credentials.ts. */
  source: "SCREENPOL_API_TOKEN" | "--token-file" | "login" | "none";
  /** Where the stored login is kept, when there is one. */
  storedIn?: string | undefined;
  /** A stored login that the API token takes precedence over. */
  loginShadowed?: boolean | undefined;
  /** `withToken`: the stored token was given to `auth login --with-token` (its scopes and expiry may be unknown). */
  origin?: "withToken" | undefined;
  user?: StoredLogin["user"] | undefined;
  scopes?: string[] | undefined;
  issuedAt?: string | undefined;
  expiresAt?: string | undefined;
  expired?: boolean | undefined;
  /** Whole days left, rounded down. */
  daysLeft?: number | undefined;
  /** One line when the login expires within {@link EXPIRY_WARNING_DAYS} days or has expired. */
  warning?: string | undefined;
  /** What the server said of the credential just now; absent with `--offline`, with no credential, or for an expired login. */
  server?: ServerVerdict | undefined;
}

/**
 * The server's word on the credential (docs/sign-in.md, auth status):
 * `active` it accepts it; `revoked` it refuses it (a login revoked or an API
 * token deleted); `unchecked` it could not be asked (`detail` says why).
 */
export interface ServerVerdict {
  state: "active" | "revoked" | "unchecked";
  /** How it was asked: RFC 7662 introspection at the login's server, or one authenticated read of the admin API. */
  via: string;
  /** One line: the refusal or the failure, as the request reported it. */
  detail?: string | undefined;
}

export async function authStatus(request: {
  baseUrl: string;
  env: Readonly<Record<string, string | undefined>>;
  tokenFile?: string | undefined;
  store: CredentialStore;
  now?: () => Date;
  /** `--offline`: what is stored here only, no request. */
  offline?: boolean | undefined;
  onSecret?: ((secret: string) => void) | undefined;
}): Promise<AuthStatus> {
  const status = await localAuthStatus(request);
  if (request.offline || status.source === "none" || (status.source === "login" && status.expired)) return status;
  status.server = await askServer(request, status);
  return status;
}

async function localAuthStatus(request: { baseUrl: string; env: Readonly<Record<string, string | undefined>>; tokenFile?: string | undefined; store: CredentialStore; now?: () => Date }): Promise<AuthStatus> {
  const envToken = request.env[TOKEN_ENV_VAR];
  // The token a remote command would refuse is no credential: say why, as that command would.
  if (envToken !== undefined && envToken !== "") assertUsableToken(envToken, TOKEN_ENV_VAR);
  const apiSource = envToken !== undefined && envToken !== "" ? "SCREENPOL_API_TOKEN" : request.tokenFile !== undefined ? "--token-file" : undefined;
  const found = await request.store.load(request.baseUrl);
  const status: AuthStatus = { baseUrl: request.baseUrl, source: apiSource ?? (found ? "login" : "none") };
  if (!found) return status;
  const { login, location } = found;
  const now = (request.now ?? (() => new Date()))().getTime();
  Object.assign(status, {
    storedIn: location.kind === "keyring" ? "the OS keyring" : location.path,
    ...(apiSource ? { loginShadowed: true } : {}),
    ...(login.origin === "withToken" ? { origin: "withToken" } : {}),
    ...(login.user === undefined ? {} : { user: login.user }),
    scopes: login.scopes,
    issuedAt: login.issuedAt,
  });
  if (login.expiresAt === undefined) return status;
  const left = Date.parse(login.expiresAt) - now;
  const daysLeft = Math.max(0, Math.floor(left / 86_400_000));
  Object.assign(status, { expiresAt: login.expiresAt, expired: left <= 0, daysLeft });
  if (left <= 0) status.warning = "the stored login has expired: run `screenpol login`";
  // A provider's one-hour token would warn on every run: the bound is also a quarter of the token's own lifetime.
  else if (left < Math.min(EXPIRY_WARNING_DAYS * 86_400_000, (Date.parse(login.expiresAt) - Date.parse(login.issuedAt)) / 4)) status.warning = `the stored login expires in ${daysLeft === 0 ? "less than a day" : `${daysLeft} day${daysLeft === 1 ? "" : "s"}`}: run \`screenpol login\` to renew it`;
  return status;
}

/**
 * The sign-in client of `baseUrl` (docs/sign-in.md), through the proxies `env` names, as every request goes:
 * at the issuer or endpoints given, else those the base URL's metadata publishes, else the designed paths. The caller closes it.
 */
export function signInClient(baseUrl: string, env: Readonly<Record<string, string | undefined>>, where: { issuer?: string | undefined; endpoints?: ReturnType<typeof endpointsOfLogin> | undefined } = {}): DeviceLoginClient {
  return createDeviceLoginClient({ baseUrl, ...where, proxy: proxySettings(env) });
}

export interface WithTokenOutcome {
  login: StoredLogin;
  location: CredentialLocation;
  /** The stored login this one replaced, when the server could not revoke it (the message to show). */
  previousNotRevoked?: string | undefined;
}

/**
 * `screenpol auth login --with-token`: stores a token given on standard input
 * as the base URL's login, as `gh auth login --with-token` does, once the
 * server accepts it (one read of the admin API, as `auth status` asks: a 401
 * stores nothing). What the token does not say (its scopes, its expiry, when
 * it is not a JWT that says) stays unknown. A stored login it replaces is
 * revoked, as a second `screenpol login` revokes the first.
 */
export async function runLoginWithToken(request: {
  baseUrl: string;
  token: string;
  store: CredentialStore;
  env: Readonly<Record<string, string | undefined>>;
  onSecret(secret: string): void;
  now?: () => number;
}): Promise<WithTokenOutcome> {
  request.onSecret(request.token);
  assertUsableToken(request.token, "the token on standard input");
  const previous = await request.store.load(request.baseUrl);
  const client = createClient({ baseUrl: request.baseUrl, token: request.token, credentialSource: "standard input", proxy: proxySettings(request.env) });
  try {
    await client.getTokenCatalogPage({ limit: 1 }).catch((error: unknown) => {
      // 403: the server knows the token, which only lacks the catalog's scope; only a refusal stops here.
      if (!isRemoteError(error, "forbidden")) throw error;
    });
  } finally {
    await client.close();
  }
  let claims: ReturnType<typeof decodeJwt> | undefined;
  try {
    claims = decodeJwt(request.token);
  } catch {
    claims = undefined;
  }
  const checked = storedLoginOfGivenToken(request.baseUrl, request.token, claims, (request.now ?? Date.now)());
  if (!checked.ok) throw new UsageError(`the token on standard input cannot be stored (${checked.problem}); nothing was stored`, { parameter: "--with-token" });
  const location = await request.store.save(checked.login);
  let previousNotRevoked: string | undefined;
  if (previous && previous.login.accessToken !== request.token && previous.login.origin !== "withToken") {
    request.onSecret(previous.login.accessToken);
    const signIn = signInClient(request.baseUrl, request.env, { endpoints: endpointsOfLogin(previous.login) });
    try {
      await signIn.revoke(previous.login.accessToken);
    } catch (error) {
      previousNotRevoked = messageOf(error);
    } finally {
      await signIn.close();
    }
  }
  return { login: checked.login, location, previousNotRevoked };
}

/**
 * The stored login's token, for `screenpol auth token` (scripts, as `gh auth
 * token`): only the stored login's, which nothing else can give a script; an
 * expired one is refused as every remote command refuses it.
 */
export async function storedToken(request: { baseUrl: string; store: CredentialStore; now?: () => Date }): Promise<string> {
  const found = await request.store.load(request.baseUrl);
  if (!found) throw new UsageError(`not signed in to ${request.baseUrl}: run \`screenpol login\` (or \`screenpol auth login --with-token\`)`, { parameter: "--base-url" });
  const { expiresAt } = found.login;
  if (expiresAt !== undefined && Date.parse(expiresAt) <= (request.now ?? (() => new Date()))().getTime()) throw new LoginExpiredError(request.baseUrl, expiresAt);
  return found.login.accessToken;
}

/**
 * Asks the server about the credential a remote command would send, as
 * `gh auth status` does: a stored login whose server publishes RFC 7662
 * introspection is introspected there (the authorization server's own word);
 * otherwise, and for an API token, one authenticated read of the admin API
 * (the token catalog, one entry: operation 2, no environment needed) says it:
 * 200, or 403 for a token without its scope, is a token the server accepts;
 * 401 one it refuses.
 */
async function askServer(
  request: Parameters<typeof authStatus>[0],
  status: AuthStatus,
): Promise<ServerVerdict> {
  if (status.source === "login") {
    const found = await request.store.load(request.baseUrl);
    const endpoints = found && endpointsOfLogin(found.login);
    if (found && endpoints?.introspection !== undefined) {
      const client = signInClient(request.baseUrl, request.env, { endpoints });
      const via = `RFC 7662 introspection at ${endpoints.issuer}`;
      try {
        request.onSecret?.(found.login.accessToken);
        const answer = await client.introspect(found.login.accessToken);
        if (answer !== undefined) return { state: answer.active ? "active" : "revoked", via };
      } catch (error) {
        // A server that cannot introspect this kind of token (a JWT, often) leaves the admin API to say it.
        if (!(isRemoteError(error, "signIn") && error.code === UNSUPPORTED_TOKEN_TYPE)) return { state: "unchecked", via, detail: messageOf(error) };
      } finally {
        await client.close();
      }
    }
  }
  const via = "GET token catalog (one entry)";
  let client: RemoteClient | undefined;
  try {
    ({ client } = await clientFor({ env: request.env, tokenFile: request.tokenFile, baseUrl: request.baseUrl, credentialStore: () => request.store, onSecret: request.onSecret }));
    await client.getTokenCatalogPage({ limit: 1 });
    return { state: "active", via };
  } catch (error) {
    if (isRemoteError(error, "forbidden")) return { state: "active", via, detail: messageOf(error) };
    if (isRemoteError(error, "auth")) return { state: "revoked", via, detail: messageOf(error) };
    if (isRemoteError(error)) return { state: "unchecked", via, detail: messageOf(error) };
    throw error;
  } finally {
    await client?.close();
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A client for the base URL of {@link loginBaseUrl} with the credential of the
 * usual precedence, for the commands that need no config (`auth clients`,
 * `auth revoke`). The caller closes it.
 */
export async function signedInClient(input: {
  flag?: string | undefined;
  tokenFile?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  onSecret(secret: string): void;
}): Promise<RemoteClient> {
  const { client } = await clientFor({ env: input.env, tokenFile: input.tokenFile, onSecret: input.onSecret, baseUrl: await loginBaseUrl(input) });
  return client;
}

/**
 * Whether `login` opens a browser: only on a terminal (both streams), never
 * with `--no-browser`, not over SSH (it would open on the far machine), and
 * only where there is one to open: macOS, Windows, or a Linux (or BSD)
 * session with a display.
 */
export function shouldOpenBrowser(context: {
  noBrowser: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
  platform: NodeJS.Platform;
}): boolean {
  if (context.noBrowser || !context.stdoutIsTTY || !context.stderrIsTTY) return false;
  if (context.env.SSH_CONNECTION || context.env.SSH_TTY) return false;
  if (context.platform === "darwin" || context.platform === "win32") return true;
  return Boolean(context.env.DISPLAY || context.env.WAYLAND_DISPLAY);
}
