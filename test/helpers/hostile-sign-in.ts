/**
 * A sign-in server that hands out the token a test chooses, on 127.0.0.1: the
 * device authorization is answered at once, every token poll gets the token,
 * and revocations are recorded (RFC 7009 form posts), so a test can check that
 * a token the client refused was revoked.
 */
import { CLIENT_TOKEN_LIFETIME_SECONDS } from "../../src/contract/wire.js";
import { TEST_POLL_INTERVAL_SECONDS } from "../emulator/helpers.js";
import { sendJson, startServer, type TestServer } from "../remote/http-server.js";

/**
 * A client JWT with the designed claims (docs/sign-in.md, The client JWT),
 * `overrides` applied; an override of undefined drops the claim. The client
 * never checks the signature, so there is none.
 */
export function unsignedClientJwt(overrides: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: "hostile-user", client_id: "screenpol-cli", scope: "environment.settings.read", iat: now, exp: now + CLIENT_TOKEN_LIFETIME_SECONDS, ...overrides };
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "ES256", typ: "at+jwt" })}.${part(claims)}.${Buffer.from("not-a-signature").toString("base64url")}`;
}

/** Serves `accessToken` to the first poll; anything else is answered 200 `{}`. */
export function startTokenServer(accessToken: string): Promise<TestServer> {
  return startServer((request, response) => {
    if (request.url.endsWith("/oauth/device/code")) {
      sendJson(response, 200, { device_code: "dc-hostile-0123456789", user_code: "BCDF-GHJK", verification_uri: "http://127.0.0.1/device", expires_in: 60, interval: TEST_POLL_INTERVAL_SECONDS });
    } else if (request.url.endsWith("/oauth/token")) {
      sendJson(response, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 60 });
    } else sendJson(response, 200, {});
  });
}

/** The tokens `server` was asked to revoke, in order. */
export function revocationsOf(server: TestServer): string[] {
  return server.requests.filter((request) => request.url.endsWith("/oauth/revoke")).map((request) => new URLSearchParams(request.body).get("token") ?? "");
}
