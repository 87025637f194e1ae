/**
 * The weakening lens (issue 28, docs/editors.md): per policy, on save, what
 * `screenpol compare --base HEAD` says of the saved file, as one line at the
 * top of the policy. The comparison is the CLI's own, run as a child process
 * (`compare --base HEAD --format json <file>`): the one weakening check, off
 * the server's thread, so diagnostics never wait for the solver. The next
 * edit or save of the document kills the child; a child that outlives the
 * solver's time limit (plus the process's start-up) is killed and says so.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The solver's limit per policy pair `compare` uses by default (`--solver-timeout`, app/verify.ts). */
export const LENS_SOLVER_TIMEOUT_MS = 10_000;
/** Node's start-up, Git and lint of both versions around the solver's limit; past it the child is stuck and killed. */
const PROCESS_MARGIN_MS = 20_000;

/**
 * bin/screenpol.js of this install: the bundle runs from dist/bin/main.cjs and
 * the library from dist/lsp/, both two folders below the package's root.
 */
const CLI_BIN = fileURLToPath(new URL("../../bin/screenpol.js", import.meta.url));

/** What the lens says of a document: nothing yet, a comparison under way, or its outcome. */
export type LensState = { kind: "computing" } | { kind: "done"; title: string };

export const LENS_TITLE_PREFIX = "compared with HEAD";

interface ComparedJson {
  verdict: string;
  reason?: string;
  causes?: unknown[];
  transitions?: unknown[];
}

/** The lens's line for `compare --format json`'s output (docs/review-workflow.md: one entry per compared policy). */
export function lensTitle(code: number | null, stdout: string, stderr: string): string {
  let policies: ComparedJson[] | undefined;
  try {
    policies = (JSON.parse(stdout) as { policies?: ComparedJson[] }).policies;
  } catch {
    policies = undefined;
  }
  // Exit 2 (no Git, an unknown HEAD, a broken config) prints one line on stderr and no JSON: that line is the reason.
  if (policies === undefined) {
    const line = stderr.trim().split("\n").at(-1)?.replace(/^screenpol: /, "") ?? "";
    return `${LENS_TITLE_PREFIX}: not compared (${line || `compare exited ${code ?? "on a signal"}`})`;
  }
  const [policy] = policies;
  // compare lists the files whose bytes differ from HEAD's: none is the same policy, equivalent by definition.
  if (policy === undefined) return `${LENS_TITLE_PREFIX}: equivalent (the file is as in HEAD)`;
  if (policy.reason !== undefined) return `${LENS_TITLE_PREFIX}: ${policy.verdict} (${policy.reason})`;
  const causes = policy.causes?.length ?? 0;
  if (causes > 0 && policy.verdict !== "equivalent") return `${LENS_TITLE_PREFIX}: ${policy.verdict} (${causes} cause${causes === 1 ? "" : "s"})`;
  return `${LENS_TITLE_PREFIX}: ${policy.verdict}`;
}

/** One running comparison per document; starting another, or cancelling, kills the one before. */
export class WeakeningLenses {
  private readonly states = new Map<string, LensState>();
  private readonly running = new Map<string, ChildProcess>();

  constructor(
    private readonly changed: (uri: string) => void,
    private readonly log: (line: string) => void,
  ) {}

  stateOf(uri: string): LensState | undefined {
    return this.states.get(uri);
  }

  /** Compares the saved `file` (relative to `root`) with HEAD; the lens says `computing` meanwhile. */
  start(uri: string, root: string, file: string): void {
    this.cancel(uri, "a newer save");
    const child = spawn(process.execPath, [CLI_BIN, "compare", "--base", "HEAD", "--format", "json", "--solver-timeout", String(LENS_SOLVER_TIMEOUT_MS / 1000), file], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.running.set(uri, child);
    this.states.set(uri, { kind: "computing" });
    this.changed(uri);
    let stdout = "";
    let stderr = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const limit = LENS_SOLVER_TIMEOUT_MS + PROCESS_MARGIN_MS;
    let timedOut = false;
    const killer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, limit);
    const settle = (title: string): void => {
      clearTimeout(killer);
      // A comparison killed by a newer save or edit says nothing: the newer one owns the lens.
      if (this.running.get(uri) !== child) return;
      this.running.delete(uri);
      this.states.set(uri, { kind: "done", title });
      this.changed(uri);
    };
    child.on("error", (error) => settle(`${LENS_TITLE_PREFIX}: not compared (${error.message})`));
    child.on("close", (code) => settle(timedOut ? `${LENS_TITLE_PREFIX}: unknown (not decided in ${limit / 1000} s)` : lensTitle(code, stdout, stderr)));
  }

  /** Kills the document's comparison under way, if any; its lens says why until the next save. */
  cancel(uri: string, by: string): void {
    const child = this.running.get(uri);
    if (child === undefined) return;
    this.running.delete(uri);
    child.kill("SIGKILL");
    this.log(`screenpol: the comparison with HEAD of ${uri} was cancelled by ${by}`);
    this.states.set(uri, { kind: "done", title: `${LENS_TITLE_PREFIX}: cancelled by ${by}; save to compare again` });
    this.changed(uri);
  }

  /** The document closed: no lens, no comparison. */
  forget(uri: string): void {
    const child = this.running.get(uri);
    this.running.delete(uri);
    child?.kill("SIGKILL");
    this.states.delete(uri);
  }

  /** The server is ending: no child outlives it. */
  dispose(): void {
    for (const child of this.running.values()) child.kill("SIGKILL");
    this.running.clear();
  }
}
