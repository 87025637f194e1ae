/**
 * `screenpol decide`: one screening (semantics.md section 1) against one
 * version of the files of one (environment, vendor, scope), through the one
 * decision procedure (core/semantics), with its trace and where each rule and
 * address entry is written. The version: the working tree, the files at a Git
 * revision (`--ref`, offline), or the live revision (`--live`): "why was this
 * address blocked last Tuesday", answered against the policy then in force.
 * Any version that decides is decided from, its lint findings beside the
 * answer (docs/semantics.md, "What decides").
 */
import { resolve } from "node:path";
import type { Diagnostic, DocPath } from "../core/diagnostic.js";
import { parseYaml } from "../core/document.js";
import type { DecisionReport, FilePosition } from "../core/formats/decision-pretty.js";
import { lintFails, toDiagnostic, type LintResult } from "../core/lint.js";
import { versionFindings } from "../core/formats/version-findings.js";
import { alsoMatched, decide, readScreening, screeningTarget, type ScopedScreening, type Screening } from "../core/semantics/index.js";
import type { Scope, Vendor } from "../core/vendors.js";
import { decodeSource, MAX_FILE_BYTES } from "../core/source.js";
import { readBounded, readStreamBounded, type BoundedRead } from "../workspace/bounded-read.js";
import { openGitRevision } from "../workspace/git-revision.js";
import type { ConnectOptions } from "./connect.js";
import { UsageError } from "./errors.js";
import { loadVersions, subjectKey, workingTreeReader, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { readLiveVersion } from "./live-version.js";
import { openValidWorkspace, type Workspace } from "./workspace-config.js";

/** How `-` is named in messages. */
export const STDIN_NAME = "<stdin>";

/** A pipe named as the screening file (`<(cmd)`) gets as long as the token file's. */
const PIPE_TIMEOUT_MS = 10_000;

export interface DecideRequest {
  environment: string;
  /** The policy's vendor and scope; when not given, what the screening says (`screeningTarget`). */
  providerType?: Vendor | undefined;
  scope?: Scope | undefined;
  cwd: string;
  /** A file path, or `-` for `stdin`. */
  input: string;
  stdin?: AsyncIterable<Buffer | string>;
  /** The clock for address entries' expiresAt (and the lint's expired-address-entry). */
  now: Date;
  /** Which files decide; the working tree by default. */
  version?: DecideVersion;
  /** Also say which later postScreen rules match (`--all-matches`). */
  allMatches?: boolean;
}

export type DecideVersion =
  | { kind: "working-tree" }
  | { kind: "git"; ref: string }
  | ({ kind: "live" } & Pick<ConnectOptions, "env" | "tokenFile" | "baseUrl" | "onSecret">);

export type DecideOutcome =
  /** The screening cannot be read: each problem at its line and column (exit 2). */
  | { kind: "invalid-screening"; problems: Diagnostic[] }
  /** The policy or addresses file cannot be decided (a structural finding, the schema): nothing is decided (exit 1). */
  | { kind: "findings"; lint: LintResult }
  /** `hasErrors`: the files decided from have lint errors, listed in the report (exit 1). */
  | {
      kind: "decided";
      report: DecisionReport;
      hasErrors: boolean;
      /** What was read from the screening for a flag not given (`vendor from its signals, scope from its transfer`). */
      inferred?: string;
    };

export async function runDecide(request: DecideRequest): Promise<DecideOutcome> {
  // The screening first: a mistyped file name costs no Git read and no request.
  const reading = await readScreeningInput(request);
  if (!reading.ok) return { kind: "invalid-screening", problems: reading.problems };
  const target = reading.target;
  const version = await openVersion(request, target);
  const load = await loadVersions(version.workspace.config, [target], version.read, { now: request.now });
  const loaded = load.versions.get(subjectKey(target))!;
  if (!loaded.decides) return { kind: "findings", lint: load.lint };

  const decision = decide(loaded.subject, reading.screening, { now: request.now, trace: true });
  const screening: ScopedScreening = { scope: target.scope, ...reading.screening };
  return {
    kind: "decided",
    ...(reading.inferred === undefined ? {} : { inferred: reading.inferred }),
    hasErrors: lintFails(load.lint),
    report: {
      environment: target.environment,
      subject: loaded.subject,
      screening,
      decision,
      policyFile: loaded.policyFile,
      addressesFile: loaded.addressesFile,
      positions: {
        rules: positionsOf(load.lint.sources.get(loaded.policyFile), ["rules", "postScreen"], loaded.subject.policy?.rules.postScreen.length ?? 0),
        entries: positionsOf(load.lint.sources.get(loaded.addressesFile), ["entries"], loaded.subject.addressEntries?.length ?? 0),
      },
      ...(version.against === undefined ? {} : { against: version.against }),
      findings: versionFindings(version.name, loaded.findings),
      ...(request.allMatches ? { alsoMatched: alsoMatched(loaded.subject, reading.screening, decision) } : {}),
    },
  };
}

/** The files that decide: where they are read from, and what the output calls them. */
async function openVersion(request: DecideRequest, target: SubjectTarget): Promise<{ workspace: Workspace; read: SourceReader; name: string; against?: DecisionReport["against"] }> {
  const version = request.version ?? { kind: "working-tree" };
  if (version.kind === "live") {
    const live = await readLiveVersion({ cwd: request.cwd, env: version.env, tokenFile: version.tokenFile, baseUrl: version.baseUrl, onSecret: version.onSecret }, target);
    return { workspace: live.workspace, read: live.read, name: live.label, against: { kind: "live", label: live.label, revision: live.revision ?? null } };
  }
  const workspace = await openValidWorkspace(request.cwd);
  if (version.kind === "working-tree") return { workspace, read: workingTreeReader(workspace.root), name: "working tree" };
  const revision = await openGitRevision(workspace.root, version.ref);
  const label = `${version.ref} (${revision.commit.slice(0, 7)})`;
  return { workspace, read: revision.read, name: label, against: { kind: "git", label: `at ref ${label}`, ref: version.ref, commit: revision.commit } };
}

type ScreeningInput = { ok: true; screening: Screening; target: SubjectTarget; inferred?: string } | { ok: false; problems: Diagnostic[] };

async function readScreeningInput(request: DecideRequest): Promise<ScreeningInput> {
  const fromStdin = request.input === "-";
  const file = fromStdin ? STDIN_NAME : request.input;
  const read: BoundedRead = fromStdin
    ? await readStreamBounded(request.stdin ?? [], MAX_FILE_BYTES)
    : await readBounded(resolve(request.cwd, request.input), { maxBytes: MAX_FILE_BYTES, pipes: { timeoutMs: PIPE_TIMEOUT_MS } });
  if (!read.ok) return wholeFileProblem(file, read.reason);
  const decoded = decodeSource(read.bytes);
  if (!decoded.ok) return wholeFileProblem(file, decoded.reason);
  const parsed = parseYaml(decoded.text);
  if (!parsed.document) {
    const problems = parsed.problems.map((problem) => problemAt(file, problem.range, problem.code, problem.message));
    return { ok: false, problems };
  }
  // JSON is YAML: one parse gives positions for both.
  const { target, inferred } = targetOf(request, parsed.document.data);
  const screening = readScreening(parsed.document.data, target.providerType, target.scope);
  if (!screening.ok) {
    const document = parsed.document;
    return { ok: false, problems: screening.findings.map((finding) => ({ ...toDiagnostic(file, document, finding), severity: "error" })) };
  }
  return { ok: true, screening: screening.screening, target, ...(inferred === undefined ? {} : { inferred }) };
}

/**
 * The policy a screening is decided against: the flags, and what the screening
 * says for a flag not given; `inferred` words what was read from it. Neither
 * is a usage error naming the flag (exit 2).
 */
function targetOf(request: DecideRequest, data: unknown): { target: SubjectTarget; inferred?: string } {
  const read = screeningTarget(data);
  const providerType = request.providerType ?? read.vendor?.value;
  const scope = request.scope ?? read.scope?.value;
  const missing = [
    ...(providerType === undefined ? ["--vendor (the screening's signals name neither vendor's, or both)"] : []),
    ...(scope === undefined ? ["--scope (the screening has no scope and no transfer)"] : []),
  ];
  if (providerType === undefined || scope === undefined) throw new UsageError(`decide needs ${missing.join(" and ")}`);
  const from = [
    ...(request.providerType === undefined ? [`vendor from ${read.vendor!.from}`] : []),
    ...(request.scope === undefined ? [`scope from ${read.scope!.from}`] : []),
  ];
  return { target: { environment: request.environment, providerType, scope }, ...(from.length === 0 ? {} : { inferred: from.join(", ") }) };
}

function wholeFileProblem(file: string, reason: string): ScreeningInput {
  return { ok: false, problems: [problemAt(file, { line: 1, column: 1, endLine: 1, endColumn: 1 }, "read-error", reason)] };
}

function problemAt(file: string, range: Pick<Diagnostic, "line" | "column" | "endLine" | "endColumn">, code: Diagnostic["code"], message: string): Diagnostic {
  return { file, ...range, severity: "error", code, message, path: "" };
}

/** Where each item of the list at `path` starts, from the text lint read (parsed again: a few kilobytes). */
function positionsOf(text: string | undefined, path: DocPath, count: number): FilePosition[] {
  const document = text === undefined ? undefined : parseYaml(text).document;
  if (!document) return [];
  return Array.from({ length: count }, (_, index) => {
    const { line, column } = document.locate([...path, index]);
    return { line, column };
  });
}
