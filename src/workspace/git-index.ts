/**
 * Reads files as they are staged in the Git index, not as they are in the
 * working tree: a pre-commit hook must judge what will be committed, and a
 * partially staged file is linted as staged.
 */
import { execFile, spawn } from "node:child_process";
import { basename, dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import type { SourceFile } from "../core/lint.js";
import { MAX_FILE_BYTES } from "../core/source.js";

const run = promisify(execFile);
/** `git ls-files` of a large repository fits comfortably; more is not a policy repository. */
const MAX_GIT_OUTPUT = 64 * 1024 * 1024;

export class GitError extends Error {
  override name = "GitError";
}

/** Runs git and returns its output; a failure is a GitError `<what>: <git's first line>`. */
export async function git(cwd: string, args: string[], what = "cannot read the Git index"): Promise<string> {
  try {
    const { stdout } = await run("git", args, { cwd, maxBuffer: MAX_GIT_OUTPUT, encoding: "utf8" });
    return stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "").trim().split("\n")[0];
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "git is not installed" : stderr || "git failed";
    throw new GitError(`${what}: ${reason}`, { cause: error });
  }
}

/**
 * True when the Git work tree holding `path` tracks it (it is in the index:
 * committed, or added, `git add -f` included). False when it is not, and when
 * Git cannot tell (no git, no work tree there): the caller must not rely on
 * this alone. `path` is taken literally, never as a glob.
 */
export async function isTrackedByGit(path: string): Promise<boolean> {
  try {
    await run("git", ["ls-files", "--error-unmatch", "--", basename(path)], { cwd: dirname(path), env: { ...process.env, GIT_LITERAL_PATHSPECS: "1" } });
    return true;
  } catch {
    return false;
  }
}

interface IndexEntry { mode: string; object: string; stage: string; path: string }

/**
 * Staged content of the files under `root` that the lint covers.
 * `selection` decides which index paths (repository-relative to `root`) to read.
 */
export async function readStagedSources(root: string, selection: (path: string) => boolean): Promise<SourceFile[]> {
  const top = (await git(root, ["rev-parse", "--show-toplevel"])).trim();
  const listing = await git(top, ["ls-files", "--stage", "-z", "--", toGitPath(top, root) || "."]);
  const entries: IndexEntry[] = [];
  const conflicted = new Set<string>();
  for (const record of listing.split("\0")) {
    if (record === "") continue;
    const match = /^(\d+) ([0-9a-f]+) (\d)\t(.*)$/s.exec(record);
    if (!match) continue;
    const [, mode, object, stage, gitPath] = match as unknown as [string, string, string, string, string];
    const path = fromGitPath(top, root, gitPath);
    if (path === undefined || !selection(path)) continue;
    if (stage !== "0") conflicted.add(path);
    else entries.push({ mode, object, stage, path });
  }
  const sources: SourceFile[] = [...conflicted].map((file) => ({ file, readError: "has unresolved merge conflicts in the index" }));
  const regular = entries.filter((entry) => entry.mode.startsWith("100"));
  for (const entry of entries) {
    if (!entry.mode.startsWith("100")) sources.push({ file: entry.path, readError: "is not a regular file in the index (a symbolic link or submodule)" });
  }
  const blobs = await readBlobs(top, regular.map((entry) => entry.object));
  regular.forEach((entry, index) => {
    const blob = blobs[index]!;
    sources.push(
      blob.byteLength > MAX_FILE_BYTES
        ? { file: entry.path, readError: `file is ${(blob.byteLength / (1024 * 1024)).toFixed(1)} MiB, over the 1 MiB limit for a policy file; not read` }
        : { file: entry.path, bytes: blob },
    );
  });
  return sources.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** One `git cat-file --batch` for all blobs: one process, however many files. */
export function readBlobs(cwd: string, objects: readonly string[], what = "cannot read the Git index"): Promise<Uint8Array[]> {
  if (objects.length === 0) return Promise.resolve([]);
  return new Promise((resolvePromise, reject) => {
    const child = spawn("git", ["cat-file", "--batch"], { cwd, stdio: ["pipe", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error) => reject(new GitError(`${what}: git is not installed`, { cause: error })));
    child.on("close", (code) => {
      if (code !== 0) return reject(new GitError(`${what}: ${stderr.trim() || `git exited with ${code}`}`));
      const output = Buffer.concat(chunks);
      const blobs: Uint8Array[] = [];
      let offset = 0;
      for (let i = 0; i < objects.length; i++) {
        const headerEnd = output.indexOf(10, offset);
        const header = output.subarray(offset, headerEnd).toString("utf8");
        const size = Number(header.split(" ")[2]);
        if (headerEnd === -1 || !Number.isInteger(size)) return reject(new GitError(`${what}: unexpected output "${header}"`));
        blobs.push(output.subarray(headerEnd + 1, headerEnd + 1 + size));
        offset = headerEnd + 1 + size + 1;
      }
      resolvePromise(blobs);
    });
    child.stdin.end(objects.map((object) => `${object}\n`).join(""));
  });
}

function toGitPath(top: string, absolute: string): string {
  return relative(top, absolute).split(sep).join("/");
}

/** Index path (relative to the Git top) -> path relative to the screenpol root; undefined outside it. */
function fromGitPath(top: string, root: string, gitPath: string): string | undefined {
  const path = relative(root, resolve(top, gitPath));
  if (path.startsWith("..") || isAbsolute(path)) return undefined;
  return path.split(sep).join("/");
}
