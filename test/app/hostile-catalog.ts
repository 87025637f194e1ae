/**
 * A token catalog service that misbehaves on purpose, on 127.0.0.1: a plain
 * node:http handler whose answer to each GET /tokenCatalog the test chooses.
 * Real HTTP both ways; every request is recorded where the server received it.
 */
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createClient, type RemoteClient } from "../../src/remote/index.js";
import { tempCatalogRepo, type TempCatalogRepo } from "./catalog-emulator.js";

/** The API token the tests use; the server knows it so that it can echo it. */
export const HOSTILE_TOKEN = "dyn_hostile_secret_9f8e7d6c5b4a";

export interface CatalogQuery {
  limit: number;
  cursor: string | undefined;
  ifNoneMatch: string | undefined;
  /** 1-based count of catalog requests so far. */
  n: number;
}

export interface CatalogAnswer {
  status?: number;
  etag?: string;
  body?: unknown;
}

export interface HostileCatalog {
  baseUrl: string;
  requests: CatalogQuery[];
  /** Chooses each answer; `catalogOf` is a sane default. */
  answer: (query: CatalogQuery) => CatalogAnswer | Promise<CatalogAnswer>;
  client(): RemoteClient;
  close(): Promise<void>;
}

/** Token number `i`: distinct identities, spread over a few networks so the order is not the read order. */
export function tokenAt(i: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { chain: "EVM", networkId: 1 + (i % 7), contractAddress: `0x${i.toString(16).padStart(40, "0")}`, symbol: `T${i}`, name: `Token ${i}`, decimals: 18, tokenId: `id-${i}`, ...extra };
}

/** A well-behaved catalog of `size` tokens: pages by offset cursor, one version, one ETag per (limit, cursor). */
export function catalogOf(size: number, version = "v-sane-1"): (query: CatalogQuery) => CatalogAnswer {
  return ({ limit, cursor, ifNoneMatch }) => {
    const offset = cursor === undefined ? 0 : Number(cursor.slice(1));
    // The version may be anything a test wants to send; the ETag stays a plain one of its own.
    const etag = `"${createHash("sha256").update(version).digest("hex").slice(0, 12)}-${limit}-${offset}"`;
    if (cursor === undefined && ifNoneMatch === etag) return { status: 304, etag };
    const end = Math.min(size, offset + limit);
    const tokens = [];
    for (let i = offset; i < end; i++) tokens.push(tokenAt(i));
    return { etag, body: { tokens, nextCursor: end < size ? `o${end}` : null, version } };
  };
}

/** Pages that never end: each holds `limit` fresh tokens and a fresh cursor. */
export function endlessCatalog(version = "v-endless"): (query: CatalogQuery) => CatalogAnswer {
  return ({ limit, n }) => {
    const tokens = [];
    for (let i = 0; i < limit; i++) tokens.push(tokenAt((n - 1) * limit + i));
    return { etag: `"e${n}"`, body: { tokens, nextCursor: `fresh-${n}`, version } };
  };
}

export async function startHostileCatalog(): Promise<HostileCatalog> {
  const clients: RemoteClient[] = [];
  const harness = { requests: [] as CatalogQuery[], answer: catalogOf(10) } as HostileCatalog;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/api/v0/tokenCatalog") {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not_found"}');
      return;
    }
    const header = request.headers["if-none-match"];
    const query: CatalogQuery = {
      limit: Number(url.searchParams.get("limit") ?? "50"),
      cursor: url.searchParams.get("cursor") ?? undefined,
      ifNoneMatch: Array.isArray(header) ? header.join(",") : header,
      n: harness.requests.length + 1,
    };
    harness.requests.push(query);
    Promise.resolve(harness.answer(query)).then(
      (answer) => {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (answer.etag !== undefined) headers.etag = answer.etag;
        const status = answer.status ?? 200;
        response.writeHead(status, headers).end(status === 304 ? undefined : JSON.stringify(answer.body));
      },
      () => request.socket.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  harness.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v0`;
  harness.client = () => {
    const client = createClient({ baseUrl: harness.baseUrl, token: HOSTILE_TOKEN, timeoutMs: 5_000, retry: { sleep: async () => undefined } });
    clients.push(client);
    return client;
  };
  harness.close = async () => {
    await Promise.all(clients.map((client) => client.close()));
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  return harness;
}

/**
 * The hooks of a test file: one service for the file; for each test a fresh
 * repository, the request log cleared and a sane 10-token catalog to answer.
 */
export function useHostileCatalog(): { service: HostileCatalog; repo: TempCatalogRepo } {
  const context = {} as { service: HostileCatalog; repo: TempCatalogRepo };
  beforeAll(async () => {
    context.service = await startHostileCatalog();
  });
  afterAll(() => context.service.close());
  beforeEach(() => {
    context.repo = tempCatalogRepo();
    context.service.requests.length = 0;
    context.service.answer = catalogOf(10);
  });
  afterEach(() => context.repo.remove());
  return context;
}
