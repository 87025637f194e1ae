/**
 * The scheduled drift check `init --ci github` writes
 * (.github/workflows/screenpol-drift.yml, docs/integrations.md), its steps run
 * as written offline: a stand-in `npm` installs nothing, and the repository's
 * own screenpol (node_modules/.bin) plans every environment against the
 * emulator. Live differing from the files fails the job and says so; live
 * matching them passes.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ALL_SCOPES_TOKEN, setUp, type Setup } from "../cli/plan-harness.js";
import { BIN, runCli } from "../helpers/run-cli.js";
import { runCompositeAction, type ActionFile } from "./support/actions-runner.js";

describe("the drift workflow (screenpol-drift.yml)", () => {
  let setup: Setup;
  let tools: string;
  beforeEach(async () => {
    setup = await setUp();
    tools = mkdtempSync(join(tmpdir(), "screenpol-drift-tools-"));
    mkdirSync(join(setup.repo.dir, "node_modules/.bin"), { recursive: true });
    symlinkSync(BIN, join(setup.repo.dir, "node_modules/.bin/screenpol"));
    writeFileSync(join(tools, "npm"), "#!/usr/bin/env bash\nexit 0\n", { mode: 0o755 });
  });
  afterEach(async () => {
    rmSync(tools, { recursive: true, force: true });
    await setup.close();
  });

  async function drift() {
    const workflow = parse(readFileSync(join(setup.repo.dir, ".github/workflows/screenpol-drift.yml"), "utf8")) as { jobs: { drift: { steps: ActionFile["runs"]["steps"] } } };
    return runCompositeAction({
      action: { inputs: {}, runs: { using: "composite", steps: workflow.jobs.drift.steps } } as unknown as ActionFile,
      inputs: {},
      workspace: setup.repo.dir,
      actionPath: setup.repo.dir,
      event: { schedule: "17 6 * * *" },
      eventName: "schedule",
      secrets: { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN },
      env: { ...process.env, PATH: `${tools}:${process.env.PATH}`, SCREENPOL_BASE_URL: setup.harness.running.baseUrl, SCREENPOL_API_TOKEN: undefined },
      uses: () => ({}),
    });
  }

  it("fails, saying drift, while live differs from the files; passes once it matches", async () => {
    const init = await runCli(["init", "--ci", "github", "--hooks", "none"], { cwd: setup.repo.dir });
    expect(init.stdout).toContain("created .github/workflows/screenpol-drift.yml\n");
    const before = await drift();
    const plan = before.steps.at(-1)!;
    expect(plan.status).toBe("failure");
    expect(plan.output).toContain("::error::drift: a live environment differs from this branch (the plan above); push the branch, or pull what changed live");
    expect(before.status).toBe("failure");

    expect((await setup.cli(["push", "--yes"])).code).toBe(0);
    const after = await drift();
    expect(after.steps.at(-1)!.output).not.toContain("::error::");
    expect(after.steps.at(-1)!.status).toBe("success");
    expect(after.status).toBe("success");
  });
});
