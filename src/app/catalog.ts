/**
 * Token catalog sync and diff (toolkit.md, Token catalog sync; admin-api.md,
 * operation 2). The polling protocol, exactly:
 *
 * 1. The saved first-page ETag goes in `If-None-Match` on the first page only,
 *    and only with the limit (and base URL) it was saved with: an ETag matches
 *    only the same `limit` and `cursor` (rule 2, Limits).
 * 2. 304: the saved snapshot stands. One request in all.
 * 3. 200 with the saved `version`: the snapshot stands too (one request); only
 *    the meta is refreshed when the ETag or limit it holds differ.
 * 4. 200 with a new `version`: read every page until `nextCursor` is null; when a
 *    later page reports another `version` than the first, the catalog changed
 *    under the read: discard it and start again from the first page, at most
 *    {@link MAX_RESTARTS} times. Then replace tokens.json and its meta together
 *    (workspace/catalog-store.ts).
 * Any failure leaves the last valid snapshot untouched (rule 4). 429 and 5xx are
 * retried by the client (backoff, full jitter, Retry-After), per request.
 *
 * A read is bounded (docs/decisions.md, Catalog sync bounds): a page may hold at
 * most `limit` tokens, a read at most `maxTokens`, and the whole read must end
 * within `maxSeconds`. Each page is reduced at once to (identity key, canonical
 * line) per token and handed to a sink that spools it to disk
 * (workspace/catalog-spool.ts), so memory stays flat whatever the catalog's size.
 * Nothing the service sends that carries the API token is ever written.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";
import { countSortedChanges, diffSorted, sortedEntriesOf, type CatalogDiff, type ChangeCounts, type SnapshotEntry } from "../core/catalog-diff.js";
import { CATALOG_META_FORMAT, savedValueProblem, snapshotKey, tokenLine, TOKENS_FILE, type CatalogMeta } from "../core/catalog-snapshot.js";
import type { CatalogToken } from "../core/catalog.js";
import { scanPlainText } from "../core/lint.js";
import { createSecretRedactor, type SecretRedactor } from "../core/secret-redactor.js";
import { RemoteError, type RemoteClient, type RemoteErrorDetails, type TokenCatalogPage } from "../remote/index.js";
import { createSortedSpool, NotCanonicalError, snapshotEntries, withScratchFolder, type SortedSpool } from "../workspace/catalog-spool.js";
import {
  commitMeta,
  inspectSnapshot,
  openSnapshotWriter,
  readSnapshot,
  secretScanSeal,
  SnapshotBusyError,
  SnapshotWriteError,
  snapshotPaths,
  tidySnapshot,
  type SnapshotPaths,
  type SnapshotWriter,
} from "../workspace/catalog-store.js";
import { ConfigError, UsageError } from "./errors.js";
import type { Workspace } from "./workspace-config.js";

import { CATALOG_LIMIT, MAX_SECONDS_RANGE, MAX_TOKENS_RANGE } from "../core/catalog-bounds.js";

export { CATALOG_LIMIT, MAX_SECONDS_RANGE, MAX_TOKENS_RANGE };
export type { SnapshotPaths };

/** The files of the workspace's catalog snapshot (config `paths.catalog`), which sync writes and diff compares with. */
export function workspaceSnapshotPaths(workspace: Pick<Workspace, "root" | "config">): SnapshotPaths {
  return snapshotPaths(workspace.root, workspace.config.paths.catalog);
}
/** The sync's page size when neither `--limit` nor a saved snapshot says otherwise: the largest, for the fewest requests. */
export const DEFAULT_SYNC_LIMIT = 100;
/** Reads started over after the catalog changed mid-read, before giving up. */
export const MAX_RESTARTS = 3;
/** A read that has not ended after this many pages is a server that loops: 10 million tokens at 100 a page. */
const MAX_PAGES = 100_000;
/** Tokens one read may hold (`--max-tokens`): far above a real catalog (thousands), far below what exhausts memory or disk. */
export const DEFAULT_MAX_TOKENS = 1_000_000;
/** Wall time of the whole read (`--max-seconds`): a scheduled job should fail, not hang. */
export const DEFAULT_MAX_SECONDS = 600;

/** Progress of a read, for a progress bar. */
export interface SyncProgress {
  /** Pages received in the current read. */
  pages: number;
  /** Tokens received in the current read. */
  tokens: number;
  /** The saved snapshot's token count, when there is one: a fair guess at the total. */
  expectedTokens: number | undefined;
  /** Reads started over so far. */
  restarts: number;
}

