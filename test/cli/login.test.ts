/**
 * `screenpol login`, `logout`, `auth status` and the stored login in every
 * remote command, as a user runs them: real processes against the emulator on
 * 127.0.0.1, the login kept in the file fallback of a config folder of the
 * test's own (the OS keyring: test/workspace/os-keyring.test.ts). Exit codes,
 * lines, bytes and modes on disk, and what the server accepts afterwards.
 */
import { chmodSync, chownSync, copyFileSync, existsSync, lchownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_TOKEN_LIFETIME_SECONDS } from "../../src/contract/wire.js";
import { SEED_IDS } from "../../src/emulator/index.js";
import { ALL_SCOPES_TOKEN, startHarness, TEST_POLL_INTERVAL_SECONDS, type Harness } from "../emulator/helpers.js";
import { revocationsOf, startTokenServer, unsignedClientJwt } from "../helpers/hostile-sign-in.js";
import { startLoginProcess } from "../helpers/login-session.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { sendJson, startServer, type TestServer } from "../remote/http-server.js";

let harness: Harness | undefined;
let repo: TempRepo;
let configHome: string;
let server: TestServer | undefined;

beforeEach(() => {
  repo = makeTempRepo();
  configHome = mkdtempSync(join(tmpdir(), "screenpol-login-config-"));
});
afterEach(async () => {
  await harness?.close();
  await server?.close();
  harness = undefined;
  server = undefined;
  repo.remove();
  rmSync(configHome, { recursive: true, force: true });
});

const credentialsPath = () => join(configHome, "screenpol", "credentials.json");
const env = (extra: Record<string, string | undefined> = {}) => ({ XDG_CONFIG_HOME: configHome, SCREENPOL_CREDENTIAL_STORE: "file", ...extra });
const cli = (args: string[], extra: Record<string, string | undefined> = {}): Promise<CliRun> => runCli(args, { cwd: repo.dir, env: env(extra), timeoutMs: 30_000 });
const baseUrl = () => harness!.running.baseUrl;
const login = (args: string[] = [], extra: Record<string, string | undefined> = {}) => cli(["login", "--base-url", baseUrl(), ...args], extra);
const storedToken = (): string => (JSON.parse(readFileSync(credentialsPath(), "utf8")) as { logins: Record<string, { accessToken: string }> }).logins[baseUrl()]!.accessToken;
const environmentStatus = async (token: string) => (await harness!.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token })).status;

async function postDecision(userCode: string, decision: "approve" | "deny"): Promise<void> {
  const origin = new URL(baseUrl()).origin;
  const response = await fetch(`${origin}/device`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ user_code: userCode, decision }).toString(),
  });
  expect(response.status).toBe(200);
  await response.text();
}

