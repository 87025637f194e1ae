/**
 * Reads files as they are in a Git revision (`screenpol replay --base <ref>`),
 * without touching the working tree or the index. The ref is the user's text:
 * it is never read as an option, and it must name a commit.
 */
import type { SourceFile } from "../core/lint.js";
import { MAX_FILE_BYTES } from "../core/source.js";
import { git, GitError, readBlobs } from "./git-index.js";

export interface GitRevision {
  /** The ref as given. */
  ref: string;
  /** The full commit id it names. */
  commit: string;
  /** A repository-relative path (from `root`) as of that commit; undefined when the commit has no such file. */
  read(file: string): Promise<SourceFile | undefined>;
}

/** Resolves `ref` in the repository holding `root`; an unknown ref is a GitError (exit 2). */
export async function openGitRevision(root: string, ref: string): Promise<GitRevision> {
  // `--end-of-options` guards git; this also keeps a `-x` out of every message and log.
  if (ref === "" || ref.startsWith("-") || /[\0\n\r]/.test(ref)) throw new GitError(`not a Git revision: "${ref}"`);
  const what = `cannot read Git revision "${ref}"`;
  await git(root, ["rev-parse", "--show-prefix"], what);
  let commit: string;
  try {
    commit = (await git(root, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], what)).trim();
  } catch (error) {
    throw new GitError(`unknown Git revision "${ref}": no commit of that name in this repository`, { cause: error });
  }
  return {
    ref,
    commit,
    async read(file) {
      const listing = await git(root, ["ls-tree", "-z", "-l", commit, "--", file], what);
      const record = listing.split("\0").find((line) => line !== "");
      if (record === undefined) return undefined;
      const match = /^(\d+) (\w+) ([0-9a-f]+) +(-|\d+)\t/.exec(record);
      if (!match) throw new GitError(`${what}: unexpected output of git ls-tree`);
      const [, mode, type, object, size] = match as unknown as [string, string, string, string, string];
      if (type !== "blob" || !mode.startsWith("100")) return { file, readError: `is not a regular file in ${ref} (a folder, symbolic link or submodule)` };
      if (Number(size) > MAX_FILE_BYTES) return { file, readError: `file is ${(Number(size) / (1024 * 1024)).toFixed(1)} MiB in ${ref}, over the 1 MiB limit for a policy file; not read` };
      const [bytes] = await readBlobs(root, [object], what);
      return { file, bytes: bytes! };
    },
  };
}

/**
 * Paths (relative to `root`) under `under` that differ between the commit
 * `base` and `head` (a commit, or the working tree when undefined, untracked
 * files included: a new policy not yet added is a change too). Renames are
 * read as a removal and an addition: a policy's path is its identity.
 */
export async function changedFiles(root: string, base: string, head: string | undefined, under: readonly string[]): Promise<string[]> {
  const what = "cannot list the files changed since the base revision";
  const pathspec = ["--", ...under];
  const diff = await git(root, ["diff", "--relative", "--no-renames", "--name-only", "-z", base, ...(head === undefined ? [] : [head]), ...pathspec], what);
  const untracked = head === undefined ? await git(root, ["ls-files", "-z", "--others", "--exclude-standard", ...pathspec], what) : "";
  return [...new Set([...diff.split("\0"), ...untracked.split("\0")].filter((path) => path !== ""))].sort();
}
