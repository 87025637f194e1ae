/**
 * The emulator's device authorization grant over HTTP, as RFC 8628 and the
 * designed endpoints (docs/sign-in.md) say: codes, polling errors, slow_down,
 * expiry, approval on poll, the client JWT accepted like an API token and
 * refused once revoked or expired, and the authorized clients.
 */
import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { API_SCOPES, SEED_IDS } from "../../src/emulator/index.js";
import { CLIENT_TOKEN_LIFETIME_SECONDS, DEVICE_CODE_GRANT_TYPE, SCREENPOL_CLIENT_ID, USER_CODE_ALPHABET } from "../../src/contract/wire.js";
import { startHarness, type Harness } from "./helpers.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A settable clock, in milliseconds since the epoch. */
function settableClock(start = Date.parse("2026-11-25T12:00:00Z")): { now: () => Date; advance(seconds: number): void } {
  let time = start;
  return { now: () => new Date(time), advance: (seconds) => (time += seconds * 1000) };
}

async function form(path: string, fields: Record<string, string>): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(`${harness!.running.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>), headers: response.headers };
}

const startLogin = (scope?: string) => form("/oauth/device/code", { client_id: SCREENPOL_CLIENT_ID, ...(scope === undefined ? {} : { scope }) });
const poll = (deviceCode: string) => form("/oauth/token", { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: deviceCode, client_id: SCREENPOL_CLIENT_ID });

async function approveOnPage(userCode: string): Promise<number> {
  const origin = new URL(harness!.running.baseUrl).origin;
  const response = await fetch(`${origin}/device`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ user_code: userCode, decision: "approve" }).toString(),
  });
  await response.text();
  return response.status;
}

/**
 * A request with the Host header a DNS-rebinding page's browser sends (its own
 * name, resolved to 127.0.0.1): fetch will not send another Host, node:http will.
 */
function withHost(method: string, url: string, host: string, form?: Record<string, string>): Promise<{ status: number | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) };
    const request = httpRequest(url, { method, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode, text }));
    });
    request.on("error", reject);
    request.end(form ? new URLSearchParams(form).toString() : undefined);
  });
}

describe("device authorization", () => {
  it("answers RFC 8628's members: an 8-character code XXXX-XXXX, the verification URI on the emulator, its interval", async () => {
    harness = await startHarness();
    const { status, json, headers } = await startLogin();
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(json).sort()).toEqual(["device_code", "expires_in", "interval", "user_code", "verification_uri", "verification_uri_complete"]);
    expect(json.user_code).toMatch(new RegExp(`^[${USER_CODE_ALPHABET}]{4}-[${USER_CODE_ALPHABET}]{4}$`));
    const origin = new URL(harness.running.baseUrl).origin;
    expect(json.verification_uri).toBe(`${origin}/device`);
    expect(json.verification_uri_complete).toBe(`${origin}/device?user_code=${json.user_code as string}`);
    expect(json).toMatchObject({ expires_in: 900, interval: 5 });
    expect(json.device_code).toMatch(/^[\w-]{43}$/);
  });

  it("refuses an unknown client (401 invalid_client), an unknown scope (invalid_scope), a JSON body and a repeated parameter (invalid_request)", async () => {
    harness = await startHarness();
    expect(await form("/oauth/device/code", { client_id: "someone-else" })).toMatchObject({ status: 401, json: { error: "invalid_client" } });
    expect(await startLogin("environment.settings.read everything")).toMatchObject({ status: 400, json: { error: "invalid_scope" } });
    const json = await harness.raw("POST", "/oauth/device/code", { token: null, body: JSON.stringify({ client_id: SCREENPOL_CLIENT_ID }) });
    expect(json.status).toBe(400);
    expect(json.json).toMatchObject({ error: "invalid_request" });
    const repeated = await fetch(`${harness.running.baseUrl}/oauth/device/code`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `client_id=${SCREENPOL_CLIENT_ID}&client_id=${SCREENPOL_CLIENT_ID}`,
    });
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toMatchObject({ error: "invalid_request", error_description: "client_id is given more than once" });
    expect((await harness.raw("GET", "/oauth/token", { token: null })).status).toBe(405);
  });

  it("refuses (403) a request whose Host is not a loopback name, as the approval page does: no code handed out, no verification URI on a rebound name", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    const base = harness.running.baseUrl;
    const port = new URL(base).port;
    const rebound = await withHost("POST", `${base}/oauth/device/code`, `evil.example:${port}`, { client_id: SCREENPOL_CLIENT_ID });
    expect(rebound).toEqual({ status: 403, text: JSON.stringify({ error: "Access Forbidden" }) });
    expect(harness.emulator.logins.deviceCodes()).toEqual([]);
    const { json } = await startLogin();
    const token = { grant_type: DEVICE_CODE_GRANT_TYPE, device_code: json.device_code as string, client_id: SCREENPOL_CLIENT_ID };
    expect((await withHost("POST", `${base}/oauth/token`, `evil.example:${port}`, token)).status).toBe(403);
    expect((await withHost("POST", `${base}/oauth/revoke`, "evil.example", { token: "x", client_id: SCREENPOL_CLIENT_ID })).status).toBe(403);
    // The loopback names are still served, each with its own verification URI.
    const localhost = await withHost("POST", `${base}/oauth/device/code`, `localhost:${port}`, { client_id: SCREENPOL_CLIENT_ID });
    expect(localhost.status).toBe(200);
    expect(JSON.parse(localhost.text)).toMatchObject({ verification_uri: `http://localhost:${port}/device` });
    expect((await poll(json.device_code as string)).status).toBe(200);
  });
});