describe("screenpol login", () => {
  it("signs in: the code and the address on stderr, the outcome on stdout, the JWT in a 0600 file of a 0700 folder and in no output", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const run = await login(["--scopes", "environment.settings.read,users.read"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/^First copy your one-time code: [B-Z]{4}-[B-Z]{4}\nThen open http:\/\/127\.0\.0\.1:\d+\/device and enter it \(or open http:\/\/127\.0\.0\.1:\d+\/device\?user_code=[B-Z]{4}-[B-Z]{4}\)\.\nWaiting for approval; the code expires in 15 minutes\. Ctrl-C cancels\.\n$/);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Signed in to ${baseUrl().replace(/[.]/g, "\\.")} as compliance\\.lead@demo\\.example \\(Casey Compliance\\)\\.\\n  scopes   environment\\.settings\\.read, users\\.read\\n  expires  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\n  kept in  ${credentialsPath().replace(/[.]/g, "\\.")}\\n$`,
      ),
    );
    expect(statSync(credentialsPath()).mode & 0o777).toBe(0o600);
    expect(statSync(join(configHome, "screenpol")).mode & 0o777).toBe(0o700);
    const token = storedToken();
    expect(token.split(".")).toHaveLength(3);
    for (const secret of [token, ...harness.emulator.logins.deviceCodes()]) {
      expect(run.stdout + run.stderr).not.toContain(secret);
      expect(readFileSync(credentialsPath(), "utf8").includes(secret)).toBe(secret === token);
    }
    // Nothing in the repository.
    expect(readFileSync(join(repo.dir, "screenpol.config.yaml"), "utf8")).not.toContain(token);
    expect(await environmentStatus(token)).toBe(200);
  });

  it("is used by every remote command: doctor and plan run on the stored login, and a 403 says to log in with the scope", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login(["--scopes", "environment.settings.read"])).code).toBe(0);
    const doctor = await cli(["doctor", "--base-url", baseUrl()]);
    expect(doctor.stdout).toContain("✔ sandbox");
    expect(doctor.code).toBe(0);
    const plan = await cli(["plan", "--base-url", baseUrl(), "--env", "sandbox"]);
    expect(plan.code, plan.stderr).toBe(0);
    const users = await cli(["users", "list", "--env", "sandbox", "--base-url", baseUrl()]);
    expect(users.code).toBe(4);
    expect(users.stderr).toContain(`403 Access Forbidden (your stored login for ${baseUrl()} lacks the scope users.read: run \`screenpol login\` to ask for it`);
    expect(users.stdout + users.stderr).not.toContain(storedToken());
  });

  it("honours the precedence SCREENPOL_API_TOKEN > --token-file > stored login", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const goodFile = repo.write("../good-token", `${ALL_SCOPES_TOKEN}\n`);
    const badFile = repo.write("../bad-token", "dyn_not_a_token_of_the_emulator\n");
    const doctor = (args: string[], extra: Record<string, string | undefined> = {}) => cli(["doctor", "--env", "sandbox", "--base-url", baseUrl(), ...args], extra);

    // A wrong API token in the variable is sent, whatever the file and the login hold.
    const fromEnv = await doctor(["--token-file", goodFile], { SCREENPOL_API_TOKEN: "dyn_wrong" });
    expect(fromEnv.code).toBe(4);
    expect(fromEnv.stderr).toContain("the API token is missing, malformed, invalid or revoked; check SCREENPOL_API_TOKEN");
    // Then the file, before the login.
    const fromFile = await doctor(["--token-file", badFile]);
    expect(fromFile.code).toBe(4);
    expect(fromFile.stderr).toContain(`check the token file ${badFile} (--token-file)`);
    // Then the login.
    expect((await doctor([])).code).toBe(0);
    const status = await cli(["auth", "status", "--base-url", baseUrl(), "--format", "json"], { SCREENPOL_API_TOKEN: "dyn_wrong" });
    expect(JSON.parse(status.stdout)).toMatchObject({ source: "SCREENPOL_API_TOKEN", loginShadowed: true });
    expect(status.stdout).not.toContain("dyn_wrong");
  });

  it("a second login replaces the first only once it succeeds, and revokes the first", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const first = startLoginProcess(["--base-url", baseUrl()], { cwd: repo.dir, env: env() });
    await postDecision((await first.codes).userCode, "approve");
    expect((await first.exited).code).toBe(0);
    const firstToken = storedToken();
    const before = readFileSync(credentialsPath());

    const denied = startLoginProcess(["--base-url", baseUrl()], { cwd: repo.dir, env: env() });
    await postDecision((await denied.codes).userCode, "deny");
    const deniedRun = await denied.exited;
    expect(deniedRun.code).toBe(4);
    expect(deniedRun.stderr).toContain("screenpol: POST token: the sign-in was denied on the approval page, or the service granted none of the scopes asked for [access_denied]\n");
    expect(readFileSync(credentialsPath())).toEqual(before);
    expect(await environmentStatus(firstToken)).toBe(200);

    const second = startLoginProcess(["--base-url", baseUrl()], { cwd: repo.dir, env: env() });
    await postDecision((await second.codes).userCode, "approve");
    expect((await second.exited).code).toBe(0);
    expect(storedToken()).not.toBe(firstToken);
    expect(await environmentStatus(storedToken())).toBe(200);
    expect(await environmentStatus(firstToken)).toBe(401);
  });

  it("stops when the code expires: exit 4, one line, nothing stored", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS, deviceCodeLifetimeSeconds: 2 } });
    const run = await login();
    expect(run.code).toBe(4);
    expect(run.stderr.split("\n").filter((line) => line.startsWith("screenpol:"))).toEqual(["screenpol: POST token: the code expired before it was approved; run `screenpol login` again [expired_token]"]);
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it("an emulator full of pending sign-ins: exit 4, one line with the OAuth error, at once (its Retry-After is past the retry budget), nothing stored", async () => {
    harness = await startHarness({ deviceLogin: { maxAuthorizations: 1 } });
    const taken = await fetch(`${baseUrl()}/oauth/device/code`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "client_id=screenpol-cli" });
    expect(taken.status).toBe(200);
    await taken.text();
    const run = await login(["--no-browser"]);
    expect(run).toEqual({ code: 4, stdout: "", stderr: "screenpol: POST device authorization: 503 temporarily_unavailable\n" });
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it("the server going away mid-poll: exit 4, the line names the refused connection, nothing stored", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const session = startLoginProcess(["--base-url", baseUrl()], { cwd: repo.dir, env: env() });
    await session.codes;
    await harness.running.close();
    const run = await session.exited;
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/screenpol: POST token: connection to http:\/\/127\.0\.0\.1:\d+ refused \(is the service or the emulator running\?\) \[ECONNREFUSED\]\n$/);
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it("Ctrl-C cancels: exit 130, one line, nothing stored", async () => {
    harness = await startHarness({ deviceLogin: { pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const session = startLoginProcess(["--base-url", baseUrl()], { cwd: repo.dir, env: env() });
    await session.codes;
    session.child.kill("SIGINT");
    const run = await session.exited;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/\nscreenpol: login cancelled; nothing was stored\n$/);
    expect(existsSync(credentialsPath())).toBe(false);
  });

  describe("against a server whose token response is wrong", () => {
    async function serve(tokenBody: Record<string, unknown>): Promise<string> {
      server = await startServer((request, response) => {
        if (request.url.endsWith("/oauth/device/code")) {
          sendJson(response, 200, { device_code: "dc-secret-device-code-0123456789", user_code: "BCDF-GHJK", verification_uri: "http://127.0.0.1/device", expires_in: 60, interval: TEST_POLL_INTERVAL_SECONDS });
        } else sendJson(response, 200, tokenBody);
      });
      return server.baseUrl;
    }

    it("without access_token: exit 4, invalid response, nothing stored", async () => {
      const url = await serve({ token_type: "Bearer", expires_in: 60 });
      const run = await cli(["login", "--base-url", url]);
      expect(run.code).toBe(4);
      expect(run.stderr).toContain('screenpol: POST token: invalid response: "response" body "access_token" property must be a string\n');
      expect(run.stdout + run.stderr).not.toContain("dc-secret-device-code");
      expect(existsSync(credentialsPath())).toBe(false);
    });

    it("with an opaque access token: kept by the response's expires_in and scope (RFC 9068, section 6), the user unknown, not revoked", async () => {
      const url = await serve({ access_token: "opaque-secret-not-a-jwt", token_type: "Bearer", expires_in: 3600, scope: "environment.settings.read" });
      const run = await cli(["login", "--base-url", url]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Signed in to ${url.replace(/[.]/g, "\\.")} \\(the token does not say as whom\\)\\.\\n  scopes   environment\\.settings\\.read\\n  expires  \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC\\n`));
      expect(run.stdout + run.stderr).not.toContain("opaque-secret-not-a-jwt");
      const stored = (JSON.parse(readFileSync(credentialsPath(), "utf8")) as { logins: Record<string, Record<string, unknown>> }).logins[url]!;
      expect(stored).toMatchObject({ accessToken: "opaque-secret-not-a-jwt", scopes: ["environment.settings.read"], clientId: "screenpol-cli" });
      expect(stored.user).toBeUndefined();
      expect(Date.parse(stored.expiresAt as string) - Date.parse(stored.issuedAt as string)).toBe(3600_000);
      expect(revocationsOf(server!)).toEqual([]);
    });

    // Each of these used to be refused without being revoked (oauth4webapi's checks ran outside the revoke-on-failure
    // path), or was refused only because the token was not a JWT: a token the client refuses must not stay live.
    it.each([
      ["an opaque token and no expires_in", { access_token: "opaque-secret-without-expiry", token_type: "Bearer" }, "POST token: invalid response: the token response has no expires_in and the access token is not a JWT with a usable exp claim, so when the login ends is unknown; nothing was stored"],
      ["a token no bearer header can carry", { access_token: "opaque secret with spaces", token_type: "Bearer", expires_in: 60 }, "POST token: invalid response: the access token holds whitespace or a character other than visible ASCII, which no bearer header can carry; nothing was stored"],
      ["no token_type", { access_token: "opaque-secret-without-type", expires_in: 60 }, 'POST token: invalid response: "response" body "token_type" property must be a string; it was revoked and nothing was stored'],
      ["a token_type screenpol cannot send", { access_token: "opaque-secret-of-type-mac", token_type: "mac", expires_in: 60 }, "POST token: invalid response: unsupported `token_type` value; it was revoked and nothing was stored"],
    ])("with %s: exit 4, one line naming it, the token revoked and printed nowhere, nothing stored", async (_name, body, line) => {
      const url = await serve(body);
      const run = await cli(["login", "--base-url", url]);
      expect(run.code).toBe(4);
      expect(run.stderr.split("\n").filter((text) => text.startsWith("screenpol:"))).toEqual([`screenpol: ${line}`]);
      expect(run.stdout).toBe("");
      expect(run.stderr).not.toContain(body.access_token);
      expect(existsSync(credentialsPath())).toBe(false);
      expect(revocationsOf(server!)).toEqual([body.access_token]);
    });

    it("with a JWT without the designed claims: its missing sub, client_id, exp and iat fall back to the token response and the login's time", async () => {
      const jwt = unsignedClientJwt({ sub: undefined, client_id: undefined, exp: 1e20, iat: -1e20 });
      const url = await serve({ access_token: jwt, token_type: "Bearer", expires_in: 60 });
      const run = await cli(["login", "--base-url", url]);
      expect(run.code, run.stderr).toBe(0);
      const stored = (JSON.parse(readFileSync(credentialsPath(), "utf8")) as { logins: Record<string, Record<string, unknown>> }).logins[url]!;
      expect(stored).toMatchObject({ clientId: "screenpol-cli", scopes: ["environment.settings.read"] });
      expect(stored.user).toBeUndefined();
      expect(Date.parse(stored.expiresAt as string) - Date.parse(stored.issuedAt as string)).toBe(60_000);
    });
  });
});

describe("screenpol logout", () => {
  it("revokes at the server (the old JWT gets 401) and deletes locally; a kept copy then gets the stored-login 401 line", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const token = storedToken();
    const copy = join(configHome, "copy.json");
    copyFileSync(credentialsPath(), copy);
    const run = await cli(["logout", "--base-url", baseUrl()]);
    expect(run).toMatchObject({ code: 0, stdout: `Signed out of ${baseUrl()}: the token is revoked and the stored login deleted.\n` });
    expect(await environmentStatus(token)).toBe(401);
    expect(JSON.parse(readFileSync(credentialsPath(), "utf8"))).toEqual({ version: 1, logins: {} });

    copyFileSync(copy, credentialsPath());
    chmodSync(credentialsPath(), 0o600);
    const doctor = await cli(["doctor", "--env", "sandbox", "--base-url", baseUrl()]);
    expect(doctor.code).toBe(4);
    expect(doctor.stderr).toContain(`401 Unauthorized: your stored login for ${baseUrl()} expired or was revoked: run \`screenpol login\``);
    const plan = await cli(["plan", "--env", "sandbox", "--base-url", baseUrl()]);
    expect(plan.code).toBe(4);
    expect(plan.stderr).toContain(`(your stored login for ${baseUrl()} expired or was revoked: run \`screenpol login\`)`);
    expect(doctor.stderr + plan.stderr).not.toContain(token);

    const again = await cli(["logout", "--base-url", baseUrl()]);
    expect(again.code).toBe(0);
    expect((await cli(["logout", "--base-url", baseUrl()])).stdout).toBe(`Not signed in to ${baseUrl()}: nothing to do.\n`);
  });

  it("with the server down, deletes locally and says the token could not be revoked: exit 4", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const url = baseUrl();
    await harness.running.close();
    const run = await cli(["logout", "--base-url", url]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe(`Signed out of ${url} here: the stored login is deleted.\n`);
    expect(run.stderr).toMatch(/^screenpol: the token could not be revoked at the server \(POST token revocation: connection to .* refused .*\); it stays valid until it expires unless you revoke it on the approval page\n$/);
    expect(JSON.parse(readFileSync(credentialsPath(), "utf8"))).toEqual({ version: 1, logins: {} });
  });
});

describe("screenpol auth status", () => {
  it("reports who, the scopes, the expiry and where the login is kept, never the token; json too", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login(["--scopes", "environment.settings.read"])).code).toBe(0);
    const run = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^base URL     ${baseUrl().replace(/[.]/g, "\\.")}\\ncredential   the stored login \\(screenpol login\\)\\nserver       accepts it \\(asked just now: GET token catalog \\(one entry\\)\\)\\n  user       compliance\\.lead@demo\\.example \\(Casey Compliance\\)\\n  scopes     environment\\.settings\\.read\\n  expires    \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC \\(29 days left\\)\\n  kept in    ${credentialsPath().replace(/[.]/g, "\\.")}\\n$`,
      ),
    );
    expect(run.stderr).toBe("");
    const json = await cli(["auth", "status", "--base-url", baseUrl(), "--format", "json"]);
    const status = JSON.parse(json.stdout) as Record<string, unknown>;
    expect(status).toMatchObject({ baseUrl: baseUrl(), source: "login", storedIn: credentialsPath(), scopes: ["environment.settings.read"], expired: false, daysLeft: 29, user: { id: SEED_IDS.dashboardUser } });
    expect(Date.parse(status.expiresAt as string) - Date.parse(status.issuedAt as string)).toBe(CLIENT_TOKEN_LIFETIME_SECONDS * 1000);
    expect(json.stdout + run.stdout).not.toContain(storedToken());
  });

  it("warns when fewer than 7 days are left; an expired login is exit 4 there and in every remote command, without a request", async () => {
    const issuedDaysAgo = (days: number) => () => new Date(Date.now() - days * 86_400_000);
    harness = await startHarness({ clock: issuedDaysAgo(25), deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const soon = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(soon.code).toBe(0);
    expect(soon.stdout).toContain("(4 days left)");
    expect(soon.stderr).toBe("screenpol: warning: the stored login expires in 4 days: run `screenpol login` to renew it\n");
    await harness.close();

    harness = await startHarness({ clock: issuedDaysAgo(31), deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const expired = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(expired.code).toBe(4);
    expect(expired.stdout).toContain("(expired)");
    expect(expired.stderr).toBe("screenpol: warning: the stored login has expired: run `screenpol login`\n");
    const doctor = await cli(["doctor", "--env", "sandbox", "--base-url", baseUrl()]);
    expect(doctor.code).toBe(4);
    expect(doctor.stderr).toMatch(/^screenpol: your login for http:\/\/127\.0\.0\.1:\d+\/api\/v0 expired on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC: run `screenpol login`\n$/);
  });

  it("with no credential at all: exit 2 and what to do", async () => {
    harness = await startHarness();
    const run = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe(`base URL     ${baseUrl()}\ncredential   none\n`);
    expect(run.stderr).toBe(`screenpol: not signed in to ${baseUrl()}: run \`screenpol login\`, or set SCREENPOL_API_TOKEN\n`);
    const doctor = await cli(["doctor", "--base-url", baseUrl()]);
    expect(doctor.code).toBe(2);
    expect(doctor.stderr).toBe(`screenpol: no credential for ${baseUrl()}: run \`screenpol login\`, or set SCREENPOL_API_TOKEN (or pass --token-file) in CI\n`);
  });
});

