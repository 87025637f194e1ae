/**
 * push through the app layer against the emulator on loopback: concurrent
 * pushers, injected faults, lost acknowledgements. Real HTTP, no mocks.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fetchLive, runPlan } from "../../src/app/plan.js";
import { applyPlan, countOutcomes } from "../../src/app/push.js";
import type { EnvironmentConfig } from "../../src/core/config.js";
import { computePlan, type LocalDocument } from "../../src/core/plan/index.js";
import { SEED_IDS } from "../../src/emulator/index.js";
import { startHarness, type Harness } from "../emulator/helpers.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { revisions } from "../cli/plan-harness.js";

const SANDBOX: EnvironmentConfig = { name: "sandbox", id: SEED_IDS.sandboxEnvironment, kind: "sandbox" };

describe("push: concurrent pushers of one policy", () => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await startHarness();
  });
  afterEach(() => harness.close());

  it("20 pushers of different versions: every acknowledged push is a distinct revision, none lost, the last acknowledged write wins", async () => {
    const client = harness.client();
    const seed = await client.getScreeningPolicy(SANDBOX.id, "vendorAWalletScreening", "TRANSACTION");
    const versionOf = (index: number): LocalDocument => {
      const rules = structuredClone(seed.rules) as any;
      rules.preScreen.minAmountUsd = 1000 + index;
      return {
        resource: "policy",
        path: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
        fileSha256: `version-${index}`,
        environment: "sandbox",
        providerType: "vendorAWalletScreening",
        scope: "TRANSACTION",
        data: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: seed.schemaVersion, enabled: seed.enabled, rules },
      };
    };
    const acknowledged: Array<{ pusher: number; revision: number }> = [];
    let conflicts = 0;
    // Round one starts together: every pusher has planned against the same revision before any pushes.
    let planned = 0;
    let release!: () => void;
    const everyonePlanned = new Promise<void>((resolve) => (release = resolve));
    const pusher = async (index: number): Promise<void> => {
      const own = harness.client();
      const document = versionOf(index);
      for (let attempt = 0; attempt < 200; attempt++) {
        // Plan against the live revision as it is now, push, and on a conflict plan again.
        const { records } = await fetchLive(own, [SANDBOX], [document]);
        if (attempt === 0) {
          if (++planned === 20) release();
          await everyonePlanned;
        }
        const plan = computePlan({ environments: [SANDBOX], local: [document], live: records, policiesFolder: "policies" });
        const report = await applyPlan({ client: own, plan });
        const outcome = report.outcomes[0]!;
        if (outcome.status === "pushed") {
          acknowledged.push({ pusher: index, revision: outcome.revision });
          return;
        }
        expect(outcome.status).toBe("conflict");
        conflicts++;
      }
      throw new Error(`pusher ${index} never got its write in`);
    };
    await Promise.all(Array.from({ length: 20 }, (_, index) => pusher(index)));

    expect(acknowledged).toHaveLength(20);
    const revisionsAcknowledged = acknowledged.map((ack) => ack.revision).sort((a, b) => a - b);
    // Distinct, and exactly the 20 revisions after the seed's: one writer per revision, no write unacknowledged.
    expect(revisionsAcknowledged).toEqual(Array.from({ length: 20 }, (_, index) => seed.revision + 1 + index));
    const final = await client.getScreeningPolicy(SANDBOX.id, "vendorAWalletScreening", "TRANSACTION");
    expect(final.revision).toBe(seed.revision + 20);
    const last = acknowledged.find((ack) => ack.revision === final.revision)!;
    expect((final.rules as any).preScreen.minAmountUsd).toBe(1000 + last.pusher);
    // Round one: one winner, nineteen conflicts; each later round at least one more conflict until the last.
    expect(conflicts).toBeGreaterThanOrEqual(19);
  });
});

describe("push: faults", () => {
  let harness: Harness;
  let repo: TempRepo;
  beforeEach(async () => {
    harness = await startHarness();
    repo = makeTempRepo();
  });
  afterEach(async () => {
    await harness.close();
    repo.remove();
  });

  const planNow = async (client = harness.client()) => {
    const run = await runPlan({ cwd: repo.dir, env: {}, client });
    if (run.kind !== "plan") throw new Error("the sample repository has lint errors");
    return run.plan;
  };

  it("rides out 429, 503, dropped connections and lost acknowledgements, and never writes a revision twice", async () => {
    const seed = revisions(harness);
    const plan = await planNow();
    for (const spec of [
      { route: "PUT /environments/{environmentId}/screeningPolicies/{providerType}/{scope}", kind: "503" as const, count: 2, retryAfter: 0 },
      { route: "PUT /environments/{environmentId}/screeningPolicies/{providerType}/{scope}", kind: "429" as const, count: 1, retryAfter: 0 },
      { route: "PUT /environments/{environmentId}/screeningPolicies/{providerType}/{scope}", kind: "drop" as const, count: 1 },
      // Applied, then the connection dies before the answer: the retry meets 409 and must recognise its own write.
      { route: "PUT /environments/{environmentId}/screeningPolicies/{providerType}/{scope}", kind: "drop-after" as const, count: 2 },
      { route: "PUT /environments/{environmentId}/screeningAddressEntries/{providerType}", kind: "drop-after" as const, count: 1 },
    ]) {
      await harness.addFault(spec);
    }
    const client = harness.client({ retry: { maxAttempts: 6, sleep: async () => undefined } });
    const report = await applyPlan({ client, plan });
    const counts = countOutcomes(report);
    expect(counts.failed + counts.conflict + counts["not-attempted"]).toBe(0);
    expect(counts.pushed + counts.unchanged).toBe(12);
    const lostAcks = report.outcomes.filter((outcome) => outcome.status === "unchanged" && outcome.note?.includes("answer was lost"));
    expect(lostAcks).toHaveLength(3);

    // Every changed policy moved exactly one revision (two for none), every created one is at 1.
    const after = revisions(harness);
    for (const entry of plan.entries) {
      const key = `${entry.environment}/${entry.providerType}/${entry.resource === "policy" ? entry.scope : "addresses"}`;
      if (entry.kind === "update") expect(after[key], key).toBe(seed[key]! + 1);
      if (entry.kind === "create") expect(after[key], key).toBe(1);
      if (entry.kind === "unchanged") expect(after[key], key).toBe(seed[key]);
    }
    const again = await planNow();
    expect(again.entries.every((entry) => entry.kind === "unchanged")).toBe(true);
  });

  it("reports exactly which policies were not pushed when one keeps failing, and a re-run converges", async () => {
    const seed = revisions(harness);
    const plan = await planNow();
    const failing = `PUT /environments/${SEED_IDS.sandboxEnvironment}/screeningPolicies/vendorBAddressScreening/SIGN_IN`;
    await harness.addFault({ route: failing, kind: "503", count: "always", retryAfter: 0 });
    const client = harness.client({ retry: { maxAttempts: 3, sleep: async () => undefined } });
    const report = await applyPlan({ client, plan, concurrency: 1 });

    const byStatus = (status: string) => report.outcomes.filter((outcome) => outcome.status === status).map((outcome) => outcome.entry.path);
    expect(byStatus("failed")).toEqual(["policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"]);
    const failed = report.outcomes.find((outcome) => outcome.status === "failed");
    expect(failed?.status === "failed" && failed.error).toMatch(/503 Service Unavailable.*gave up after 3 attempts/);
    // One at a time, in plan order: the change before it went through, the ones after it were not attempted.
    expect(byStatus("pushed")).toEqual(["policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml"]);
    expect(byStatus("not-attempted")).toEqual([
      "policies/sandbox/vendorBAddressScreening/addresses.yaml",
      "policies/live/vendorAWalletScreening/TRANSACTION.yaml",
      "policies/live/vendorAWalletScreening/addresses.yaml",
      "policies/live/vendorBAddressScreening/SIGN_IN.yaml",
      "policies/live/vendorBAddressScreening/TRANSACTION.yaml",
    ]);
    // The report is the truth: only the pushed one moved.
    const middle = revisions(harness);
    expect(middle["sandbox/vendorAWalletScreening/TRANSACTION"]).toBe(seed["sandbox/vendorAWalletScreening/TRANSACTION"]! + 1);
    for (const key of Object.keys(seed)) if (key !== "sandbox/vendorAWalletScreening/TRANSACTION") expect(middle[key], key).toBe(seed[key]);
    expect(middle["sandbox/vendorBAddressScreening/SIGN_IN"]).toBeUndefined();

    // The service recovers; re-running (plan, push) converges, and nothing is written twice.
    const faults = await fetch(`${harness.running.adminUrl}/faults`, { method: "DELETE" });
    expect(faults.status).toBe(204);
    const rerun = await applyPlan({ client, plan: await planNow() });
    expect(countOutcomes(rerun)).toMatchObject({ pushed: 6, failed: 0, conflict: 0 });
    const final = revisions(harness);
    expect(final["sandbox/vendorAWalletScreening/TRANSACTION"]).toBe(seed["sandbox/vendorAWalletScreening/TRANSACTION"]! + 1);
    expect(final["sandbox/vendorBAddressScreening/SIGN_IN"]).toBe(1);
    expect(final["live/vendorAWalletScreening/TRANSACTION"]).toBe(seed["live/vendorAWalletScreening/TRANSACTION"]! + 1);
    expect((await planNow()).entries.every((entry) => entry.kind === "unchanged")).toBe(true);
  });

  it("re-pushing an applied plan is idempotent: everything reads as unchanged, no revision moves", async () => {
    const plan = await planNow();
    const client = harness.client();
    expect(countOutcomes(await applyPlan({ client, plan }))).toMatchObject({ pushed: 7, unchanged: 5 });
    const after = revisions(harness);
    const replay = await applyPlan({ client, plan });
    expect(countOutcomes(replay)).toMatchObject({ pushed: 0, unchanged: 12, conflict: 0 });
    expect(revisions(harness)).toEqual(after);
  });
});