describe("a full emulator", () => {
  it("refuses a new sign-in with 503 temporarily_unavailable and Retry-After while every kept one is live, and takes one again once the oldest expires", async () => {
    const clock = settableClock();
    harness = await startHarness({ clock: clock.now, deviceLogin: { maxAuthorizations: 2 } });
    const first = await startLogin();
    clock.advance(100);
    const second = await startLogin();
    const full = await startLogin();
    expect(full).toMatchObject({
      status: 503,
      json: { error: "temporarily_unavailable", error_description: "too many sign-ins are pending; try again when one expires" },
    });
    expect(full.headers.get("retry-after")).toBe("800");
    clock.advance(800);
    const third = await startLogin();
    expect(third.status).toBe(200);
    // The expired one made room: its code is forgotten, the live one still answers.
    expect(harness.emulator.logins.deviceCodes()).toEqual([second.json.device_code, third.json.device_code]);
    expect(await poll(first.json.device_code as string)).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(await poll(second.json.device_code as string)).toMatchObject({ status: 400, json: { error: "authorization_pending" } });
  });
});

describe("the token endpoint", () => {
  it("says authorization_pending, then slow_down (interval + 5 s) to a poll inside the interval, then issues a 30-day JWT once approved", async () => {
    const clock = settableClock();
    harness = await startHarness({ clock: clock.now, deviceLogin: { pollIntervalSeconds: 5 } });
    const { json: grant } = await startLogin("environment.settings.read users.read");
    const deviceCode = grant.device_code as string;

    expect(await poll(deviceCode)).toMatchObject({ status: 400, json: { error: "authorization_pending" } });
    clock.advance(4);
    expect(await poll(deviceCode)).toMatchObject({ status: 400, json: { error: "slow_down" } });
    // The interval is 10 s now: 5 s later is still too fast.
    clock.advance(5);
    expect(await poll(deviceCode)).toMatchObject({ status: 400, json: { error: "slow_down" } });
    clock.advance(15);
    expect(await poll(deviceCode)).toMatchObject({ status: 400, json: { error: "authorization_pending" } });

    expect(await approveOnPage(grant.user_code as string)).toBe(200);
    clock.advance(15);
    const issued = await poll(deviceCode);
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ token_type: "Bearer", expires_in: CLIENT_TOKEN_LIFETIME_SECONDS, scope: "environment.settings.read users.read" });
    const claims = decodeJwt(issued.json.access_token as string);
    expect(claims).toMatchObject({ sub: SEED_IDS.dashboardUser, scope: "environment.settings.read users.read", client_id: SCREENPOL_CLIENT_ID, email: "compliance.lead@demo.example" });
    expect(claims.exp! - claims.iat!).toBe(30 * 24 * 3600);
    expect(claims.iat).toBe(Math.floor(clock.now().getTime() / 1000));

    // The device code is used up.
    clock.advance(15);
    expect(await poll(deviceCode)).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
  });

  it("says expired_token after expires_in, access_denied after a denial, invalid_grant for an unknown code, unsupported_grant_type for another grant", async () => {
    const clock = settableClock();
    harness = await startHarness({ clock: clock.now });
    const { json: first } = await startLogin();
    clock.advance(901);
    expect(await poll(first.device_code as string)).toMatchObject({ status: 400, json: { error: "expired_token" } });

    const { json: second } = await startLogin();
    const origin = new URL(harness.running.baseUrl).origin;
    const denied = await fetch(`${origin}/device`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ user_code: (second.user_code as string).toLowerCase().replace("-", " "), decision: "deny" }).toString(),
    });
    expect(denied.status).toBe(200);
    expect(await denied.text()).toContain("Denied.");
    expect(await poll(second.device_code as string)).toMatchObject({ status: 400, json: { error: "access_denied" } });

    expect(await poll("not-a-code")).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(await form("/oauth/token", { grant_type: "client_credentials", client_id: SCREENPOL_CLIENT_ID })).toMatchObject({ status: 400, json: { error: "unsupported_grant_type" } });
  });

  it("with approveOnPoll (--approve-device-codes), issues at the first poll", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    const { json } = await startLogin();
    const issued = await poll(json.device_code as string);
    expect(issued.status).toBe(200);
    expect(decodeJwt(issued.json.access_token as string).scope).toBe(API_SCOPES.join(" "));
  });
});

