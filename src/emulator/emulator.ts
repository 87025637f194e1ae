/**
 * The emulator: a plain node:http request handler over a store, and a way to
 * serve it on loopback. The request pipeline, in order:
 *
 * 1. `/__emulator/...`: the admin endpoints (operations/admin.ts); `/device`:
 *    the sign-in approval page (sign-in/approval-page.ts).
 * 2. `/api/v0/oauth/...`: the sign-in endpoints, form posts without a bearer
 *    token (sign-in/oauth-endpoints.ts), after any injected fault.
 * 3. `/api/v0/...`: route by method and path template (404 `not_found`, 405);
 *    injected fault, if one is in force for the route (faults.ts);
 *    authentication (401), the route's scope (403 `Access Forbidden`), path
 *    parameters (400), query parameter names (400 for one the route does not
 *    know), the JSON body (400), then the operation.
 * 4. Anything else: 404 `not_found`.
 *
 * An `HttpError` becomes its response; any other failure becomes 500
 * `{error: "Internal Server Error"}` with nothing of the cause on the wire.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { DeviceLogins, type DeviceLoginOptions } from "./sign-in/device-logins.js";
import { handleOAuth, isOAuthPath } from "./sign-in/oauth-endpoints.js";
import { APPROVAL_PAGE_PATH, handleApprovalPage, isApprovalPagePath } from "./sign-in/approval-page.js";
import { API_SCOPES, authenticate, isApiScope, SEED_TOKENS, type ApiScope, type ApiTokenGrant } from "./auth.js";
import { CATALOG_SIZE_RANGE, describeRange, isInRange, PORT_RANGE } from "./bounds.js";
import type { ApiRequest } from "./context.js";
import { EmulatorError, forbidden, HttpError, insufficientScope, notFound } from "./errors.js";
import { FaultRegistry, type ActiveFault, type FaultSpec } from "./faults.js";
import { ClientGone, parseJsonBody, readBody, send, type Reply } from "./http.js";
import { isLoopbackHostName } from "./loopback.js";
import { SEED_IDS } from "./ids.js";
import type { EmulatorState } from "./model.js";
import { ADMIN_PREFIX, handleAdmin, type AdminServices } from "./operations/admin.js";
import { checkParams, checkQuery, isKnownRoute, matchRoute } from "./routes.js";
import { createSeedState } from "./seed.js";
import { readStateFile, removeStaleTemporaries } from "./state-file.js";
import { EmulatorStore } from "./store.js";
import { policyProblem } from "./validation.js";

/** The version prefix of every path (admin-api.md: {base_url} includes /api/v0). */
export const BASE_PATH = "/api/v0";

/** The CLI's default port: the one screenpol.config.yaml's default base URL names. */
export const DEFAULT_PORT = 4010;

/** An extra token: `projectId` defaults to the demo project, `label` to its scopes. */
export interface TokenOption {
  token: string;
  scopes: readonly string[];
  projectId?: string;
  label?: string;
}

export interface EmulatorOptions {
  /** JSON state file, loaded when it exists, written atomically after every write. Absent: memory only. */
  statePath?: string;
  /** Ignore an existing state file and start from the seed (overwriting the file on the first write). */
  reset?: boolean;
  /** Seed options, used when no state file is loaded. */
  seed?: { catalogSize?: number };
  /** Faults in force from the start. */
  faults?: readonly FaultSpec[];
  /** Tokens in addition to the two seeded ones ({@link SEED_TOKENS}). */
  tokens?: readonly TokenOption[];
  /** The clock; default the system clock. */
  clock?: () => Date;
  /** Device sign-in: polling interval, device code lifetime, approval on poll (`--approve-device-codes`). */
  deviceLogin?: DeviceLoginOptions;
  /** Called with every unexpected error that became a 500 (the CLI prints one line). */
  onInternalError?: (error: unknown, request: { method: string; path: string }) => void;
}

