/**
 * The lint cache's file (`lint --cache`): read whole, written whole (a
 * temporary file and a rename), so that a killed lint leaves the old cache or
 * the new one, never half of one. What is in it is app/lint-cache.ts's business.
 * Also what decides, under the metadata strategy, whether a file is read at all:
 * its size, modification time and inode.
 */
import { lstat, readFile } from "node:fs/promises";
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

/** Files stat'ed at once: each is one call on libuv's thread pool, and one at a time waits on each. */
const STAT_CONCURRENCY = 64;

/**
 * Each path's stamp, in order; undefined for anything but a regular file (a
 * symbolic link, a folder, a FIFO, nothing there): those are read as always,
 * under the reader's rules (workspace/bounded-read.ts), never taken on trust.
 * lstat, not stat: a link that now leads elsewhere is not the file cached.
 */
export async function fileStamps(paths: readonly string[]): Promise<Array<FileStamp | undefined>> {
  const stamps = new Array<FileStamp | undefined>(paths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < paths.length) {
      const index = next++;
      const info = await lstat(paths[index]!).catch(() => undefined);
      stamps[index] = info?.isFile() ? { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino } : undefined;
    }
  };
  await Promise.all(Array.from({ length: Math.min(STAT_CONCURRENCY, paths.length) }, worker));
  return stamps;
}
