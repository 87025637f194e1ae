/**
 * `screenpol replay` (semantics.md section 4): recorded screenings streamed
 * through two versions of one policy, the working tree ("head") against a Git
 * revision or the live revision ("base"), each screening decided by the one
 * decision procedure (core/semantics/decide.ts) against both.
 */
import type { Diagnostic } from "../core/diagnostic.js";
import { lintFails, type LintResult } from "../core/lint.js";
import { undecidedAt, versionFindings, type VersionFinding } from "../core/formats/version-findings.js";
import { createRedrawGate, type ReplayProgress } from "../core/replay/progress.js";
import type { REPLAY_ENGINE_NAMES } from "../core/replay/sample-bounds.js";
import { createReplayTally, type ReplayReport } from "../core/replay/tally.js";
import { openGitRevision } from "../workspace/git-revision.js";
import { openReplayInput, readLines, ReplayInputError, type ReplayInput } from "../workspace/replay-input.js";
import type { ConnectOptions } from "./connect.js";
import { loadVersions, subjectKey, workingTreeReader, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { UsageError } from "./errors.js";
import { readLiveVersion } from "./live-version.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";
import type { DuckDbReplay } from "./replay/duckdb-engine.js";
import { lineReplayer, replayRuleIds, type ReplayVersion } from "./replay/line-replayer.js";

export type ReplayBase = { kind: "git"; ref: string } | ({ kind: "live" } & Pick<ConnectOptions, "tokenFile" | "baseUrl">);

export interface ReplayRequest {
  cwd: string;
  /** Told each secret as it is resolved (a stored login's token), for the terminal's redactor. */
  onSecret?: ((secret: string) => void) | undefined;
  env: Readonly<Record<string, string | undefined>>;
  /** A path relative to `cwd`, or `-` for `stdin`. */
  input: string;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  target: SubjectTarget;
  base: ReplayBase;
  /** Changed screenings kept as samples. */
  samples: number;
  /** The clock of address entries' expiresAt, the same for both versions. */
  now: Date;
  /** Called at most ten times a second while the input streams (the CLI's progress line). */
  onProgress?: (progress: ReplayProgress) => void;
  /** Which engine decides (docs/replay.md, "Engines"); the JavaScript one by default, and the reference. */
  engine?: ReplayEngineName;
  /** DuckDB's memory limit (`--memory-limit`), e.g. 2GB. */
  memoryLimit?: string;
}

export type ReplayEngineName = (typeof REPLAY_ENGINE_NAMES)[number];

export type ReplaySide = "base" | "head";

export type ReplayRun =
  /** A version that cannot be decided (docs/semantics.md, "What decides"): its lint, and why (`schema at file:12:7`). */
  | { kind: "findings"; side: ReplaySide; label: string; lint: LintResult; why: string }
  | {
      kind: "report";
      report: ReplayReport;
      /** What each side is, for the pretty header: `HEAD (3f2a9c1)`, `live revision 9`, `working tree`. */
      labels: Record<ReplaySide, string>;
      target: SubjectTarget;
      /** The lint findings of either version's files, base first: each was replayed as written. */
      findings: VersionFinding[];
      /** The versions whose files have lint errors. */
      withErrors: ReplaySide[];
    };

/** A version read, with what lint says of its files. */
interface LoadedVersion {
  side: ReplayVersion;
  findings: Diagnostic[];
  hasErrors: boolean;
}

export async function runReplay(request: ReplayRequest): Promise<ReplayRun> {
  const { target } = request;
  const workspace = await openValidWorkspace(request.cwd);
  // The input first: a mistyped file name should not cost a network round trip.
  const input = await openEngineInput(request);
  try {
    const head = await loadSide(workspace, target, workingTreeReader(workspace.root), request.now, "working tree");
    if (head.kind === "findings") return { ...head, side: "head", why: undecidedAt(head.undecided, "file") };
    const base = request.base.kind === "git" ? await gitSide(workspace, target, request.base.ref, request.now) : await liveSide(request, request.base, target);
    // A live version's place is in its rendered file, which no one has: its document path says where.
    if (base.kind === "findings") return { ...base, side: "base", why: undecidedAt(base.undecided, request.base.kind === "git" ? "file" : "path") };
    const report =
      input.kind === "js"
        ? await replayStream(input.input, base.version.side, head.version.side, request)
        : await input.replay.run(base.version.side, head.version.side, request);
    const findings = [...versionFindings("base", base.version.findings), ...versionFindings("head", head.version.findings)];
    const withErrors = (["base", "head"] as const).filter((side) => (side === "base" ? base : head).version.hasErrors);
    return { kind: "report", report, labels: { base: base.version.side.label, head: head.version.side.label }, target, findings, withErrors };
  } finally {
    if (input.kind === "duckdb") input.replay.close();
  }
}

type EngineInput = { kind: "js"; input: ReplayInput } | { kind: "duckdb"; replay: DuckDbReplay };

async function openEngineInput(request: ReplayRequest): Promise<EngineInput> {
  if (request.engine !== "duckdb") return { kind: "js", input: await openInput(request) };
  // Loaded here only: DuckDB is a native library that no other command (and no JavaScript replay) needs.
  const { openDuckDbReplay } = await import("./replay/duckdb-engine.js");
  return { kind: "duckdb", replay: await openDuckDbReplay(request.input, request.cwd, { memoryLimit: request.memoryLimit }) };
}

async function openInput(request: ReplayRequest): Promise<ReplayInput> {
  try {
    return await openReplayInput(request.input, request.cwd, request.stdin);
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
}

type SideLoad = { kind: "side"; version: LoadedVersion } | { kind: "findings"; label: string; lint: LintResult; undecided: Diagnostic };

/** One version, read whatever lint says of it as long as it decides (docs/semantics.md, "What decides"). */
async function loadSide(workspace: Workspace, target: SubjectTarget, reader: SourceReader, now: Date, label: string): Promise<SideLoad> {
  const load = await loadVersions(workspace.config, [target], reader, { now });
  const version = load.versions.get(subjectKey(target))!;
  if (!version.decides) return { kind: "findings", label, lint: load.lint, undecided: version.undecided };
  return { kind: "side", version: { side: { label, subject: version.subject }, findings: version.findings, hasErrors: lintFails(load.lint) } };
}

async function gitSide(workspace: Workspace, target: SubjectTarget, ref: string, now: Date): Promise<SideLoad> {
  const revision = await openGitRevision(workspace.root, ref);
  return loadSide(workspace, target, revision.read, now, `${ref} (${revision.commit.slice(0, 7)})`);
}

/** The live revision (app/live-version.ts), linted like the local files. */
async function liveSide(request: ReplayRequest, base: Extract<ReplayBase, { kind: "live" }>, target: SubjectTarget): Promise<SideLoad> {
  const live = await readLiveVersion({ cwd: request.cwd, env: request.env, tokenFile: base.tokenFile, baseUrl: base.baseUrl, onSecret: request.onSecret }, target);
  return loadSide(live.workspace, target, live.read, request.now, live.label);
}

/** Decides every line against both sides; blank lines are no screenings and are passed over uncounted. */
export async function replayStream(input: ReplayInput, base: ReplayVersion, head: ReplayVersion, request: Pick<ReplayRequest, "target" | "samples" | "now" | "onProgress">): Promise<ReplayReport> {
  const tally = createReplayTally({ samples: request.samples });
  const lines = lineReplayer(tally, base, head, request);
  const started = performance.now();
  const redraw = request.onProgress ? createRedrawGate(() => performance.now()) : undefined;
  const progress = (): void => {
    if (redraw?.()) request.onProgress!({ lines: tally.lines, bytes: input.bytesRead(), totalBytes: input.totalBytes, elapsedMs: performance.now() - started });
  };
  try {
    await readLines(input, {
      line(text, number) {
        lines.line(text, number);
        progress();
      },
      tooLong(number) {
        lines.tooLong(number);
        progress();
      },
    });
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
  return tally.report(replayRuleIds(base, head));
}