/** A listening emulator. */
export interface RunningEmulator {
  /** `http://127.0.0.1:<port>/api/v0`: the base URL for the client and screenpol.config.yaml. */
  baseUrl: string;
  /** `http://127.0.0.1:<port>/__emulator`: the admin endpoints. */
  adminUrl: string;
  /** `http://127.0.0.1:<port>/device`: the sign-in approval page. */
  approvalUrl: string;
  host: string;
  port: number;
  /** Stops listening, drops open connections, waits for pending state writes. */
  close(): Promise<void>;
}

export interface Emulator {
  /** The request handler, to serve with any node:http server. */
  handler: (request: IncomingMessage, response: ServerResponse) => void;
  store: EmulatorStore;
  faults: FaultRegistry;
  /** Every API token it accepts: the seeded ones first. */
  tokens: readonly ApiTokenGrant[];
  /** Device sign-ins and the client JWTs they issued. */
  logins: DeviceLogins;
  /** Whether the state came from the seed (true) or from the state file (false). */
  seeded: boolean;
  /** Serves {@link handler} on `host` (loopback only; default 127.0.0.1), port 0 for any free one. */
  listen(port?: number, host?: string): Promise<RunningEmulator>;
  /**
   * Runs the linter once over the stored policies, so the first write does not
   * pay for loading and optimising it; the results are not used.
   */
  warmUp(): void;
  /** Waits for pending state writes; closes any server {@link listen} started. */
  close(): Promise<void>;
}

/**
 * Creates an emulator: loads the state file (refusing a corrupt one with an
 * {@link EmulatorError} of one line) or seeds a fresh state, writes it, and
 * returns the handler. Nothing listens until {@link Emulator.listen}.
 */
