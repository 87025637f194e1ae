/**
 * A large lint on several threads: the per-file step (parse, schema, checks) is
 * independent per file and is nearly all of the time, so the files are split
 * into contiguous chunks, N-1 worker threads lint one chunk each while this
 * thread lints the first, and core's combineFileLints runs the cross-file checks
 * over the results in the original order: the result is the sequential one.
 *
 * The workers are started before the files are read, so that their start-up
 * (loading the lint modules) overlaps the reading; the chunks are sent once read.
 * A worker that cannot start, throws, exits or does not answer in time costs
 * time, never files: its chunk is linted here.
 */
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { Config } from "../core/config.js";
import { combineFileLints, lintFile, type FileLint, type LintOptions, type LintResult, type SourceFile } from "../core/lint.js";

/**
 * Below this many files a worker costs about what it saves. Measured with the CLI
 * on 2 cores (bench/.corpus, `SCREENPOL_WORKERS=1` vs 2, wall): 800 files 1.4 s
 * vs 1.4-1.8 s, 1,600 files even, 3,000 files 2.9 s vs 2.6 s, 5,001 files 4.5 s
 * vs 3.7 s. The gain is smaller than the split suggests because a single thread
 * already uses the second core for V8's garbage collector and compiler, which two
 * busy threads then compete for; a worker also loads the modules (~55 ms) and
 * its results are copied back (~100 ms of structured clone at 2,500 files).
 */
export const PARALLEL_THRESHOLD = 2000;
/** More threads than this only add start-up and copying: the main thread still combines alone. */
const MAX_THREADS = 8;

/**
 * How many threads (this one included) lint `fileCount` files: 1 below the
 * threshold or on one core, else one per core (at most 8). Environment:
 * `SCREENPOL_WORKERS=n` fixes the count (`1`: always on this thread alone);
 * `SCREENPOL_PARALLEL_THRESHOLD=n` moves the threshold (tests lower it).
 */
export function lintThreads(fileCount: number, env: NodeJS.ProcessEnv = process.env): number {
  const forced = wholeNumber(env.SCREENPOL_WORKERS);
  const threshold = wholeNumber(env.SCREENPOL_PARALLEL_THRESHOLD) ?? PARALLEL_THRESHOLD;
  if (forced !== undefined && forced <= 1) return 1;
  if (fileCount < threshold || fileCount < 2) return 1;
  return Math.max(1, Math.min(forced ?? Math.min(availableParallelism(), MAX_THREADS), fileCount));
}

/** What a worker is sent: its chunk and everything lintFile needs, all structured-cloneable. */
export interface LintChunkRequest {
  sources: SourceFile[];
  config: Config;
  now: Date;
  /**
   * Set when the main thread loaded the token catalog snapshot: the worker loads
   * it too (an index does not cross threads), and refuses a snapshot that
   * changed in between (a different version or size), rather than lint against another.
   */
  catalog?: { root: string; version: string | undefined; size: number };
}

export type LintChunkReply = { ok: true; results: FileLint[] } | { ok: false; error: string };

export interface LintWorkers {
  readonly size: number;
  /** How many chunks the workers linted so far; the others were linted on this thread. */
  readonly answered: number;
  /** Lints `sources` on the workers and this thread, once (each worker lints one chunk); always resolves, with every file. */
  lint(sources: readonly SourceFile[], options: ParallelLintOptions): Promise<LintResult>;
  /** The same, each file's own result, without the cross-file checks (for the lint cache). */
  lintFiles(sources: readonly SourceFile[], options: ParallelLintOptions): Promise<FileLint[]>;
  /** Stops every worker; safe to call more than once. */
  close(): Promise<void>;
}

export interface ParallelLintOptions extends LintOptions {
  config: Config;
  now: Date;
  catalogRef?: LintChunkRequest["catalog"];
  /**
   * How long a worker may take beyond this thread's own chunk before its chunk
   * is linted here instead; default 10 s plus 4 times this thread's chunk time.
   */
  graceMs?: number;
}

