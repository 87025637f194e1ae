/** What the client refuses before any request: the server must see nothing. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assertUuid, createClient, UsageError, type RemoteClient } from "../../src/remote/index.js";
import { sendJson, startServer, type TestServer } from "./http-server.js";
import { clientFor, ENVIRONMENT_ID, rejectionOf, textsOf, TOKEN, WEBHOOK_ID } from "./fixtures.js";

let server: TestServer;
let client: RemoteClient;

beforeAll(async () => {
  server = await startServer((_request, response) => sendJson(response, 200, { onramps: [] }));
  client = clientFor(server.baseUrl);
});

afterAll(async () => {
  await client.close();
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
});

async function usageErrorOf(promise: Promise<unknown>): Promise<UsageError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(UsageError);
  expect(server.requests).toHaveLength(0);
  for (const text of textsOf(error)) expect(text).not.toContain(TOKEN);
  return error as UsageError;
}

describe("UUID checks before any request", () => {
  const notUuids = [
    "3F0C2B1A-9D8E-4C7B-A6F5-E4D3C2B1A098",
    "3f0c2b1a9d8e4c7ba6f5e4d3c2b1a098",
    "3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a09",
    "3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a0988",
    "../../tokenCatalog",
    "3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a0%2",
    "3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a09g",
    "",
  ];

  it.each(notUuids)("refuses environmentId %j", async (value) => {
    const error = await usageErrorOf(client.getEnvironment(value));
    expect(error.parameter).toBe("environmentId");
    expect(error.message).toMatch(/^environmentId .* is not a UUID \(36 characters, lowercase hex 8-4-4-4-12\)$/);
  });

  it("checks every path segment of every operation", async () => {
    const bad = "not-a-uuid";
    await usageErrorOf(client.getScreeningPolicy(bad, "vendorAWalletScreening", "SIGN_IN"));
    await usageErrorOf(client.putScreeningPolicy(bad, "vendorAWalletScreening", "SIGN_IN", { revision: 0, schemaVersion: 1, rules: {}, enabled: true }));
    await usageErrorOf(client.updateInvite(bad, "accepted"));
    await usageErrorOf(client.resetUserMfa(bad));
    expect((await usageErrorOf(client.updateWebhook(ENVIRONMENT_ID, bad, { url: "https://a.co", isEnabled: true, events: [] }))).parameter).toBe(
      "webhookId",
    );
    await usageErrorOf(client.updateWebhook(bad, WEBHOOK_ID, { url: "https://a.co", isEnabled: true, events: [] }));
    await usageErrorOf(client.listUsers(bad));
    await usageErrorOf(client.getEnabledOnramps(bad));
    await usageErrorOf(client.getAddressEntries(bad, "vendorBAddressScreening"));
    await usageErrorOf(client.putAddressEntries(bad, "vendorBAddressScreening", { revision: 0, entries: [] }));
    await expect(async () => {
      for await (const _page of client.iterateUsers(bad)) void _page;
    }).rejects.toBeInstanceOf(UsageError);
    expect(server.requests).toHaveLength(0);
  });

  it("refuses a vendor or scope outside the enums, sanctions included", async () => {
    const error = await usageErrorOf(client.getScreeningPolicy(ENVIRONMENT_ID, "sanctions" as never, "SIGN_IN"));
    expect(error.message).toBe('providerType "sanctions" is not one of vendorAWalletScreening, vendorBAddressScreening');
    await usageErrorOf(client.getScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "BOTH" as never));
  });

  it("assertUuid returns a valid value unchanged", () => {
    expect(assertUuid(ENVIRONMENT_ID, "environmentId")).toBe(ENVIRONMENT_ID);
    expect(() => assertUuid(42, "userId")).toThrow("userId (a number) is not a UUID");
  });
});

describe("query parameter checks", () => {
  it.each([0, 101, 2.5, -1, Number.NaN])("refuses catalog limit %s", async (limit) => {
    const error = await usageErrorOf(client.getTokenCatalogPage({ limit }));
    expect(error.parameter).toBe("limit");
    expect(error.message).toMatch(/^limit must be an integer from 1 to 100, not /);
  });

  it("accepts catalog limits 1 and 100", async () => {
    server.requests.length = 0;
    const okServer = await startServer((_request, response) => sendJson(response, 200, { tokens: [], nextCursor: null, version: "v" }));
    const okClient = clientFor(okServer.baseUrl);
    try {
      await okClient.getTokenCatalogPage({ limit: 1 });
      await okClient.getTokenCatalogPage({ limit: 100 });
      expect(okServer.requests.map((request) => request.url)).toEqual(["/api/v0/tokenCatalog?limit=1", "/api/v0/tokenCatalog?limit=100"]);
    } finally {
      await okClient.close();
      await okServer.close();
    }
  });

  it("refuses an If-None-Match or cursor that could break a header or a URL", async () => {
    await usageErrorOf(client.getTokenCatalogPage({ ifNoneMatch: '"a"\r\nx-injected: 1' }));
    await usageErrorOf(client.getTokenCatalogPage({ cursor: "" }));
  });

  it("refuses an onramp value over 255 characters", async () => {
    await expect(client.getEnabledOnramps(ENVIRONMENT_ID, { chain: "a".repeat(255) })).resolves.toBeDefined();
    server.requests.length = 0;
    const error = await usageErrorOf(client.getEnabledOnramps(ENVIRONMENT_ID, { merchantName: "a".repeat(256) }));
    expect(error.message).toBe("merchantName is 256 characters long; at most 255 are allowed");
  });

  it.each([
    ["merchantName", "Joe <script>", 'merchantName contains the character "<" (U+003C) at position 5'],
    ["walletAddress", "0xabc#frag", 'walletAddress contains the character "#" (U+0023) at position 6'],
    ["token", "USDC\n", "token contains the character U+000A at position 5"],
    ["currency", "€", 'currency contains the character "€" (U+20AC) at position 1'],
    ["chain", "a=b", 'chain contains the character "=" (U+003D) at position 2'],
  ] as const)("refuses onramp %s = %j naming the character", async (name, value, expected) => {
    const error = await usageErrorOf(client.getEnabledOnramps(ENVIRONMENT_ID, { [name]: value }));
    expect(error.parameter).toBe(name);
    expect(error.message).toBe(`${expected}; allowed are letters A-Z a-z, digits, space and _ . , : ! ? & % @ / ' -`);
  });

  it("accepts every allowed onramp character, and encodes them on the wire", async () => {
    const value = "Az09 _.,:!?&%@/'-";
    await client.getEnabledOnramps(ENVIRONMENT_ID, { merchantName: value });
    expect(new URL(server.requests[0]!.url, "http://x").searchParams.get("merchantName")).toBe(value);
  });

  it("refuses an unknown onramp parameter", async () => {
    const error = await usageErrorOf(client.getEnabledOnramps(ENVIRONMENT_ID, { color: "red" } as never));
    expect(error.message).toContain('unknown onramp parameter "color"');
  });

  it("checks the users query", async () => {
    await usageErrorOf(client.listUsers(ENVIRONMENT_ID, { limit: 0 }));
    await usageErrorOf(client.listUsers(ENVIRONMENT_ID, { offset: -1 }));
    await usageErrorOf(client.listUsers(ENVIRONMENT_ID, { filterColumn: "email" }));
    await usageErrorOf(client.listUsers(ENVIRONMENT_ID, { filterColumn: "e mail", filterValue: "x" }));
    await usageErrorOf(client.listUsers(ENVIRONMENT_ID, { filterColumn: "email", filterValue: "a\u0000b" }));
    // Only the vendor's UserFilterableFieldsEnum: `team` was a column of our own guess.
    await usageErrorOf(client.listUsers(ENVIRONMENT_ID, { filterColumn: "team", filterValue: "x" }));
  });
});

describe("request body checks", () => {
  it("refuses a malformed policy update", async () => {
    const put = (update: object) =>
      client.putScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "SIGN_IN", update as never);
    expect((await usageErrorOf(put({ revision: -1, schemaVersion: 1, rules: {}, enabled: true }))).parameter).toBe("revision");
    expect((await usageErrorOf(put({ revision: 1.5, schemaVersion: 1, rules: {}, enabled: true }))).parameter).toBe("revision");
    expect((await usageErrorOf(put({ revision: 1, schemaVersion: 0, rules: {}, enabled: true }))).parameter).toBe("schemaVersion");
    expect((await usageErrorOf(put({ revision: 1, schemaVersion: 1, rules: [], enabled: true }))).parameter).toBe("rules");
    expect((await usageErrorOf(put({ revision: 1, schemaVersion: 1, rules: {}, enabled: "yes" }))).parameter).toBe("enabled");
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect((await usageErrorOf(put({ revision: 1, schemaVersion: 1, rules: cyclic, enabled: true }))).parameter).toBe("body");
  });

  it("refuses an invite status outside the enum", async () => {
    await usageErrorOf(client.updateInvite("5a6b7c8d-1e2f-4a3b-8c4d-9e0f1a2b3c4d", "approved" as never));
  });

  it("refuses a malformed webhook update", async () => {
    await usageErrorOf(client.updateWebhook(ENVIRONMENT_ID, WEBHOOK_ID, { url: "https://a.co", isEnabled: true, events: [1] as never }));
    await usageErrorOf(client.updateWebhook(ENVIRONMENT_ID, WEBHOOK_ID, { url: "", isEnabled: true, events: [] }));
  });
});

describe("createClient checks", () => {
  it.each([
    "http://example.com/api/v0",
    "http://10.0.0.5:4010/api/v0",
    "http://[::2]:4010/api/v0",
    "http://localhost.example.com/api/v0",
    "http://128.0.0.1/api/v0",
  ])("refuses plain http to the non-loopback %s", (baseUrl) => {
    expect(() => createClient({ baseUrl, token: TOKEN })).toThrow(/refusing plain http to .*: the API token would cross the network in clear/);
  });

  it.each(["http://127.0.0.1:4010/api/v0", "http://127.3.4.5/api/v0/", "http://localhost:4010/api/v0", "http://[::1]:4010/api/v0", "https://app.example.com/api/v0"])(
    "accepts %s",
    async (baseUrl) => {
      const accepted = createClient({ baseUrl, token: TOKEN });
      expect(accepted.baseUrl).toBe(baseUrl.replace(/\/$/, ""));
      await accepted.close();
    },
  );

  it.each([
    ["ftp://127.0.0.1/api/v0", /must use https/],
    ["not a url", /is not a valid URL/],
    ["https://user:pw@app.example.com/api/v0", /must not contain credentials/],
    ["https://app.example.com/api/v0?x=1", /must not contain a query/],
  ])("refuses the base URL %s", (baseUrl, message) => {
    expect(() => createClient({ baseUrl, token: TOKEN })).toThrow(message);
  });

  it.each([
    ["", /is empty/],
    ["dyn_abc def", /whitespace at position 8/],
    ["dyn_abc\n", /whitespace at position 8/],
    ["dyn_\u0000x", /other than visible ASCII at position 5/],
    ["dyn_é", /other than visible ASCII at position 5/],
  ])("refuses the token %j without quoting it", (token, message) => {
    let thrown: unknown;
    try {
      createClient({ baseUrl: "http://127.0.0.1:1/api/v0", token });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toMatch(message);
    if (token !== "") expect((thrown as Error).message).not.toContain(token.trim());
  });

  it("refuses a non-positive timeout", () => {
    expect(() => createClient({ baseUrl: "http://127.0.0.1:1/api/v0", token: TOKEN, timeoutMs: 0 })).toThrow(UsageError);
  });
});
