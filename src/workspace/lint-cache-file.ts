/**
 * The lint cache's file (`lint --cache`): read whole, written whole (a
 * temporary file and a rename), so that a killed lint leaves the old cache or
 * the new one, never half of one. What is in it is app/lint-cache.ts's business.
 * Also what decides, under the metadata strategy, whether a file is read at all:
 * its size, modification time and inode.
 */
import { lstatSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "./atomic-write.js";

/** The bytes of the cache file, `missing` when there is none; any other failure is the reason, as text. */
export async function readCacheFile(path: string): Promise<{ bytes: Buffer } | { missing: true } | { problem: string }> {
  try {
    return { bytes: await readFile(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { missing: true };
    return { problem: code === "EISDIR" ? "it is a folder" : (error as Error).message };
  }
}

export async function writeCacheFile(path: string, content: string | Uint8Array): Promise<void> {
  await writeFileAtomic(path, content);
}

/** What ESLint's metadata strategy compares, and the inode besides (a file replaced by another of the same size and time). */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

/**
 * Each path's stamp, in order; undefined for anything but a regular file (a
 * symbolic link, a folder, a FIFO, nothing there): those are read as always,
 * under the reader's rules (workspace/bounded-read.ts), never taken on trust.
 * lstat, not stat: a link that now leads elsewhere is not the file cached.
 * Synchronous: 5,000 lstat calls take a third of the CPU time and wall time
 * that the thread pool's round trips cost them (measured on the bench's
 * corpus), and nothing else waits on this thread meanwhile (the lint has not
 * started).
 */
export function fileStamps(paths: readonly string[]): Array<FileStamp | undefined> {
  return paths.map((path) => {
    let info;
    try {
      info = lstatSync(path, { throwIfNoEntry: false });
    } catch {
      return undefined;
    }
    return info?.isFile() ? { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino } : undefined;
  });
}
