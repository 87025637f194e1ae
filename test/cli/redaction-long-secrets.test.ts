/**
 * Secrets of 1, 10 and 100 KiB and 2 MB through every command that redacts,
 * as a user runs them. The redactor was one regular expression built from the
 * secret's forms, and a secret of about 2,500 characters killed the process
 * (V8's "RegExpCompiler Allocation failed", exit 134, a native stack dump):
 * a long SCREENPOL_API_TOKEN killed even an offline lint, a long device code
 * killed login. Now a secret up to 16 KiB works and is redacted everywhere;
 * a longer one is refused where it enters, with one line and the documented
 * exit code (2 for ours, 4 for a server's), never a crash. SCREENPOL_API_TOKEN
 * stops at 100 KiB: Linux refuses an environment string over 128 KiB.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPair, SignJWT, type KeyLike } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { sendJson, startServer, type RecordedRequest, type TestServer } from "../remote/http-server.js";

const KIB = 1024;
/** Each process is killed after this (the old redactor ran 81 s on a 2 MB JWT); a test runs a few, within TEST_TIMEOUT_MS. */
const RUN_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 90_000;
const MAX = 16 * KIB;

/** `length` characters of a token's alphabet, different for each `seed`. */
function tokenOf(length: number, seed: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let state = seed;
  let token = "spt_";
  while (token.length < length) {
    state = (state * 1103515245 + 12345) % 2147483648;
    token += alphabet[(state >> 8) % alphabet.length];
  }
  return token;
}

/**
 * 16-character runs of the secret, raw and base64-encoded at each offset, at
 * 64 places along it: what no output may hold. Sampled, independently of the
 * redactor, so that a 2 MB secret is checked in bounded time.
 */
function runsOf(secret: string): string[] {
  const sources = [secret, ...["", "x", "xy"].map((before) => Buffer.from(`${before}${secret}`).toString("base64").slice(4, -4))];
  return sources.flatMap((source) => Array.from({ length: 64 }, (_, index) => Math.floor(((source.length - 16) * index) / 63)).map((start) => source.slice(start, start + 16)));
}

function leaks(run: CliRun, secret: string): string[] {
  return runsOf(secret).filter((needle) => run.stdout.includes(needle) || run.stderr.includes(needle));
}

let repo: TempRepo;
let configHome: string;
let server: TestServer;
/** What the hostile server does on the sign-in endpoints; every other route echoes the credential it was sent. */
let signIn: { deviceCode: string; accessToken: string; pendingFirst: boolean } = { deviceCode: "", accessToken: "", pendingFirst: false };
let polls = 0;
let privateKey: KeyLike;

beforeAll(async () => {
  ({ privateKey } = await generateKeyPair("ES256"));
  server = await startServer((request, response) => {
    const echo = (sent: string) => `${sent} ${encodeURIComponent(sent)} ${Buffer.from(`x:${sent}`).toString("base64")}`;
    if (request.url.endsWith("/oauth/device/code")) {
      sendJson(response, 200, { device_code: signIn.deviceCode, user_code: "BCDF-GHJK", verification_uri: `http://127.0.0.1/device?d=${signIn.deviceCode}`, expires_in: 60, interval: 1 });
    } else if (request.url.endsWith("/oauth/token")) {
      polls++;
      if (signIn.pendingFirst && polls === 1) sendJson(response, 400, { error: "authorization_pending", error_description: echo(`${signIn.deviceCode} ${signIn.accessToken}`) });
      else sendJson(response, 200, { access_token: signIn.accessToken, token_type: "Bearer", expires_in: 2_592_000 });
    } else {
      const sent = bearerOf(request);
      sendJson(response, 403, { error: `Access Forbidden ${echo(sent)}`, code: echo(sent) });
    }
  });
});

afterAll(async () => {
  await server?.close();
});

beforeEach(() => {
  polls = 0;
  server.requests.length = 0;
  repo = makeTempRepo();
  configHome = mkdtempSync(join(tmpdir(), "screenpol-long-secrets-"));
  return () => {
    repo.remove();
    rmSync(configHome, { recursive: true, force: true });
  };
});

function bearerOf(request: RecordedRequest): string {
  return String(request.headers.authorization ?? "").replace(/^Bearer /, "");
}

