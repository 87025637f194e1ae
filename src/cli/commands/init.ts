import { initRepository, screenpolDependency, type InitFile, type ScreenpolDependency } from "../../app/init.js";
import { initFromLive } from "../../app/init-from-live.js";
import type { CiProvider, EnvironmentKind, HookManager } from "../../app/init-templates.js";
import { UsageError } from "../../app/errors.js";
import { INSTALL_COMMAND, isRegistrySpec } from "../../core/install-source.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import type { RemoteFlags } from "../remote-options.js";
import { VERSION } from "../version.js";
import { resolve } from "node:path";
import { pullReportLines } from "./pull.js";

export interface InitFlags extends RemoteFlags {
  env?: string[];
  kind?: string[];
  hooks: string;
  ci: string;
  force?: boolean;
  fromLive?: boolean;
}

const ENVIRONMENT_NAME = /^[a-z][a-z0-9-]{0,31}$/;
const KINDS: readonly EnvironmentKind[] = ["sandbox", "live"];

/** `screenpol init [directory]`: scaffold a policy repository that lints clean as written, or add what is missing to one. */
export async function initCommand(directory: string | undefined, flags: InitFlags, io: CliIo): Promise<ExitCode> {
  if (flags.fromLive === true) return initFromLiveCommand(directory, flags, io);
  if (flags.tokenFile !== undefined || flags.baseUrl !== undefined) throw new UsageError(`--${flags.tokenFile !== undefined ? "token-file" : "base-url"} is for init --from-live, which reads the service; init alone writes files only`);
  const environments = environmentsOf(flags.env ?? [], flags.kind ?? []);
  const root = resolve(io.cwd, directory ?? ".");
  const { files } = await initRepository({
    directory: root,
    version: VERSION,
    environments,
    hooks: flags.hooks as HookManager,
    ci: flags.ci as CiProvider,
    force: flags.force === true,
  });
  const hook = HOOK_STEP[flags.hooks as HookManager];
  const install = installStep(await screenpolDependency(root));
  const steps = [
    `replace the placeholder environment ${environments.length === 1 ? "id" : "ids"} in screenpol.config.yaml with ${environments.length === 1 ? "the id" : "the ids"} from the dashboard`,
    ...(install ? [install] : []),
    "screenpol lint                     # passes as scaffolded",
    "screenpol fmt --check              # canonical form, as pull writes it (screenpol fmt fixes it, comments kept)",
    `screenpol pull --env ${environments[0]!.name}${" ".repeat(Math.max(1, 14 - environments[0]!.name.length))}# first, when the environment already has policies: plan against what is live`,
    ...(hook ? [hook] : []),
    ...(flags.ci === "github" ? ["commit and open a pull request    # .github/workflows/screenpol.yml lints it and comments the plan; screenpol-apply.yml pushes it on merge"] : []),
  ];
  const lines = [...fileLines(files), "", "Next:", ...steps.map((step, index) => `  ${index + 1}. ${step}`)];
  io.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.ok;
}

/**
 * `screenpol init --from-live --env NAME=ID ...` (or, without --env, the
 * environments of the folder's config): the repository with what is live in
 * each environment and no example; exit codes as pull's.
 */
