/**
 * What every operation gets: the request as parsed and checked by the
 * pipeline (emulator.ts), and the emulator's services. Plus the checks that
 * several operations share.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { ApiTokenGrant } from "./auth.js";
import type { DeviceLogins } from "./sign-in/device-logins.js";
import { badRequest, notFound } from "./errors.js";
import type { EmulatorState, StoredEnvironment } from "./model.js";
import type { EmulatorStore } from "./store.js";

export interface EmulatorServices {
  store: EmulatorStore;
  /** The clock: `updatedAt`, and what counts as an expired address entry. */
  now(): Date;
  /** Device sign-ins and the client JWTs they issued. */
  logins: DeviceLogins;
}

/** A request that passed routing, authentication, the scope check and path validation. */
export interface ApiRequest {
  method: string;
  /** Path below the base URL, e.g. `/environments/3f0c.../users`. */
  path: string;
  /** Path parameters by template name, decoded and validated. */
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; undefined when there is none. */
  body: unknown;
  grant: ApiTokenGrant;
}

/**
 * The environment `id`, if the token's project owns it; 404 `not_found` for an
 * unknown id and for one of another project alike (admin-api.md, operation 6),
 * so a token cannot probe which ids exist elsewhere.
 */
export function environmentFor(state: EmulatorState, request: ApiRequest, id: string): StoredEnvironment {
  const environment = state.environments.find((candidate) => candidate.id === id);
  if (!environment || environment.projectId !== request.grant.projectId) throw notFound();
  return environment;
}

/** The environments of a project, for the linter's config. */
export function environmentsOfProject(state: EmulatorState, projectId: string): StoredEnvironment[] {
  return state.environments.filter((environment) => environment.projectId === projectId);
}

/** The body as a JSON object; 400 naming the expected members otherwise. */
export function objectBody(request: ApiRequest, expected: string): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw badRequest(`the request body must be a JSON object ${expected}`);
  return body as Record<string, unknown>;
}

/** A single-valued query parameter; 400 when it is repeated. */
export function queryValue(request: ApiRequest, name: string): string | undefined {
  const values = request.query.getAll(name);
  if (values.length > 1) throw badRequest(`query parameter ${name} is given ${values.length} times; give it once`);
  return values[0];
}

/** An integer query parameter in [min, max], `fallback` when absent; 400 otherwise. */
export function integerQuery(request: ApiRequest, name: string, min: number, max: number, fallback: number): number {
  const text = queryValue(request, name);
  if (text === undefined) return fallback;
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
    throw badRequest(`${name} must be ${range}, not ${JSON.stringify(text.slice(0, 40))}`);
  }
  return value;
}
