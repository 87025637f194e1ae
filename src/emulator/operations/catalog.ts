/**
 * GET /tokenCatalog (admin-api.md, operation 2): pages of `limit` tokens
 * (1..100, default 50), opaque cursors, an ETag per page request and 304 when
 * `If-None-Match` matches it.
 */
import { CATALOG_PAGE_LIMIT, TOKEN_CATALOG_QUERY } from "../../contract/wire.js";
import { decodeCursor, encodeCursor, ifNoneMatchHits, pageEtag, type TokenCatalog } from "../catalog.js";
import { integerQuery, queryValue, type ApiRequest, type EmulatorServices } from "../context.js";
import { badRequest } from "../errors.js";
import type { Reply } from "../http.js";

export function getTokenCatalog(request: ApiRequest, services: EmulatorServices): Reply {
  const limit = integerQuery(request, TOKEN_CATALOG_QUERY.limit, CATALOG_PAGE_LIMIT.min, CATALOG_PAGE_LIMIT.max, CATALOG_PAGE_LIMIT.default);
  const cursor = queryValue(request, TOKEN_CATALOG_QUERY.cursor);
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = decodeCursor(cursor);
    if (decoded === undefined) throw badRequest("cursor is invalid: pass the nextCursor of a previous page unchanged, or no cursor for the first page");
    offset = decoded;
  }
  const catalog = services.store.catalog();
  const etag = pageEtag(catalog.version, limit, cursor);
  // Stored, but revalidated with the ETag every time (RFC 9111, 5.2.2.4), which is how the catalog is meant to be polled.
  const headers = { etag, "cache-control": "no-cache" };
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatchHits(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch, etag)) {
    return { status: 304, headers };
  }
  return { status: 200, headers, json: catalog.pageJson(offset, limit, () => pageJson(catalog, offset, limit)) };
}

function pageJson(catalog: TokenCatalog, offset: number, limit: number): string {
  const end = offset + limit;
  return JSON.stringify({
    tokens: catalog.tokens.slice(offset, end),
    nextCursor: end < catalog.tokens.length ? encodeCursor(end) : null,
    version: catalog.version,
  });
}
