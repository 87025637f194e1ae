/**
 * `screenpol lint` never loads the z3 solver (docs/decisions.md,
 * "Issue 13: weakening check speed"), nor does `screenpol test` unless
 * --coverage has an uncovered rule to prove unreachable (docs/semantics.md,
 * "Reachability of rules"): only the weakening check and reachability import
 * it, lazily. test/cli/policy-test.test.ts shows `test --coverage` with an
 * uncovered rule does load it. A resolve hook preloaded into the CLI process
 * reports every resolution of z3-solver; the control run shows the hook sees
 * one when a process imports the solver.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";

const HOOK = `--import=${pathToFileURL(join(import.meta.dirname, "../helpers/record-z3-load.mjs")).href}`;
const MARK = "[z3-solver loaded]";

describe("lint without the solver", () => {
  it("the hook sees z3-solver when a process imports it (control)", () => {
    const run = spawnSync(process.execPath, [HOOK, "--input-type=module", "-e", `await import("z3-solver");`], { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).toContain(MARK);
  });

  it("screenpol lint of the sample repository does not load z3-solver", async () => {
    const run = await runCli(["lint"], { cwd: PROJECT_ROOT, env: { NODE_OPTIONS: HOOK } });
    expect(run.stdout).toMatch(/files linted/);
    expect(run.stderr).not.toContain(MARK);
  });
});

describe("test without the solver", () => {
  it("screenpol test of the sample repository, without --coverage, does not load z3-solver", async () => {
    const run = await runCli(["test"], { cwd: PROJECT_ROOT, env: { NODE_OPTIONS: HOOK } });
    expect(run.stdout).toMatch(/\d+ passed, 0 failed\n$/);
    expect(run.stderr).not.toContain(MARK);
  });

  it("screenpol test --coverage does not load it either when every rule of the sample repository is covered", async () => {
    const run = await runCli(["test", "--coverage"], { cwd: PROJECT_ROOT, env: { NODE_OPTIONS: HOOK } });
    expect(run.stdout).toContain("coverage: rules and steps reached, and those no case reached, per policy");
    expect(run.stdout).toMatch(/\n {2}overall: 100\.0% \((\d+) of \1\)\n/);
    const policies = run.stdout.split("\n").filter((line) => line.startsWith("  ") && !line.startsWith("  overall: "));
    expect(policies.length).toBeGreaterThan(0);
    for (const line of policies) expect(line).toMatch(/: full coverage$/);
    expect(run.stderr).not.toContain(MARK);
  });
});
