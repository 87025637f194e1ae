/**
 * `screenpol decide`: one screening (semantics.md section 1) against the local
 * files of one (environment, vendor, scope), through the one decision
 * procedure (core/semantics), with its trace and where each rule and address
 * entry is written.
 */
import { resolve } from "node:path";
import type { Diagnostic, DocPath } from "../core/diagnostic.js";
import { parseYaml } from "../core/document.js";
import type { DecisionReport, FilePosition } from "../core/formats/decision-pretty.js";
import { toDiagnostic, type LintResult } from "../core/lint.js";
import { decide, readScreening, type ScopedScreening, type Screening } from "../core/semantics/index.js";
import { decodeSource, MAX_FILE_BYTES } from "../core/source.js";
import { readBounded, readStreamBounded, type BoundedRead } from "../workspace/bounded-read.js";
import { loadSubjects, subjectKey, workingTreeReader, type SubjectTarget } from "./decision-subjects.js";
import { openValidWorkspace } from "./workspace-config.js";

/** How `-` is named in messages. */
export const STDIN_NAME = "<stdin>";

/** A pipe named as the screening file (`<(cmd)`) gets as long as the token file's. */
const PIPE_TIMEOUT_MS = 10_000;

export interface DecideRequest extends SubjectTarget {
  cwd: string;
  /** A file path, or `-` for `stdin`. */
  input: string;
  stdin?: AsyncIterable<Buffer | string>;
  /** The clock for address entries' expiresAt (and the lint's expired-address-entry). */
  now: Date;
}

export type DecideOutcome =
  /** The screening cannot be read: each problem at its line and column (exit 2). */
  | { kind: "invalid-screening"; problems: Diagnostic[] }
  /** The policy or addresses file fails lint: nothing is decided (exit 1). */
  | { kind: "findings"; lint: LintResult }
  | { kind: "decided"; report: DecisionReport };

export async function runDecide(request: DecideRequest): Promise<DecideOutcome> {
  const { root, config } = await openValidWorkspace(request.cwd);
  const target: SubjectTarget = { environment: request.environment, providerType: request.providerType, scope: request.scope };
  const load = await loadSubjects(config, [target], workingTreeReader(root), { now: request.now });
  if (load.kind === "findings") return { kind: "findings", lint: load.lint };
  const loaded = load.subjects.get(subjectKey(target))!;

  const reading = await readScreeningInput(request);
  if (!reading.ok) return { kind: "invalid-screening", problems: reading.problems };

  const decision = decide(loaded.subject, reading.screening, { now: request.now, trace: true });
  const screening: ScopedScreening = { scope: request.scope, ...reading.screening };
  return {
    kind: "decided",
    report: {
      environment: request.environment,
      subject: loaded.subject,
      screening,
      decision,
      policyFile: loaded.policyFile,
      addressesFile: loaded.addressesFile,
      positions: {
        rules: positionsOf(load.lint.sources.get(loaded.policyFile), ["rules", "postScreen"], loaded.subject.policy?.rules.postScreen.length ?? 0),
        entries: positionsOf(load.lint.sources.get(loaded.addressesFile), ["entries"], loaded.subject.addressEntries?.length ?? 0),
      },
    },
  };
}

type ScreeningInput = { ok: true; screening: Screening } | { ok: false; problems: Diagnostic[] };

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
  const screening = readScreening(parsed.document.data, request.providerType, request.scope);
  if (!screening.ok) {
    const document = parsed.document;
    return { ok: false, problems: screening.findings.map((finding) => ({ ...toDiagnostic(file, document, finding), severity: "error" })) };
  }
  return { ok: true, screening: screening.screening };
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
