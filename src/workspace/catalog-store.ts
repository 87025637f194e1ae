/**
 * The token catalog snapshot on disk: `<paths.catalog>/tokens.json` and
 * `tokens.meta.json` (policy-language.md section 1), read and replaced as one
 * pair (admin-api.md, operation 2, rules 3 and 4; toolkit.md: "replace the
 * snapshot and its ETag in one atomic step").
 *
 * Two files cannot be renamed at once, so the pair is bound instead: the meta
 * carries the SHA-256 of the tokens.json it describes, and is renamed last.
 *
 * Replacing (under a lock file, one sync at a time):
 *   1. write both temporary files beside their targets, fsync each;
 *   2. rename tokens.json into place, then tokens.meta.json, then fsync the folder.
 * A crash or `kill -9` before step 2 leaves the old pair and stray temporaries;
 * between the two renames, a new tokens.json with the old meta and the new meta
 * still waiting in its temporary file.
 *
 * Reading: tokens.json and the meta are read and the hash compared. A mismatch
 * is resolved by the meta temporary whose hash matches (the crash between the
 * renames: the new pair, which the next sync completes), by reading again (a
 * sync was replacing the pair meanwhile), or else reported: tokens.json is still
 * a complete catalog (it is only ever replaced whole), but its meta cannot be
 * trusted, so the next sync reads everything instead of polling.
 */
