/**
 * Where a report file (`-o, --output-file` of lint, test, compare and plan,
 * and plan's `--out`) may not go: over anything screenpol reads. A report
 * written over a policy, the config, a test file or the catalog snapshot
 * destroys the file it reports on, and the next run lints the report instead.
 * Refused before the command does any work (exit 2, one line, nothing written).
 *
 * Compared as real paths (workspace/repository.ts, canonicalPath), so
 * `policies/../policies/a.yaml`, a link to a policy, and a path through a
 * linked folder name the same file as `policies/a.yaml`.
 */
import { stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { CONFIG_FILE, EMPTY_CONFIG, type Config } from "../core/config.js";
import { isWithin } from "../workspace/bounded-read.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import { snapshotPaths } from "../workspace/catalog-store.js";
import { canonicalPath, findRoot, resolveNamedPaths, toRepositoryPath, YAML_FILE } from "../workspace/repository.js";
import { UsageError } from "./errors.js";
import { readWorkspaceConfig } from "./workspace-config.js";

export interface OutputTarget {
  cwd: string;
  /** The path as the user gave it, relative to `cwd`. */
  path: string;
  /** The option that named it, for the message: `--output-file`, `--out`. */
  option: string;
  /** The paths named on the command line: the run's inputs. */
  inputs: readonly string[];
}

/**
 * Writes a report or plan file whole (a temporary file renamed into place):
 * a CI step that uploads it never sees half of it, and an interrupted run
 * leaves the previous file, not a truncated one.
 */
export function writeOutputFile(path: string, text: string): Promise<void> {
  return writeFileAtomic(path, text);
}

/** Throws a UsageError when `absolute` is a folder or its folder does not exist: found now, not after the run's work. */
export async function refuseUnwritableTarget(absolute: string, given: string, option: string): Promise<void> {
  const target = await stat(absolute).catch(() => undefined);
  if (target?.isDirectory()) throw new UsageError(`${option} ${given} is a folder; name a file`);
  const folder = await stat(dirname(absolute)).catch(() => undefined);
  if (!folder?.isDirectory()) throw new UsageError(`${option} ${given}: the folder ${dirname(absolute)} does not exist`);
}

/** Throws a UsageError when the file would be one screenpol reads; see the module comment. */
export async function refuseOutputOverInputs(target: OutputTarget): Promise<void> {
  const reason = await whyNotWritable(target);
  if (reason !== undefined) throw new UsageError(`${target.option} ${target.path} is ${reason}; name a file outside what screenpol reads`);
}

async function whyNotWritable({ cwd, path, inputs }: OutputTarget): Promise<string | undefined> {
  const output = await canonicalPath(resolve(cwd, path));
  const { root, configFound } = await findRoot(cwd);
  // No config: the run itself will say so; the default layout is still what it would read.
  const config: Config = configFound ? (await readWorkspaceConfig(root)).config : EMPTY_CONFIG;
  const shown = (absolute: string): string => toRepositoryPath(root, absolute) || ".";
  for (const named of await resolveNamedPaths(cwd, inputs)) {
    const input = await canonicalPath(named);
    if (output === input) return `${shown(named)}, an input of this run`;
    // A folder named on the command line is walked for YAML files: the report would be linted as one of them.
    if (isWithin(input, output) && YAML_FILE.test(output)) return `a YAML file in ${shown(named)}, which this run reads`;
  }
  if (output === (await canonicalPath(join(root, CONFIG_FILE)))) return `the config file ${CONFIG_FILE}`;
  for (const kind of ["policies", "tests", "webhooks"] as const) {
    const folder = join(root, config.paths[kind]);
    if (isWithin(await canonicalPath(folder), output)) return `in the ${kind} folder ${shown(folder)}/`;
  }
  const snapshot = snapshotPaths(root, config.paths.catalog);
  for (const file of [snapshot.tokens, snapshot.meta]) {
    if (output === (await canonicalPath(file))) return `the catalog snapshot file ${shown(file)}`;
  }
  return undefined;
}
