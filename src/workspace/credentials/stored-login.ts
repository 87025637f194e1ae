/**
 * A stored login: what `screenpol login` keeps per base URL, in the OS keyring
 * or the credentials file. The access token is the secret; beside it, what the
 * token response said of it (its scopes and expiry) and, when the token is a
 * JWT that names one, the user, so `auth status --offline` needs neither the
 * network nor a second decoding.
 *
 * Its shape is schemas/stored-login.schema.json, and {@link checkStoredLogin}
 * is the one check of it: the login is checked with it before it is written
 * and when it is read back, so that what screenpol writes it can always read.
 */
import { SCHEMAS } from "../../core/generated/schemas.js";
import { shapeProblem } from "../../core/validate.js";
import { formatBytes } from "../bounded-read.js";

export interface StoredLogin {
  /** The normalised API base URL the login is for: the keyring entry's account, the file's key. */
  baseUrl: string;
  /** The access token, opaque or a JWT (RFC 9068, section 6: its format is the server's). */
  accessToken: string;
  /** `withToken`: given on standard input to `auth login --with-token`; undefined: `screenpol login`. */
  origin?: "deviceLogin" | "withToken" | undefined;
  /** Empty for a token given with --with-token that does not say. */
  scopes: string[];
  /** ISO 8601: the login's time plus the token response's `expires_in` (else the JWT's `exp`); undefined when nothing said (--with-token). */
  expiresAt?: string | undefined;
  /** ISO 8601: the time of the login. */
  issuedAt: string;
  /** Who the login acts for, when the token is a JWT that says; undefined for an opaque token. */
  user?: LoginUser | undefined;
  /** Undefined for a token given with --with-token. */
  clientId?: string | undefined;
  /** The authorization server it came from; undefined in logins of earlier versions (the designed paths). */
  signIn?: SignInRecord | undefined;
}

export interface LoginUser {
  id: string;
  email?: string | undefined;
  name?: string | undefined;
}

/** The authorization server of a login and its endpoints for the token's later life. */
export interface SignInRecord {
  issuer: string;
  revocationEndpoint?: string | undefined;
  introspectionEndpoint?: string | undefined;
}

/** The longest access token a stored login holds (the schema's bound; a real client JWT is under 2 KiB). */
export const MAX_ACCESS_TOKEN_CHARACTERS: number = SCHEMAS["stored-login"].properties.accessToken.maxLength;

/** The schema's patterns in words, for the one line that reports an entry. */
const PATTERN_EXPECTATIONS: Readonly<Record<string, string>> = {
  accessToken: "is not a token of visible ASCII characters",
  expiresAt: "is not an ISO 8601 time in UTC with a four-digit year",
  issuedAt: "is not an ISO 8601 time in UTC with a four-digit year",
};

/** A stored login, or in a few words why `value` is not one: never a value of it (it may be the token). */
export type StoredLoginCheck = { ok: true; login: StoredLogin } | { ok: false; problem: string };

/** Checks `value` against the stored login's shape and returns the login's own members (unknown ones dropped). */
export function checkStoredLogin(value: unknown): StoredLoginCheck {
  const problem = shapeProblem("stored-login", value);
  if (problem) {
    const expectation = problem.expectation.startsWith("does not match") ? (PATTERN_EXPECTATIONS[problem.path] ?? problem.expectation) : problem.expectation;
    return { ok: false, problem: `${problem.path || "the entry"} ${expectation}` };
  }
  const record = value as StoredLogin;
  // The schema holds the form of a date; only Date can say that month 13 is none.
  for (const name of ["expiresAt", "issuedAt"] as const) {
    const value = record[name];
    if (value !== undefined && Number.isNaN(Date.parse(value))) return { ok: false, problem: `${name} is not a date` };
  }
  return {
    ok: true,
    login: {
      baseUrl: record.baseUrl,
      accessToken: record.accessToken,
      ...(record.origin === undefined ? {} : { origin: record.origin }),
      scopes: [...record.scopes],
      ...(record.expiresAt === undefined ? {} : { expiresAt: record.expiresAt }),
      issuedAt: record.issuedAt,
      ...(record.user === undefined
        ? {}
        : {
            user: {
              id: record.user.id,
              ...(record.user.email === undefined ? {} : { email: record.user.email }),
              ...(record.user.name === undefined ? {} : { name: record.user.name }),
            },
          }),
      ...(record.clientId === undefined ? {} : { clientId: record.clientId }),
      ...(record.signIn === undefined
        ? {}
        : {
            signIn: {
              issuer: record.signIn.issuer,
              ...(record.signIn.revocationEndpoint === undefined ? {} : { revocationEndpoint: record.signIn.revocationEndpoint }),
              ...(record.signIn.introspectionEndpoint === undefined ? {} : { introspectionEndpoint: record.signIn.introspectionEndpoint }),
            },
          }),
    },
  };
}

/** What the token endpoint issued, as app/login.ts read it. */
export interface IssuedToken {
  accessToken: string;
  /** The token response's `expires_in`, seconds. */
  expiresIn?: number | undefined;
  /** The token response's `scope`. */
  scope?: string | undefined;
  /** The scopes asked for: what was granted when the response has no `scope` (RFC 6749, section 5.1). */
  requestedScopes: readonly string[];
  /** The JWT's claims when the token is one; undefined for an opaque token. */
  claims?: Readonly<Record<string, unknown>> | undefined;
  /** The client screenpol signed in as: the login's `clientId` when the token does not say. */
  clientId: string;
  signIn?: SignInRecord | undefined;
}

