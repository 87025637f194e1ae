/**
 * Shared set-up of the admin command tests: an in-process emulator on
 * 127.0.0.1 port 0, a temp copy of the sample repository, and the built CLI
 * run as a process against both (`--base-url`, SCREENPOL_API_TOKEN).
 *
 * Every request that reaches an API route is counted by a no-op fault (a delay
 * of 0 ms on every route, `always`), so a test can assert that a command sent
 * nothing at all.
 */
import { createEmulator, SEED_IDS, SEED_TOKENS, type Emulator, type RunningEmulator } from "../../../src/emulator/index.js";
import { runCli, type CliRun } from "../../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../../helpers/temp-repo.js";

export { SEED_IDS };

/** Every scope: the emulator's first seeded token. */
export const ALL_SCOPES_TOKEN = SEED_TOKENS[0]!.token;
/** A valid token whose only scope does not allow reading an environment (403 on operation 6). */
export const USERS_ONLY_TOKEN = "dyn_test_users_read_only_4c81e07b2a9d53f6";
/** A token the emulator does not know: invalid or revoked (401). */
export const REVOKED_TOKEN = "dyn_test_revoked_token_9e3b27c15d0f4a68";

export interface AdminHarness {
  emulator: Emulator;
  running: RunningEmulator;
  repo: TempRepo;
  /** Runs the built CLI in the temp repository against the emulator; `token: null` sends none. */
  run(args: string[], options?: { token?: string | null; env?: Record<string, string | undefined>; input?: string; baseUrl?: string | null; cwd?: string }): Promise<CliRun>;
  /** API requests the emulator received so far (every route, any outcome). */
  requests(): number;
  close(): Promise<void>;
}

export async function startAdminHarness(): Promise<AdminHarness> {
  const emulator = await createEmulator({ tokens: [{ token: USERS_ONLY_TOKEN, scopes: ["users.read"] }] });
  const probe = emulator.faults.add({ route: "*", kind: "delay", delayMs: 0, count: "always" });
  const running = await emulator.listen(0);
  const repo = makeTempRepo();
  return {
    emulator,
    running,
    repo,
    run(args, options = {}) {
      const token = options.token === undefined ? ALL_SCOPES_TOKEN : options.token;
      const baseUrl = options.baseUrl === undefined ? running.baseUrl : options.baseUrl;
      return runCli([...args, ...(baseUrl === null ? [] : ["--base-url", baseUrl])], {
        cwd: options.cwd ?? repo.dir,
        env: { SCREENPOL_API_TOKEN: token ?? undefined, SCREENPOL_DEBUG: undefined, ...options.env },
        input: options.input,
      });
    },
    requests() {
      return emulator.faults.list().find((fault) => fault.id === probe.id)?.fired ?? 0;
    },
    async close() {
      await running.close();
      await emulator.close();
      repo.remove();
    },
  };
}

/** The lines of a stream, without the trailing empty one. */
export function lines(text: string): string[] {
  return text.split("\n").filter((line, index, all) => !(line === "" && index === all.length - 1));
}