describe("screenpol auth clients and auth revoke", () => {
  it("list the user's logins at the service and revoke one; an API token is told it acts for no user", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login(["--scopes", "environment.settings.read"])).code).toBe(0);
    const token = storedToken();
    const listed = await cli(["auth", "clients", "--base-url", baseUrl(), "--format", "json"]);
    expect(listed.code, listed.stderr).toBe(0);
    const { authorizedClients } = JSON.parse(listed.stdout) as { authorizedClients: Array<{ id: string; clientId: string; scopes: string[]; revokedAt: string | null; lastUsedAt: string | null }> };
    expect(authorizedClients).toHaveLength(1);
    expect(authorizedClients[0]).toMatchObject({ clientId: "screenpol-cli", scopes: ["environment.settings.read"], revokedAt: null });
    expect(authorizedClients[0]!.lastUsedAt).not.toBeNull();
    const table = await cli(["auth", "clients", "--base-url", baseUrl()]);
    expect(table.stdout.split("\n")[0]).toMatch(/^ID\s+CLIENT\s+SCOPES\s+ISSUED\s+EXPIRES\s+LAST USED\s+STATE$/);
    expect(table.stdout).toContain(authorizedClients[0]!.id);
    expect(table.stdout + listed.stdout).not.toContain(token);

    const apiToken = await cli(["auth", "clients", "--base-url", baseUrl()], { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN });
    expect(apiToken.code).toBe(4);
    expect(apiToken.stderr).toBe(
      "screenpol: GET authorized clients: 403 Access Forbidden (an API token acts for no dashboard user; sign in with `screenpol login` and leave SCREENPOL_API_TOKEN and --token-file unset)\n",
    );

    const revoked = await cli(["auth", "revoke", authorizedClients[0]!.id, "--base-url", baseUrl()]);
    expect(revoked).toMatchObject({ code: 0, stdout: `Revoked authorized client ${authorizedClients[0]!.id}: its token no longer works.\n` });
    expect(await environmentStatus(token)).toBe(401);
    const after = await cli(["auth", "clients", "--base-url", baseUrl()]);
    expect(after.code).toBe(4);
    expect(after.stderr).toBe(`screenpol: GET authorized clients: 401 Unauthorized (your stored login for ${baseUrl()} expired or was revoked: run \`screenpol login\`)\n`);
    const notUuid = await cli(["auth", "revoke", "nope", "--base-url", baseUrl()]);
    expect(notUuid.code).toBe(2);
  });
});

