/** Retries, timeouts and dropped connections, against a real server; every test is bounded. */
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createClient, RemoteError, type RemoteClient } from "../../src/remote/index.js";
import { sendJson, startServer, type Handler, type TestServer } from "./http-server.js";
import { ENVIRONMENT_ID, instantRetry, POLICY, rejectionOf, textsOf, TOKEN } from "./fixtures.js";

let server: TestServer | undefined;
let client: RemoteClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

type RetryOverrides = Parameters<typeof instantRetry>[0];

async function serve(handler: Handler, retry: RetryOverrides = {}, timeoutMs = 2_000) {
  server = await startServer(handler);
  const { delays, retry: policy } = instantRetry(retry);
  client = createClient({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs, retry: policy });
  return { server, client, delays };
}

async function remoteErrorOf(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(RemoteError);
  for (const text of textsOf(error)) expect(text).not.toContain(TOKEN);
  return error as RemoteError;
}

/** A clock that only the injected sleep moves, so total-time budgets are testable without waiting. */
function fakeClock(start = Date.parse("2026-10-21T07:28:00Z")) {
  let now = start;
  const delays: number[] = [];
  return {
    delays,
    retry: {
      now: () => now,
      sleep: async (ms: number) => {
        delays.push(ms);
        now += ms;
      },
    },
  };
}

