/** Every operation through the real client against the emulator on 127.0.0.1: the success paths. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_IDS } from "../../src/emulator/index.js";
import type { RemoteClient } from "../../src/remote/index.js";
import { startHarness, type Harness } from "./helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const LIVE = SEED_IDS.liveEnvironment;
const NOW = new Date("2026-11-01T12:00:00Z");

let harness: Harness;
let client: RemoteClient;

beforeAll(async () => {
  harness = await startHarness({ clock: () => NOW, seed: { catalogSize: 500 } });
  client = harness.client();
});
afterAll(() => harness.close());

describe("emulator operations, through the client", () => {
  it("reads a seeded policy with its derived addressEntryCount (operation 1)", async () => {
    const policy = await client.getScreeningPolicy(LIVE, "vendorAWalletScreening", "SIGN_IN");
    expect(policy).toMatchObject({ providerType: "vendorAWalletScreening", scope: "SIGN_IN", revision: 12, schemaVersion: 1, enabled: true });
    expect(policy.rules).toHaveProperty("postScreen");
    // live/vendorA entries: two ALL, one TRANSACTION (the SIGN_IN one is not seeded): ALL count for SIGN_IN.
    expect(policy.addressEntryCount).toBe(2);
    const transaction = await client.getScreeningPolicy(LIVE, "vendorAWalletScreening", "TRANSACTION");
    expect(transaction.addressEntryCount).toBe(3);
    expect(JSON.stringify(policy)).not.toMatch(/sanction/i);
  });

  it("creates a policy with revision 0, then updates it with the revision it read (designed edit)", async () => {
    const rules = {
      preScreen: { chains: ["EVM"], includeIndirect: false },
      postScreen: [{ id: "block-severe", when: { riskLevel: { atLeast: "severe" } }, action: "BLOCK" }],
    };
    const created = await client.putScreeningPolicy(SANDBOX, "vendorBAddressScreening", "SIGN_IN", { revision: 0, schemaVersion: 1, rules, enabled: false });
    expect(created).toMatchObject({ revision: 1, enabled: false, rules, updatedAt: "2026-11-01T12:00:00Z" });
    // sandbox/vendorB has no address entries yet.
    expect(created.addressEntryCount).toBe(0);
    const updated = await client.putScreeningPolicy(SANDBOX, "vendorBAddressScreening", "SIGN_IN", { revision: 1, schemaVersion: 1, rules, enabled: true });
    expect(updated.revision).toBe(2);
    expect(await client.getScreeningPolicy(SANDBOX, "vendorBAddressScreening", "SIGN_IN")).toEqual(updated);
  });

  it("reads and replaces address entries, and the policies' counts follow (designed endpoint)", async () => {
    const empty = await client.getAddressEntries(SANDBOX, "vendorBAddressScreening");
    expect(empty).toEqual({ revision: 0, entries: [] });
    const entries = [
      { address: "0x150D480DBA5Fb064079c600B397f22a1445b4dF5", chain: "EVM", action: "ALLOW" as const, scope: "ALL" as const, reason: "market maker, COMP-1207" },
      { address: "0x8ba1f109551bd432803012645ac136ddd64dba72", chain: "EVM", action: "ALLOW" as const, scope: "SIGN_IN" as const, reason: "support wallet", expiresAt: "2027-06-30" },
      { address: "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", chain: "BTC", action: "BLOCK" as const, scope: "TRANSACTION" as const, reason: "expired block", expiresAt: "2026-01-01" },
    ];
    const stored = await client.putAddressEntries(SANDBOX, "vendorBAddressScreening", { revision: 0, entries });
    expect(stored).toEqual({ revision: 1, entries });
    expect(await client.getAddressEntries(SANDBOX, "vendorBAddressScreening")).toEqual(stored);
    // SIGN_IN: the ALL entry and the live SIGN_IN one; the expired TRANSACTION entry counts nowhere.
    expect((await client.getScreeningPolicy(SANDBOX, "vendorBAddressScreening", "SIGN_IN")).addressEntryCount).toBe(2);
    expect((await client.getScreeningPolicy(SANDBOX, "vendorBAddressScreening", "TRANSACTION")).addressEntryCount).toBe(1);
  });

  it("reads the token catalog pages (operation 2)", async () => {
    const first = await client.getTokenCatalogPage();
    if (first.status !== 200) throw new Error("expected a page");
    expect(first.page.tokens).toHaveLength(50);
    expect(first.page.nextCursor).toEqual(expect.any(String));
    expect(first.page.version).toMatch(/^[0-9a-f]{64}$/);
    expect(first.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.page.tokens[0]).toMatchObject({ chain: "EVM", networkId: 1, symbol: "USDC", decimals: 6 });
  });

  it("accepts a pending invite (operation 3) and answers the same status again idempotently", async () => {
    await expect(client.updateInvite(SEED_IDS.pendingInvite, "accepted")).resolves.toBeUndefined();
    await expect(client.updateInvite(SEED_IDS.pendingInvite, "accepted")).resolves.toBeUndefined();
    const state = (await harness.state()) as { invites: Array<{ id: string; status: string; updatedAt: string }> };
    expect(state.invites.find((invite) => invite.id === SEED_IDS.pendingInvite)).toMatchObject({ status: "accepted", updatedAt: "2026-11-01T12:00:00Z" });
  });

  it("rejects the merge-conflict invite without a conflict: only acceptance conflicts", async () => {
    await expect(client.updateInvite(SEED_IDS.mergeConflictInvite, "rejected")).resolves.toBeUndefined();
  });

  it("resets the MFA devices of a user (operation 4)", async () => {
    const { users } = await client.listUsers(SANDBOX, { limit: 1 });
    const userId = users[0]!.id as string;
    await expect(client.resetUserMfa(userId)).resolves.toBeUndefined();
    const state = (await harness.state()) as { users: Array<{ record: { id: string }; _mfaDeviceCount: number }> };
    expect(state.users.find((user) => user.record.id === userId)?._mfaDeviceCount).toBe(0);
    await expect(client.resetUserMfa(userId)).resolves.toBeUndefined();
  });

  it("updates a webhook and returns it with secret, version and timestamps (operation 5)", async () => {
    const webhook = await client.updateWebhook(LIVE, SEED_IDS.liveSnsWebhook, {
      url: "arn:aws:sns:eu-west-1:123456789012:screening-alerts",
      events: ["screening.blocked", "screening.alerted"],
      isEnabled: true,
    });
    expect(webhook).toMatchObject({
      environmentId: LIVE,
      webhookId: SEED_IDS.liveSnsWebhook,
      events: ["screening.blocked", "screening.alerted"],
      isEnabled: true,
      version: "v2",
      createdAt: "2026-04-20T09:05:00Z",
      updatedAt: "2026-11-01T12:00:00Z",
      enabledAt: "2026-11-01T12:00:00Z",
    });
    expect(webhook.secret).toMatch(/^whsec_/);
    const disabled = await client.updateWebhook(LIVE, SEED_IDS.liveSnsWebhook, { url: "https://hooks.example.com/alerts", events: ["user.created"], isEnabled: false });
    expect(disabled.enabledAt).toBeUndefined();
    expect(disabled.secret).toBe(webhook.secret);
  });

  it("reads an environment (operation 6) as the vendor's ProjectEnvironment", async () => {
    const environment = await client.getEnvironment(LIVE);
    expect(environment).toMatchObject({ id: LIVE, createdAt: "2026-04-20T08:00:00Z", settings: { environmentName: "live", general: { displayName: "Acme Wallet" } } });
    expect(Object.keys(environment).sort()).toEqual(["createdAt", "id", "sdkVersion", "settings", "updatedAt"]);
  });

  it("lists users with filtering and pagination (operation 7)", async () => {
    const all = await client.listUsers(SANDBOX, { limit: 100 });
    expect(all.count).toBe(37);
    expect(all.nextOffset).toBeNull();
    const pages = [];
    for await (const page of client.iterateUsers(SANDBOX, { pageSize: 10 })) pages.push(page);
    expect(pages.map((page) => page.users.length)).toEqual([10, 10, 10, 7]);
    expect(pages.flatMap((page) => page.users.map((user) => user.id))).toEqual(all.users.map((user) => user.id));
    const filtered = await client.listUsers(SANDBOX, { filterColumn: "email", filterValue: "OKAFOR" });
    expect(filtered.count).toBeGreaterThan(0);
    expect(filtered.users.every((user) => String(user.email).includes("okafor"))).toBe(true);
    expect(filtered.users.every((user) => user.projectEnvironmentId === SANDBOX)).toBe(true);
  });

  it("reads the enabled onramps with the merchant name appended where supported (operation 8)", async () => {
    const { onramps } = await client.getEnabledOnramps(LIVE, { merchantName: "Acme Shop", walletAddress: "0xabc", currency: "EUR" });
    expect(onramps.map((onramp) => onramp.provider)).toEqual(["banxa", "coinbaseOnramp", "cryptoDotCom"]);
    const [banxa, coinbase] = onramps;
    expect(new URL(banxa!.url!).searchParams.get("merchantName")).toBe("Acme Shop");
    expect(new URL(coinbase!.url!).searchParams.get("merchantName")).toBeNull();
    expect(new URL(coinbase!.url!).searchParams.get("walletAddress")).toBe("0xabc");
    expect(banxa!.qrCode).toBe(banxa!.url);
  });
});
