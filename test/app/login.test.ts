/**
 * The login flow of app/login.ts against the emulator over HTTP, with the
 * clock and the timer injected (one clock for both sides), so polling at the
 * interval, slow_down and what happens to a token nobody could keep are
 * checked exactly, without waiting.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runLogin, runLogout, shouldOpenBrowser } from "../../src/app/login.js";
import { DASHBOARD_USER } from "../../src/emulator/index.js";
import { createDeviceLoginClient, type DeviceLoginClient } from "../../src/remote/device-login.js";
import { openCredentialStore, type CredentialStore } from "../../src/workspace/credentials/credential-store.js";
import type { StoredLogin } from "../../src/workspace/credentials/stored-login.js";
import { startHarness, type Harness } from "../emulator/helpers.js";
import { revocationsOf, startTokenServer, unsignedClientJwt } from "../helpers/hostile-sign-in.js";
import type { TestServer } from "../remote/http-server.js";

let harness: Harness | undefined;
let client: DeviceLoginClient | undefined;
let server: TestServer | undefined;
let configDir: string | undefined;
afterEach(async () => {
  await client?.close();
  await harness?.close();
  await server?.close();
  if (configDir) rmSync(configDir, { recursive: true, force: true });
  harness = undefined;
  client = undefined;
  server = undefined;
  configDir = undefined;
});

/** A login of another base URL, as a file store holds it before the test's own login. */
const OTHER_LOGIN: StoredLogin = {
  baseUrl: "https://admin.example.test/api/v0",
  accessToken: unsignedClientJwt(),
  scopes: ["environment.settings.read"],
  expiresAt: "2026-12-25T12:00:00.000Z",
  issuedAt: "2026-11-25T12:00:00.000Z",
  user: { id: "u" },
  clientId: "screenpol-cli",
};

function fileStore(): CredentialStore {
  configDir = mkdtempSync(join(tmpdir(), "screenpol-app-login-"));
  return openCredentialStore({ env: { SCREENPOL_CREDENTIAL_STORE: "file" }, configDir, warn: () => undefined });
}

/** A store in memory; `failSave` makes save throw as a locked keyring would. */
function memoryStore(options: { failSave?: boolean } = {}): CredentialStore & { saved: StoredLogin[] } {
  const saved: StoredLogin[] = [];
  return {
    saved,
    load: async (baseUrl) => {
      const login = saved.findLast((entry) => entry.baseUrl === baseUrl);
      return login && { login, location: { kind: "keyring" } };
    },
    save: async (login) => {
      if (options.failSave) throw new Error("the keyring is locked");
      saved.push(login);
      return { kind: "keyring" };
    },
    remove: async () => false,
  };
}

describe("runLogin", () => {
  it("waits the server's interval before each poll and 5 s more after slow_down", async () => {
    let time = Date.parse("2026-11-25T12:00:00Z");
    harness = await startHarness({ clock: () => new Date(time), deviceLogin: { pollIntervalSeconds: 5 } });
    client = createDeviceLoginClient({ baseUrl: harness.running.baseUrl });
    const sleeps: number[] = [];
    let userCode = "";
    const outcome = await runLogin({
      client,
      store: memoryStore(),
      signal: new AbortController().signal,
      onCodes: (authorization) => {
        userCode = authorization.userCode;
      },
      onSecret: () => undefined,
      now: () => time,
      sleep: async (ms) => {
        sleeps.push(ms);
        // The second wait ends early, as a timer that fired too soon would: the server says slow_down.
        time += sleeps.length === 2 ? 1_000 : ms;
        // Approved while the client waits for its fourth poll.
        if (sleeps.length === 4) expect(harness!.emulator.logins.decide(userCode, "approve")).toBe(true);
      },
    });
    expect(sleeps).toEqual([5_000, 5_000, 10_000, 10_000]);
    expect(outcome.login.user).toEqual({ id: DASHBOARD_USER.id, email: DASHBOARD_USER.email, name: DASHBOARD_USER.name });
    expect(Date.parse(outcome.login.expiresAt) - time).toBe(30 * 86_400_000);
  });

  it("waits a sub-second interval as the server gives it (the emulator's for tests), never less than 0.1 s", async () => {
    const waitsFor = async (pollIntervalSeconds: number): Promise<number[]> => {
      harness = await startHarness({ deviceLogin: { pollIntervalSeconds, approveOnPoll: true } });
      client = createDeviceLoginClient({ baseUrl: harness.running.baseUrl });
      const sleeps: number[] = [];
      await runLogin({ client, store: memoryStore(), signal: new AbortController().signal, onCodes: () => undefined, onSecret: () => undefined, sleep: async (ms) => void sleeps.push(ms) });
      await client.close();
      await harness.close();
      client = undefined;
      harness = undefined;
      return sleeps;
    };
    expect(await waitsFor(0.25)).toEqual([250]);
    expect(await waitsFor(0.01)).toEqual([100]);
  });

  it("revokes a token it could not keep, and reports why it could not", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: 1, approveOnPoll: true } });
    client = createDeviceLoginClient({ baseUrl: harness.running.baseUrl });
    const run = runLogin({
      client,
      store: memoryStore({ failSave: true }),
      signal: new AbortController().signal,
      onCodes: () => undefined,
      onSecret: () => undefined,
      sleep: async () => undefined,
    });
    await expect(run).rejects.toThrow("the keyring is locked");
    const clients = harness.emulator.logins.authorizedClients(DASHBOARD_USER.id);
    expect(clients).toHaveLength(1);
    expect(clients[0]!.revokedAt).not.toBeNull();
  });

  it("refuses a token over the stored login's 16 KiB, revokes it, and stores nothing, so the file's other logins stay readable", async () => {
    const store = fileStore();
    await store.save(OTHER_LOGIN);
    const jwt = unsignedClientJwt({ padding: "x".repeat(1024 * 1024) });
    server = await startTokenServer(jwt);
    client = createDeviceLoginClient({ baseUrl: server.baseUrl });
    const run = runLogin({ client, store, signal: new AbortController().signal, onCodes: () => undefined, onSecret: () => undefined, sleep: async () => undefined });
    await expect(run).rejects.toMatchObject({
      kind: "invalidResponse",
      message: expect.stringMatching(/^POST token: invalid response: the access_token is \d+ characters long, more than any real one \(at most 16384\); it was revoked and nothing was stored$/),
    });
    expect(revocationsOf(server)).toEqual([jwt]);
    expect(await store.load(server.baseUrl)).toBeUndefined();
    expect((await store.load(OTHER_LOGIN.baseUrl))?.login).toEqual(OTHER_LOGIN);
  });

  it("tells each secret to onSecret the moment it has it: the device code, then the token", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: 1, approveOnPoll: true } });
    client = createDeviceLoginClient({ baseUrl: harness.running.baseUrl });
    const told: string[] = [];
    const shown: string[] = [];
    const outcome = await runLogin({
      client,
      store: memoryStore(),
      signal: new AbortController().signal,
      onCodes: (authorization) => void shown.push(...told, authorization.deviceCode),
      onSecret: (secret) => void told.push(secret),
      sleep: async () => undefined,
    });
    // The device code was registered before the codes were shown.
    expect(shown[0]).toBe(shown[1]);
    expect(told).toEqual([shown[1], outcome.login.accessToken]);
  });

  it("cancels at once when its signal is aborted, storing nothing", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: 5 } });
    client = createDeviceLoginClient({ baseUrl: harness.running.baseUrl });
    const store = memoryStore();
    const cancel = new AbortController();
    const run = runLogin({ client, store, signal: cancel.signal, onCodes: () => cancel.abort(), onSecret: () => undefined });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(store.saved).toEqual([]);
  });
});