/**
 * The stored login of an issued token, or in words why screenpol cannot keep
 * it. A JWT's claims are read when the token is one and they are usable
 * (`exp`, `scope`, and who the login acts for: `sub`, `email`, `name`); the
 * token response's `expires_in` and `scope` are the fallback, which is all an
 * opaque token has (RFC 9068, section 6: a client must not depend on the
 * token's format), and an opaque token has no user. Refused: a token over
 * {@link MAX_ACCESS_TOKEN_CHARACTERS}, one no bearer header can carry, and one
 * whose expiry neither the response nor the token gives.
 */
export function storedLoginOfToken(baseUrl: string, issued: IssuedToken, now: number): StoredLoginCheck {
  const refuse = (problem: string): StoredLoginCheck => ({ ok: false, problem });
  const { accessToken } = issued;
  if (accessToken.length > MAX_ACCESS_TOKEN_CHARACTERS) {
    return refuse(`the access token is ${formatBytes(accessToken.length)}, over the ${formatBytes(MAX_ACCESS_TOKEN_CHARACTERS)} a stored login holds`);
  }
  if (!/^[\x21-\x7e]+$/.test(accessToken)) return refuse("the access token holds whitespace or a character other than visible ASCII, which no bearer header can carry");
  const claims = issued.claims ?? {};
  const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
  // A JWT's own dates first (they are the server's clock, as the token is checked by it); the response's relative expires_in else.
  let expiresAt = isoOfNumericDate(claims.exp);
  if (expiresAt === undefined && issued.expiresIn !== undefined) {
    expiresAt = isoOfNumericDate(now / 1000 + issued.expiresIn);
    if (expiresAt === undefined) return refuse("the token response's expires_in is not a time between the years 0 and 9999 from now");
  }
  if (expiresAt === undefined) return refuse("the token response has no expires_in and the access token is not a JWT with a usable exp claim, so when the login ends is unknown");
  const scope = text(claims.scope) ?? issued.scope;
  const sub = text(claims.sub);
  const candidate: StoredLogin = {
    baseUrl,
    accessToken,
    scopes: scope === undefined ? [...issued.requestedScopes] : scope.split(" ").filter((name) => name !== ""),
    expiresAt,
    issuedAt: isoOfNumericDate(claims.iat) ?? new Date(now).toISOString(),
    ...(sub === undefined ? {} : { user: { id: sub, ...(text(claims.email) ? { email: text(claims.email) } : {}), ...(text(claims.name) ? { name: text(claims.name) } : {}) } }),
    clientId: text(claims.client_id) ?? issued.clientId,
    ...(issued.signIn === undefined ? {} : { signIn: issued.signIn }),
  };
  const checked = checkStoredLogin(candidate);
  return checked.ok ? checked : refuse(`the login it makes could not be read back (${checked.problem})`);
}

/**
 * The stored login of a token given on standard input (`auth login
 * --with-token`): no token response says anything of it, so a JWT's claims say
 * what they can (`exp`, `scope`, `sub`) and the rest is unknown, never made up.
 */
export function storedLoginOfGivenToken(baseUrl: string, accessToken: string, claims: Readonly<Record<string, unknown>> | undefined, now: number): StoredLoginCheck {
  const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
  const expiresAt = claims === undefined ? undefined : isoOfNumericDate(claims.exp);
  const scope = text(claims?.scope);
  const sub = text(claims?.sub);
  const candidate: StoredLogin = {
    baseUrl,
    accessToken,
    origin: "withToken",
    scopes: scope === undefined ? [] : scope.split(" ").filter((name) => name !== ""),
    ...(expiresAt === undefined ? {} : { expiresAt }),
    issuedAt: new Date(now).toISOString(),
    ...(sub === undefined ? {} : { user: { id: sub, ...(text(claims?.email) ? { email: text(claims?.email) } : {}), ...(text(claims?.name) ? { name: text(claims?.name) } : {}) } }),
  };
  return checkStoredLogin(candidate);
}

/**
 * A JWT NumericDate (seconds since 1970, RFC 7519 section 2) as ISO 8601, or
 * undefined where Date cannot hold it or its year is not four digits (the
 * stored form; `toISOString` writes `+010000-...` beyond 9999).
 */
function isoOfNumericDate(seconds: unknown): string | undefined {
  if (typeof seconds !== "number" || !Number.isFinite(seconds)) return undefined;
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return undefined;
  const year = date.getUTCFullYear();
  return year < 0 || year > 9999 ? undefined : date.toISOString();
}

/** A credential store that cannot be used as it is: the message is one line saying what to do. */
export class CredentialStoreError extends Error {
  override readonly name: string = "CredentialStoreError";
}

/**
 * One stored login that cannot be read, in a store whose others can: it is
 * reported only for its own base URL, and `logout --base-url` removes it
 * (without revoking it: its token cannot be trusted to be one).
 */
export class UnreadableLoginError extends CredentialStoreError {
  override readonly name = "UnreadableLoginError";
  constructor(
    readonly baseUrl: string,
    /** `the stored login for URL in FILE`, `the OS keyring's screenpol entry for URL`. */
    readonly entry: string,
    /** What is wrong with it, never a value of it. */
    readonly problem: string,
  ) {
    super(`${entry} is unreadable (${problem}): run \`screenpol logout --base-url ${baseUrl}\` to remove it, then \`screenpol login\``);
  }
}

/** Refuses to store a login its reader would refuse (runLogin checks first, with the claims' words). */
export function assertStorable(login: StoredLogin): void {
  const checked = checkStoredLogin(login);
  if (!checked.ok) throw new CredentialStoreError(`the login for ${login.baseUrl} cannot be stored (${checked.problem}); nothing was stored`);
}
