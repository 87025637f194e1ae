/**
 * `screenpol login`, `auth status` and `logout` against a standard sign-in
 * server: a certified OpenID provider (`oidc-provider`, its device flow) on
 * 127.0.0.1 (test/helpers/oidc-provider.ts), with no knowledge of screenpol's
 * designed paths. Real processes; the login in a file of the test's own
 * config folder; what the provider then says of the token is asked of the
 * provider itself (RFC 7662).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SCREENPOL_SCOPES } from "../../src/contract/wire.js";
import { startLoginProcess } from "../helpers/login-session.js";
import { startOidcProvider, type OidcProviderServer } from "../helpers/oidc-provider.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

let provider: OidcProviderServer | undefined;
let repo: TempRepo;
let configHome: string;

beforeEach(() => {
  repo = makeTempRepo();
  configHome = mkdtempSync(join(tmpdir(), "screenpol-oidc-config-"));
});
afterEach(async () => {
  await provider?.close();
  provider = undefined;
  repo.remove();
  rmSync(configHome, { recursive: true, force: true });
});

const credentialsPath = () => join(configHome, "screenpol", "credentials.json");
const env = () => ({ XDG_CONFIG_HOME: configHome, SCREENPOL_CREDENTIAL_STORE: "file" });
const cli = (args: string[]): Promise<CliRun> => runCli(args, { cwd: repo.dir, env: env(), timeoutMs: 30_000 });
const storedLogin = () => (JSON.parse(readFileSync(credentialsPath(), "utf8")) as { logins: Record<string, Record<string, unknown>> }).logins[provider!.issuer];
const screenpolLines = (text: string) => text.split("\n").filter((line) => line.startsWith("screenpol:"));

/** What the provider says of a token (RFC 7662), asked as screenpol's public client. */
async function introspect(token: string): Promise<{ active: boolean; scope?: string }> {
  const response = await fetch(`${provider!.issuer}/token/introspection`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "screenpol-cli", token }).toString(),
  });
  return (await response.json()) as { active: boolean; scope?: string };
}

async function signIn(decision: "approve" | "deny" = "approve"): Promise<CliRun> {
  const session = startLoginProcess(["--base-url", provider!.issuer, "--no-browser"], { cwd: repo.dir, env: env() });
  await provider!.decide((await session.codes).userCode, decision);
  return session.exited;
}

describe("against oidc-provider with opaque access tokens", () => {
  beforeEach(async () => {
    provider = await startOidcProvider({ accessTokenFormat: "opaque" });
  });

  it("signs in without --scopes: the endpoints from the metadata, screenpol's scopes asked by name, the opaque token kept by expires_in and scope", async () => {
    const run = await signIn();
    expect(run.stderr).toMatch(/^First copy your one-time code: [B-Z]{4}-[B-Z]{4}\n/);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n")).toEqual([
      `Signed in to ${provider!.issuer} (the token does not say as whom).`,
      `  scopes   ${SCREENPOL_SCOPES.join(", ")}`,
      expect.stringMatching(/^ {2}expires {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
      `  kept in  ${credentialsPath()}`,
      "",
    ]);
    // The device flow went where the provider's discovery document said, never to the designed paths.
    expect(provider!.requests).toContain("POST /api/v0/device/auth");
    expect(provider!.requests.filter((request) => request.includes("/oauth/"))).toEqual([]);
    const login = storedLogin()!;
    expect(login).toMatchObject({
      baseUrl: provider!.issuer,
      scopes: [...SCREENPOL_SCOPES],
      clientId: "screenpol-cli",
      signIn: { issuer: provider!.issuer, revocationEndpoint: `${provider!.issuer}/token/revocation`, introspectionEndpoint: `${provider!.issuer}/token/introspection` },
    });
    expect(login.user).toBeUndefined();
    // The provider's default access token lifetime: an hour, from expires_in.
    expect(Date.parse(login.expiresAt as string) - Date.parse(login.issuedAt as string)).toBe(3600_000);
    const token = login.accessToken as string;
    expect(token.split(".")).toHaveLength(1);
    expect(await introspect(token)).toMatchObject({ active: true, scope: SCREENPOL_SCOPES.join(" ") });
    expect(run.stdout + run.stderr).not.toContain(token);
  });

  it("auth status asks the provider: accepted, then revoked at the server (exit 4); --offline sends nothing", async () => {
    expect((await signIn()).code).toBe(0);
    const token = storedLogin()!.accessToken as string;
    const valid = await cli(["auth", "status", "--base-url", provider!.issuer]);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toContain(`server       accepts it (asked just now: RFC 7662 introspection at ${provider!.issuer})\n`);
    expect(valid.stdout).toContain("  user       unknown (the token does not say)\n");

    // Revoked where the provider manages its grants (its console would do the same).
    const revoked = await fetch(`${provider!.issuer}/token/revocation`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ client_id: "screenpol-cli", token }).toString(),
    });
    expect(revoked.status).toBe(200);
    const after = await cli(["auth", "status", "--base-url", provider!.issuer]);
    expect(after.code).toBe(4);
    expect(after.stdout).toContain(`server       revoked at the server (asked just now: RFC 7662 introspection at ${provider!.issuer})\n`);
    expect(screenpolLines(after.stderr)).toEqual([
      `screenpol: your stored login for ${provider!.issuer} is revoked at the server (RFC 7662 introspection at ${provider!.issuer}: not active): run \`screenpol login\``,
    ]);

    const requestsBefore = provider!.requests.length;
    const offline = await cli(["auth", "status", "--base-url", provider!.issuer, "--offline"]);
    expect(offline.code).toBe(0);
    expect(offline.stdout).not.toContain("server ");
    expect(provider!.requests.length).toBe(requestsBefore);
  });

  it("logout revokes the opaque token at the provider's revocation endpoint and deletes it here", async () => {
    expect((await signIn()).code).toBe(0);
    const token = storedLogin()!.accessToken as string;
    const run = await cli(["logout", "--base-url", provider!.issuer]);
    expect(run).toEqual({ code: 0, stdout: `Signed out of ${provider!.issuer}: the token is revoked and the stored login deleted.\n`, stderr: "" });
    expect(await introspect(token)).toEqual({ active: false });
    expect(storedLogin()).toBeUndefined();
  });

  it("a denial on the provider's page: exit 4, one line, nothing stored", async () => {
    const run = await signIn("deny");
    expect(run.code).toBe(4);
    expect(screenpolLines(run.stderr)).toEqual(["screenpol: POST token: the sign-in was denied on the approval page, or the service granted none of the scopes asked for [access_denied]"]);
    expect(existsSync(credentialsPath())).toBe(false);
  });
});

