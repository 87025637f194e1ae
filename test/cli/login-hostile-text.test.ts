/**
 * A sign-in server writes to the terminal only what a person should read:
 * its user code, its addresses and the JWT's claims (email, name, scope) are
 * printed by `login` and `auth status`, so an escape sequence among them could
 * set the window title, add a disguised hyperlink (OSC 8), erase and fake
 * lines. Each goes through lint's control-character neutralising; a user code
 * outside RFC 8628's alphabet and an address a browser should not open for a
 * sign-in (`javascript:`, `file:`, plain http off loopback) are refused with
 * one line, exit 4, before anything is shown or opened.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPair, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEST_POLL_INTERVAL_SECONDS } from "../emulator/helpers.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { sendJson, startServer, type TestServer } from "../remote/http-server.js";

let repo: TempRepo;
let configHome: string;
let server: TestServer | undefined;

beforeEach(() => {
  repo = makeTempRepo();
  configHome = mkdtempSync(join(tmpdir(), "screenpol-hostile-text-"));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  repo.remove();
  rmSync(configHome, { recursive: true, force: true });
});

const cli = (args: string[]): Promise<CliRun> => runCli(args, { cwd: repo.dir, env: { XDG_CONFIG_HOME: configHome, SCREENPOL_CREDENTIAL_STORE: "file" }, timeoutMs: 15_000 });
const credentialsPath = () => join(configHome, "screenpol", "credentials.json");

/** C0 and C1 controls, as a terminal would act on them. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A sign-in server answering the device authorization with `authorization` and the first poll with `accessToken`. */
async function serve(authorization: Record<string, unknown>, accessToken = "unused"): Promise<string> {
  server = await startServer((request, response) => {
    if (request.url.endsWith("/oauth/device/code")) sendJson(response, 200, { device_code: "dc-hostile-0123456789", expires_in: 60, interval: TEST_POLL_INTERVAL_SECONDS, ...authorization });
    else sendJson(response, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 2_592_000 });
  });
  return server.baseUrl;
}

const GOOD = { user_code: "BCDF-GHJK", verification_uri: "https://127.0.0.1/device" };

describe("the codes and addresses of the device authorization", () => {
  it.each([
    ["an escape sequence setting the window title", "\u001b]0;pwned\u0007BCDF-GHJK"],
    ["a line erased and rewritten", "BCDF\u001b[2K\rGHJK"],
    ["vowels (words can form)", "HELLO-WORLD"],
    ["more than 32 characters", "BCDF-".repeat(8)],
    ["an empty group", "BCDF--GHJK"],
  ])("a user code with %s: refused, one line, exit 4, nothing shown or stored", async (_what, userCode) => {
    const url = await serve({ ...GOOD, user_code: userCode });
    const run = await cli(["login", "--base-url", url]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr:
        "screenpol: POST device authorization: invalid response: the user_code is not a code of RFC 8628's alphabet (the letters BCDFGHJKLMNPQRSTVWXZ, digits and dashes; at most 32 characters)\n",
    });
    expect(existsSync(credentialsPath())).toBe(false);
  });

  it.each([
    ["verification_uri", "javascript:alert(document.cookie)", "is not an https address (javascript:)"],
    ["verification_uri", "file:///etc/passwd", "is not an https address (file:)"],
    ["verification_uri", "http://sign-in.example.test/device", "is a plain http address of a host other than loopback (https is required)"],
    ["verification_uri", "not a url \u001b]0;x\u0007", "is not a URL"],
    ["verification_uri_complete", "javascript:alert(1)//BCDF-GHJK", "is not an https address (javascript:)"],
  ])("a %s of %j: refused before it is shown or opened, one line, exit 4", async (member, address, problem) => {
    const url = await serve({ ...GOOD, [member]: address });
    const run = await cli(["login", "--base-url", url]);
    expect(run).toEqual({ code: 4, stdout: "", stderr: `screenpol: POST device authorization: invalid response: the ${member} ${problem}; nothing was shown or opened\n` });
  });

  it("accepts a lower-case or all-digit user code (RFC 8628 reads it case-insensitively), and shows an address as parsed: controls percent-encoded", async () => {
    for (const userCode of ["bcdf-ghjk", "019-450-730"]) {
      const url = await serve({ user_code: userCode, verification_uri: "https://127.0.0.1/device?x=\u001b[2J\u001b]0;t\u0007&y=1", verification_uri_complete: "http://localhost/device?c=\u009b31m" }, "not-a-jwt");
      const run = await cli(["login", "--base-url", url]);
      await server!.close();
      server = undefined;
      // The codes shown, the login then completes: an opaque token is kept (RFC 9068, section 6).
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.split("\n").slice(0, 2)).toEqual([
        `First copy your one-time code: ${userCode}`,
        "Then open https://127.0.0.1/device?x=%1B[2J%1B]0;t%07&y=1 and enter it (or open http://localhost/device?c=%C2%9B31m).",
      ]);
      expect(run.stderr.replace(/\n/g, "")).not.toMatch(CONTROL);
    }
  });
});

describe("the JWT's claims", () => {
  it("email, name and scope with escape sequences are printed neutralised by login and auth status; stored as sent", async () => {
    const { privateKey } = await generateKeyPair("ES256");
    const claims = {
      // Sets the window title.
      email: "someone@example.test\u001b]0;you have been logged out\u0007",
      // A disguised hyperlink: "Support" pointing elsewhere.
      name: "\u001b]8;;https://phish.example.test/\u001b\\Support\u001b]8;;\u001b\\",
      // Erases the line, moves up, and fakes one; a C1 CSI too.
      scope: "environment.settings.read \u001b[2K\r\u001b[1Aexpires\u0009never \u009b31mred",
      client_id: "screenpol-cli",
    };
    const jwt = await new SignJWT(claims).setProtectedHeader({ alg: "ES256" }).setSubject("hostile-user").setIssuedAt().setExpirationTime("30d").sign(privateKey);
    const url = await serve(GOOD, jwt);
    const neutralised = (text: string) => text.replace(/\t/g, " ").replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD");
    const scopes = claims.scope.split(" ").map(neutralised).join(", ");

    const login = await cli(["login", "--base-url", url]);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout.split("\n").slice(0, 2)).toEqual([`Signed in to ${url} as ${neutralised(claims.email)} (${neutralised(claims.name)}).`, `  scopes   ${scopes}`]);

    // --offline: what is printed of the stored claims is the point; this server answers no admin API.
    const status = await cli(["auth", "status", "--base-url", url, "--offline"]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`\n  user       ${neutralised(claims.email)} (${neutralised(claims.name)})\n  scopes     ${scopes}\n`);

    for (const run of [login, status]) expect(run.stdout.replace(/\n/g, "")).not.toMatch(CONTROL);
    // The JSON form is data: JSON escapes the C0 controls; the values are the server's, unchanged.
    const json = await cli(["auth", "status", "--base-url", url, "--format", "json", "--offline"]);
    expect((JSON.parse(json.stdout) as { user: unknown }).user).toEqual({ id: "hostile-user", email: claims.email, name: claims.name });
  });
});
