/**
 * `screenpol login`, `logout` and `auth status` (docs/sign-in.md): the device
 * authorization grant from the terminal's side, and the stored login. The
 * protocol is remote/device-login.ts's; this is the waiting, the clock, and
 * what is kept where.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { decodeJwt } from "jose";
import { DEFAULT_BASE_URL } from "../core/config.js";
import { SLOW_DOWN_STEP_SECONDS } from "../contract/wire.js";
import { RemoteError } from "../remote/errors.js";
import { normaliseBaseUrl } from "../remote/base-url.js";
import { createDeviceLoginClient, type DeviceAuthorization, type DeviceLoginClient } from "../remote/device-login.js";
import { assertUsableToken, TOKEN_ENV_VAR } from "../remote/token.js";
import { findRoot } from "../workspace/repository.js";
import type { CredentialLocation, CredentialStore } from "../workspace/credentials/credential-store.js";
import { storedLoginOfClaims, UnreadableLoginError, type StoredLogin } from "../workspace/credentials/stored-login.js";
import { readWorkspaceConfig } from "./workspace-config.js";
import type { RemoteClient } from "../remote/client.js";
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
  /** `--scopes`; undefined asks for every scope the service has. */
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

  const authorization = await request.client.start(request.scopes);
  request.onSecret(authorization.deviceCode);
  await request.onCodes(authorization);

  const deadline = now() + authorization.expiresIn * 1000;
  let interval = Math.max(1, authorization.interval);
  // Bounded by the deadline; the count bound only guards against a clock that stands still.
  const maxPolls = Math.ceil(authorization.expiresIn) + 1;
  let accessToken: string | undefined;
  for (let polls = 0; polls < maxPolls && accessToken === undefined; polls++) {
    if (now() + interval * 1000 > deadline) break;
    await wait(interval * 1000, request.signal);
    const answer = await request.client.poll(authorization.deviceCode);
    if (answer.kind === "slowDown") interval += SLOW_DOWN_STEP_SECONDS;
    else if (answer.kind === "token") accessToken = answer.accessToken;
  }
  if (accessToken === undefined) {
    throw new RemoteError("POST token: the code expired before it was approved; run `screenpol login` again [expired_token]", {
      kind: "signIn",
      operation: "token",
      action: "POST token",
      code: "expired_token",
      attempts: 0,
    });
  }
  request.onSecret(accessToken);
  let login: StoredLogin;
  let location: CredentialLocation;
  try {
    login = storedLoginOf(baseUrl, accessToken, now());
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
 * The stored login of a token response's JWT; an `invalidResponse` RemoteError
 * naming what is wrong (never the token) when it is not one screenpol can keep
 * (stored-login.ts, storedLoginOfClaims). `now` stands in for a missing `iat`.
 */
export function storedLoginOf(baseUrl: string, accessToken: string, now: number = Date.now()): StoredLogin {
  const invalid = (what: string): RemoteError =>
    new RemoteError(`POST token: invalid response: ${what}; nothing was stored`, { kind: "invalidResponse", operation: "token", action: "POST token", attempts: 1 });
  let claims: ReturnType<typeof decodeJwt>;
  try {
    claims = decodeJwt(accessToken);
  } catch {
    throw invalid("the access token is not a JWT");
  }
  const checked = storedLoginOfClaims(baseUrl, accessToken, claims, now);
  if (!checked.ok) throw invalid(checked.problem);
  return checked.login;
}

export interface LogoutOutcome {
  /** False: there was no login for the base URL. */
  removed: boolean;
  /** Why the server could not revoke the token (it was deleted locally all the same). */
  revokeFailure?: string | undefined;
  /** The stored login could not be read (what is wrong with it): it was deleted, and nothing was sent to revoke it. */
  unreadable?: string | undefined;
}

/**
 * Revokes the stored login's token at the server, then deletes it locally. A
 * revocation that fails (server down) still deletes: the person asked to be
 * signed out here, and the failure is reported so they can revoke it on the
 * approval page. A stored login that cannot be read is deleted unrevoked, and
 * that is reported the same way.
 */
export async function runLogout(request: { client: DeviceLoginClient; store: CredentialStore; onSecret(secret: string): void }): Promise<LogoutOutcome> {
  let found: Awaited<ReturnType<CredentialStore["load"]>>;
  try {
    found = await request.store.load(request.client.baseUrl);
  } catch (error) {
    // An entry that is not a stored login holds nothing to trust as a token: deleting it is all logout can do.
    if (!(error instanceof UnreadableLoginError)) throw error;
    await request.store.remove(request.client.baseUrl);
    return { removed: true, unreadable: error.problem };
  }
  if (!found) return { removed: false };
  request.onSecret(found.login.accessToken);
  let revokeFailure: string | undefined;
  try {
    await request.client.revoke(found.login.accessToken);
  } catch (error) {
    revokeFailure = error instanceof Error ? error.message : String(error);
  }
  await request.store.remove(request.client.baseUrl);
  return { removed: true, revokeFailure };
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
  user?: StoredLogin["user"] | undefined;
  scopes?: string[] | undefined;
  issuedAt?: string | undefined;
  expiresAt?: string | undefined;
  expired?: boolean | undefined;
  /** Whole days left, rounded down. */
  daysLeft?: number | undefined;
  /** One line when the login expires within {@link EXPIRY_WARNING_DAYS} days or has expired. */
  warning?: string | undefined;
}

export async function authStatus(request: {
  baseUrl: string;
  env: Readonly<Record<string, string | undefined>>;
  tokenFile?: string | undefined;
  store: CredentialStore;
  now?: () => Date;
}): Promise<AuthStatus> {
  const envToken = request.env[TOKEN_ENV_VAR];
  // The token a remote command would refuse is no credential: say why, as that command would.
  if (envToken !== undefined && envToken !== "") assertUsableToken(envToken, TOKEN_ENV_VAR);
  const apiSource = envToken !== undefined && envToken !== "" ? "SCREENPOL_API_TOKEN" : request.tokenFile !== undefined ? "--token-file" : undefined;
  const found = await request.store.load(request.baseUrl);
  const status: AuthStatus = { baseUrl: request.baseUrl, source: apiSource ?? (found ? "login" : "none") };
  if (!found) return status;
  const { login, location } = found;
  const now = (request.now ?? (() => new Date()))().getTime();
  const left = Date.parse(login.expiresAt) - now;
  const daysLeft = Math.max(0, Math.floor(left / 86_400_000));
  Object.assign(status, {
    storedIn: location.kind === "keyring" ? "the OS keyring" : location.path,
    ...(apiSource ? { loginShadowed: true } : {}),
    user: login.user,
    scopes: login.scopes,
    issuedAt: login.issuedAt,
    expiresAt: login.expiresAt,
    expired: left <= 0,
    daysLeft,
  });
  if (left <= 0) status.warning = "the stored login has expired: run `screenpol login`";
  else if (left < EXPIRY_WARNING_DAYS * 86_400_000) status.warning = `the stored login expires in ${daysLeft === 0 ? "less than a day" : `${daysLeft} day${daysLeft === 1 ? "" : "s"}`}: run \`screenpol login\` to renew it`;
  return status;
}

/** The sign-in client of `baseUrl` (docs/sign-in.md), through the proxies `env` names, as every request goes. The caller closes it. */
export function signInClient(baseUrl: string, env: Readonly<Record<string, string | undefined>>): DeviceLoginClient {
  return createDeviceLoginClient({ baseUrl, proxy: proxySettings(env) });
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
