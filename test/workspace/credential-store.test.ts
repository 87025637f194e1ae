/**
 * The credential store's choice between the OS keyring and the file, with a
 * keyring of the test's own: one that works, one that throws on every call
 * (no Secret Service, a locked collection), one that holds garbage. The real
 * Secret Service: os-keyring.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCredentialStore } from "../../src/workspace/credentials/credential-store.js";
import type { Keyring } from "../../src/workspace/credentials/os-keyring.js";
import { MAX_SECRET_LENGTH } from "../../src/core/secret-redactor.js";
import { CredentialStoreError, MAX_ACCESS_TOKEN_CHARACTERS, UnreadableLoginError, type StoredLogin } from "../../src/workspace/credentials/stored-login.js";

const BASE_URL = "https://admin.example.test/api/v0";
const OTHER_URL = "https://other.example.test/api/v0";
const THIRD_URL = "https://third.example.test/api/v0";
const FOURTH_URL = "https://fourth.example.test/api/v0";
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

  it("a keyring entry that is not a login is refused for its base URL only, with the logout that removes it", async () => {
    const keyring = workingKeyring();
    keyring.entries.set(BASE_URL, "{not json");
    keyring.entries.set(OTHER_URL, JSON.stringify({ ...LOGIN, baseUrl: OTHER_URL, clientId: "" }));
    const { store } = open("auto", keyring);
    await store.save({ ...LOGIN, baseUrl: THIRD_URL });
    const refusal = (url: string, problem: string) => `the OS keyring's screenpol entry for ${url} is unreadable (${problem}): run \`screenpol logout --base-url ${url}\` to remove it, then \`screenpol login\``;
    await expect(store.load(BASE_URL)).rejects.toThrow(refusal(BASE_URL, "not JSON"));
    await expect(store.load(OTHER_URL)).rejects.toThrow(refusal(OTHER_URL, "clientId is empty"));
    await expect(store.load(OTHER_URL)).rejects.toBeInstanceOf(UnreadableLoginError);
    expect((await store.load(THIRD_URL))?.login).toEqual({ ...LOGIN, baseUrl: THIRD_URL });
    expect(await store.remove(OTHER_URL)).toBe(true);
    expect(await store.load(OTHER_URL)).toBeUndefined();
  });

  it("a file entry that is not a login is refused for its base URL only, kept as it is by saves, and removed by remove", async () => {
    const { store } = open("file", throwingKeyring());
    await store.save(LOGIN);
    const file = JSON.parse(readFileSync(filePath(), "utf8")) as { version: number; logins: Record<string, unknown> };
    const bad = { ...LOGIN, baseUrl: OTHER_URL, expiresAt: "+275760-09-13T00:00:00.000Z" };
    const elsewhere = { ...LOGIN, baseUrl: BASE_URL };
    writeFileSync(filePath(), JSON.stringify({ version: 1, logins: { ...file.logins, [OTHER_URL]: bad, [THIRD_URL]: elsewhere } }), { mode: 0o600 });
    await expect(store.load(OTHER_URL)).rejects.toThrow(
      `the stored login for ${OTHER_URL} in ${filePath()} is unreadable (expiresAt is not an ISO 8601 time in UTC with a four-digit year): run \`screenpol logout --base-url ${OTHER_URL}\` to remove it, then \`screenpol login\``,
    );
    await expect(store.load(THIRD_URL)).rejects.toThrow(`the stored login for ${THIRD_URL} in ${filePath()} is unreadable (it holds the login of another base URL)`);
    expect((await store.load(BASE_URL))?.login).toEqual(LOGIN);
    // A save elsewhere writes the unreadable entries back as they were: deleting a login is logout's decision.
    await store.save({ ...LOGIN, baseUrl: FOURTH_URL });
    expect(JSON.parse(readFileSync(filePath(), "utf8")).logins[OTHER_URL]).toEqual(bad);
    expect(await store.remove(OTHER_URL)).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(filePath(), "utf8")).logins)).toEqual([BASE_URL, THIRD_URL, FOURTH_URL]);
  });

  it("refuses to store a login its reader would refuse, in the keyring and in the file", async () => {
    for (const mode of ["keyring", "file"]) {
      const keyring = workingKeyring();
      const { store } = open(mode, keyring);
      await expect(store.save({ ...LOGIN, clientId: "" })).rejects.toThrow(`the login for ${BASE_URL} cannot be stored (clientId is empty); nothing was stored`);
      expect(keyring.entries.size).toBe(0);
      expect(existsSync(filePath())).toBe(false);
    }
  });

  it("file: a save that would take the file over the 1 MiB it reads back is refused, and the file stays readable", async () => {
    const { store } = open("file", throwingKeyring());
    const longToken = `${LOGIN.accessToken}${"A".repeat(16 * 1024 - LOGIN.accessToken.length)}`;
    const urlOf = (index: number) => `https://admin-${index}.example.test/api/v0`;
    let refusal: unknown;
    let saved = 0;
    // 16 KiB tokens: the file passes 1 MiB after some 64 logins; 100 bounds the loop.
    for (; saved < 100 && refusal === undefined; saved++) refusal = await store.save({ ...LOGIN, baseUrl: urlOf(saved), accessToken: longToken }).then(() => undefined, (error: unknown) => error);
    expect(refusal).toBeInstanceOf(CredentialStoreError);
    expect((refusal as Error).message).toBe(`${filePath()} would grow over 1 MiB, more than screenpol reads back: remove logins you no longer use with \`screenpol logout --base-url URL\``);
    expect(statSync(filePath()).size).toBeLessThanOrEqual(1024 * 1024);
    expect((await store.load(urlOf(0)))?.login.accessToken).toBe(longToken);
    expect(await store.load(urlOf(saved - 1))).toBeUndefined();
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

describe("the stored login's token bound", () => {
  it("is the bound every secret has where it enters (one figure: the schema's maxLength and the redactor's)", () => {
    expect(MAX_ACCESS_TOKEN_CHARACTERS).toBe(MAX_SECRET_LENGTH);
  });
});
