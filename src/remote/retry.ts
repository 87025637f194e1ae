/**
 * Retries with exponential backoff and full jitter, honouring `Retry-After`,
 * bounded in attempts and in total time (toolkit.md, Remote behaviour; admin-api.md,
 * Errors: 429 and 5xx "retry with exponential backoff and jitter").
 *
 * What is retried is the caller's decision (client.ts): 429, 500, 502, 503, 504
 * and connection-level failures, for operations that are safe to replay. Every
 * operation of admin-api.md is a GET, a PUT or a DELETE, idempotent by HTTP
 * semantics. The revision-guarded PUTs are the delicate case: a replay after a
 * success whose response was lost cannot write twice, it gets 409
 * `revision_mismatch`, and the caller sees `attempts > 1` on that error.
 */
import { setTimeout as delay } from "node:timers/promises";

/** How retries are paced and bounded. Every member has a default ({@link DEFAULT_RETRY_POLICY}). */
export interface RetryPolicy {
  /** Requests in all, the first included. */
  maxAttempts: number;
  /** Backoff base: the first retry waits up to this long. */
  baseDelayMs: number;
  /** Backoff cap: no computed wait exceeds it. */
  maxDelayMs: number;
  /** Budget for the whole call, waits and attempts included; a wait that would overrun it ends the retrying. */
  maxTotalMs: number;
  /** Uniform in [0, 1), as Math.random; injectable so tests can check the jitter bounds. */
  random: () => number;
  /** Waits `ms` milliseconds; injectable so tests need not wait. */
  sleep: (ms: number) => Promise<void>;
  /** Milliseconds since the epoch, as Date.now; injectable with `sleep`. */
  now: () => number;
}

/**
 * Defaults: 5 attempts within 30 s, waits of up to 0.25 s, 0.5 s, 1 s, 2 s between
 * them (cap 8 s). Short enough that an interactive `plan` gives up in seconds,
 * long enough to ride out a rolling restart.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  maxTotalMs: 30_000,
  random: Math.random,
  sleep: (ms) => delay(ms),
  now: Date.now,
};

/**
 * Full jitter (the AWS architecture blog's variant): a uniform wait in
 * [0, min(cap, base * 2^retryIndex)), `retryIndex` 0 for the first retry.
 */
export function fullJitterDelayMs(policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">, retryIndex: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.floor(policy.random() * ceiling);
}

/**
 * Parses `Retry-After` (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date.
 * Returns milliseconds to wait, 0 for a date in the past, or undefined when the
 * header is absent or unreadable (the backoff then applies).
 */
export function parseRetryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // HTTP-date always names a weekday and GMT; Date.parse alone accepts too much.
  if (!/GMT$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** What the caller concludes from one attempt. */
export type AttemptVerdict =
  | { retry: false }
  | {
      retry: true;
      /** Wait the server asked for (`Retry-After`), in place of the backoff. */
      retryAfterMs?: number | undefined;
    };

/** One attempt's context: its 1-based number and the time left in the budget. */
export interface AttemptContext {
  attempt: number;
  remainingMs: number;
}

/** The last attempt's settled result, with the count of attempts made. */
export interface RetryOutcome<T> {
  result: { ok: true; value: T } | { ok: false; error: unknown };
  attempts: number;
}

/**
 * Runs `attempt` until `judge` says not to retry, the attempts are used up, or the
 * next wait would overrun the time budget; returns the last result either way.
 * A `Retry-After` wait is honoured exactly (never shortened, since retrying early
 * only earns another 429); one that does not fit in the remaining budget ends the
 * retrying at once instead of sleeping in vain.
 */
export async function runWithRetry<T>(
  attempt: (context: AttemptContext) => Promise<T>,
  judge: (result: RetryOutcome<T>["result"]) => AttemptVerdict,
  policy: RetryPolicy,
): Promise<RetryOutcome<T>> {
  const startedAt = policy.now();
  const maxAttempts = Math.max(1, Math.floor(policy.maxAttempts));
  for (let attemptNumber = 1; ; attemptNumber++) {
    const remainingMs = Math.max(0, policy.maxTotalMs - (policy.now() - startedAt));
    let result: RetryOutcome<T>["result"];
    try {
      result = { ok: true, value: await attempt({ attempt: attemptNumber, remainingMs }) };
    } catch (error) {
      result = { ok: false, error };
    }
    const verdict = judge(result);
    if (!verdict.retry || attemptNumber >= maxAttempts) return { result, attempts: attemptNumber };
    const waitMs = verdict.retryAfterMs ?? fullJitterDelayMs(policy, attemptNumber - 1);
    const elapsedMs = policy.now() - startedAt;
    if (elapsedMs + waitMs >= policy.maxTotalMs) return { result, attempts: attemptNumber };
    await policy.sleep(waitMs);
  }
}
