/** Shared values of the client tests. */
import { createClient, type ClientOptions, type RemoteClient } from "../../src/remote/index.js";

/** A token distinctive enough that finding it in any text is certainly a leak. */
export const TOKEN = "dyn_TESTTOKEN_4f1c9a7e2b8d6053";

export const ENVIRONMENT_ID = "3f0c2b1a-9d8e-4c7b-a6f5-e4d3c2b1a098";
export const WEBHOOK_ID = "0b7e4f6a-2c1d-4e8f-9a3b-5c6d7e8f9a0b";
export const INVITE_ID = "5a6b7c8d-1e2f-4a3b-8c4d-9e0f1a2b3c4d";
export const USER_ID = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";

/** A retry policy for tests: no real waiting, delays recorded. */
export function instantRetry(overrides: Partial<NonNullable<ClientOptions["retry"]>> = {}) {
  const delays: number[] = [];
  return {
    delays,
    retry: {
      maxAttempts: 3,
      sleep: async (ms: number) => {
        delays.push(ms);
      },
      ...overrides,
    },
  };
}

export function clientFor(baseUrl: string, options: Partial<ClientOptions> = {}): RemoteClient {
  return createClient({ baseUrl, token: TOKEN, timeoutMs: 2_000, retry: instantRetry().retry, ...options });
}

export const POLICY = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  revision: 4,
  schemaVersion: 1,
  rules: { preScreen: {}, postScreen: [] },
  addressEntryCount: 2,
  enabled: true,
  updatedAt: "2026-10-01T12:00:00Z",
};

/** Every string an error exposes: message, stack, own string members, and the same down the cause chain. */
export function textsOf(error: unknown): string[] {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    texts.push(current.message, current.stack ?? "");
    for (const value of Object.values(current)) if (typeof value === "string") texts.push(value);
    texts.push(String(current));
    current = current.cause;
  }
  return texts;
}

/** Awaits a promise that must reject and returns the reason. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}
