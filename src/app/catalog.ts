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
 * A page is reduced at once to one canonical line per token, keyed by identity,
 * so 100,000 tokens cost a few tens of megabytes, not a tree of page objects.
 */
import { countChanges, diffCatalogs, type CatalogDiff, type ChangeCounts } from "../core/catalog-diff.js";
import { canonicalWalker, CATALOG_META_FORMAT, snapshotKey, tokenLine, type CatalogMeta } from "../core/catalog-snapshot.js";
import type { CatalogToken } from "../core/catalog.js";
import { RemoteError, type RemoteClient, type TokenCatalogPage } from "../remote/index.js";
import {
  commitMeta,
  commitSnapshot,
  inspectSnapshot,
  forEachSnapshotLine,
  readSnapshot,
  SnapshotBusyError,
  SnapshotWriteError,
  tidySnapshot,
  type SnapshotPaths,
} from "../workspace/catalog-store.js";
import { ConfigError, UsageError } from "./errors.js";

/** Page size bounds (admin-api.md, operation 2 and Limits: an integer from 1 to 100). */
export const CATALOG_LIMIT = { min: 1, max: 100 } as const;
/** The sync's page size when neither `--limit` nor a saved snapshot says otherwise: the largest, for the fewest requests. */
export const DEFAULT_SYNC_LIMIT = 100;
/** Reads started over after the catalog changed mid-read, before giving up. */
export const MAX_RESTARTS = 3;
/** A read that has not ended after this many pages is a server that loops: 10 million tokens at 100 a page. */
const MAX_PAGES = 100_000;

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

interface ReadOptions {
  client: RemoteClient;
  limit: number;
  /** The saved first-page ETag, already checked to belong to this limit and source. */
  ifNoneMatch: string | undefined;
  /** The saved snapshot's version: a first page reporting it ends the read. */
  knownVersion: string | undefined;
  expectedTokens: number | undefined;
  maxRestarts: number;
  onProgress: ((progress: SyncProgress) => void) | undefined;
}

/** Outcome of reading the live catalog. `requests` counts page requests (the client's retries inside one are not counted). */
type LiveRead =
  | { kind: "notModified"; etag: string; requests: number }
  | { kind: "sameVersion"; version: string; etag: string | null; requests: number; restarts: number }
  | {
      kind: "complete";
      version: string;
      etag: string | null;
      /** Identity key (snapshotKey) -> the token's canonical line. */
      entries: Map<string, string>;
      pages: number;
      requests: number;
      restarts: number;
      /** Tokens listed twice under one identity; the first is kept. */
      duplicates: number;
    };

async function readLiveCatalog(options: ReadOptions): Promise<LiveRead> {
  const { client, limit } = options;
  let requests = 0;
  for (let restarts = 0; ; restarts++) {
    // The ETag only ever goes with the first request of the first read: after a restart the catalog is known to differ.
    const ifNoneMatch = restarts === 0 ? options.ifNoneMatch : undefined;
    requests++;
    const first = await client.getTokenCatalogPage(ifNoneMatch === undefined ? { limit } : { limit, ifNoneMatch });
    if (first.status === 304) return { kind: "notModified", etag: first.etag, requests };
    const version = first.page.version;
    if (version === options.knownVersion) return { kind: "sameVersion", version, etag: first.etag, requests, restarts };

    const entries = new Map<string, string>();
    let duplicates = 0;
    let tokens = 0;
    const take = (page: TokenCatalogPage): void => {
      for (const token of page.tokens) {
        const key = snapshotKey(token);
        if (entries.has(key)) duplicates++;
        else entries.set(key, tokenLine(token));
      }
      tokens += page.tokens.length;
    };
    take(first.page);
    let pages = 1;
    const report = (): void => options.onProgress?.({ pages, tokens, expectedTokens: options.expectedTokens, restarts });
    report();
    const cursors = new Set<string>();
    let cursor = first.page.nextCursor;
    let changed = false;
    while (cursor !== null) {
      if (cursors.has(cursor) || pages >= MAX_PAGES) throw loopingCatalog(pages, requests);
      cursors.add(cursor);
      requests++;
      const next = await client.getTokenCatalogPage({ limit, cursor });
      // Without If-None-Match there is no 304; the client accepts it only when asked.
      if (next.status !== 200) throw loopingCatalog(pages, requests);
      if (next.page.version !== version) {
        changed = true;
        break;
      }
      take(next.page);
      pages++;
      report();
      cursor = next.page.nextCursor;
    }
    if (!changed) return { kind: "complete", version, etag: first.etag, entries, pages, requests, restarts, duplicates };
    if (restarts >= options.maxRestarts) {
      throw catalogError(
        `GET token catalog: the catalog changed during ${restarts + 1} consecutive reads (version ${short(version)} on the first page, another on page ${pages + 1}); gave up after ${requests} requests`,
        requests,
      );
    }
  }
}

function loopingCatalog(pages: number, requests: number): RemoteError {
  return catalogError(`GET token catalog: invalid response: the pages do not end (a cursor repeats, or more than ${MAX_PAGES} pages) after ${pages} pages`, requests);
}