import { createHash } from "node:crypto";
import { syncDirectory, temporaryPathFor } from "./atomic-write.js";
import { mkdir, open, readdir, rename, rmdir, unlink, type FileHandle } from "node:fs/promises";
import { openChecked, readBounded, readError, tooLarge, type BoundedReadOptions } from "./bounded-read.js";
import { dirname, join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { SnapshotEntry } from "../core/catalog-diff.js";
import { createSortedSpool, writeHashedFile, type SealedSnapshot } from "./catalog-spool.js";
import type { CatalogToken } from "../core/catalog.js";
import { SECRET_RULES_FINGERPRINT } from "../core/generated/secret-rules.js";
import {
  META_FILE,
  parseTokensText,
  renderMeta,
  toCatalogMeta,
  TOKENS_FILE,
  type CatalogMeta,
} from "../core/catalog-snapshot.js";

export interface SnapshotPaths {
  /** The repository: every file of the snapshot must really be inside it (no link out). */
  root: string;
  /** The folder, absolute. */
  dir: string;
  tokens: string;
  meta: string;
  /** Repository-relative names, for messages. */
  display: { tokens: string; meta: string };
}

/** Where the snapshot of a repository lives: `<root>/<paths.catalog>/tokens.json` and its meta. */
export function snapshotPaths(root: string, catalogDir: string): SnapshotPaths {
  const dir = join(root, catalogDir);
  return {
    root,
    dir,
    tokens: join(dir, TOKENS_FILE),
    meta: join(dir, META_FILE),
    display: { tokens: `${catalogDir}/${TOKENS_FILE}`, meta: `${catalogDir}/${META_FILE}` },
  };
}

/**
 * The pair checked without reading the tokens: is there a tokens.json, and does
 * the meta describe it? Cheap enough for every sync (one read and one hash).
 * - `missing`: no tokens.json;
 * - `unreadable`: tokens.json exists but cannot be read;
 * - `present`: `meta` when it describes exactly this tokens.json, else
 *   undefined with `metaProblem` saying why.
 */
export type SnapshotInspection =
  | { status: "missing" }
  | { status: "unreadable"; reason: string }
  | {
      status: "present";
      digest: string;
      /** tokens.json's text, exactly the bytes hashed, when asked for. */
      text: string | undefined;
      meta: CatalogMeta | undefined;
      metaProblem?: string;
      /** Temporaries or a lock left by a writer that did not finish (killed): {@link tidySnapshot} completes or removes them. */
      strays: boolean;
    };

/**
 * A snapshot as read: `invalid` when tokens.json cannot be used (unreadable,
 * not JSON, not tokens); `ok` with the tokens, and their meta when it describes
 * exactly this tokens.json (otherwise `metaProblem` says why).
 */
export type LoadedSnapshot =
  | { status: "missing" }
  | { status: "invalid"; reason: string }
  | { status: "ok"; tokens: CatalogToken[]; meta: CatalogMeta | undefined; metaProblem?: string };

/** How often a mismatched pair that keeps changing is read again: a replacement takes milliseconds. */
const READ_ATTEMPTS = 3;
const READ_RETRY_DELAY_MS = 25;

/**
 * Hashes tokens.json and reads the meta, and verifies the pair (see the file
 * comment). With `withText`, tokens.json is read whole and its text returned
 * (the very bytes hashed); without, it is hashed as a stream and never held in
 * memory: a sync that finds the catalog unchanged needs no more.
 */
export async function inspectSnapshot(paths: SnapshotPaths, options: { withText?: boolean } = {}): Promise<SnapshotInspection> {
  let previous: { digest: string; metaText: string | undefined } | undefined;
  for (let attempt = 1; ; attempt++) {
    let digest: string;
    let text: string | undefined;
    if (options.withText) {
      const bytes = await readOptional(paths, paths.tokens, true);
      if (bytes instanceof Error) return { status: "unreadable", reason: `${paths.display.tokens} cannot be read (${describeFsError(bytes)})` };
      if (bytes === undefined) return { status: "missing" };
      digest = sha256OfBytes(bytes);
      text = bytes.toString("utf8");
    } else {
      const hashed = await hashFile(paths, paths.tokens);
      if (hashed instanceof Error) return { status: "unreadable", reason: `${paths.display.tokens} cannot be read (${describeFsError(hashed)})` };
      if (hashed === undefined) return { status: "missing" };
      digest = hashed;
    }
    const metaRead = await readOptional(paths, paths.meta);
    const metaText = typeof metaRead === "string" ? metaRead : undefined;
    const strays = (await straysOf(paths.dir)).length > 0;
    const { meta, problem } = metaFor(metaText, digest, paths);
    if (meta) return { status: "present", digest, text, meta, strays };
    const pending = strays ? await pendingMeta(paths, digest) : undefined;
    if (pending) return { status: "present", digest, text, meta: pending, strays };
    // The same mismatch twice is a settled state (a hand edit, a merge), not a replacement under way.
    const settled = previous !== undefined && previous.metaText === metaText && previous.digest === digest;
    if (metaText === undefined || settled || attempt >= READ_ATTEMPTS) return { status: "present", digest, text, meta: undefined, metaProblem: problem, strays };
    previous = { digest, metaText };
    await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
  }
}

/** Reads and verifies the pair, and parses the tokens. */
export async function readSnapshot(paths: SnapshotPaths): Promise<LoadedSnapshot> {
  const inspection = await inspectSnapshot(paths, { withText: true });
  if (inspection.status === "missing") return inspection;
  if (inspection.status === "unreadable") return { status: "invalid", reason: inspection.reason };
  return withTokens(inspection.text ?? "", inspection.meta, inspection.metaProblem, paths);
}

/**
 * Feeds tokens.json to `line`, one line at a time (without line ends), through
 * one reused buffer: a 25 MB snapshot never exists whole in memory. Returns
 * false when there is no tokens.json (or it cannot be read). lint's secret scan
 * of the snapshot reads it this way.
 */
export async function forEachSnapshotLine(paths: SnapshotPaths, line: (text: string) => void): Promise<boolean> {
  const opened = await openChecked(paths.tokens, snapshotLimits(paths));
  if (!opened.ok) return false;
  const handle = opened.handle;
  try {
    const decoder = new StringDecoder("utf8");
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let carry = "";
    let total = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      total += bytesRead;
      if (total > SNAPSHOT_MAX_BYTES) return false;
      const text = carry + (bytesRead > 0 ? decoder.write(buffer.subarray(0, bytesRead)) : decoder.end());
      let start = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        line(text.slice(start, end));
        start = end + 1;
      }
      carry = text.slice(start);
      if (bytesRead === 0) break;
    }
    if (carry !== "") line(carry);
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** Reads of tokens.json go through a buffer this large: few system calls, little memory. */
const READ_CHUNK_BYTES = 1 << 20;

/**
 * The most a snapshot file may hold. The emulator's largest catalog (200,000
 * tokens) is about 30 MB; this leaves room for real catalogs many times that,
 * and stops `/dev/zero` or a file that keeps growing (docs/decisions.md).
 */
export const SNAPSHOT_MAX_BYTES = 256 * 1024 * 1024;

/** Every snapshot file is read bounded, type-checked, and from inside the repository (workspace/bounded-read.ts). */
function snapshotLimits(paths: SnapshotPaths): BoundedReadOptions {
  return { maxBytes: SNAPSHOT_MAX_BYTES, within: { folder: paths.root, name: "the repository" } };
}

/** {@link sha256OfBytes} of a file, read through one reused buffer; undefined when it does not exist. */
async function hashFile(paths: SnapshotPaths, path: string): Promise<string | undefined | Error> {
  const opened = await openChecked(path, snapshotLimits(paths));
  if (!opened.ok) return opened.problem === "missing" ? undefined : readError(opened.reason, opened.cause);
  const handle = opened.handle;
  const hash = createHash("sha256");
  let sawCarriageReturn = false;
  let total = 0;
  try {
    const buffer = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > SNAPSHOT_MAX_BYTES) return readError(tooLarge(SNAPSHOT_MAX_BYTES).reason);
      const bytes = buffer.subarray(0, bytesRead);
      if (!sawCarriageReturn && bytes.includes(13)) sawCarriageReturn = true;
      hash.update(bytes);
    }
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    await handle.close();
  }
  if (!sawCarriageReturn) return hash.digest("hex");
  // CRLF (a Windows checkout): hash the text as LF, whole; rare, and never the large case that matters.
  const bytes = await readOptional(paths, path, true);
  return bytes instanceof Error || bytes === undefined ? bytes : sha256OfBytes(bytes);
}

