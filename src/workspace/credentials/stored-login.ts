/**
 * A stored login: what `screenpol login` keeps per base URL, in the OS keyring
 * or the credentials file. The client JWT is the secret; the rest are its
 * claims, kept beside it so `auth status` needs neither the network nor a
 * second decoding.
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
  /** The client JWT. */
  accessToken: string;
  scopes: string[];
  /** ISO 8601, from the JWT's `exp`. */
  expiresAt: string;
  /** ISO 8601, from the JWT's `iat`. */
  issuedAt: string;
  user: { id: string; email?: string | undefined; name?: string | undefined };
  clientId: string;
}

/** The longest access token a stored login holds (the schema's bound; a real client JWT is under 2 KiB). */
export const MAX_ACCESS_TOKEN_CHARACTERS: number = SCHEMAS["stored-login"].properties.accessToken.maxLength;

/** The schema's patterns in words, for the one line that reports an entry. */
const PATTERN_EXPECTATIONS: Readonly<Record<string, string>> = {
  accessToken: "is not a compact JWT (three base64url parts)",
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
    if (Number.isNaN(Date.parse(record[name]))) return { ok: false, problem: `${name} is not a date` };
  }
  return {
    ok: true,
    login: {
      baseUrl: record.baseUrl,
      accessToken: record.accessToken,
      scopes: [...record.scopes],
      expiresAt: record.expiresAt,
      issuedAt: record.issuedAt,
      user: {
        id: record.user.id,
        ...(record.user.email === undefined ? {} : { email: record.user.email }),
        ...(record.user.name === undefined ? {} : { name: record.user.name }),
      },
      clientId: record.clientId,
    },
  };
}

/**
 * The stored login of a client JWT from its claims (docs/sign-in.md, The client
 * JWT), or the claim that makes it one screenpol could not keep, in words: a
 * login missing `sub` or `client_id`, with an `exp` or `iat` no date can hold,
 * or a token over {@link MAX_ACCESS_TOKEN_CHARACTERS}, is refused here rather
 * than stored in a form its reader refuses. `now` stands in for a missing `iat`.
 */
export function storedLoginOfClaims(baseUrl: string, accessToken: string, claims: Readonly<Record<string, unknown>>, now: number): StoredLoginCheck {
  const refuse = (problem: string): StoredLoginCheck => ({ ok: false, problem });
  if (accessToken.length > MAX_ACCESS_TOKEN_CHARACTERS) {
    return refuse(`the access token is ${formatBytes(accessToken.length)}, over the ${formatBytes(MAX_ACCESS_TOKEN_CHARACTERS)} a stored login holds`);
  }
  const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
  const sub = text(claims.sub);
  if (sub === undefined) return refuse("the access token's JWT has no sub claim");
  const clientId = text(claims.client_id);
  if (clientId === undefined) return refuse("the access token's JWT has no client_id claim");
  if (claims.exp === undefined) return refuse("the access token's JWT has no exp claim");
  const expiresAt = isoOfNumericDate(claims.exp);
  if (expiresAt === undefined) return refuse("the access token's exp claim is not a date between the years 0 and 9999");
  const issuedAt = claims.iat === undefined ? new Date(now).toISOString() : isoOfNumericDate(claims.iat);
  if (issuedAt === undefined) return refuse("the access token's iat claim is not a date between the years 0 and 9999");
  const candidate: StoredLogin = {
    baseUrl,
    accessToken,
    scopes: (text(claims.scope) ?? "").split(" ").filter((scope) => scope !== ""),
    expiresAt,
    issuedAt,
    user: { id: sub, ...(text(claims.email) ? { email: text(claims.email) } : {}), ...(text(claims.name) ? { name: text(claims.name) } : {}) },
    clientId,
  };
  const checked = checkStoredLogin(candidate);
  return checked.ok ? checked : refuse(`the login it makes could not be read back (${checked.problem})`);
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
