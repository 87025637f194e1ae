/**
 * The pull use case: write the live policies and address entries of one
 * environment into their layout paths, in canonical form, each file
 * atomically (temp + fsync + rename: a kill leaves the old file or the new
 * one, never half of either). Adopting an existing environment.
 *
 * A file whose content already equals the live copy is left as it is, with its
 * comments. A file that would change is only overwritten when Git can give it
 * back (tracked and clean); one with uncommitted changes, untracked or ignored,
 * or any differing file outside a Git repository, is refused unless --force,
 * and then nothing at all is written. A file that would carry the API token
 * (echoed by the server into a live value) is refused too, whatever --force
 * says, and then nothing at all is written either (app/secrets.ts).
 *
 * A policy file that is still `screenpol init`'s example, exactly as init wrote
 * it, is nobody's work: it is replaced by the live copy without asking and
 * without its example comments, and removed when nothing is live behind it
 * (else `plan` would offer to create the example in the environment). An
 * example anyone edited is protected like any other file, and what pull
 * keeps of its comments never includes the lines that call it an example.
 */
import { rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { canonicalJson, canonicalPolicy, renderAddressEntriesYaml, renderPolicyYaml, canonicalAddressEntries } from "../core/canonical.js";
import type { EnvironmentConfig } from "../core/config.js";
import { parseYaml } from "../core/document.js";
import { layoutPath, type LiveRecord } from "../core/plan/index.js";
import type { SecretRedactor } from "../core/secret-redactor.js";
import type { RemoteClient } from "../remote/index.js";
import { keepComments } from "../core/fmt/format-file.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import { schemaReference } from "../workspace/schema-reference.js";
import { workingTreeStatus } from "../workspace/git-status.js";
import { collectPaths, folderLeadingOutside, readRepositoryFile, toRepositoryPath } from "../workspace/repository.js";
import { connect, selectEnvironment } from "./connect.js";
import { UsageError } from "./errors.js";
import { configFileFrom } from "./doctor.js";
import { isUntouchedExample, withoutExampleHeader } from "./init-templates.js";
import { fetchLive } from "./plan.js";
import { invocationRedactor, refuseFilesWithSecrets } from "./secrets.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";

/** Local files with changes a pull would destroy; nothing was written. Exit 2. */
export class LocalChangesError extends UsageError {}

export interface PullRequest {
  cwd: string;
  /** Told each secret as it is resolved (a stored login's token), for the terminal's redactor. */
  onSecret?: ((secret: string) => void) | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** `--env`; may be left out when the config declares one environment. */
  environment?: string;
  force?: boolean;
  tokenFile?: string;
  baseUrl?: string;
  client?: RemoteClient;
  /** With `client`: the secrets no written file may hold; by default the invocation's (app/secrets.ts). */
  secrets?: SecretRedactor;
}

export interface PulledFile {
  /** Repository-relative path. */
  path: string;
  /** created: there was no file; updated: replaced; unchanged: already held the live content, left as is. */
  status: "created" | "updated" | "unchanged";
  revision: number;
  /** The file it replaced was init's example, as init wrote it. */
  replacedExample?: boolean;
}

export interface PullReport {
  environment: EnvironmentConfig;
  files: PulledFile[];
  /** Local policy files of the environment with nothing live behind them; left alone. */
  localOnly: string[];
  /** Init's untouched examples with nothing live behind them; removed. */
  removedExamples: string[];
}

interface PlannedWrite {
  absolute: string;
  path: string;
  text: string;
  revision: number;
  exists: boolean;
  same: boolean;
  /** Overwrites init's untouched example: no local change to protect. */
  replacesExample: boolean;
}

export async function runPull(request: PullRequest): Promise<PullReport> {
  const workspace = await openValidWorkspace(request.cwd);
  const environment = selectEnvironment(workspace.config, request.environment);
  const connection = request.client ? undefined : await connect({ cwd: request.cwd, env: request.env, tokenFile: request.tokenFile, baseUrl: request.baseUrl, onSecret: request.onSecret });
  const client = request.client ?? connection!.client;
  const secrets = connection?.secrets ?? request.secrets ?? (await invocationRedactor({ env: request.env, tokenFile: request.tokenFile }));
  let records;
  try {
    records = (await fetchLive(client, [environment], undefined, { configFile: configFileFrom(request.cwd, workspace.root) })).records;
  } finally {
    await connection?.client.close();
  }
  return applyPull(await planPull(workspace, environment, records, secrets, request.force === true));
}

/** What a pull of one environment will write, checked: nothing written yet. */
export interface PlannedPull {
  workspace: Workspace;
  environment: EnvironmentConfig;
  writes: PlannedWrite[];
}

/**
 * The files the live `records` of `environment` become, refused (before
 * anything is written) when one would carry a secret, or, without `force`,
 * overwrite a change Git cannot give back.
 */
export async function planPull(workspace: Workspace, environment: EnvironmentConfig, records: readonly LiveRecord[], secrets: SecretRedactor, force: boolean): Promise<PlannedPull> {
  const writes: PlannedWrite[] = [];
  for (const record of records) {
    if (record.resource === "policy") {
      if (!record.policy) continue;
      const path = layoutPath(workspace.config.paths.policies, environment.name, record.providerType, record.scope);
      const data = { providerType: record.providerType, scope: record.scope, schemaVersion: record.policy.schemaVersion, enabled: record.policy.enabled, rules: record.policy.rules };
      const schema = await schemaReference(workspace.root, folderIn(workspace.root, path), `policy-${record.providerType}-v${String(record.policy.schemaVersion)}.schema.json`);
      const text = renderPolicyYaml(data, { schema, header: header(environment.name, `${record.providerType}/${record.scope}`) });
      const example = { environment: environment.name, vendor: record.providerType, scope: record.scope };
      writes.push(await planWrite(workspace, path, text, record.policy.revision, (existing) => canonicalJson(canonicalPolicy(existing)) === canonicalJson(canonicalPolicy(data)), "policy", example));
    } else {
      if (record.entries.revision === 0 && record.entries.entries.length === 0) continue;
      const path = layoutPath(workspace.config.paths.policies, environment.name, record.providerType, "addresses");
      const data = { providerType: record.providerType, entries: record.entries.entries };
      const schema = await schemaReference(workspace.root, folderIn(workspace.root, path), "addresses.schema.json");
      const text = renderAddressEntriesYaml(data, { schema, header: header(environment.name, `${record.providerType} address entries`) });
      writes.push(
        await planWrite(workspace, path, text, record.entries.revision, (existing) => canonicalJson(canonicalAddressEntries(existing)) === canonicalJson(canonicalAddressEntries(data)), "addresses"),
      );
    }
  }

  // Before the local-changes check: --force must not get a tainted file written.
  refuseFilesWithSecrets(writes.filter((write) => !write.same), secrets);

  const overwrites = writes.filter((write) => write.exists && !write.same && !write.replacesExample);
  if (!force && overwrites.length > 0) {
    const status = await workingTreeStatus(workspace.root, overwrites.map((write) => write.absolute));
    const blocked = overwrites.filter((write) => !status.inRepository || status.changed.has(write.absolute));
    if (blocked.length > 0) {
      const why = status.inRepository ? "they have changes Git does not hold (modified, untracked or ignored)" : "they differ from the live copy and this is not a Git repository";
      throw new LocalChangesError(
        `refusing to overwrite ${blocked.map((write) => write.path).join(", ")}: ${why}. Nothing was written; commit or stash them, or pass --force to overwrite`,
      );
    }
  }

  return { workspace, environment, writes };
}

/** Writes a planned pull, each file atomically, and removes init's untouched examples with nothing live behind them. */
export async function applyPull({ workspace, environment, writes }: PlannedPull): Promise<PullReport> {
  const files: PulledFile[] = [];
  for (const write of writes) {
    if (!write.same) {
      await writeFileAtomic(write.absolute, write.text, { createFolder: true });
    }
    files.push({ path: write.path, status: write.same ? "unchanged" : write.exists ? "updated" : "created", revision: write.revision, ...(write.replacesExample ? { replacedExample: true } : {}) });
  }
  const written = new Set(writes.map((write) => write.path));
  const folder = join(workspace.root, workspace.config.paths.policies, environment.name);
  const local = await collectPaths(workspace.root, workspace.root, [folder], workspace.config).then((selection) => selection.files, () => [] as string[]);
  const localOnly: string[] = [];
  const removedExamples: string[] = [];
  for (const absolute of local) {
    const path = toRepositoryPath(workspace.root, absolute);
    if (written.has(path) || !/\.ya?ml$/i.test(path)) continue;
    if (await isExampleAt(workspace, environment.name, path, absolute)) {
      await rm(absolute);
      removedExamples.push(path);
    } else {
      localOnly.push(path);
    }
  }
  return { environment, files, localOnly, removedExamples };
}

/** Whether the file at `path` is init's untouched example for the vendor and scope its layout path names. */
async function isExampleAt(workspace: Workspace, environment: string, path: string, absolute: string): Promise<boolean> {
  const parts = path.slice(`${workspace.config.paths.policies}/${environment}/`.length).replace(/\.ya?ml$/i, "").split("/");
  if (parts.length !== 2) return false;
  const [vendor, scope] = parts as [string, string];
  const read = await readRepositoryFile(workspace.root, absolute);
  return read.ok && isUntouchedExample(read.bytes.toString("utf8"), environment, vendor, scope);
}

async function planWrite(
  workspace: Workspace,
  path: string,
  pulled: string,
  revision: number,
  equalsLive: (existing: unknown) => boolean,
  kind: "policy" | "addresses",
  example?: { environment: string; vendor: string; scope: string },
): Promise<PlannedWrite> {
  const absolute = join(workspace.root, ...path.split("/"));
  // A folder that is a link out of the repository would take the write elsewhere.
  if ((await folderLeadingOutside(workspace.root, absolute)) !== undefined) {
    throw new UsageError(`refusing to write ${path}: its folder leads outside the repository through a symbolic link. Nothing was written`);
  }
  const read = await readRepositoryFile(workspace.root, absolute);
  if (!read.ok && read.problem === "missing") return { absolute, path, text: pulled, revision, exists: false, same: false, replacesExample: false };
  // Something that is not a readable policy file (a FIFO, a link out, over 1 MiB) is a local change like any other.
  if (!read.ok) return { absolute, path, text: pulled, revision, exists: true, same: false, replacesExample: false };
  const existing = read.bytes.toString("utf8");
  // Init's example, untouched: the live copy as pulled, none of the example's comments.
  if (example !== undefined && isUntouchedExample(existing, example.environment, example.vendor, example.scope)) {
    return { absolute, path, text: pulled, revision, exists: true, same: existing === pulled, replacesExample: existing !== pulled };
  }
  const parsed = parseYaml(existing);
  const same = existing === pulled || (parsed.problems.length === 0 && parsed.document !== undefined && equalsLive(parsed.document.data));
  // The file's comments stay where the content they sit on did not change (and its header stays, but for the lines of init's example header).
  const commented = example === undefined ? existing : withoutExampleHeader(existing, example.environment, example.vendor, example.scope);
  return { absolute, path, text: same ? pulled : keepComments(commented, pulled, kind), revision, exists: true, same, replacesExample: false };
}

function header(environment: string, what: string): string[] {
  return [
    `${environment}/${what}, as pulled from the service by \`screenpol pull\` (canonical form).`,
    "Edit it here; review with `screenpol plan`, apply with `screenpol push`.",
  ];
}

/** The absolute folder of a repository-relative (`/`-separated) file under `root`. */
function folderIn(root: string, path: string): string {
  return dirname(join(root, ...path.split("/")));
}