export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const now = options.clock ?? (() => new Date());
  const tokens = tokenTable(options.tokens ?? []);
  const faults = new FaultRegistry(isKnownRoute);
  for (const spec of options.faults ?? []) faults.add(spec);
  const catalogSize = options.seed?.catalogSize;
  if (catalogSize !== undefined && !isInRange(catalogSize, CATALOG_SIZE_RANGE)) {
    throw new EmulatorError(`the catalog size must be ${describeRange(CATALOG_SIZE_RANGE)}`);
  }

  let state: EmulatorState | undefined;
  if (options.statePath !== undefined && !options.reset) state = await readStateFile(options.statePath);
  const seeded = state === undefined;
  state ??= createSeedState({ catalogSize });
  const store = new EmulatorStore(state, options.statePath);
  if (options.statePath !== undefined) {
    await removeStaleTemporaries(options.statePath);
    if (seeded) {
      try {
        await store.write(() => undefined);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new EmulatorError(`cannot write the state file ${options.statePath} (${code})`);
      }
    }
  }

  const logins = new DeviceLogins(now, options.deviceLogin);
  const services: AdminServices = { store, now, faults, logins };
  const abort = new AbortController();
  const servers = new Set<{ server: Server; sockets: Set<Socket> }>();

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? "GET";
    const url = new URL(request.url ?? "/", "http://emulator.invalid");
    const path = url.pathname;
    let outcome: Outcome;
    try {
      const bodyText = await readBody(request);
      if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) outcome = await handleAdmin(request, path, bodyText, services);
      else if (isApprovalPagePath(path)) outcome = handleApprovalPage(request, url, bodyText, logins);
      else if (isOAuthPath(path.slice(BASE_PATH.length)) && path.startsWith(`${BASE_PATH}/`)) outcome = await handleSignIn(request, path.slice(BASE_PATH.length), bodyText);
      else if (path.startsWith(`${BASE_PATH}/`)) outcome = await handleApi(request, url, bodyText);
      else throw notFound();
    } catch (error) {
      if (error instanceof ClientGone) outcome = "dropped";
      else if (error instanceof HttpError) outcome = { status: error.status, body: error.body, headers: error.headers };
      else if (error instanceof EmulatorError) outcome = { status: 400, body: { error: error.message } };
      else {
        options.onInternalError?.(error, { method, path });
        outcome = { status: 500, body: { error: "Internal Server Error" } };
      }
    }
    if (outcome === "dropped") request.socket.destroy();
    else send(response, outcome);
  }

  /** The sign-in endpoints, after any fault injected for them. */
  async function handleSignIn(request: IncomingMessage, path: string, bodyText: string): Promise<Outcome> {
    const effect = await faultEffect(request.method ?? "POST", path, path, request);
    if (effect !== "continue" && effect !== "drop-after") return effect;
    return answer(effect === "drop-after", () => handleOAuth(request, path, bodyText, logins));
  }

  /** The injected fault in force for the route, if any, applied: an early outcome, or how to go on. */
  async function faultEffect(method: string, template: string, path: string, request: IncomingMessage): Promise<Outcome | "continue" | "drop-after"> {
    const fault = faults.take(method, template, path);
    return fault ? applyFault(fault, request, abort.signal) : "continue";
  }

  /** The API pipeline (see the top of this file); "dropped" when the connection is to be cut instead of answered. */
  async function handleApi(request: IncomingMessage, url: URL, bodyText: string): Promise<Outcome> {
    const method = request.method ?? "GET";
    const path = url.pathname.slice(BASE_PATH.length).replace(/(?<=.)\/$/, "");
    const match = matchRoute(method, path);
    if (match.kind === "none") throw notFound();
    if (match.kind === "method") throw new HttpError(405, { error: "Method Not Allowed" }, { allow: match.allowed.join(", ") });
    const effect = await faultEffect(method, match.route.template, path, request);
    if (effect !== "continue" && effect !== "drop-after") return effect;
    const authentication = await authenticate(request.headers.authorization, tokens.byToken, (token) => logins.grantOf(token));
    if (!authentication.ok) throw new HttpError(authentication.status, authentication.body);
    const grant = authentication.grant;
    if (match.route.scope === "user" ? grant.userId === undefined : !grant.scopes.includes(match.route.scope)) {
      throw match.route.scope === "user" ? forbidden() : insufficientScope(match.route.scope);
    }
    checkParams(match.params);
    checkQuery(match.route, url.searchParams);
    const apiRequest: ApiRequest = {
      method,
      path,
      params: match.params,
      query: url.searchParams,
      headers: request.headers,
      body: method === "PUT" ? parseJsonBody(bodyText) : undefined,
      grant: authentication.grant,
    };
    return answer(effect === "drop-after", () => match.route.handle(apiRequest, services));
  }

  const handler = (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      options.onInternalError?.(error, { method: request.method ?? "", path: request.url ?? "" });
      request.socket.destroy();
    });
  };

  async function listen(port: number = 0, host: string = "127.0.0.1"): Promise<RunningEmulator> {
    if (!isLoopbackHostName(host)) {
      throw new EmulatorError(
        `refusing to listen on ${host}: the emulator serves test credentials over plain http; use 127.0.0.1, ::1 or localhost`,
      );
    }
    if (!isInRange(port, PORT_RANGE)) throw new EmulatorError(`the port must be ${describeRange(PORT_RANGE)}, not ${port}`);
    const server = createServer(handler);
    // Longer than the client's 10 s idle keep-alive (src/remote/transport.ts), so the
    // client always closes an idle connection first and never sends on one being closed.
    server.keepAliveTimeout = 15_000;
    server.headersTimeout = 20_000;
    const sockets = new Set<Socket>();
    server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    const bindHost = host.replace(/^\[(.*)\]$/, "$1");
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException): void => {
        reject(
          error.code === "EADDRINUSE"
            ? new EmulatorError(`port ${port} on ${host} is in use (another emulator?); choose another with --port`)
            : new EmulatorError(`cannot listen on ${host}:${port} (${error.code ?? error.message})`),
        );
      };
      server.once("error", onError);
      server.listen(port, bindHost, () => {
        server.off("error", onError);
        resolve();
      });
    });
    const entry = { server, sockets };
    servers.add(entry);
    const address = server.address() as AddressInfo;
    const origin = `http://${bindHost.includes(":") ? `[${bindHost}]` : bindHost}:${address.port}`;
    let closed: Promise<void> | undefined;
    return {
      baseUrl: `${origin}${BASE_PATH}`,
      adminUrl: `${origin}${ADMIN_PREFIX}`,
      approvalUrl: `${origin}${APPROVAL_PAGE_PATH}`,
      host,
      port: address.port,
      close: () => {
        closed ??= closeServer(entry);
        return closed;
      },
    };
  }

  async function closeServer(entry: { server: Server; sockets: Set<Socket> }): Promise<void> {
    servers.delete(entry);
    const stopped = new Promise<void>((resolve) => entry.server.close(() => resolve()));
    for (const socket of entry.sockets) socket.destroy();
    await stopped;
    await store.settled();
  }

  return {
    handler,
    store,
    faults,
    tokens: tokens.list,
    logins,
    seeded,
    listen,
    warmUp() {
      const state = store.state;
      for (const policy of state.policies) {
        const environment = state.environments.find((candidate) => candidate.id === policy.environmentId);
        if (!environment) continue;
        const { environmentId: _environmentId, revision: _revision, updatedAt: _updatedAt, ...body } = policy;
        policyProblem({ environment, environments: state.environments, now: now() }, policy.providerType, policy.scope, body);
      }
    },
    async close() {
      abort.abort();
      await Promise.all([...servers].map((entry) => closeServer(entry)));
      await store.settled();
    },
  };
}

