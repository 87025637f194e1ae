/**
 * `screenpol lint` never loads the z3 solver (issue 13, item 8): only the
 * weakening check imports it, lazily. A resolve hook preloaded into the CLI
 * process reports every resolution of z3-solver; the control run shows the
 * hook sees one when a process imports the solver.
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
