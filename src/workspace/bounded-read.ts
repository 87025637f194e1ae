/**
 * The one way screenpol reads a file of the working tree (policies, the config,
 * the catalog snapshot, plan.json, the token file): type-checked and bounded
 * in bytes as it reads, so that nothing a repository holds can hang a command
 * or fill its memory (docs/decisions.md, Files that are not what they seem).
 *
 * - With `within`, the path's real location (every symbolic link resolved) must
 *   be inside that folder: a link out of the repository is refused, never read,
 *   and the refusal names the path as given, not the target.
 * - Only a regular file is read (a pipe too where `pipes` allows it). The type
 *   is checked before opening, so a device is never opened, and again with
 *   fstat on the opened descriptor, so a swap in between is caught.
 * - Files are opened with O_NONBLOCK: a FIFO never blocks open(2).
 * - At most `maxBytes` + 1 bytes are read whatever stat said: a file that grows
 *   while it is read stops at the cap.
 */
import { constants, type Stats } from "node:fs";
import { open, realpath, stat, type FileHandle } from "node:fs/promises";
import { isAbsolute, relative, sep } from "node:path";

export interface BoundedReadOptions {
  /** The most bytes a file may hold; one more is read, to know it holds more. */
  maxBytes: number;
  /**
   * The folder the file must really be in (it is realpath'd here), and its name
   * for the message ("the repository"). Without it the file may be anywhere.
   */
  within?: { folder: string; name: string };
  /**
   * Accept a FIFO or pipe (`--token-file <(cmd)`): read until its writer closes,
   * at most `maxBytes`, for at most `timeoutMs`. A FIFO no one has opened for
   * writing reads as empty at once.
   */
  pipes?: { timeoutMs: number };
}

/**
 * Why a file was not read:
 * - `missing`: nothing there (or a dangling link);
 * - `outside`: it leads out of `within` through a symbolic link;
 * - `folder`: a folder;
 * - `not-regular`: a FIFO, socket or device (a pipe where pipes are not allowed);
 * - `too-large`: over `maxBytes` (`size` when stat knew it);
 * - `unreadable`: anything else (permissions, a link loop, I/O).
 */
export type ReadProblem = "missing" | "outside" | "folder" | "not-regular" | "too-large" | "unreadable";

export type BoundedRead =
  | { ok: true; bytes: Buffer }
  | { ok: false; problem: ReadProblem; reason: string; size?: number; cause?: unknown };

/** One read call asks for at most this much: few system calls, little memory beyond the file itself. */
const CHUNK_BYTES = 1 << 20;
/** Between two polls of a pipe whose writer has not written yet. */
const PIPE_POLL_MS = 10;

