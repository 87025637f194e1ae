/**
 * The apply workflow `init --ci github` writes (.github/workflows/screenpol-apply.yml),
 * its steps run as written as far as they run offline: a stand-in `gh` serves the
 * merged pull request's `screenpol-plan` artifact, a stand-in `npm` installs
 * nothing, and the repository's own screenpol (node_modules/.bin) pushes to the
 * emulator with `push --plan`; exit 3 when a live policy moved since the plan was
 * reviewed; never a registry's package of that name when none is installed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { revisions, setUp, type Setup } from "../cli/plan-harness.js";
import { edit } from "../helpers/committed-repo.js";
import { BIN, runCli } from "../helpers/run-cli.js";
import { runCompositeAction, type ActionFile } from "./support/actions-runner.js";

const TRANSACTION = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

describe("the apply workflow (screenpol-apply.yml)", () => {
  let setup: Setup;
  let tools: string;
  beforeEach(async () => {
    setup = await setUp();
    tools = mkdtempSync(join(tmpdir(), "screenpol-apply-tools-"));
    // The repository's own screenpol, as `npm ci` installs it: npx finds it in node_modules/.bin.
    mkdirSync(join(setup.repo.dir, "node_modules/.bin"), { recursive: true });
    symlinkSync(BIN, join(setup.repo.dir, "node_modules/.bin/screenpol"));
    writeFileSync(join(tools, "npm"), '#!/usr/bin/env bash\necho "npm $*" >> "$TOOLS_LOG"\n', { mode: 0o755 });
    writeFileSync(
      join(tools, "gh"),
      [
        "#!/usr/bin/env bash",
        'echo "gh $*" >> "$TOOLS_LOG"',
        // The last completed run of the head commit: 4242, with the conclusion the test sets.
        'if [ "$1 $2" = "run list" ]; then echo "4242 ${RUN_CONCLUSION:-success}"; fi',
        'if [ "$1 $2" = "run download" ]; then dir="${@: -1}"; mkdir -p "$dir" && cp "$REVIEWED_PLAN" "$dir/plan.json"; fi',
        "",
      ].join("\n"),
      { mode: 0o755 },
    );
  });
  afterEach(async () => {
    rmSync(tools, { recursive: true, force: true });
    await setup.close();
  });

  async function apply(reviewedPlan: string, conclusion = "success", extraEnv: Record<string, string> = {}) {
    await runCli(["init", "--ci", "github", "--hooks", "none"], { cwd: setup.repo.dir });
    const workflow = parse(readFileSync(join(setup.repo.dir, ".github/workflows/screenpol-apply.yml"), "utf8")) as { jobs: { apply: { if: string; steps: ActionFile["runs"]["steps"] } } };
    const log = join(tools, "calls.log");
    const run = await runCompositeAction({
      action: { inputs: {}, runs: { using: "composite", steps: workflow.jobs.apply.steps } } as unknown as ActionFile,
      inputs: {},
      workspace: setup.repo.dir,
      actionPath: setup.repo.dir,
      event: { pull_request: { merged: true, merge_commit_sha: "0123456789abcdef", head: { sha: "feedc0de" } } },
      eventName: "pull_request",
      secrets: { SCREENPOL_API_TOKEN: (await import("../cli/plan-harness.js")).ALL_SCOPES_TOKEN },
      env: { ...process.env, PATH: `${tools}:${process.env.PATH}`, TOOLS_LOG: log, REVIEWED_PLAN: reviewedPlan, RUN_CONCLUSION: conclusion, SCREENPOL_BASE_URL: setup.harness.running.baseUrl, SCREENPOL_API_TOKEN: undefined, ...extraEnv },
      uses: () => ({}),
    });
    return { run, calls: existsSync(log) ? readFileSync(log, "utf8") : "" };
  }

  it("pushes exactly the plan reviewed on the merged pull request's head", async () => {
    const plan = join(tools, "reviewed.json");
    expect((await setup.cli(["plan", "--env", "sandbox", "--out", plan])).code).toBe(0);
    const { run, calls } = await apply(plan);
    expect(calls).toBe(
      "npm ci --no-audit --no-fund\n" +
        'gh run list --workflow screenpol.yml --commit feedc0de --status completed --limit 1 --json databaseId,conclusion --jq (.[0] // empty) | "\\(.databaseId) \\(.conclusion)"\n' +
        `gh run download 4242 --name screenpol-plan --dir ${join(run.temp, "screenpol-plan")}\n`,
    );
    const push = run.steps.at(-1)!;
    expect(push.status).toBe("success");
    expect(push.output).toMatch(/Summary: [1-9]\d* pushed, \d+ unchanged, 0 conflicted, 0 failed\./);
    expect(run.status).toBe("success");
    // What was pushed is live now: a new plan of the same files shows nothing to do.
    expect((await setup.cli(["plan", "--env", "sandbox"])).stdout).toContain("Plan: 0 to create, 0 to update");
  });

  it("with no screenpol in node_modules, the push fails in one line and asks no registry for a package of that name", async () => {
    const plan = join(tools, "reviewed.json");
    expect((await setup.cli(["plan", "--env", "sandbox", "--out", plan])).code).toBe(0);
    unlinkSync(join(setup.repo.dir, "node_modules/.bin/screenpol"));
    // A registry on 127.0.0.1 that has nothing and records what it is asked.
    const asked: string[] = [];
    const registry = createServer((request, response) => {
      asked.push(`${request.method} ${request.url}`);
      response.writeHead(404, { "content-type": "application/json" }).end("{}");
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = registry.address() as { port: number };
      const before = revisions(setup.harness);
      const { run } = await apply(plan, "success", { npm_config_registry: `http://127.0.0.1:${port}/`, npm_config_cache: join(tools, "npm-cache"), npm_config_update_notifier: "false" });
      const push = run.steps.at(-1)!;
      expect(push.status).toBe("failure");
      expect(push.output.trim()).toMatch(/^\S+: line \d+: \.\/node_modules\/\.bin\/screenpol: No such file or directory$/);
      expect(asked).toEqual([]);
      expect(revisions(setup.harness)).toEqual(before);
    } finally {
      await new Promise((resolve) => registry.close(resolve));
    }
  });

  it("pushes nothing when the head commit's last screenpol run failed, though an earlier one succeeded (the approval label removed since)", async () => {
    const plan = join(tools, "reviewed.json");
    expect((await setup.cli(["plan", "--env", "sandbox", "--out", plan])).code).toBe(0);
    const before = revisions(setup.harness);
    const { run, calls } = await apply(plan, "failure");
    const download = run.steps.at(-2)!;
    expect(download.status).toBe("failure");
    expect(download.output).toContain("::error::the last screenpol run of feedc0de did not succeed (failure): nothing reviewed to push");
    expect(calls).not.toContain("gh run download");
    expect(run.steps.at(-1)!.status).toBe("skipped");
    expect(revisions(setup.harness)).toEqual(before);
  });

  it("refuses with exit 3, writing nothing over it, when live moved since the plan was reviewed", async () => {
    const plan = join(tools, "reviewed.json");
    expect((await setup.cli(["plan", "--env", "sandbox", "--out", plan])).code).toBe(0);
    // Someone pushes another change to the same policy after the review.
    const original = readFileSync(join(setup.repo.dir, TRANSACTION), "utf8");
    edit(setup.repo, TRANSACTION, "minAmountUsd: 250", "minAmountUsd: 300");
    expect((await setup.cli(["push", "--env", "sandbox", "--yes"])).code).toBe(0);
    writeFileSync(join(setup.repo.dir, TRANSACTION), original);
    const { run } = await apply(plan);
    const push = run.steps.at(-1)!;
    expect(push.status).toBe("failure");
    expect(push.output).toContain("1 conflicted");
    expect(push.output).toMatch(/exit(ed)? (with )?(code )?3|A live policy changed since the plan/);
    expect(run.status).toBe("failure");
  });
});
