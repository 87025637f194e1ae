/**
 * `screenpol replay` (semantics.md section 4): recorded screenings streamed
 * through two versions of one policy, the working tree ("head") against a Git
 * revision or the live revision ("base"), each screening decided by the one
 * decision procedure (core/semantics/decide.ts) against both.
 */
import type { LintResult, SourceFile } from "../core/lint.js";
import { renderEntriesContent, renderPolicyContent } from "../core/plan/index.js";
import { readReplayLine } from "../core/replay/line.js";
import { createRedrawGate, type ReplayProgress } from "../core/replay/progress.js";
import { createReplayTally, type ReplayReport } from "../core/replay/tally.js";
import { compileSubject, decide, type DecisionSubject } from "../core/semantics/index.js";
import { openGitRevision } from "../workspace/git-revision.js";
import { MAX_LINE_BYTES, openReplayInput, readLines, ReplayInputError, type ReplayInput } from "../workspace/replay-input.js";
import { connect, selectEnvironment, type ConnectOptions } from "./connect.js";
import { addressesFileOf, loadSubjects, policyFileOf, subjectKey, workingTreeReader, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { UsageError } from "./errors.js";
import { configFileFrom } from "./doctor.js";
import { fetchLive } from "./plan.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";

const TOO_LONG = `line too long: over ${MAX_LINE_BYTES / (1024 * 1024)} MiB, not read (a screening is one JSON object per line)`;

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
}

export type ReplaySide = "base" | "head";

export type ReplayRun =
  | { kind: "findings"; side: ReplaySide; label: string; lint: LintResult }
  | {
      kind: "report";
      report: ReplayReport;
      /** What each side is, for the pretty header: `HEAD (3f2a9c1)`, `live revision 9`, `working tree`. */
      labels: Record<ReplaySide, string>;
      target: SubjectTarget;
    };

/** One version of the policy: what it is called in the report, and what it decides with. */
export interface ReplayVersion {
  label: string;
  subject: DecisionSubject;
}

export async function runReplay(request: ReplayRequest): Promise<ReplayRun> {
  const { target } = request;
  const workspace = await openValidWorkspace(request.cwd);
  // The input first: a mistyped file name should not cost a network round trip.
  const input = await openInput(request);
  const head = await loadSide(workspace, target, workingTreeReader(workspace.root), request.now, "working tree");
  if (head.kind === "findings") return { ...head, side: "head" };
  const base = request.base.kind === "git" ? await gitSide(workspace, target, request.base.ref, request.now) : await liveSide(request, request.base, target);
  if (base.kind === "findings") return { ...base, side: "base" };
  const report = await replayStream(input, base.side, head.side, request);
  return { kind: "report", report, labels: { base: base.side.label, head: head.side.label }, target };
}

async function openInput(request: ReplayRequest): Promise<ReplayInput> {
  try {
    return await openReplayInput(request.input, request.cwd, request.stdin);
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
}

type SideLoad = { kind: "side"; side: ReplayVersion } | { kind: "findings"; label: string; lint: LintResult };

async function loadSide(workspace: Workspace, target: SubjectTarget, reader: SourceReader, now: Date, label: string): Promise<SideLoad> {
  const load = await loadSubjects(workspace.config, [target], reader, { now });
  if (load.kind === "findings") return { kind: "findings", label, lint: load.lint };
  return { kind: "side", side: { label, subject: load.subjects.get(subjectKey(target))!.subject } };
}

async function gitSide(workspace: Workspace, target: SubjectTarget, ref: string, now: Date): Promise<SideLoad> {
  const revision = await openGitRevision(workspace.root, ref);
  return loadSide(workspace, target, revision.read, now, `${ref} (${revision.commit.slice(0, 7)})`);
}

/**
 * The live policy and the live address entries of (environment, vendor): one
 * GET each, after the GET of the environment that makes a wrong id a clear
 * 404 (as plan reads them), never one per screening. They are rendered into
 * their canonical files and linted like the local ones.
 */
async function liveSide(request: ReplayRequest, base: Extract<ReplayBase, { kind: "live" }>, target: SubjectTarget): Promise<SideLoad> {
  const connection = await connect({ cwd: request.cwd, env: request.env, tokenFile: base.tokenFile, baseUrl: base.baseUrl, onSecret: request.onSecret });
  const { config } = connection.workspace;
  const environment = selectEnvironment(config, target.environment);
  let records;
  try {
    const selection = [
      { resource: "policy" as const, environment: environment.name, providerType: target.providerType, scope: target.scope },
      { resource: "addresses" as const, environment: environment.name, providerType: target.providerType },
    ];
    records = (await fetchLive(connection.client, [environment], selection, { configFile: configFileFrom(request.cwd, connection.workspace.root) })).records;
  } finally {
    await connection.client.close();
  }
  const files = new Map<string, SourceFile>();
  let label = "live (no policy)";
  for (const record of records) {
    if (record.resource === "policy" && record.policy) {
      const file = policyFileOf(config, target);
      files.set(file, { file, text: renderPolicyContent(target.providerType, target.scope, record.policy) });
      label = `live revision ${record.policy.revision}`;
    } else if (record.resource === "addresses" && record.entries.entries.length > 0) {
      const file = addressesFileOf(config, target);
      files.set(file, { file, text: renderEntriesContent(target.providerType, record.entries.entries) });
    }
  }
  return loadSide(connection.workspace, target, async (file) => files.get(file), request.now, label);
}

/** Decides every line against both sides; blank lines are no screenings and are passed over uncounted. */
export async function replayStream(input: ReplayInput, base: ReplayVersion, head: ReplayVersion, request: Pick<ReplayRequest, "target" | "samples" | "now" | "onProgress">): Promise<ReplayReport> {
  const { providerType, scope } = request.target;
  const tally = createReplayTally({ samples: request.samples });
  const baseSubject = compileSubject(base.subject);
  const headSubject = compileSubject(head.subject);
  const options = { now: request.now.getTime() };
  const started = performance.now();
  const redraw = request.onProgress ? createRedrawGate(() => performance.now()) : undefined;
  const progress = (): void => {
    if (redraw?.()) request.onProgress!({ lines: tally.lines, bytes: input.bytesRead(), totalBytes: input.totalBytes, elapsedMs: performance.now() - started });
  };
  try {
    await readLines(input, {
      line(text, number) {
        if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "")) return;
        const reading = readReplayLine(text, providerType, scope);
        if (reading.ok) tally.decided(number, decide(baseSubject, reading.screening, options), decide(headSubject, reading.screening, options));
        else tally.bad(number, reading.error);
        progress();
      },
      tooLong(number) {
        tally.bad(number, TOO_LONG);
        progress();
      },
    });
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
  return tally.report({ base: ruleIds(base.subject), head: ruleIds(head.subject) });
}

function ruleIds(subject: DecisionSubject): string[] {
  return subject.policy?.rules.postScreen.map((rule) => rule.id) ?? [];
}