// Not every platform has these (Windows): 0 leaves the flag out.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/** Reads the file at `path` under the rules in the file comment; never throws for a file-system reason. */
export async function readBounded(path: string, options: BoundedReadOptions): Promise<BoundedRead> {
  const opened = await openChecked(path, options);
  if (!opened.ok) return opened;
  const { handle, info } = opened;
  try {
    return info.isFIFO() ? await readPipe(handle, options) : await readRegular(handle, info, options.maxBytes);
  } catch (error) {
    return failure(error);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export type CheckedOpen = { ok: true; handle: FileHandle; info: Stats } | Extract<BoundedRead, { ok: false }>;

/**
 * Opens `path` for reading under the same rules, for a caller that streams
 * (the catalog snapshot is hashed through one buffer): the caller closes
 * `handle` and reads at most `maxBytes` + 1 bytes.
 */
export async function openChecked(path: string, options: BoundedReadOptions): Promise<CheckedOpen> {
  let target = path;
  let flags = OPEN_FLAGS;
  if (options.within) {
    try {
      target = await realpath(path);
    } catch (error) {
      return failure(error);
    }
    // `target` has no link in it, so a folder that is a prefix of it has none either: only a
    // folder given through a link (a named path's folder) needs resolving before the test.
    const folder = options.within.folder;
    if (!isWithin(folder, target) && !isWithin(await realpath(folder).catch(() => folder), target)) {
      return { ok: false, problem: "outside", reason: `leads outside ${options.within.name} through a symbolic link; not read` };
    }
    // `target` has no link left in it; a link swapped in since is refused by the kernel (ELOOP).
    flags |= NO_FOLLOW;
  }
  let handle: FileHandle | undefined;
  try {
    // Checked before opening: opening a device can have effects of its own.
    const before = refuse(await stat(target), options);
    if (before) return before;
    handle = await open(target, flags);
    const info = await handle.stat();
    const after = refuse(info, options);
    if (!after) return { ok: true, handle, info };
    await handle.close().catch(() => undefined);
    return after;
  } catch (error) {
    await handle?.close().catch(() => undefined);
    return failure(error);
  }
}

/** True when `path` is `folder` or below it (both absolute, normalised). */
export function isWithin(folder: string, path: string): boolean {
  const rest = relative(folder, path);
  return rest === "" || (rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/** `size` bytes as people read them: `1.5 MiB`, `64 KiB`. */
export function formatBytes(size: number): string {
  if (size >= 1024 * 1024) return `${(size / (1024 * 1024)).toFixed(size % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (size >= 1024) return `${(size / 1024).toFixed(size % 1024 === 0 ? 0 : 1)} KiB`;
  return `${size} bytes`;
}

function refuse(info: Stats, options: BoundedReadOptions): Extract<BoundedRead, { ok: false }> | undefined {
  if (info.isDirectory()) return { ok: false, problem: "folder", reason: "is a folder" };
  if (!info.isFile() && !(info.isFIFO() && options.pipes)) {
    return { ok: false, problem: "not-regular", reason: `is ${kindOf(info)}, not a regular file; not read` };
  }
  if (info.isFile() && info.size > options.maxBytes) return tooLarge(options.maxBytes, info.size);
  return undefined;
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return "a named pipe (FIFO)";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a file";
}

/** The refusal of a file over `maxBytes`; `size` when known. */
export function tooLarge(maxBytes: number, size?: number): Extract<BoundedRead, { ok: false }> {
  const what = size === undefined ? `over ${formatBytes(maxBytes)}` : `${formatBytes(size)}, over the ${formatBytes(maxBytes)} limit`;
  return size === undefined ? { ok: false, problem: "too-large", reason: `is ${what}; not read` } : { ok: false, problem: "too-large", reason: `is ${what}; not read`, size };
}

/** A regular file: stat's size is a hint for the first read, never trusted as a bound. */
async function readRegular(handle: FileHandle, info: Stats, maxBytes: number): Promise<BoundedRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  // size + 1: a short read then means end of file, with no second call to see it.
  let want = Math.min(info.size + 1, maxBytes + 1, CHUNK_BYTES);
  for (;;) {
    const buffer = Buffer.allocUnsafe(want);
    const { bytesRead } = await handle.read(buffer, 0, want, null);
    if (bytesRead > 0) {
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
    }
    if (total > maxBytes) return tooLarge(maxBytes);
    // A regular file reads short only at its end.
    if (bytesRead < want) break;
    want = Math.min(maxBytes + 1 - total, CHUNK_BYTES);
  }
  return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) };
}

/** A pipe opened non-blocking: EAGAIN until its writer writes, 0 bytes once it closes. */
async function readPipe(handle: FileHandle, options: BoundedReadOptions): Promise<BoundedRead> {
  const deadline = Date.now() + (options.pipes?.timeoutMs ?? 0);
  const chunks: Buffer[] = [];
  let total = 0;
  const buffer = Buffer.allocUnsafe(Math.min(options.maxBytes + 1, CHUNK_BYTES));
  for (;;) {
    let bytesRead: number;
    try {
      ({ bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, options.maxBytes + 1 - total), null));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      if (Date.now() >= deadline) {
        return { ok: false, problem: "unreadable", reason: `is a pipe whose writer did not finish within ${options.pipes!.timeoutMs / 1000} s` };
      }
      await new Promise((resolve) => setTimeout(resolve, PIPE_POLL_MS));
      continue;
    }
    if (bytesRead === 0) break;
    chunks.push(Buffer.from(buffer.subarray(0, bytesRead)));
    total += bytesRead;
    if (total > options.maxBytes) return tooLarge(options.maxBytes);
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}

function failure(error: unknown): Extract<BoundedRead, { ok: false }> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return { ok: false, problem: "missing", reason: "no such file", cause: error };
  return { ok: false, problem: "unreadable", reason: describeFsError(error), cause: error };
}

/**
 * A failed read as an Error for callers whose contract is an Error: the reason
 * in words is the message, and the errno code is kept when there was one.
 */
export function readError(reason: string, cause?: unknown): Error & { code?: string } {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  return Object.assign(new Error(reason, { cause }), code === undefined ? {} : { code });
}

/** One readable line for a file-system error, without a stack. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ELOOP":
      return "too many levels of symbolic links (a link loop?)";
    case "ENOTDIR":
      return "a part of the path is not a folder";
    default:
      return `cannot read: ${code ?? (error instanceof Error ? error.message : String(error))}`;
  }
}

/**
 * Reads a stream to its end (standard input: `decide -`), at most `maxBytes`:
 * the same cap as a file, so `yes | screenpol decide -` stops instead of
 * filling memory.
 */
export async function readStreamBounded(stream: AsyncIterable<Buffer | string> | Iterable<Buffer | string>, maxBytes: number): Promise<BoundedRead> {
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      chunks.push(bytes);
      total += bytes.length;
      if (total > maxBytes) return tooLarge(maxBytes);
    }
  } catch (error) {
    return failure(error);
  }
  return { ok: true, bytes: Buffer.concat(chunks, total) };
}
