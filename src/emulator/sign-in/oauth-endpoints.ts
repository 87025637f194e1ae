/**
 * The designed sign-in endpoints (contract/wire.ts, OAUTH_PATHS; docs/sign-in.md)
 * below the base URL: device authorization, token and revocation. Form-encoded
 * POSTs without a bearer token (RFC 6749, section 3.2; RFC 8628; RFC 7009),
 * answered with JSON; OAuth errors are `{error, error_description}`, 400 but for
 * an unknown client (401 `invalid_client`). Guarded as the approval page is
 * (a loopback peer and Host header, else 403): the verification URI is built
 * from the Host header, so a DNS-rebound name must never get that far.
 */
import type { IncomingMessage } from "node:http";
import { DEVICE_CODE_GRANT_TYPE, OAUTH_PATHS } from "../../contract/wire.js";
import { HttpError } from "../errors.js";
import type { Reply } from "../http.js";
import { refuseNonLoopback } from "../loopback.js";
import { KNOWN_CLIENTS, requestedScopes, type DeviceLogins } from "./device-logins.js";
import { verificationUri } from "./approval-page.js";

/** True for a path (below the base URL) of one of the three endpoints. */
export function isOAuthPath(path: string): boolean {
  return (Object.values(OAUTH_PATHS) as string[]).includes(path);
}

export async function handleOAuth(request: IncomingMessage, path: string, bodyText: string, logins: DeviceLogins): Promise<Reply> {
  refuseNonLoopback(request);
  if (request.method !== "POST") throw new HttpError(405, { error: "Method Not Allowed" }, { allow: "POST" });
  const form = readForm(request, bodyText);
  const clientId = form.get("client_id") ?? "";
  if (!KNOWN_CLIENTS.has(clientId)) throw oauthError(401, "invalid_client", "unknown client_id");
  switch (path) {
    case OAUTH_PATHS.deviceAuthorization: {
      const scopes = requestedScopes(form.get("scope"));
      if (!scopes) throw oauthError(400, "invalid_scope", "scope names a scope the service does not have");
      const grant = logins.start(clientId, scopes);
      if (grant.kind === "full") {
        // RFC 6749's code for a server that cannot take the request now (section 4.1.2.1), with when to try again.
        throw new HttpError(503, { error: "temporarily_unavailable", error_description: "too many sign-ins are pending; try again when one expires" }, { "retry-after": String(grant.retryAfterSeconds) });
      }
      const uri = verificationUri(request);
      return {
        status: 200,
        body: {
          device_code: grant.deviceCode,
          user_code: grant.userCode,
          verification_uri: uri,
          verification_uri_complete: `${uri}?user_code=${encodeURIComponent(grant.userCode)}`,
          expires_in: grant.expiresIn,
          interval: grant.interval,
        },
      };
    }
    case OAUTH_PATHS.token: {
      if (form.get("grant_type") !== DEVICE_CODE_GRANT_TYPE) throw oauthError(400, "unsupported_grant_type", `grant_type must be ${DEVICE_CODE_GRANT_TYPE}`);
      const deviceCode = form.get("device_code");
      if (!deviceCode) throw oauthError(400, "invalid_request", "device_code is missing");
      const outcome = await logins.poll(deviceCode, clientId);
      if (outcome.kind === "error") throw oauthError(400, outcome.error, outcome.description);
      return { status: 200, body: { access_token: outcome.accessToken, token_type: "Bearer", expires_in: outcome.expiresIn, scope: outcome.scopes.join(" ") } };
    }
    default: {
      const token = form.get("token");
      if (!token) throw oauthError(400, "invalid_request", "token is missing");
      // RFC 7009, section 2.2: 200 whether or not the token was valid, so a client cannot probe tokens.
      await logins.revokeToken(token);
      return { status: 200 };
    }
  }
}

/** The form body; 400 `invalid_request` for another media type or a parameter given twice (RFC 6749, section 3.1). */
function readForm(request: IncomingMessage, bodyText: string): URLSearchParams {
  if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "")) {
    throw oauthError(400, "invalid_request", "send the parameters as application/x-www-form-urlencoded");
  }
  const form = new URLSearchParams(bodyText);
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) throw oauthError(400, "invalid_request", `${name} is given more than once`);
  }
  return form;
}

function oauthError(status: number, error: string, description: string): HttpError {
  return new HttpError(status, { error, error_description: description });
}
