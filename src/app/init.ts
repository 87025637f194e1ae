/**
 * The init use case: scaffold a working policy repository (toolkit.md,
 * `screenpol init`). It never overwrites: when any file it would write exists
 * already, it writes nothing and names them all, so a second run or a run in an
 * existing repository cannot destroy work.
 */
import { lstat, mkdir, open, rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { UsageError } from "./errors.js";
import { scaffoldFiles } from "./init-templates.js";

export interface InitRequest {
  /** Folder to scaffold into; created when missing. */
  directory: string;
  /** screenpol's version, pinned in the pre-commit hook and the workflow. */
  version: string;
}

export interface InitResult {
  root: string;
  /** Repository-relative paths written, in order. */
  created: string[];
}

/** Writes the scaffold; a UsageError (exit 2) naming the existing files when any is in the way. */
export async function initRepository(request: InitRequest): Promise<InitResult> {
  const root = resolve(request.directory);
  const files = scaffoldFiles(request.version);
  const existing: string[] = [];
  for (const file of files) {
    if (await exists(join(root, file.path))) existing.push(file.path);
  }
  if (existing.length > 0) {
    throw new UsageError(`refusing to overwrite ${existing.join(", ")} in ${root}; nothing was written (move them away, or run init in an empty folder)`);
  }

  const created: string[] = [];
  try {
    for (const file of files) {
      const path = join(root, file.path);
      await mkdir(dirname(path), { recursive: true });
      // "wx": a file that appeared since the check above is still never overwritten.
      const handle = await open(path, "wx", 0o644);
      created.push(file.path);
      try {
        await handle.writeFile(file.content);
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    // All or nothing: take back what this run wrote (folders it made may stay, empty).
    await Promise.all(created.map((path) => rm(join(root, path), { force: true })));
    const reason = (error as NodeJS.ErrnoException).code === "EEXIST" ? "a file appeared while writing" : (error as Error).message;
    throw new UsageError(`cannot scaffold ${root}: ${reason}; nothing was written`, { cause: error });
  }
  return { root, created };
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
