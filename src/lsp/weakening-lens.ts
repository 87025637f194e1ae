/**
 * The weakening lens (docs/editors.md): per policy, on save, what
 * `screenpol compare --base HEAD` says of the saved file, as one line at the
 * top of the policy. The comparison is the CLI's own (`compare --base HEAD
 * --format json <file>`), run in the server's comparison process
 * (cli/comparison-process.ts): the one weakening check, off the server's
 * thread, so diagnostics never wait for the solver. That process is started
 * before the first save and kept, z3 loaded, so a save pays for the
 * comparison alone. The next edit or save of the document cancels its
 * comparison by killing the process (z3 cannot be interrupted) and starting a
 * fresh one; so does a comparison that outlives the solver's limit and a
 * margin, and it says so.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The solver's limit per policy pair `compare` uses by default (`--solver-timeout`, app/verify.ts). */
export const LENS_SOLVER_TIMEOUT_MS = 10_000;
/** Node's start-up (a fresh process), Git and lint of both versions around the solver's limit; past it the comparison is stuck and killed. */
const PROCESS_MARGIN_MS = 20_000;
/** How long a comparison may take before its lens says `unknown` (`SCREENPOL_LENS_TIMEOUT`, docs/editors.md). */
export const LENS_LIMIT_MS = LENS_SOLVER_TIMEOUT_MS + PROCESS_MARGIN_MS;
/**
 * A comparison process that has grown past this (z3's memory, the runs'
 * caches) is replaced once it is idle: a server stays up for days.
 */
const RECYCLE_RSS_BYTES = 768 * 1024 * 1024;
/** How long after a cancellation the fresh comparison process starts (see startLater). */
const RESTART_DELAY_MS = 1_000;

/**
 * bin/screenpol.js of this install: the bundle runs from dist/bin/main.cjs and
 * the library from dist/lsp/, both two folders below the package's root.
 */
const CLI_BIN = fileURLToPath(new URL("../../bin/screenpol.js", import.meta.url));

/** What the lens says of a document: nothing yet, a comparison under way, or its outcome. */
export type LensState = { kind: "computing" } | { kind: "done"; title: string };

export const LENS_TITLE_PREFIX = "compared with HEAD";

/** `screenpol lsp --comparison-process`: how the server starts its comparison process (cli/main.ts). */
const COMPARISON_PROCESS_FLAG = "--comparison-process";

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

/** What the server asks its comparison process (cli/comparison-process.ts): compare `file` (repository-relative) of the repository at `root` with HEAD. */
export interface ComparisonRequest {
  id: number;
  root: string;
  file: string;
  solverTimeoutSeconds: number;
}

/** What `compare` said, as a process of its own would have: its exit code and both streams; `rss` lets the server replace a grown process. */
export interface ComparisonAnswer {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
  rss: number;
}

/** A document's comparison: queued, or sent to the process under `id`. */
interface Comparison {
  uri: string;
  root: string;
  file: string;
  id?: number;
}

/**
 * One comparison process per server, one comparison at a time; the others
 * wait their turn, one per document. Starting another comparison of a
 * document, or cancelling, drops the one before: killed when it is running.
 */
export class WeakeningLenses {
  private readonly states = new Map<string, LensState>();
  private readonly waiting: Comparison[] = [];
  private running: Comparison | undefined;
  private child: ChildProcess | undefined;
  private killer: NodeJS.Timeout | undefined;
  private starter: NodeJS.Timeout | undefined;
  private nextId = 1;
  private disposed = false;

  constructor(
    private readonly changed: (uri: string) => void,
    private readonly log: (line: string) => void,
    private readonly limitMs = LENS_LIMIT_MS,
  ) {}

  stateOf(uri: string): LensState | undefined {
    return this.states.get(uri);
  }

  /** Starts the comparison process ahead of the first save (a policy was opened), so that save finds it ready. */
  prepare(): void {
    if (!this.disposed) this.process();
  }

  /** Compares the saved `file` (relative to `root`) with HEAD; the lens says `computing` meanwhile. */
  start(uri: string, root: string, file: string): void {
    this.cancel(uri, "a newer save");
    this.waiting.push({ uri, root, file });
    this.states.set(uri, { kind: "computing" });
    this.changed(uri);
    this.next();
  }

  /** Drops the document's comparison, killing it when it runs; its lens says why until the next save. */
  cancel(uri: string, by: string): void {
    if (!this.drop(uri)) return;
    this.log(`screenpol: the comparison with HEAD of ${uri} was cancelled by ${by}`);
    this.states.set(uri, { kind: "done", title: `${LENS_TITLE_PREFIX}: cancelled by ${by}; save to compare again` });
    this.changed(uri);
  }