describe("remote client retries", () => {
  it("honours Retry-After in seconds on 429, then succeeds", async () => {
    const { client, server, delays } = await serve((_request, response, index) =>
      index === 0 ? sendJson(response, 429, { error: "Too Many Requests" }, { "retry-after": "2" }) : sendJson(response, 200, { id: ENVIRONMENT_ID }),
    );
    await expect(client.getEnvironment(ENVIRONMENT_ID)).resolves.toEqual({ id: ENVIRONMENT_ID });
    expect(server.requests).toHaveLength(2);
    expect(delays).toEqual([2000]);
    // The replay is the same request, token included.
    expect(server.requests[1]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("honours Retry-After as an HTTP-date", async () => {
    const clock = fakeClock();
    const { client, server } = await serve(
      (_request, response, index) =>
        index === 0
          ? sendJson(response, 429, {}, { "retry-after": "Wed, 21 Oct 2026 07:28:03 GMT" })
          : sendJson(response, 200, { tokens: [], nextCursor: null, version: "v" }, { etag: "W/\"1\"" }),
      clock.retry,
    );
    const result = await client.getTokenCatalogPage({ limit: 100 });
    expect(result.status).toBe(200);
    expect(server.requests).toHaveLength(2);
    expect(clock.delays).toEqual([3000]);
  });

  it("gives up on 429 at once when Retry-After exceeds the time budget", async () => {
    const { client, server, delays } = await serve(
      (_request, response) => sendJson(response, 429, {}, { "retry-after": "120" }),
      { maxTotalMs: 30_000, maxAttempts: 5 },
    );
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "rateLimited", status: 429, attempts: 1 });
    expect(error.message).toBe(`GET environment ${ENVIRONMENT_ID}: 429 Too Many Requests`);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it("retries 503 a bounded number of times with full-jitter delays", async () => {
    const randoms = [0.5, 0.999, 0, 0.25];
    const { client, server, delays } = await serve((_request, response) => sendJson(response, 503, { error: "Service Unavailable" }), {
      maxAttempts: 4,
      baseDelayMs: 100,
      maxDelayMs: 300,
      random: () => randoms.shift() ?? 0,
    });
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "server", status: 503, attempts: 4 });
    expect(error.message).toBe(`GET environment ${ENVIRONMENT_ID}: 503 Service Unavailable (gave up after 4 attempts)`);
    expect(server.requests).toHaveLength(4);
    // random * min(cap, base * 2^n): 0.5*100, 0.999*200, 0*300 (capped from 400).
    expect(delays).toEqual([50, 199, 0]);
  });

  it("keeps every jittered delay within [0, min(cap, base*2^n))", async () => {
    const { client, delays } = await serve((_request, response) => sendJson(response, 502, {}), {
      maxAttempts: 6,
      baseDelayMs: 50,
      maxDelayMs: 500,
      random: () => 0.9999999,
    });
    await remoteErrorOf(client.resetUserMfa("9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b"));
    expect(delays).toHaveLength(5);
    delays.forEach((delay, retryIndex) => {
      const ceiling = Math.min(500, 50 * 2 ** retryIndex);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(ceiling);
      expect(delay).toBeGreaterThanOrEqual(ceiling - 1);
    });
  });

  it("stops when the next wait would overrun the total time budget", async () => {
    const clock = fakeClock();
    const { client, server } = await serve((_request, response) => sendJson(response, 500, {}), {
      ...clock.retry,
      maxAttempts: 10,
      baseDelayMs: 400,
      maxDelayMs: 10_000,
      maxTotalMs: 1_000,
      random: () => 0.99,
    });
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    // Waits of 396 then 792: the second would end past 1000 ms, so two attempts in all.
    expect(clock.delays).toEqual([396]);
    expect(server.requests).toHaveLength(2);
    expect(error.attempts).toBe(2);
  });

  it("does not retry 4xx other than 429", async () => {
    for (const status of [400, 401, 403, 404, 409]) {
      const { client, server } = await serve((_request, response) => sendJson(response, status, { error: "no" }));
      await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
      expect(server.requests).toHaveLength(1);
      await client.close();
      await server.close();
    }
  });

  it("times out a server that never answers, retrying within bounds", async () => {
    const { client, server } = await serve(() => {}, { maxAttempts: 2 }, 150);
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "network", networkCode: "TIMEOUT", attempts: 2, status: undefined });
    expect(error.message).toBe(
      `GET environment ${ENVIRONMENT_ID}: no response from ${server.origin} within 150 ms (gave up after 2 attempts)`,
    );
    expect(server.requests).toHaveLength(2);
  });

  it("shortens the request deadline to what is left of the total budget", async () => {
    const { client } = await serve(() => {}, { maxAttempts: 1, maxTotalMs: 120 }, 5_000);
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    // 120 ms, not the 5 s request timeout: the deadline was shortened to the budget.
    expect(error.message).toContain("within 120 ms");
  });

  it("times out a body that stalls after the headers", async () => {
    const { client } = await serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"id":');
    }, { maxAttempts: 1 }, 150);
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "network", networkCode: "TIMEOUT" });
  });

  it("retries a dropped connection, then fails with a network error", async () => {
    const { client, server } = await serve((_request, response) => response.socket?.destroy(), { maxAttempts: 3 });
    const error = await remoteErrorOf(client.getScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "TRANSACTION"));
    expect(error.kind).toBe("network");
    expect(["UND_ERR_SOCKET", "ECONNRESET"]).toContain(error.networkCode);
    expect(error.message).toMatch(/closed the connection before a complete response \[(UND_ERR_SOCKET|ECONNRESET)\] \(gave up after 3 attempts\)$/);
    expect(server.requests).toHaveLength(3);
  });

  it("recovers from one dropped connection", async () => {
    const { client, server } = await serve((_request, response, index) =>
      index === 0 ? response.socket?.destroy() : sendJson(response, 200, POLICY),
    );
    await expect(client.getScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "TRANSACTION")).resolves.toEqual(POLICY);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a PUT with a revision and reports a later 409 as possibly self-inflicted", async () => {
    const { client, server } = await serve((_request, response, index) =>
      index === 0
        ? response.socket?.destroy()
        : sendJson(response, 409, { error: "Conflict", code: "revision_mismatch", currentRevision: 5 }),
    );
    const error = await remoteErrorOf(
      client.putScreeningPolicy(ENVIRONMENT_ID, "vendorAWalletScreening", "TRANSACTION", { revision: 4, schemaVersion: 1, rules: {}, enabled: true }),
    );
    expect(error).toMatchObject({ kind: "conflict", currentRevision: 5, attempts: 2 });
    expect(error.message).toContain("an earlier attempt of this request may have been applied");
    expect(server.requests.map((request) => request.body)).toEqual([server.requests[0]!.body, server.requests[0]!.body]);
  });

  it("does not retry a refused connection", async () => {
    // A port that was free a moment ago and is now closed: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const { retry, delays } = instantRetry();
    client = createClient({ baseUrl: `http://127.0.0.1:${port}/api/v0`, token: TOKEN, timeoutMs: 2_000, retry });
    const error = await remoteErrorOf(client.getEnvironment(ENVIRONMENT_ID));
    expect(error).toMatchObject({ kind: "network", networkCode: "ECONNREFUSED", attempts: 1 });
    expect(error.message).toBe(
      `GET environment ${ENVIRONMENT_ID}: connection to http://127.0.0.1:${port} refused (is the service or the emulator running?) [ECONNREFUSED]`,
    );
    expect(delays).toEqual([]);
  });
});
