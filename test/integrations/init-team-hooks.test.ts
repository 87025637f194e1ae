/**
 * `screenpol init` in a team's repository that already has commit hooks: the
 * team's .pre-commit-config.yaml, .husky/pre-commit or lefthook.yml gets
 * screenpol's hook added, every byte of the team's own text kept, and init says
 * so; a second init changes nothing. Then the real pre-commit framework
 * (Debian's pre-commit 3.x) installs the merged configuration and blocks a
 * commit of a bad policy through screenpol's hook, the team's hook running
 * beside it. Skipped loudly where pre-commit is not installed.
 */
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { announceSkip, findExecutable, gitEnv, run } from "./support/git.js";
import { makePolicyRepo, POLICY, type PolicyRepo } from "./support/policy-repo.js";

const PRE_COMMIT = findExecutable("pre-commit");
if (!PRE_COMMIT) {
  announceSkip(
    "init's merged .pre-commit-config.yaml through the real pre-commit framework (test/integrations/init-team-hooks.test.ts)",
    "the `pre-commit` executable is not on PATH.",
    "Install it with `apt-get install -y pre-commit` (.ci/run does this) and run the suite again.",
  );
}

/** A team's configuration: comments, a list level with its key, a hook of their own (pygrep: nothing to install). */
const TEAM_PRE_COMMIT = `# Team hooks: keep them fast, they run on every commit.
fail_fast: false # every hook reports, not only the first to fail
repos:
# Our own checks, no downloads.
- repo: local
  hooks:
  - id: no-tabs
    name: no tabs in YAML   # tabs break YAML indentation
    entry: '\\t'
    language: pygrep
    files: \\.ya?ml$
`;

const SCREENPOL_ENTRY = `# Added by screenpol init: lint the staged policies and run their tests (docs/integrations.md).
- repo: local
  hooks:
  - id: screenpol-lint
    name: screenpol lint
    entry: npx screenpol lint --staged
    language: system
    files: ^(policies/.*\\.ya?ml|webhooks/[^/]*\\.ya?ml|screenpol\\.config\\.yaml)$
    require_serial: true
  - id: screenpol-test
    name: screenpol test
    entry: npx screenpol test
    language: system
    files: ^(policies/.*\\.ya?ml|.*\\.test\\.ya?ml)$
    require_serial: true
`;

/**
 * `npx screenpol` (and `npx husky`) resolve to this run's build (and this
 * checkout's husky), as `npm install --save-dev` would lay them out; npm looks
 * nothing up.
 */
function installPackages(repo: PolicyRepo, packageJson: Record<string, unknown> = {}, husky = false): void {
  mkdirSync(join(repo.dir, "node_modules/.bin"), { recursive: true });
  symlinkSync(BUILD_ROOT, join(repo.dir, "node_modules/screenpol"), "dir");
  symlinkSync("../screenpol/bin/screenpol.js", join(repo.dir, "node_modules/.bin/screenpol"));
  if (husky) {
    symlinkSync(join(PROJECT_ROOT, "node_modules/husky"), join(repo.dir, "node_modules/husky"), "dir");
    symlinkSync("../husky/bin.js", join(repo.dir, "node_modules/.bin/husky"));
  }
  repo.write("package.json", `${JSON.stringify({ name: "screening-policies", private: true, devDependencies: { screenpol: "*" }, ...packageJson }, null, 2)}\n`);
  repo.write(".gitignore", "node_modules/\n");
}

