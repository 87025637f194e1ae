/**
 * The Ray engine of `screenpol replay` (docs/replay.md, "Ray"): the shards of
 * the input (app/replay/shards.ts), one per file, handed to the Python job
 * shipped in the package (python/ray_replay.py), which runs each as a Ray
 * task with DuckDB's Python package on whichever node has a CPU free; the
 * answers come back here and are merged as every engine's are.
 */
import { parquetProjection } from "../../core/replay/sql-input.js";
import { installedFile } from "../../workspace/package-root.js";
import { runPythonJob, type PythonJobResult } from "../../workspace/python-job.js";
import { remoteReplayFiles, type ReplayFiles } from "../../workspace/replay-files.js";
import { ReplayInputError } from "../../workspace/replay-input.js";
import { ClusterUnreachableError, UsageError } from "../errors.js";
import type { DuckDbReplay } from "./duckdb-engine.js";
import { planShards, type ShardAnswers, type ShardPlan } from "./shards.js";

/** The job's exit codes (python/ray_replay.py). */
const JOB_EXIT = { missingModule: 3, unreachable: 4, shardFailed: 5, unlistable: 7 } as const;

export interface RayRunOptions {
  address: string;
  /** `--python`, else SCREENPOL_PYTHON, else `python3`. */
  python: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** As each shard ends: shards done, shards in all, rows of the done ones (the job's progress lines). */
  onShard?: ((progress: RayShardProgress) => void) | undefined;
}

export interface RayShardProgress {
  done: number;
  total: number;
  rows: number;
}

/** python/ray_replay.py's progress line: `screenpol-job-progress: <done> <all> <rows>`. */
const PROGRESS_LINE = /^screenpol-job-progress: (\d+) (\d+) (\d+)$/;

export function rayPython(options: Pick<RayRunOptions, "python" | "env">): string {
  return options.python ?? (options.env.SCREENPOL_PYTHON || "python3");
}

/** What the Ray engine reads of its input before a job: its files, and the SQL of each (app/replay/shards.ts). */
export type RayInput = Pick<DuckDbReplay, "files" | "planShards" | "close">;

/** python/ray_replay.py `--list`'s answer. */
interface RemoteListing {
  what: "file" | "folder" | "glob" | "missing";
  files: string[];
  described: Array<[string, string]> | null;
}

/**
 * A remote input (`s3://lake/2026-11/`, docs/replay.md, "Ray"), listed by the
 * job's Python through pyarrow's filesystems, where the workers will read it:
 * its names and its Parquet schema checked here as a local input's are.
 */
export async function openRemoteInput(input: string, options: Pick<RayRunOptions, "python" | "env">): Promise<RayInput> {
  const result = await runJob(["--list"], { uri: input }, options);
  let listing: RemoteListing;
  try {
    listing = JSON.parse(result) as RemoteListing;
  } catch {
    throw new UsageError(`the Ray job's listing of ${input} is not JSON; nothing was reported`);
  }
  let files: ReplayFiles;
  try {
    files = remoteReplayFiles(input, listing);
  } catch (error) {
    if (error instanceof ReplayInputError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
  let parquetColumns: string | undefined;
  if (files.format === "parquet") {
    const projection = parquetProjection(new Map(listing.described ?? []));
    if (!projection.ok) throw new UsageError(`${input}: ${projection.error}; nothing was reported`);
    parquetColumns = projection.columns;
  }
  return {
    files,
    planShards: async (decider, planOptions) => planShards(files, decider, { ...planOptions, parquetColumns, remote: true }),
    close: () => undefined,
  };
}

export async function runShardsOnRay(plans: readonly ShardPlan[], options: RayRunOptions): Promise<ShardAnswers[]> {
  const python = rayPython(options);
  const onLine = options.onShard
    ? (line: string) => {
        const match = PROGRESS_LINE.exec(line);
        if (match) options.onShard!({ done: Number(match[1]), total: Number(match[2]), rows: Number(match[3]) });
      }
    : undefined;
  const stdout = await runJob([], { address: options.address, shards: plans }, options, onLine);
  let answer: { shards?: unknown };
  try {
    answer = JSON.parse(stdout) as { shards?: unknown };
  } catch {
    throw new UsageError(`the Ray job with ${python} answered something that is not JSON; nothing was reported`);
  }
  if (!Array.isArray(answer.shards) || answer.shards.length !== plans.length) throw new UsageError(`the Ray job with ${python} answered ${Array.isArray(answer.shards) ? answer.shards.length : "no"} shards for ${plans.length} files; nothing was reported`);
  return answer.shards as ShardAnswers[];
}

/** The job run with `args` and `request` on its standard input: its standard output, or its failure as one line. */
async function runJob(args: string[], request: unknown, options: Pick<RayRunOptions, "python" | "env">, onLine?: (line: string) => void): Promise<string> {
  const script = installedFile("python/ray_replay.py");
  if (script === undefined) throw new UsageError("the Ray job (python/ray_replay.py) is not in this installation of screenpol; reinstall it");
  const python = rayPython(options);
  // The job needs no secret of screenpol's: the API token stays out of its environment (and so out of Ray's).
  const { SCREENPOL_API_TOKEN: _token, ...env } = options.env;
  const result: PythonJobResult = await runPythonJob(python, script, args, JSON.stringify(request), env, onLine);
  if (result.kind === "no-python") {
    throw new UsageError(`--engine ray runs its job with Python, and ${python} cannot be run (${result.message}): give one with ray[data], duckdb and pyarrow by --python or SCREENPOL_PYTHON`);
  }
  if (result.kind === "failed") {
    if (result.code === JOB_EXIT.unreachable) throw new ClusterUnreachableError(`${result.message}; nothing was reported`);
    if (result.code === JOB_EXIT.missingModule || result.code === JOB_EXIT.shardFailed || result.code === JOB_EXIT.unlistable) throw new UsageError(`${result.message}; nothing was reported`);
    throw new UsageError(`the Ray job with ${python} failed (exit ${result.code}): ${result.message}; nothing was reported`);
  }
  return result.stdout;
}
