/**
 * `screenpol replay` (semantics.md section 4): recorded screenings streamed
 * through two versions of their policies, the working tree ("head") against a
 * Git revision or the live revision ("base"), each screening decided by the
 * one decision procedure (core/semantics/decide.ts) against both. A line names
 * its own (environment, vendor, scope), or the flags do; the policies of each
 * are read when its first screening comes.
 */
import { isAbsolute, resolve } from "node:path";
import type { LintResult, SourceFile } from "../core/lint.js";
import { formatChangedScreening } from "../core/formats/replay.js";
import { renderEntriesContent, renderPolicyContent } from "../core/plan/index.js";
import { readReplayLine, type ReplayLineContext, type ReplayLineReading, type ReplaySubject } from "../core/replay/line.js";
import { createRedrawGate, type ReplayProgress } from "../core/replay/progress.js";
import { createReplayTally, subjectKeyOf, type ReplayReport, type ReplayRuleIds, type ReplaySubjectTally } from "../core/replay/tally.js";
import { compileSubject, decide, type DecisionSubject } from "../core/semantics/index.js";
import type { CompiledSubject } from "../core/semantics/subject.js";
import { openAtomicFile, type AtomicFileWriter } from "../workspace/atomic-write.js";
import { openGitRevision } from "../workspace/git-revision.js";
import { MAX_LINE_BYTES, openReplayInput, readLines, ReplayInputError, type ReplayInput } from "../workspace/replay-input.js";
import { connect, selectEnvironment, selectEnvironments, type ConnectOptions, type Connection } from "./connect.js";
import { addressesFileOf, loadSubjects, policyFileOf, subjectKey, workingTreeReader, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { UsageError } from "./errors.js";
import { refuseOutputOverInputs, refuseUnwritableTarget } from "./output-target.js";
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
}

export type ReplaySide = "base" | "head";

export type ReplayRun =
  | { kind: "findings"; side: ReplaySide; label: string; lint: LintResult }
  | {
      kind: "report";
      report: ReplayReport;
      /** What each side is, for the pretty header: `HEAD (3f2a9c1)` or `live`, and `working tree`. */
      labels: Record<ReplaySide, string>;
      /** Each policy's own base where it has one (`live revision 9`), by `environment/vendor/scope`. */
      subjectBases: Map<string, string>;
    };

/** One version of a policy: what it is called in the report, and what it decides with. */
export interface ReplayVersion {
  label: string;
  subject: DecisionSubject;
}

/** Both versions of the policy of one (environment, vendor, scope). */
export interface ReplayVersions {
  base: ReplayVersion;
  head: ReplayVersion;
}

/** A version of some policy has lint errors: the run's answer, found wherever in the input its first screening was. */
class VersionFindings extends Error {
  constructor(readonly run: Extract<ReplayRun, { kind: "findings" }>) {
    super(`the ${run.side} version (${run.label}) has lint errors`);
  }
}

export async function runReplay(request: ReplayRequest): Promise<ReplayRun> {
  const workspace = await openValidWorkspace(request.cwd);
  if (request.filter.environment !== undefined) selectEnvironment(workspace.config, request.filter.environment);
  // Refused before any work, as -o is (app/output-target.ts).
  const changedOut = request.changedOut === undefined ? undefined : await changedOutPath(request, request.changedOut);
  // The input first: a mistyped file name should not cost a network round trip.
  const input = await openInput(request);
  const base = await openBase(workspace, request);
  let writer: AtomicFileWriter | undefined;
  try {
    const versions = versionsLoader(workspace, base, request.now);
    if (changedOut !== undefined) writer = await openAtomicFile(changedOut);
    const { report, subjectBases } = await replayStream(input, versions, {
      filter: request.filter,
      environments: workspace.config.environments.map((entry) => entry.name),
      samples: request.samples,
      now: request.now,
      strict: request.strict,
      onProgress: request.onProgress,
      onChanged: writer ? (text) => writer!.write(text) : undefined,
    });
    if (writer) await commitChangedOut(writer, request.changedOut!);
    writer = undefined;
    return { kind: "report", report, labels: { base: base.label, head: "working tree" }, subjectBases };
  } catch (error) {
    if (error instanceof VersionFindings) return error.run;
    throw error;
  } finally {
    await writer?.abort();
    await base.close();
  }
}