describe("the client JWT at the admin endpoints", () => {
  async function signIn(scope?: string): Promise<string> {
    const { json } = await startLogin(scope);
    const issued = await poll(json.device_code as string);
    return issued.json.access_token as string;
  }

  it("is accepted like an API token, with its scopes: 200 for a granted scope, 403 for another", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    const token = await signIn("environment.settings.read");
    expect((await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token })).status).toBe(200);
    expect((await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}/users`, { token })).status).toBe(403);
  });

  it("is refused (401) once revoked at the revocation endpoint, which answers 200 for any token", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    const token = await signIn();
    expect(await form("/oauth/revoke", { token, token_type_hint: "access_token", client_id: SCREENPOL_CLIENT_ID })).toMatchObject({ status: 200 });
    expect(await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token })).toMatchObject({ status: 401, json: { error: "Unauthorized" } });
    expect((await form("/oauth/revoke", { token: "whatever", client_id: SCREENPOL_CLIENT_ID })).status).toBe(200);
  });

  it("is refused (401) once expired, 30 days after it was issued", async () => {
    const clock = settableClock();
    harness = await startHarness({ clock: clock.now, deviceLogin: { approveOnPoll: true } });
    const token = await signIn();
    clock.advance(CLIENT_TOKEN_LIFETIME_SECONDS - 1);
    expect((await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token })).status).toBe(200);
    clock.advance(1);
    expect((await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token })).status).toBe(401);
  });

  it("is refused (401) when its signature is not the emulator's", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    const token = await signIn();
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(86)}`;
    expect((await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token: forged })).status).toBe(401);
  });

  it("has one spelling: issued with a low-s signature only, its high-s twin (r, n - s) refused (401) and unable to revoke it", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    // P-256's group order (SEC 2, section 2.4.2); an ES256 signature is r || s, 32 bytes each (RFC 7518, section 3.4).
    const order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
    const sOf = (token: string) => BigInt(`0x${Buffer.from(token.split(".")[2]!, "base64url").subarray(32).toString("hex")}`);
    const twinOf = (token: string) => {
      const [header, payload, signature] = token.split(".") as [string, string, string];
      const bytes = Buffer.from(signature, "base64url");
      const twin = Buffer.from((order - sOf(token)).toString(16).padStart(64, "0"), "hex");
      return `${header}.${payload}.${Buffer.concat([bytes.subarray(0, 32), twin]).toString("base64url")}`;
    };
    // WebCrypto draws s high half the time: 16 tokens all low-s by chance is 1 in 65,536.
    const tokens: string[] = [];
    for (let index = 0; index < 16; index++) tokens.push(await signIn());
    expect(tokens.filter((token) => sOf(token) > order / 2n)).toEqual([]);
    const environment = `/environments/${SEED_IDS.sandboxEnvironment}`;
    for (const token of tokens.slice(0, 4)) {
      expect((await harness.raw("GET", environment, { token })).status).toBe(200);
      expect(await harness.raw("GET", environment, { token: twinOf(token) })).toMatchObject({ status: 401, json: { error: "Unauthorized" } });
    }
    expect((await form("/oauth/revoke", { token: twinOf(tokens[0]!), client_id: SCREENPOL_CLIENT_ID })).status).toBe(200);
    expect((await harness.raw("GET", environment, { token: tokens[0]! })).status).toBe(200);
  });

  it("lists and revokes the user's authorized clients; an API token gets 403 there", async () => {
    harness = await startHarness({ deviceLogin: { approveOnPoll: true } });
    const first = await signIn("environment.settings.read");
    const second = await signIn();
    const listed = await harness.raw("GET", "/authorizedClients", { token: second });
    expect(listed.status).toBe(200);
    const clients = (listed.json as { authorizedClients: Array<{ id: string; scopes: string[]; revokedAt: string | null }> }).authorizedClients;
    expect(clients.map((client) => client.scopes.length)).toEqual([API_SCOPES.length, 1]);
    const firstId = decodeJwt(first).jti!;
    expect(clients[1]!.id).toBe(firstId);
    expect((await harness.raw("DELETE", `/authorizedClients/${firstId}`, { token: second })).status).toBe(204);
    expect((await harness.raw("GET", `/environments/${SEED_IDS.sandboxEnvironment}`, { token: first })).status).toBe(401);
    const after = (await harness.raw("GET", "/authorizedClients", { token: second })).json as { authorizedClients: Array<{ revokedAt: string | null }> };
    expect(after.authorizedClients[1]!.revokedAt).not.toBeNull();
    expect((await harness.raw("DELETE", `/authorizedClients/${SEED_IDS.foreignUser}`, { token: second })).status).toBe(404);
    expect((await harness.raw("GET", "/authorizedClients")).status).toBe(403);
  });
});

