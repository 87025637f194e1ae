/** `screenpol demo` (npm start): the whole loop against an in-process emulator, in seconds, exit 0. */
import { describe, expect, it } from "vitest";
import { SEED_TOKENS } from "../../src/emulator/index.js";
import { BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo } from "../helpers/temp-repo.js";

describe("screenpol demo", () => {
  it("lints, runs the policy tests with coverage, plans (changes), pushes (live confirmed by the demo, and it says so), plans again (none); exit 0", async () => {
    const run = await runCli(["demo"], { cwd: PROJECT_ROOT, timeoutMs: 30_000 });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/emulator: http:\/\/127\.0\.0\.1:\d+\/api\/v0 \(state in memory/);
    // 15 policy, address, webhook and config files, and the sample tests once tests/ holds them.
    expect(out).toMatch(/1\. screenpol lint\n✔ \d+ files linted, no problems/);
    // The runner's summary ends the test step (the sample tests all pass), or the step says there are none.
    expect(out).toMatch(/2\. screenpol test --coverage: every case decided against the local files\n(?:[^\n]*\n)*?(?:[1-9]\d* passed, 0 failed|no test files in tests\/)\n\n3\. screenpol plan/);
    expect(out).toContain("Plan: 3 to create, 4 to update, 5 unchanged, 0 live-only.");
    expect(out).toContain("the demo confirms it itself");
    expect(out).toContain("Summary: 7 pushed, 5 unchanged, 0 conflicted, 0 failed.");
    expect(out).toContain("Plan: 0 to create, 0 to update, 12 unchanged, 0 live-only. No changes");
    for (const grant of SEED_TOKENS) expect(out).not.toContain(grant.token);
    // The steps come in order.
    const steps = ["1. screenpol lint", "2. screenpol test", "3. screenpol plan", "4. screenpol push", "5. screenpol plan"].map((step) => out.indexOf(step));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(steps.every((index) => index >= 0)).toBe(true);
  });

  it("runs on the sample repository from a folder that is not a policy repository, and writes nothing there", async () => {
    const empty = makeTempRepo({ samples: false });
    try {
      const run = await runCli(["demo"], { cwd: empty.dir, timeoutMs: 30_000 });
      expect(run.code).toBe(0);
      // The package's own sample repository: the package root of this run's build (its policies/ link to the checkout's).
      expect(run.stdout).toContain(`repository: ${BUILD_ROOT}`);
      expect(run.stdout).toContain("Summary: 7 pushed");
    } finally {
      empty.remove();
    }
  });
});
