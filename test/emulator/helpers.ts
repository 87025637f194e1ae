/** Shared set-up of the emulator tests: an emulator on 127.0.0.1 port 0, real clients, the admin endpoints. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";
import { createEmulator, SEED_TOKENS, type Emulator, type EmulatorOptions, type FaultSpec, type RunningEmulator } from "../../src/emulator/index.js";
import { createClient, type ClientOptions, type RemoteClient } from "../../src/remote/index.js";

export const ALL_SCOPES_TOKEN = SEED_TOKENS[0]!.token;
export const READ_ONLY_TOKEN = SEED_TOKENS[1]!.token;
/**
 * The device-poll interval the login tests give (emulator option `pollIntervalSeconds`, test servers' `interval`):
 * the least `screenpol login` waits, so that a login costs a tenth of a second, not a real one (docs/sign-in.md).
 */
export const TEST_POLL_INTERVAL_SECONDS = 0.1;

export interface Harness {
  emulator: Emulator;
  running: RunningEmulator;
  /** A client with every scope (or `token`), no real waiting between retries. */
  client(options?: Partial<ClientOptions>): RemoteClient;
  /** Sends a raw request to a path below the base URL (for what the client refuses to send). */
  raw(method: string, path: string, init?: { token?: string | null; body?: string; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; text: string; json: unknown }>;
  addFault(spec: FaultSpec): Promise<void>;
  state(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts an emulator (in memory unless `statePath` is given) and listens on 127.0.0.1, port 0. */
export async function startHarness(options: EmulatorOptions = {}): Promise<Harness> {
  const emulator = await createEmulator(options);
  const running = await emulator.listen(0);
  const clients: RemoteClient[] = [];
  return {
    emulator,
    running,
    client(overrides = {}) {
      const client = createClient({
        baseUrl: running.baseUrl,
        token: ALL_SCOPES_TOKEN,
        timeoutMs: 5_000,
        retry: { maxAttempts: 3, sleep: async () => undefined },
        ...overrides,
      });
      clients.push(client);
      return client;
    },
    async raw(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const token = init.token === undefined ? ALL_SCOPES_TOKEN : init.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (init.body !== undefined) headers["content-type"] ??= "application/json";
      const response = await fetch(`${running.baseUrl}${path}`, { method, headers, body: init.body });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { status: response.status, headers: response.headers, text, json };
    },
    async addFault(spec) {
      const response = await fetch(`${running.adminUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
      if (response.status !== 201) throw new Error(`adding a fault failed: ${response.status} ${await response.text()}`);
    },
    async state() {
      const response = await fetch(`${running.adminUrl}/state`);
      return ((await response.json()) as { state: Record<string, unknown> }).state;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await running.close();
      await emulator.close();
    },
  };
}

/** A temporary folder, removed by `remove()`. */
export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-emulator-test-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A fresh temporary folder and a state file path in it for every test of the
 * calling file (registers the vitest hooks); read `dir` and `statePath` inside tests.
 */
export function useTempStatePath(): { readonly dir: string; readonly statePath: string } {
  let temp: ReturnType<typeof tempDir> | undefined;
  beforeEach(() => {
    temp = tempDir();
  });
  afterEach(() => temp?.remove());
  return {
    get dir() {
      return temp!.dir;
    },
    get statePath() {
      return join(temp!.dir, "state.json");
    },
  };
}

/** Awaits a promise that must reject and returns the reason. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection, but the promise resolved");
}
