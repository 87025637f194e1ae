/**
 * `screenpol replay <file|-> (--base <ref> | --live) [--env E] [--vendor V]
 * [--scope S] [--format pretty|json] [--samples N] [--strict]
 * [--max-skipped N|P%] [--changed-out FILE] [--now ISO] [--engine js|duckdb]
 * [--memory-limit SIZE] [--address A] [--python P] [--tallies-out FILE]`, or
 * `screenpol replay --merge <tallies.json>...`, or `screenpol replay --engine
 * spark --emit-job <dir>` (writes the Spark job, replays nothing): recorded screenings run through two versions of
 * their policies (semantics.md section 4), each version that decides replayed
 * as written, its lint findings listed in the report (docs/semantics.md, "What
 * decides"). Exit 0 when the replay ran, whatever changed (the report is
 * data); 1 when a version has lint errors or more lines were skipped than
 * --max-skipped allows (the report printed all the same), or a version cannot
 * be decided (nothing replayed); 2 for usage, config, an unknown ref, an
 * unreadable input or an unwritable --changed-out; 4 when a live policy cannot
 * be read.
 */
import { runReplay, type ReplayBase, type ReplayEngineName } from "../../app/replay.js";
import { UsageError } from "../../app/errors.js";
import { formatJson } from "../../core/formats/json.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { formatReplayJson, formatReplayPretty } from "../../core/formats/replay.js";
import { readIsoDateTime } from "../../core/iso-date.js";
import { formatReplayProgress } from "../../core/replay/progress.js";
import { beyondSkippedBound, type SkippedBound } from "../../core/replay/skipped-bound.js";
import type { Scope, Vendor } from "../../core/vendors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import type { RemoteFlags } from "../remote-options.js";

export interface ReplayFlags extends RemoteFlags {
  env?: string;
  vendor?: Vendor;
  scope?: Scope;
  base?: string;
  live?: boolean;
  format: "pretty" | "json";
  samples: number;
  strict?: boolean;
  maxSkipped?: SkippedBound;
  changedOut?: string;
  now?: string;
  engine: ReplayEngineName;
  memoryLimit?: string;
  address?: string;
  python?: string;
  talliesOut?: string;
  merge?: string[];
  emitJob?: string;
}

export async function replayCommand(input: string | undefined, flags: ReplayFlags, io: CliIo): Promise<ExitCode> {
  if ((flags.engine === "spark") !== (flags.emitJob !== undefined)) throw new UsageError("--engine spark writes a job to run on a Spark cluster: it goes with --emit-job <dir>, and --emit-job with it");
  if (flags.engine === "spark" && input !== undefined) throw new UsageError(`--engine spark --emit-job writes a job that reads its input where it runs (spark-submit job.py --input ...): no input here, not ${input}`);
  if (flags.engine !== "spark" && (input === undefined) === (flags.merge === undefined)) throw new UsageError("replay reads either an input (a file, a folder, a glob or -) or --merge <tallies.json>...: give one");
  if (flags.merge !== undefined && flags.engine !== "js") throw new UsageError("--merge reports tallies already counted: it takes no --engine");
  if (flags.engine === "ray" && flags.address === undefined) throw new UsageError("--engine ray needs the cluster's --address, e.g. 10.0.0.5:6379");
  if ((flags.address !== undefined || flags.python !== undefined) && flags.engine !== "ray") throw new UsageError(`${flags.address !== undefined ? "--address" : "--python"} goes with --engine ray`);
  if (flags.talliesOut !== undefined && flags.engine !== "duckdb" && flags.engine !== "ray") throw new UsageError("--tallies-out goes with --engine duckdb or ray");
  if (flags.changedOut !== undefined && (flags.engine === "ray" || flags.engine === "spark" || flags.talliesOut !== undefined || flags.merge !== undefined)) {
    throw new UsageError("--changed-out needs every changed screening's line, which tallies do not keep: use --engine js or duckdb without --tallies-out");
  }
  if ((flags.base === undefined) === (flags.live !== true)) {
    throw new UsageError("replay needs exactly one version to compare the working tree with: --base <git-ref> or --live");
  }
  const now = flags.now === undefined ? new Date() : readNow(flags.now);
  if (flags.memoryLimit !== undefined && flags.engine !== "duckdb") throw new UsageError("--memory-limit is DuckDB's: it goes with --engine duckdb");
  if (flags.memoryLimit !== undefined && !MEMORY_LIMIT.test(flags.memoryLimit)) throw new UsageError(`--memory-limit must be a size such as 512MB or 2GB, not "${flags.memoryLimit}"`);
  const base: ReplayBase = flags.base !== undefined ? { kind: "git", ref: flags.base } : { kind: "live", tokenFile: flags.tokenFile, baseUrl: flags.baseUrl };
  // Only on a terminal: a log or a pipe gets the report and nothing else.
  const showProgress = io.stderr.isTTY === true;
  let drawn = false;
  const run = await runReplay({
    cwd: io.cwd,
    env: io.env,
    onSecret: (secret) => io.addSecret?.(secret),
    input: input ?? "",
    stdin: io.stdin,
    filter: { environment: flags.env, providerType: flags.vendor, scope: flags.scope },
    base,
    samples: flags.samples,
    strict: flags.strict === true,
    changedOut: flags.changedOut,
    now,
    engine: flags.engine,
    memoryLimit: flags.memoryLimit,
    ray: flags.address === undefined ? undefined : { address: flags.address, python: flags.python },
    talliesOut: flags.talliesOut,
    emitJob: flags.emitJob,
    merge: flags.merge === undefined ? undefined : { files: flags.merge, nowGiven: flags.now !== undefined },
    onProgress: showProgress
      ? (progress) => {
          drawn = true;
          io.stderr.write(`\r${formatReplayProgress(progress)}\x1b[K`);
        }
      : undefined,
  }).finally(() => {
    if (drawn) io.stderr.write("\r\x1b[K");
  });
  if (run.kind === "emitted") {
    for (const file of run.files) io.stdout.write(`wrote ${file}\n`);
    return EXIT.ok;
  }
  if (run.kind === "findings") {
    if (flags.format === "json") io.stdout.write(formatJson(run.lint));
    else io.stdout.write(formatPretty(run.lint, { color: shouldUseColor(io.env, io.stdout.isTTY === true) }));
    io.stderr.write(`screenpol: the ${run.side} version (${run.label}) cannot be decided (${run.why}); nothing was replayed\n`);
    return EXIT.findings;
  }
  io.stdout.write(
    flags.format === "json"
      ? formatReplayJson(run.report, run.findings)
      : formatReplayPretty(run.report, { base: run.labels.base, subjectBases: run.subjectBases, head: run.labels.head }, run.findings),
  );
  for (const version of run.withErrors) io.stderr.write(`screenpol: the ${version.side} version (${version.label}) has lint errors, listed in the report\n`);
  const beyond = flags.maxSkipped === undefined ? undefined : beyondSkippedBound(flags.maxSkipped, run.report);
  if (beyond !== undefined) io.stderr.write(`screenpol: ${beyond}\n`);
  return run.withErrors.length > 0 || beyond !== undefined ? EXIT.findings : EXIT.ok;
}

/** A size as DuckDB's memory_limit reads it (docs/replay.md, "Engines"). */
const MEMORY_LIMIT = /^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i;

function readNow(text: string): Date {
  const reading = readIsoDateTime(text);
  if (!reading.ok) throw new UsageError(`--now must be an ISO 8601 date or date-time, e.g. 2026-11-23T12:00:00Z, not "${text}"`);
  return new Date(reading.time);
}