async function openInput(request: ReplayRequest): Promise<ReplayInput> {
  try {
    return await openReplayInput(request.input, request.cwd, request.stdin);
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
}

/** `--changed-out` as an absolute path, once it is known not to replace the input or a file screenpol reads. */
async function changedOutPath(request: ReplayRequest, path: string): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(request.cwd, path);
  await refuseUnwritableTarget(absolute, path, "--changed-out");
  await refuseOutputOverInputs({ cwd: request.cwd, path, option: "--changed-out", inputs: request.input === "-" ? [] : [request.input] });
  return absolute;
}

async function commitChangedOut(writer: AtomicFileWriter, path: string): Promise<void> {
  try {
    await writer.commit();
  } catch (error) {
    throw new UsageError(`cannot write --changed-out ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}; nothing was written`, { cause: error });
  }
}

/** Where base versions come from: a Git revision, opened once, or the live service through one connection. */
interface BaseSource {
  /** `HEAD (3f2a9c1)`, or `live` (each policy then has its own revision). */
  label: string;
  load(workspace: Workspace, target: SubjectTarget, now: Date): Promise<SideLoad>;
  close(): Promise<void>;
}

async function openBase(workspace: Workspace, request: ReplayRequest): Promise<BaseSource> {
  if (request.base.kind === "git") {
    const revision = await openGitRevision(workspace.root, request.base.ref);
    const label = `${request.base.ref} (${revision.commit.slice(0, 7)})`;
    return { label, load: (open, target, now) => loadSide(open, target, revision.read, now, label), close: async () => undefined };
  }
  const connection = await connect({ cwd: request.cwd, env: request.env, tokenFile: request.base.tokenFile, baseUrl: request.base.baseUrl, onSecret: request.onSecret });
  return { label: "live", load: (_, target, now) => liveSide(connection, target, now), close: () => connection.client.close() };
}

type SideLoad = { kind: "side"; side: ReplayVersion } | { kind: "findings"; label: string; lint: LintResult };

async function loadSide(workspace: Workspace, target: SubjectTarget, reader: SourceReader, now: Date, label: string): Promise<SideLoad> {
  const load = await loadSubjects(workspace.config, [target], reader, { now });
  if (load.kind === "findings") return { kind: "findings", label, lint: load.lint };
  return { kind: "side", side: { label, subject: load.subjects.get(subjectKey(target))!.subject } };
}

/** Both versions of each policy, read once, when first asked for; lint errors in either end the run (VersionFindings). */
function versionsLoader(workspace: Workspace, base: BaseSource, now: Date): (target: SubjectTarget) => Promise<ReplayVersions> {
  const loaded = new Map<string, Promise<ReplayVersions>>();
  const load = async (target: SubjectTarget): Promise<ReplayVersions> => {
    const head = await loadSide(workspace, target, workingTreeReader(workspace.root), now, "working tree");
    if (head.kind === "findings") throw new VersionFindings({ kind: "findings", side: "head", label: head.label, lint: head.lint });
    const side = await base.load(workspace, target, now);
    if (side.kind === "findings") throw new VersionFindings({ kind: "findings", side: "base", label: side.label, lint: side.lint });
    return { base: side.side, head: head.side };
  };
  return (target) => {
    const key = subjectKey(target);
    let versions = loaded.get(key);
    if (!versions) loaded.set(key, (versions = load(target)));
    return versions;
  };
}

/**
 * The live policy and the live address entries of (environment, vendor): one
 * GET each, after the GET of the environment that makes a wrong id a clear
 * 404 (as plan reads them), once per policy met, never one per screening.
 * They are rendered into their canonical files and linted like the local ones.
 */
async function liveSide(connection: Connection, target: SubjectTarget, now: Date): Promise<SideLoad> {
  const { config } = connection.workspace;
  const [environment] = selectEnvironments(config, [target.environment]);
  const selection = [
    { resource: "policy" as const, environment: environment!.name, providerType: target.providerType, scope: target.scope },
    { resource: "addresses" as const, environment: environment!.name, providerType: target.providerType },
  ];
  const { records } = await fetchLive(connection.client, [environment!], selection);
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
  return loadSide(connection.workspace, target, async (file) => files.get(file), now, label);
}

export interface ReplayStreamOptions {
  filter: Partial<ReplaySubject>;
  /** The environments the config declares: a line naming another is bad. */
  environments: readonly string[];
  samples: number;
  now: Date;
  strict?: boolean | undefined;
  onProgress?: ((progress: ReplayProgress) => void) | undefined;
  /** Each changed screening as a line of `--changed-out`; a promise pauses the input until it settles. */
  onChanged?: ((text: string) => Promise<void> | undefined) | undefined;
}