describe("runLogout", () => {
  it("deletes a keyring entry that is not a stored login without sending anything of it, and says it could not be read", async () => {
    server = await startTokenServer(unsignedClientJwt());
    client = createDeviceLoginClient({ baseUrl: server.baseUrl });
    const entries = new Map([[server.baseUrl, JSON.stringify({ ...OTHER_LOGIN, baseUrl: server.baseUrl, issuedAt: undefined })]]);
    const keyring = { get: async (account: string) => entries.get(account), set: async () => undefined, delete: async (account: string) => entries.delete(account) };
    configDir = mkdtempSync(join(tmpdir(), "screenpol-app-logout-"));
    const store = openCredentialStore({ env: { SCREENPOL_CREDENTIAL_STORE: "keyring" }, configDir, keyring, warn: () => undefined });
    expect(await runLogout({ baseUrl: server.baseUrl, connect: () => client!, store, onSecret: () => undefined })).toEqual({ removed: true, unreadable: "issuedAt is missing" });
    expect(entries.size).toBe(0);
    expect(server.requests).toEqual([]);
  });
});

describe("shouldOpenBrowser", () => {
  const desktop = { noBrowser: false, stdoutIsTTY: true, stderrIsTTY: true, env: { DISPLAY: ":0" }, platform: "linux" as const };

  it("opens on a Linux terminal with a display, on macOS and Windows terminals", () => {
    expect(shouldOpenBrowser(desktop)).toBe(true);
    expect(shouldOpenBrowser({ ...desktop, env: { WAYLAND_DISPLAY: "wayland-0" } })).toBe(true);
    expect(shouldOpenBrowser({ ...desktop, env: {}, platform: "darwin" })).toBe(true);
    expect(shouldOpenBrowser({ ...desktop, env: {}, platform: "win32" })).toBe(true);
  });

  it("never with --no-browser, off a terminal, over SSH, or on Linux without a display", () => {
    expect(shouldOpenBrowser({ ...desktop, noBrowser: true })).toBe(false);
    expect(shouldOpenBrowser({ ...desktop, stdoutIsTTY: false })).toBe(false);
    expect(shouldOpenBrowser({ ...desktop, stderrIsTTY: false })).toBe(false);
    expect(shouldOpenBrowser({ ...desktop, env: { DISPLAY: ":0", SSH_CONNECTION: "10.0.0.1 5000 10.0.0.2 22" } })).toBe(false);
    expect(shouldOpenBrowser({ ...desktop, env: { DISPLAY: ":0", SSH_TTY: "/dev/pts/1" }, platform: "darwin" })).toBe(false);
    expect(shouldOpenBrowser({ ...desktop, env: {} })).toBe(false);
  });
});
