/**
 * The input of `screenpol replay` (semantics.md section 4): a file, standard
 * input, or a gzip file (by its `.gz` name), read as a stream and cut into
 * lines in constant memory. A line is bounded: an over-long one is reported by
 * number and dropped as it streams past, never buffered whole.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { createGunzip } from "node:zlib";

/** A screening is a few hundred bytes; 1 MiB is a line that is no screening. */
export const MAX_LINE_BYTES = 1024 * 1024;

/** The input cannot be read at all, or breaks off (a corrupt gzip stream). */
export class ReplayInputError extends Error {
  override name = "ReplayInputError";
}

export interface ReplayInput {
  /** How the input is named in messages: the path as given, or "standard input". */
  name: string;
  chunks: AsyncIterable<Buffer>;
  /** Bytes of the file read so far (compressed bytes for .gz, to compare with the size). */
  bytesRead(): number;
  /** The file's size; undefined for standard input or a pipe. */
  totalBytes: number | undefined;
}

/** Opens `path` (relative to `cwd`), or `stdin` for `-`. */
export async function openReplayInput(path: string, cwd: string, stdin: (NodeJS.ReadableStream & { isTTY?: boolean }) | undefined): Promise<ReplayInput> {
  if (path === "-") {
    if (!stdin) throw new ReplayInputError("standard input is not available");
    // Typing screenings by hand is not a use; waiting silently for them looks like a hang.
    if (stdin.isTTY) throw new ReplayInputError("standard input is a terminal: pipe the screenings in (`zcat day.jsonl.gz | screenpol replay - ...`) or name a file");
    let bytes = 0;
    return { name: "standard input", chunks: counted(stdin as AsyncIterable<Buffer>, (n) => (bytes += n)), bytesRead: () => bytes, totalBytes: undefined };
  }
  const absolute = resolve(cwd, path);
  const info = await stat(absolute).catch((error: NodeJS.ErrnoException) => {
    throw new ReplayInputError(error.code === "ENOENT" ? `cannot read ${path}: no such file` : `cannot read ${path}: ${error.code ?? error.message}`, { cause: error });
  });
  // A FIFO is welcome (`<(zcat day.jsonl.gz)`); a folder or device is not an input.
  if (!info.isFile() && !info.isFIFO()) throw new ReplayInputError(`cannot read ${path}: ${info.isDirectory() ? "it is a folder" : "not a regular file or pipe"}`);
  let bytes = 0;
  const add = (n: number): number => (bytes += n);
  return { name: path, chunks: fileChunks(absolute, path.endsWith(".gz"), add), bytesRead: () => bytes, totalBytes: info.isFile() ? info.size : undefined };
}

/** Opened when first read, so no stream runs (or fails) before its reader listens. */
async function* fileChunks(absolute: string, gzip: boolean, add: (bytes: number) => void): AsyncIterable<Buffer> {
  const raw = createReadStream(absolute);
  if (!gzip) {
    yield* counted(raw, add);
    return;
  }
  const gunzip = createGunzip();
  // A listener beside the pipe: both see every chunk, and the pipe keeps the back-pressure.
  raw.on("data", (chunk) => add(chunk.length));
  raw.on("error", (error) => gunzip.destroy(error));
  yield* raw.pipe(gunzip) as AsyncIterable<Buffer>;
}

async function* counted(source: AsyncIterable<Buffer | string>, add: (bytes: number) => void): AsyncIterable<Buffer> {
  for await (const chunk of source) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    add(buffer.length);
    yield buffer;
  }
}

/** Carries a failure of the sink's promise past the catch that names read failures. */
class SinkFailure {
  constructor(readonly failure: unknown) {}
}

export interface LineSink {
  /**
   * A line's text, without its newline (and a carriage return before it),
   * numbered from 1. A promise returned pauses the reading until it settles
   * (a policy read when its first screening comes, a full output buffer).
   */
  line(text: string, number: number): void | Promise<void>;
  /** A line longer than the bound; its bytes were not kept. */
  tooLong(number: number): void;
}

/**
 * Cuts the input into lines and hands each to `sink` synchronously, chunk by
 * chunk (no promise per line, unless the sink returns one). Returns the number
 * of lines. A read failure
 * (a corrupt gzip stream, an I/O error) is a ReplayInputError that says after
 * which line it happened.
 */
export async function readLines(input: ReplayInput, sink: LineSink, maxLineBytes = MAX_LINE_BYTES): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let overlong = false;
  let number = 0;
  const emit = (last: Buffer, start: number, end: number): void | Promise<void> => {
    number++;
    if (overlong) {
      overlong = false;
      sink.tooLong(number);
      return;
    }
    let text = pending.length === 0 ? last.toString("utf8", start, end) : Buffer.concat([...pending, last.subarray(start, end)]).toString("utf8");
    pending = [];
    pendingBytes = 0;
    if (text.endsWith("\r")) text = text.slice(0, -1);
    if (number === 1 && text.startsWith("\uFEFF")) text = text.slice(1);
    try {
      return sink.line(text, number);
    } catch (error) {
      throw new SinkFailure(error);
    }
  };
  try {
    for await (const chunk of input.chunks) {
      let start = 0;
      while (start < chunk.length) {
        const newline = chunk.indexOf(10, start);
        const end = newline === -1 ? chunk.length : newline;
        if (!overlong && pendingBytes + (end - start) > maxLineBytes) {
          overlong = true;
          pending = [];
          pendingBytes = 0;
        }
        if (newline === -1) {
          if (!overlong) {
            pending.push(chunk.subarray(start, end));
            pendingBytes += end - start;
          }
          break;
        }
        const paused = emit(chunk, start, end);
        start = newline + 1;
        if (paused) await paused.catch((error: unknown) => Promise.reject(new SinkFailure(error)));
      }
    }
    if (overlong || pendingBytes > 0) await Promise.resolve(emit(Buffer.alloc(0), 0, 0)).catch((error: unknown) => Promise.reject(new SinkFailure(error)));
  } catch (error) {
    // The sink's own failure is its caller's to report, not a failure to read.
    if (error instanceof SinkFailure) throw error.failure;
    const code = (error as NodeJS.ErrnoException).code;
    const gzip = typeof code === "string" && code.startsWith("Z_");
    const reason = gzip ? `not a valid gzip stream (${(error as Error).message})` : `read failed (${code ?? (error as Error).message})`;
    throw new ReplayInputError(`${input.name}: ${reason} after line ${number}; nothing was reported, as the input is incomplete`, { cause: error });
  }
  return number;
}
