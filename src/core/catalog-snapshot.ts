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
import type { CatalogToken } from "./catalog.js";

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
  /**
   * The secret scan's seal: present when the sync that wrote tokens.json scanned
   * every line of it and found no secret, a digest of `sha256` and the scan's rules
   * (workspace/catalog-store.ts, secretScanSeal). lint skips the scan of a
   * tokens.json whose meta describes it and carries the seal of the rules it
   * runs; anything else (a hand edit, a merge, other rules) is scanned.
   */
  secretScan?: string;
}

/**
 * One token as its line of tokens.json: its documented members only, in a fixed
 * order (identity first: chain, networkId, contractAddress, symbol, name,
 * decimals, tokenId, logoURI), so the same token always reads the same and a
 * changed member is a changed line. Exactly `JSON.stringify` of the members in
 * that order, written out because it runs once per token of every page.
 */
export function tokenLine(token: CatalogToken): string {
  const text = JSON.stringify;
  const logo = token.logoURI === undefined ? "" : `,"logoURI":${text(token.logoURI)}`;
  return flat(
    `{"chain":${text(token.chain)},"networkId":${text(token.networkId)},"contractAddress":${text(token.contractAddress)},"symbol":${text(token.symbol)},` +
      `"name":${text(token.name)},"decimals":${text(token.decimals)},"tokenId":${text(token.tokenId)}${logo}}`,
  );
}

const FLATTEN = /^/;

/**
 * The same string, stored flat. V8 keeps a string built by concatenation or by
 * JSON.stringify as a rope of its parts; a sync keeps a key and a line per token
 * for its whole length, and as ropes 100,000 of them take about 75 MB of heap,
 * flat about 36 MB. A regular-expression test flattens its subject in place;
 * elsewhere it is merely a no-op.
 */
function flat(text: string): string {
  FLATTEN.test(text);
  return text;
}

/**
 * A token's identity (chain, networkId, contractAddress; EVM addresses lower-cased,
 * their case being a checksum) as a string whose code-unit order is the order of
 * tokens.json: chain, then networkId numerically, then address. So a sync holds
 * nothing per token but this key and the token's line, and sorts the keys as
 * plain strings.
 */
export function snapshotKey(token: Pick<CatalogToken, "chain" | "networkId" | "contractAddress">): string {
  const address = token.chain === "EVM" ? token.contractAddress.toLowerCase() : token.contractAddress;
  return flat(`${token.chain}\u0000${sortableInteger(token.networkId)}\u0000${address}`);
}

/** A safe integer as a sign digit and 16 digits, so that string order is numeric order, negative values included. */
function sortableInteger(value: number): string {
  return value < 0 ? `0${String(Number.MAX_SAFE_INTEGER + value).padStart(16, "0")}` : `1${String(value).padStart(16, "0")}`;
}

/** Order of tokens.json, for keys of {@link snapshotKey}: by code unit, never by locale. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The identity prefix of a canonical line, as {@link tokenLine} writes it, when
 * nothing in the line is escaped: read without parsing the whole token.
 */
