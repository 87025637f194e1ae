import { lstat } from "node:fs/promises";

/**
 * Whether nothing at all is at a path named on the command line (not even a
 * dangling link): that is a usage error. Anything else is read, and the reader
 * reports what is wrong with it (a dangling link, a FIFO, a path it cannot inspect).
 */
export async function isMissingPath(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR";
  }
}