describe("the approval page", () => {
  it("refuses a cross-site form post (403) and a foreign Host header (403)", async () => {
    harness = await startHarness();
    const { json } = await startLogin();
    const origin = new URL(harness.running.baseUrl).origin;
    const crossSite = await fetch(`${origin}/device`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ user_code: json.user_code as string, decision: "approve" }).toString(),
    });
    expect(crossSite.status).toBe(403);
    expect(await withHost("GET", `${origin}/device`, "evil.example")).toMatchObject({ status: 403 });
    expect(await poll(json.device_code as string)).toMatchObject({ json: { error: "authorization_pending" } });
  });

  it("cannot be framed, and runs and loads nothing: every page sends X-Frame-Options DENY and a CSP with frame-ancestors 'none'", async () => {
    harness = await startHarness();
    const { json } = await startLogin();
    const origin = new URL(harness.running.baseUrl).origin;
    const pages = [
      await fetch(`${origin}/device`),
      await fetch(`${origin}/device?user_code=${encodeURIComponent(json.user_code as string)}`),
      await fetch(`${origin}/device?user_code=BBBB-BBBB`),
      await fetch(`${origin}/device`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({ user_code: json.user_code as string, decision: "deny" }).toString(),
      }),
    ];
    expect(pages.map((page) => page.status)).toEqual([200, 200, 400, 200]);
    for (const page of pages) {
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("x-frame-options")).toBe("DENY");
      expect(page.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
      expect(page.headers.get("x-content-type-options")).toBe("nosniff");
      await page.text();
    }
  });

  it("escapes what it echoes: a typed code never becomes markup", async () => {
    harness = await startHarness();
    const origin = new URL(harness.running.baseUrl).origin;
    const response = await fetch(`${origin}/device?user_code=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#34;&#62;&#60;script&#62;");
  });
});
