/**
 * Where `screenpol login` keeps its credential: the OS keyring, one entry per
 * base URL, or (where no keyring is reachable) the credentials file, with a
 * one-line warning saying so. Never the repository, never an output.
 *
 * `SCREENPOL_CREDENTIAL_STORE` chooses: `auto` (the default) tries the keyring
 * and falls back to the file; `keyring` or `file` use only that one (a keyring
 * that fails is then an error). Reading looks in the keyring, then in the file,
 * so a login stored while the keyring was away is still found.
 */
import { join } from "node:path";
import { CredentialsFile, CREDENTIALS_FILE_NAME } from "./credentials-file.js";
import { keyringFailure, osKeyring, type Keyring } from "./os-keyring.js";
import { assertStorable, checkStoredLogin, CredentialStoreError, UnreadableLoginError, type StoredLogin } from "./stored-login.js";

export const CREDENTIAL_STORE_ENV_VAR = "SCREENPOL_CREDENTIAL_STORE";
export const CREDENTIAL_STORE_MODES = ["auto", "keyring", "file"] as const;
export type CredentialStoreMode = (typeof CREDENTIAL_STORE_MODES)[number];

/** Where a login was found or put: `the OS keyring` or the file's path. */
export type CredentialLocation = { kind: "keyring" } | { kind: "file"; path: string };

export interface CredentialStore {
  /** The login of `baseUrl`; an {@link UnreadableLoginError} when its entry is not one (the other base URLs' still load). */
  load(baseUrl: string): Promise<{ login: StoredLogin; location: CredentialLocation } | undefined>;
  /** Stores `login`, replacing the one of its base URL; says where it went. */
  save(login: StoredLogin): Promise<CredentialLocation>;
  /** Removes the login of `baseUrl` from wherever it is, readable or not; false when there was none. */
  remove(baseUrl: string): Promise<boolean>;
}

export interface CredentialStoreOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** The user's config folder (env-paths' `config`); the file lives in it. */
  configDir: string;
  /** The keyring; the OS one by default. */
  keyring?: Keyring;
  /** A one-line warning: the keyring was unreachable and the file was used. */
  warn(message: string): void;
}

export function describeLocation(location: CredentialLocation): string {
  return location.kind === "keyring" ? "the OS keyring" : location.path;
}

export function credentialStoreMode(env: Readonly<Record<string, string | undefined>>): CredentialStoreMode {
  const value = env[CREDENTIAL_STORE_ENV_VAR];
  if (value === undefined || value === "") return "auto";
  if ((CREDENTIAL_STORE_MODES as readonly string[]).includes(value)) return value as CredentialStoreMode;
  throw new CredentialStoreError(`${CREDENTIAL_STORE_ENV_VAR} must be ${CREDENTIAL_STORE_MODES.join(", ")}, not ${JSON.stringify(value.slice(0, 40))}`);
}

export function openCredentialStore(options: CredentialStoreOptions): CredentialStore {
  const mode = credentialStoreMode(options.env);
  const keyring = options.keyring ?? osKeyring();
  const file = new CredentialsFile(join(options.configDir, CREDENTIALS_FILE_NAME));
  const fileLocation: CredentialLocation = { kind: "file", path: file.path };
  let warned = false;
  const fallBack = (error: unknown): void => {
    if (warned) return;
    warned = true;
    options.warn(`no OS keyring reachable (${keyringFailure(error)}): the login is kept in ${file.path}, readable only by you`);
  };
  const keyringError = (error: unknown): CredentialStoreError =>
    new CredentialStoreError(`the OS keyring failed (${keyringFailure(error)}); unset ${CREDENTIAL_STORE_ENV_VAR} or set it to file to keep the login in a file`);

  async function loadFromKeyring(baseUrl: string): Promise<StoredLogin | undefined> {
    const text = await keyring.get(baseUrl);
    if (text === undefined) return undefined;
    const unreadable = (problem: string) => new UnreadableLoginError(baseUrl, `the OS keyring's screenpol entry for ${baseUrl}`, problem);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw unreadable("not JSON");
    }
    const checked = checkStoredLogin(parsed);
    if (!checked.ok) throw unreadable(checked.problem);
    if (checked.login.baseUrl !== baseUrl) throw unreadable("it holds the login of another base URL");
    return checked.login;
  }

  return {
    async load(baseUrl) {
      if (mode !== "file") {
        try {
          const login = await loadFromKeyring(baseUrl);
          if (login) return { login, location: { kind: "keyring" } };
        } catch (error) {
          if (error instanceof CredentialStoreError) throw error;
          if (mode === "keyring") throw keyringError(error);
        }
        if (mode === "keyring") return undefined;
      }
      const login = await file.load(baseUrl);
      return login && { login, location: fileLocation };
    },
    async save(login) {
      assertStorable(login);
      if (mode !== "file") {
        try {
          await keyring.set(login.baseUrl, JSON.stringify(login));
          // A login kept in the file while the keyring was away is superseded.
          if (mode === "auto") await file.remove(login.baseUrl).catch(() => false);
          return { kind: "keyring" };
        } catch (error) {
          if (mode === "keyring") throw keyringError(error);
          fallBack(error);
        }
      }
      await file.save(login);
      return fileLocation;
    },
    async remove(baseUrl) {
      let removed = false;
      if (mode !== "file") {
        try {
          removed = await keyring.delete(baseUrl);
        } catch (error) {
          if (mode === "keyring") throw keyringError(error);
        }
        if (mode === "keyring") return removed;
      }
      return (await file.remove(baseUrl)) || removed;
    },
  };
}