/** Where a read's tokens go as pages arrive: the snapshot writer (sync) or a scratch spool (diff). */
interface PageSink {
  add(entries: readonly SnapshotEntry[]): Promise<void>;
  discard(): Promise<void>;
}

/** The bounds of one sync or diff (docs/decisions.md, Catalog sync bounds). */
interface ReadBounds {
  maxTokens: number;
  maxSeconds: number;
  /** Date.now() past which the read fails. */
  deadline: number;
}

interface ReadOptions<Sink extends PageSink> {
  client: RemoteClient;
  limit: number;
  /** The saved first-page ETag, already checked to belong to this limit and source. */
  ifNoneMatch: string | undefined;
  /** The saved snapshot's version: a first page reporting it ends the read. */
  knownVersion: string | undefined;
  expectedTokens: number | undefined;
  maxRestarts: number;
  bounds: ReadBounds;
  /** Forms of the API token that no page, version or ETag may carry into a file or the output. */
  secrets: SecretRedactor;
  /** Opens a sink for a full read (again after a restart). */
  openSink: () => Promise<Sink>;
  onProgress: ((progress: SyncProgress) => void) | undefined;
}

/** Outcome of reading the live catalog. `requests` counts page requests (the client's retries inside one are not counted). */
type LiveRead<Sink> =
  | { kind: "notModified"; etag: string; requests: number }
  | { kind: "sameVersion"; version: string; etag: string | null; requests: number; restarts: number }
  | {
      kind: "complete";
      version: string;
      etag: string | null;
      /** Every token of the read, in read order; the caller seals or discards it. */
      sink: Sink;
      pages: number;
      requests: number;
      restarts: number;
    };

async function readLiveCatalog<Sink extends PageSink>(options: ReadOptions<Sink>): Promise<LiveRead<Sink>> {
  const { client, limit, bounds } = options;
  let requests = 0;
  const failure = (message: string, details: Partial<RemoteErrorDetails> = {}): RemoteError => catalogError(message, requests, details);
  const fetchPage = (query: Parameters<RemoteClient["getTokenCatalogPage"]>[0]) => {
    requests++;
    return beforeDeadline(client.getTokenCatalogPage(query), bounds.deadline, () => timedOut(bounds, requests));
  };
  for (let restarts = 0; ; restarts++) {
    // The ETag only ever goes with the first request of the first read: after a restart the catalog is known to differ.
    const ifNoneMatch = restarts === 0 ? options.ifNoneMatch : undefined;
    const first = await fetchPage(ifNoneMatch === undefined ? { limit } : { limit, ifNoneMatch });
    // Both may be saved in the meta and are printed by --json: checked before anything else happens.
    if (first.etag !== null) assertSavable("the ETag", first.etag, options.secrets, failure);
    if (first.status === 304) return { kind: "notModified", etag: first.etag, requests };
    const version = first.page.version;
    assertSavable("the version", version, options.secrets, failure);
    if (version === options.knownVersion) return { kind: "sameVersion", version, etag: first.etag, requests, restarts };

    const sink = await options.openSink();
    let kept = false;
    try {
      let pages = 0;
      let tokens = 0;
      const take = async (page: TokenCatalogPage): Promise<void> => {
        pages++;
        tokens += page.tokens.length;
        const entries = pageEntries(page, pages, limit, options.secrets, failure);
        if (tokens > bounds.maxTokens) {
          throw failure(`GET token catalog: more than ${bounds.maxTokens} tokens (--max-tokens) after ${pages} pages; raise --max-tokens if the catalog is really that large`);
        }
        await sink.add(entries);
        options.onProgress?.({ pages, tokens, expectedTokens: options.expectedTokens, restarts });
      };
      await take(first.page);
      const cursors = new Set<string>();
      let cursor = first.page.nextCursor;
      let changed = false;
      while (cursor !== null) {
        // Digests, not the cursors: a server may hand out cursors of kilobytes, and a looping one many of them.
        const seen = createHash("sha256").update(cursor).digest("base64");
        if (cursors.has(seen) || pages >= MAX_PAGES) throw failure(`GET token catalog: invalid response: the pages do not end (a cursor repeats, or more than ${MAX_PAGES} pages) after ${pages} pages`);
        cursors.add(seen);
        const next = await fetchPage({ limit, cursor });
        // Without If-None-Match there is no 304; the client accepts it only when asked.
        if (next.status !== 200) throw failure(`GET token catalog: invalid response: ${next.status} for a page without If-None-Match after ${pages} pages`);
        if (next.page.version !== version) {
          changed = true;
          break;
        }
        await take(next.page);
        cursor = next.page.nextCursor;
      }
      if (!changed) {
        kept = true;
        return { kind: "complete", version, etag: first.etag, sink, pages, requests, restarts };
      }
      if (restarts >= options.maxRestarts) {
        throw failure(`GET token catalog: the catalog changed during ${restarts + 1} consecutive reads (version ${short(version)} on the first page, another on page ${pages + 1}); gave up after ${requests} requests`);
      }
    } finally {
      if (!kept) await sink.discard();
    }
  }
}