describe("a credentials file that cannot be trusted", () => {
  it("with wrong permissions is refused with the chmod that fixes it, as ssh does; used again once fixed", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    chmodSync(credentialsPath(), 0o644);
    for (const args of [["auth", "status", "--base-url", baseUrl()], ["doctor", "--base-url", baseUrl()], ["login", "--base-url", baseUrl()], ["logout", "--base-url", baseUrl()]]) {
      const run = await cli(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toBe(`screenpol: ${credentialsPath()} is accessible by others (mode 0644): refusing to use it, as ssh refuses such a key; run \`chmod 600 ${credentialsPath()}\`\n`);
    }
    chmodSync(credentialsPath(), 0o600);
    expect((await cli(["doctor", "--env", "sandbox", "--base-url", baseUrl()])).code).toBe(0);
  });

  it("corrupted is refused with what to do, and login does not overwrite it", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    writeFileSync(credentialsPath(), '{"version": 1, "logins": {"http', { mode: 0o600 });
    const status = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(status.code).toBe(2);
    expect(status.stderr).toBe(`screenpol: ${credentialsPath()} is corrupted (not the JSON screenpol writes): delete it and run \`screenpol login\` again\n`);
    const again = await login();
    expect(again.code).toBe(2);
    expect(readFileSync(credentialsPath(), "utf8")).toBe('{"version": 1, "logins": {"http');
  });

  it("a keyring that is required but unreachable: exit 2 before any code is shown, one line, nothing stored", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const run = await login([], { SCREENPOL_CREDENTIAL_STORE: "keyring", DBUS_SESSION_BUS_ADDRESS: "unix:path=/nonexistent/bus" });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^screenpol: the OS keyring failed \(.+\); unset SCREENPOL_CREDENTIAL_STORE or set it to file to keep the login in a file\n$/);
    expect(harness.emulator.logins.deviceCodes()).toEqual([]);
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it("a keyring that is unreachable in auto mode: the file, with a one-line warning", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const run = await login([], { SCREENPOL_CREDENTIAL_STORE: "auto", DBUS_SESSION_BUS_ADDRESS: "unix:path=/nonexistent/bus" });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(new RegExp(`\\nscreenpol: warning: no OS keyring reachable \\(.+\\): the login is kept in ${credentialsPath().replace(/[.]/g, "\\.")}, readable only by you\\n$`));
    expect(run.stdout).toContain(`kept in  ${credentialsPath()}`);
    expect(statSync(credentialsPath()).mode & 0o777).toBe(0o600);
  });
});

