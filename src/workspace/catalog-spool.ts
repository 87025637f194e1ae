/**
 * The live catalog on its way to disk in bounded memory (docs/catalog.md,
 * Memory and time). Pages arrive in the server's order; tokens.json is in
 * identity order (core/catalog-snapshot.ts), so an external merge sort joins the
 * two: each page is appended to a spool file beside the target as it arrives;
 * once the read is complete the spool is cut into sorted runs of
 * {@link RUN_ENTRIES}, and the runs are merged in one pass into the canonical
 * tokens.json text, deduplicated (the entry read first wins) and hashed as it is
 * written. Memory is one run and one read buffer per run, whatever the
 * catalog's size; during the read, nothing of the pages stays in memory (held
 * there, a run's entries outlive the young generation and the heap grows with
 * the catalog).
 */
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync, writeSync } from "node:fs";
import { mkdtemp, open, rm, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { SnapshotEntry } from "../core/catalog-diff.js";
import { canonicalWalker, compareKeys } from "../core/catalog-snapshot.js";
import { temporaryPathFor } from "./atomic-write.js";

/**
 * Entries sorted in memory before they go to a run file: about 2 MB of lines.
 * A million tokens make 200 runs, merged in one pass with 200 read buffers of
 * 16 KiB. Larger runs cost more heap than the fan-in saves: at 300,000 tokens,
 * 20,000 per run peaked 30 MB higher (bench/catalog-sync.js, --scale).
 */
const RUN_ENTRIES = 5_000;
/** Read buffer of each run (and of a snapshot walked line by line): small, so a chunk's lines die young. */
const READ_CHUNK_BYTES = 16 * 1024;
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
  /** Appends entries, in read order, to the spool file. */
  add(entries: readonly SnapshotEntry[]): Promise<void>;
  /**
   * Merges everything added into a new temporary file beside `target`, in
   * tokens.json's canonical layout, fsynced; the runs are removed. The caller
   * renames (or removes) the file it gets back. `onLine` sees every line of the
   * file as written (without its line end), first to last: the secret scan.
   */
  seal(target: string, onLine?: (line: string) => void): Promise<SealedSnapshot>;
  /** Removes the spool, the runs and a sealed file; safe to call twice. */
  discard(): Promise<void>;
}

/** A spool whose files are temporaries beside `target` (ignored by Git, removed by the next sync if this one dies). */
export function createSortedSpool(target: string): SortedSpool {
  const runs: string[] = [];
  let sealed: string | undefined;
  // Pages are appended here as they arrive, in read order; nothing of them stays in memory during the read.
  let spool: { path: string; fd: number } | undefined;

  const closeSpool = (): void => {
    if (spool === undefined) return;
    try {
      closeSync(spool.fd);
    } catch {
      // Already closed.
    }
  };

  /** Cuts the spool into sorted runs of RUN_ENTRIES; returns the last, short one still in memory (sorted). */
  function cutRuns(): SnapshotEntry[] {
    if (spool === undefined) return [];
    closeSpool();
    const reader = LineReader.open(spool.path);
    try {
      const records = runEntries(reader);
      for (;;) {
        const batch: SnapshotEntry[] = [];
        for (let next = records.next(); !next.done; next = records.next()) {
          batch.push(next.value);
          if (batch.length >= RUN_ENTRIES) break;
        }
        if (batch.length < RUN_ENTRIES) return sortEntries(batch);
        const path = temporaryPathFor(target);
        runs.push(path);
        writeRun(path, sortEntries(batch));
      }
    } finally {
      reader.close();
    }
  }

  return {
    async add(entries) {
      if (entries.length === 0) return;
      if (spool === undefined) {
        const path = temporaryPathFor(target);
        spool = { path, fd: openSync(path, "wx", 0o644) };
      }
      // Synchronous: a page is a few tens of kilobytes, and the next page waits for this one anyway.
      writeSync(spool.fd, [...runRecords(entries)].join(""));
    },
    async seal(output, onLine) {
      const sources: Array<Iterator<SnapshotEntry>> = [];
      const readers: LineReader[] = [];
      try {
        // The short last run stays in memory; it was read last, so it comes after every run file.
        const last = cutRuns();
        for (const run of runs) {
          const reader = LineReader.open(run);
          readers.push(reader);
          sources.push(runEntries(reader));
        }
        sources.push(last[Symbol.iterator]());
        const counts = { tokens: 0, duplicates: 0 };
        sealed = temporaryPathFor(output);
        const sha256 = await writeHashedFile(sealed, canonicalText(mergeSorted(sources), counts, onLine));
        return { path: sealed, sha256, ...counts };
      } finally {
        for (const reader of readers) reader.close();
        await removeAll(runs);
        await removeSpool();
      }
    },
    async discard() {
      await removeAll(runs);
      await removeSpool();
      if (sealed !== undefined) await unlink(sealed).catch(() => undefined);
      sealed = undefined;
    },
  };

  async function removeSpool(): Promise<void> {
    if (spool === undefined) return;
    closeSpool();
    await unlink(spool.path).catch(() => undefined);
    spool = undefined;
  }
}

