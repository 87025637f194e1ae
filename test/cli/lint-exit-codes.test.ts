/**
 * Exit codes that cannot lie (toolkit.md, Exit codes; docs/decisions.md, Lint
 * defects and exit codes): a lint that could not look at what it was asked to
 * look at exits 2 with one line, never 0 with "no problems".
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";

describe("no screenpol.config.yaml in the folder or any parent", () => {
  let repo: TempRepo;
  let dir: string;
  beforeAll(() => {
    repo = makeTempRepo({ samples: false });
    repo.write("policies/x.yaml", "a: 1\n");
    dir = realpathSync(repo.dir);
  });
  afterAll(() => repo.remove());

  const line = () => `screenpol: no screenpol.config.yaml in ${dir} or any parent folder; run screenpol in the repository, or \`screenpol init\` to create one\n`;

  it.each([
    ["lint", ["lint"]],
    ["lint with a path", ["lint", "policies/x.yaml"]],
    ["lint --format json", ["lint", "--format", "json"]],
    ["plan", ["plan"]],
  ])("%s exits 2 with one line saying so", async (_name, args) => {
    const run = await runCli(args, { cwd: dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", line()]);
  });
});

describe("named paths", () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo();
    mkdirSync(join(repo.dir, "policies/empty/nested"), { recursive: true });
    repo.write("policies/empty/nested/README.md", "not a policy\n");
  });
  afterAll(() => repo.remove());

  it("a path that does not exist exits 2 naming it, even beside one that does", async () => {
    const run = await runCli(["lint", "--format", "json", POLICY, "policies/nope.yaml"], { cwd: repo.dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", 'screenpol: nothing to lint at "policies/nope.yaml": no such file or folder\n']);
  });

  it("a folder that holds no YAML file exits 2 naming it", async () => {
    const run = await runCli(["lint", "policies/empty"], { cwd: repo.dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([2, "", 'screenpol: nothing to lint in "policies/empty": no .yaml or .yml file in it\n']);
  });

  it("--staged: a path neither in the Git index nor on disk exits 2 naming it", async () => {
    const env = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };
    execFileSync("git", ["init", "-q"], { cwd: repo.dir, env });
    execFileSync("git", ["add", "-A"], { cwd: repo.dir, env });
    const run = await runCli(["lint", "--staged", "policies/sandbox/vendorBAddressScreening/SIGNIN.yaml"], { cwd: repo.dir });
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      'screenpol: nothing to lint at "policies/sandbox/vendorBAddressScreening/SIGNIN.yaml": not in the Git index and no such file or folder\n',
    ]);
  });
});
