/**
 * The emulator's own endpoints, for tests and scripts, under `/__emulator/`
 * beside (not below) the base URL:
 *
 * | method and path            | does                                                         |
 * |----------------------------|--------------------------------------------------------------|
 * | GET /__emulator/health     | `{ok: true}`                                                 |
 * | GET /__emulator/state      | `{state, catalog: {version, size}, fileWrites}`: the state as the file holds it |
 * | GET /__emulator/routes     | `{routes: [{method, template, scope, operation, query}]}`    |
 * | GET /__emulator/faults     | `{faults}`: the faults in force, with counts left and fired  |
 * | POST /__emulator/faults    | adds a fault `{route, kind, count?, retryAfter?, delayMs?}` or `{faults: [...]}`; 201 |
 * | DELETE /__emulator/faults  | clears every fault; 204                                      |
 * | POST /__emulator/catalog   | `{remove?: [tokenId], upsert?: [token]}` changes the catalog (removals first); 200 `{version, size}` |
 *
 * No bearer token: they are guarded instead by where the request comes from
 * (loopback.ts: a loopback peer, a loopback Host header, so a web page cannot
 * reach them through DNS rebinding), and a POST must be `application/json` (so
 * a page cannot send one without a CORS preflight, which the emulator never
 * grants).
 */
import type { IncomingMessage } from "node:http";
import { CATALOG_SIZE_RANGE } from "../bounds.js";
import { catalogTokenProblem } from "../catalog.js";
import type { EmulatorServices } from "../context.js";
import { badRequest, HttpError } from "../errors.js";
import type { FaultRegistry, FaultSpec } from "../faults.js";
import { parseJsonBody, type Reply } from "../http.js";
import { refuseNonLoopback } from "../loopback.js";
import type { CatalogToken } from "../model.js";
import { ROUTES } from "../routes.js";

export const ADMIN_PREFIX = "/__emulator";

export interface AdminServices extends EmulatorServices {
  faults: FaultRegistry;
}

export async function handleAdmin(request: IncomingMessage, path: string, bodyText: string, services: AdminServices): Promise<Reply> {
  refuseNonLoopback(request);
  const method = request.method ?? "GET";
  if (method === "POST" && !/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
    throw new HttpError(415, { error: "Unsupported Media Type: send application/json" });
  }
  const route = `${method} ${path.slice(ADMIN_PREFIX.length)}`;
  switch (route) {
    case "GET /health":
      return { status: 200, body: { ok: true } };
    case "GET /state": {
      const catalog = services.store.catalog();
      return {
        status: 200,
        body: { state: services.store.state, catalog: { version: catalog.version, size: catalog.tokens.length }, fileWrites: services.store.fileWrites },
      };
    }
    case "GET /routes":
      return {
        status: 200,
        body: { routes: ROUTES.map(({ method, template, scope, operation, query }) => ({ method, template, scope, operation, query: query ?? [] })) },
      };
    case "GET /faults":
      return { status: 200, body: { faults: services.faults.list() } };
    case "POST /faults": {
      const body = parseJsonBody(bodyText);
      const specs = isRecord(body) && Array.isArray(body.faults) ? (body.faults as unknown[]) : [body];
      const added = specs.map((spec) => services.faults.add(spec as FaultSpec));
      return { status: 201, body: { faults: added } };
    }
    case "DELETE /faults":
      services.faults.clear();
      return { status: 204 };
    case "POST /catalog":
      return changeCatalog(parseJsonBody(bodyText), services);
    default:
      throw new HttpError(404, { error: "Not Found", code: "not_found" });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

async function changeCatalog(body: unknown, services: AdminServices): Promise<Reply> {
  if (!isRecord(body)) throw badRequest("the body must be an object {remove?: [tokenId], upsert?: [token]}");
  const remove = body.remove ?? [];
  const upsert = body.upsert ?? [];
  if (!Array.isArray(remove) || !remove.every((id) => typeof id === "string")) throw badRequest("remove must be a list of tokenId strings");
  if (!Array.isArray(upsert)) throw badRequest("upsert must be a list of tokens");
  const tokens = upsert.map((token, index) => catalogToken(token, index));
  await services.store.write((state) => {
    const removed = new Set([...state.catalog.removed, ...remove]);
    const removing = new Set(remove);
    const upserts = state.catalog.upserts.filter((token) => !removing.has(token.tokenId));
    const position = new Map(upserts.map((token, index) => [token.tokenId, index]));
    for (const token of tokens) {
      removed.delete(token.tokenId);
      const at = position.get(token.tokenId);
      if (at === undefined) position.set(token.tokenId, upserts.push(token) - 1);
      else upserts[at] = token;
    }
    // The state file's bound (bounds.ts): ids removed and tokens upserted accumulate over calls.
    for (const [name, count] of [["removed", removed.size], ["upserts", upserts.length]] as const) {
      if (count > CATALOG_SIZE_RANGE.max) throw badRequest(`the catalog would hold ${count} ${name}, more than ${CATALOG_SIZE_RANGE.max}`);
    }
    // A new object: the store rebuilds the served catalog when `state.catalog` is replaced.
    state.catalog = { size: state.catalog.size, upserts, removed: [...removed] };
  });
  const catalog = services.store.catalog();
  return { status: 200, body: { version: catalog.version, size: catalog.tokens.length } };
}

/** A token of admin-api.md, Token catalog entry, checked member by member; only its members are kept. */
function catalogToken(value: unknown, index: number): CatalogToken {
  const problem = catalogTokenProblem(value, `upsert[${index}]`);
  if (problem !== undefined) throw badRequest(problem);
  const { chain, contractAddress, decimals, name, networkId, symbol, tokenId, logoURI } = value as CatalogToken;
  const token: CatalogToken = { chain, contractAddress, decimals, name, networkId, symbol, tokenId };
  if (logoURI !== undefined) token.logoURI = logoURI;
  return token;
}