/**
 * One page as (identity key, canonical line) entries, after the checks that
 * make it fit to be written: at most `limit` tokens (a server that sends more
 * than asked is broken, and would otherwise fill memory a page at a time), and
 * no form of the API token anywhere in what would be written.
 */
function pageEntries(page: TokenCatalogPage, pageNumber: number, limit: number, secrets: SecretRedactor, failure: (message: string) => RemoteError): SnapshotEntry[] {
  if (page.tokens.length > limit) {
    throw failure(`GET token catalog: invalid response: page ${pageNumber} holds ${page.tokens.length} tokens for limit=${limit} (admin-api.md, Limits)`);
  }
  const entries = page.tokens.map((token): SnapshotEntry => [snapshotKey(token), tokenLine(token)]);
  if (!secrets.empty && secrets.contains(entries.map(([, line]) => line).join("\n"))) {
    throw failure(`GET token catalog: invalid response: page ${pageNumber} echoes the API token in a token's fields; refused rather than written`);
  }
  return entries;
}

/** A version or ETag that the meta can hold and the reader accepts back (core/catalog-snapshot.ts), and that does not carry the API token. */
function assertSavable(what: string, value: string, secrets: SecretRedactor, failure: (message: string) => RemoteError): void {
  const problem = savedValueProblem(value);
  if (problem !== undefined) throw failure(`GET token catalog first page: invalid response: ${what} ${problem}`);
  if (secrets.contains(value)) throw failure(`GET token catalog first page: invalid response: ${what} echoes the API token; refused rather than saved`);
}

/**
 * Settles with `run`, or fails with `fail()` once `deadline` has passed. The
 * request left behind ends with its own timeout; its outcome is ignored.
 */
