/**
 * Which credential a remote command sends, the same way in every one
 * (docs/sign-in.md, "Which credential is sent"):
 *
 * | order | source                         | for                       |
 * |-------|--------------------------------|---------------------------|
 * | 1     | `SCREENPOL_API_TOKEN`          | CI, scripts               |
 * | 2     | `--token-file <path>`          | CI with a mounted secret  |
 * | 3     | the stored login for the base URL (`screenpol login`) | people at a terminal |
 *
 * The store is only opened when neither of the first two is given, so CI never
 * touches a keyring.
 */
import envPaths from "env-paths";
import { resolveToken, TOKEN_ENV_VAR } from "../remote/token.js";
import { UsageError } from "../remote/usage-error.js";
import { readTokenFile } from "../workspace/token-file.js";
import { openCredentialStore, type CredentialStore } from "../workspace/credentials/credential-store.js";
import { LoginExpiredError } from "./errors.js";

export type CredentialSource = "env" | "file" | "login";

/** The credential sent and where it came from. */
export interface Credential {
  token: string;
  source: CredentialSource;
}

export interface CredentialInput {
  env: Readonly<Record<string, string | undefined>>;
  tokenFile?: string | undefined;
  /** The normalised base URL the request goes to: a stored login is per base URL. */
  baseUrl: string;
  /** Opens the credential store; {@link userCredentialStore} by default. */
  store?: () => CredentialStore;
  now?: () => Date;
}

/** The user's credential store: the OS keyring, or the file in the user's config folder (env-paths). */
export function userCredentialStore(env: Readonly<Record<string, string | undefined>>, warn: (message: string) => void = () => undefined): CredentialStore {
  return openCredentialStore({ env, configDir: envPaths("screenpol", { suffix: "" }).config, warn });
}

/**
 * Resolves the credential by the table above. A stored login past its expiry
 * is refused here, without a request: the server would only answer 401.
 */
export async function resolveCredential(input: CredentialInput): Promise<Credential> {
  const fromEnv = input.env[TOKEN_ENV_VAR];
  if ((fromEnv !== undefined && fromEnv !== "") || input.tokenFile !== undefined) {
    const { token, source } = await resolveToken({ env: input.env, tokenFile: input.tokenFile, readFile: readTokenFile });
    return { token, source };
  }
  const store = (input.store ?? (() => userCredentialStore(input.env)))();
  const found = await store.load(input.baseUrl);
  if (!found) {
    throw new UsageError(`no credential for ${input.baseUrl}: run \`screenpol login\`, or set ${TOKEN_ENV_VAR} (or pass --token-file) in CI`, { parameter: TOKEN_ENV_VAR });
  }
  const now = (input.now ?? (() => new Date()))();
  const { expiresAt } = found.login;
  // A token given with --with-token may not say when it ends: the server then says it, with a 401.
  if (expiresAt !== undefined && Date.parse(expiresAt) <= now.getTime()) throw new LoginExpiredError(input.baseUrl, expiresAt);
  return { token: found.login.accessToken, source: "login" };
}

/** The source in words, for messages: which to check, never the value. */
export function describeCredentialSource(credential: Pick<Credential, "source">, context: { tokenFile: string | undefined; baseUrl: string }): string {
  switch (credential.source) {
    case "env":
      return TOKEN_ENV_VAR;
    case "file":
      return `the token file ${context.tokenFile} (--token-file)`;
    case "login":
      return `your stored login for ${context.baseUrl}`;
  }
}

/** Where a login is kept, in words: the OS keyring, or the file's path. */
export { describeLocation } from "../workspace/credentials/credential-store.js";

/**
 * When an API token was sent and refused, whether a stored login for the same
 * base URL sits unused behind it: a person who ran `screenpol login` with an
 * old SCREENPOL_API_TOKEN still exported would otherwise never learn why the
 * fresh login is not used. Asked only after a refusal, so a command that
 * succeeds in CI never opens a keyring; a store that cannot be read adds
 * nothing (it is not what failed).
 */
export async function hiddenLoginNote(input: { source: CredentialSource; baseUrl: string; store: () => CredentialStore }): Promise<string | undefined> {
  if (input.source === "login") return undefined;
  const found = await input.store().load(input.baseUrl).catch(() => undefined);
  if (!found) return undefined;
  const hider = input.source === "env" ? `${TOKEN_ENV_VAR} is set` : "--token-file is given";
  return `a stored login for ${input.baseUrl} exists but is not used while ${hider}${input.source === "env" ? `: unset ${TOKEN_ENV_VAR} to use it` : ""}`;
}
