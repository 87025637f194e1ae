/**
 * Writing a set of new files, all or nothing, never over an existing one
 * (`screenpol init`).
 */
import { mkdir, open, rm } from "node:fs/promises";
import { dirname, join } from "node:path";

export interface NewFile {
  /** Relative to the root, `/`-separated. */
  path: string;
  content: string;
}

/**
 * Creates every file, or none: a failure (one that appeared since the check
 * included) removes what this call wrote, then rethrows. Folders it made may stay, empty.
 */
export async function createFilesExclusively(root: string, files: readonly NewFile[]): Promise<void> {
  const created: string[] = [];
  try {
    for (const file of files) {
      const path = join(root, file.path);
      await mkdir(dirname(path), { recursive: true });
      // "wx": a file that appeared since the check is still never overwritten.
      const handle = await open(path, "wx", 0o644);
      created.push(file.path);
      try {
        await handle.writeFile(file.content);
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    await Promise.all(created.map((path) => rm(join(root, path), { force: true })));
    throw error;
  }
}
