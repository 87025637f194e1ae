/** The state file: written before every acknowledgement, atomically, and restored on restart. */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createEmulator, SEED_IDS } from "../../src/emulator/index.js";
import { rejectionOf, startHarness, tempDir } from "./helpers.js";

const SANDBOX = SEED_IDS.sandboxEnvironment;
const LIVE = SEED_IDS.liveEnvironment;
let temp: ReturnType<typeof tempDir>;
let statePath: string;

beforeEach(() => {
  temp = tempDir();
  statePath = join(temp.dir, "state.json");
});
afterEach(() => temp.remove());

function fileState(): { policies: Array<{ environmentId: string; scope: string; providerType: string; revision: number; enabled: boolean }> } & Record<string, unknown> {
  return JSON.parse(readFileSync(statePath, "utf8"));
}

describe("state file", () => {
  it("is created from the seed on first start, and every write is in it before the response", async () => {
    const harness = await startHarness({ statePath, seed: { catalogSize: 80 } });
    try {
      expect(harness.emulator.seeded).toBe(true);
      expect(fileState()).toMatchObject({ format: "screenpol-emulator-state", version: 1, catalog: { size: 80, upserts: [], removed: [] } });
      const client = harness.client();
      const live = await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN");
      const stored = await client.putScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN", { ...live, enabled: false });
      // Read right after the acknowledgement: already on disk.
      const onDisk = fileState().policies.find((policy) => policy.environmentId === SANDBOX && policy.providerType === "vendorAWalletScreening" && policy.scope === "SIGN_IN");
      expect(onDisk).toMatchObject({ revision: stored.revision, enabled: false });
    } finally {
      await harness.close();
    }
  });

  it("restores everything after a restart: policies, entries, webhooks, invites, MFA, catalog", async () => {
    const first = await startHarness({ statePath, seed: { catalogSize: 120 } });
    let before: Record<string, unknown>;
    let catalogVersion: string;
    try {
      const client = first.client();
      const rules = { preScreen: { chains: ["EVM"] }, postScreen: [{ id: "block-high", when: { riskLevel: { atLeast: "high" } }, action: "BLOCK" }] };
      await client.putScreeningPolicy(LIVE, "vendorBAddressScreening", "TRANSACTION", { revision: 0, schemaVersion: 1, rules, enabled: true });
      await client.putAddressEntries(SANDBOX, "vendorBAddressScreening", {
        revision: 0,
        entries: [{ address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", chain: "SOL", action: "BLOCK", scope: "ALL", reason: "test" }],
      });
      await client.updateWebhook(SANDBOX, SEED_IDS.sandboxWebhook, { url: "https://hooks.example.com/restored", events: ["wallet.linked"], isEnabled: true });
      await client.updateInvite(SEED_IDS.pendingInvite, "rejected");
      const { users } = await client.listUsers(LIVE, { limit: 1 });
      await client.resetUserMfa(users[0]!.id as string);
      const response = await fetch(`${first.running.adminUrl}/catalog`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ upsert: [{ chain: "EVM", contractAddress: "0x00000000000000000000000000000000000000bb", decimals: 6, name: "Restored", networkId: 1, symbol: "RST", tokenId: "restored" }] }),
      });
      catalogVersion = ((await response.json()) as { version: string }).version;
      before = await first.state();
    } finally {
      await first.close();
    }
    const second = await startHarness({ statePath, seed: { catalogSize: 5 } });
    try {
      expect(second.emulator.seeded).toBe(false);
      expect(await second.state()).toEqual(before);
      const page = await second.client().getTokenCatalogPage({ limit: 1 });
      expect(page.status === 200 && page.page.version).toBe(catalogVersion);
      await expect(second.client().getScreeningPolicy(LIVE, "vendorBAddressScreening", "TRANSACTION")).resolves.toMatchObject({ revision: 1 });
    } finally {
      await second.close();
    }
  });

  it("serializes concurrent writers: the file is whole, every acknowledged write is in it", async () => {
    const harness = await startHarness({ statePath });
    try {
      const client = harness.client();
      const writes = Array.from({ length: 40 }, (_, index) =>
        client.updateWebhook(LIVE, index % 2 === 0 ? SEED_IDS.liveWebhook : SEED_IDS.liveSnsWebhook, {
          url: `https://hooks.example.com/concurrent/${index}`,
          events: ["user.created"],
          isEnabled: true,
        }),
      );
      const policyWrites = [];
      for (let revision = 12; revision < 22; revision++) {
        const live = await client.getScreeningPolicy(LIVE, "vendorAWalletScreening", "SIGN_IN");
        policyWrites.push(client.putScreeningPolicy(LIVE, "vendorAWalletScreening", "SIGN_IN", { ...live, revision, enabled: revision % 2 === 0 }));
        await policyWrites.at(-1);
      }
      const acknowledged = await Promise.all(writes);
      await Promise.all(policyWrites);
      // The file is exactly the served state: every acknowledged write, nothing half-written.
      expect(fileState()).toEqual(await harness.state());
      const urls = new Set(acknowledged.map((webhook) => webhook.url));
      const state = fileState() as unknown as { webhooks: Array<{ webhookId: string; url: string }> };
      for (const id of [SEED_IDS.liveWebhook, SEED_IDS.liveSnsWebhook]) expect(urls.has(state.webhooks.find((webhook) => webhook.webhookId === id)!.url)).toBe(true);
      expect(fileState().policies.find((policy) => policy.environmentId === LIVE && policy.scope === "SIGN_IN" && policy.providerType === "vendorAWalletScreening")?.revision).toBe(22);
      // Group commit: fewer file writes than acknowledged writes, never a temporary file left.
      expect(harness.emulator.store.fileWrites).toBeLessThan(51);
      expect(readdirSync(temp.dir)).toEqual(["state.json"]);
    } finally {
      await harness.close();
    }
  });

  it("refuses a corrupt or foreign state file with one line, and leaves it alone", async () => {
    for (const [text, reason] of [
      ["{\"format\": \"screenpol-emulator-state\", \"version\": 1, \"organ", "it is not JSON"],
      ["", "it is empty"],
      ['{"hello": "world"}', '"format" is not "screenpol-emulator-state"'],
      ['{"format": "screenpol-emulator-state", "version": 7}', "version 7 is not supported"],
      ['{"format": "screenpol-emulator-state", "version": 1, "organizations": []}', '"projects" is not a list'],
    ] as const) {
      writeFileSync(statePath, text);
      const error = await rejectionOf(createEmulator({ statePath }));
      expect(error).toMatchObject({ name: "EmulatorError" });
      const message = (error as Error).message;
      expect(message).toContain(reason);
      expect(message).toContain(statePath);
      expect(message).not.toContain("\n");
      expect(readFileSync(statePath, "utf8")).toBe(text);
    }
  });

  it("starts from the seed with reset, replacing the file", async () => {
    writeFileSync(statePath, "not json");
    const emulator = await createEmulator({ statePath, reset: true });
    await emulator.close();
    expect(fileState().format).toBe("screenpol-emulator-state");
  });

  it("removes temporary files a killed emulator left, and keeps nothing in memory mode", async () => {
    writeFileSync(join(temp.dir, ".state.json.999999.3.tmp"), "{half");
    const emulator = await createEmulator({ statePath });
    await emulator.close();
    expect(readdirSync(temp.dir)).toEqual(["state.json"]);
    const memory = await startHarness({});
    try {
      const client = memory.client();
      const live = await client.getScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN");
      await client.putScreeningPolicy(SANDBOX, "vendorAWalletScreening", "SIGN_IN", { ...live, enabled: false });
      expect(memory.emulator.store.fileWrites).toBe(0);
      expect(existsSync(join(process.cwd(), ".screenpol-emulator.json.tmp"))).toBe(false);
    } finally {
      await memory.close();
    }
  });
});
