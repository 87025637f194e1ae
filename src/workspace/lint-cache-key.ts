/**
 * The key that binds a lint cache to the user and machine that wrote it
 * (app/lint-cache.ts signs the cache with it, HMAC-SHA-256): 32 random bytes in
 * `lint-cache.key` of the user's cache folder, mode 0600 in a folder made 0700,
 * never in the repository. A `.screenpol-cache` that arrives any other way (a
 * commit, an artifact, a copy) was signed with another key, or none, and is
 * not believed.
 *
 * A key is only as good as its secrecy: like ssh with a private key, a key file
 * that others may read or write, that another user owns, that is not a regular
 * file or not 32 bytes, or that lies in a folder others may write, is not
 * trusted, and the caller runs without the cache. Never throws.
 */
import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { link, mkdir, open, stat, unlink } from "node:fs/promises";
import { join } from "node:path";
import { temporaryPathFor } from "./atomic-write.js";

export const LINT_CACHE_KEY_FILE = "lint-cache.key";
/** RFC 2104: an HMAC key no shorter than the digest, 32 bytes for SHA-256. */
export const LINT_CACHE_KEY_BYTES = 32;

/** The key, or why there is none to trust: about the key file, its folder, or an error reading or making it. */
export type LintCacheKey = { ok: true; key: Buffer; path: string } | { ok: false; path: string; about: "key" | "folder" | "error"; reason: string };

// Not every platform has it (Windows): 0 leaves the flag out.
const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);
/** The file we write is created with this mode; one that is more open was not made by us or was opened since. */
const KEY_MODE = 0o600;

/**
 * The key in `folder` (the user's cache folder), made when there is none.
 * Two processes making it at once both end with the same key: each writes its
 * own temporary file and links it to the key's name, which only the first link
 * gets (a rename would let the second replace the first's key under it).
 */
export async function openLintCacheKey(folder: string): Promise<LintCacheKey> {
  const path = join(folder, LINT_CACHE_KEY_FILE);
  const refused = (about: "key" | "folder" | "error", reason: string): LintCacheKey => ({ ok: false, path, about, reason });
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const folderProblem = notOurs(await stat(folder), "folder");
    if (folderProblem) return refused("folder", `the folder ${folder} ${folderProblem}`);
    let read = await readKey(path);
    if (read === "missing") {
      await createKey(path);
      read = await readKey(path);
    }
    if (Buffer.isBuffer(read)) return { ok: true, key: read, path };
    return read === "missing" ? refused("error", `the key ${path} could not be made`) : refused("key", `the key ${path} ${read}`);
  } catch (error) {
    return refused("error", `the key ${path} cannot be read or made (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** The key's bytes, "missing", or why it is not trusted. */
async function readKey(path: string): Promise<Buffer | "missing" | string> {
  let handle;
  try {
    handle = await open(path, READ_NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return "missing";
    if (code === "ELOOP") return "is a symbolic link";
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return "is not a regular file";
    const problem = notOurs(info, "file");
    if (problem) return problem;
    if (info.size !== LINT_CACHE_KEY_BYTES) return `is ${info.size} bytes, not the ${LINT_CACHE_KEY_BYTES} of a key screenpol makes`;
    const key = Buffer.alloc(LINT_CACHE_KEY_BYTES);
    const { bytesRead } = await handle.read(key, 0, LINT_CACHE_KEY_BYTES, 0);
    return bytesRead === LINT_CACHE_KEY_BYTES ? key : `is ${bytesRead} bytes, not the ${LINT_CACHE_KEY_BYTES} of a key screenpol makes`;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function createKey(path: string): Promise<void> {
  const temporary = temporaryPathFor(path);
  const handle = await open(temporary, "wx", KEY_MODE);
  try {
    try {
      await handle.writeFile(randomBytes(LINT_CACHE_KEY_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await link(temporary, path).catch((error: NodeJS.ErrnoException) => {
      // Another process made it first: its key is the key.
      if (error.code !== "EEXIST") throw error;
    });
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

/**
 * Why a file or folder is not this user's alone, or undefined: another owner,
 * or others may write it (a folder) or read or write it (the key, a secret).
 * Where there are no POSIX owners and modes (Windows) there is nothing to check.
 */
function notOurs(info: Stats, what: "file" | "folder"): string | undefined {
  if (process.platform === "win32" || typeof process.getuid !== "function") return undefined;
  if (info.uid !== process.getuid()) return `belongs to another user (uid ${info.uid})`;
  const mode = info.mode & 0o777;
  const open = what === "file" ? mode & 0o077 : mode & 0o022;
  if (open !== 0) return `${what === "file" ? "is readable or writable" : "is writable"} by others (mode ${mode.toString(8).padStart(4, "0")})`;
  return undefined;
}
