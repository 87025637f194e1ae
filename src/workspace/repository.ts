/**
 * Finding the repository root and the files to lint in the working tree.
 * This and the other workspace modules are the only code that touches the disk.
 */
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE, type Config } from "../core/config.js";
import type { SourceFile } from "../core/lint.js";
import { MAX_FILE_BYTES } from "../core/source.js";

/** Folders never worth descending into. */
const SKIPPED_DIRECTORIES = new Set([".git", "node_modules", ".hg", ".svn"]);
const YAML_FILE = /\.ya?ml$/i;
/** Bounded parallel reads: fast on a big tree without exhausting file descriptors. */
const READ_CONCURRENCY = 64;

/** The folder holding screenpol.config.yaml, searched from `cwd` upwards; `cwd` when there is none. */
export async function findRoot(cwd: string): Promise<{ root: string; configFound: boolean }> {
  // The real path, so that paths named through a symbolic link compare equal (see canonicalPath).
  let dir = await canonicalPath(resolve(cwd));
  for (;;) {
    if (await isFile(join(dir, CONFIG_FILE))) return { root: dir, configFound: true };
    const parent = dirname(dir);
    if (parent === dir) return { root: resolve(cwd), configFound: false };
    dir = parent;
  }
}

/**
 * The path with symbolic links resolved; for a path that does not exist (a file
 * deleted in the working tree but still staged), its folder's real path.
 */
export async function canonicalPath(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(await canonicalPath(parent), basename(path));
  }
}

/** Repository-relative, `/`-separated; absolute or `..` paths outside the root stay as given. */
export function toRepositoryPath(root: string, absolute: string): string {
  const path = relative(root, absolute);
  if (path === "" || path.startsWith("..") || isAbsolute(path)) return absolute.split(sep).join("/");
  return path.split(sep).join("/");
}

/**
 * The files a lint covers: the named paths (files as given, folders searched
 * for YAML), or by default the config, the policies and the webhooks.
 * Missing paths come back as files with a read error, so they are reported, not dropped.
 */
export async function collectPaths(root: string, cwd: string, paths: readonly string[], config: Config): Promise<string[]> {
  const wanted = paths.length > 0
    ? paths.map((path) => resolve(cwd, path))
    : [join(root, CONFIG_FILE), join(root, config.paths.policies), join(root, config.paths.webhooks)];
  const found = new Set<string>();
  for (const path of wanted) {
    const info = await stat(path).catch(() => undefined);
    if (info?.isDirectory()) {
      const files = await listYamlFiles(path);
      for (const file of files) found.add(file);
      // A folder named on the command line that holds nothing to lint is worth saying.
      if (files.length === 0 && paths.length > 0) found.add(path);
    } else if (info || paths.length > 0) {
      found.add(path);
    }
  }
  return [...found].sort();
}

/** Folders listed at once: a large tree is many small folders, and one at a time waits on each. */
const LIST_CONCURRENCY = 64;

/** Every YAML file below `dir`, level by level, each level's folders listed concurrently (order: the caller sorts). */
async function listYamlFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  let level = [dir];
  while (level.length > 0) {
    const next: string[] = [];
    for (let start = 0; start < level.length; start += LIST_CONCURRENCY) {
      const listings = await Promise.all(
        level.slice(start, start + LIST_CONCURRENCY).map(async (current) => ({ current, entries: await readdir(current, { withFileTypes: true }).catch(() => []) })),
      );
      for (const { current, entries } of listings) {
        for (const entry of entries) {
          if (entry.isDirectory()) {
            if (!SKIPPED_DIRECTORIES.has(entry.name)) next.push(join(current, entry.name));
          } else if ((entry.isFile() || entry.isSymbolicLink()) && YAML_FILE.test(entry.name)) {
            files.push(join(current, entry.name));
          }
        }
      }
    }
    level = next;
  }
  return files;
}

/** Reads the files as bytes, refusing oversized ones before reading them. */
export async function readSources(root: string, absolutePaths: readonly string[]): Promise<SourceFile[]> {
  const sources = new Array<SourceFile>(absolutePaths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < absolutePaths.length) {
      const index = next++;
      const path = absolutePaths[index]!;
      sources[index] = await readSource(root, path);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, absolutePaths.length) }, worker));
  return sources;
}

export async function readSource(root: string, path: string): Promise<SourceFile> {
  const file = toRepositoryPath(root, path);
  try {
    // stat first, so an oversized file is refused without being read into memory.
    const info = await stat(path);
    if (info.isDirectory()) return { file, readError: "is a folder with no YAML files in it" };
    if (info.size > MAX_FILE_BYTES) {
      return { file, readError: `file is ${(info.size / (1024 * 1024)).toFixed(1)} MiB, over the 1 MiB limit for a policy file; not read` };
    }
    return { file, bytes: await readFile(path) };
  } catch (error) {
    return { file, readError: describeFsError(error) };
  }
}

/** True when something (a file, a folder) is at `path`. */
export async function pathExists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/** A text file's content, or undefined when it cannot be read (the caller decides whether that matters). */
export async function readTextFile(path: string): Promise<string | undefined> {
  return readFile(path, "utf8").catch(() => undefined);
}

/** A text file's content; `fail` turns a read failure (as one readable line, and the original error) into the caller's error. */
export async function readRequiredTextFile(path: string, fail: (reason: string, cause: unknown) => Error): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    throw fail(describeFsError(error), error);
  }
}

/** One readable line for a filesystem error, without a stack. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory";
    case "ELOOP":
      return "too many levels of symbolic links";
    default:
      return `cannot read: ${code ?? (error instanceof Error ? error.message : String(error))}`;
  }
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}
