/** Fault injection, and how the real client rides it out: retries, drops, timeouts. */
import { request as httpRequest } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseFaultFlag, SEED_IDS } from "../../src/emulator/index.js";
import { RemoteError } from "../../src/remote/index.js";
import { rejectionOf, startHarness, type Harness } from "./helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
let harness: Harness;

beforeEach(async () => {
  harness = await startHarness({ seed: { catalogSize: 100 } });
});
afterEach(() => harness.close());

async function faults(): Promise<Array<{ remaining: number | "always"; fired: number }>> {
  const response = await fetch(`${harness.running.adminUrl}/faults`);
  return ((await response.json()) as { faults: Array<{ remaining: number | "always"; fired: number }> }).faults;
}

describe("fault injection", () => {
  it("retries 503s and a 429 honouring Retry-After, then succeeds", async () => {
    await harness.addFault({ route: "GET /tokenCatalog", kind: "503", count: 2 });
    await harness.addFault({ route: "GET /tokenCatalog", kind: "429", count: 1, retryAfter: 2 });
    const waits: number[] = [];
    const client = harness.client({ retry: { maxAttempts: 5, sleep: async (ms: number) => void waits.push(ms) } });
    const result = await client.getTokenCatalogPage({ limit: 5 });
    expect(result.status).toBe(200);
    expect(waits).toHaveLength(3);
    expect(waits[2]).toBe(2000);
    expect((await faults()).map((fault) => fault.fired)).toEqual([2, 1]);
  });

  it("gives up after the bounded attempts with a typed error", async () => {
    await harness.addFault({ route: "GET /tokenCatalog", kind: "503", count: "always" });
    const error = await rejectionOf(harness.client({ retry: { maxAttempts: 3, sleep: async () => undefined } }).getTokenCatalogPage());
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ kind: "server", status: 503, attempts: 3, serverMessage: "Service Unavailable" });
    expect((await faults())[0]!.fired).toBe(3);
  });

  it("a 429 still there after the retries is rateLimited", async () => {
    await harness.addFault({ route: "GET /environments/{environmentId}", kind: "429", count: "always", retryAfter: 0 });
    await expect(harness.client({ retry: { maxAttempts: 2, sleep: async () => undefined } }).getEnvironment(SANDBOX)).rejects.toMatchObject({
      kind: "rateLimited",
      status: 429,
      attempts: 2,
    });
  });

  it("a 500 fault answers the documented body", async () => {
    await harness.addFault({ route: `GET /environments/${SANDBOX}`, kind: "500" });
    const response = await harness.raw("GET", `/environments/${SANDBOX}`);
    expect(response).toMatchObject({ status: 500, json: { error: "Internal Server Error" } });
    expect(response.headers.get("x-emulator-fault")).toBe("500");
    // Used up: the next request is served. A concrete path matches only that path.
    expect((await harness.raw("GET", `/environments/${SANDBOX}`)).status).toBe(200);
  });

  it("a dropped connection is retried; dropped every time, it is a network error", async () => {
    await harness.addFault({ route: "GET /environments/{environmentId}", kind: "drop", count: 1 });
    await expect(harness.client().getEnvironment(SANDBOX)).resolves.toMatchObject({ id: SANDBOX });
    await harness.addFault({ route: "GET /environments/{environmentId}", kind: "drop", count: "always" });
    const error = await rejectionOf(harness.client({ retry: { maxAttempts: 2, sleep: async () => undefined } }).getEnvironment(SANDBOX));
    expect(error).toMatchObject({ kind: "network", attempts: 2 });
  });

  it("a delay beyond the client's timeout is a timeout; within it, a slow success", async () => {
    await harness.addFault({ route: "GET /environments/{environmentId}", kind: "delay", delayMs: 1_500, count: 2 });
    // A TIMEOUT on both attempts: the client gave up at 200 ms each time, long before the 1.5 s answer.
    const error = await rejectionOf(harness.client({ timeoutMs: 200, retry: { maxAttempts: 2, sleep: async () => undefined } }).getEnvironment(SANDBOX));
    expect(error).toMatchObject({ kind: "network", networkCode: "TIMEOUT", attempts: 2 });
    await harness.addFault({ route: "GET /environments/{environmentId}", kind: "delay", delayMs: 100, count: 1 });
    const slow = harness.client({ timeoutMs: 2_000 });
    // The two earlier delays may still be pending; this one lands after them.
    await expect(slow.getEnvironment(SANDBOX)).resolves.toMatchObject({ id: SANDBOX });
  });

  it("a lost acknowledgement: the write is applied, the replay gets 409 with attempts > 1", async () => {
    const client = harness.client();
    const live = await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN");
    await harness.addFault({ route: "PUT /environments/{environmentId}/screeningPolicies/{providerType}/{scope}", kind: "drop-after" });
    const error = await rejectionOf(client.putScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN", { ...live, enabled: false }));
    expect(error).toMatchObject({ kind: "conflict", code: "revision_mismatch", currentRevision: live.revision + 1, attempts: 2 });
    expect((error as Error).message).toContain("an earlier attempt of this request may have been applied");
    expect(await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN")).toMatchObject({ revision: live.revision + 1, enabled: false });
  });

  it("faults apply before authentication, per method, and can be cleared", async () => {
    await harness.addFault({ route: "* /tokenCatalog", kind: "503", count: "always" });
    expect((await harness.raw("GET", "/tokenCatalog", { token: null })).status).toBe(503);
    expect((await harness.raw("GET", `/environments/${SANDBOX}`)).status).toBe(200);
    const cleared = await fetch(`${harness.running.adminUrl}/faults`, { method: "DELETE" });
    expect(cleared.status).toBe(204);
    expect((await harness.raw("GET", "/tokenCatalog")).status).toBe(200);
  });

  it("refuses a fault that names no route, or is malformed", async () => {
    for (const body of [
      { route: "GET /tokenCatalogue", kind: "503" },
      { route: "GET /tokenCatalog", kind: "502" },
      { route: "GET /tokenCatalog", kind: "delay" },
      { route: "GET /tokenCatalog", kind: "503", count: 0 },
    ]) {
      const response = await fetch(`${harness.running.adminUrl}/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("--fault flags", () => {
  it("parses METHOD /path=KIND[:N][xCOUNT]", () => {
    expect(parseFaultFlag("GET /tokenCatalog=503x3")).toEqual({ route: "GET /tokenCatalog", kind: "503", count: 3 });
    expect(parseFaultFlag("GET /api/v0/tokenCatalog=429:2x*")).toEqual({ route: "GET /api/v0/tokenCatalog", kind: "429", count: "always", retryAfter: 2 });
    expect(parseFaultFlag("PUT /environments/{environmentId}/webhooks/{webhookId}=delay:1500")).toMatchObject({ kind: "delay", delayMs: 1500, count: 1 });
    expect(parseFaultFlag("*=dropx2")).toEqual({ route: "*", kind: "drop", count: 2 });
    for (const bad of ["GET /tokenCatalog", "GET /tokenCatalog=504", "GET /tokenCatalog=delay", "GET /tokenCatalog=500:3", "tokenCatalog=503"]) {
      expect(() => parseFaultFlag(bad), bad).toThrow();
    }
  });

  it("faults given at creation are in force from the first request", async () => {
    const own = await startHarness({ faults: [parseFaultFlag("GET /environments/{environmentId}=503x1")] });
    try {
      expect((await own.raw("GET", `/environments/${SANDBOX}`)).status).toBe(503);
      expect((await own.raw("GET", `/environments/${SANDBOX}`)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("admin endpoints", () => {
  it("refuse a Host header that is not loopback (DNS rebinding) and a POST that is not JSON", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${harness.running.adminUrl}/state`);
      const request = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers: { host: "attacker.example:80" } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(403);
    const form = await fetch(`${harness.running.adminUrl}/faults`, { method: "POST", headers: { "content-type": "text/plain" }, body: '{"route":"*","kind":"503"}' });
    expect(form.status).toBe(415);
  });

  it("list the routes with their scopes", async () => {
    const { routes } = (await (await fetch(`${harness.running.adminUrl}/routes`)).json()) as { routes: Array<{ method: string; template: string; scope: string }> };
    expect(routes).toContainEqual(expect.objectContaining({ method: "GET", template: "/tokenCatalog", scope: "environment.settings.read" }));
    expect(routes).toHaveLength(13);
  });
});