describe("one stored login that cannot be read", () => {
  it("blocks only its own base URL: the others are served, it is reported with the logout that removes it, and logout removes it unrevoked", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    server = await startServer((_request, response) => sendJson(response, 200, {}));
    const other = server.baseUrl;
    // As an older screenpol wrote a token without a client_id claim: an entry its reader refuses.
    const file = JSON.parse(readFileSync(credentialsPath(), "utf8")) as { version: number; logins: Record<string, Record<string, unknown>> };
    const good = file.logins[baseUrl()]!;
    writeFileSync(credentialsPath(), JSON.stringify({ version: 1, logins: { [other]: { ...good, baseUrl: other, clientId: "" }, [baseUrl()]: good } }), { mode: 0o600 });

    const status = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain("credential   the stored login (screenpol login)");
    expect((await cli(["doctor", "--env", "sandbox", "--base-url", baseUrl()])).code).toBe(0);

    const unreadable = `screenpol: the stored login for ${other} in ${credentialsPath()} is unreadable (clientId is empty): run \`screenpol logout --base-url ${other}\` to remove it, then \`screenpol login\`\n`;
    for (const args of [["auth", "status"], ["doctor", "--env", "sandbox"], ["login"]]) {
      const run = await cli([...args, "--base-url", other]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toBe(unreadable);
    }

    const logout = await cli(["logout", "--base-url", other]);
    expect(logout.code).toBe(4);
    expect(logout.stdout).toBe(`Signed out of ${other} here: the unreadable stored login is deleted.\n`);
    expect(logout.stderr).toBe("screenpol: the stored login could not be read (clientId is empty), so its token could not be revoked at the server; revoke it on the approval page\n");
    // Nothing of it was sent anywhere: an entry that is not a login holds no token to trust.
    expect(server.requests).toEqual([]);
    expect(JSON.parse(readFileSync(credentialsPath(), "utf8"))).toEqual({ version: 1, logins: { [baseUrl()]: good } });
    expect(statSync(credentialsPath()).mode & 0o777).toBe(0o600);
    expect((await cli(["logout", "--base-url", baseUrl()])).code).toBe(0);
  });

  it("a token no bearer header can carry is refused before it can be stored, so the logins already stored stay usable", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const token = "an opaque token with spaces";
    server = await startTokenServer(token);
    expect((await cli(["login", "--base-url", server.baseUrl])).code).toBe(4);
    expect(revocationsOf(server)).toEqual([token]);
    expect((await cli(["auth", "status", "--base-url", baseUrl()])).code).toBe(0);
    expect((await cli(["logout", "--base-url", baseUrl()])).code).toBe(0);
  });
});