/**
 * Verifies a pair given as texts (the Git index's copies, for `lint --staged`).
 * `metaText` undefined: no meta.
 */
export function snapshotFromTexts(tokensText: string, metaText: string | undefined, paths: Pick<SnapshotPaths, "display">): LoadedSnapshot {
  const { meta, problem } = metaFor(metaText, sha256OfText(tokensText), paths);
  return withTokens(tokensText, meta, problem, paths);
}

function withTokens(text: string, meta: CatalogMeta | undefined, metaProblem: string | undefined, paths: Pick<SnapshotPaths, "display">): LoadedSnapshot {
  const parsed = parseTokensText(text);
  if (!parsed.ok) return { status: "invalid", reason: `${paths.display.tokens} ${parsed.reason}` };
  if (meta && meta.tokenCount !== parsed.tokens.length) {
    return { status: "ok", tokens: parsed.tokens, meta: undefined, metaProblem: `${paths.display.meta} counts ${meta.tokenCount} tokens, ${paths.display.tokens} holds ${parsed.tokens.length}` };
  }
  return metaProblem === undefined ? { status: "ok", tokens: parsed.tokens, meta } : { status: "ok", tokens: parsed.tokens, meta, metaProblem };
}

function metaFor(metaText: string | undefined, digest: string, paths: Pick<SnapshotPaths, "display">): { meta?: CatalogMeta; problem?: string } {
  if (metaText === undefined) return { problem: `${paths.display.meta} is missing` };
  const meta = toMetaOrUndefined(metaText);
  if (!meta) return { problem: `${paths.display.meta} is not a snapshot meta record this screenpol reads` };
  if (meta.sha256 !== digest) return { problem: `${paths.display.meta} does not describe this ${paths.display.tokens} (edited by hand, or merged?)` };
  return { meta };
}

/**
 * The meta's `secretScan` for a tokens.json of digest `sha256` that the secret
 * scan of these rules (SECRET_RULES_FINGERPRINT: their source's hash) found
 * clean. Not a secret and not a signature: it tells a snapshot a sync wrote and
 * scanned from one edited by hand, for which it does not match, so the scan it
 * saves is never skipped for a text no scan of these rules has read
 * (docs/decisions.md, "Start-up: the catalog's scan seal").
 */
