/**
 * The response shapes are JSON Schemas (schemas/response-*.schema.json); the
 * readers of remote/response-shapes.ts turn ajv's first error into one line
 * naming the member. For each schema: a valid body passes, and invalid bodies
 * fail with the expected message.
 */
import { describe, expect, it } from "vitest";
import { schemaDocument } from "../../src/core/validate.js";
import {
  readAddressEntries,
  readEnabledOnramps,
  readEnvironment,
  readScreeningPolicy,
  readTokenCatalogPage,
  readUsersResponse,
  readWebhook,
  ShapeError,
} from "../../src/remote/response-shapes.js";
import { PROVIDER_TYPES, SCOPES } from "../../src/remote/types.js";

const ENVIRONMENT_ID = "env-1";
const POLICY = { providerType: "vendorAWalletScreening", scope: "SIGN_IN", revision: 3, schemaVersion: 2, rules: {}, addressEntryCount: 0, enabled: true } as const;
const TOKEN = { chain: "EVM", contractAddress: "0xabc", decimals: 6, name: "USD Coin", networkId: 1, symbol: "USDC", tokenId: "usdc-1" };
const ENTRY = { address: "0xdef", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "sanctioned" };

type Reader = (body: unknown) => unknown;
interface Case {
  schema: string;
  read: Reader;
  valid: unknown;
  invalid: Array<[body: unknown, message: string]>;
}

const CASES: Case[] = [
  {
    schema: "response-screening-policy",
    read: (body) => readScreeningPolicy(body, { providerType: "vendorAWalletScreening", scope: "SIGN_IN" }),
    valid: { ...POLICY, updatedAt: null, extra: 1 },
    invalid: [
      [[], "the body is not a JSON object"],
      [{ ...POLICY, providerType: "sanctions" }, "providerType is not one of vendorAWalletScreening, vendorBAddressScreening"],
      [{ ...POLICY, scope: undefined }, "scope is missing"],
      [{ ...POLICY, revision: -1 }, "revision is not a non-negative integer"],
      [{ ...POLICY, revision: 1.5 }, "revision is not a non-negative integer"],
      [{ ...POLICY, schemaVersion: "2" }, "schemaVersion is not an integer"],
      [{ ...POLICY, schemaVersion: 2 ** 60 }, "schemaVersion is greater than 9007199254740991"],
      [{ ...POLICY, rules: [] }, "rules is not a JSON object"],
      [{ ...POLICY, enabled: "yes" }, "enabled is not a boolean"],
      [{ ...POLICY, updatedAt: 5 }, "updatedAt is neither a string nor null"],
      [{ ...POLICY, scope: "TRANSACTION" }, "scope is TRANSACTION, not the requested SIGN_IN"],
    ],
  },
  {
    schema: "response-token-catalog-page",
    read: readTokenCatalogPage,
    valid: { tokens: [TOKEN, { ...TOKEN, logoURI: "https://x" }], nextCursor: "c2", version: "v1" },
    invalid: [
      [{ tokens: [TOKEN], version: "v" }, "nextCursor is missing"],
      [{ tokens: [TOKEN], nextCursor: "", version: "v" }, "nextCursor is empty"],
      [{ tokens: {}, nextCursor: null, version: "v" }, "tokens is not an array"],
      [{ tokens: [TOKEN, TOKEN, TOKEN, { ...TOKEN, networkId: 1.5 }], nextCursor: null, version: "v" }, "tokens[3].networkId is not an integer"],
      [{ tokens: [{ ...TOKEN, decimals: "6" }], nextCursor: null, version: "v" }, "tokens[0].decimals is not a non-negative integer"],
      [{ tokens: [{ ...TOKEN, symbol: undefined }], nextCursor: null, version: "v" }, "tokens[0].symbol is missing"],
      [{ tokens: [7], nextCursor: null, version: "v" }, "tokens[0] is not a JSON object"],
    ],
  },
  {
    schema: "response-webhook",
    read: readWebhook,
    valid: { webhookId: "w1", url: "https://x", isEnabled: true, events: ["a"], secret: null },
    invalid: [
      ["hook", "the body is not a JSON object"],
      [{ url: 5 }, "url is neither a string nor null"],
      [{ isEnabled: "true" }, "isEnabled is not a boolean"],
      [{ events: ["a", 2] }, "events[1] is not a string"],
    ],
  },
  {
    schema: "response-environment",
    read: (body) => readEnvironment(body, ENVIRONMENT_ID),
    valid: { id: ENVIRONMENT_ID, settings: { a: 1 }, sdkVersion: "1" },
    invalid: [
      [{}, "id is missing"],
      [{ id: ENVIRONMENT_ID, settings: "x" }, "settings is neither a JSON object nor null"],
      [{ id: ENVIRONMENT_ID, createdAt: 1 }, "createdAt is neither a string nor null"],
      [{ id: "other" }, 'id is "other", not the requested environment'],
    ],
  },
  {
    schema: "response-users",
    read: readUsersResponse,
    valid: { users: [{ id: "u1" }], count: 1 },
    invalid: [
      [{ users: [] }, "count is missing"],
      [{ users: [], count: -2 }, "count is not a non-negative integer"],
      [{ users: [null], count: 1 }, "users[0] is not a JSON object"],
    ],
  },
  {
    schema: "response-onramps",
    read: readEnabledOnramps,
    valid: { onramps: [{ provider: "p", name: "n", url: null }] },
    invalid: [
      [{}, "onramps is missing"],
      [{ onramps: [{ provider: 1 }] }, "onramps[0].provider is neither a string nor null"],
    ],
  },
  {
    schema: "response-address-entries",
    read: readAddressEntries,
    valid: { revision: 2, entries: [ENTRY, { ...ENTRY, expiresAt: "2030-01-01", note: "kept" }] },
    invalid: [
      [{ entries: [] }, "revision is missing"],
      [{ revision: 1, entries: [{ ...ENTRY, action: "DENY" }] }, "entries[0].action is not one of ALLOW, BLOCK"],
      [{ revision: 1, entries: [ENTRY, { ...ENTRY, scope: "EVERYWHERE" }] }, "entries[1].scope is not one of ALL, SIGN_IN, TRANSACTION"],
      [{ revision: 1, entries: [{ ...ENTRY, reason: undefined }] }, "entries[0].reason is missing"],
    ],
  },
];

