/**
 * `screenpol init` then `screenpol pull`, the real CLI against the emulator on
 * loopback: init's untouched example policies are nobody's work, so pull
 * replaces them with the live copies (none of the example's comments kept) and
 * removes the one with nothing live behind it, and the plan that follows is
 * empty; an example someone edited is protected as any file is, and when Git
 * holds it, pull keeps the author's comments but never the example's header.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git, gitEnv } from "../integrations/support/git.js";
import { SANDBOX_ID, setUp, type Setup } from "./plan-harness.js";

const SIGN_IN = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
/** Not live in the emulator's sandbox: init's example there has nothing behind it. */
const NOT_LIVE = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";
const EXAMPLE_WORDS = /Example policy|Replace the rules/;

describe("pull over init's example policies", () => {
  let setup: Setup;
  let env: NodeJS.ProcessEnv;
  beforeEach(async () => {
    setup = await setUp({ samples: false });
    env = gitEnv();
    git(setup.repo.dir, env, "init", "-q");
    const init = await setup.cli(["init", "--hooks", "none", "--ci", "none"]);
    expect(init.code, init.stderr).toBe(0);
    // The one step init leaves to the user: the environment's real id.
    const config = join(setup.repo.dir, "screenpol.config.yaml");
    writeFileSync(config, readFileSync(config, "utf8").replace(/id: \S+/, `id: ${SANDBOX_ID}`));
  });
  afterEach(() => setup.close());

  it("replaces the untouched examples (untracked) with the live copies, removes the one nothing live is behind, and the plan is then empty", async () => {
    const pull = await setup.cli(["pull"]);
    expect(pull.stderr).toBe("");
    expect(pull.code).toBe(0);
    expect(pull.stdout).toBe(
      [
        "updated   policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml       (live revision 4; it was init's example)",
        "updated   policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml   (live revision 9; it was init's example)",
        "created   policies/sandbox/vendorAWalletScreening/addresses.yaml     (live revision 2)",
        "updated   policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml  (live revision 3; it was init's example)",
        `removed   ${NOT_LIVE}  (init's example, nothing live behind it)`,
        "",
        "Pulled sandbox: 1 created, 3 updated, 0 unchanged, 1 example removed. `screenpol plan --env sandbox` now shows no change.",
        "",
      ].join("\n"),
    );
    expect(existsSync(join(setup.repo.dir, NOT_LIVE))).toBe(false);
    const pulled = readFileSync(join(setup.repo.dir, SIGN_IN), "utf8");
    expect(pulled).not.toMatch(EXAMPLE_WORDS);
    expect(pulled).toContain("# sandbox/vendorAWalletScreening/SIGN_IN, as pulled from the service by `screenpol pull` (canonical form).\n");

    const plan = await setup.cli(["plan", "--env", "sandbox", "--no-weakening-check", "--detailed-exitcode"]);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain("Plan: 0 to create, 0 to update, 4 unchanged, 0 live-only.");
  }, 60_000);

  it("an example edited by a byte and not committed is refused as any local change: exit 2, nothing written or removed", async () => {
    const edited = readFileSync(join(setup.repo.dir, SIGN_IN), "utf8").replace("riskScore: { gte: 9 }", "riskScore: { gte: 8 }");
    writeFileSync(join(setup.repo.dir, SIGN_IN), edited);
    const pull = await setup.cli(["pull"]);
    expect(pull.code).toBe(2);
    expect(pull.stderr).toMatch(/^screenpol: refusing to overwrite policies\/sandbox\/vendorAWalletScreening\/SIGN_IN\.yaml: they have changes Git does not hold/);
    expect(readFileSync(join(setup.repo.dir, SIGN_IN), "utf8")).toBe(edited);
    expect(existsSync(join(setup.repo.dir, NOT_LIVE))).toBe(true);
  }, 60_000);

  it("an edited example Git holds is updated: the author's comments kept, the example's header lines dropped", async () => {
    const path = join(setup.repo.dir, SIGN_IN);
    writeFileSync(path, readFileSync(path, "utf8").replace("  postScreen:\n", "  postScreen:\n    # Tuned with the risk team, 2026-11.\n").replace("riskScore: { gte: 9 }", "riskScore: { gte: 8 }"));
    git(setup.repo.dir, env, "add", "-A");
    git(setup.repo.dir, env, "commit", "-qm", "init, tuned");
    const pull = await setup.cli(["pull"]);
    expect(pull.code, pull.stderr).toBe(0);
    expect(pull.stdout).toContain("updated   policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml       (live revision 4)\n");
    const pulled = readFileSync(path, "utf8");
    expect(pulled).toContain("# Tuned with the risk team, 2026-11.");
    expect(pulled).not.toMatch(EXAMPLE_WORDS);
    expect(pulled).not.toContain("Not in this file, on purpose");
  }, 60_000);
});
