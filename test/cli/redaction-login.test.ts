/**
 * The leak test of redaction-sinks.test.ts for the login's secrets: a hostile
 * sign-in server echoes the device code and the client JWT it issued in every
 * string it can (the verification URI, error descriptions, error bodies of the
 * admin endpoints). login, auth status, doctor, plan and logout are run as a
 * user would; then every stdout, every stderr and every file of the repository
 * and the config folder is searched for any 12-character run of the JWT (and
 * the login's own output for the device code). The one place the JWT may be is
 * the credentials file.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_POLL_INTERVAL_SECONDS } from "../emulator/helpers.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { sendJson, startServer, type TestServer } from "../remote/http-server.js";

const DEVICE_CODE = "hostile-device-code-Q2hlY2tUaGVEZXZpY2VDb2Rl";

function runsOf(secret: string): string[] {
  const runs = new Set<string>();
  for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
    for (let start = 0; start + 12 <= form.length; start++) runs.add(form.slice(start, start + 12));
  }
  return [...runs];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((entry) => join(dir, entry))
    .filter((path) => statSync(path).isFile());
}

describe("the device code and the client JWT, echoed by a hostile server", () => {
  let server: TestServer;
  let repo: TempRepo;
  let configHome: string;
  let jwt: string;
  const runs: Record<string, CliRun> = {};

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair("ES256");
    jwt = await new SignJWT({ scope: "environment.settings.read", client_id: "screenpol-cli", email: "someone@example.test" })
      .setProtectedHeader({ alg: "ES256" })
      .setSubject("hostile-user")
      .setIssuedAt()
      .setExpirationTime("30d")
      .sign(privateKey);
    let polls = 0;
    server = await startServer((request, response) => {
      const echo = `${DEVICE_CODE} ${jwt} ${encodeURIComponent(jwt)}`;
      if (request.url.endsWith("/oauth/device/code")) {
        sendJson(response, 200, { device_code: DEVICE_CODE, user_code: "BCDF-GHJK", verification_uri: `http://127.0.0.1/device?d=${DEVICE_CODE}`, expires_in: 60, interval: TEST_POLL_INTERVAL_SECONDS });
      } else if (request.url.endsWith("/oauth/token")) {
        polls++;
        if (polls === 1) sendJson(response, 400, { error: "authorization_pending", error_description: echo });
        else sendJson(response, 200, { access_token: jwt, token_type: "Bearer", expires_in: 2_592_000, scope: "environment.settings.read" }, { "x-echo": encodeURIComponent(echo) });
      } else if (request.url.endsWith("/oauth/revoke")) {
        sendJson(response, 400, { error: "invalid_request", error_description: echo });
      } else {
        sendJson(response, 403, { error: `Access Forbidden ${echo}`, code: echo });
      }
    });
    repo = makeTempRepo();
    configHome = mkdtempSync(join(tmpdir(), "screenpol-login-leak-"));
    const env = { XDG_CONFIG_HOME: configHome, SCREENPOL_CREDENTIAL_STORE: "file" };
    const run = (args: string[]) => runCli([...args, "--base-url", server.baseUrl], { cwd: repo.dir, env, timeoutMs: 30_000 });
    runs.login = await run(["login"]);
    runs.status = await run(["auth", "status"]);
    runs.statusJson = await run(["auth", "status", "--format", "json"]);
    runs.doctor = await run(["doctor"]);
    runs.plan = await run(["plan", "--out", "plan.json"]);
    runs.logout = await run(["logout"]);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    repo?.remove();
    rmSync(configHome, { recursive: true, force: true });
  });

  it("the commands ran as intended (the login succeeded, the rest met the hostile answers)", () => {
    expect(runs.login!.code, runs.login!.stderr).toBe(0);
    expect(runs.status!.code).toBe(0);
    expect(runs.doctor!.code).toBe(4);
    expect(runs.plan!.code).toBe(4);
    expect(runs.logout!.code).toBe(4);
    // The redactor put its mark where the server echoed the device code into the address shown.
    expect(runs.login!.stderr).toContain("Then open http://127.0.0.1/device?d=*** and enter it.");
  });

  it("no output carries any run of the JWT; the login's output none of the device code", () => {
    // The device code is a secret of the login that asked for it, spent when it ends; a later command cannot know
    // what a server echoes of an old one, and the code opens nothing any more (docs/sign-in.md).
    for (const [name, run] of Object.entries(runs)) {
      const needles = name === "login" ? [...runsOf(jwt), ...runsOf(DEVICE_CODE)] : runsOf(jwt);
      const leaks = needles.filter((needle) => run.stdout.includes(needle) || run.stderr.includes(needle));
      expect(leaks, `${name}: ${run.stdout}${run.stderr}`).toEqual([]);
    }
  });

  it("no file of the repository carries one, and in the config folder only the credentials file holds the JWT (until logout deletes it)", () => {
    const needles = [...runsOf(jwt), ...runsOf(DEVICE_CODE)];
    // After logout, the credentials file holds none either.
    for (const path of [...filesUnder(repo.dir), ...filesUnder(configHome)]) {
      const text = readFileSync(path, "latin1");
      expect(needles.filter((needle) => text.includes(needle)), path).toEqual([]);
    }
    expect(existsSync(join(repo.dir, "plan.json"))).toBe(false);
  });
});
