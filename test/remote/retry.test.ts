import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, fullJitterDelayMs, parseRetryAfterMs, runWithRetry, type RetryPolicy } from "../../src/remote/retry.js";

const NOW = Date.parse("2026-10-21T07:28:00Z");

describe("fullJitterDelayMs", () => {
  it("draws uniformly below min(cap, base * 2^n)", () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 };
    expect([0, 1, 2, 3, 4, 5].map((retryIndex) => fullJitterDelayMs(policy, retryIndex))).toEqual([50, 100, 200, 400, 500, 500]);
    expect(fullJitterDelayMs({ ...policy, random: () => 0 }, 3)).toBe(0);
    expect(fullJitterDelayMs({ ...policy, random: () => 0.9999999 }, 3)).toBe(799);
  });
});

describe("parseRetryAfterMs", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfterMs("0", NOW)).toBe(0);
    expect(parseRetryAfterMs(" 7 ", NOW)).toBe(7000);
  });

  it("reads an HTTP-date relative to now, never negative", () => {
    expect(parseRetryAfterMs("Wed, 21 Oct 2026 07:28:05 GMT", NOW)).toBe(5000);
    expect(parseRetryAfterMs("Wed, 21 Oct 2026 07:27:00 GMT", NOW)).toBe(0);
  });

  it("ignores what it cannot read", () => {
    for (const value of [undefined, "", "soon", "-3", "1.5", "2026-10-21T07:28:05Z"]) expect(parseRetryAfterMs(value, NOW)).toBeUndefined();
  });
});

describe("runWithRetry", () => {
  function policy(overrides: Partial<RetryPolicy> = {}): RetryPolicy & { delays: number[] } {
    const delays: number[] = [];
    let now = NOW;
    return {
      ...DEFAULT_RETRY_POLICY,
      random: () => 0.5,
      now: () => now,
      sleep: async (ms) => {
        delays.push(ms);
        now += ms;
      },
      delays,
      ...overrides,
    };
  }

  it("returns the first result that need not be retried", async () => {
    const retry = policy();
    let calls = 0;
    const outcome = await runWithRetry(async () => ++calls, (result) => ({ retry: result.ok && result.value < 3 }), retry);
    expect(outcome).toEqual({ result: { ok: true, value: 3 }, attempts: 3 });
    expect(retry.delays).toEqual([125, 250]);
  });

  it("stops at maxAttempts and returns the last failure", async () => {
    const retry = policy({ maxAttempts: 2 });
    const outcome = await runWithRetry(
      async ({ attempt }) => {
        throw new Error(`boom ${attempt}`);
      },
      () => ({ retry: true }),
      retry,
    );
    expect(outcome.attempts).toBe(2);
    expect(outcome.result.ok).toBe(false);
    expect(String((outcome.result as { error: unknown }).error)).toBe("Error: boom 2");
    expect(retry.delays).toEqual([125]);
  });

  it("prefers the server's Retry-After to the backoff", async () => {
    const retry = policy({ maxAttempts: 3 });
    await runWithRetry(async () => 0, () => ({ retry: true, retryAfterMs: 1500 }), retry);
    expect(retry.delays).toEqual([1500, 1500]);
  });

  it("passes the remaining budget to each attempt and stops before overrunning it", async () => {
    const retry = policy({ maxAttempts: 10, maxTotalMs: 4000 });
    const remaining: number[] = [];
    const outcome = await runWithRetry(
      async ({ remainingMs }) => {
        remaining.push(remainingMs);
        return 0;
      },
      () => ({ retry: true, retryAfterMs: 1500 }),
      retry,
    );
    expect(remaining).toEqual([4000, 2500, 1000]);
    expect(outcome.attempts).toBe(3);
  });

  it("treats maxAttempts below 1 as one attempt", async () => {
    const outcome = await runWithRetry(async () => 1, () => ({ retry: true }), policy({ maxAttempts: 0 }));
    expect(outcome.attempts).toBe(1);
  });
});
