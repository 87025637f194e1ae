/**
 * placeholder-environment-id as a team meets it: the id `screenpol init` wrote,
 * still in the config, is a warning (exit 0) naming the key to replace; a team
 * that wants CI to hold until it is replaced makes it an error with `severity:`.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const CONFIG = `environments:
  sandbox:
    id: 00000000-0000-4000-8000-000000000000
    kind: sandbox
  live:
    id: 7d4e1b2c-9a3f-4e8d-b6c5-0f1e2d3c4b5a
    kind: live
`;
const WARNING =
  'screenpol.config.yaml:3:9  warning  environments.sandbox.id: 00000000-0000-4000-8000-000000000000 is the placeholder `screenpol init` wrote, and no environment has it: replace it with the id of environment "sandbox" from the dashboard (`plan` and `push` fail until then)  placeholder-environment-id';

describe("screenpol lint on init's placeholder environment id", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeTempRepo({ samples: false });
  });
  afterEach(() => repo.remove());

  it("warns at the id, naming the key and what to put there, and exits 0", async () => {
    repo.write("screenpol.config.yaml", CONFIG);
    const run = await runCli(["lint"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toBe(WARNING);
    expect(run.stdout).toContain("✖ 1 problem (0 errors, 1 warning)");
  });

  it("fails (exit 1) where the config's severity makes it an error", async () => {
    repo.write("screenpol.config.yaml", `${CONFIG}severity:\n  placeholder-environment-id: error\n`);
    const run = await runCli(["lint"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]).toBe(WARNING.replace("  warning  ", "  error  "));
  });
});
