/**
 * Write-then-rename, so a reader (or a crash, or `kill -9`) sees the old file
 * or the new one, never half of either (toolkit.md, What users must get). The
 * one implementation for pull, plan --out, the catalog snapshot and the
 * emulator's state file.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink, type FileHandle } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * `.<name>.<pid>.<random>.tmp` beside the target: the same file system (so the
 * rename is atomic), hidden, ignored by Git (`*.tmp`), and the pid says whether
 * its writer is still alive.
 */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
}

/** True for a name `temporaryPathFor` gives for `target`; returns the writer's pid. */
export function temporaryWriterOf(target: string, name: string): number | undefined {
  const match = /^\.(.+)\.(\d+)\.[0-9a-f]+\.tmp$/.exec(name);
  return match && match[1] === basename(target) ? Number(match[2]) : undefined;
}

export interface AtomicWriteOptions {
  /** File mode of a new file; 0o644 by default (0o600 for state that holds credentials). */
  mode?: number;
  /** Create the folder (and its parents) first; a pulled environment may not have one yet. */
  createFolder?: boolean;
}

export async function writeFileAtomic(path: string, content: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  if (options.createFolder) await mkdir(dirname(path), { recursive: true });
  const temporary = temporaryPathFor(path);
  const handle = await open(temporary, "wx", options.mode ?? 0o644);
  try {
    await handle.writeFile(content);
    // Durable before visible: without fsync a crash after rename can expose an empty file.
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

/** Makes renames in `directory` durable; where a folder cannot be fsynced (Windows), the rename is still atomic. */
export async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, "r");
    await handle.sync();
  } catch {
    // Not every platform or file system can fsync a folder.
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** A file written piece by piece into its temporary file, made visible whole by `commit`, or never by `abort`. */
export interface AtomicFileWriter {
  /** Buffers `text`; a promise when the buffer was full and is being written (wait for it before writing more). */
  write(text: string): Promise<void> | undefined;
  commit(): Promise<void>;
  /** Removes the temporary file; the target is left as it was. */
  abort(): Promise<void>;
}

/** Buffered up to this many bytes between writes: a replay writes a changed screening per line. */
const WRITER_BUFFER_BYTES = 256 * 1024;

/**
 * The streaming form of {@link writeFileAtomic}, for output too large to hold
 * (replay's `--changed-out`): the same temporary file, fsync and rename.
 */
export async function openAtomicFile(path: string, options: Pick<AtomicWriteOptions, "mode"> = {}): Promise<AtomicFileWriter> {
  const temporary = temporaryPathFor(path);
  const handle = await open(temporary, "wx", options.mode ?? 0o644);
  let buffered: string[] = [];
  let bytes = 0;
  let closed = false;
  const flush = async (): Promise<void> => {
    const text = buffered.join("");
    buffered = [];
    bytes = 0;
    if (text.length > 0) await handle.writeFile(text);
  };
  const discard = async (): Promise<void> => {
    if (!closed) {
      closed = true;
      await handle.close().catch(() => undefined);
    }
    await unlink(temporary).catch(() => undefined);
  };
  return {
    write(text) {
      buffered.push(text);
      bytes += text.length;
      return bytes >= WRITER_BUFFER_BYTES ? flush() : undefined;
    },
    async commit() {
      try {
        await flush();
        await handle.sync();
        closed = true;
        await handle.close();
        await rename(temporary, path);
      } catch (error) {
        await discard();
        throw error;
      }
      await syncDirectory(dirname(path));
    },
    abort: discard,
  };
}
