/**
 * The lint cache's file (`lint --cache`): read whole, written whole (a
 * temporary file and a rename), so that a killed lint leaves the old cache or
 * the new one, never half of one. What is in it is app/lint-cache.ts's business.
 */
import { readFile } from "node:fs/promises";
import { writeFileAtomic } from "./atomic-write.js";

/** The text of the cache file, undefined when there is none; any other failure is the reason, as text. */
export async function readCacheFile(path: string): Promise<{ text: string } | { missing: true } | { problem: string }> {
  try {
    return { text: await readFile(path, "utf8") };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { missing: true };
    return { problem: code === "EISDIR" ? "it is a folder" : (error as Error).message };
  }
}

export async function writeCacheFile(path: string, text: string): Promise<void> {
  await writeFileAtomic(path, text);
}
