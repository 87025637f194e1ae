/**
 * What every remote command needs first: a valid config, the environments the
 * user chose, the API token, and a client. One place, so every command refuses
 * the same things the same way (toolkit.md, Configuration and secrets).
 */
import { readRequiredTextFile } from "../workspace/repository.js";
import { findEnvironment, type Config, type EnvironmentConfig } from "../core/config.js";
import { createClient, resolveToken, type RemoteClient } from "../remote/index.js";
import { ConfigError } from "./errors.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";

export interface ConnectOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `--token-file`; otherwise SCREENPOL_API_TOKEN. */
  tokenFile?: string | undefined;
  /** `--base-url` overrides the config's baseUrl (tests, the demo). */
  baseUrl?: string | undefined;
  timeoutMs?: number;
}

export interface Connection {
  workspace: Workspace;
  client: RemoteClient;
  baseUrl: string;
  /** The API token, for checks that keep it out of files (never print it). */
  token: string;
}

/** Opens the workspace, resolves the token and builds the client; the caller closes `client`. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const workspace = await openValidWorkspace(options.cwd);
  const { token } = await resolveToken({
    env: options.env,
    tokenFile: options.tokenFile,
    readFile: (path) => readRequiredTextFile(path, (_reason, cause) => (cause instanceof Error ? cause : new Error(String(cause)))),
  });
  const baseUrl = options.baseUrl ?? options.env.SCREENPOL_BASE_URL ?? workspace.config.baseUrl;
  const client = createClient({ baseUrl, token, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) });
  return { workspace, client, baseUrl, token };
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
