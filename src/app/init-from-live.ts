/**
 * `screenpol init --from-live`: a policy repository that starts from what the
 * service holds, for a team whose environments already have policies
 * (README, "Start from what is live"; docs/integrations.md, "A team's
 * repository"). It writes the config with the environments' real ids and the
 * base URL, the hook and CI files as `init` does, and no example policy; then
 * every environment's live policies and address entries, as `pull` writes them.
 *
 * Everything that can fail is tried before anything is written: the config is
 * validated as it will be written, every environment is read from the service
 * (a remote failure is exit 4, and the folder is as it was), and each pull is
 * checked against the files already there (`pull`'s refusal of a change Git
 * cannot give back, exit 2). Then the files are written, each whole.
 */
import { join, resolve } from "node:path";
import { CONFIG_FILE } from "../core/config.js";
import { readRepositoryFile } from "../workspace/repository.js";
import { clientFor } from "./connect.js";
import { configFileFrom } from "./doctor.js";
import { ConfigError, UsageError } from "./errors.js";
import { refuseLinkedFolders, writeScaffold, type InitFile } from "./init.js";
import { scaffoldFiles, type CiProvider, type EnvironmentKind, type HookManager } from "./init-templates.js";
import { fetchLive } from "./plan.js";
import { applyPull, planPull, type PullReport } from "./pull.js";
import { invocationRedactor } from "./secrets.js";
import { validWorkspace, type Workspace } from "./workspace-config.js";

export interface InitFromLiveRequest {
  /** Folder to scaffold into; created when missing. */
  directory: string;
  /** Where the command runs: paths in messages are as typed from there. */
  cwd: string;
  version: string;
  /**
   * The environments to pull, each with its dashboard id. Left out: the ones
   * the folder's existing screenpol.config.yaml declares (it is kept).
   */
  environments?: ReadonlyArray<{ name: string; kind: EnvironmentKind; id: string }>;
  hooks?: HookManager;
  ci?: CiProvider;
  /** Overwrite existing scaffold files, and pulled files with local changes. */
  force?: boolean;
  env: Readonly<Record<string, string | undefined>>;
  tokenFile?: string | undefined;
  /** `--base-url`; else SCREENPOL_BASE_URL, else the existing config's, else the local emulator's. */
  baseUrl?: string | undefined;
  onSecret?: ((secret: string) => void) | undefined;
}

export interface InitFromLiveResult {
  root: string;
  files: InitFile[];
  /** One per environment, in the config's order. */
  pulls: PullReport[];
}

export async function initFromLive(request: InitFromLiveRequest): Promise<InitFromLiveResult> {
  const root = resolve(request.directory);
  // As every command reads the config: bounded, never a pipe's endless wait, never through a link out of the folder.
  const read = await readRepositoryFile(root, join(root, CONFIG_FILE));
  if (!read.ok && read.problem !== "missing") throw new UsageError(`cannot read ${join(root, CONFIG_FILE)}: ${read.reason}`, { cause: read.cause });
  const existing = read.ok ? read.bytes : undefined;
  const given = request.environments ?? [];
  if (given.length === 0 && existing === undefined) {
    throw new UsageError(`init --from-live needs the environments to pull: --env NAME=ID (repeatable; the id from the dashboard), or a ${CONFIG_FILE} in ${root} that declares them`);
  }
  if (given.length > 0 && existing !== undefined && request.force !== true) {
    throw new UsageError(`${CONFIG_FILE} already exists in ${root}: leave out --env to pull the environments it declares, or pass --force to replace it; nothing was written`);
  }
  const kept = given.length === 0 && existing !== undefined ? validWorkspace(root, existing) : undefined;
  const baseUrl = request.baseUrl ?? request.env.SCREENPOL_BASE_URL ?? kept?.config.baseUrl;

  const files = scaffoldFiles({
    version: request.version,
    environments: kept ? kept.config.environments : given,
    ...(baseUrl === undefined ? {} : { baseUrl }),
    hooks: request.hooks ?? "pre-commit",
    ci: request.ci ?? "github",
    // No example policies are written, so no schema reference is asked for.
    schemaOf: () => "",
  });
  // The config as it will be on disk: valid (ids in the dashboard's form, a base URL), or nothing is written.
  const workspace: Workspace = kept ?? generatedWorkspace(root, files.find((file) => file.path === CONFIG_FILE)!.content);
  await refuseLinkedFolders(root, files);

  const { client, token } = await clientFor({ env: request.env, tokenFile: request.tokenFile, onSecret: request.onSecret, baseUrl: baseUrl ?? workspace.config.baseUrl });
  let records;
  try {
    // A wrong id read from the kept config names its key there, as every remote command does; one given by --env is named by the service's answer.
    records = (await fetchLive(client, workspace.config.environments, undefined, kept ? { configFile: configFileFrom(request.cwd, root) } : {})).records;
  } finally {
    await client.close();
  }
  const secrets = await invocationRedactor({ env: request.env, tokenFile: request.tokenFile }, [token]);
  const force = request.force === true;
  const planned = [];
  for (const environment of workspace.config.environments) {
    planned.push(await planPull(workspace, environment, records.filter((record) => record.environment === environment.name), secrets, force));
  }

  const placed = await writeScaffold(root, files, force);
  const pulls: PullReport[] = [];
  for (const pull of planned) pulls.push(await applyPull(pull));
  return { root, files: placed, pulls };
}

/** The workspace of the config init is about to write; its first error is the options' (--env, --base-url), said as such. */
function generatedWorkspace(root: string, config: string): Workspace {
  try {
    return validWorkspace(root, Buffer.from(config));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    throw new UsageError(`--env and --base-url would make an invalid ${CONFIG_FILE}, so nothing was written: ${error.message}`, { cause: error });
  }
}