export function secretScanSeal(sha256: string): string {
  return createHash("sha256").update(`screenpol secret scan\n${SECRET_RULES_FINGERPRINT}\n${sha256}\n`).digest("hex");
}

/** True when `meta` (read as describing its tokens.json) carries the seal of the rules this screenpol runs. */
export function isSecretScanSealed(meta: CatalogMeta | undefined): boolean {
  return meta?.secretScan !== undefined && meta.secretScan === secretScanSeal(meta.sha256);
}

/** SHA-256 (hex) of a tokens.json text with CRLF read as LF, so a Git checkout with autocrlf still verifies. */
export function sha256OfText(text: string): string {
  return createHash("sha256").update(text.includes("\r") ? text.replace(/\r\n/g, "\n") : text).digest("hex");
}

/** {@link sha256OfText} of a file's bytes, without decoding them when there is no CR to normalise. */
export function sha256OfBytes(bytes: Buffer): string {
  return bytes.includes(13) ? sha256OfText(bytes.toString("utf8")) : createHash("sha256").update(bytes).digest("hex");
}

/** The meta still in its temporary file after a crash between the two renames, if it matches `digest`. */
async function pendingMeta(paths: SnapshotPaths, digest: string): Promise<CatalogMeta | undefined> {
  for (const name of await temporariesOf(paths.dir, META_FILE)) {
    const text = await readOptional(paths, join(paths.dir, name));
    if (typeof text !== "string") continue;
    try {
      const meta = toCatalogMeta(JSON.parse(text));
      if (meta?.sha256 === digest) return meta;
    } catch {
      // A temporary cut short by the crash: not the one.
    }
  }
  return undefined;
}

/** Another sync holds the lock; nothing was written. */
export class SnapshotBusyError extends Error {
  override readonly name = "SnapshotBusyError";
}

/** Writing the snapshot failed; the previous pair is untouched. */
export class SnapshotWriteError extends Error {
  override readonly name = "SnapshotWriteError";
}

/** The meta to write; the store fills in `sha256`. */
export type MetaDraft = Omit<CatalogMeta, "sha256">;

/**
 * A replacement of the pair streamed page by page (app/catalog.ts): the lock is
 * held from {@link openSnapshotWriter} until {@link SnapshotWriter.commit} or
 * {@link SnapshotWriter.discard}, the tokens go to run files beside tokens.json
 * as they arrive (catalog-spool.ts), and nothing of the pair is touched before
 * the commit. Failures are {@link SnapshotWriteError}s; the previous pair stands.
 */
export interface SnapshotWriter {
  /** Adds one page's entries, in read order. */
  add(entries: readonly SnapshotEntry[]): Promise<void>;
  /**
   * Sorts and writes the new tokens.json as a temporary beside it; `path` can be read (to count changes) until the commit.
   * `onLine` sees each line of the file as written (see SortedSpool.seal).
   */
  seal(onLine?: (line: string) => void): Promise<SealedSnapshot>;
  /** Writes the meta of the sealed file and renames both into place (tokens.json first); releases the lock. */
  commit(draft: MetaDraft): Promise<CatalogMeta>;
  /** Removes every temporary, releases the lock, and removes the folder if the writer created it. Safe to call after commit. */
  discard(): Promise<void>;
}

export async function openSnapshotWriter(paths: SnapshotPaths): Promise<SnapshotWriter> {
  const lock = await acquireLock(paths);
  let open = true;
  const spool = createSortedSpool(paths.tokens);
  let sealed: SealedSnapshot | undefined;
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw error instanceof SnapshotWriteError ? error : writeError(paths.display.tokens, error);
    }
  };
  try {
    await recover(paths);
  } catch (error) {
    await lock.release();
    throw writeError(paths.display.tokens, error);
  }
  return {
    add: (entries) => guard(() => spool.add(entries)),
    seal: (onLine) =>
      guard(async () => {
        sealed = await spool.seal(paths.tokens, onLine);
        return sealed;
      }),
    commit: (draft) =>
      guard(async () => {
        if (!sealed) throw new Error("commit before seal");
        const meta = await installPair(paths, sealed.path, { ...draft, sha256: sealed.sha256 });
        open = false;
        await lock.release();
        return meta;
      }),
    async discard() {
      if (!open) return;
      open = false;
      await spool.discard();
      await lock.release();
      await lock.removeCreatedFolder();
    },
  };
}

