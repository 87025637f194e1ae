/**
 * The credential store's choice between the OS keyring and the file, with a
 * keyring of the test's own: one that works, one that throws on every call
 * (no Secret Service, a locked collection), one that holds garbage. The real
 * Secret Service: os-keyring.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCredentialStore } from "../../src/workspace/credentials/credential-store.js";
import type { Keyring } from "../../src/workspace/credentials/os-keyring.js";
import { CredentialStoreError, type StoredLogin } from "../../src/workspace/credentials/stored-login.js";

const BASE_URL = "https://admin.example.test/api/v0";
const LOGIN: StoredLogin = {
  baseUrl: BASE_URL,
  accessToken: "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl",
  scopes: ["environment.settings.read"],
  expiresAt: "2026-12-25T12:00:00.000Z",
  issuedAt: "2026-11-25T12:00:00.000Z",
  user: { id: "u", email: "someone@example.test" },
  clientId: "screenpol-cli",
};

let configDir: string;
beforeEach(() => {
  configDir = mkdtempSync(join(tmpdir(), "screenpol-credentials-"));
});
afterEach(() => rmSync(configDir, { recursive: true, force: true }));
const filePath = () => join(configDir, "credentials.json");

function workingKeyring(): Keyring & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: async (account) => entries.get(account),
    set: async (account, secret) => void entries.set(account, secret),
    delete: async (account) => entries.delete(account),
  };
}

function throwingKeyring(): Keyring {
  const fail = async (): Promise<never> => {
    throw new Error("Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead");
  };
  return { get: fail, set: fail, delete: fail };
}

function open(mode: string, keyring: Keyring) {
  const warnings: string[] = [];
  const store = openCredentialStore({ env: { SCREENPOL_CREDENTIAL_STORE: mode }, configDir, keyring, warn: (message) => warnings.push(message) });
  return { store, warnings };
}

describe("the credential store", () => {
  it("auto, with a keyring: keeps the login there, one entry per base URL, no file, no warning", async () => {
    const keyring = workingKeyring();
    const { store, warnings } = open("auto", keyring);
    expect(await store.save(LOGIN)).toEqual({ kind: "keyring" });
    expect([...keyring.entries.keys()]).toEqual([BASE_URL]);
    expect(JSON.parse(keyring.entries.get(BASE_URL)!)).toEqual(LOGIN);
    expect(existsSync(filePath())).toBe(false);
    expect(await store.load(BASE_URL)).toEqual({ login: LOGIN, location: { kind: "keyring" } });
    expect(await store.load("https://other.example.test/api/v0")).toBeUndefined();
    expect(warnings).toEqual([]);
    expect(await store.remove(BASE_URL)).toBe(true);
    expect(keyring.entries.size).toBe(0);
  });

  it("auto, with a keyring that throws: the file (0600), and one warning that says so", async () => {
    const { store, warnings } = open("auto", throwingKeyring());
    expect(await store.save(LOGIN)).toEqual({ kind: "file", path: filePath() });
    expect(statSync(filePath()).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(filePath(), "utf8"))).toEqual({ version: 1, logins: { [BASE_URL]: LOGIN } });
    expect(warnings).toEqual([`no OS keyring reachable (no Secret Service on the session bus): the login is kept in ${filePath()}, readable only by you`]);
    expect(await store.load(BASE_URL)).toEqual({ login: LOGIN, location: { kind: "file", path: filePath() } });
    expect(await store.remove(BASE_URL)).toBe(true);
    expect(await store.load(BASE_URL)).toBeUndefined();
  });

  it("auto: a login kept in the file while the keyring was away moves to the keyring on the next save", async () => {
    await open("auto", throwingKeyring()).store.save(LOGIN);
    const keyring = workingKeyring();
    const { store } = open("auto", keyring);
    expect((await store.load(BASE_URL))?.location).toEqual({ kind: "file", path: filePath() });
    await store.save({ ...LOGIN, accessToken: "eyJ.new.token" });
    expect(JSON.parse(readFileSync(filePath(), "utf8"))).toEqual({ version: 1, logins: {} });
    expect((await store.load(BASE_URL))?.login.accessToken).toBe("eyJ.new.token");
  });

  it("keyring, with a keyring that throws: an error of one line on every call, and no file", async () => {
    const { store } = open("keyring", throwingKeyring());
    const expected = "the OS keyring failed (no Secret Service on the session bus); unset SCREENPOL_CREDENTIAL_STORE or set it to file to keep the login in a file";
    for (const call of [() => store.save(LOGIN), () => store.load(BASE_URL), () => store.remove(BASE_URL)]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CredentialStoreError);
      expect((error as Error).message).toBe(expected);
    }
    expect(existsSync(filePath())).toBe(false);
  });

  it("a keyring entry that is not a login is refused with what to do", async () => {
    const keyring = workingKeyring();
    keyring.entries.set(BASE_URL, "{not json");
    await expect(open("auto", keyring).store.load(BASE_URL)).rejects.toThrow(
      `the OS keyring's screenpol entry for ${BASE_URL} is corrupted: run \`screenpol logout\`, then \`screenpol login\``,
    );
  });

  it("file: never asks the keyring", async () => {
    const { store } = open("file", throwingKeyring());
    expect(await store.save(LOGIN)).toEqual({ kind: "file", path: filePath() });
    expect((await store.load(BASE_URL))?.login).toEqual(LOGIN);
  });

  it("refuses an unknown SCREENPOL_CREDENTIAL_STORE", () => {
    expect(() => open("vault", workingKeyring())).toThrow('SCREENPOL_CREDENTIAL_STORE must be auto, keyring, file, not "vault"');
  });
});
