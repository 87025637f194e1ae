/**
 * `screenpol init --from-live`, the real CLI against the emulator on loopback:
 * a repository that starts from what the service holds (the config with the
 * real ids and base URL, hook, CI, every environment pulled, no example), a
 * plan that is then empty; and every failure before anything is written, with
 * pull's exit codes (4 remote, 2 usage).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INSTALL_COMMAND } from "../../src/core/install-source.js";
import { git, gitEnv } from "../integrations/support/git.js";
import { LIVE_ID, SANDBOX_ID, setUp, type Setup } from "./plan-harness.js";

/** Every file under `dir` but .git, relative, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile(): boolean }>)
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((path) => !path.startsWith(".git/"))
    .sort();
}

describe("init --from-live", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp({ samples: false });
    git(setup.repo.dir, gitEnv(), "init", "-q");
  });
  afterEach(() => setup.close());

  it("writes the config with the real ids and base URL, the hook, and each environment as pulled, no example; the plan is then empty", async () => {
    const init = await setup.cli(["init", "--from-live", "--env", `live=${LIVE_ID}`, "--kind", "live", "--env", `sandbox=${SANDBOX_ID}`, "--ci", "none"]);
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toBe(
      [
        "created screenpol.config.yaml",
        "created .pre-commit-config.yaml",
        "created .gitignore",
        "",
        "created   policies/live/vendorAWalletScreening/SIGN_IN.yaml      (live revision 12)",
        "created   policies/live/vendorAWalletScreening/TRANSACTION.yaml  (live revision 17)",
        "created   policies/live/vendorAWalletScreening/addresses.yaml    (live revision 5)",
        "created   policies/live/vendorBAddressScreening/SIGN_IN.yaml     (live revision 6)",
        "created   policies/live/vendorBAddressScreening/addresses.yaml   (live revision 3)",
        "",
        "Pulled live: 5 created, 0 updated, 0 unchanged. `screenpol plan --env live` now shows no change.",
        "",
        "created   policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml       (live revision 4)",
        "created   policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml   (live revision 9)",
        "created   policies/sandbox/vendorAWalletScreening/addresses.yaml     (live revision 2)",
        "created   policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml  (live revision 3)",
        "",
        "Pulled sandbox: 4 created, 0 updated, 0 unchanged. `screenpol plan --env sandbox` now shows no change.",
        "",
        "Next:",
        `  1. ${INSTALL_COMMAND}   # the hook and CI run this version`,
        "  2. screenpol plan                     # no change: the files are what is live",
        "  3. pre-commit install                 # lint every commit as staged",
        "",
      ].join("\n"),
    );
    const config = readFileSync(join(setup.repo.dir, "screenpol.config.yaml"), "utf8");
    expect(config).toContain(`baseUrl: ${setup.harness.running.baseUrl}\n`);
    expect(config).toContain(`  live:\n    id: ${LIVE_ID}\n    kind: live\n  sandbox:\n    id: ${SANDBOX_ID}\n    kind: sandbox\n`);
    expect(config).not.toContain("REPLACE");
    for (const path of filesUnder(join(setup.repo.dir, "policies"))) expect(readFileSync(join(setup.repo.dir, "policies", path), "utf8")).not.toMatch(/Example policy|Replace the rules/);

    // The config's base URL, not the variable, from here on.
    const plan = await setup.cli(["plan", "--no-weakening-check", "--detailed-exitcode"], { env: { SCREENPOL_BASE_URL: undefined } });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    const lint = await setup.cli(["lint"]);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
  }, 90_000);

  it("with no --env, pulls the environments of the existing config, replacing init's untouched examples", async () => {
    const init = await setup.cli(["init", "--hooks", "none", "--ci", "none"]);
    expect(init.code).toBe(0);
    const configPath = join(setup.repo.dir, "screenpol.config.yaml");
    writeFileSync(configPath, readFileSync(configPath, "utf8").replace(/id: \S+/, `id: ${SANDBOX_ID}`));
    const fromLive = await setup.cli(["init", "--from-live", "--hooks", "none", "--ci", "none"]);
    expect(fromLive.stderr).toBe("");
    expect(fromLive.code).toBe(0);
    expect(fromLive.stdout).toContain("kept screenpol.config.yaml\nkept .gitignore\n\n");
    expect(fromLive.stdout).toContain("updated   policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml       (live revision 4; it was init's example)\n");
    expect(fromLive.stdout).toContain("removed   policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml  (init's example, nothing live behind it)\n");
  }, 60_000);

  it("a remote failure (an unknown id, a token the service rejects) exits 4 as pull does, and writes nothing", async () => {
    const unknown = "0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f";
    const wrongId = await setup.cli(["init", "--from-live", "--env", `sandbox=${unknown}`]);
    expect(wrongId.code).toBe(4);
    expect(wrongId.stderr.split("\n").filter(Boolean)).toHaveLength(1);
    expect(wrongId.stderr).toBe(`screenpol: GET environment ${unknown}: 404 Not Found [not_found] (the identifier is wrong or belongs to another project)\n`);
    expect(filesUnder(setup.repo.dir)).toEqual([]);

    const rejected = await setup.cli(["init", "--from-live", "--env", `sandbox=${SANDBOX_ID}`], { env: { SCREENPOL_API_TOKEN: "sp_live_not_a_token_of_this_service_0000" } });
    expect(rejected.code).toBe(4);
    expect(rejected.stderr).not.toContain("sp_live_not_a_token_of_this_service_0000");
    expect(filesUnder(setup.repo.dir)).toEqual([]);
  }, 60_000);

  it("refuses what it cannot use before writing anything: exit 2, one line", async () => {
    const cases: Array<[args: string[], message: RegExp]> = [
      [["--from-live"], /^screenpol: init --from-live needs the environments to pull: --env NAME=ID/],
      [["--from-live", "--env", "sandbox"], /^screenpol: init --from-live takes --env NAME=ID \(the environment's id from the dashboard\), not "sandbox"\n$/],
      [["--from-live", "--env", "sandbox=not-an-id"], /^screenpol: --env and --base-url would make an invalid screenpol\.config\.yaml, so nothing was written: screenpol\.config\.yaml:\d+:\d+: environments\.sandbox\.id: /],
      [["--from-live", "--env", `sandbox=${SANDBOX_ID}`, "--base-url", "http://user:secret@127.0.0.1:9/api/v0"], /^screenpol: --env and --base-url would make an invalid .*must not contain credentials/],
      [["--env", `sandbox=${SANDBOX_ID}`], /^screenpol: --env "sandbox=[^"]+": NAME=ID is for init --from-live/],
      [["--base-url", "http://127.0.0.1:9/api/v0"], /^screenpol: --base-url is for init --from-live/],
    ];
    for (const [args, message] of cases) {
      const run = await setup.cli(["init", ...args]);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(run.stderr).not.toContain("secret@");
      expect(filesUnder(setup.repo.dir)).toEqual([]);
    }
    // A pipe where the config would be is not waited on (the rule of every read of the config).
    execFileSync("mkfifo", [join(setup.repo.dir, "screenpol.config.yaml")]);
    const pipe = await setup.cli(["init", "--from-live"]);
    expect(pipe.code).toBe(2);
    expect(pipe.stderr).toMatch(/^screenpol: cannot read .*screenpol\.config\.yaml: is a named pipe \(FIFO\), not a regular file; not read\n$/);
    rmSync(join(setup.repo.dir, "screenpol.config.yaml"));
    // An existing config with --env: which to believe is the user's to say.
    await setup.cli(["init", "--hooks", "none", "--ci", "none"]);
    const both = await setup.cli(["init", "--from-live", "--env", `sandbox=${SANDBOX_ID}`]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^screenpol: screenpol\.config\.yaml already exists in .*: leave out --env to pull the environments it declares, or pass --force to replace it; nothing was written\n$/);
  }, 60_000);
});
