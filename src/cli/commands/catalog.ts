/**
 * `screenpol catalog sync` and `screenpol catalog diff` (toolkit.md, Token
 * catalog sync). Flags in, one line (or one JSON object) out, an exit code back;
 * the protocol is app/catalog.ts. On a terminal a progress bar is redrawn in
 * place on stderr while pages arrive; nothing of it reaches a pipe or a log.
 */
import { plural } from "../../core/plural.js";
import { connect } from "../../app/connect.js";
import {
  diffCatalog,
  short,
  syncCatalog,
  workspaceSnapshotPaths,
  type DiffResult,
  type SnapshotPaths,
  type SyncProgress,
  type SyncResult,
} from "../../app/catalog.js";
import type { CatalogToken } from "../../core/catalog.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { connectOptions, type RemoteFlags } from "../remote-options.js";
import { growHeapSlowly } from "../heap.js";

export interface CatalogFlags extends RemoteFlags {
  limit?: number;
  maxTokens?: number;
  maxSeconds?: number;
  json?: boolean;
}

/** The flags every catalog read shares (commander has checked each one's range: cli/whole-number.ts). */
function readFlags(flags: CatalogFlags): { limit: number | undefined; maxTokens: number | undefined; maxSeconds: number | undefined } {
  return { limit: flags.limit, maxTokens: flags.maxTokens, maxSeconds: flags.maxSeconds };
}

export async function catalogSyncCommand(flags: CatalogFlags, io: CliIo): Promise<ExitCode> {
  const bounds = readFlags(flags);
  const connection = await connect(connectOptions(flags, io));
  const paths = workspaceSnapshotPaths(connection.workspace);
  const progress = createProgress(io, "catalog sync");
  let result: SyncResult;
  try {
    result = await syncCatalog({
      client: connection.client,
      paths,
      source: connection.client.baseUrl,
      ...bounds,
      secrets: connection.secrets,
      // From the first page read: an unchanged catalog (one 304) is start-up only, where the flag costs time.
      onProgress: (read) => {
        growHeapSlowly();
        progress.update(read);
      },
      onWriting: () => progress.note("writing"),
    });
  } finally {
    progress.clear();
    await connection.client.close();
  }
  if (result.metaProblem !== undefined && !flags.json) io.stderr.write(`screenpol: note: ${result.metaProblem}; the whole catalog was read\n`);
  io.stdout.write(flags.json ? `${JSON.stringify(syncJson(result, paths))}\n` : `${describeSync(result)}\n`);
  return EXIT.ok;
}

export async function catalogDiffCommand(flags: CatalogFlags, io: CliIo): Promise<ExitCode> {
  const bounds = readFlags(flags);
  const connection = await connect(connectOptions(flags, io));
  const paths = workspaceSnapshotPaths(connection.workspace);
  const progress = createProgress(io, "catalog diff");
  let result: DiffResult;
  try {
    result = await diffCatalog({ client: connection.client, paths, source: connection.client.baseUrl, ...bounds, secrets: connection.secrets, onProgress: progress.update });
  } finally {
    progress.clear();
    await connection.client.close();
  }
  io.stdout.write(flags.json ? `${JSON.stringify(diffJson(result))}\n` : describeDiff(result, paths));
  return EXIT.ok;
}

function describeSync(result: SyncResult): string {
  if (result.outcome === "unchanged") {
    const how = result.firstStatus === 304 ? "304, version" : "200, same version";
    const refreshed = result.metaRefreshed ? `; ETag saved for limit ${result.limit}` : "";
    return `catalog unchanged (${how} ${short(result.version)}${refreshed})`;
  }
  const { added, removed, changed } = result.changes;
  const from = result.previousVersion === null ? "" : `${short(result.previousVersion)} -> `;
  const notes = [
    `${plural(result.tokens, "token")} in ${plural(result.pages, "page")}`,
    result.restarts > 0 ? `restarted ${result.restarts}x: the catalog changed during the read` : "",
    result.duplicates > 0 ? `${result.duplicates} duplicate entries ignored` : "",
  ].filter((note) => note !== "");
  return `catalog updated: +${added} -${removed} ~${changed} tokens (version ${from}${short(result.version)}; ${notes.join("; ")})`;
}