async function initFromLiveCommand(directory: string | undefined, flags: InitFlags, io: CliIo): Promise<ExitCode> {
  const given = (flags.env ?? []).map(environmentWithId);
  const environments = given.length === 0 ? undefined : environmentsOf(given.map(({ name }) => name), flags.kind ?? []).map((environment, index) => ({ ...environment, id: given[index]!.id }));
  if (given.length === 0 && (flags.kind ?? []).length > 0) throw new UsageError("--kind goes with an --env NAME=ID; the environments of an existing config keep their kinds");
  const root = resolve(io.cwd, directory ?? ".");
  const { files, pulls } = await initFromLive({
    directory: root,
    cwd: io.cwd,
    version: VERSION,
    ...(environments ? { environments } : {}),
    hooks: flags.hooks as HookManager,
    ci: flags.ci as CiProvider,
    force: flags.force === true,
    env: io.env,
    tokenFile: flags.tokenFile,
    baseUrl: flags.baseUrl,
    onSecret: (secret) => io.addSecret?.(secret),
  });
  const hook = HOOK_STEP[flags.hooks as HookManager];
  const install = installStep(await screenpolDependency(root));
  const steps = [
    ...(install ? [install] : []),
    "screenpol plan                     # no change: the files are what is live",
    ...(hook ? [hook] : []),
    ...(flags.ci === "github" ? ["commit and open a pull request    # .github/workflows/screenpol.yml lints it and comments the plan; screenpol-apply.yml pushes it on merge"] : []),
  ];
  const lines = [...fileLines(files), ...pulls.flatMap((pull) => ["", ...pullReportLines(pull)]), "", "Next:", ...steps.map((step, index) => `  ${index + 1}. ${step}`)];
  io.stdout.write(`${lines.join("\n")}\n`);
  return EXIT.ok;
}

/**
 * The install step (README.md, "Install"): the release tarball, pinned by its
 * integrity in package-lock.json; none when package.json already has screenpol
 * from anywhere but the registry by name, which may serve someone else's package.
 */
function installStep(installed: ScreenpolDependency | undefined): string | undefined {
  if (installed === undefined) return `${INSTALL_COMMAND}   # the hook and CI run this version`;
  if (isRegistrySpec(installed.spec)) return `${INSTALL_COMMAND}   # replaces "screenpol": ${JSON.stringify(installed.spec)} in ${installed.field}, the npm registry's package of that name, which may not be ours`;
  return undefined;
}

/** A line per file: what init did to it, and what changed in a file it added to. */
function fileLines(files: readonly InitFile[]): string[] {
  const width = Math.max(...files.map((file) => file.action.length));
  return files.map((file) => `${file.action.padEnd(width)} ${file.path}${file.detail === undefined ? "" : `  (${file.detail})`}`);
}

/** `--env NAME=ID` of init --from-live: the environment's name here and its id in the dashboard. */
function environmentWithId(value: string): { name: string; id: string } {
  const at = value.indexOf("=");
  if (at <= 0 || at === value.length - 1) throw new UsageError(`init --from-live takes --env NAME=ID (the environment's id from the dashboard), not "${value}"`);
  return { name: value.slice(0, at), id: value.slice(at + 1) };
}

const HOOK_STEP: Record<HookManager, string | undefined> = {
  "pre-commit": "pre-commit install                 # lint every commit as staged",
  husky: "npx husky                          # install the .husky/pre-commit hook",
  lefthook: "npx lefthook install               # install the lefthook.yml hook",
  none: undefined,
};

/** `--env a --kind live --env b`: pairs in order; a missing --kind is sandbox. */
function environmentsOf(names: readonly string[], kinds: readonly string[]): Array<{ name: string; kind: EnvironmentKind }> {
  for (const name of names) if (name.includes("=")) throw new UsageError(`--env "${name}": NAME=ID is for init --from-live; init alone takes a name and writes a placeholder id`);
  if (kinds.length > Math.max(names.length, 1)) throw new UsageError(`--kind is given ${kinds.length} times for ${names.length || "no"} --env; give one --kind after each --env it applies to`);
  for (const kind of kinds) if (!KINDS.includes(kind as EnvironmentKind)) throw new UsageError(`--kind must be sandbox or live, not "${kind}"`);
  if (names.length === 0) return [{ name: "sandbox", kind: (kinds[0] as EnvironmentKind | undefined) ?? "sandbox" }];
  const seen = new Set<string>();
  return names.map((name, index) => {
    if (!ENVIRONMENT_NAME.test(name)) throw new UsageError(`--env "${name}" is not an environment name: lowercase letters, digits and "-", starting with a letter, at most 32 characters`);
    if (seen.has(name)) throw new UsageError(`--env "${name}" is given twice`);
    seen.add(name);
    return { name, kind: (kinds[index] as EnvironmentKind | undefined) ?? "sandbox" };
  });
}

