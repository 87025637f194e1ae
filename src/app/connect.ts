/**
 * What every remote command needs first: a valid config, the environments the
 * user chose, the credential (app/credentials.ts: SCREENPOL_API_TOKEN, then
 * --token-file, then the stored login), and a client. One place, so every command refuses
 * the same things the same way (toolkit.md, Configuration and secrets).
 */
import { findEnvironment, type Config, type EnvironmentConfig } from "../core/config.js";
import { createClient, normaliseBaseUrl, type ProxySettings, type RemoteClient } from "../remote/index.js";
import { describeCredentialSource, hiddenLoginNote, resolveCredential, userCredentialStore, type Credential } from "./credentials.js";
import type { CredentialStore } from "../workspace/credentials/credential-store.js";
import type { SecretRedactor } from "../core/secret-redactor.js";
import { ConfigError } from "./errors.js";
import { invocationRedactor } from "./secrets.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";

export interface ConnectOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--token-file`, when SCREENPOL_API_TOKEN is not set. */
  tokenFile?: string | undefined;
  /** `--base-url` overrides the config's baseUrl (tests, the demo). */
  baseUrl?: string | undefined;
  timeoutMs?: number;
  /** Told each secret as it is resolved (a stored login's token), so the terminal output redacts it too. */
  onSecret?: ((secret: string) => void) | undefined;
  /** The credential store (tests); the user's by default. */
  credentialStore?: (() => CredentialStore) | undefined;
}

export interface Connection {
  workspace: Workspace;
  client: RemoteClient;
  baseUrl: string;
  /** The invocation's secrets (app/secrets.ts), the token sent included: what no file written from a response may hold. */
  secrets: SecretRedactor;
  /** Where the token sent came from (never the token, for messages). */
  credential: Pick<Credential, "source">;
}

/** Opens the workspace, resolves the token and builds the client; the caller closes `client`. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const workspace = await openValidWorkspace(options.cwd);
  const baseUrl = options.baseUrl ?? options.env.SCREENPOL_BASE_URL ?? workspace.config.baseUrl;
  const { client, credential, token } = await clientFor({ ...options, baseUrl });
  const secrets = await invocationRedactor({ env: options.env, tokenFile: options.tokenFile }, [token]);
  return { workspace, client, baseUrl, secrets, credential: { source: credential.source } };
}

/**
 * The client for `baseUrl` with the credential of app/credentials.ts's
 * precedence: what connect() gives every remote command, and what the `auth`
 * commands use where no config is needed. A stored login's token is told to
 * `onSecret` before anything can print it.
 */
export async function clientFor(options: Pick<ConnectOptions, "env" | "tokenFile" | "onSecret" | "credentialStore" | "timeoutMs"> & { baseUrl: string }): Promise<{ client: RemoteClient; credential: Pick<Credential, "source">; token: string }> {
  // A stored login is per base URL, as `screenpol login` normalised it; a bad URL is refused by createClient below.
  const loginBaseUrl = normalisedOrAsGiven(options.baseUrl);
  const store = options.credentialStore ?? (() => userCredentialStore(options.env));
  const credential = await resolveCredential({ env: options.env, tokenFile: options.tokenFile, baseUrl: loginBaseUrl, store });
  const token = credential.token;
  if (credential.source === "login") options.onSecret?.(token);
  let note: Promise<string | undefined> | undefined;
  const client = createClient({
    baseUrl: options.baseUrl,
    token,
    credential: credential.source === "login" ? "login" : "apiToken",
    credentialSource: describeCredentialSource(credential, { tokenFile: options.tokenFile, baseUrl: loginBaseUrl }),
    // Once per client: doctor's refusals for several environments look in the store once.
    refusalNote: () => (note ??= hiddenLoginNote({ source: credential.source, baseUrl: loginBaseUrl, store })),
    proxy: proxySettings(options.env),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return { client, credential: { source: credential.source }, token };
}

function normalisedOrAsGiven(baseUrl: string): string {
  try {
    return normaliseBaseUrl(baseUrl);
  } catch {
    return baseUrl;
  }
}

/**
 * The proxies of the environment, as curl and undici read them: the upper-case
 * name first, then the lower-case one (curl reads `http_proxy` lower-case only;
 * both are common in CI images).
 */
export function proxySettings(env: Readonly<Record<string, string | undefined>>): ProxySettings {
  const read = (name: string): string | undefined => env[name] ?? env[name.toLowerCase()];
  return { httpProxy: read("HTTP_PROXY"), httpsProxy: read("HTTPS_PROXY"), noProxy: read("NO_PROXY") };
}

/** The environments a command acts on: the named ones, or all of them. */
export function selectEnvironments(config: Config, names: readonly string[]): EnvironmentConfig[] {
  if (names.length === 0) return [...config.environments];
  return names.map((name) => {
    const environment = findEnvironment(config, name);
    if (!environment) {
      const known = config.environments.map((entry) => entry.name).join(", ") || "none";
      throw new ConfigError(`environment "${name}" is not declared in screenpol.config.yaml (declared: ${known})`);
    }
    return environment;
  });
}

/** Exactly one environment, for commands that act on one. */
export function selectEnvironment(config: Config, name: string | undefined): EnvironmentConfig {
  if (name === undefined) {
    if (config.environments.length === 1) return config.environments[0]!;
    throw new ConfigError(`--env is required: screenpol.config.yaml declares ${config.environments.map((entry) => entry.name).join(", ")}`);
  }
  return selectEnvironments(config, [name])[0]!;
}