/** What a request ends with: a reply, or a cut connection. */
type Outcome = Reply | "dropped";

/**
 * The handler's reply; with `dropAfter`, the lost acknowledgement: the request
 * takes effect (a write is persisted, a token issued), the answer never leaves.
 */
async function answer(dropAfter: boolean, handle: () => Reply | Promise<Reply>): Promise<Outcome> {
  if (!dropAfter) return handle();
  try {
    await handle();
  } catch {
    // Whatever the answer would have been, it is lost with the connection.
  }
  return "dropped";
}

/** Applies an injected fault: an early reply, a drop, a delay, or a drop after handling. */
async function applyFault(fault: ActiveFault, request: IncomingMessage, signal: AbortSignal): Promise<Outcome | "continue" | "drop-after"> {
  const headers: Record<string, string> = { "x-emulator-fault": fault.kind };
  if (fault.retryAfter !== undefined) headers["retry-after"] = String(fault.retryAfter);
  switch (fault.kind) {
    case "429":
      return { status: 429, body: { error: "Too Many Requests" }, headers };
    case "500":
      return { status: 500, body: { error: "Internal Server Error" }, headers };
    case "503":
      return { status: 503, body: { error: "Service Unavailable" }, headers };
    case "drop":
      return "dropped";
    case "drop-after":
      return "drop-after";
    case "delay":
      try {
        await sleep(fault.delayMs ?? 0, undefined, { signal });
      } catch {
        // The emulator is closing: end the connection rather than answer.
        return "dropped";
      }
      // The client gave up or the server closed meanwhile: nobody is waiting for this request.
      return request.socket.destroyed ? "dropped" : "continue";
  }
}

function tokenTable(extra: readonly TokenOption[]): { list: ApiTokenGrant[]; byToken: Map<string, ApiTokenGrant> } {
  const list: ApiTokenGrant[] = [...SEED_TOKENS];
  for (const option of extra) {
    if (typeof option.token !== "string" || !/^[\x21-\x7e]+$/.test(option.token)) {
      throw new EmulatorError("a token must be non-empty visible ASCII without spaces");
    }
    const unknown = option.scopes.filter((scope) => !isApiScope(scope));
    if (unknown.length > 0) throw new EmulatorError(`unknown scope ${unknown.join(", ")}; known: ${API_SCOPES.join(", ")}`);
    const scopes = option.scopes as readonly ApiScope[];
    const grant: ApiTokenGrant = {
      token: option.token,
      scopes,
      projectId: option.projectId ?? SEED_IDS.project,
      label: option.label ?? (scopes.length === 0 ? "no scopes" : scopes.join(", ")),
    };
    const at = list.findIndex((existing) => existing.token === grant.token);
    if (at >= 0) list[at] = grant;
    else list.push(grant);
  }
  return { list, byToken: new Map(list.map((grant) => [grant.token, grant])) };
}