/**
 * The second half of a replacement, under the lock: checks that the meta reads
 * back (the writer never saves what the reader refuses: docs/decisions.md,
 * Catalog sync bounds), writes it beside its target, and renames tokens.json,
 * then the meta, into place.
 */
async function installPair(paths: SnapshotPaths, tokensTemporary: string, meta: CatalogMeta): Promise<CatalogMeta> {
  const metaTemporary = temporaryPathFor(paths.meta);
  try {
    const text = readableMeta(meta, paths);
    await writeHashedFile(metaTemporary, [text]);
    await rename(tokensTemporary, paths.tokens);
    await rename(metaTemporary, paths.meta);
    await syncDirectory(paths.dir);
    return meta;
  } catch (error) {
    await unlink(tokensTemporary).catch(() => undefined);
    await unlink(metaTemporary).catch(() => undefined);
    throw error instanceof SnapshotWriteError ? error : writeError(paths.display.tokens, error);
  }
}

/** The meta's text, when the reader ({@link toCatalogMeta}) accepts it back. */
function readableMeta(meta: CatalogMeta, paths: SnapshotPaths): string {
  const text = renderMeta(meta);
  if (toMetaOrUndefined(text) === undefined) {
    throw new SnapshotWriteError(`refusing to write ${paths.display.meta}: screenpol could not read it back (a version or ETag it cannot keep); the previous snapshot is unchanged`);
  }
  return text;
}

function writeError(display: string, error: unknown): SnapshotWriteError {
  return new SnapshotWriteError(`cannot write ${display} (${describeFsError(error)}); the previous snapshot is unchanged`, { cause: error });
}

/** Replaces the meta alone (a new ETag for an unchanged catalog); `meta.sha256` must describe the current tokens.json. */
export async function commitMeta(paths: SnapshotPaths, meta: CatalogMeta): Promise<void> {
  await withLock(paths, async () => {
    await recover(paths);
    const text = readableMeta(meta, paths);
    const temporary = temporaryPathFor(paths.meta);
    try {
      await writeHashedFile(temporary, [text]);
      await rename(temporary, paths.meta);
      await syncDirectory(paths.dir);
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      throw writeError(paths.display.meta, error);
    }
  });
}

/**
 * Completes or removes what a killed writer left (a pending meta, temporaries, a
 * stale lock), under the lock. A sync that finds the catalog unchanged calls it
 * when {@link inspectSnapshot} saw strays, so the files on disk end as a plain pair.
 */
export async function tidySnapshot(paths: SnapshotPaths): Promise<void> {
  await withLock(paths, () => recover(paths));
}

/** Name of the lock file in the catalog folder. */
const LOCK_FILE = ".tokens.lock";

/**
 * One writer at a time: two syncs renaming in turn could otherwise pair one's
 * tokens.json with the other's meta. The lock holds the owner's pid; a lock of a
 * process that no longer runs (killed mid-write) is taken over.
 */
async function withLock<T>(paths: SnapshotPaths, run: () => Promise<T>): Promise<T> {
  const lock = await acquireLock(paths);
  try {
    return await run();
  } finally {
    await lock.release();
  }
}

interface HeldLock {
  release(): Promise<void>;
  /** Removes the catalog folder (and parents) that taking the lock created, when empty again: a failed first sync leaves no trace. */
  removeCreatedFolder(): Promise<void>;
}