async function beforeDeadline<T>(run: Promise<T>, deadline: number, fail: () => Error): Promise<T> {
  run.catch(() => undefined);
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw fail();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(fail()), remaining);
  });
  try {
    return await Promise.race([run, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function timedOut(bounds: ReadBounds, requests: number): RemoteError {
  return catalogError(`GET token catalog: not complete after ${bounds.maxSeconds} s (--max-seconds) and ${requests} requests; raise --max-seconds if the service is really that slow`, requests, {
    kind: "network",
    networkCode: "TIMEOUT",
  });
}

function catalogError(message: string, attempts: number, details: Partial<RemoteErrorDetails> = {}): RemoteError {
  return new RemoteError(message, { kind: "invalidResponse", operation: "getTokenCatalogPage", action: "GET token catalog", attempts, ...details });
}

/** The bounds of a request, checked (a library caller bypasses the CLI's parsing), with the clock started. */
function boundsOf(request: { maxTokens?: number | undefined; maxSeconds?: number | undefined }): ReadBounds {
  const maxTokens = request.maxTokens ?? DEFAULT_MAX_TOKENS;
  const maxSeconds = request.maxSeconds ?? DEFAULT_MAX_SECONDS;
  assertBound("--max-tokens", maxTokens, MAX_TOKENS_RANGE);
  assertBound("--max-seconds", maxSeconds, MAX_SECONDS_RANGE);
  return { maxTokens, maxSeconds, deadline: Date.now() + maxSeconds * 1000 };
}

/** Refuses a flag's value that is not an integer in its range, before any request; `note` follows the range in the message. */
export function assertBound(flag: string, value: number, range: { min: number; max: number }, note = ""): void {
  if (!Number.isSafeInteger(value) || value < range.min || value > range.max) {
    throw new UsageError(`${flag} must be an integer from ${range.min} to ${range.max}${note}, not ${value}`, { parameter: flag.slice(2) });
  }
}

/** Options of {@link syncCatalog}. */
export interface SyncRequest {
  /** The client (its retry policy applies to every page request); the caller closes it. */
  client: RemoteClient;
  paths: SnapshotPaths;
  /** The base URL, recorded in the meta: an ETag is only sent back to the service that issued it. */
  source: string;
  /** `--limit`: 1..100. Default: the saved snapshot's, else {@link DEFAULT_SYNC_LIMIT}. */
  limit?: number | undefined;
  /** `--max-tokens`: default {@link DEFAULT_MAX_TOKENS}. */
  maxTokens?: number | undefined;
  /** `--max-seconds`: default {@link DEFAULT_MAX_SECONDS}. */
  maxSeconds?: number | undefined;
  /** The API token (and any other secret): a page, version or ETag carrying one is refused, never written. */
  secrets?: SecretRedactor;
  /** Default {@link MAX_RESTARTS}. */
  maxRestarts?: number;
  now?: () => Date;
  onProgress?: (progress: SyncProgress) => void;
  /** Called once the read is complete and the files are about to be written. */
  onWriting?: () => void;
}

export interface SyncResult {
  /** `unchanged`: the files were left as they were (but see `metaRefreshed`); `updated`: tokens.json and its meta were replaced. */
  outcome: "unchanged" | "updated";
  /** Status of the first page request: 304 or 200. */
  firstStatus: 200 | 304;
  /** The catalog version the snapshot now holds. */
  version: string;
  /** The version the snapshot held before; null when there was none (or its meta could not be trusted). */
  previousVersion: string | null;
  /** Page requests made (retries inside the client not counted). */
  requests: number;
  /** Pages of the read that was kept (0 when nothing was read beyond the first page). */
  pages: number;
  /** Tokens the snapshot now holds. */
  tokens: number;
  changes: ChangeCounts;
  restarts: number;
  limit: number;
  etag: string | null;
  /** An unchanged catalog whose meta was rewritten with a new ETag or limit. */
  metaRefreshed: boolean;
  duplicates: number;
  /** Why the saved meta was not used for polling, when it was not. */
  metaProblem: string | undefined;
}

/**
 * The page size to read with, and the saved meta when its ETag may be sent:
 * admin-api.md, Limits: an ETag matches only the same `limit` (and the same
 * service, so a snapshot from another base URL is never polled).
 */
function pollingFor<Meta extends { limit: number; source: string }>(saved: Meta | undefined, request: { limit?: number | undefined; source: string }): { limit: number; polling: Meta | undefined } {
  const limit = request.limit ?? saved?.limit ?? DEFAULT_SYNC_LIMIT;
  return { limit, polling: saved !== undefined && saved.limit === limit && saved.source === request.source ? saved : undefined };
}

/**
 * What a sync and a diff do before their first request: check the limit and
 * bounds, inspect the saved pair (streamed, never parsed), and choose the page
 * size and the ETag to poll with. `read` then runs the read with those choices.
 */
async function prepareRead(request: SyncRequest | DiffRequest, unreadable: string) {
  if (request.limit !== undefined) assertLimit(request.limit);
  const bounds = boundsOf(request);
  const secrets = request.secrets ?? createSecretRedactor([]);
  const inspection = await inspectSnapshot(request.paths);
  if (inspection.status === "unreadable") throw new ConfigError(`${inspection.reason}; ${unreadable}`);
  const saved = inspection.status === "present" ? inspection.meta : undefined;
  const { limit, polling } = pollingFor(saved, request);
  const metaProblem = inspection.status === "present" ? inspection.metaProblem : undefined;
  const read = <Sink extends PageSink>(openSink: () => Promise<Sink>): Promise<LiveRead<Sink>> =>
    readLiveCatalog<Sink>({
      client: request.client,
      limit,
      ifNoneMatch: polling?.etag ?? undefined,
      knownVersion: saved?.version,
      expectedTokens: saved?.tokenCount,
      maxRestarts: request.maxRestarts ?? MAX_RESTARTS,
      bounds,
      secrets,
      openSink,
      onProgress: request.onProgress,
    });
  return { inspection, saved, limit, metaProblem, read };
}

/** Runs one sync (see the file comment). Throws UsageError, RemoteError, ConfigError; the snapshot stays whole either way. */
export async function syncCatalog(request: SyncRequest): Promise<SyncResult> {
  const { inspection, saved, limit, metaProblem, read } = await prepareRead(request, "nothing was synced");
  const live = await withUnchangedNote(request.paths, () => read<SnapshotWriter>(() => guardWrite(() => openSnapshotWriter(request.paths))));
  const base = {
    previousVersion: saved?.version ?? null,
    requests: live.requests,
    limit,
    duplicates: 0,
    metaProblem,
    changes: { added: 0, removed: 0, changed: 0 },
  };

  if (live.kind !== "complete" && inspection.status === "present" && inspection.strays) {
    // A writer was killed here: finish its rename (or drop its temporaries) so the files are a plain pair again.
    // Best effort: a sync running right now (holding the lock) will do it.
    await guardWrite(() => tidySnapshot(request.paths).catch((error: unknown) => {
      if (!(error instanceof SnapshotBusyError)) throw error;
    }));
  }
  if (live.kind === "notModified") {
    // Only a saved meta supplies an ETag, so `saved` is set here.
    const meta = saved as CatalogMeta;
    return { ...base, outcome: "unchanged", firstStatus: 304, version: meta.version, pages: 0, tokens: meta.tokenCount, restarts: 0, etag: live.etag, metaRefreshed: false };
  }
  if (live.kind === "sameVersion") {
    const meta = saved as CatalogMeta;
    // Same content, but an ETag for another limit (or none): save the new one so the next poll can get its 304.
    const refresh = live.etag !== null && (meta.etag !== live.etag || meta.limit !== limit || meta.source !== request.source);
    if (refresh) {
      await guardWrite(() => commitMeta(request.paths, { ...meta, etag: live.etag, limit, source: request.source }));
    }
    return {
      ...base,
      outcome: "unchanged",
      firstStatus: 200,
      version: live.version,
      pages: 0,
      tokens: meta.tokenCount,
      restarts: live.restarts,
      etag: live.etag ?? meta.etag,
      metaRefreshed: refresh,
    };
  }

  const writer = live.sink;
  try {
    request.onWriting?.();
    // The secret scan lint would run on the new tokens.json, run on its lines as they are written: clean, the
    // meta carries its seal and lint skips it (docs/decisions.md, "Start-up: the catalog's scan seal").
    const scan = scanPlainText(TOKENS_FILE);
    const sealed = await guardWrite(() => writer.seal((line) => scan.line(line)));
    const secretScan = scan.diagnostics().length === 0 ? { secretScan: secretScanSeal(sealed.sha256) } : {};
    const changes = inspection.status === "present" ? await changesSince(request.paths, sealed.path, saved !== undefined) : { added: sealed.tokens, removed: 0, changed: 0 };
    await guardWrite(() =>
      writer.commit({
        format: CATALOG_META_FORMAT,
        version: live.version,
        etag: live.etag,
        limit,
        source: request.source,
        syncedAt: (request.now?.() ?? new Date()).toISOString(),
        tokenCount: sealed.tokens,
        pages: live.pages,
        ...secretScan,
      }),
    );
    return {
      ...base,
      outcome: "updated",
      firstStatus: 200,
      version: live.version,
      pages: live.pages,
      tokens: sealed.tokens,
      changes,
      restarts: live.restarts,
      etag: live.etag,
      metaRefreshed: false,
      duplicates: sealed.duplicates,
    };
  } finally {
    await writer.discard();
  }
}

/** Options of {@link diffCatalog}. */
export interface DiffRequest {
  client: RemoteClient;
  paths: SnapshotPaths;
  source: string;
  limit?: number | undefined;
  maxTokens?: number | undefined;
  maxSeconds?: number | undefined;
  secrets?: SecretRedactor;
  maxRestarts?: number;
  onProgress?: (progress: SyncProgress) => void;
}

export interface DiffResult {
  /** `none`: no snapshot yet (every live token is added). */
  snapshotVersion: string | null | "none";
  liveVersion: string;
  /** How the live catalog was learnt: 304 (the saved ETag matched), same version on the first page, or a full read. */
  how: "notModified" | "sameVersion" | "read";
  requests: number;
  diff: CatalogDiff;
  metaProblem: string | undefined;
}

/**
 * What changed between the snapshot and the live catalog, by identity. Uses the
 * same conditional first request as a sync, so an unchanged catalog costs one
 * request; writes nothing in the repository (a full read is spooled in a
 * scratch folder of the system's temporary directory, removed at the end).
 */
export async function diffCatalog(request: DiffRequest): Promise<DiffResult> {
  const { inspection, saved, metaProblem, read } = await prepareRead(request, "run screenpol catalog sync to replace it");
  const snapshotVersion = inspection.status === "missing" ? "none" : (saved?.version ?? null);
  return withScratchFolder(async (scratch) => {
    const target = join(scratch, TOKENS_FILE);
    const live = await read<SortedSpool>(async () => createSortedSpool(target));
    const empty: CatalogDiff = { added: [], removed: [], changed: [] };
    if (live.kind === "notModified") return { snapshotVersion, liveVersion: (saved as CatalogMeta).version, how: "notModified", requests: live.requests, diff: empty, metaProblem };
    if (live.kind === "sameVersion") return { snapshotVersion, liveVersion: live.version, how: "sameVersion", requests: live.requests, diff: empty, metaProblem };
    try {
      const sealed = await live.sink.seal(target);
      const after = () => snapshotEntries(sealed.path, true);
      const diff =
        inspection.status === "present"
          ? await compareWithSnapshot(request.paths, saved !== undefined, (before) => diffSorted(before, after()), "diff")
          : diffSorted(sortedEntriesOf(new Map()), after());
      return { snapshotVersion, liveVersion: live.version, how: "read" as const, requests: live.requests, diff, metaProblem };
    } finally {
      await live.sink.discard();
    }
  });
}

/**
 * Counts what a sync changed against the saved tokens.json: both files are in
 * snapshot order, so they are walked side by side and neither is ever in memory.
 * `trusted`: the meta's hash matched, so the old file's lines are the canonical
 * ones a sync wrote.
 */
function changesSince(paths: SnapshotPaths, sealedPath: string, trusted: boolean): Promise<ChangeCounts> {
  return compareWithSnapshot(paths, trusted, (before) => countSortedChanges(before, snapshotEntries(sealedPath, true)), "sync");
}

/**
 * Runs `compare` over the saved snapshot's entries in order: streamed from the
 * file when it is in the canonical layout, else (edited by hand) parsed whole
 * and sorted, the one case where the old catalog is held in memory.
 */
async function compareWithSnapshot<T>(paths: SnapshotPaths, trusted: boolean, compare: (before: Iterable<SnapshotEntry>) => T, use: "sync" | "diff"): Promise<T> {
  try {
    return compare(snapshotEntries(paths.tokens, trusted));
  } catch (error) {
    if (!(error instanceof NotCanonicalError) && (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const snapshot = await readSnapshot(paths);
  if (snapshot.status === "invalid" && use === "diff") throw new ConfigError(`${snapshot.reason}; run screenpol catalog sync to replace it`);
  return compare(sortedEntriesOf(snapshot.status === "ok" ? linesOfTokens(snapshot.tokens) : new Map()));
}

/** Tokens as identity -> canonical line (the first of an identity wins). */
function linesOfTokens(tokens: readonly CatalogToken[]): Map<string, string> {
  const lines = new Map<string, string>();
  for (const token of tokens) {
    const key = snapshotKey(token);
    if (!lines.has(key)) lines.set(key, tokenLine(token));
  }
  return lines;
}

/** Rethrows a remote failure with the reassurance that the snapshot was not touched. */
async function withUnchangedNote<T>(paths: SnapshotPaths, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    const details = {
      kind: error.kind,
      operation: error.operation,
      action: error.action,
      status: error.status,
      serverMessage: error.serverMessage,
      code: error.code,
      networkCode: error.networkCode,
      attempts: error.attempts,
    };
    throw new RemoteError(`${error.message}; ${paths.display.tokens} left unchanged`, details, { cause: error });
  }
}

/** Write failures and a concurrent sync become configuration errors (exit 2) with one line; the old pair stands. */
async function guardWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof SnapshotWriteError || error instanceof SnapshotBusyError) throw new ConfigError(error.message, { cause: error });
    throw error;
  }
}

/** Refuses a page size outside 1..100 before any request (admin-api.md, Limits). */
export function assertLimit(limit: number): void {
  assertBound("--limit", limit, CATALOG_LIMIT, LIMIT_NOTE);
}

/** Where the page size's range comes from, said in every message about it. */
export const LIMIT_NOTE = " (admin-api.md, Limits)";

/** A version as printed: hashes are long, twelve characters tell them apart. */
export function short(version: string): string {
  return version.length > 12 ? version.slice(0, 12) : version;
}
