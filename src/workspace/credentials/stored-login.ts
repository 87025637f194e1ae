/**
 * A stored login: what `screenpol login` keeps per base URL, in the OS keyring
 * or the credentials file. The client JWT is the secret; the rest are its
 * claims, kept beside it so `auth status` needs neither the network nor a
 * second decoding.
 */
import { MAX_SECRET_LENGTH } from "../../core/secret-redactor.js";

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

/**
 * The stored login of `value`, or undefined when it is not one (a corrupted
 * entry): a token longer than any real one is not, and never reaches a
 * request or the redactor.
 */
export function readStoredLogin(value: unknown): StoredLogin | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const user = record.user as Record<string, unknown> | undefined;
  const strings = ["baseUrl", "accessToken", "expiresAt", "issuedAt", "clientId"] as const;
  if (strings.some((name) => typeof record[name] !== "string" || record[name] === "")) return undefined;
  if ((record.accessToken as string).length > MAX_SECRET_LENGTH) return undefined;
  if (!Array.isArray(record.scopes) || !record.scopes.every((scope) => typeof scope === "string")) return undefined;
  if (typeof user !== "object" || user === null || typeof user.id !== "string") return undefined;
  if (Number.isNaN(Date.parse(record.expiresAt as string)) || Number.isNaN(Date.parse(record.issuedAt as string))) return undefined;
  return {
    baseUrl: record.baseUrl as string,
    accessToken: record.accessToken as string,
    scopes: record.scopes as string[],
    expiresAt: record.expiresAt as string,
    issuedAt: record.issuedAt as string,
    user: {
      id: user.id,
      ...(typeof user.email === "string" ? { email: user.email } : {}),
      ...(typeof user.name === "string" ? { name: user.name } : {}),
    },
    clientId: record.clientId as string,
  };
}

/** A credential store that cannot be used as it is: the message is one line saying what to do. */
export class CredentialStoreError extends Error {
  override readonly name = "CredentialStoreError";
}
