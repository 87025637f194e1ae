/**
 * The API token never appears anywhere (toolkit.md, Configuration and secrets):
 * failing admin commands are run with tokens that reach the emulator, with and
 * without SCREENPOL_DEBUG=1 (which adds stack traces), from the environment and
 * from --token-file; then everything they printed and every file of the
 * repository is searched for each token value.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CliRun } from "../../helpers/run-cli.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES_TOKEN, REVOKED_TOKEN, SEED_IDS, startAdminHarness, USERS_ONLY_TOKEN, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
let tokenFolder: string;
beforeAll(async () => {
  harness = await startAdminHarness();
  tokenFolder = mkdtempSync(join(tmpdir(), "screenpol-secret-"));
});
afterAll(async () => {
  await harness.close();
  rmSync(tokenFolder, { recursive: true, force: true });
});

/** Every file under `folder`, recursively, as bytes decoded leniently. */
function filesUnder(folder: string): Array<{ path: string; text: string }> {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path).toString("latin1") };
    });
}

describe("the API token never appears in output or files", () => {
  it("is absent from every stream and file of failing commands, with and without SCREENPOL_DEBUG", async () => {
    const tokenFile = join(tokenFolder, "token");
    writeFileSync(tokenFile, `${REVOKED_TOKEN}\n`);
    const scenarios: Array<{ token: string; args: string[]; viaFile?: boolean; code: number }> = [
      // 403: a valid token lacking the scope.
      { token: USERS_ONLY_TOKEN, args: ["doctor"], code: 4 },
      { token: USERS_ONLY_TOKEN, args: ["mfa", "reset", SEED_IDS.sanctionsBlockedUser, "--yes"], code: 4 },
      { token: USERS_ONLY_TOKEN, args: ["webhooks", "push", "--env", "sandbox"], code: 4 },
      { token: USERS_ONLY_TOKEN, args: ["onramps", "--env", "sandbox", "--merchant-name", "x<y"], code: 2 },
      // 401: revoked or unknown, from the environment and from a file.
      { token: REVOKED_TOKEN, args: ["doctor"], code: 4 },
      { token: REVOKED_TOKEN, args: ["users", "list", "--env", "sandbox"], code: 4 },
      { token: REVOKED_TOKEN, args: ["invite", "accept", SEED_IDS.pendingInvite], code: 4 },
      { token: REVOKED_TOKEN, args: ["doctor", "--token-file", tokenFile], viaFile: true, code: 4 },
      // Failures with a token that works: the conflict payload, sanctions.
      { token: ALL_SCOPES_TOKEN, args: ["invite", "accept", SEED_IDS.mergeConflictInvite], code: 4 },
      { token: ALL_SCOPES_TOKEN, args: ["mfa", "reset", SEED_IDS.sanctionsBlockedUser, "--yes"], code: 4 },
    ];
    // Four at a time: bounded by a quarter of their sum, without starving a loaded machine.
    const runs = scenarios.flatMap((scenario) => [undefined, "1"].map((debug) => ({ scenario, debug })));
    const before = harness.requests();
    const outputs: Array<{ label: string; run: CliRun; expected: number }> = [];
    const worker = async (): Promise<void> => {
      for (let next = runs.shift(); next !== undefined; next = runs.shift()) {
        const { scenario, debug } = next;
        const run = await harness.run(scenario.args, { token: scenario.viaFile ? null : scenario.token, env: { SCREENPOL_DEBUG: debug } });
        const label = `${scenario.args.join(" ")}${scenario.viaFile ? " (token file)" : ""}${debug ? " SCREENPOL_DEBUG=1" : ""}`;
        outputs.push({ label, run, expected: scenario.code });
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    for (const { label, run, expected } of outputs) expect(run.code, `${label}: ${run.stderr}`).toBe(expected);
    // Meaningful only if the tokens travelled: every exit 4 here is an answer of the emulator to a request carrying one.
    expect(harness.requests() - before).toBeGreaterThanOrEqual(outputs.filter(({ expected }) => expected === 4).length);
    const tokens = [ALL_SCOPES_TOKEN, USERS_ONLY_TOKEN, REVOKED_TOKEN];
    for (const { label, run } of outputs) {
      for (const token of tokens) {
        expect(run.stdout.includes(token), `${label}: stdout`).toBe(false);
        expect(run.stderr.includes(token), `${label}: stderr`).toBe(false);
      }
    }
    // Every failure said something, and the debug runs printed more than one line somewhere (so stacks were searched too).
    expect(outputs.every(({ run }) => run.stderr.length > 0)).toBe(true);
    expect(outputs.some(({ label, run }) => label.endsWith("SCREENPOL_DEBUG=1") && run.stderr.split("\n").length > 2)).toBe(true);
    for (const file of filesUnder(harness.repo.dir)) {
      for (const token of tokens) expect(file.text.includes(token), file.path).toBe(false);
    }
  });
});