async function acquireLock(paths: SnapshotPaths): Promise<HeldLock> {
  let created: string | undefined;
  try {
    created = await mkdir(paths.dir, { recursive: true });
  } catch (error) {
    throw new SnapshotWriteError(`cannot create the catalog folder ${paths.dir} (${describeFsError(error)})`, { cause: error });
  }
  const lock = join(paths.dir, LOCK_FILE);
  let handle: FileHandle | undefined;
  for (let attempt = 0; attempt < 2 && !handle; attempt++) {
    try {
      handle = await open(lock, "wx", 0o644);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new SnapshotWriteError(`cannot write in ${paths.dir} (${describeFsError(error)}); the previous snapshot is unchanged`, { cause: error });
      }
      const owner = Number.parseInt(String(await readOptional(paths, lock)), 10);
      if (Number.isSafeInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new SnapshotBusyError(`another catalog sync (pid ${owner}) is writing ${paths.display.tokens}; try again when it has finished`);
      }
      await unlink(lock).catch(() => undefined);
    }
  }
  if (!handle) throw new SnapshotBusyError(`cannot take the lock ${LOCK_FILE} in ${paths.dir}; remove it if no sync is running`);
  const release = async (): Promise<void> => {
    await unlink(lock).catch(() => undefined);
  };
  try {
    await handle.writeFile(`${process.pid}\n`);
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await release();
    throw new SnapshotWriteError(`cannot write in ${paths.dir} (${describeFsError(error)}); the previous snapshot is unchanged`, { cause: error });
  }
  return {
    release,
    async removeCreatedFolder() {
      if (created === undefined) return;
      for (let dir = paths.dir; dir.length >= created.length; dir = dirname(dir)) {
        if (!(await rmdir(dir).then(() => true, () => false))) break;
      }
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Under the lock, before writing: completes a replacement a crash cut between
 * the two renames (its meta is still a temporary), then removes every other
 * temporary, which only a dead writer can have left.
 */
async function recover(paths: SnapshotPaths): Promise<void> {
  // Hashed as a stream: a snapshot of a million tokens (250 MB) is never read whole.
  const digest = await hashFile(paths, paths.tokens);
  if (typeof digest === "string") {
    const current = toMetaOrUndefined(await readOptional(paths, paths.meta));
    if (current?.sha256 !== digest) {
      for (const name of await temporariesOf(paths.dir, META_FILE)) {
        if (toMetaOrUndefined(await readOptional(paths, join(paths.dir, name)))?.sha256 === digest) {
          await rename(join(paths.dir, name), paths.meta);
          break;
        }
      }
    }
  }
  for (const file of [TOKENS_FILE, META_FILE]) {
    for (const name of await temporariesOf(paths.dir, file)) await unlink(join(paths.dir, name)).catch(() => undefined);
  }
}

function toMetaOrUndefined(text: string | Error | undefined): CatalogMeta | undefined {
  if (typeof text !== "string") return undefined;
  try {
    return toCatalogMeta(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Anything a writer leaves while at work: the lock and the temporaries. */
async function straysOf(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  return names.filter((name) => name === LOCK_FILE || ((name.startsWith(`.${TOKENS_FILE}.`) || name.startsWith(`.${META_FILE}.`)) && name.endsWith(".tmp")));
}

async function temporariesOf(dir: string, file: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const prefix = `.${file}.`;
  return names.filter((name) => name.startsWith(prefix) && name.endsWith(".tmp")).sort();
}


/** The file's text (or bytes), undefined when it does not exist, or the error. */
async function readOptional(paths: SnapshotPaths, path: string): Promise<string | undefined | Error>;
async function readOptional(paths: SnapshotPaths, path: string, binary: true): Promise<Buffer | undefined | Error>;
async function readOptional(paths: SnapshotPaths, path: string, binary = false): Promise<string | Buffer | undefined | Error> {
  const read = await readBounded(path, snapshotLimits(paths));
  if (read.ok) return binary ? read.bytes : read.bytes.toString("utf8");
  return read.problem === "missing" ? undefined : readError(read.reason, read.cause);
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOSPC") return "no space left on the device";
  if (code === "EISDIR") return "it is a folder";
  if (code === "EROFS") return "read-only file system";
  return code ?? (error instanceof Error ? error.message : String(error));
}
