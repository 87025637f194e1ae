/**
 * Which files have local changes Git could not give back: modified, added,
 * untracked or ignored. `screenpol pull` refuses to overwrite those.
 */
import { execFile } from "node:child_process";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface WorkingTreeStatus {
  /** False outside a Git work tree (or without git): nothing is recoverable. */
  inRepository: boolean;
  /** Absolute path -> the two-letter porcelain status (` M`, `??`, `!!`, `A `...), for the given paths that are not clean. */
  changed: Map<string, string>;
}

/** Status of `paths` (absolute). Clean tracked files are absent from `changed`. */
export async function workingTreeStatus(root: string, paths: readonly string[]): Promise<WorkingTreeStatus> {
  let top: string;
  try {
    top = (await run("git", ["rev-parse", "--show-toplevel"], { cwd: root, encoding: "utf8" })).stdout.trim();
  } catch {
    return { inRepository: false, changed: new Map() };
  }
  const changed = new Map<string, string>();
  if (paths.length === 0) return { inRepository: true, changed };
  const specs = paths.map((path) => relative(top, path).split(sep).join("/")).filter((path) => path !== "" && !path.startsWith("..") && !isAbsolute(path));
  const { stdout } = await run("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignored=matching", "--", ...specs], {
    cwd: top,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    // Paths are literal file names, never globs.
    env: { ...process.env, GIT_LITERAL_PATHSPECS: "1" },
  });
  const records = stdout.split("\0");
  for (let index = 0; index < records.length; index++) {
    const record = records[index]!;
    if (record.length < 4) continue;
    const code = record.slice(0, 2);
    changed.set(resolve(top, record.slice(3)), code);
    // A rename or copy is followed by its source path.
    if (code.includes("R") || code.includes("C")) index++;
  }
  return { inRepository: true, changed };
}