  /** The document closed: no lens, no comparison. */
  forget(uri: string): void {
    this.drop(uri);
    this.states.delete(uri);
  }

  /** The server is ending: the comparison process does not outlive it. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.starter);
    this.waiting.length = 0;
    this.running = undefined;
    this.stop();
  }

  /** Whether the document had a comparison, queued or running, now dropped. */
  private drop(uri: string): boolean {
    const queued = this.waiting.findIndex((comparison) => comparison.uri === uri);
    if (queued >= 0) {
      this.waiting.splice(queued, 1);
      return true;
    }
    if (this.running?.uri !== uri) return false;
    this.running = undefined;
    // Its answer must never reach the lens: the process goes with it, and a fresh one takes the next comparison.
    this.stop();
    this.startLater();
    return true;
  }

  /**
   * A fresh process once the edit that cancelled is linted: starting a process
   * takes the server's thread for a moment, which the edit's diagnostics must
   * not wait for. A save meanwhile starts it at once.
   */
  private startLater(): void {
    clearTimeout(this.starter);
    this.starter = setTimeout(() => {
      if (this.disposed) return;
      this.process();
      this.next();
    }, RESTART_DELAY_MS);
  }

  /** The comparison process, started when there is none. */
  private process(): ChildProcess {
    if (this.child !== undefined) return this.child;
    const child = spawn(process.execPath, [CLI_BIN, "lsp", COMPARISON_PROCESS_FLAG], {
      stdio: ["ignore", "ignore", "pipe", "ipc"],
      // Its own process group, so that a kill reaches what it runs (git) too.
      detached: process.platform !== "win32",
    });
    this.child = child;
    let stderr = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr = `${stderr}${chunk}`.slice(-2_000)));
    child.on("message", (message: ComparisonAnswer) => this.answered(child, message));
    child.on("error", (error) => this.ended(child, error.message));
    child.on("exit", (code, signal) => this.ended(child, stderr.trim().split("\n").at(-1)?.replace(/^screenpol: /, "") || `exited ${code ?? signal}`));
    this.log(`screenpol: comparison process ${child.pid ?? "(not started)"} started`);
    return child;
  }

  /** Sends the next waiting comparison when none runs. */
  private next(): void {
    if (this.disposed || this.running !== undefined) return;
    const comparison = this.waiting.shift();
    if (comparison === undefined) return;
    const child = this.process();
    comparison.id = this.nextId++;
    this.running = comparison;
    const request: ComparisonRequest = { id: comparison.id, root: comparison.root, file: comparison.file, solverTimeoutSeconds: LENS_SOLVER_TIMEOUT_MS / 1000 };
    this.log(`screenpol: comparing ${comparison.file} with HEAD in comparison process ${child.pid}`);
    child.send(request);
    this.killer = setTimeout(() => {
      if (this.running !== comparison) return;
      this.running = undefined;
      this.stop();
      this.settle(comparison.uri, `${LENS_TITLE_PREFIX}: unknown (not decided in ${this.limitMs / 1000} s)`);
      this.startLater();
    }, this.limitMs);
  }

  private answered(child: ChildProcess, answer: ComparisonAnswer): void {
    const comparison = this.running;
    if (child !== this.child || comparison === undefined || comparison.id !== answer.id) return;
    this.running = undefined;
    clearTimeout(this.killer);
    this.settle(comparison.uri, lensTitle(answer.code, answer.stdout, answer.stderr));
    if (answer.rss > RECYCLE_RSS_BYTES && this.waiting.length === 0) {
      this.stop();
      this.startLater();
    }
    this.next();
  }

  /** The process ended on its own (a crash, or it could not start): its comparison says why; the next save starts another. */
  private ended(child: ChildProcess, reason: string): void {
    if (child !== this.child) return;
    this.child = undefined;
    clearTimeout(this.killer);
    const comparison = this.running;
    this.running = undefined;
    if (comparison !== undefined) this.settle(comparison.uri, `${LENS_TITLE_PREFIX}: not compared (${reason})`);
    // Only a save starts a process again: one that cannot start must not be retried in a loop.
    for (const waiting of this.waiting.splice(0)) this.settle(waiting.uri, `${LENS_TITLE_PREFIX}: not compared (${reason})`);
  }

  /** A comparison's outcome, in the lens and in the editor's log (where a lens that came and went can still be read). */
  private settle(uri: string, title: string): void {
    this.log(`screenpol: ${uri}: ${title}`);
    this.states.set(uri, { kind: "done", title });
    this.changed(uri);
  }

  /** Kills the comparison process and what it runs. */
  private stop(): void {
    clearTimeout(this.killer);
    const child = this.child;
    this.child = undefined;
    if (child?.pid === undefined) return;
    try {
      if (process.platform === "win32") child.kill("SIGKILL");
      else process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
