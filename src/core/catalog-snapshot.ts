/**
 * The token catalog snapshot as files in the repository (policy-language.md
 * section 1: `catalog/tokens.json` + `catalog/tokens.meta.json`), pure: the
 * canonical form of a token, their order, and the meta record. The I/O (reading,
 * hashing, the atomic replacement of the pair) is in workspace/catalog-store.ts.
 *
 * tokens.json is a JSON array holding one token per line, ordered by chain,
 * networkId and contractAddress (admin-api.md, Token catalog entry: that triple is
 * a token's identity), members in a fixed order. A sync that changes three
 * tokens changes three lines, so the pull request a scheduled sync opens is
 * readable.
 */
import { tokenKey, type CatalogToken } from "./catalog.js";

/** Format of tokens.meta.json; bumped when its members change meaning. */
export const CATALOG_META_FORMAT = 1;

/** File names inside the config's `paths.catalog` folder (policy-language.md section 1). */
export const TOKENS_FILE = "tokens.json";
export const META_FILE = "tokens.meta.json";

/**
 * tokens.meta.json: what the next sync needs to poll (admin-api.md, operation 2,
 * rule 3: "save the first page ETag with the stored catalog") and what binds it to
 * the tokens.json it describes.
 */
export interface CatalogMeta {
  format: typeof CATALOG_META_FORMAT;
  /** The catalog's `version` (hash of the entire catalog content) the snapshot was read at. */
  version: string;
  /** ETag of the first page request; it matches only the same `limit` (and no cursor). Null when the service sent none. */
  etag: string | null;
  /** Page size the snapshot was read with; the ETag is only sent again with this limit. */
  limit: number;
  /** Base URL it was read from; the ETag is only sent back to the same service. */
  source: string;
  /** When the snapshot was read (ISO 8601). Unchanged by a sync that finds the catalog unchanged. */
  syncedAt: string;
  /** Tokens in tokens.json. */
  tokenCount: number;
  /** Pages read to build it. */
  pages: number;
  /** SHA-256 (hex) of tokens.json with line ends normalised to LF: binds this meta to exactly that file. */
  sha256: string;
}

/** Members of a token, in the order they are written (identity first). */
const TOKEN_MEMBERS = ["chain", "networkId", "contractAddress", "symbol", "name", "decimals", "tokenId", "logoURI"] as const;

/**
 * One token as its line of tokens.json: its documented members only, in a fixed
 * order, so the same token always reads the same and a changed member is a
 * changed line.
 */
export function tokenLine(token: CatalogToken): string {
  const ordered: Record<string, unknown> = {};
  for (const member of TOKEN_MEMBERS) {
    if (token[member] !== undefined) ordered[member] = token[member];
  }
  return JSON.stringify(ordered);
}

/** A token's place in tokens.json and its identity: enough to sort and to diff without keeping the token object. */
export interface SnapshotEntry {
  /** {@link tokenKey}: chain, networkId, contractAddress (EVM lower-cased). */
  key: string;
  chain: string;
  networkId: number;
  /** The address as compared: lower-cased on EVM, where case is a checksum, not identity. */
  sortAddress: string;
  line: string;
}

export function snapshotEntry(token: CatalogToken): SnapshotEntry {
  const sortAddress = token.chain === "EVM" ? token.contractAddress.toLowerCase() : token.contractAddress;
  return { key: tokenKey(token.chain, token.networkId, token.contractAddress), chain: token.chain, networkId: token.networkId, sortAddress, line: tokenLine(token) };
}

/** Order of tokens.json: chain, then networkId numerically, then address; by code unit, never by locale. */
export function compareEntries(a: SnapshotEntry, b: SnapshotEntry): number {
  if (a.chain !== b.chain) return a.chain < b.chain ? -1 : 1;
  if (a.networkId !== b.networkId) return a.networkId - b.networkId;
  if (a.sortAddress !== b.sortAddress) return a.sortAddress < b.sortAddress ? -1 : 1;
  return 0;
}

