/**
 * The emulator on 127.0.0.1 behind a thin counting front: every GET /tokenCatalog
 * is counted (the emulator "saw" it) and may run a hook first, which injects a
 * fault through the emulator's own registry, changes the catalog through its
 * admin endpoint, or rewrites the request (a bad cursor). Real HTTP both ways;
 * nothing of fetch or undici is mocked.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, SEED_TOKENS, type Emulator } from "../../src/emulator/index.js";
import { createClient, type RemoteClient, type RetryPolicy } from "../../src/remote/index.js";
import { CATALOG_META_FORMAT } from "../../src/core/catalog-snapshot.js";
import { snapshotPaths, type MetaDraft, type SnapshotPaths } from "../../src/workspace/catalog-store.js";

export const READ_ONLY_TOKEN = SEED_TOKENS[1]!.token;
/** A token the emulator knows, without `environment.settings.read`. */
export const NO_SETTINGS_TOKEN = "dyn_test_webhooks_only_0a1b2c3d4e5f";

export interface CatalogEmulator {
  emulator: Emulator;
  baseUrl: string;
  adminUrl: string;
  /** Query strings of every GET /tokenCatalog seen, in order. */
  requests: Array<{ url: string; ifNoneMatch: string | undefined }>;
  /** Runs before the emulator handles the n-th (1-based) catalog request. */
  beforeCatalogRequest: ((n: number, request: IncomingMessage) => Promise<void> | void) | undefined;
  /** Changes the catalog through POST /__emulator/catalog; returns the new version. */
  changeCatalog(body: { remove?: string[]; upsert?: unknown[] }): Promise<string>;
  /** A client with no real waiting between retries; `sleeps` records the waits it would have made. */
  client(options?: { token?: string; retry?: Partial<RetryPolicy> }): RemoteClient;
  sleeps: number[];
  close(): Promise<void>;
}

export async function startCatalogEmulator(catalogSize: number): Promise<CatalogEmulator> {
  const emulator = await createEmulator({ seed: { catalogSize }, tokens: [{ token: NO_SETTINGS_TOKEN, scopes: ["webhooks.write"] }] });
  const clients: RemoteClient[] = [];
  const harness = {} as CatalogEmulator;
  harness.requests = [];
  harness.sleeps = [];
  harness.beforeCatalogRequest = undefined;
  const server: Server = createServer((request, response) => {
    const handle = async (): Promise<void> => {
      if ((request.url ?? "").startsWith("/api/v0/tokenCatalog")) {
        const header = request.headers["if-none-match"];
        harness.requests.push({ url: request.url ?? "", ifNoneMatch: Array.isArray(header) ? header.join(",") : header });
        await harness.beforeCatalogRequest?.(harness.requests.length, request);
      }
      emulator.handler(request, response);
    };
    handle().catch(() => request.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness.emulator = emulator;
  harness.baseUrl = `${origin}/api/v0`;
  harness.adminUrl = `${origin}/__emulator`;
  harness.changeCatalog = async (body) => {
    const response = await fetch(`${harness.adminUrl}/catalog`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (response.status !== 200) throw new Error(`changing the catalog failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { version: string }).version;
  };
  harness.client = (options = {}) => {
    const client = createClient({
      baseUrl: harness.baseUrl,
      token: options.token ?? READ_ONLY_TOKEN,
      timeoutMs: 10_000,
      retry: {
        sleep: async (ms) => {
          harness.sleeps.push(ms);
        },
        ...options.retry,
      },
    });
    clients.push(client);
    return client;
  };
  harness.close = async () => {
    await Promise.all(clients.map((client) => client.close()));
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await emulator.close();
  };
  return harness;
}

/** A token upsert that changes the catalog's content (and so its version) each time it is called with a new label. */
export function renamedToken(label: string): Record<string, unknown> {
  return { chain: "EVM", networkId: 1, contractAddress: "0x00000000000000000000000000000000000000d1", symbol: "TST", name: `Test ${label}`, decimals: 18, tokenId: "test-token-d1" };
}

/** A throwaway repository: config only, `catalog/` empty. */
export interface TempCatalogRepo {
  dir: string;
  paths: SnapshotPaths;
  remove(): void;
}

export function tempCatalogRepo(baseUrl = "http://127.0.0.1:4010/api/v0"): TempCatalogRepo {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-catalog-"));
  writeFileSync(join(dir, "screenpol.config.yaml"), `baseUrl: ${baseUrl}\nenvironments:\n  sandbox:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01\n    kind: sandbox\n`);
  return { dir, paths: snapshotPaths(dir, "catalog"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A meta for a snapshot of `count` tokens at `version`, as a one-page sync from the emulator writes it. */
export function metaDraft(version: string, count: number): MetaDraft {
  return {
    format: CATALOG_META_FORMAT,
    version,
    etag: `"etag-${version}"`,
    limit: 100,
    source: "http://127.0.0.1:4010/api/v0",
    syncedAt: "2026-11-21T12:00:00.000Z",
    tokenCount: count,
    pages: 1,
  };
}