describe("screenpol auth status asks the server", () => {
  it("a login revoked at the server: exit 4, 'revoked at the server'; --offline shows the local view with no request", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const [authorizedClient] = harness.emulator.logins.authorizedClients(SEED_IDS.dashboardUser);
    expect(harness.emulator.logins.revokeClient(SEED_IDS.dashboardUser, authorizedClient!.id)).toBe(true);
    const run = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(run.code).toBe(4);
    expect(run.stdout).toContain("server       revoked at the server (asked just now: GET token catalog (one entry))\n");
    expect(run.stderr).toBe(
      `screenpol: your stored login for ${baseUrl()} is revoked at the server (GET token catalog first page: 401 Unauthorized (your stored login for ${baseUrl()} expired or was revoked: run \`screenpol login\`)): run \`screenpol login\`\n`,
    );
    expect(run.stdout + run.stderr).not.toContain(storedToken());

    // With the server gone, --offline still answers: it sends nothing.
    await harness.running.close();
    const offline = await cli(["auth", "status", "--base-url", baseUrl(), "--offline"]);
    expect(offline.code).toBe(0);
    expect(offline.stdout).toMatch(/^base URL .*\ncredential   the stored login \(screenpol login\)\n  user /);
  });

  it("an API token the server refuses: exit 4, the line names SCREENPOL_API_TOKEN", async () => {
    harness = await startHarness();
    const run = await cli(["auth", "status", "--base-url", baseUrl()], { SCREENPOL_API_TOKEN: "dyn_deleted_in_the_dashboard" });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe("screenpol: the server refuses the credential: GET token catalog first page: 401 Unauthorized (the API token from SCREENPOL_API_TOKEN is missing, malformed, invalid or revoked)\n");
    const good = await cli(["auth", "status", "--base-url", baseUrl()], { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN });
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("server       accepts it (asked just now: GET token catalog (one entry))\n");
  });
});

