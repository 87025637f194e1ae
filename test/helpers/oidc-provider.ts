/**
 * A certified OpenID provider (`oidc-provider`) on 127.0.0.1 as the second
 * sign-in server of the login tests: its device flow (RFC 8628), revocation
 * (RFC 7009) and introspection (RFC 7662), published in its OpenID Connect
 * discovery document. Mounted below `/api/v0`, so its issuer is a screenpol
 * base URL: `screenpol login --base-url <issuer>` finds the endpoints by the
 * metadata, not by the designed paths.
 *
 * screenpol is registered as a public native client without a secret. The
 * access tokens are for one resource server (the issuer) with screenpol's
 * scopes; `accessTokenFormat` chooses an opaque token or a JWT (RFC 9068),
 * which this provider cannot revoke or introspect (`unsupported_token_type`).
 *
 * A person's part (enter the code, sign in, consent) is played by
 * {@link OidcProviderServer.decide}, which posts the provider's own HTML forms
 * with a cookie jar, as a browser would: no browser needed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { SCREENPOL_CLIENT_ID, SCREENPOL_SCOPES } from "../../src/contract/wire.js";
import { TEST_POLL_INTERVAL_SECONDS } from "../emulator/helpers.js";

export interface OidcProviderServer {
  /** `http://127.0.0.1:PORT/api/v0`: the issuer and the base URL screenpol is given. */
  issuer: string;
  /** Plays the person on the approval pages: approve (sign in as `account`, consent) or deny the user code. */
  decide(userCode: string, decision: "approve" | "deny", account?: string): Promise<void>;
  /** `METHOD /path` of every request, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startOidcProvider(options: { accessTokenFormat: "opaque" | "jwt" }): Promise<OidcProviderServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v0`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SCREENPOL_CLIENT_ID,
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["urn:ietf:params:oauth:grant-type:device_code"],
        response_types: [],
        redirect_uris: [],
      },
    ],
    features: {
      deviceFlow: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => issuer,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({ scope: SCREENPOL_SCOPES.join(" "), audience: issuer, accessTokenFormat: options.accessTokenFormat }),
      },
    },
  });
  // The provider sends no `interval` (RFC 8628: 5 s then): the tests' own keeps each login short.
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.oidc?.route === "device_authorization" && ctx.status === 200) ctx.body = { ...(ctx.body as object), interval: TEST_POLL_INTERVAL_SECONDS };
  });
  const callback = provider.callback();
  const requests: string[] = [];
  server.on("request", (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (!request.url?.startsWith("/api/v0/")) {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"Not Found"}');
      return;
    }
    // Mounted below /api/v0, as koa's mount would: the provider reads the prefix from originalUrl.
    Object.assign(request, { originalUrl: request.url });
    request.url = request.url.slice("/api/v0".length);
    void callback(request, response);
  });

  async function decide(userCode: string, decision: "approve" | "deny", account = "casey"): Promise<void> {
    const jar = new Map<string, string>();
    const visit = async (url: string, fields?: Record<string, string>): Promise<{ status: number; location: string | null; html: string }> => {
      const response = await fetch(new URL(url, issuer), {
        method: fields === undefined ? "GET" : "POST",
        redirect: "manual",
        headers: {
          cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
          ...(fields === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" }),
        },
        ...(fields === undefined ? {} : { body: new URLSearchParams(fields).toString() }),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(";")[0]!;
        jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      return { status: response.status, location: response.headers.get("location"), html: await response.text() };
    };
    const hidden = (html: string): Record<string, string> => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]));
    const entry = await visit(`${issuer}/device`);
    const confirm = await visit(`${issuer}/device`, { ...hidden(entry.html), user_code: userCode });
    let page = await visit(`${issuer}/device`, { ...hidden(confirm.html), ...(decision === "approve" ? { confirm: "yes" } : { abort: "yes" }) });
    // Sign in, then consent: each a form of the provider's interaction pages, each followed by redirects.
    for (let step = 0; step < 12; step++) {
      if (page.status >= 300 && page.status < 400 && page.location !== null) {
        page = await visit(page.location);
        continue;
      }
      const prompt = /name="prompt" value="([^"]+)"/.exec(page.html)?.[1];
      const action = /<form[^>]*action="([^"]+)"/.exec(page.html)?.[1];
      if (prompt === undefined || action === undefined) break;
      page = await visit(action, prompt === "login" ? { prompt, login: account, password: "any" } : { prompt });
    }
    if (page.status !== 200) throw new Error(`the approval ended with HTTP ${page.status}`);
  }

  return {
    issuer,
    decide,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
