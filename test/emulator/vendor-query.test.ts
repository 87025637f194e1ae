/**
 * The users and onramps queries in the vendor's wire format (contract/wire.ts;
 * docs/decisions.md, "The vendor's client is the wire format"), through our
 * client and raw, against the emulator on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_IDS } from "../../src/emulator/index.js";
import type { RemoteClient } from "../../src/remote/index.js";
import { rejectionOf, startHarness, type Harness } from "./helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const LIVE = SEED_IDS.liveEnvironment;

let harness: Harness;
let client: RemoteClient;
beforeAll(async () => {
  harness = await startHarness();
  client = harness.client();
});
afterAll(() => harness.close());

describe("users: the vendor's filter[...], orderBy, offset, limit, includeSessions", () => {
  it("a raw filter[filterColumn]/filter[filterValue] query filters (it used to return all 37)", async () => {
    const answer = await harness.raw("GET", `/environments/${SANDBOX}/users?filter%5BfilterColumn%5D=email&filter%5BfilterValue%5D=blocked`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ count: 1, users: [{ id: SEED_IDS.sanctionsBlockedUser }] });
  });

  it("wallet and walletPublicKey match a wallet address, all matches any column", async () => {
    const { users } = await client.listUsers(SANDBOX, { limit: 100 });
    const withWallet = users.find((user) => Array.isArray(user.verifiedCredentials) && user.verifiedCredentials.length > 1)!;
    const address = String((withWallet.verifiedCredentials as Array<{ address?: string }>)[1]!.address);
    for (const filterColumn of ["wallet", "walletPublicKey", "all"]) {
      const page = await client.listUsers(SANDBOX, { filterColumn, filterValue: address.toUpperCase() });
      expect(page.users.map((user) => user.id), filterColumn).toEqual([withWallet.id]);
    }
    const byName = await client.listUsers(SANDBOX, { filterColumn: "all", filterValue: String(withWallet.lastName) });
    expect(byName.users.map((user) => user.id)).toContain(withWallet.id);
  });

  it("filter[chain] keeps users with a wallet on that chain; filter[filterSocialProvider] one with that login", async () => {
    const everyone = await client.listUsers(SANDBOX, { limit: 100 });
    const evm = await harness.raw("GET", `/environments/${SANDBOX}/users?filter%5Bchain%5D=EVM&limit=100`);
    const sol = await harness.raw("GET", `/environments/${SANDBOX}/users?filter%5Bchain%5D=SOL`);
    const google = await harness.raw("GET", `/environments/${SANDBOX}/users?filter%5BfilterSocialProvider%5D=google`);
    const evmCount = (evm.json as { count: number }).count;
    expect(evmCount).toBeGreaterThan(0);
    expect(evmCount).toBeLessThan(everyone.count);
    expect(sol.json).toEqual({ users: [], count: 0 });
    expect(google.json).toEqual({ users: [], count: 0 });
  });

  it("orderBy sorts before paging, ascending by default", async () => {
    const ascending = await client.listUsers(SANDBOX, { orderBy: "firstName", limit: 100 });
    const descending = await client.listUsers(SANDBOX, { orderBy: "firstName:desc", limit: 100 });
    const names = ascending.users.map((user) => String(user.firstName));
    expect(names).toEqual([...names].sort());
    expect(descending.users.map((user) => String(user.firstName))).toEqual([...names].reverse());
    const second = await client.listUsers(SANDBOX, { orderBy: "firstName", offset: 10, limit: 5 });
    expect(second.users.map((user) => user.id)).toEqual(ascending.users.slice(10, 15).map((user) => user.id));
  });

  it("includeSessions=true adds each user's sessions; without it there are none", async () => {
    const plain = await harness.raw("GET", `/environments/${SANDBOX}/users?limit=1`);
    const sessions = await harness.raw("GET", `/environments/${SANDBOX}/users?limit=1&includeSessions=true`);
    const [user] = (plain.json as { users: Array<Record<string, unknown>> }).users;
    expect(user).not.toHaveProperty("sessions");
    expect((sessions.json as { users: unknown[] }).users).toEqual([{ ...user, sessions: [{ id: user!.sessionId, createdAt: user!.lastVisit }] }]);
  });

  it("the client refuses a column, an order or a filter half the vendor's format does not have, before sending", async () => {
    for (const query of [{ filterColumn: "team", filterValue: "x" }, { orderBy: "team" }, { orderBy: "email:up" }, { filterValue: "x" }]) {
      const error = await rejectionOf(client.listUsers(SANDBOX, query));
      expect(error, JSON.stringify(query)).toMatchObject({ name: "UsageError" });
    }
  });
});

describe("onramps: the vendor's tokenAmount and includeDisabled", () => {
  it("includeDisabled=true lists the disabled onramps too; tokenAmount prefills the URLs", async () => {
    const enabled = await client.getEnabledOnramps(SANDBOX, { tokenAmount: 0.5 });
    const every = await client.getEnabledOnramps(SANDBOX, { includeDisabled: true });
    expect(enabled.onramps.map((onramp) => onramp.provider)).toEqual(["banxa", "coinbaseOnramp"]);
    expect(every.onramps.map((onramp) => onramp.provider)).toEqual(["banxa", "coinbaseOnramp", "kraken"]);
    expect(enabled.onramps.every((onramp) => new URL(onramp.url!).searchParams.get("tokenAmount") === "0.5")).toBe(true);
    const off = await client.getEnabledOnramps(LIVE, { includeDisabled: false });
    expect(off.onramps.map((onramp) => onramp.provider)).not.toContain("kraken");
  });

  it("the client refuses a negative or non-finite amount and a non-boolean includeDisabled", async () => {
    for (const [query, message] of [
      [{ tokenAmount: -1 }, "tokenAmount must be a non-negative number, not -1"],
      [{ tokenAmount: Number.NaN }, "tokenAmount must be a non-negative number, not NaN"],
      [{ includeDisabled: "yes" }, "includeDisabled must be true or false"],
    ] as const) {
      const error = await rejectionOf(client.getEnabledOnramps(SANDBOX, query as never));
      expect(error, JSON.stringify(query)).toMatchObject({ name: "UsageError", message });
    }
  });
});

describe("the route table lists each route's query parameters", () => {
  it("GET /__emulator/routes", async () => {
    const routes = ((await (await fetch(`${harness.running.adminUrl}/routes`)).json()) as { routes: Array<{ operation: string; query: string[] }> }).routes;
    const of = (operation: string): string[] | undefined => routes.find((route) => route.operation === operation)?.query;
    expect(of("listUsers")).toEqual([
      "filter[filterColumn]",
      "filter[filterValue]",
      "filter[filterSocialProvider]",
      "filter[chain]",
      "orderBy",
      "offset",
      "limit",
      "includeSessions",
    ]);
    expect(of("getTokenCatalogPage")).toEqual(["limit", "cursor"]);
    expect(of("getEnvironment")).toEqual([]);
  });
});