/**
 * The text of tokens.json, in chunks (so 100,000 tokens need not become one
 * string): `[`, one line per token, `]`. `entries` must be sorted.
 */
export function* renderSnapshot(entries: readonly SnapshotEntry[], linesPerChunk = 1000): Generator<string> {
  if (entries.length === 0) {
    yield "[]\n";
    return;
  }
  yield "[\n";
  for (let start = 0; start < entries.length; start += linesPerChunk) {
    const end = Math.min(entries.length, start + linesPerChunk);
    let chunk = "";
    for (let index = start; index < end; index++) chunk += `${entries[index]!.line}${index === entries.length - 1 ? "\n" : ",\n"}`;
    yield chunk;
  }
  yield "]\n";
}

/** Result of reading tokens.json: the tokens, or why they cannot be used. */
export type ParsedTokens = { ok: true; tokens: CatalogToken[] } | { ok: false; reason: string };

/** Reads the text of tokens.json: any JSON array of tokens (the canonical layout, or one edited by hand). */
export function parseTokensText(text: string): ParsedTokens {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `is not valid JSON (${(error as Error).message.split("\n")[0]})` };
  }
  if (!Array.isArray(data)) return { ok: false, reason: "is not a JSON array of tokens" };
  return checkTokens(data);
}

function checkTokens(items: unknown[]): ParsedTokens {
  const tokens: CatalogToken[] = [];
  for (let index = 0; index < items.length; index++) {
    const problem = tokenProblem(items[index]);
    if (problem) return { ok: false, reason: `has an invalid token at index ${index}: ${problem}` };
    tokens.push(items[index] as CatalogToken);
  }
  return { ok: true, tokens };
}

/** What is wrong with a token read from a file (admin-api.md, Token catalog entry), or undefined. */
function tokenProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "not an object";
  const record = value as Record<string, unknown>;
  for (const member of ["chain", "contractAddress", "name", "symbol", "tokenId"]) {
    if (typeof record[member] !== "string") return `${member} is not a string`;
  }
  if (!Number.isSafeInteger(record.networkId)) return "networkId is not an integer";
  if (!Number.isSafeInteger(record.decimals) || (record.decimals as number) < 0) return "decimals is not a non-negative integer";
  if (record.logoURI !== undefined && typeof record.logoURI !== "string") return "logoURI is not a string";
  return undefined;
}

/** Reads tokens.meta.json's parsed JSON; undefined when it is not a meta record of this format. */
export function toCatalogMeta(data: unknown): CatalogMeta | undefined {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
  if (record.format !== CATALOG_META_FORMAT) return undefined;
  if (typeof record.version !== "string" || record.version === "") return undefined;
  if (record.etag !== null && (typeof record.etag !== "string" || record.etag === "")) return undefined;
  if (!Number.isSafeInteger(record.limit) || (record.limit as number) < 1 || (record.limit as number) > 100) return undefined;
  if (typeof record.source !== "string" || typeof record.syncedAt !== "string") return undefined;
  if (!isCount(record.tokenCount) || !isCount(record.pages)) return undefined;
  if (typeof record.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(record.sha256)) return undefined;
  return {
    format: CATALOG_META_FORMAT,
    version: record.version,
    etag: record.etag as string | null,
    limit: record.limit as number,
    source: record.source,
    syncedAt: record.syncedAt,
    tokenCount: record.tokenCount,
    pages: record.pages,
    sha256: record.sha256,
  };
}

/** tokens.meta.json's text: members in a fixed order, two-space indent, final newline. */
export function renderMeta(meta: CatalogMeta): string {
  const { format, version, etag, limit, source, syncedAt, tokenCount, pages, sha256 } = meta;
  return `${JSON.stringify({ format, version, etag, limit, source, syncedAt, tokenCount, pages, sha256 }, null, 2)}\n`;
}
