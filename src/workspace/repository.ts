/**
 * Finding the repository root and the files to lint in the working tree.
 * This and the other workspace modules are the only code that touches the disk.
 */
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE, type Config } from "../core/config.js";
import type { SourceFile } from "../core/lint.js";
import { MAX_FILE_BYTES } from "../core/source.js";
import { isWithin, readBounded, type BoundedRead } from "./bounded-read.js";

/** Folders never worth descending into. */
const SKIPPED_DIRECTORIES = new Set([".git", "node_modules", ".hg", ".svn"]);
/** The names a folder walk lints (and so an output path must not take inside a linted folder: app/output-target.ts). */
export const YAML_FILE = /\.ya?ml$/i;
/** Bounded parallel reads: fast on a big tree without exhausting file descriptors. */
const READ_CONCURRENCY = 64;

/** The folder holding screenpol.config.yaml, searched from `cwd` upwards; `cwd` when there is none. Both real paths. */
export async function findRoot(cwd: string): Promise<{ root: string; configFound: boolean }> {
  // The real path, so that paths named through a symbolic link compare equal (see canonicalPath).
  const start = await canonicalPath(resolve(cwd));
  let dir = start;
  for (;;) {
    if (await isConfigEntry(join(dir, CONFIG_FILE))) return { root: dir, configFound: true };
    const parent = dirname(dir);
    if (parent === dir) return { root: start, configFound: false };
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

/**
 * For a file about to be written at `path` in the repository `root`: undefined
 * when its folder really is inside the repository, else the first folder on the
 * way (repository-relative) that leads out through a symbolic link, to name in
 * the refusal. The containment rule of the reads (`within` in bounded-read.ts:
 * the real path must be inside) applied to the folder the write lands in; the
 * file itself is not followed (writers create exclusively or rename over it).
 */
export async function folderLeadingOutside(root: string, path: string): Promise<string | undefined> {
  const realRoot = await canonicalPath(root);
  if (isWithin(realRoot, await canonicalPath(dirname(path)))) return undefined;
  const segments = relative(root, dirname(path)).split(sep).filter((segment) => segment !== "");
  for (let depth = 1; depth < segments.length; depth++) {
    const real = await canonicalPath(join(root, ...segments.slice(0, depth)));
    if (!isWithin(realRoot, real)) return segments.slice(0, depth).join("/");
  }
  return segments.join("/") || ".";
}

/** Repository-relative, `/`-separated; paths outside the root stay absolute. */
export function toRepositoryPath(root: string, absolute: string): string {
  if (!isWithin(root, absolute)) return absolute.split(sep).join("/");
  return relative(root, absolute).split(sep).join("/");
}

/**
 * Where reading may go: the repository root and the paths named on the
 * command line. Inside the repository a file must really be inside it (no link
 * out); a path named outside it is the user's choice, and links under it must
 * stay within the named folder (a named file: within its own folder). Anything
 * else outside the repository (a config `paths:` entry with `..`) is refused.
 */
export interface ReadScope {
  /** The repository root, a real path. */
  root: string;
  /** The paths named on the command line, absolute (see {@link resolveNamedPaths}); empty for the default layout. */
  named: readonly string[];
}

/** The files a lint covers, and the scope they are read in. */
export interface FileSelection extends ReadScope {
  /** Absolute, sorted. */
  files: string[];
  /** Named folders that were searched and hold no YAML file (each is also in `files`, so a reader reports it). */
  emptyFolders: string[];
}

/**
 * Paths named on the command line, absolute, from the real `cwd`: a shell in a
 * repository reached through a symbolic link still names paths inside it.
 */
export async function resolveNamedPaths(cwd: string, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return [];
  const base = await canonicalPath(resolve(cwd));
  return paths.map((path) => resolve(base, path));
}

/** What `watch` and a lint cover: the named paths, or the config and the config's policies, webhooks and tests folders. */
export function targetsOf(scope: ReadScope, config: Config): string[] {
  return scope.named.length > 0
    ? [...scope.named]
    : [join(scope.root, CONFIG_FILE), join(scope.root, config.paths.policies), join(scope.root, config.paths.webhooks), join(scope.root, config.paths.tests)];
}

/**
 * The files a lint covers: the named paths (files as given, folders searched
 * for YAML), or by default the config, the policies and the webhooks.
 * Missing paths come back as files with a read error, so they are reported,
 * not dropped; so do paths that lead out of their scope (never walked), and
 * anything in a folder that is not a folder, whatever its type.
 */
export async function collectPaths(root: string, cwd: string, paths: readonly string[], config: Config): Promise<FileSelection> {
  const scope: ReadScope = { root, named: await resolveNamedPaths(cwd, paths) };
  const found = new Set<string>();
  const emptyFolders: string[] = [];
  for (const path of targetsOf(scope, config)) {
    const boundary = boundaryOf(scope, path);
    const real = await realpath(path).catch(() => undefined);
    const info = real === undefined ? undefined : await stat(real).catch(() => undefined);
    if (boundary && real !== undefined && isWithin(await canonicalPath(boundary.folder), real) && info?.isDirectory()) {
      const files = await listYamlFiles(path);
      for (const file of files) found.add(file);
      // A folder named on the command line that holds nothing to lint is worth saying.
      if (files.length === 0 && scope.named.length > 0) {
        found.add(path);
        emptyFolders.push(path);
      }
    } else if (scope.named.length > 0 || (await lstat(path).then(() => true, () => false))) {
      // A missing default folder is simply not there; anything else is read, and reported.
      found.add(path);
    }
  }
  return { ...scope, files: [...found].sort(), emptyFolders };
}

/**
 * Repository-relative paths of the YAML files under the policies folder, for
 * the lint of test files (`unknown-policy`); an absent folder holds none.
 */
export async function listPolicyFiles(root: string, config: Config): Promise<Set<string>> {
  const folder = join(root, config.paths.policies);
  const real = await realpath(folder).catch(() => undefined);
  if (real === undefined || !isWithin(await canonicalPath(root), real)) return new Set();
  return new Set((await listYamlFiles(folder)).map((file) => toRepositoryPath(root, file)));
}

/** The folder a path must really stay in, or undefined when it is outside every allowed place. */
function boundaryOf(scope: ReadScope, path: string): { folder: string; name: string } | undefined {
  if (isWithin(scope.root, path)) return inRepository(scope.root);
  if (scope.named.includes(path)) return { folder: dirname(path), name: "its folder" };
  const folder = scope.named.filter((named) => isWithin(named, path)).sort((a, b) => b.length - a.length)[0];
  return folder === undefined ? undefined : { folder, name: "the folder named on the command line" };
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
          } else if (YAML_FILE.test(entry.name)) {
            // Files and links, and a FIFO, socket or device with a YAML name: read, so reported, never skipped.
            files.push(join(current, entry.name));
          }
        }
      }
    }
    level = next;
  }
  return files;
}