describe("screenpol auth login --with-token and auth token", () => {
  it("stores a token from standard input once the server accepts it, revoking the device login it replaces; remote commands use it; auth token prints it unredacted", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    expect((await login()).code).toBe(0);
    const deviceToken = storedToken();
    const run = await runCli(["auth", "login", "--with-token", "--base-url", baseUrl()], { cwd: repo.dir, env: env(), input: `${ALL_SCOPES_TOKEN}\n`, timeoutMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(
      [
        `Signed in to ${baseUrl()} with the token from standard input: the server accepts it.`,
        "  scopes   unknown (the token does not say)",
        "  expires  unknown (the token does not say)",
        `  kept in  ${credentialsPath()}`,
        "",
      ].join("\n"),
    );
    expect(storedToken()).toBe(ALL_SCOPES_TOKEN);
    expect(await environmentStatus(deviceToken)).toBe(401);
    const doctor = await cli(["doctor", "--env", "sandbox", "--base-url", baseUrl()]);
    expect(doctor.code, doctor.stderr).toBe(0);
    const status = await cli(["auth", "status", "--base-url", baseUrl()]);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`  kept in    ${credentialsPath()} (given with auth login --with-token)\n`);
    expect(status.stdout).not.toContain(ALL_SCOPES_TOKEN);

    // The one command that prints the secret: the redactor, which knows it, must not blank it.
    const token = await cli(["auth", "token", "--base-url", baseUrl()]);
    expect(token).toEqual({ code: 0, stdout: `${ALL_SCOPES_TOKEN}\n`, stderr: "" });
  });

  it("a token the server refuses: exit 4, the line names standard input, nothing stored", async () => {
    harness = await startHarness();
    const run = await runCli(["auth", "login", "--with-token", "--base-url", baseUrl()], { cwd: repo.dir, env: env(), input: "dyn_not_a_token_of_the_emulator\n", timeoutMs: 30_000 });
    expect(run.code).toBe(4);
    expect(run.stderr).toBe("screenpol: GET token catalog first page: 401 Unauthorized (the API token from standard input is missing, malformed, invalid or revoked)\n");
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it("more than 16 KiB on standard input, or nothing: exit 2, nothing sent, nothing stored", async () => {
    harness = await startHarness();
    // Refused before any request: the server is gone.
    await harness.running.close();
    const long = await runCli(["auth", "login", "--with-token", "--base-url", baseUrl()], { cwd: repo.dir, env: env(), input: "x".repeat(64 * 1024), timeoutMs: 30_000 });
    expect(long).toEqual({ code: 2, stdout: "", stderr: "screenpol: --with-token: standard input is longer than any token (more than 16384 characters); nothing was stored\n" });
    const empty = await runCli(["auth", "login", "--with-token", "--base-url", baseUrl()], { cwd: repo.dir, env: env(), input: "", timeoutMs: 30_000 });
    expect(empty).toEqual({ code: 2, stdout: "", stderr: "screenpol: --with-token: standard input is empty; pipe the token in\n" });
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it("auth token with no stored login: exit 2 and what to do; after a device login it prints the client JWT", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    const none = await cli(["auth", "token", "--base-url", baseUrl()]);
    expect(none).toEqual({ code: 2, stdout: "", stderr: `screenpol: not signed in to ${baseUrl()}: run \`screenpol login\` (or \`screenpol auth login --with-token\`)\n` });
    expect((await login()).code).toBe(0);
    const token = await cli(["auth", "token", "--base-url", baseUrl()]);
    expect(token).toEqual({ code: 0, stdout: `${storedToken()}\n`, stderr: "" });
  });
});

describe("the config folder that holds the credentials file (ssh's StrictModes)", () => {
  const folder = () => join(configHome, "screenpol");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  /** A uid that is not ours, for chown: nobody's. */
  const OTHER_UID = 65534;
  let elsewhere: string;
  beforeEach(() => {
    elsewhere = mkdtempSync(join(tmpdir(), "screenpol-login-elsewhere-"));
  });
  afterEach(() => rmSync(elsewhere, { recursive: true, force: true }));

  it("writable by others: refused before any code is shown, with the chmod that fixes it; used once fixed", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    mkdirSync(folder());
    chmodSync(folder(), 0o777);
    for (const args of [["login"], ["auth", "status"], ["logout"]]) {
      const run = await cli([...args, "--base-url", baseUrl()]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toBe(`screenpol: ${folder()} is writable by others (mode 0777): refusing to keep a login in it, as ssh refuses such a folder; run \`chmod 700 ${folder()}\`\n`);
    }
    expect(harness.emulator.logins.deviceCodes()).toEqual([]);
    expect(existsSync(credentialsPath())).toBe(false);
    expect(statSync(folder()).mode & 0o777).toBe(0o777);
    chmodSync(folder(), 0o700);
    expect((await login()).code).toBe(0);
  });

  it("readable by others but ours: made 0700 by the login that writes in it", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    mkdirSync(folder());
    chmodSync(folder(), 0o755);
    expect((await login()).code).toBe(0);
    expect(statSync(folder()).mode & 0o777).toBe(0o700);
  });

  it.skipIf(!isRoot)("owned by another user, even with mode 0777: refused, nothing written in it (run as root, to chown for real)", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    mkdirSync(folder());
    chmodSync(folder(), 0o777);
    chownSync(folder(), OTHER_UID, OTHER_UID);
    const run = await login();
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`screenpol: ${folder()} belongs to another user (uid ${OTHER_UID}): refusing to keep a login in it; remove it (or \`chown\` it to yourself) and run \`screenpol login\` again\n`);
    expect(readdirSync(folder())).toEqual([]);
    expect(statSync(folder()).mode & 0o777).toBe(0o777);
  });

  it("a symbolic link to a folder of ours: used, and its target is never chmod'ed through it", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    chmodSync(elsewhere, 0o755);
    symlinkSync(elsewhere, folder());
    const run = await login();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`kept in  ${credentialsPath()}`);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o755);
    expect(statSync(join(elsewhere, "credentials.json")).mode & 0o777).toBe(0o600);
    expect((await cli(["auth", "status", "--base-url", baseUrl()])).code).toBe(0);
  });

  it("a symbolic link to a folder others can write: refused with the chmod of the target, which is left as it was", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    chmodSync(elsewhere, 0o777);
    symlinkSync(elsewhere, folder());
    const real = realpathSync(elsewhere);
    const run = await login();
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`screenpol: ${folder()} (a symbolic link to ${real}) is writable by others (mode 0777): refusing to keep a login in it, as ssh refuses such a folder; run \`chmod 700 ${real}\`\n`);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o777);
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it.skipIf(!isRoot)("a symbolic link that another user owns: refused, its target untouched (run as root, to chown for real)", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
    chmodSync(elsewhere, 0o755);
    symlinkSync(elsewhere, folder());
    lchownSync(folder(), OTHER_UID, OTHER_UID);
    const run = await login();
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`screenpol: ${folder()} is a symbolic link of another user (uid ${OTHER_UID}): refusing to keep a login through it; remove it and run \`screenpol login\` again\n`);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o755);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
