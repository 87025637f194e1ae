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
}

/**
 * The token file: a regular file, or a pipe (`--token-file <(pass show screenpol)`),
 * read non-blocking until its writer closes. A token is a few hundred bytes;
 * 64 KiB and 10 s bound a wrong path (`/dev/zero`, a FIFO whose writer never
 * finishes) without refusing any real token (docs/decisions.md).
 */
const TOKEN_FILE_READ = { maxBytes: 64 * 1024, pipes: { timeoutMs: 10_000 } };

/** resolveToken prints the error's `code`: the errno code when there is one, else the reason in words. */
function tokenFileError(reason: string, cause: unknown): Error {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return Object.assign(new Error(reason, { cause }), { code: code ?? reason });
}

/** Opens the workspace, resolves the token and builds the client; the caller closes `client`. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  const workspace = await openValidWorkspace(options.cwd);
  const { token } = await resolveToken({
    env: options.env,
    tokenFile: options.tokenFile,
    readFile: (path) => readRequiredTextFile(path, tokenFileError, TOKEN_FILE_READ),
  });
  const baseUrl = options.baseUrl ?? options.env.SCREENPOL_BASE_URL ?? workspace.config.baseUrl;
  const client = createClient({ baseUrl, token, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) });
  return { workspace, client, baseUrl };
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
