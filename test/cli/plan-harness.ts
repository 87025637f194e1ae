/** Shared set-up of the plan/push/pull tests: an emulator on 127.0.0.1 port 0, a copy of the sample repository, the built CLI. */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { ALL_SCOPES_TOKEN, startHarness, type Harness } from "../emulator/helpers.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { SEED_IDS } from "../../src/emulator/index.js";

export { ALL_SCOPES_TOKEN };

export const SANDBOX_ID = SEED_IDS.sandboxEnvironment;
export const LIVE_ID = SEED_IDS.liveEnvironment;

export interface Setup {
  harness: Harness;
  repo: TempRepo;
  /** Runs the built CLI in the repository against the emulator, with the all-scopes token in the environment. */
  cli(args: string[], options?: { env?: Record<string, string | undefined>; input?: string; cwd?: string }): Promise<CliRun>;
  close(): Promise<void>;
}

export async function setUp(options: { samples?: boolean } = {}): Promise<Setup> {
  const harness = await startHarness();
  const repo = makeTempRepo(options);
  return {
    harness,
    repo,
    cli(args, runOptions = {}) {
      return runCli(args, {
        cwd: runOptions.cwd ?? repo.dir,
        env: { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN, SCREENPOL_BASE_URL: harness.running.baseUrl, ...runOptions.env },
        input: runOptions.input,
        // plan and push start z3 (the weakening check): a minute per process, as compare's tests give it.
        timeoutMs: 60_000,
      });
    },
    async close() {
      await harness.close();
      repo.remove();
    },
  };
}

/** Revisions of every stored policy, `env/vendor/scope -> revision`, straight from the emulator's store. */
export function revisions(harness: Harness): Record<string, number> {
  const state = harness.emulator.store.state;
  const names = new Map(state.environments.map((environment) => [environment.id, environment.name]));
  const out: Record<string, number> = {};
  for (const policy of state.policies) out[`${names.get(policy.environmentId)}/${policy.providerType}/${policy.scope}`] = policy.revision;
  for (const entries of state.addressEntries) out[`${names.get(entries.environmentId)}/${entries.providerType}/addresses`] = entries.revision;
  return out;
}

/** A loopback proxy in front of the emulator that records each request as `METHOD /path`: the requests on the wire. */
export async function recordRequests(harness: Harness): Promise<{ baseUrl: string; seen: string[]; close(): Promise<void> }> {
  const seen: string[] = [];
  const { createServer } = await import("node:http");
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    harness.emulator.handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v0`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Someone changes one live policy of the `live` environment behind the
 * repository's back: its live content (pulled) is edited with `change` and
 * pushed alone (from a laptop, --allow-weakening); then the repository's
 * policies/live is as it was again.
 */
export async function changeLivePolicy(setup: Setup, file: string, change: (live: string) => string): Promise<void> {
  const folder = join(setup.repo.dir, "policies/live");
  const saved = mkdtempSync(join(tmpdir(), "screenpol-saved-live-"));
  cpSync(folder, saved, { recursive: true });
  try {
    expect((await setup.cli(["pull", "--env", "live", "--force"])).code).toBe(0);
    setup.repo.write(file, change(readFileSync(join(setup.repo.dir, file), "utf8")));
    expect((await setup.cli(["plan", "--env", "live", file, "--out", "changed-live.json"])).code).toBe(0);
    expect((await setup.cli(["push", "--plan", "changed-live.json", "--yes", "--allow-weakening"])).code).toBe(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    cpSync(saved, folder, { recursive: true });
    rmSync(saved, { recursive: true, force: true });
    rmSync(join(setup.repo.dir, "changed-live.json"), { force: true });
  }
}
