/**
 * What `screenpol demo` (and `npm start`) needs besides the ordinary use cases:
 * the emulator, in this process, on a free loopback port, with its state in
 * memory, and a client holding its seeded all-scopes token. The token is a
 * local test credential; it is never printed.
 */
import { packageRoot } from "../workspace/package-root.js";
import { createEmulator, SEED_IDS, SEED_TOKENS } from "../emulator/index.js";
import { createClient, type RemoteClient } from "../remote/index.js";
import type { Scope, Vendor } from "../core/vendors.js";
import hotfix from "./demo-hotfix.json" with { type: "json" };

export interface DemoService {
  baseUrl: string;
  client: RemoteClient;
  close(): Promise<void>;
}

export async function startDemoService(): Promise<DemoService> {
  const emulator = await createEmulator({});
  const running = await emulator.listen(0, "127.0.0.1");
  const token = SEED_TOKENS.find((grant) => grant.scopes.includes("environment.settings.write"))?.token ?? SEED_TOKENS[0]!.token;
  const client = createClient({ baseUrl: running.baseUrl, token });
  return {
    baseUrl: running.baseUrl,
    client,
    async close() {
      await client.close();
      await running.close();
      await emulator.close();
    },
  };
}

/** What {@link applyDashboardHotfix} changed, for the demo to say. */
export interface DashboardHotfix {
  name: string;
  ruleId: string;
  revision: number;
}

/**
 * A change made live behind the files' back, as someone would in the
 * dashboard: demo-hotfix.json's rule put first in the live policy, through
 * the admin API (a PUT with the live revision). The files lack the rule, so
 * the plan that follows shows pushing them as a weakening of `live`, which
 * push refuses without --allow-weakening.
 */
export async function applyDashboardHotfix(client: RemoteClient): Promise<DashboardHotfix> {
  const providerType = hotfix.providerType as Vendor;
  const scope = hotfix.scope as Scope;
  // The demo's config names the seeded live environment (the emulator's seed matches screenpol.config.yaml).
  const live = await client.getScreeningPolicy(SEED_IDS.liveEnvironment, providerType, scope);
  const rules = structuredClone(live.rules) as { postScreen?: unknown[] };
  rules.postScreen = [hotfix.rule, ...(rules.postScreen ?? [])];
  const stored = await client.putScreeningPolicy(SEED_IDS.liveEnvironment, providerType, scope, {
    revision: live.revision,
    schemaVersion: live.schemaVersion,
    rules,
    enabled: live.enabled,
  });
  return { name: `${hotfix.environment}/${providerType}/${scope}`, ruleId: hotfix.rule.id, revision: stored.revision };
}

/** The folder the demo runs in: the sample repository the package ships, or `cwd` when screenpol runs from somewhere without one. */
export function demoRepository(cwd: string): string {
  return packageRoot() ?? cwd;
}