/** Reads the selected files as bytes, each bounded and type-checked, in the selection's order. */
export async function readSources(selection: FileSelection): Promise<SourceFile[]> {
  const absolutePaths = selection.files;
  const sources = new Array<SourceFile>(absolutePaths.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < absolutePaths.length) {
      const index = next++;
      const path = absolutePaths[index]!;
      sources[index] = await readSource(selection, path);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, absolutePaths.length) }, worker));
  return sources;
}

/**
 * One file of the working tree as the linter gets it: its bytes, or why it
 * was not read (a `read-error` finding at the path as given, never naming or
 * showing a link's target).
 */
export async function readSource(scope: ReadScope, path: string): Promise<SourceFile> {
  const file = toRepositoryPath(scope.root, path);
  const within = boundaryOf(scope, path);
  if (!within) return { file, readError: "is outside the repository; not read" };
  const read = await readBounded(path, { maxBytes: MAX_FILE_BYTES, within });
  if (read.ok) return { file, bytes: read.bytes };
  switch (read.problem) {
    case "folder":
      return { file, readError: "is a folder with no YAML files in it" };
    case "too-large":
      return { file, readError: `file is ${read.size === undefined ? "over" : `${(read.size / (1024 * 1024)).toFixed(1)} MiB, over`} the 1 MiB limit for a policy file; not read` };
    default:
      return { file, readError: read.reason };
  }
}

/** True when something (a file, a folder) is at `path`. */
export async function pathExists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/** How much a file named by the user may hold (plan.json, the token file), and whether it may be a pipe. */
export interface TextReadOptions {
  maxBytes: number;
  pipes?: { timeoutMs: number };
}

/** A text file's content; `fail` turns a read failure (as one readable line, and the cause) into the caller's error. */
export async function readRequiredTextFile(path: string, fail: (reason: string, cause: unknown) => Error, options: TextReadOptions): Promise<string> {
  const read = await readBounded(path, options);
  if (read.ok) return read.bytes.toString("utf8");
  throw fail(read.reason, read.cause ?? new Error(read.reason));
}

/** A file screenpol finds in the repository by itself (the config, a file pull may replace): at most 1 MiB, really inside `root`. */
export function readRepositoryFile(root: string, path: string): Promise<BoundedRead> {
  return readBounded(path, { maxBytes: MAX_FILE_BYTES, within: inRepository(root) });
}

function inRepository(root: string): { folder: string; name: string } {
  return { folder: root, name: "the repository" };
}

/** Something other than a folder is there, even a dangling link or a FIFO: the root is here, and reading it says what is wrong. */
async function isConfigEntry(path: string): Promise<boolean> {
  const info = await lstat(path).catch(() => undefined);
  return info !== undefined && !info.isDirectory();
}

/**
 * The folder every output path is relative to: the Git work tree holding the
 * repository `root` (the nearest folder upwards with a `.git` entry: a folder,
 * or a file in a linked worktree or a submodule), so that a config in a
 * subfolder of a monorepo still names files as GitHub, SARIF's `%SRCROOT%` and
 * `git` do; `root` itself outside Git. A real path, as `root` is.
 */
export async function findDisplayRoot(root: string): Promise<string> {
  for (let dir = root; ; ) {
    if (await lstat(join(dir, ".git")).then(() => true, () => false)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return root;
    dir = parent;
  }
}