/** A policy's two versions compiled, and its counts. */
interface Decider {
  subject: ReplaySubject;
  base: CompiledSubject;
  head: CompiledSubject;
  tally: ReplaySubjectTally;
}

/**
 * Decides every line against both versions of its policy; blank lines are no
 * screenings and are passed over uncounted. `versions` reads a policy's two
 * versions; it is asked once per policy, when its first screening comes.
 */
export async function replayStream(
  input: ReplayInput,
  versions: (subject: ReplaySubject) => Promise<ReplayVersions>,
  options: ReplayStreamOptions,
): Promise<{ report: ReplayReport; subjectBases: Map<string, string> }> {
  const tally = createReplayTally({ samples: options.samples });
  const context: ReplayLineContext = { filter: options.filter, environments: options.environments, unknownCategories: options.strict ? "refuse" : "accept" };
  const deciders = new Map<string, Decider>();
  const rules = new Map<string, ReplayRuleIds>();
  const subjectBases = new Map<string, string>();
  const decideOptions = { now: options.now.getTime() };
  const onChanged = options.onChanged;
  let last: Decider | undefined;
  const started = performance.now();
  const redraw = options.onProgress ? createRedrawGate(() => performance.now()) : undefined;
  const progress = (): void => {
    if (redraw?.()) options.onProgress!({ lines: tally.lines, bytes: input.bytesRead(), totalBytes: input.totalBytes, elapsedMs: performance.now() - started });
  };
  const decideLine = (decider: Decider, reading: Extract<ReplayLineReading, { kind: "screening" }>, number: number): Promise<void> | undefined => {
    last = decider;
    if (reading.unknownValues) {
      const refused = tally.unknown(number, reading.unknownValues);
      if (refused !== undefined) {
        tally.bad(number, refused);
        return undefined;
      }
    }
    const base = decide(decider.base, reading.screening, decideOptions);
    const head = decide(decider.head, reading.screening, decideOptions);
    if (!decider.tally.decided(number, base, head) || !onChanged) return undefined;
    return onChanged(formatChangedScreening({ line: number, subject: decider.subject, screening: reading.screening, base, head }));
  };
  const openDecider = async (subject: ReplaySubject): Promise<Decider> => {
    const key = subjectKeyOf(subject);
    let decider = deciders.get(key);
    if (decider) return decider;
    const pair = await versions(subject);
    decider = { subject, base: compileSubject(pair.base.subject), head: compileSubject(pair.head.subject), tally: tally.subject(subject) };
    deciders.set(key, decider);
    rules.set(key, { base: ruleIds(pair.base.subject), head: ruleIds(pair.head.subject) });
    subjectBases.set(key, pair.base.label);
    return decider;
  };
  // Flags that name one policy: it is reported, also when no line is of it.
  const { environment, providerType, scope } = options.filter;
  if (environment !== undefined && providerType !== undefined && scope !== undefined) await openDecider({ environment, providerType, scope });
  try {
    await readLines(input, {
      line(text, number) {
        if (text.length === 0 || (text.charCodeAt(0) <= 32 && text.trim() === "")) return undefined;
        const reading = readReplayLine(text, context);
        progress();
        if (reading.kind === "bad") return tally.bad(number, reading.error);
        if (reading.kind === "filtered") return tally.filtered();
        const { subject } = reading;
        // An export runs in long stretches of one policy: the one before is the likeliest.
        if (last && last.subject.environment === subject.environment && last.subject.providerType === subject.providerType && last.subject.scope === subject.scope) {
          return decideLine(last, reading, number);
        }
        const known = deciders.get(subjectKeyOf(subject));
        if (known) return decideLine(known, reading, number);
        return openDecider(subject).then((decider) => decideLine(decider, reading, number));
      },
      tooLong(number) {
        tally.bad(number, TOO_LONG);
        progress();
      },
    });
  } catch (error) {
    throw error instanceof ReplayInputError ? new UsageError(error.message, { cause: error }) : error;
  }
  return { report: tally.report((subject) => rules.get(subjectKeyOf(subject)) ?? { base: [], head: [] }), subjectBases };
}

function ruleIds(subject: DecisionSubject): string[] {
  return subject.policy?.rules.postScreen.map((rule) => rule.id) ?? [];
}