describe("init in a team repository with hooks of its own", () => {
  let repo: PolicyRepo;
  beforeEach(() => {
    const env = gitEnv({ npm_config_offline: "true", npm_config_update_notifier: "false", npm_config_audit: "false", npm_config_fund: "false" });
    repo = makePolicyRepo({ ...env, PRE_COMMIT_HOME: join(env.HOME!, "pre-commit-cache"), PRE_COMMIT_COLOR: "never" });
  });
  afterEach(() => repo.remove());

  it("appends screenpol's entry to .pre-commit-config.yaml, the team's text kept byte for byte, and says so; a second init keeps it", async () => {
    repo.write(".pre-commit-config.yaml", TEAM_PRE_COMMIT);
    const init = await runCli(["init", "--ci", "none"], { cwd: repo.dir });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("appended .pre-commit-config.yaml  (screenpol's hook added as the last entry of repos:; the rest kept as it was)\n");
    const merged = readFileSync(join(repo.dir, ".pre-commit-config.yaml"), "utf8");
    expect(merged).toBe(TEAM_PRE_COMMIT + SCREENPOL_ENTRY);
    const hooks = (parse(merged) as { repos: Array<{ hooks: Array<{ id: string }> }> }).repos.flatMap((entry) => entry.hooks.map((hook) => hook.id));
    expect(hooks).toEqual(["no-tabs", "screenpol-lint", "screenpol-test"]);

    const again = await runCli(["init", "--ci", "none"], { cwd: repo.dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("kept .pre-commit-config.yaml  (it already runs screenpol)\n");
    expect(readFileSync(join(repo.dir, ".pre-commit-config.yaml"), "utf8")).toBe(merged);
  });

  it("a hooks section after other keys and a file without a final newline: the entry goes inside repos:, what follows stays", async () => {
    const team = "repos:\n  - repo: local\n    hooks:\n      - id: no-tabs\n        name: no tabs\n        entry: '\\t'\n        language: pygrep\n# CI settings\nci:\n  autofix_prs: false";
    repo.write(".pre-commit-config.yaml", team);
    await runCli(["init", "--ci", "none"], { cwd: repo.dir });
    const merged = readFileSync(join(repo.dir, ".pre-commit-config.yaml"), "utf8");
    const [before, after] = [team.slice(0, team.indexOf("# CI settings")), team.slice(team.indexOf("# CI settings"))];
    expect(merged.startsWith(before)).toBe(true);
    expect(merged.endsWith(after)).toBe(true);
    // At the team's indentation (the list two spaces in), right after their last entry.
    expect(merged.slice(before.length, merged.length - after.length)).toBe(`  # Added by screenpol init: lint the staged policies and run their tests (docs/integrations.md).
  - repo: local
    hooks:
      - id: screenpol-lint
        name: screenpol lint
        entry: npx screenpol lint --staged
        language: system
        files: ^(policies/.*\\.ya?ml|webhooks/[^/]*\\.ya?ml|screenpol\\.config\\.yaml)$
        require_serial: true
      - id: screenpol-test
        name: screenpol test
        entry: npx screenpol test
        language: system
        files: ^(policies/.*\\.ya?ml|.*\\.test\\.ya?ml)$
        require_serial: true
`);
    expect((parse(merged) as { ci: unknown }).ci).toEqual({ autofix_prs: false });
  });

  it("a configuration init cannot read is kept as it is, and init says why and what to do", async () => {
    repo.write(".pre-commit-config.yaml", "repos: [\n");
    const init = await runCli(["init", "--ci", "none"], { cwd: repo.dir });
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/^kept +\.pre-commit-config\.yaml {2}\(screenpol's hook not added: it is not valid YAML \(.+\); add it by hand \(docs\/integrations\.md\)\)$/m);
    expect(readFileSync(join(repo.dir, ".pre-commit-config.yaml"), "utf8")).toBe("repos: [\n");
  });

  it("husky: .husky/pre-commit gets screenpol's line after the team's; lefthook.yml gets a command under pre-commit", async () => {
    repo.write(".husky/pre-commit", "npm run typecheck\n");
    chmodSync(join(repo.dir, ".husky/pre-commit"), 0o755);
    const husky = await runCli(["init", "--hooks", "husky", "--ci", "none"], { cwd: repo.dir });
    expect(husky.stdout).toContain("appended .husky/pre-commit  (`npx screenpol lint --staged` and `npx screenpol test --staged` added as its last lines)\n");
    expect(readFileSync(join(repo.dir, ".husky/pre-commit"), "utf8")).toBe("npm run typecheck\n\n# Added by screenpol init.\nnpx screenpol lint --staged\nnpx screenpol test --staged\n");
    // Still executable: husky before version 9 runs the script itself.
    expect(statSync(join(repo.dir, ".husky/pre-commit")).mode & 0o777).toBe(0o755);
    const again = await runCli(["init", "--hooks", "husky", "--ci", "none"], { cwd: repo.dir });
    expect(again.stdout).toContain("kept .husky/pre-commit  (it already runs screenpol)\n");

    const team = "# Team hooks\npre-commit:\n  parallel: true\n  commands:\n    eslint:\n      glob: '*.{js,ts}'\n      run: npx eslint {staged_files}\npre-push:\n  commands:\n    test:\n      run: npm test\n";
    repo.write("lefthook.yml", team);
    const lefthook = await runCli(["init", "--hooks", "lefthook", "--ci", "none"], { cwd: repo.dir });
    expect(lefthook.stdout).toContain("appended lefthook.yml  (screenpol's commands added under pre-commit.commands; the rest kept as it was)\n");
    const split = team.indexOf("pre-push:");
    expect(readFileSync(join(repo.dir, "lefthook.yml"), "utf8")).toBe(
      `${team.slice(0, split)}    # Added by screenpol init: lint the staged policies and run their tests (docs/integrations.md).
    screenpol:
      glob: "{policies/**/*.{yaml,yml},webhooks/*.{yaml,yml},screenpol.config.yaml}"
      run: npx screenpol lint --staged {staged_files}
    screenpol-test:
      glob: "{policies/**/*.{yaml,yml},**/*.test.{yaml,yml}}"
      run: npx screenpol test --staged {staged_files}
${team.slice(split)}`,
    );
  });

  it.skipIf(!PRE_COMMIT)("the real pre-commit framework installs the merged file and blocks a bad policy through screenpol's hook, the team's hook beside it", async () => {
    repo.write(".pre-commit-config.yaml", TEAM_PRE_COMMIT);
    installPackages(repo);
    const init = await runCli(["init", "--ci", "none"], { cwd: repo.dir });
    expect(init.code, init.stderr).toBe(0);
    repo.git("add", "-A");
    repo.git("commit", "-qm", "screenpol init", "--no-verify");
    const install = await run(PRE_COMMIT!, ["install"], { cwd: repo.dir, env: repo.env });
    expect(install.output).toMatch(/pre-commit installed at \.git\/hooks\/pre-commit/);

    const before = repo.head();
    repo.write(POLICY, repo.bad);
    repo.git("add", POLICY);
    const blocked = await run("git", ["commit", "-m", "change the sign-in policy"], { cwd: repo.dir, env: repo.env, timeoutMs: 60_000 });
    expect(blocked.code, blocked.output).not.toBe(0);
    expect(blocked.output).toMatch(/no tabs in YAML\.+Passed/);
    expect(blocked.output).toMatch(/screenpol lint\.+Failed/);
    expect(blocked.output).toContain(`${POLICY}:20:9  error  rules.postScreen[0].when.riskScore: riskScore belongs to vendorAWalletScreening`);
    expect(repo.head()).toBe(before);

    repo.write(POLICY, repo.good.replace("Vendor risk level severe.", "Vendor risk level severe (reviewed)."));
    repo.git("add", POLICY);
    const passed = await run("git", ["commit", "-m", "reword the sign-in policy"], { cwd: repo.dir, env: repo.env, timeoutMs: 60_000 });
    expect(passed.output).toMatch(/screenpol lint\.+Passed/);
    expect(passed.code, passed.output).toBe(0);
  }, 120_000);

  it("husky, for real: the team's hook from `npx husky init` and screenpol's line init adds both run, and a bad policy is blocked", async () => {
    installPackages(repo, { scripts: { test: "echo team tests ran" } }, true);
    const husky = await run("npx", ["husky", "init"], { cwd: repo.dir, env: repo.env });
    expect(husky.code, husky.output).toBe(0);
    expect(readFileSync(join(repo.dir, ".husky/pre-commit"), "utf8")).toBe("npm test\n");
    const init = await runCli(["init", "--hooks", "husky", "--ci", "none"], { cwd: repo.dir });
    expect(init.stdout).toContain("appended .husky/pre-commit  (`npx screenpol lint --staged` and `npx screenpol test --staged` added as its last lines)\n");
    repo.git("add", "-A");
    repo.git("commit", "-qm", "screenpol init", "--no-verify");

    const before = repo.head();
    repo.write(POLICY, repo.bad);
    repo.git("add", POLICY);
    const blocked = await run("git", ["commit", "-m", "change the sign-in policy"], { cwd: repo.dir, env: repo.env, timeoutMs: 60_000 });
    expect(blocked.code, blocked.output).not.toBe(0);
    expect(blocked.output).toContain("team tests ran");
    expect(blocked.output).toContain(`${POLICY}:20:9  error  rules.postScreen[0].when.riskScore: riskScore belongs to vendorAWalletScreening`);
    expect(repo.head()).toBe(before);
  }, 120_000);
});
