import { lstat, stat } from "node:fs/promises";

/**
 * What a path named on the command line is, before anything is read: nothing at
 * all (not even a dangling link), a folder (followed through links), or something
 * else to read (a file, a dangling link, a path that cannot be inspected), whose
 * problems are the reader's to report.
 */
export async function namedPathKind(path: string): Promise<"missing" | "folder" | "other"> {
  try {
    await lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return "missing";
    return "other";
  }
  return (await stat(path).then((info) => info.isDirectory(), () => false)) ? "folder" : "other";
}
