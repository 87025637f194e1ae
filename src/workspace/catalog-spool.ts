/**
 * The live catalog on its way to disk in bounded memory (docs/catalog.md,
 * Memory and time). Pages arrive in the server's order; tokens.json is in
 * identity order (core/catalog-snapshot.ts), so an external merge sort joins the
 * two: entries are gathered up to {@link RUN_ENTRIES}, sorted, and written as a
 * run file beside the target; once the read is complete the runs are merged in
 * one pass into the canonical tokens.json text, deduplicated (the entry read
 * first wins) and hashed as it is written. Memory is one run and one read
 * buffer per run, whatever the catalog's size.
 */
import { createHash } from "node:crypto";
import { mkdtemp, open, rm, unlink, type FileHandle } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { SnapshotEntry } from "../core/catalog-diff.js";
import { canonicalWalker, compareKeys } from "../core/catalog-snapshot.js";
import { temporaryPathFor } from "./atomic-write.js";

/**
 * Entries sorted in memory before they go to a run file: about 8 MB of lines.
 * A million tokens make 50 runs, merged in one pass with 50 read buffers.
 */
const RUN_ENTRIES = 20_000;
/** Read buffer of each run (and of a snapshot walked line by line). */
const READ_CHUNK_BYTES = 64 * 1024;
/** Output is written in pieces of about this many characters: few system calls, little memory. */
const WRITE_CHUNK_CHARS = 256 * 1024;

/** tokens.json written, sorted and hashed. */
export interface SealedSnapshot {
  /** The temporary file holding it (a sibling of the target, named by temporaryPathFor). */
  path: string;
  /** SHA-256 (hex) of its bytes: what the meta records. */
  sha256: string;
  /** Tokens written (duplicates dropped). */
  tokens: number;
  /** Entries dropped because their identity had been read before. */
  duplicates: number;
}

export interface SortedSpool {
  /** Adds entries in read order; may write a run file. */
  add(entries: readonly SnapshotEntry[]): Promise<void>;
  /**
   * Merges everything added into a new temporary file beside `target`, in
   * tokens.json's canonical layout, fsynced; the runs are removed. The caller
   * renames (or removes) the file it gets back.
   */
  seal(target: string): Promise<SealedSnapshot>;
  /** Removes the runs (and a sealed file); safe to call twice. */
  discard(): Promise<void>;
}

/** A spool whose run files are temporaries beside `target` (ignored by Git, removed by the next sync if this one dies). */
export function createSortedSpool(target: string): SortedSpool {
  const runs: string[] = [];
  let sealed: string | undefined;
  let buffer: SnapshotEntry[] = [];

  async function flush(): Promise<void> {
    const sorted = sortEntries(buffer);
    buffer = [];
    const path = temporaryPathFor(target);
    runs.push(path);
    await writeText(path, runRecords(sorted), false);
  }

  return {
    async add(entries) {
      for (const entry of entries) buffer.push(entry);
      if (buffer.length >= RUN_ENTRIES) await flush();
    },
    async seal(output) {
      const sources: Array<AsyncIterator<SnapshotEntry>> = [];
      const readers: LineReader[] = [];
      try {
        for (const run of runs) {
          const reader = await LineReader.open(run);
          readers.push(reader);
          sources.push(runEntries(reader));
        }
        // The entries still in memory were read last: they come after every run.
        sources.push(arrayIterator(sortEntries(buffer)));
        buffer = [];
        const counts = { tokens: 0, duplicates: 0 };
        sealed = temporaryPathFor(output);
        const sha256 = await writeText(sealed, canonicalText(mergeSorted(sources), counts), true);
        return { path: sealed, sha256, ...counts };
      } finally {
        for (const reader of readers) await reader.close();
        await removeAll(runs);
      }
    },
    async discard() {
      buffer = [];
      await removeAll(runs);
      if (sealed !== undefined) await unlink(sealed).catch(() => undefined);
      sealed = undefined;
    },
  };
}

/** Stable (Array.prototype.sort is), so within a run the entry read first stays first. */
function sortEntries(entries: SnapshotEntry[]): SnapshotEntry[] {
  return entries.sort((a, b) => compareKeys(a[0], b[0]));
}

async function removeAll(paths: string[]): Promise<void> {
  for (const path of paths.splice(0)) await unlink(path).catch(() => undefined);
}

/**
 * A run record: the key as a JSON string (it may hold any character a server
 * sent), a tab, the canonical line. JSON escapes tabs and newlines inside the
 * key, so the first raw tab ends it and each record is one line.
 */
function* runRecords(entries: readonly SnapshotEntry[]): Generator<string> {
  let chunk = "";
  for (const [key, line] of entries) {
    chunk += `${JSON.stringify(key)}\t${line}\n`;
    if (chunk.length >= WRITE_CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk !== "") yield chunk;
}

async function* runEntries(reader: LineReader): AsyncGenerator<SnapshotEntry> {
  for (let record = await reader.next(); record !== undefined; record = await reader.next()) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    yield [JSON.parse(record.slice(0, tab)) as string, record.slice(tab + 1)];
  }
}

async function* arrayIterator(entries: readonly SnapshotEntry[]): AsyncGenerator<SnapshotEntry> {
  yield* entries;
}

/**
 * A k-way merge of sorted sources by (key, source index): equal keys come out
 * in the order they were read, since earlier runs have lower indexes.
 */