const cli = (args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> =>
  runCli(args, { cwd: repo.dir, env: { XDG_CONFIG_HOME: configHome, SCREENPOL_CREDENTIAL_STORE: "file", ...env }, timeoutMs: RUN_TIMEOUT_MS });

const credentialsPath = () => join(configHome, "screenpol", "credentials.json");

async function jwtOf(length: number): Promise<string> {
  const sign = (padding: string) =>
    new SignJWT({ scope: "environment.settings.read", client_id: "screenpol-cli", email: "someone@example.test", padding })
      .setProtectedHeader({ alg: "ES256" })
      .setSubject("long-user")
      .setIssuedAt()
      .setExpirationTime("30d")
      .sign(privateKey);
  const bare = await sign("");
  // base64url: 4 characters for 3 bytes of padding claim.
  return sign(tokenOf(Math.max(0, Math.floor(((length - bare.length) * 3) / 4)), length));
}

describe("SCREENPOL_API_TOKEN", () => {
  it.each([
    ["1 KiB", KIB],
    ["10 KiB", 10 * KIB],
    // Longer than any API token, but lint sends nothing: it runs, and redacts it all the same.
    ["100 KiB", 100 * KIB],
  ])("of %s: lint works and quotes none of it, though the policy holds it", { timeout: TEST_TIMEOUT_MS }, async (_size, length) => {
    const token = tokenOf(length, length);
    const policy = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
    repo.write(policy, readFileSync(join(repo.dir, policy), "utf8").replace(/^scope: TRANSACTION$/m, `scope: "${token}"`));
    for (const format of ["pretty", "json"]) {
      const run = await cli(["lint", "--format", format], { SCREENPOL_API_TOKEN: token });
      expect(run.code, run.stderr).toBe(1);
      // The schema message quotes the value's first characters, cut with the ellipsis the redactor knows.
      expect(run.stdout).toMatch(format === "json" ? /"message": "scope: \\"\*\*\*…\\" is not one of SIGN_IN, TRANSACTION"/ : /scope: "\*\*\*…" is not one of SIGN_IN, TRANSACTION/);
      expect(leaks(run, token)).toEqual([]);
    }
  });

  it.each([
    ["1 KiB", KIB],
    ["10 KiB", 10 * KIB],
  ])("of %s: doctor sends it, and the server's echo of it is redacted", { timeout: TEST_TIMEOUT_MS }, async (_size, length) => {
    const token = tokenOf(length, length + 1);
    const run = await cli(["doctor", "--base-url", server.baseUrl], { SCREENPOL_API_TOKEN: token });
    expect(run.code, run.stderr).toBe(4);
    expect(run.stdout + run.stderr).toContain("***");
    expect(server.requests.map(bearerOf)).toContain(token);
    expect(leaks(run, token)).toEqual([]);
  });

  it("of 100 KiB: doctor and auth status refuse it with one line, exit 2; nothing is sent", { timeout: TEST_TIMEOUT_MS }, async () => {
    const token = tokenOf(100 * KIB, 3);
    for (const args of [["doctor", "--base-url", server.baseUrl], ["auth", "status", "--base-url", server.baseUrl]]) {
      const run = await cli(args, { SCREENPOL_API_TOKEN: token });
      expect(run).toEqual({ code: 2, stdout: "", stderr: `screenpol: SCREENPOL_API_TOKEN is ${100 * KIB} characters long, longer than any API token (at most ${MAX})\n` });
    }
    expect(server.requests).toEqual([]);
  });
});

describe("--token-file", () => {
  it("of 20 KiB is refused for its length, of 100 KiB and 2 MB as a file too large to read: one line, exit 2, nothing sent", { timeout: TEST_TIMEOUT_MS }, async () => {
    for (const [length, reason] of [
      [20 * KIB, `the token in {file} is ${20 * KIB} characters long, longer than any API token (at most ${MAX})`],
      [100 * KIB, "cannot read the token file {file} (is 100.0 KiB, over the 64 KiB limit; not read)"],
      [2 * 1024 * KIB, "cannot read the token file {file} (is 2.0 MiB, over the 64 KiB limit; not read)"],
    ] as const) {
      const file = join(configHome, `token-${length}`);
      writeFileSync(file, `${tokenOf(length, length)}\n`);
      const run = await cli(["doctor", "--base-url", server.baseUrl, "--token-file", file]);
      expect(run).toEqual({ code: 2, stdout: "", stderr: `screenpol: ${reason.replace("{file}", file)}\n` });
    }
    expect(server.requests).toEqual([]);
  });
});

describe("a sign-in server's device code and token", () => {
  it.each([
    ["1 KiB", KIB],
    ["10 KiB", 10 * KIB],
  ])("of %s: login, auth status and a remote command work, and none of their output holds either", { timeout: TEST_TIMEOUT_MS }, async (_size, length) => {
    signIn = { deviceCode: tokenOf(length, length + 2), accessToken: await jwtOf(length), pendingFirst: true };
    const login = await cli(["login", "--base-url", server.baseUrl]);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Signed in to ${server.baseUrl} as someone@example.test.`);
    expect(login.stderr).toContain("Then open http://127.0.0.1/device?d=*** and enter it.");
    const status = await cli(["auth", "status", "--base-url", server.baseUrl]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("  user       someone@example.test");
    const doctor = await cli(["doctor", "--base-url", server.baseUrl]);
    expect(doctor.code, doctor.stderr).toBe(4);
    expect(server.requests.map(bearerOf)).toContain(signIn.accessToken);
    for (const run of [login, status, doctor]) expect(leaks(run, signIn.accessToken)).toEqual([]);
    expect(leaks(login, signIn.deviceCode)).toEqual([]);
  });

  it.each([
    ["100 KiB", 100 * KIB],
    ["2 MB", 2 * 1024 * KIB],
  ])("a device code of %s: one line, exit 4, nothing stored, nothing polled", { timeout: TEST_TIMEOUT_MS }, async (_size, length) => {
    signIn = { deviceCode: tokenOf(length, 5), accessToken: await jwtOf(KIB), pendingFirst: false };
    const run = await cli(["login", "--base-url", server.baseUrl]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr: `screenpol: POST device authorization: invalid response: the device_code is ${length} characters long, more than any real one (at most ${MAX})\n`,
    });
    expect(server.requests.filter((request) => request.url.endsWith("/oauth/token"))).toEqual([]);
    expect(() => readFileSync(credentialsPath())).toThrow(/ENOENT/);
  });

  it.each([
    ["100 KiB", 100 * KIB],
    ["2 MB", 2 * 1024 * KIB],
  ])("an access token of %s: one line, exit 4, nothing stored", { timeout: TEST_TIMEOUT_MS }, async (_size, length) => {
    signIn = { deviceCode: tokenOf(64, 6), accessToken: await jwtOf(length), pendingFirst: false };
    const run = await cli(["login", "--base-url", server.baseUrl]);
    expect(run.code, run.stderr).toBe(4);
    expect(run.stderr.endsWith(`screenpol: POST token: invalid response: the access_token is ${signIn.accessToken.length} characters long, more than any real one (at most ${MAX}); nothing was stored\n`)).toBe(true);
    expect(run.stderr.split("\n").filter((line) => line.startsWith("screenpol:"))).toHaveLength(1);
    expect(() => readFileSync(credentialsPath())).toThrow(/ENOENT/);
  });
});

describe("a stored login read back", () => {
  it("holding a token of 100 KiB or 2 MB: auth status and a remote command refuse it with one line, exit 2, nothing sent", { timeout: TEST_TIMEOUT_MS }, async () => {
    signIn = { deviceCode: tokenOf(64, 8), accessToken: await jwtOf(KIB), pendingFirst: false };
    expect((await cli(["login", "--base-url", server.baseUrl])).code).toBe(0);
    const stored = JSON.parse(readFileSync(credentialsPath(), "utf8")) as { logins: Record<string, { accessToken: string }> };
    const path = credentialsPath();
    for (const [length, line] of [
      [100 * KIB, `${path} is corrupted (not the JSON screenpol writes): delete it and run \`screenpol login\` again`],
      [2 * 1024 * KIB, `${path} is {bytes} bytes, far more than a credentials file holds: delete it and run \`screenpol login\` again`],
    ] as const) {
      stored.logins[server.baseUrl]!.accessToken = tokenOf(length, 9);
      // writeFileSync keeps the file's 0600 mode.
      writeFileSync(path, JSON.stringify(stored));
      const bytes = readFileSync(path).length;
      server.requests.length = 0;
      for (const args of [["auth", "status", "--base-url", server.baseUrl], ["doctor", "--base-url", server.baseUrl]]) {
        const run = await cli(args);
        expect(run).toEqual({ code: 2, stdout: "", stderr: `screenpol: ${line.replace("{bytes}", String(bytes))}\n` });
      }
      expect(server.requests).toEqual([]);
    }
  });
});
