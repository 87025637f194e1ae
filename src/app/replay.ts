/**
 * `screenpol replay` (semantics.md section 4): recorded screenings streamed
 * through two versions of their policies, the working tree ("head") against a
 * Git revision or the live revision ("base"), each screening decided by the
 * one decision procedure (core/semantics/decide.ts) against both. A line names
 * its own (environment, vendor, scope), or the flags do; the policies of each
 * are read when its first screening comes. Either engine (docs/replay.md,
 * "Engines") feeds the one tally through the one line reader
 * (app/replay/line-replayer.ts), so the report is the same whichever decided.
 */
import { mkdir, readFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import type { Diagnostic } from "../core/diagnostic.js";
import { lintFails, type LintResult } from "../core/lint.js";
import { undecidedAt, versionFindings, type VersionFinding } from "../core/formats/version-findings.js";
import { createRedrawGate, type ReplayProgress } from "../core/replay/progress.js";
import type { RayInput, RayShardProgress } from "./replay/ray-engine.js";
import type { REPLAY_ENGINE_NAMES } from "../core/replay/sample-bounds.js";
import type { ReplayReport } from "../core/replay/tally.js";
import { readTallies, type ReplayTallies, type TalliesShard } from "../core/replay/tallies.js";
import type { ReplaySubject } from "../core/replay/line.js";
import { openAtomicFile, type AtomicFileWriter } from "../workspace/atomic-write.js";
import { openGitRevision } from "../workspace/git-revision.js";
import { openReplayInput, readLines, ReplayInputError, type ReplayInput } from "../workspace/replay-input.js";
import { isRemoteInput } from "../workspace/replay-files.js";
import { selectEnvironment, type ConnectOptions } from "./connect.js";
import { loadVersions, subjectKey, workingTreeReader, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { UsageError } from "./errors.js";
import { readLiveVersion } from "./live-version.js";
import { refuseOutputOverInputs, refuseUnwritableTarget } from "./output-target.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";
import type { DuckDbReplay } from "./replay/duckdb-engine.js";
import { createLineReplayer, type LineReplayer, type LoadedVersion, type ReplayVersions } from "./replay/line-replayer.js";

export type ReplayBase = { kind: "git"; ref: string } | ({ kind: "live" } & Pick<ConnectOptions, "tokenFile" | "baseUrl">);

export interface ReplayRequest {
  cwd: string;
  /** Told each secret as it is resolved (a stored login's token), for the terminal's redactor. */
  onSecret?: ((secret: string) => void) | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** A path relative to `cwd`, or `-` for `stdin`. */
  input: string;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** `--env`, `--vendor`, `--scope`: only screenings of these are decided, and they stand in for what a line leaves out. */
  filter: Partial<SubjectTarget>;
  base: ReplayBase;
  /** Changed screenings kept as samples, per policy and transition. */
  samples: number;
  /** The clock of address entries' expiresAt, the same for both versions. */
  now: Date;
  /** `--strict`: a category the vendor's list does not have makes its line bad, instead of matching no rule. */
  strict?: boolean;
  /** `--changed-out`: every changed screening, one JSON line each, to this file (relative to `cwd`). */
  changedOut?: string | undefined;
  /** Called at most ten times a second while the input streams (the CLI's progress line). */
  onProgress?: (progress: ReplayProgress) => void;
  /** Which engine decides (docs/replay.md, "Engines"); the JavaScript one by default, and the reference. */
  engine?: ReplayEngineName;
  /** DuckDB's memory limit (`--memory-limit`), e.g. 2GB. */
  memoryLimit?: string;
  /** `--engine ray`: the cluster's address, and the Python that runs the job (docs/replay.md, "Ray"). */
  ray?: { address: string; python?: string | undefined };
  /** `--tallies-out`: the partial tallies of the run, as a tallies file (docs/replay.md, "Tallies"), relative to `cwd`. */
  talliesOut?: string | undefined;
  /** `--engine spark --emit-job`: the folder the Spark job is written to (docs/replay.md, "Spark"), relative to `cwd`; nothing is replayed. */
  emitJob?: string | undefined;
  /** `--merge`: tallies files (relative to `cwd`) reported instead of an input; `now` then defaults to theirs. */
  merge?: { files: readonly string[]; nowGiven: boolean } | undefined;
}

export type ReplayEngineName = (typeof REPLAY_ENGINE_NAMES)[number];

export type ReplaySide = "base" | "head";

export type ReplayRun =
  /** `--emit-job`: the files written, as given relative to `cwd`. */
  | { kind: "emitted"; files: string[] }
  /** A version that cannot be decided (docs/semantics.md, "What decides"): its lint, and why (`schema at file:12:7`). */
  | { kind: "findings"; side: ReplaySide; label: string; lint: LintResult; why: string }
  | {
      kind: "report";
      report: ReplayReport;
      /** What each side is, for the pretty header: `HEAD (3f2a9c1)` or `live`, and `working tree`. */
      labels: Record<ReplaySide, string>;
      /** Each policy's own base where it has one (`live revision 9`), by `environment/vendor/scope`. */
      subjectBases: Map<string, string>;
      /** The lint findings of the replayed versions' files, base first, each once: each was replayed as written. */
      findings: VersionFinding[];
      /** The versions whose files have lint errors, each once. */
      withErrors: Array<{ side: ReplaySide; label: string }>;
    };

/** A version of some policy cannot be decided: the run's answer, found wherever in the input its first screening was. */
class VersionUndecided extends Error {
  constructor(readonly run: Extract<ReplayRun, { kind: "findings" }>) {
    super(`the ${run.side} version (${run.label}) cannot be decided`);
  }
}

export async function runReplay(given: ReplayRequest): Promise<ReplayRun> {
  const workspace = await openValidWorkspace(given.cwd);
  // A merge's policy and clock are the tallies' (flags may only agree): read before anything else.
  const merged = given.merge === undefined ? undefined : await readMergedTallies(given.cwd, given.merge.files);
  const request = merged === undefined ? given : mergeRequest(given, merged.tallies);
  if (request.filter.environment !== undefined) selectEnvironment(workspace.config, request.filter.environment);
  // Refused before any work, as -o is (app/output-target.ts).
  const changedOut = request.changedOut === undefined ? undefined : await changedOutPath(request, request.changedOut, "--changed-out");
  const talliesOut = request.talliesOut === undefined ? undefined : await changedOutPath(request, request.talliesOut, "--tallies-out");
  const sharded = shardedSubject(request);
  if (request.emitJob !== undefined) return await emitSparkJob(workspace, request, sharded!);
  // The input first: a mistyped file name should not cost a network round trip.
  const input: EngineInput = merged !== undefined ? { kind: "merge", ...merged } : await openEngineInput(request);
  let writer: AtomicFileWriter | undefined;
  try {
    const base = await openBase(workspace, request);
    const versions = versionsLoader(workspace, base, request);
    if (changedOut !== undefined) writer = await openAtomicFile(changedOut);
    const lines = createLineReplayer(versions, {
      filter: request.filter,
      environments: workspace.config.environments.map((entry) => entry.name),
      samples: request.samples,
      now: request.now,
      strict: request.strict,
      onChanged: writer ? (text) => writer!.write(text) : undefined,
    });
    await lines.openFlagged();
    if (input.kind === "js") await replayStream(input.input, lines, request.onProgress);
    else if (input.kind === "merge") await feedMerged(lines, input, request.now);
    else if (sharded !== undefined) await replaySharded(input, lines, sharded, request, talliesOut);
    // A Ray run always has a subject (shardedSubject): only DuckDB's reads a mixed export itself.
    else if (input.kind === "duckdb") await input.replay.run(lines, request);
    const { report, subjectBases } = lines.result();
    if (writer) await commitChangedOut(writer, request.changedOut!);
    writer = undefined;
    const loaded = report.subjects.map((subject) => versions.loaded(subject)!);
    const findings = uniqueFindings([...loaded.flatMap((pair) => versionFindings("base", pair.base.findings)), ...loaded.flatMap((pair) => versionFindings("head", pair.head.findings))]);
    const withErrors = (["base", "head"] as const).flatMap((side) =>
      [...new Set(loaded.filter((pair) => pair[side].hasErrors).map((pair) => pair[side].side.label))].map((label) => ({ side, label })),
    );
    return { kind: "report", report, labels: { base: base.label, head: "working tree" }, subjectBases, findings, withErrors };
  } catch (error) {
    if (error instanceof VersionUndecided) return error.run;
    throw error;
  } finally {
    await writer?.abort();
    if (input.kind === "duckdb" || input.kind === "ray") input.replay.close();
  }
}

/** The same finding of a file two policies share (an address list) is listed once. */
function uniqueFindings(findings: readonly VersionFinding[]): VersionFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = JSON.stringify(finding);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type EngineInput =
  | { kind: "js"; input: ReplayInput }
  | { kind: "duckdb"; replay: DuckDbReplay }
  | { kind: "ray"; replay: RayInput }
  | { kind: "merge"; tallies: ReplayTallies; names: readonly string[] };

async function openEngineInput(request: ReplayRequest): Promise<EngineInput> {
  if (request.engine !== "duckdb" && request.engine !== "ray") return { kind: "js", input: await openInput(request) };
  if (request.engine === "ray" && isRemoteInput(request.input)) {
    const { openRemoteInput } = await import("./replay/ray-engine.js");
    return { kind: "ray", replay: await openRemoteInput(request.input, { python: request.ray!.python, env: request.env }) };
  }
  // Loaded here only: DuckDB is a native library that no other command (and no JavaScript replay) needs.
  // The Ray engine uses it too, here, to find the files and check a Parquet schema before a job starts.
  const { openDuckDbReplay } = await import("./replay/duckdb-engine.js");
  return { kind: request.engine, replay: await openDuckDbReplay(request.input, request.cwd, { memoryLimit: request.memoryLimit }) };
}

/**
 * The one policy a sharded run (the Ray engine, `--tallies-out`) is of: a
 * shard is the SQL of one policy (docs/replay.md, "Tallies"), so the flags
 * name it. Undefined for the engines that read a mixed export themselves.
 */
function shardedSubject(request: ReplayRequest): ReplaySubject | undefined {
  if (request.merge === undefined && request.engine !== "ray" && request.engine !== "spark" && request.talliesOut === undefined) return undefined;
  const { environment, providerType, scope } = request.filter;
  if (environment === undefined || providerType === undefined || scope === undefined) {
    const what = request.engine === "ray" || request.engine === "spark" ? `--engine ${request.engine}` : "--tallies-out";
    throw new UsageError(`${what} replays the screenings of one policy: give --env, --vendor and --scope`);
  }
  return { environment, providerType, scope };
}

/** Each file's SQL run where the engine runs it (this process, or Ray's workers), the shards merged into the tally, and written with --tallies-out. */
async function replaySharded(input: Extract<EngineInput, { kind: "duckdb" | "ray" }>, lines: LineReplayer, subject: ReplaySubject, request: ReplayRequest, talliesOut: string | undefined): Promise<void> {
  const { feedShards, shardOfAnswers, talliesOf } = await import("./replay/shards.js");
  const decider = await lines.open(subject);
  const options = { samples: request.samples, now: request.now };
  const plans = await input.replay.planShards(decider, options);
  let shards: TalliesShard[];
  if (input.kind === "ray") {
    const { runShardsOnRay } = await import("./replay/ray-engine.js");
    const started = performance.now();
    const onShard = request.onProgress
      ? ({ done, total, rows }: RayShardProgress) => request.onProgress!({ lines: rows, share: { done, total }, elapsedMs: performance.now() - started })
      : undefined;
    const answers = await runShardsOnRay(plans, { address: request.ray!.address, python: request.ray!.python, env: request.env, onShard });
    shards = answers.map((answer, index) => shardOfAnswers(plans[index]!, answer));
  } else shards = await input.replay.runShards(plans);
  await feedShards(lines, subject, shards);
  if (talliesOut !== undefined) {
    const writer = await openAtomicFile(talliesOut);
    try {
      await writer.write(`${JSON.stringify(talliesOf(decider, shards, options))}\n`);
      await writer.commit();
    } catch (error) {
      await writer.abort();
      throw new UsageError(`cannot write --tallies-out ${request.talliesOut}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; nothing was written`, { cause: error });
    }
  }
}

/** The Spark job of one policy's two versions, written into `request.emitJob` (docs/replay.md, "Spark"); each file whole or not at all. */
async function emitSparkJob(workspace: Workspace, request: ReplayRequest, subject: ReplaySubject): Promise<ReplayRun> {
  const { sparkJob } = await import("../core/replay/spark-job.js");
  const { replayFingerprint } = await import("./replay/shards.js");
  const { compileSubject } = await import("../core/semantics/index.js");
  const { PACKAGE_VERSION } = await import("../core/generated/release.js");
  const base = await openBase(workspace, request);
  try {
    const pair = await versionsLoader(workspace, base, request)(subject);
    const [compiledBase, compiledHead] = [compileSubject(pair.base.side.subject), compileSubject(pair.head.side.subject)];
    const job = sparkJob({ subject, base: compiledBase, head: compiledHead, now: request.now, samples: request.samples, fingerprint: replayFingerprint(compiledBase, compiledHead, request.now), screenpolVersion: PACKAGE_VERSION });
    const folder = isAbsolute(request.emitJob!) ? request.emitJob! : resolve(request.cwd, request.emitJob!);
    try {
      await mkdir(folder, { recursive: true });
    } catch (error) {
      throw new UsageError(`cannot write --emit-job ${request.emitJob}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; nothing was written`, { cause: error });
    }
    const files: Array<[string, string]> = [["replay.sql", job.replaySql], ["tallies.sql", job.talliesSql], ["job.py", job.driver]];
    for (const [name, text] of files) {
      const writer = await openAtomicFile(join(folder, name));
      try {
        await writer.write(text);
        await writer.commit();
      } catch (error) {
        await writer.abort();
        throw new UsageError(`cannot write --emit-job ${join(request.emitJob!, name)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
      }
    }
    return { kind: "emitted", files: files.map(([name]) => join(request.emitJob!, name)) };
  } catch (error) {
    if (error instanceof VersionUndecided) return error.run;
    throw error;
  }
}

/** The tallies files of `--merge`, read and checked, one policy, one fingerprint, one clock; their shards in argument order. */
async function readMergedTallies(cwd: string, files: readonly string[]): Promise<{ tallies: ReplayTallies; names: readonly string[] }> {
  let merged: ReplayTallies | undefined;
  let first = "";
  for (const name of files) {
    let text: string;
    try {
      text = await readFile(isAbsolute(name) ? name : resolve(cwd, name), "utf8");
    } catch (error) {
      throw new UsageError(`cannot read --merge ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; nothing was reported`, { cause: error });
    }
    const reading = readTallies(text);
    if (!reading.ok) throw new UsageError(`${name}: ${reading.error}; nothing was reported`);
    const tallies = reading.tallies;
    if (merged === undefined) {
      merged = { ...tallies, shards: [...tallies.shards] };
      first = name;
      continue;
    }
    const differs = (["environment", "providerType", "scope", "fingerprint", "now", "samples"] as const).find((key) => tallies[key] !== merged![key]);
    if (differs !== undefined) throw new UsageError(`${name} and ${first} are tallies of different runs (their ${differs} differs); nothing was reported`);
    merged.shards.push(...tallies.shards);
  }
  return { tallies: merged!, names: files };
}

/** A merge's request: the tallies' policy, and their clock unless --now is given (then the fingerprint must still agree). */
function mergeRequest(request: ReplayRequest, tallies: ReplayTallies): ReplayRequest {
  const subject = { environment: tallies.environment, providerType: tallies.providerType, scope: tallies.scope };
  for (const [key, flag] of [["environment", "--env"], ["providerType", "--vendor"], ["scope", "--scope"]] as const) {
    const given = request.filter[key];
    if (given !== undefined && given !== subject[key]) throw new UsageError(`${flag} ${given}: the tallies are of ${subjectKey(subject)}; nothing was reported`);
  }
  if (request.samples > tallies.samples) throw new UsageError(`--samples ${request.samples}: the tallies keep at most ${tallies.samples} per change; give --samples ${tallies.samples} or fewer`);
  return { ...request, filter: subject, now: request.merge!.nowGiven ? request.now : new Date(tallies.now) };
}

/** The merged shards into the tally, once the versions they were tallied with are known to be these. */
async function feedMerged(lines: LineReplayer, input: Extract<EngineInput, { kind: "merge" }>, now: Date): Promise<void> {
  const { feedShards, replayFingerprint } = await import("./replay/shards.js");
  const { tallies } = input;
  const subject = { environment: tallies.environment, providerType: tallies.providerType, scope: tallies.scope };
  const decider = await lines.open(subject);
  if (replayFingerprint(decider.base, decider.head, now) !== tallies.fingerprint) {
    throw new UsageError(`${input.names.join(", ")}: tallied with other versions of ${subjectKey(subject)} than these (or another --now than ${now.toISOString()}); nothing was reported`);
  }
  await feedShards(lines, subject, tallies.shards);
}

async function openInput(request: ReplayRequest): Promise<ReplayInput> {
  try {
    return await openReplayInput(request.input, request.cwd, request.stdin);
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
}

/** `--changed-out` as an absolute path, once it is known not to replace the input or a file screenpol reads. */
async function changedOutPath(request: ReplayRequest, path: string, option: "--changed-out" | "--tallies-out"): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(request.cwd, path);
  await refuseUnwritableTarget(absolute, path, option);
  await refuseOutputOverInputs({ cwd: request.cwd, path, option, inputs: request.merge?.files ?? (request.input === "-" ? [] : [request.input]) });
  return absolute;
}

async function commitChangedOut(writer: AtomicFileWriter, path: string): Promise<void> {
  try {
    await writer.commit();
  } catch (error) {
    throw new UsageError(`cannot write --changed-out ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; nothing was written`, { cause: error });
  }
}

/** Where base versions come from: a Git revision, opened once, or the live service, read once per policy. */
interface BaseSource {
  /** `HEAD (3f2a9c1)`, or `live` (each policy then has its own revision). */
  label: string;
  load(target: SubjectTarget): Promise<SideLoad>;
}

async function openBase(workspace: Workspace, request: ReplayRequest): Promise<BaseSource> {
  const { base } = request;
  if (base.kind === "git") {
    const revision = await openGitRevision(workspace.root, base.ref);
    const label = `${base.ref} (${revision.commit.slice(0, 7)})`;
    return { label, load: async (target) => withPlace(await loadSide(workspace, target, revision.read, request.now, label), "file") };
  }
  return {
    label: "live",
    // A live version's place is in its rendered file, which no one has: its document path says where.
    load: async (target) => {
      const live = await readLiveVersion({ cwd: request.cwd, env: request.env, tokenFile: base.tokenFile, baseUrl: base.baseUrl, onSecret: request.onSecret }, target);
      return withPlace(await loadSide(live.workspace, target, live.read, request.now, live.label), "path");
    },
  };
}

type SideLoad = { kind: "side"; version: LoadedVersion } | { kind: "findings"; label: string; lint: LintResult; undecided: Diagnostic; why?: string };

function withPlace(load: SideLoad, place: "file" | "path"): SideLoad {
  return load.kind === "findings" ? { ...load, why: undecidedAt(load.undecided, place) } : load;
}

/** One version, read whatever lint says of it as long as it decides (docs/semantics.md, "What decides"). */
async function loadSide(workspace: Workspace, target: SubjectTarget, reader: SourceReader, now: Date, label: string): Promise<SideLoad> {
  const load = await loadVersions(workspace.config, [target], reader, { now });
  const version = load.versions.get(subjectKey(target))!;
  if (!version.decides) return { kind: "findings", label, lint: load.lint, undecided: version.undecided };
  return { kind: "side", version: { side: { label, subject: version.subject }, findings: version.findings, hasErrors: lintFails(load.lint) } };
}

interface VersionsLoader {
  /** Both versions of a policy, read once, when first asked for; one that cannot be decided ends the run (VersionUndecided). */
  (target: SubjectTarget): Promise<ReplayVersions>;
  /** The versions of a policy already read. */
  loaded(target: SubjectTarget): ReplayVersions | undefined;
}

function versionsLoader(workspace: Workspace, base: BaseSource, request: Pick<ReplayRequest, "now">): VersionsLoader {
  const loading = new Map<string, Promise<ReplayVersions>>();
  const done = new Map<string, ReplayVersions>();
  const load = async (target: SubjectTarget): Promise<ReplayVersions> => {
    const head = withPlace(await loadSide(workspace, target, workingTreeReader(workspace.root), request.now, "working tree"), "file");
    if (head.kind === "findings") throw new VersionUndecided({ kind: "findings", side: "head", label: head.label, lint: head.lint, why: head.why! });
    const side = await base.load(target);
    if (side.kind === "findings") throw new VersionUndecided({ kind: "findings", side: "base", label: side.label, lint: side.lint, why: side.why! });
    const pair = { base: side.version, head: head.version };
    done.set(subjectKey(target), pair);
    return pair;
  };
  const loader = (target: SubjectTarget): Promise<ReplayVersions> => {
    const key = subjectKey(target);
    let versions = loading.get(key);
    if (!versions) loading.set(key, (versions = load(target)));
    return versions;
  };
  return Object.assign(loader, { loaded: (target: SubjectTarget) => done.get(subjectKey(target)) });
}

/** The JavaScript engine: every line of the input through the line replayer; blank lines are no screenings and are passed over uncounted. */
export async function replayStream(input: ReplayInput, lines: LineReplayer, onProgress: ((progress: ReplayProgress) => void) | undefined): Promise<void> {
  const started = performance.now();
  const redraw = onProgress ? createRedrawGate(() => performance.now()) : undefined;
  const progress = (): void => {
    if (redraw?.()) onProgress!({ lines: lines.tally.lines, share: input.totalBytes === undefined ? undefined : { done: input.bytesRead(), total: input.totalBytes }, elapsedMs: performance.now() - started });
  };
  try {
    await readLines(input, {
      line(text, number) {
        const pause = lines.line(text, number);
        progress();
        return pause;
      },
      tooLong(number) {
        lines.tooLong(number);
        progress();
      },
    });
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
}
