/** The seed matches the sample repository, so the demo works without editing anything. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { lintText } from "../../src/core/lint.js";
import { toConfig } from "../../src/core/config.js";
import { createEmulator, SEED_IDS, SEED_TOKENS } from "../../src/emulator/index.js";
import { readSeed } from "../../src/emulator/seed-policies.js";
import seedFile from "../../src/emulator/seed/policies.json" with { type: "json" };
import { PROJECT_ROOT } from "../helpers/run-cli.js";

const config = toConfig(parse(readFileSync(join(PROJECT_ROOT, "screenpol.config.yaml"), "utf8")));

function repositoryFile(path: string): Record<string, unknown> {
  return parse(readFileSync(join(PROJECT_ROOT, path), "utf8")) as Record<string, unknown>;
}

describe("seed", async () => {
  const emulator = await createEmulator({});
  const state = emulator.store.state;
  const idOf = (name: string) => config.environments.find((environment) => environment.name === name)!.id;

  it("has the environments of screenpol.config.yaml, with the same ids, names and kinds, in the tokens' project", () => {
    expect(config.environments.length).toBeGreaterThan(0);
    for (const environment of config.environments) {
      expect(state.environments).toContainEqual(expect.objectContaining({ id: environment.id, name: environment.name, kind: environment.kind, projectId: SEED_IDS.project }));
    }
    expect(SEED_TOKENS.every((token) => token.projectId === SEED_IDS.project)).toBe(true);
    expect(state.environments.find((environment) => environment.id === SEED_IDS.foreignEnvironment)?.projectId).toBe(SEED_IDS.foreignProject);
  });

  it("has the webhooks of webhooks/*.yaml, by id, in their environments", () => {
    for (const file of readdirSync(join(PROJECT_ROOT, "webhooks"))) {
      const environmentId = idOf(file.replace(/\.ya?ml$/, ""));
      for (const webhook of repositoryFile(`webhooks/${file}`).webhooks as Array<{ webhookId: string }>) {
        expect(state.webhooks).toContainEqual(expect.objectContaining({ environmentId, webhookId: webhook.webhookId }));
      }
    }
  });

  it("catalogs every token the sample policies reference", () => {
    const catalog = emulator.store.catalog().index();
    let references = 0;
    for (const environment of config.environments) {
      for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"]) {
        const policy = repositoryFile(`policies/${environment.name}/${vendor}/TRANSACTION.yaml`);
        const tokens = (policy.rules as { preScreen: { tokens?: Array<{ chain: string; networkId: number; contractAddress: string }> } }).preScreen.tokens ?? [];
        for (const token of tokens) {
          references++;
          expect(catalog.has(token.chain, token.networkId, token.contractAddress), JSON.stringify(token)).toBe(true);
        }
      }
    }
    expect(references).toBeGreaterThan(0);
    expect(emulator.store.catalog().tokens).toHaveLength(3000);
  });

  it("holds live policies and entries that pass the linter, some differing from policies/ and some absent", () => {
    let same = 0;
    let different = 0;
    let absent = 0;
    for (const environment of config.environments) {
      for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"] as const) {
        for (const scope of ["SIGN_IN", "TRANSACTION"] as const) {
          const file = `policies/${environment.name}/${vendor}/${scope}.yaml`;
          const stored = state.policies.find((policy) => policy.environmentId === environment.id && policy.providerType === vendor && policy.scope === scope);
          if (!stored) {
            absent++;
            continue;
          }
          const { environmentId: _e, revision: _r, updatedAt: _u, ...body } = stored;
          const diagnostics = lintText(file, JSON.stringify(body), { config });
          expect(diagnostics.filter((diagnostic) => diagnostic.severity === "error"), file).toEqual([]);
          const local = repositoryFile(file);
          const pick = ({ schemaVersion, enabled, rules }: Record<string, unknown>) => ({ schemaVersion, enabled, rules });
          if (isDeepStrictEqual(pick(local), pick(stored))) same++;
          else different++;
        }
        const entries = state.addressEntries.find((candidate) => candidate.environmentId === environment.id && candidate.providerType === vendor);
        if (entries) {
          const file = `policies/${environment.name}/${vendor}/addresses.yaml`;
          const diagnostics = lintText(file, JSON.stringify({ providerType: vendor, entries: entries.entries }), { config });
          expect(diagnostics.filter((diagnostic) => diagnostic.severity === "error"), file).toEqual([]);
        }
      }
    }
    expect({ same: same > 0, different: different > 0, absent: absent > 0 }).toEqual({ same: true, different: true, absent: true });
  });

  it("has users in every environment, one of them sanctions-blocked, and the documented invites", () => {
    const count = (id: string) => state.users.filter((user) => user.record.projectEnvironmentId === id).length;
    expect(count(SEED_IDS.sandboxEnvironment)).toBeGreaterThanOrEqual(30);
    expect(count(SEED_IDS.liveEnvironment)).toBeGreaterThanOrEqual(20);
    expect(state.users.find((user) => user.record.id === SEED_IDS.sanctionsBlockedUser)?._sanctionsBlocked).toBe(true);
    expect(state.invites.map((invite) => invite._outcome)).toEqual(expect.arrayContaining(["ok", "mergeConflict", "sanctionsBlocked"]));
  });

  it("is the same on every start", async () => {
    const again = await createEmulator({});
    expect(again.store.snapshot()).toEqual(emulator.store.snapshot());
  });

  describe("seed/policies.json", () => {
    const document = structuredClone(seedFile) as unknown as {
      notSeeded: string[];
      policies: Array<Record<string, unknown>>;
      addressEntries: Array<Record<string, unknown>>;
    };
    const environments = state.environments;

    it("equals policies/ record by record, except where a record says how it differs; what it does not seed, it lists", () => {
      const seeded = new Set<string>();
      const compare = (identity: string, record: Record<string, unknown>, members: readonly string[]) => {
        seeded.add(identity);
        const local = repositoryFile(`policies/${identity}.yaml`);
        const pick = (value: Record<string, unknown>) => Object.fromEntries(members.map((member) => [member, value[member]]));
        const note = record.differsFromRepository;
        expect(isDeepStrictEqual(pick(local), pick(record)), `${identity}: ${note === undefined ? "must equal the file" : `must differ: ${String(note)}`}`).toBe(note === undefined);
      };
      for (const policy of document.policies) {
        compare(`${String(policy.environment)}/${String(policy.providerType)}/${String(policy.scope)}`, policy, ["providerType", "scope", "schemaVersion", "enabled", "rules"]);
      }
      for (const entries of document.addressEntries) {
        compare(`${String(entries.environment)}/${String(entries.providerType)}/addresses`, entries, ["providerType", "entries"]);
      }
      const files = config.environments.flatMap((environment) =>
        readdirSync(join(PROJECT_ROOT, "policies", environment.name)).flatMap((vendor) =>
          readdirSync(join(PROJECT_ROOT, "policies", environment.name, vendor)).map((file) => `${environment.name}/${vendor}/${file.replace(/\.yaml$/, "")}`),
        ),
      );
      expect(files.length).toBe(12);
      expect(files.filter((identity) => !seeded.has(identity)).sort()).toEqual([...document.notSeeded].sort());
      // The demo shows updates and creates: some records differ, some are absent.
      expect(document.policies.some((policy) => policy.differsFromRepository !== undefined)).toBe(true);
      expect(document.notSeeded.length).toBeGreaterThan(0);
    });

    it("is what the emulator serves, ids and revisions included", () => {
      const { policies, addressEntries } = readSeed(document, environments);
      expect(state.policies).toEqual(policies);
      expect(state.addressEntries).toEqual(addressEntries);
    });

    it("is validated when read: shape, environment, duplicates and content by the linter, naming the record", () => {
      const broken = (change: (copy: typeof document) => void): unknown => {
        const copy = structuredClone(document);
        change(copy);
        return copy;
      };
      expect(() => readSeed(broken((copy) => (copy.policies[1]!.environment = "staging")), environments)).toThrow(
        /policies\.json: policies\[1\] \(staging\/vendorAWalletScreening\/TRANSACTION\): environment "staging" is not one of the seeded environments/,
      );
      expect(() => readSeed(broken((copy) => copy.policies.push(copy.policies[0]!)), environments)).toThrow(/is seeded twice/);
      expect(() => readSeed(broken((copy) => (copy.policies[0]!.revision = 0)), environments)).toThrow(/revision is not a positive safe integer/);
      expect(() => readSeed(broken((copy) => ((copy.policies[0]!.rules as Record<string, unknown>).sanctionsFloor = { action: "ALLOW" })), environments)).toThrow(
        /policies\[0\] \(sandbox\/vendorAWalletScreening\/SIGN_IN\): .*\(/,
      );
      expect(() => readSeed(broken((copy) => (copy.addressEntries[0]!.entries = [{ address: "0x1", chain: "EVM" }])), environments)).toThrow(/addressEntries\[0\]/);
      expect(() => readSeed(broken((copy) => (copy.notSeeded = ["sandbox/vendorAWalletScreening/SIGN_IN"])), environments)).toThrow(/notSeeded: .* is seeded/);
      expect(() => readSeed(broken((copy) => Object.assign(copy, { webhooks: [] })), environments)).toThrow(/webhooks: not a member of a seed/);
    });
  });
});