/** Writes a sorted run, synchronously (see LineReader: no promise per chunk in a tight loop). */
function writeRun(path: string, entries: readonly SnapshotEntry[]): void {
  const fd = openSync(path, "wx", 0o644);
  try {
    for (const chunk of runRecords(entries)) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** Stable (Array.prototype.sort is), so within a run the entry read first stays first. */
function sortEntries(entries: SnapshotEntry[]): SnapshotEntry[] {
  return entries.sort((a, b) => compareKeys(a[0], b[0]));
}

async function removeAll(paths: string[]): Promise<void> {
  for (const path of paths.splice(0)) await unlink(path).catch(() => undefined);
}

/**
 * A record of the spool and of a run: the key as a JSON string (it may hold any character a server
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

function* runEntries(reader: LineReader): Generator<SnapshotEntry> {
  for (let record = reader.next(); record !== undefined; record = reader.next()) {
    if (record === "") continue;
    const tab = record.indexOf("\t");
    yield [JSON.parse(record.slice(0, tab)) as string, record.slice(tab + 1)];
  }
}

/**
 * A k-way merge of sorted sources by (key, source index): equal keys come out
 * in the order they were read, since earlier runs have lower indexes.
 */
function* mergeSorted(sources: Array<Iterator<SnapshotEntry>>): Generator<SnapshotEntry> {
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
    const first = sources[source]!.next();
    if (!first.done) push({ entry: first.value, source });
  }
  while (heap.length > 0) {
    const head = pop();
    yield head.entry;
    const next = sources[head.source]!.next();
    if (!next.done) push({ entry: next.value, source: head.source });
  }
}

/**
 * tokens.json's text (`[`, one line per token with a comma but the last, `]`;
 * `[]` when empty) from entries in key order, keeping the first of each key.
 * `onLine` gets the file's lines exactly as a reader splitting it at `\n` sees
 * them, the empty one after the final line end included; a token's line is
 * handed over once its comma (or the `]` after it) is known.
 */
function* canonicalText(entries: Iterable<SnapshotEntry>, counts: { tokens: number; duplicates: number }, onLine: (line: string) => void = () => {}): Generator<string> {
  let chunk = "";
  let previous: string | undefined;
  let pending: string | undefined;
  for (const [key, line] of entries) {
    if (key === previous) {
      counts.duplicates++;
      continue;
    }
    if (pending === undefined) onLine("[");
    else onLine(`${pending},`);
    pending = line;
    chunk += previous === undefined ? `[\n${line}` : `,\n${line}`;
    previous = key;
    counts.tokens++;
    if (chunk.length >= WRITE_CHUNK_CHARS) {
      yield chunk;
      chunk = "";
    }
  }
  if (pending === undefined) onLine("[]");
  else {
    onLine(pending);
    onLine("]");
  }
  onLine("");
  yield previous === undefined ? "[]\n" : `${chunk}\n]\n`;
}

/**
 * Writes `chunks` to a new file (never over an existing one), fsyncs it, and
 * returns the SHA-256 of what was written; on failure the file is removed.
 * Durable before visible: without fsync a crash after the rename can expose an
 * empty file.
 */
export async function writeHashedFile(path: string, chunks: Iterable<string>): Promise<string> {
  const hash = createHash("sha256");
  const handle = await open(path, "wx", 0o644);
  try {
    for (const chunk of chunks) {
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
    throw error;
  }
  await handle.close();
  return hash.digest("hex");
}

/**
 * The lines of a file (without line ends), one at a time, through one reused
 * buffer. Synchronous on purpose: it feeds a merge of dozens of files entry by
 * entry, where a promise per line would cost more than the reading, and its
 * garbage, outliving the young generation, would grow the heap with the
 * catalog's size. Nothing else runs while a snapshot is merged or compared.
 */
export class LineReader {
  private readonly decoder = new StringDecoder("utf8");
  private readonly buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
  private lines: string[] = [];
  private index = 0;
  private carry = "";
  private ended = false;

  private constructor(private readonly fd: number) {}

  static open(path: string): LineReader {
    return new LineReader(openSync(path, "r"));
  }

  /** The next line, or undefined at the end. A last line without a line end is a line. */
  next(): string | undefined {
    while (this.index >= this.lines.length) {
      if (this.ended) return undefined;
      const bytesRead = readSync(this.fd, this.buffer, 0, this.buffer.length, null);
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

  close(): void {
    try {
      closeSync(this.fd);
    } catch {
      // Already closed: nothing to release.
    }
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
export function* snapshotEntries(path: string, trusted: boolean): Generator<SnapshotEntry> {
  const reader = LineReader.open(path);
  try {
    let visited: SnapshotEntry | undefined;
    const walker = canonicalWalker((key, line) => {
      visited = [key, line];
    }, trusted);
    for (let text = reader.next(); text !== undefined; text = reader.next()) {
      walker.line(text);
      if (walker.failed()) throw new NotCanonicalError(`${path} is not in the canonical layout`);
      if (visited !== undefined) {
        yield visited;
        visited = undefined;
      }
    }
    if (!walker.end()) throw new NotCanonicalError(`${path} is not in the canonical layout`);
  } finally {
    reader.close();
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