function catalogError(message: string, attempts: number): RemoteError {
  return new RemoteError(message, { kind: "invalidResponse", operation: "getTokenCatalogPage", action: "GET token catalog", attempts });
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

/** Runs one sync (see the file comment). Throws UsageError, RemoteError, ConfigError; the snapshot stays whole either way. */
export async function syncCatalog(request: SyncRequest): Promise<SyncResult> {
  if (request.limit !== undefined) assertLimit(request.limit);
  const inspection = await inspectSnapshot(request.paths);
  if (inspection.status === "unreadable") throw new ConfigError(`${inspection.reason}; nothing was synced`);
  const saved = inspection.status === "present" ? inspection.meta : undefined;
  const { limit, polling } = pollingFor(saved, request);
  const metaProblem = inspection.status === "present" ? inspection.metaProblem : undefined;

  const live = await withUnchangedNote(request.paths, () =>
    readLiveCatalog({
      client: request.client,
      limit,
      ifNoneMatch: polling?.etag ?? undefined,
      knownVersion: saved?.version,
      expectedTokens: saved?.tokenCount,
      maxRestarts: request.maxRestarts ?? MAX_RESTARTS,
      onProgress: request.onProgress,
    }),
  );
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

  request.onWriting?.();
  const changes =
    inspection.status === "present" ? await changesSince(request.paths, live.entries, saved !== undefined) : { added: live.entries.size, removed: 0, changed: 0 };
  // The default sort compares by code unit, which is compareKeys' order, natively.
  const keys = [...live.entries.keys()].sort();
  const sorted = keys.map((key) => live.entries.get(key) as string);
  keys.length = 0;
  live.entries.clear();
  await guardWrite(() =>
    commitSnapshot(request.paths, sorted, {
      format: CATALOG_META_FORMAT,
      version: live.version,
      etag: live.etag,
      limit,
      source: request.source,
      syncedAt: (request.now?.() ?? new Date()).toISOString(),
      tokenCount: sorted.length,
      pages: live.pages,
    }),
  );
  return {
    ...base,
    outcome: "updated",
    firstStatus: 200,
    version: live.version,
    pages: live.pages,
    tokens: sorted.length,
    changes,
    restarts: live.restarts,
    etag: live.etag,
    metaRefreshed: false,
    duplicates: live.duplicates,
  };
}

/** Options of {@link diffCatalog}. */
export interface DiffRequest {
  client: RemoteClient;
  paths: SnapshotPaths;
  source: string;
  limit?: number | undefined;
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
 * request; writes nothing.
 */
export async function diffCatalog(request: DiffRequest): Promise<DiffResult> {
  if (request.limit !== undefined) assertLimit(request.limit);
  const snapshot = await readSnapshot(request.paths);
  if (snapshot.status === "invalid") throw new ConfigError(`${snapshot.reason}; run screenpol catalog sync to replace it`);
  const saved = snapshot.status === "ok" ? snapshot.meta : undefined;
  const { limit, polling } = pollingFor(saved, request);
  const live = await readLiveCatalog({
    client: request.client,
    limit,
    ifNoneMatch: polling?.etag ?? undefined,
    knownVersion: saved?.version,
    expectedTokens: saved?.tokenCount,
    maxRestarts: request.maxRestarts ?? MAX_RESTARTS,
    onProgress: request.onProgress,
  });
  const metaProblem = snapshot.status === "ok" ? snapshot.metaProblem : undefined;
  const snapshotVersion = snapshot.status === "missing" ? "none" : (saved?.version ?? null);
  const empty: CatalogDiff = { added: [], removed: [], changed: [] };
  if (live.kind === "notModified") return { snapshotVersion, liveVersion: (saved as CatalogMeta).version, how: "notModified", requests: live.requests, diff: empty, metaProblem };
  if (live.kind === "sameVersion") return { snapshotVersion, liveVersion: live.version, how: "sameVersion", requests: live.requests, diff: empty, metaProblem };
  const before = snapshot.status === "ok" ? linesOfTokens(snapshot.tokens) : new Map<string, string>();
  return { snapshotVersion, liveVersion: live.version, how: "read", requests: live.requests, diff: diffCatalogs(before, live.entries), metaProblem };
}

/**
 * Counts what a sync changed against the saved tokens.json. The canonical file
 * is streamed line by line beside the new map, so the old catalog never exists
 * in memory, neither as text nor as objects; a file in any other layout (edited
 * by hand) is read and parsed whole. `trusted`: the meta's hash matched, so the
 * file's lines are the canonical ones a sync wrote.
 */
async function changesSince(paths: SnapshotPaths, after: ReadonlyMap<string, string>, trusted: boolean): Promise<ChangeCounts> {
  let matched = 0;
  let removed = 0;
  let changed = 0;
  const walker = canonicalWalker((key, line) => {
    const now = after.get(key);
    if (now === undefined) removed++;
    else {
      matched++;
      if (now !== line) changed++;
    }
  }, trusted);
  const present = await forEachSnapshotLine(paths, walker.line);
  if (!present) return { added: after.size, removed: 0, changed: 0 };
  if (walker.end()) return { added: after.size - matched, removed, changed };
  const snapshot = await readSnapshot(paths);
  return countChanges(snapshot.status === "ok" ? linesOfTokens(snapshot.tokens) : new Map(), after);
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
  if (!Number.isSafeInteger(limit) || limit < CATALOG_LIMIT.min || limit > CATALOG_LIMIT.max) {
    throw new UsageError(`--limit must be an integer from ${CATALOG_LIMIT.min} to ${CATALOG_LIMIT.max} (admin-api.md, Limits), not ${limit}`, { parameter: "limit" });
  }
}

/** A version as printed: hashes are long, twelve characters tell them apart. */
export function short(version: string): string {
  return version.length > 12 ? version.slice(0, 12) : version;
}