function problemOf(read: Reader, body: unknown): string {
  try {
    read(body);
  } catch (error) {
    if (error instanceof ShapeError) return error.message;
    throw error;
  }
  return "(accepted)";
}

describe("response schemas", () => {
  describe.each(CASES)("$schema", ({ read, valid, invalid }) => {
    it("accepts a valid body", () => {
      expect(problemOf(read, JSON.parse(JSON.stringify(valid)))).toBe("(accepted)");
    });
    it.each(invalid)("refuses %j: %s", (body, message) => {
      expect(problemOf(read, JSON.parse(JSON.stringify(body)))).toBe(message);
    });
  });

  it("a typed resource drops unknown and null members; address entries keep extras", () => {
    expect(readScreeningPolicy({ ...POLICY, updatedAt: null, extra: 1 }, POLICY)).toEqual({ ...POLICY });
    expect(readTokenCatalogPage({ tokens: [{ ...TOKEN, logoURI: null, more: 1 }], nextCursor: null, version: "v" }).tokens).toEqual([TOKEN]);
    expect(readAddressEntries({ revision: 1, entries: [{ ...ENTRY, expiresAt: null, note: "kept" }] }).entries).toEqual([{ ...ENTRY, note: "kept" }]);
  });

  it("name the vendors and scopes the client knows", () => {
    const properties = (schemaDocument("response-screening-policy") as { properties: Record<string, { enum: string[] }> }).properties;
    expect(properties.providerType.enum).toEqual([...PROVIDER_TYPES]);
    expect(properties.scope.enum).toEqual([...SCOPES]);
  });
});
