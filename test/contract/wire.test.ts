/** The wire contract (src/contract/wire.ts) is what both sides use: the emulator's routes are its operations. */
import { describe, expect, it } from "vitest";
import { WIRE_OPERATIONS, wirePath, screeningPolicyPath } from "../../src/contract/wire.js";
import { ROUTES } from "../../src/emulator/index.js";

describe("wire contract", () => {
  it("fills a template with each parameter percent-encoded", () => {
    expect(wirePath("updateWebhook", { environmentId: "a/b", webhookId: "c d" })).toBe("/environments/a%2Fb/webhooks/c%20d");
    expect(screeningPolicyPath("e", "vendorAWalletScreening", "SIGN_IN")).toBe("/environments/e/screeningPolicies/vendorAWalletScreening/SIGN_IN");
    expect(wirePath("getTokenCatalogPage", {})).toBe("/tokenCatalog");
  });

  it("is the emulator's route table: one route per operation, with its method, template and query", () => {
    expect(ROUTES.map((route) => route.operation).sort()).toEqual(Object.keys(WIRE_OPERATIONS).sort());
    for (const route of ROUTES) {
      const operation: { method: string; template: string; query?: readonly string[] } = WIRE_OPERATIONS[route.operation];
      expect({ method: route.method, template: route.template, query: route.query }, route.operation).toEqual({ method: operation.method, template: operation.template, query: operation.query });
    }
  });
});
