/**
 * The route table: every operation of admin-api.md and the two designed edit
 * endpoints, by method and path template below the base URL (`/api/v0`), with
 * the scope each needs (auth.ts). Paths and bodies are those of
 * src/remote/designed-endpoints.ts, so the client and the emulator agree.
 */
import type { ApiScope } from "./auth.js";
import type { ApiRequest, EmulatorServices } from "./context.js";
import { badRequest } from "./errors.js";
import type { Reply } from "./http.js";
import { getTokenCatalog } from "./operations/catalog.js";
import { getEnabledOnramps, getEnvironment, listUsers, updateWebhook } from "./operations/environments.js";
import { resetUserMfa, updateInvite } from "./operations/people.js";
import { getAddressEntries, getScreeningPolicy, putAddressEntries, putScreeningPolicy } from "./operations/policies.js";
import { ONRAMP_QUERY_PARAMETERS, TOKEN_CATALOG_QUERY, USERS_QUERY } from "../remote/designed-endpoints.js";
import { SCOPES, VENDORS } from "../core/vendors.js";

export type Method = "GET" | "PUT" | "DELETE";

export interface Route {
  method: Method;
  /** Below the base URL, `{name}` for a path parameter. */
  template: string;
  scope: ApiScope;
  /** The client's name for the operation (src/remote, OperationName). */
  operation: string;
  /** The query parameters it knows; any other is 400 naming it (checkQuery). Absent: none. */
  query?: readonly string[];
  handle(request: ApiRequest, services: EmulatorServices): Reply | Promise<Reply>;
}

const POLICY = "/environments/{environmentId}/screeningPolicies/{providerType}/{scope}";
const ADDRESS_ENTRIES = "/environments/{environmentId}/screeningAddressEntries/{providerType}";

export const ROUTES: readonly Route[] = [
  { method: "GET", template: POLICY, scope: "environment.settings.read", operation: "getScreeningPolicy", handle: getScreeningPolicy },
  { method: "PUT", template: POLICY, scope: "environment.settings.write", operation: "putScreeningPolicy", handle: putScreeningPolicy },
  { method: "GET", template: "/tokenCatalog", scope: "environment.settings.read", operation: "getTokenCatalogPage", handle: getTokenCatalog, query: TOKEN_CATALOG_QUERY },
  { method: "PUT", template: "/invites/{inviteId}", scope: "invites.write", operation: "updateInvite", handle: updateInvite },
  { method: "DELETE", template: "/users/{userId}/mfa", scope: "users.write", operation: "resetUserMfa", handle: resetUserMfa },
  {
    method: "PUT",
    template: "/environments/{environmentId}/webhooks/{webhookId}",
    scope: "webhooks.write",
    operation: "updateWebhook",
    handle: updateWebhook,
  },
  { method: "GET", template: "/environments/{environmentId}", scope: "environment.settings.read", operation: "getEnvironment", handle: getEnvironment },
  {
    method: "GET",
    template: "/environments/{environmentId}/users",
    scope: "users.read",
    operation: "listUsers",
    handle: listUsers,
    query: Object.values(USERS_QUERY),
  },
  {
    method: "GET",
    template: "/sdk/{environmentId}/onramps",
    scope: "environment.settings.read",
    operation: "getEnabledOnramps",
    handle: getEnabledOnramps,
    query: ONRAMP_QUERY_PARAMETERS,
  },
  { method: "GET", template: ADDRESS_ENTRIES, scope: "environment.settings.read", operation: "getAddressEntries", handle: getAddressEntries },
  { method: "PUT", template: ADDRESS_ENTRIES, scope: "environment.settings.write", operation: "putAddressEntries", handle: putAddressEntries },
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
