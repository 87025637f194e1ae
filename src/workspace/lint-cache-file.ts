/**
 * The lint cache's file (`lint --cache`): read whole, written whole (a
 * temporary file and a rename), so that a killed lint leaves the old cache or
 * the new one, never half of one. What is in it is app/lint-cache.ts's business.
 */
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