function syncJson(result: SyncResult, paths: SnapshotPaths): Record<string, unknown> {
  return {
    outcome: result.outcome,
    status: result.firstStatus,
    version: result.version,
    previousVersion: result.previousVersion,
    added: result.changes.added,
    removed: result.changes.removed,
    changed: result.changes.changed,
    tokens: result.tokens,
    pages: result.pages,
    requests: result.requests,
    restarts: result.restarts,
    limit: result.limit,
    etag: result.etag,
    metaRefreshed: result.metaRefreshed,
    duplicates: result.duplicates,
    metaProblem: result.metaProblem ?? null,
    files: [paths.display.tokens, paths.display.meta],
  };
}

function describeDiff(result: DiffResult, paths: SnapshotPaths): string {
  const { added, removed, changed } = result.diff;
  const lines: string[] = [];
  for (const token of added) lines.push(`+ ${describeToken(token)}`);
  for (const token of removed) lines.push(`- ${describeToken(token)}`);
  for (const change of changed) {
    const fields = change.fields.map((field) => `${field.field} ${show(field.from)} -> ${show(field.to)}`).join("; ");
    lines.push(`~ ${identity(change.token)} ${change.token.symbol}: ${fields}`);
  }
  const snapshot = result.snapshotVersion === "none" ? `no snapshot at ${paths.display.tokens}` : result.snapshotVersion === null ? "snapshot version unknown" : `snapshot version ${short(result.snapshotVersion)}`;
  if (added.length + removed.length + changed.length === 0) {
    const how = result.how === "notModified" ? "304, version" : result.how === "sameVersion" ? "200, same version" : "read in full, version";
    lines.push(`catalog diff: no changes (${how} ${short(result.liveVersion)})`);
  } else {
    lines.push(`catalog diff: +${added.length} -${removed.length} ~${changed.length} tokens (${snapshot}, live version ${short(result.liveVersion)})`);
  }
  return `${lines.join("\n")}\n`;
}

function diffJson(result: DiffResult): Record<string, unknown> {
  return {
    snapshotVersion: result.snapshotVersion === "none" ? null : result.snapshotVersion,
    liveVersion: result.liveVersion,
    how: result.how,
    requests: result.requests,
    added: result.diff.added,
    removed: result.diff.removed,
    changed: result.diff.changed.map((change) => ({
      chain: change.token.chain,
      networkId: change.token.networkId,
      contractAddress: change.token.contractAddress,
      symbol: change.token.symbol,
      fields: change.fields,
    })),
  };
}

function identity(token: CatalogToken): string {
  return `${token.chain} ${token.networkId} ${token.contractAddress}`;
}

function describeToken(token: CatalogToken): string {
  return `${identity(token)} ${token.symbol} ${JSON.stringify(token.name)} (decimals ${token.decimals})`;
}

function show(value: unknown): string {
  return value === undefined ? "(none)" : JSON.stringify(value);
}

/** Redraws at most this often: a terminal need not repaint for every one of 1,000 pages. */
const REDRAW_MS = 80;
const BAR_WIDTH = 24;

interface Progress {
  update(progress: SyncProgress): void;
  note(text: string): void;
  clear(): void;
}

/** A progress bar on stderr when it is a terminal; nothing otherwise. */
function createProgress(io: CliIo, label: string): Progress {
  if (io.stderr.isTTY !== true) return { update: () => undefined, note: () => undefined, clear: () => undefined };
  let drawn = false;
  let lastDraw = 0;
  let last: SyncProgress | undefined;
  const draw = (suffix = ""): void => {
    if (!last) return;
    const { pages, tokens, expectedTokens, restarts } = last;
    const fraction = expectedTokens ? Math.min(0.99, tokens / Math.max(expectedTokens, 1)) : undefined;
    const filled = fraction === undefined ? (pages % (BAR_WIDTH + 1)) : Math.round(fraction * BAR_WIDTH);
    const bar = fraction === undefined ? `${" ".repeat(Math.max(0, filled - 1))}${filled > 0 ? "#" : ""}`.padEnd(BAR_WIDTH) : "#".repeat(filled).padEnd(BAR_WIDTH, "-");
    const total = expectedTokens ? ` / ~${expectedTokens.toLocaleString("en-US")}` : "";
    const restart = restarts > 0 ? `, restart ${restarts}` : "";
    io.stderr.write(`\r\x1b[2K${label} [${bar}] ${pages} pages, ${tokens.toLocaleString("en-US")}${total} tokens${restart}${suffix}`);
    drawn = true;
  };
  return {
    update(progress) {
      last = progress;
      const now = Date.now();
      if (now - lastDraw < REDRAW_MS) return;
      lastDraw = now;
      draw();
    },
    note(text) {
      draw(`, ${text}`);
    },
    clear() {
      if (drawn) io.stderr.write("\r\x1b[2K");
      drawn = false;
    },
  };
}
