/**
 * The route table: every operation of admin-api.md, the two designed edit
 * endpoints and the authorized clients (the sign-in endpoints, form posts
 * without a bearer token, are sign-in/oauth-endpoints.ts), by method and path template below the base URL (`/api/v0`), with
 * the scope each needs (auth.ts). Methods, paths, query parameters and bodies
 * are those of the wire contract (src/contract/wire.ts), so the client and the
 * emulator agree.
 */
import type { ApiScope } from "./auth.js";
import type { ApiRequest, EmulatorServices } from "./context.js";
import { badRequest } from "./errors.js";
import type { Reply } from "./http.js";
import { getTokenCatalog } from "./operations/catalog.js";
import { getEnabledOnramps, getEnvironment, listUsers, updateWebhook } from "./operations/environments.js";
import { resetUserMfa, updateInvite } from "./operations/people.js";
import { listAuthorizedClients, revokeAuthorizedClient } from "./operations/authorized-clients.js";
import { getAddressEntries, getScreeningPolicy, putAddressEntries, putScreeningPolicy } from "./operations/policies.js";
import { WIRE_OPERATIONS, type OperationName, type WireMethod, type WireOperation } from "../contract/wire.js";
import { SCOPES, VENDORS } from "../core/vendors.js";
import { isOAuthPath } from "./sign-in/oauth-endpoints.js";

export type Method = WireMethod;

/** What a route needs of the token: a scope, or (`user`) to be a client JWT, which acts for a dashboard user. */
export type RouteAccess = ApiScope | "user";

export interface Route extends WireOperation {
  method: Method;
  scope: RouteAccess;
  /** The client's name for the operation (contract/wire.ts, OperationName). */
  operation: OperationName;
  handle(request: ApiRequest, services: EmulatorServices): Reply | Promise<Reply>;
}

/** The contract's operation (method, template, query) with the scope it needs and its handler. */
function route(operation: OperationName, scope: RouteAccess, handle: Route["handle"]): Route {
  return { operation, ...WIRE_OPERATIONS[operation], scope, handle };
}

export const ROUTES: readonly Route[] = [
  route("getScreeningPolicy", "environment.settings.read", getScreeningPolicy),
  route("putScreeningPolicy", "environment.settings.write", putScreeningPolicy),
  route("getTokenCatalogPage", "environment.settings.read", getTokenCatalog),
  route("updateInvite", "invites.write", updateInvite),
  route("resetUserMfa", "users.write", resetUserMfa),
  route("updateWebhook", "webhooks.write", updateWebhook),
  route("getEnvironment", "environment.settings.read", getEnvironment),
  route("listUsers", "users.read", listUsers),
  route("getEnabledOnramps", "environment.settings.read", getEnabledOnramps),
  route("getAddressEntries", "environment.settings.read", getAddressEntries),
  route("putAddressEntries", "environment.settings.write", putAddressEntries),
  route("listAuthorizedClients", "user", listAuthorizedClients),
  route("revokeAuthorizedClient", "user", revokeAuthorizedClient),
];

const compiled = ROUTES.map((route) => ({ route, segments: route.template.split("/").slice(1) }));

export type RouteMatch =
  | { kind: "route"; route: Route; params: Record<string, string> }
  | { kind: "method"; allowed: Method[] }
  | { kind: "none" };

/**
 * Finds the route of `method` and `path` (below the base URL). Segments are
 * percent-decoded; a segment that does not decode is 400. A path of a known
 * template under another method is `method` (405).
 */
export function matchRoute(method: string, path: string): RouteMatch {
  const segments = path.split("/").slice(1);
  const allowed: Method[] = [];
  for (const { route, segments: template } of compiled) {
    if (template.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let matches = true;
    for (let index = 0; index < template.length && matches; index++) {
      const expected = template[index]!;
      const actual = segments[index]!;
      if (expected.startsWith("{")) {
        if (actual === "") matches = false;
        else params[expected.slice(1, -1)] = decodeSegment(actual);
      } else if (expected !== actual) {
        matches = false;
      }
    }
    if (!matches) continue;
    if (route.method === method) return { kind: "route", route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: "method", allowed } : { kind: "none" };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest("the path holds an invalid percent-encoding");
  }
}

/** admin-api.md, Resources: exactly 36 characters, lowercase hex 8-4-4-4-12. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Checks path parameters: every `...Id` is a UUID, `providerType` a screening
 * vendor (never the sanctions provider), `scope` SIGN_IN or TRANSACTION; 400
 * otherwise (admin-api.md, operation 1: "Other statuses 400").
 */
export function checkParams(params: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(params)) {
    const shown = JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
    if (name.endsWith("Id") && !UUID.test(value)) {
      throw badRequest(`${name} ${shown} is not a UUID (36 characters, lowercase hex 8-4-4-4-12)`);
    }
    if (name === "providerType" && !(VENDORS as readonly string[]).includes(value)) {
      throw badRequest(`providerType ${shown} is not a screening vendor: use ${VENDORS.join(" or ")}`);
    }
    if (name === "scope" && !(SCOPES as readonly string[]).includes(value)) {
      throw badRequest(`scope ${shown} is not one of ${SCOPES.join(", ")}`);
    }
  }
}

/**
 * Refuses a query parameter the route does not know: 400 `unknown query
 * parameter "x"`, never silently ignored (a misspelt filter would otherwise
 * answer with everything). Names are compared after percent-decoding, so
 * `filter%5BfilterColumn%5D` is `filter[filterColumn]`.
 */
export function checkQuery(route: Route, query: URLSearchParams): void {
  const known = route.query ?? [];
  for (const name of query.keys()) {
    if (!known.includes(name)) {
      const shown = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
      throw badRequest(`unknown query parameter ${shown}`);
    }
  }
}

/** Whether `method` (or `*`) and `path`, a template or a concrete path below the base URL, name a route. */
export function isKnownRoute(method: string, path: string): boolean {
  if ((method === "*" || method === "POST") && isOAuthPath(path)) return true;
  const methods = method === "*" ? ["GET", "PUT", "DELETE"] : [method];
  return methods.some((candidate) => {
    if (ROUTES.some((route) => route.method === candidate && route.template === path)) return true;
    try {
      return matchRoute(candidate, path).kind === "route";
    } catch {
      return false;
    }
  });
}
