/**
 * What screenpol says about the credential it sent, as a user reads it: every
 * 401 and 403 names where the token came from (SCREENPOL_API_TOKEN,
 * --token-file, the stored login) and a stored login the API token hides; a
 * 403 names the missing scope and push never advises a retry that would meet
 * the same 403; doctor says what one read verified and what it could not.
 * Real processes against the emulator on 127.0.0.1, the login in a file of the
 * test's own config folder.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SEED_IDS } from "../../src/emulator/index.js";
import { READ_ONLY_TOKEN, startHarness, TEST_POLL_INTERVAL_SECONDS, type Harness } from "../emulator/helpers.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

let harness: Harness;
let repo: TempRepo;
let configHome: string;

beforeEach(async () => {
  harness = await startHarness({ deviceLogin: { approveOnPoll: true, pollIntervalSeconds: TEST_POLL_INTERVAL_SECONDS } });
  repo = makeTempRepo();
  configHome = mkdtempSync(join(tmpdir(), "screenpol-creds-config-"));
});
afterEach(async () => {
  await harness.close();
  repo.remove();
  rmSync(configHome, { recursive: true, force: true });
});

const baseUrl = () => harness.running.baseUrl;
const cli = (args: string[], env: Record<string, string | undefined> = {}): Promise<CliRun> =>
  runCli(args, { cwd: repo.dir, env: { XDG_CONFIG_HOME: configHome, SCREENPOL_CREDENTIAL_STORE: "file", SCREENPOL_BASE_URL: baseUrl(), ...env }, timeoutMs: 60_000 });
const screenpolLines = (text: string) => text.split("\n").filter((line) => line.startsWith("screenpol:"));

describe("a refused credential names its source", () => {
  it("a 401 with SCREENPOL_API_TOKEN names the variable and the fresh stored login it hides", async () => {
    expect((await cli(["login", "--base-url", baseUrl()])).code).toBe(0);
    const plan = await cli(["plan", "--env", "sandbox"], { SCREENPOL_API_TOKEN: "dyn_stale_token_from_a_shell_rc" });
    expect(plan.code).toBe(4);
    expect(screenpolLines(plan.stderr)).toEqual([
      `screenpol: GET environment ${SEED_IDS.sandboxEnvironment}: 401 Unauthorized (the API token from SCREENPOL_API_TOKEN is missing, malformed, invalid or revoked; a stored login for ${baseUrl()} exists but is not used while SCREENPOL_API_TOKEN is set: unset SCREENPOL_API_TOKEN to use it)`,
    ]);
    const doctor = await cli(["doctor", "--env", "sandbox"], { SCREENPOL_API_TOKEN: "dyn_stale_token_from_a_shell_rc" });
    expect(doctor.code).toBe(4);
    expect(doctor.stderr).toBe(
      `screenpol: ✖ sandbox (${SEED_IDS.sandboxEnvironment}): 401 Unauthorized: the API token is missing, malformed, invalid or revoked; check SCREENPOL_API_TOKEN; a stored login for ${baseUrl()} exists but is not used while SCREENPOL_API_TOKEN is set: unset SCREENPOL_API_TOKEN to use it\n`,
    );
  });

  it("a 401 with --token-file and no stored login names the file, and nothing else", async () => {
    const tokenFile = repo.write("../stale-token", "dyn_stale_token_in_a_file\n");
    const run = await cli(["plan", "--env", "sandbox", "--token-file", tokenFile]);
    expect(run.code).toBe(4);
    expect(screenpolLines(run.stderr)).toEqual([
      `screenpol: GET environment ${SEED_IDS.sandboxEnvironment}: 401 Unauthorized (the API token from the token file ${tokenFile} (--token-file) is missing, malformed, invalid or revoked)`,
    ]);
  });

  it("a 403 on a stored login names the login's base URL and the scope it lacks", async () => {
    expect((await cli(["login", "--base-url", baseUrl(), "--scopes", "environment.settings.read"])).code).toBe(0);
    const users = await cli(["users", "list", "--env", "sandbox"]);
    expect(users.code).toBe(4);
    expect(screenpolLines(users.stderr)).toEqual([
      `screenpol: GET users of environment ${SEED_IDS.sandboxEnvironment}: 403 Access Forbidden (your stored login for ${baseUrl()} lacks the scope users.read: run \`screenpol login\` to ask for it (without --scopes it asks for every scope screenpol uses))`,
    ]);
  });
});

describe("screenpol push with a token that may only read", () => {
  it("names the missing scope and its source, and does not advise pushing again as it is", async () => {
    const run = await cli(["push", "--env", "sandbox"], { SCREENPOL_API_TOKEN: READ_ONLY_TOKEN });
    expect(run.code).toBe(4);
    expect(run.stdout).toMatch(/FAILED +sandbox\/\S+ +PUT screening policy \S+: 403 Access Forbidden \(the API token from SCREENPOL_API_TOKEN lacks the scope environment\.settings\.write\)\n/);
    expect(run.stdout).toContain(
      "The service refused the credential, so pushing again with it would fail the same way: fix what the FAILED line says (the credential or its scope), then push again; what was pushed reads as unchanged and is not sent twice.\n",
    );
    expect(run.stdout).not.toContain("Run `screenpol push` again");
  });
});

describe("screenpol doctor", () => {
  it("with a read-only token, says what the read verified and that write access could not be", async () => {
    const run = await cli(["doctor", "--env", "sandbox"], { SCREENPOL_API_TOKEN: READ_ONLY_TOKEN });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `✔ sandbox (${SEED_IDS.sandboxEnvironment}): token accepted, environment found and readable; could not verify write access (push needs it): only a write shows it, and doctor writes nothing\n`,
    );
    expect(run.stdout).not.toContain("correct");
  });
});
