/**
 * The only file that speaks undici. It sends one request and returns plain data
 * (status, lower-cased headers, body text), or throws a {@link TransportFailure}
 * whose description is already a readable phrase. Redirects are not followed:
 * undici's `request` does not follow them unless a redirect interceptor is
 * composed in, and the client never composes one, so the token is only ever
 * sent to the configured origin.
 */
// First: it hides the Headers global while undici loads (remote/headers-global.ts says why).
import { restoreHeadersGlobal } from "./headers-global.js";
import { Agent, EnvHttpProxyAgent, request, type Dispatcher } from "undici";

restoreHeadersGlobal();

/** The undici dispatcher a caller may inject (an Agent, a Pool, a MockAgent...). */
export type HttpDispatcher = Dispatcher;

export interface HttpRequest {
  method: "GET" | "PUT" | "DELETE" | "POST";
  /** Absolute URL: the base URL plus the encoded path and query. */
  url: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** Deadline for the whole exchange: connect, headers and body. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  /** Lower-cased names; the first value of a repeated header. */
  headers: Record<string, string | undefined>;
  bodyText: string;
}

/**
 * No usable response: connection refused, reset or closed, name resolution,
 * TLS, timeout, or a body over {@link MAX_RESPONSE_BYTES}. `retryable` says
 * whether sending again could help.
 */
export class TransportFailure extends Error {
  override readonly name = "TransportFailure";
  constructor(
    /** e.g. `no response within 10000 ms`, `connection to http://127.0.0.1:4010 refused`. */
    readonly description: string,
    /** The system or undici code, `TIMEOUT` for our own deadline, `RESPONSE_TOO_LARGE`. */
    readonly code: string,
    readonly retryable: boolean,
    options: { cause?: unknown } = {},
  ) {
    super(description, options.cause === undefined ? undefined : { cause: options.cause });
  }
}

/**
 * Largest response body read: a token catalog page of 100 entries is a few tens
 * of kilobytes; 16 MiB stops a misbehaving server from exhausting memory.
 */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

export interface Transport {
  send(request: HttpRequest): Promise<HttpResponse>;
  /** Closes the dispatcher when the transport created it; an injected one belongs to its owner. */
  close(): Promise<void>;
}

/** Idle keep-alive sockets are kept this long: enough for a plan's burst of reads, short enough not to linger. */
const KEEP_ALIVE_TIMEOUT_MS = 10_000;

/**
 * The proxies of the environment, as curl reads them: `HTTPS_PROXY` for https
 * URLs, `HTTP_PROXY` for http ones, `NO_PROXY` the hosts (and ports, domains,
 * `*`) reached directly. Lower-case names count too (app/connect.ts reads them).
 */
export interface ProxySettings {
  httpProxy?: string | undefined;
  httpsProxy?: string | undefined;
  noProxy?: string | undefined;
}

/**
 * Creates the transport over `dispatcher`, or over one keep-alive Agent of its
 * own (connect timeout `connectTimeoutMs`) when none is given: undici's
 * EnvHttpProxyAgent when a proxy is set, which sends each request through the
 * proxy its URL's scheme names unless NO_PROXY matches its host.
 */
export function createTransport(options: { dispatcher?: HttpDispatcher | undefined; connectTimeoutMs: number; proxy?: ProxySettings | undefined }): Transport {
  const agentOptions = { keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, connect: { timeout: options.connectTimeoutMs } };
  const proxy = options.proxy;
  const proxied = proxy !== undefined && (Boolean(proxy.httpProxy) || Boolean(proxy.httpsProxy));
  const ownDispatcher =
    options.dispatcher === undefined
      ? proxied
        ? new EnvHttpProxyAgent({ ...agentOptions, httpProxy: proxy.httpProxy || undefined, httpsProxy: proxy.httpsProxy || undefined, noProxy: proxy.noProxy ?? "" })
        : new Agent(agentOptions)
      : undefined;
  const dispatcher = options.dispatcher ?? ownDispatcher!;
  let closed = false;

  return {
    async send(httpRequest) {
      const signal = AbortSignal.timeout(httpRequest.timeoutMs);
      try {
        const response = await request(httpRequest.url, {
          dispatcher,
          method: httpRequest.method,
          headers: httpRequest.headers,
          body: httpRequest.body,
          signal,
          // Belt and braces with the signal, for dispatchers that ignore it.
          headersTimeout: httpRequest.timeoutMs,
          bodyTimeout: httpRequest.timeoutMs,
        });
        const bodyText = await readBodyText(response.body);
        return { status: response.statusCode, headers: normaliseHeaders(response.headers), bodyText };
      } catch (error) {
        throw translateFailure(error, httpRequest, signal);
      }
    },
    async close() {
      if (closed || ownDispatcher === undefined) return;
      closed = true;
      await ownDispatcher.close();
    },
  };
}

async function readBodyText(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_RESPONSE_BYTES) {
      body.destroy();
      throw new TransportFailure(`response body larger than ${MAX_RESPONSE_BYTES} bytes`, "RESPONSE_TOO_LARGE", false);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function normaliseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = Array.isArray(value) ? value[0] : value;
  return result;
}

const TIMEOUT_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT", "UND_ERR_CONNECT_TIMEOUT", "ETIMEDOUT"]);
const CLOSED_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET"]);
const NAME_RESOLUTION_CODES = new Set(["ENOTFOUND", "EAI_AGAIN"]);

function translateFailure(error: unknown, httpRequest: HttpRequest, signal: AbortSignal): TransportFailure {
  if (error instanceof TransportFailure) return error;
  const origin = new URL(httpRequest.url).origin;
  const code = errorCode(error);
  if (signal.aborted || isTimeoutName(error) || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new TransportFailure(`no response from ${origin} within ${httpRequest.timeoutMs} ms`, "TIMEOUT", true, { cause: error });
  }
  if (code === "ECONNREFUSED") {
    // Not retried: nothing listens there, which a retry seconds later rarely changes; say so at once.
    return new TransportFailure(`connection to ${origin} refused (is the service or the emulator running?)`, code, false, {
      cause: error,
    });
  }
  if (code !== undefined && CLOSED_CONNECTION_CODES.has(code)) {
    return new TransportFailure(`${origin} closed the connection before a complete response`, code, true, { cause: error });
  }
  if (code !== undefined && NAME_RESOLUTION_CODES.has(code)) {
    // EAI_AGAIN is a temporary resolver failure; ENOTFOUND is a wrong host name.
    return new TransportFailure(`cannot resolve the host of ${origin}`, code, code === "EAI_AGAIN", { cause: error });
  }
  if (code !== undefined && (code.startsWith("ERR_TLS") || code.includes("CERT") || code === "UNABLE_TO_VERIFY_LEAF_SIGNATURE")) {
    return new TransportFailure(`TLS with ${origin} failed`, code, false, { cause: error });
  }
  if (code === "UND_ERR_CLOSED" || code === "UND_ERR_DESTROYED") {
    return new TransportFailure("the client is closed", code, false, { cause: error });
  }
  return new TransportFailure(`request to ${origin} failed`, code ?? "UNKNOWN", false, { cause: error });
}

function errorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 4) return undefined;
  const own = (error as { code?: unknown }).code;
  if (typeof own === "string") return own;
  // Happy-eyeballs connects report an AggregateError of the per-address failures.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) return inner.map((each) => errorCode(each, depth + 1)).find((innerCode) => innerCode !== undefined);
  return errorCode((error as { cause?: unknown }).cause, depth + 1);
}

function isTimeoutName(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}