describe("with --issuer: the admin API at one address, the sign-in server at another", () => {
  beforeEach(async () => {
    provider = await startOidcProvider({ accessTokenFormat: "opaque" });
  });
  // Nothing listens there: the login, auth status and logout of a login from another issuer never need it.
  const adminApi = "http://127.0.0.1:9/api/v0";

  it("signs in at the issuer for the base URL; auth status and logout go to the issuer kept with the login", async () => {
    const session = startLoginProcess(["--base-url", adminApi, "--issuer", provider!.issuer, "--no-browser"], { cwd: repo.dir, env: env() });
    await provider!.decide((await session.codes).userCode, "approve");
    const run = await session.exited;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Signed in to http:\/\/127\.0\.0\.1:9\/api\/v0 \(the token does not say as whom\)\.\n/);
    const stored = (JSON.parse(readFileSync(credentialsPath(), "utf8")) as { logins: Record<string, Record<string, unknown>> }).logins[adminApi]!;
    expect(stored.signIn).toEqual({ issuer: provider!.issuer, revocationEndpoint: `${provider!.issuer}/token/revocation`, introspectionEndpoint: `${provider!.issuer}/token/introspection` });

    const status = await cli(["auth", "status", "--base-url", adminApi]);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain(`server       accepts it (asked just now: RFC 7662 introspection at ${provider!.issuer})\n`);
    const logout = await cli(["logout", "--base-url", adminApi]);
    expect(logout).toEqual({ code: 0, stdout: `Signed out of ${adminApi}: the token is revoked and the stored login deleted.\n`, stderr: "" });
    expect(await introspect(stored.accessToken as string)).toEqual({ active: false });
  });

  it("an issuer that publishes no metadata: exit 4, one line, no code shown, nothing stored", async () => {
    const origin = new URL(provider!.issuer).origin;
    const run = await cli(["login", "--base-url", adminApi, "--issuer", origin, "--no-browser"]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr: `screenpol: GET authorization server metadata: invalid response: ${origin} publishes no authorization server metadata (RFC 8414 or OpenID Connect discovery) naming it as the issuer\n`,
    });
    expect(existsSync(credentialsPath())).toBe(false);
  });
});

describe("against oidc-provider with JWT access tokens (RFC 9068), which it cannot revoke", () => {
  beforeEach(async () => {
    provider = await startOidcProvider({ accessTokenFormat: "jwt" });
  });

  it("signs in (the user from the JWT's sub), and logout deletes here, says the provider does not revoke such tokens, and exits 0", async () => {
    const run = await signIn();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Signed in to ${provider!.issuer.replace(/[.]/g, "\\.")} as casey\\.\n`));
    const login = storedLogin()!;
    expect((login.accessToken as string).split(".")).toHaveLength(3);

    const logout = await cli(["logout", "--base-url", provider!.issuer]);
    expect(logout.code).toBe(0);
    expect(logout.stdout).toBe(`Signed out of ${provider!.issuer} here: the stored login is deleted.\n`);
    expect(logout.stderr).toMatch(
      new RegExp(
        `^screenpol: warning: ${provider!.issuer.replace(/[.]/g, "\\.")} does not revoke this kind of token \\(unsupported_token_type\\), so it stays valid until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC; to end it sooner, revoke screenpol's access in the sign-in provider's console\\n$`,
      ),
    );
    expect(logout.stderr).not.toContain("approval page");
    expect(storedLogin()).toBeUndefined();
  });
});