const CANONICAL_PREFIX = /^\{"chain":"([^"\\]*)","networkId":(-?\d{1,16}),"contractAddress":"([^"\\]*)",/;

/**
 * Reads tokens.json in the canonical layout (`[`, one token per line in
 * snapshot order, `]`) one line at a time, so an old catalog of 100,000 tokens is
 * compared without ever existing as objects. Feed it the lines (without line
 * ends); `visit` gets each token as (key, canonical line). `end()` says whether
 * the whole text was canonical; the walker stops visiting at the first line that
 * is not (edited by hand, reformatted, out of order, a token twice), `failed()`
 * says so at once, and the caller then parses the file whole.
 *
 * `trusted`: the file is the one a sync wrote (its meta's hash matched), so a
 * line whose identity prefix reads plainly is taken as canonical as it stands.
 */
export function canonicalWalker(visit: (key: string, line: string) => void, trusted: boolean): { line(text: string): void; end(): boolean; failed(): boolean } {
  let state: "start" | "tokens" | "closed" | "empty" | "failed" = "start";
  let previous: string | undefined;
  const fail = (): void => {
    state = "failed";
  };
  return {
    line(raw) {
      if (state === "failed") return;
      const text = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      if (state === "start") {
        if (text === "[") state = "tokens";
        else if (text === "[]") state = "empty";
        else fail();
        return;
      }
      if (state === "closed" || state === "empty") {
        if (text !== "") fail();
        return;
      }
      if (text === "]") {
        state = "closed";
        return;
      }
      const body = text.endsWith(",") ? text.slice(0, -1) : text;
      let key: string;
      let line = body;
      const match = trusted && !body.includes("\\") ? CANONICAL_PREFIX.exec(body) : null;
      if (match) {
        key = snapshotKey({ chain: match[1]!, networkId: Number(match[2]), contractAddress: match[3]! });
      } else {
        let token: unknown;
        try {
          token = JSON.parse(body);
        } catch {
          return fail();
        }
        if (tokenProblem(token) !== undefined) return fail();
        key = snapshotKey(token as CatalogToken);
        line = tokenLine(token as CatalogToken);
      }
      // Strictly increasing: in order, and no identity twice.
      if (previous !== undefined && key <= previous) return fail();
      previous = key;
      visit(key, line);
    },
    end() {
      return state === "closed" || state === "empty";
    },
    /** True once a line was not canonical: nothing further will be visited. */
    failed() {
      return state === "failed";
    },
  };
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

/**
 * Longest `version` or ETag a meta may hold. The client sends a saved ETag back
 * only when it is at most this long (remote/query-params.ts, the bound on every
 * opaque string it returns to the server), so a longer one, once saved, would
 * make every later poll a usage error until the files were deleted by hand.
 */
export const SAVED_VALUE_MAX_LENGTH = 4096;

/**
 * Why a server-supplied value (the catalog `version`, the first page's ETag)
 * cannot be kept in tokens.meta.json, or undefined when it can: 1 to
 * {@link SAVED_VALUE_MAX_LENGTH} visible ASCII characters, the same rule the
 * client applies before sending an ETag back (an ETag is a header value; a
 * version is printed on one line). The reader ({@link toCatalogMeta}) applies it
 * too, so the tool never writes a meta it then refuses to read.
 */
export function savedValueProblem(value: string): string | undefined {
  if (value === "") return "is empty";
  if (value.length > SAVED_VALUE_MAX_LENGTH) return `is ${value.length} characters long; at most ${SAVED_VALUE_MAX_LENGTH} can be saved and sent back`;
  if (!/^[\x20-\x7e]+$/.test(value)) return "holds characters other than visible ASCII";
  return undefined;
}

/** Reads tokens.meta.json's parsed JSON; undefined when it is not a meta record of this format. */
export function toCatalogMeta(data: unknown): CatalogMeta | undefined {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return undefined;
  const record = data as Record<string, unknown>;
  const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
  if (record.format !== CATALOG_META_FORMAT) return undefined;
  if (typeof record.version !== "string" || savedValueProblem(record.version) !== undefined) return undefined;
  if (record.etag !== null && (typeof record.etag !== "string" || savedValueProblem(record.etag) !== undefined)) return undefined;
  if (!Number.isSafeInteger(record.limit) || (record.limit as number) < 1 || (record.limit as number) > 100) return undefined;
  if (typeof record.source !== "string" || typeof record.syncedAt !== "string") return undefined;
  if (!isCount(record.tokenCount) || !isCount(record.pages)) return undefined;
  if (typeof record.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(record.sha256)) return undefined;
  // A seal that is not a digest is no seal: the meta still describes the file, which is then scanned.
  const secretScan = typeof record.secretScan === "string" && /^[0-9a-f]{64}$/.test(record.secretScan) ? record.secretScan : undefined;
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
    ...(secretScan === undefined ? {} : { secretScan }),
  };
}

/** tokens.meta.json's text: members in a fixed order, two-space indent, final newline; no `secretScan` member when unsealed. */
export function renderMeta(meta: CatalogMeta): string {
  const { format, version, etag, limit, source, syncedAt, tokenCount, pages, sha256, secretScan } = meta;
  return `${JSON.stringify({ format, version, etag, limit, source, syncedAt, tokenCount, pages, sha256, secretScan }, null, 2)}\n`;
}
