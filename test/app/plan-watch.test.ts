/** watch --plan: re-lint and re-plan on every save against the live copy read once, over real HTTP. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWatchPlan, type WatchPlanUpdate } from "../../src/app/watch-plan.js";
import type { WatchHandle } from "../../src/app/watch.js";
import { setUp, type Setup } from "../cli/plan-harness.js";

const FILE = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";

describe("watch --plan", () => {
  let setup: Setup;
  let handle: WatchHandle | undefined;
  const updates: WatchPlanUpdate[] = [];
  const requests: string[] = [];

  beforeEach(async () => {
    setup = await setUp();
    updates.length = 0;
    requests.length = 0;
  });
  afterEach(async () => {
    await handle?.close();
    await setup.close();
  });

  async function next(predicate: (update: WatchPlanUpdate) => boolean, timeoutMs = 8_000): Promise<WatchPlanUpdate> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = updates.find(predicate);
      if (found) {
        updates.splice(0, updates.indexOf(found) + 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no matching update within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("re-plans on every save against the live copy read once; no plan while the files have errors", async () => {
    const client = setup.harness.client();
    const counted = new Proxy(client, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? (...args: unknown[]) => (requests.push(String(property)), value.apply(target, args)) : value;
      },
    });
    handle = await startWatchPlan({ cwd: setup.repo.dir, env: {}, environments: ["sandbox"], client: counted, onUpdate: (update) => updates.push(update), onError: (error) => { throw error; } });
    await handle.ready;
    const first = await next((update) => update.plan !== undefined);
    expect(first.plan!.entries.filter((entry) => entry.kind === "update" || entry.kind === "create")).toHaveLength(3);
    const readsAtStart = requests.length;
    expect(readsAtStart).toBe(1 + 4 + 2);

    const path = join(setup.repo.dir, FILE);
    const original = readFileSync(path, "utf8");
    writeFileSync(path, original.replace("riskScore: { gte: 9 }", "riskScore: { gte: 7 }"));
    const edited = await next((update) => update.changed.includes(FILE) && update.plan !== undefined);
    const entry = edited.plan!.entries.find((candidate) => candidate.path === FILE)!;
    expect(entry.kind).toBe("update");
    expect(entry.diff).toContain("-        riskScore: { gte: 9 }\n+        riskScore: { gte: 7 }");

    writeFileSync(path, original.replace("riskScore: { gte: 9 }", "riskLevel: { atLeast: high }"));
    const broken = await next((update) => update.changed.includes(FILE) && update.lint.diagnostics.some((d) => d.code === "cross-vendor-field"));
    expect(broken.plan).toBeUndefined();

    writeFileSync(path, original);
    const restored = await next((update) => update.changed.includes(FILE) && update.plan !== undefined);
    expect(restored.plan!.entries.find((candidate) => candidate.path === FILE)!.kind).toBe("unchanged");
    // Every save was planned without another request.
    expect(requests.length).toBe(readsAtStart);
  });
});