async function* mergeSorted(sources: Array<AsyncIterator<SnapshotEntry>>): AsyncGenerator<SnapshotEntry> {
  type Head = { entry: SnapshotEntry; source: number };
  const heap: Head[] = [];
  const before = (a: Head, b: Head): boolean => {
    const order = compareKeys(a.entry[0], b.entry[0]);
    return order < 0 || (order === 0 && a.source < b.source);
  };
  const push = (head: Head): void => {
    heap.push(head);
    for (let index = heap.length - 1; index > 0; ) {
      const parent = (index - 1) >> 1;
      if (!before(heap[index]!, heap[parent]!)) break;
      [heap[index], heap[parent]] = [heap[parent]!, heap[index]!];
      index = parent;
    }
  };
  const pop = (): Head => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let index = 0; ; ) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left;
        if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right;
        if (smallest === index) break;
        [heap[index], heap[smallest]] = [heap[smallest]!, heap[index]!];
        index = smallest;
      }
    }
    return top;
  };
  for (let source = 0; source < sources.length; source++) {
    const first = await sources[source]!.next();
    if (!first.done) push({ entry: first.value, source });
  }
  while (heap.length > 0) {
    const head = pop();
    yield head.entry;
    const next = await sources[head.source]!.next();
    if (!next.done) push({ entry: next.value, source: head.source });
  }
}

/**
 * tokens.json's text (`[`, one line per token with a comma but the last, `]`;
 * `[]` when empty) from entries in key order, keeping the first of each key.
 */
async function* canonicalText(entries: AsyncIterable<SnapshotEntry>, counts: { tokens: number; duplicates: number }): AsyncGenerator<string> {
  let chunk = "";
  let previous: string | undefined;
  for await (const [key, line] of entries) {
    if (key === previous) {
      counts.duplicates++;
      continue;
    }
    chunk += previous === undefined ? `[\n${line}` : `,\n${line}`;
    previous = key;
    counts.tokens++;
    if (chunk.length >= WRITE_CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  yield previous === undefined ? "[]\n" : `${chunk}\n]\n`;
}

/**
 * Writes `chunks` to a new file (never over an existing one) and returns the
 * SHA-256 of what was written; `durable`: fsync before returning, for a file
 * that will be renamed into place (a run file is read back by this process only).
 */
async function writeText(path: string, chunks: Iterable<string> | AsyncIterable<string>, durable: boolean): Promise<string> {
  const hash = createHash("sha256");
  const handle = await open(path, "wx", 0o644);
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      await handle.write(chunk);
    }
    if (durable) await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return hash.digest("hex");
}

/** The lines of a file (without line ends), one at a time, through one reused buffer. */
export class LineReader {
  private readonly decoder = new StringDecoder("utf8");
  private readonly buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  private lines: string[] = [];
  private index = 0;
  private carry = "";
  private ended = false;

  private constructor(private readonly handle: FileHandle) {}

  static async open(path: string): Promise<LineReader> {
    return new LineReader(await open(path, "r"));
  }

  /** The next line, or undefined at the end. A last line without a line end is a line. */
  async next(): Promise<string | undefined> {
    while (this.index >= this.lines.length) {
      if (this.ended) return undefined;
      const { bytesRead } = await this.handle.read(this.buffer, 0, this.buffer.length, null);
      const text = this.carry + (bytesRead > 0 ? this.decoder.write(this.buffer.subarray(0, bytesRead)) : this.decoder.end());
      this.lines = text.split("\n");
      this.carry = this.lines.pop() ?? "";
      this.index = 0;
      if (bytesRead === 0) {
        this.ended = true;
        if (this.carry !== "") this.lines.push(this.carry);
        this.carry = "";
      }
    }
    return this.lines[this.index++];
  }

  async close(): Promise<void> {
    await this.handle.close().catch(() => undefined);
  }
}

/** tokens.json is not in the canonical layout (edited by hand, reformatted): it has to be parsed whole. */
export class NotCanonicalError extends Error {
  override readonly name = "NotCanonicalError";
}

/**
 * The entries of a tokens.json in the canonical layout, in order, read line by
 * line: a snapshot of any size is walked in constant memory. Throws
 * {@link NotCanonicalError} at the first line that is not canonical (or at the
 * end, when the file is cut short). `trusted`: the meta's hash matched, so the
 * file is the one a sync wrote (see canonicalWalker).
 */
export async function* snapshotEntries(path: string, trusted: boolean): AsyncGenerator<SnapshotEntry> {
  const reader = await LineReader.open(path);
  try {
    let visited: SnapshotEntry | undefined;
    const walker = canonicalWalker((key, line) => {
      visited = [key, line];
    }, trusted);
    for (let text = await reader.next(); text !== undefined; text = await reader.next()) {
      walker.line(text);
      if (walker.failed()) throw new NotCanonicalError(`${path} is not in the canonical layout`);
      if (visited !== undefined) {
        yield visited;
        visited = undefined;
      }
    }
    if (!walker.end()) throw new NotCanonicalError(`${path} is not in the canonical layout`);
  } finally {
    await reader.close();
  }
}

/** Runs `use` with a new private folder in the system's temporary directory, removed afterwards whatever happens. */
export async function withScratchFolder<T>(use: (folder: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), "screenpol-catalog-diff-"));
  try {
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
