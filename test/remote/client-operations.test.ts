/** Success paths of every operation, checked on the wire: method, path, headers, body. */
import { Agent } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, type RemoteClient } from "../../src/remote/index.js";
import { sendJson, startServer, type Handler, type RecordedRequest, type TestServer } from "./http-server.js";
import { clientFor, ENVIRONMENT_ID, INVITE_ID, POLICY, TOKEN, USER_ID, WEBHOOK_ID } from "./fixtures.js";

let server: TestServer | undefined;
let client: RemoteClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function serve(handler: Handler): Promise<{ server: TestServer; client: RemoteClient }> {
  server = await startServer(handler);
  client = clientFor(server.baseUrl);
  return { server, client };
}

function expectCommonHeaders(request: RecordedRequest, withBody: boolean): void {
  expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(request.headers.accept).toBe("application/json");
  expect(request.headers["user-agent"]).toBe("screenpol");
  if (withBody) expect(request.headers["content-type"]).toBe("application/json");
  else expect(request.headers["content-type"]).toBeUndefined();
}

describe("remote client operations", () => {
  it("reads a screening policy (operation 1)", async () => {
    const { server, client } = await serve((_request, response) => sendJson(response, 200, POLICY));
    const policy = await client.getScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "TRANSACTION");
    expect(policy).toEqual(POLICY);
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe(`/api/v0/environments/${ENVIRONMENT_ID}/screeningPolicies/vendorAWalletScreening/TRANSACTION`);
    expectCommonHeaders(request!, false);
    expect(request?.body).toBe("");
  });

  it("writes a screening policy with exactly the designed body (toolkit.md)", async () => {
    const { server, client } = await serve((_request, response) => sendJson(response, 200, { ...POLICY, revision: 5 }));
    const update = { revision: 4, schemaVersion: 1, rules: POLICY.rules, enabled: true, addressEntryCount: 9 };
    const stored = await client.putScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "TRANSACTION", update);
    expect(stored.revision).toBe(5);
    const [request] = server.requests;
    expect(request?.method).toBe("PUT");
    expect(request?.url).toBe(`/api/v0/environments/${ENVIRONMENT_ID}/screeningPolicies/vendorAWalletScreening/TRANSACTION`);
    expectCommonHeaders(request!, true);
    // addressEntryCount is server-managed and must not ride along.
    expect(JSON.parse(request!.body)).toEqual({ revision: 4, schemaVersion: 1, rules: POLICY.rules, enabled: true });
  });

  it("creates a policy with revision 0", async () => {
    const { server, client } = await serve((_request, response) =>
      sendJson(response, 201, { ...POLICY, scope: "SIGN_IN", revision: 1 }),
    );
    const stored = await client.putScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "SIGN_IN", {
      revision: 0,
      schemaVersion: 2,
      rules: {},
      enabled: false,
    });
    expect(stored.revision).toBe(1);
    expect(JSON.parse(server.requests[0]!.body).revision).toBe(0);
  });

  it("reads a token catalog page with limit and cursor, returning the ETag (operation 2)", async () => {
    const page = {
      tokens: [
        {
          chain: "EVM",
          contractAddress: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
          decimals: 6,
          name: "USD Coin",
          networkId: 1,
          symbol: "USDC",
          tokenId: "usdc-1",
          logoURI: "https://example.com/usdc.png",
        },
      ],
      nextCursor: "c2",
      version: "v-abc",
    };
    const { server, client } = await serve((_request, response) => sendJson(response, 200, page, { etag: '"e-1"' }));
    const result = await client.getTokenCatalogPage({ limit: 2, cursor: "c1" });
    expect(result).toEqual({ status: 200, page, etag: '"e-1"' });
    const [request] = server.requests;
    expect(request?.method).toBe("GET");
    expect(request?.url).toBe("/api/v0/tokenCatalog?limit=2&cursor=c1");
    expect(request?.headers["if-none-match"]).toBeUndefined();
    expectCommonHeaders(request!, false);
  });

  it("returns 304 on a matching If-None-Match, in one request", async () => {
    const { server, client } = await serve((request, response) => {
      if (request.headers["if-none-match"] === '"e-1"') {
        response.writeHead(304, { etag: '"e-1"' });
        response.end();
      } else sendJson(response, 200, { tokens: [], nextCursor: null, version: "v" });
    });
    const result = await client.getTokenCatalogPage({ ifNoneMatch: '"e-1"' });
    expect(result).toEqual({ status: 304, etag: '"e-1"' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.url).toBe("/api/v0/tokenCatalog");
  });

  it("accepts an invite with body {status} (operation 3)", async () => {
    const { server, client } = await serve((_request, response) => sendJson(response, 200, { ok: true }));
    await expect(client.updateInvite(INVITE_ID, "accepted")).resolves.toBeUndefined();
    const [request] = server.requests;
    expect(request?.method).toBe("PUT");
    expect(request?.url).toBe(`/api/v0/invites/${INVITE_ID}`);
    expectCommonHeaders(request!, true);
    expect(JSON.parse(request!.body)).toEqual({ status: "accepted" });
  });

  it("resets a user's MFA devices (operation 4), success status not shown so any 2xx", async () => {
    const { server, client } = await serve((_request, response) => {
      response.writeHead(204);
      response.end();
    });
    await expect(client.resetUserMfa(USER_ID)).resolves.toBeUndefined();
    const [request] = server.requests;
    expect(request?.method).toBe("DELETE");
    expect(request?.url).toBe(`/api/v0/users/${USER_ID}/mfa`);
    expectCommonHeaders(request!, false);
  });

  it("updates a webhook (operation 5)", async () => {
    const webhook = {
      environmentId: ENVIRONMENT_ID,
      webhookId: WEBHOOK_ID,
      url: "https://hooks.example.com/screening",
      events: ["user.created"],
      isEnabled: true,
      secret: "whsec_x",
      version: "v2",
    };
    const { server, client } = await serve((_request, response) => sendJson(response, 200, { ...webhook, extra: 1 }));
    const result = await client.updateWebhook(ENVIRONMENT_ID, WEBHOOK_ID, {
      url: webhook.url,
      isEnabled: true,
      events: ["user.created"],
    });
    expect(result).toEqual(webhook);
    const [request] = server.requests;
    expect(request?.method).toBe("PUT");
    expect(request?.url).toBe(`/api/v0/environments/${ENVIRONMENT_ID}/webhooks/${WEBHOOK_ID}`);
    expectCommonHeaders(request!, true);
    expect(JSON.parse(request!.body)).toEqual({ url: webhook.url, isEnabled: true, events: ["user.created"] });
  });

  it("reads an environment (operation 6)", async () => {
    const body = { id: ENVIRONMENT_ID, settings: { environmentName: "sandbox" }, createdAt: "2026-01-01T00:00:00Z", sdkVersion: "4", name: "dropped" };
    const { server, client } = await serve((_request, response) => sendJson(response, 200, body));
    await expect(client.getEnvironment(ENVIRONMENT_ID)).resolves.toEqual({
      id: ENVIRONMENT_ID,
      settings: { environmentName: "sandbox" },
      createdAt: "2026-01-01T00:00:00Z",
      sdkVersion: "4",
    });
    expect(server.requests[0]?.method).toBe("GET");
    expect(server.requests[0]?.url).toBe(`/api/v0/environments/${ENVIRONMENT_ID}`);
    expectCommonHeaders(server.requests[0]!, false);
  });

  it("lists a page of users with the vendor's query (operation 7)", async () => {
    const { server, client } = await serve((_request, response) =>
      sendJson(response, 200, { users: [{ id: USER_ID }, { id: "u2" }], count: 5 }),
    );
    const page = await client.listUsers(ENVIRONMENT_ID, { limit: 2, offset: 2, filterColumn: "email", filterValue: "a@b.co", orderBy: "email:desc" });
    expect(page).toEqual({ users: [{ id: USER_ID }, { id: "u2" }], count: 5, nextOffset: 4 });
    expect(server.requests[0]?.url).toBe(
      `/api/v0/environments/${ENVIRONMENT_ID}/users?filter%5BfilterColumn%5D=email&filter%5BfilterValue%5D=a%40b.co&orderBy=email%3Adesc&offset=2&limit=2`,
    );
    expectCommonHeaders(server.requests[0]!, false);
  });

  it("iterates every page of users until the count is reached", async () => {
    const all = Array.from({ length: 5 }, (_, index) => ({ id: `u${index}` }));
    const { server, client } = await serve((request, response) => {
      const url = new URL(request.url, "http://x");
      const offset = Number(url.searchParams.get("offset"));
      const limit = Number(url.searchParams.get("limit"));
      sendJson(response, 200, { users: all.slice(offset, offset + limit), count: all.length });
    });
    const seen: unknown[] = [];
    for await (const page of client.iterateUsers(ENVIRONMENT_ID, { pageSize: 2 })) seen.push(...page.users);
    expect(seen).toEqual(all);
    expect(server.requests.map((request) => new URL(request.url, "http://x").searchParams.get("offset"))).toEqual(["0", "2", "4"]);
  });

  it("stops iterating users at maxPages with an error rather than looping", async () => {
    const { server, client } = await serve((_request, response) => sendJson(response, 200, { users: [{ id: "u" }], count: 1_000_000 }));
    const pages: unknown[] = [];
    await expect(async () => {
      for await (const page of client.iterateUsers(ENVIRONMENT_ID, { pageSize: 1, maxPages: 3 })) pages.push(page);
    }).rejects.toThrow(/did not end within 3 pages/);
    expect(pages).toHaveLength(3);
    expect(server.requests).toHaveLength(3);
  });

  it("reads the enabled onramps with the vendor's eight parameters (operation 8)", async () => {
    const onramps = [{ provider: "banxa", name: "Banxa", iconUrl: "https://i", url: "https://u", qrCode: "q" }];
    const { server, client } = await serve((_request, response) => sendJson(response, 200, { onramps }));
    const result = await client.getEnabledOnramps(ENVIRONMENT_ID, {
      merchantName: "Joe's Coffee & Co. / shop-1",
      walletAddress: "0xabc",
      chain: "EVM",
      networkId: "1",
      token: "USDC",
      tokenAmount: 12.5,
      includeDisabled: true,
      currency: "USD",
    });
    expect(result).toEqual({ onramps });
    const url = new URL(server.requests[0]!.url, "http://x");
    expect(url.pathname).toBe(`/api/v0/sdk/${ENVIRONMENT_ID}/onramps`);
    expect([...url.searchParams]).toEqual([
      ["walletAddress", "0xabc"],
      ["chain", "EVM"],
      ["networkId", "1"],
      ["token", "USDC"],
      ["tokenAmount", "12.5"],
      ["includeDisabled", "true"],
      ["currency", "USD"],
      ["merchantName", "Joe's Coffee & Co. / shop-1"],
    ]);
    expectCommonHeaders(server.requests[0]!, false);
  });

  it("reads and writes address entries on the designed endpoint (toolkit.md)", async () => {
    const entries = [
      { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury" },
    ];
    const { server, client } = await serve((request, response) =>
      sendJson(response, 200, { revision: request.method === "PUT" ? 3 : 2, entries }),
    );
    await expect(client.getAddressEntries(ENVIRONMENT_ID, "vendorBAddressScreening")).resolves.toEqual({ revision: 2, entries });
    const written = await client.putAddressEntries(ENVIRONMENT_ID, "vendorBAddressScreening", {
      revision: 2,
      entries: entries as never,
    });
    expect(written.revision).toBe(3);
    const path = `/api/v0/environments/${ENVIRONMENT_ID}/screeningAddressEntries/vendorBAddressScreening`;
    expect(server.requests.map((request) => [request.method, request.url])).toEqual([
      ["GET", path],
      ["PUT", path],
    ]);
    expectCommonHeaders(server.requests[1]!, true);
    expect(JSON.parse(server.requests[1]!.body)).toEqual({ revision: 2, entries });
  });

  it("keeps one connection alive across calls", async () => {
    const { server, client } = await serve((_request, response) => sendJson(response, 200, { id: ENVIRONMENT_ID }));
    await client.getEnvironment(ENVIRONMENT_ID);
    await client.getEnvironment(ENVIRONMENT_ID);
    expect(server.requests.map((request) => request.headers.connection)).toEqual(["keep-alive", "keep-alive"]);
  });

  it("sends through an injected dispatcher and leaves it open on close", async () => {
    server = await startServer((_request, response) => sendJson(response, 200, { id: ENVIRONMENT_ID }));
    const dispatcher = new Agent();
    let dispatched = 0;
    const counting = dispatcher.compose((dispatch) => (options, handler) => {
      dispatched++;
      return dispatch(options, handler);
    });
    const injected = createClient({ baseUrl: server.baseUrl, token: TOKEN, dispatcher: counting, userAgent: "screenpol-test/1" });
    await injected.getEnvironment(ENVIRONMENT_ID);
    await injected.close();
    // Still usable: the client did not close what it does not own.
    const again = createClient({ baseUrl: server.baseUrl, token: TOKEN, dispatcher: counting });
    await again.getEnvironment(ENVIRONMENT_ID);
    expect(dispatched).toBe(2);
    expect(server.requests[0]?.headers["user-agent"]).toBe("screenpol-test/1");
    await dispatcher.close();
  });

  it("fails a call after close with a network error", async () => {
    const { client } = await serve((_request, response) => sendJson(response, 200, {}));
    await client.close();
    await expect(client.getEnvironment(ENVIRONMENT_ID)).rejects.toMatchObject({ kind: "network", message: expect.stringContaining("the client is closed") });
  });
});
