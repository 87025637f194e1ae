/**
 * The init use case: scaffold a working policy repository (toolkit.md,
 * `screenpol init`). It never overwrites: when any file it would write exists
 * already, it writes nothing and names them all, so a second run or a run in an
 * existing repository cannot destroy work.
 */
import { resolve } from "node:path";
import { createFilesExclusively, existingPaths } from "../workspace/new-files.js";
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
  const existing = await existingPaths(root, files);
  if (existing.length > 0) {
    throw new UsageError(`refusing to overwrite ${existing.join(", ")} in ${root}; nothing was written (move them away, or run init in an empty folder)`);
  }
  try {
    await createFilesExclusively(root, files);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "EEXIST" ? "a file appeared while writing" : (error as Error).message;
    throw new UsageError(`cannot scaffold ${root}: ${reason}; nothing was written`, { cause: error });
  }
  return { root, created: files.map((file) => file.path) };
}