/** The worker module beside this one: dist/app/ for the library, dist/bin/ in the CLI bundle. */
const WORKER_URL = new URL("./lint-worker.js", import.meta.url);

/** Starts `count` workers now, so that they load while the caller reads the files. */
export function startLintWorkers(count: number, workerUrl: URL = WORKER_URL): LintWorkers {
  const workers: Array<StartedWorker | undefined> = [];
  for (let index = 0; index < count; index++) workers.push(startWorker(workerUrl));
  const close = async (): Promise<void> => {
    await Promise.all(workers.map((started) => started?.worker.terminate().catch(() => undefined)));
  };
  let answered = 0;
  const lintFiles = async (sources: readonly SourceFile[], options: ParallelLintOptions): Promise<FileLint[]> => {
      const { catalogRef, graceMs, ...lintOptions } = options;
      const chunks = splitChunks(sources, count + 1);
      const replies = chunks.slice(1).map((chunk, index) => {
        const started = workers[index];
        if (!started || chunk.length === 0) return Promise.resolve(undefined);
        // A parse result holds functions, which cannot cross to a thread: the worker parses again.
        const request: LintChunkRequest = { sources: chunk.map(({ parsed: _parsed, ...source }) => source), config: options.config, now: options.now, catalog: catalogRef };
        try {
          started.worker.postMessage(request);
        } catch {
          return Promise.resolve(undefined);
        }
        return started.reply;
      });
      const ownStart = performance.now();
      const results: FileLint[][] = [chunks[0]!.map((source) => lintFile(source, lintOptions))];
      const grace = graceMs ?? 10_000 + 4 * (performance.now() - ownStart);
      const deadline = performance.now() + grace;
      for (const [index, reply] of replies.entries()) {
        const chunk = chunks[index + 1]!;
        const message = await withDeadline(reply, deadline - performance.now());
        const valid = message?.ok === true && matchesChunk(message.results, chunk) ? message.results : undefined;
        if (valid) answered++;
        // A wrong or missing answer: this thread lints the chunk itself.
        results.push(valid ?? chunk.map((source) => lintFile(source, lintOptions)));
        void workers[index]?.worker.terminate().catch(() => undefined);
      }
      return results.flat();
  };
  return {
    size: count,
    get answered() {
      return answered;
    },
    close,
    lintFiles,
    async lint(sources, options) {
      const { catalogRef: _catalogRef, graceMs: _graceMs, ...lintOptions } = options;
      return combineFileLints(await lintFiles(sources, options), lintOptions);
    },
  };
}

interface StartedWorker {
  worker: Worker;
  /** The first answer; undefined when the worker failed or exited without one. */
  reply: Promise<LintChunkReply | undefined>;
}

function startWorker(url: URL): StartedWorker | undefined {
  let worker: Worker;
  try {
    // Taken when a lint starts threads (2,000 files or more), not when the module loads: a one-file lint
    // (every commit's hook) would otherwise set up the worker_threads machinery for nothing.
    worker = new (process.getBuiltinModule("node:worker_threads").Worker)(url);
  } catch {
    return undefined;
  }
  const reply = new Promise<LintChunkReply | undefined>((resolve) => {
    worker.once("message", (message: LintChunkReply) => resolve(message));
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  return { worker, reply };
}

/** Contiguous chunks of near-equal length, in order. */
export function splitChunks<T>(items: readonly T[], count: number): T[][] {
  const chunks: T[][] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const end = start + Math.floor(items.length / count) + (index < items.length % count ? 1 : 0);
    chunks.push(items.slice(start, end));
    start = end;
  }
  return chunks;
}

function matchesChunk(results: readonly FileLint[], chunk: readonly SourceFile[]): boolean {
  return Array.isArray(results) && results.length === chunk.length && results.every((result, index) => result?.file === chunk[index]!.file);
}

async function withDeadline<T>(promise: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function wholeNumber(value: string | undefined): number | undefined {
  return value !== undefined && /^\d+$/.test(value.trim()) ? Number(value.trim()) : undefined;
}
