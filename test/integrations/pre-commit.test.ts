/**
 * The pre-commit framework, for real: `pre-commit install` in a throwaway
 * repository with the local hook of docs/integrations.md, then `git commit`.
 * `repo: local` with `language: system` installs nothing, and PRE_COMMIT_HOME
 * points into the temp dir, so pre-commit never reaches the network or the
 * user's cache. Skipped, loudly, only where pre-commit is not installed
 * (.ci/run installs it with apt-get).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, PROJECT_ROOT } from "../helpers/run-cli.js";
import { snippet } from "./support/docs.js";
import { announceSkip, findExecutable, gitEnv, run } from "./support/git.js";
import { makePolicyRepo, POLICY, type PolicyRepo } from "./support/policy-repo.js";

const PRE_COMMIT = findExecutable("pre-commit");
if (!PRE_COMMIT) {
  announceSkip(
    "pre-commit framework integration (test/integrations/pre-commit.test.ts)",
    "the `pre-commit` executable is not on PATH, so the real hook cannot be exercised here.",
    "Install it with `apt-get install -y pre-commit` (.ci/run does this) and run the suite again.",
  );
}

/** The docs' local hooks, calling this checkout's CLI instead of `npx screenpol`. */
function localHookConfig(): string {
  return snippet("pre-commit-local").replaceAll("npx screenpol", `${process.execPath} ${BIN}`);
}

const TEST_FILE = "tests/sandbox/vendorBAddressScreening/SIGN_IN.test.yaml";
const TEST_TEXT = `environment: sandbox
providerType: vendorBAddressScreening
scope: SIGN_IN
cases:
  - name: a severe risk level is blocked
    screening:
      chain: EVM
      address: "0x52908400098527886E0F7030069857D2E4169EE7"
      signals: { riskLevel: severe }
    expect: { action: BLOCK, by: block-severe-risk-level }
`;

describe.skipIf(!PRE_COMMIT)("pre-commit framework (repo: local hook, real pre-commit)", () => {
  let repo: PolicyRepo;

  beforeEach(async () => {
    const env = gitEnv();
    repo = makePolicyRepo({ ...env, PRE_COMMIT_HOME: join(env.HOME!, "pre-commit-cache"), PRE_COMMIT_COLOR: "never" });
    repo.write(".pre-commit-config.yaml", localHookConfig());
    repo.git("add", ".pre-commit-config.yaml");
    repo.git("commit", "-qm", "pre-commit config", "--no-verify");
    const install = await run(PRE_COMMIT!, ["install"], { cwd: repo.dir, env: repo.env });
    expect(install.output).toMatch(/pre-commit installed at \.git\/hooks\/pre-commit/);
    expect(install.code).toBe(0);
  }, 30_000);
  afterEach(() => repo.remove());

  const commit = () => run("git", ["commit", "-m", "change the sign-in policy"], { cwd: repo.dir, env: repo.env, timeoutMs: 30_000 });

  it("uses the ids, files expressions and commands of the published hooks (.pre-commit-hooks.yaml)", () => {
    const published = parse(readFileSync(join(PROJECT_ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Array<{ id: string; files: string; entry: string }>;
    const local = parse(snippet("pre-commit-local")) as { repos: Array<{ hooks: Array<{ id: string; files: string; entry: string }> }> };
    const hooks = local.repos[0]!.hooks;
    expect(hooks.map((hook) => hook.id)).toEqual(["screenpol-lint", "screenpol-test"]);
    for (const hook of hooks) {
      const twin = published.find((candidate) => candidate.id === hook.id)!;
      expect(hook.files).toBe(twin.files);
      expect(hook.entry).toBe(`npx ${twin.entry}`);
    }
  });

  /** A local config running the published fmt hooks (ids, entries, files) with this checkout's CLI. */
  function publishedFmtHooks(...ids: string[]): string {
    const published = parse(readFileSync(join(PROJECT_ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Array<{ id: string; name: string; files: string; entry: string }>;
    const hooks = ids.map((id) => published.find((hook) => hook.id === id)!);
    return stringify({
      repos: [{ repo: "local", hooks: hooks.map((hook) => ({ ...hook, entry: hook.entry.replace(/^screenpol /, `${process.execPath} ${BIN} `), language: "system" })) }],
    });
  }

  it("screenpol-fmt rewrites a staged policy into canonical form and fails the commit; the commit of the rewritten file passes", async () => {
    // A real change (so that the second commit has the policy in it), written unpadded.
    const changed = repo.good.replace("riskLevel: { atLeast: severe }", "riskLevel: { atLeast: high }");
    expect(changed).not.toBe(repo.good);
    repo.write(".pre-commit-config.yaml", publishedFmtHooks("screenpol-fmt"));
    repo.write(POLICY, changed.replace("riskLevel: { atLeast: high }", "riskLevel: {atLeast: high}"));
    repo.git("add", ".pre-commit-config.yaml", POLICY);
    const before = repo.head();
    const rewritten = await commit();
    expect(rewritten.code, rewritten.output).not.toBe(0);
    expect(rewritten.output).toMatch(/screenpol fmt\.+Failed/);
    expect(rewritten.output).toContain("files were modified by this hook");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(changed);
    expect(repo.head()).toBe(before);

    repo.git("add", POLICY);
    const passing = await commit();
    expect(passing.output).toMatch(/screenpol fmt\.+Passed/);
    expect(passing.code, passing.output).toBe(0);
  }, 30_000);

  it("screenpol-fmt-check fails the commit of a policy not in canonical form, naming it, and writes nothing", async () => {
    const messy = repo.good.replace("riskLevel: { atLeast: severe }", "riskLevel: {atLeast: severe}");
    repo.write(".pre-commit-config.yaml", publishedFmtHooks("screenpol-fmt-check"));
    repo.write(POLICY, messy);
    repo.git("add", ".pre-commit-config.yaml", POLICY);
    const before = repo.head();
    const result = await commit();
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toMatch(/screenpol fmt --check\.+Failed/);
    expect(result.output).toContain(POLICY);
    expect(result.output).not.toContain("files were modified by this hook");
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(messy);
    expect(repo.head()).toBe(before);
  }, 30_000);

  it("blocks a commit whose staged policy breaks a case of its test file, printing the failing case", async () => {
    repo.write(TEST_FILE, TEST_TEXT);
    repo.git("add", TEST_FILE);
    repo.git("commit", "-qm", "a test of the sign-in policy", "--no-verify");
    const before = repo.head();
    // Still a valid policy (the lint passes), but severe is only alerted now.
    repo.write(POLICY, repo.good.replace(/(id: block-severe-risk-level[\s\S]*?action: )BLOCK/, "$1ALERT"));
    repo.git("add", POLICY);
    const result = await commit();
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toMatch(/screenpol lint\.+Passed/);
    expect(result.output).toMatch(/screenpol test\.+Failed/);
    expect(result.output).toContain(`FAIL ${TEST_FILE}:5  a severe risk level is blocked\n  expected: BLOCK by block-severe-risk-level\n  actual:   ALERT by block-severe-risk-level\n`);
    expect(result.output).toContain("0 passed, 1 failed");
    expect(repo.head()).toBe(before);
  }, 30_000);

  it("blocks a commit of a test file with a failing case, and commits it once the case holds", async () => {
    const before = repo.head();
    repo.write(TEST_FILE, TEST_TEXT.replace("action: BLOCK, by: block-severe-risk-level", "action: ALLOW"));
    repo.git("add", TEST_FILE);
    const failing = await commit();
    expect(failing.code, failing.output).not.toBe(0);
    expect(failing.output).toMatch(/screenpol lint\.+\(no files to check\)Skipped/);
    expect(failing.output).toMatch(/screenpol test\.+Failed/);
    expect(repo.head()).toBe(before);

    repo.write(TEST_FILE, TEST_TEXT);
    repo.git("add", TEST_FILE);
    const passing = await commit();
    expect(passing.output).toMatch(/screenpol test\.+Passed/);
    expect(passing.code, passing.output).toBe(0);
  }, 30_000);

  it("blocks a commit of a bad policy and prints the finding", async () => {
    const before = repo.head();
    repo.write(POLICY, repo.bad);
    repo.git("add", POLICY);
    const result = await commit();
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toMatch(/screenpol lint\.+Failed/);
    expect(result.output).toContain(`${POLICY}:20:9  error  rules.postScreen[0].when.riskScore: riskScore belongs to vendorAWalletScreening`);
    expect(result.output).toContain("cross-vendor-field");
    expect(result.output).toContain("docs/codes/cross-vendor-field.md");
    expect(repo.head()).toBe(before);
  }, 30_000);

  it("commits a good policy", async () => {
    const before = repo.head();
    repo.write(POLICY, repo.good.replace("Vendor risk level severe.", "Vendor risk level severe (reviewed)."));
    repo.git("add", POLICY);
    const result = await commit();
    expect(result.output).toMatch(/screenpol lint\.+Passed/);
    expect(result.code, result.output).toBe(0);
    expect(repo.head()).not.toBe(before);
  }, 30_000);

  it("blocks a bad STAGED copy even when the working tree has been fixed", async () => {
    const before = repo.head();
    repo.write(POLICY, repo.bad);
    repo.git("add", POLICY);
    repo.write(POLICY, repo.good);
    const result = await commit();
    expect(result.code, result.output).not.toBe(0);
    expect(result.output).toContain("cross-vendor-field");
    expect(repo.head()).toBe(before);
    // pre-commit stashed the unstaged fix while the hook ran and put it back.
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(repo.good);
    expect(repo.show(`:${POLICY}`)).toBe(repo.bad);
  }, 30_000);

  it("commits a good STAGED copy even when the working tree holds a bad edit", async () => {
    const staged = repo.good.replace("Vendor risk level severe.", "Vendor risk level severe (reviewed).");
    repo.write(POLICY, staged);
    repo.git("add", POLICY);
    repo.write(POLICY, repo.bad);
    const result = await commit();
    expect(result.code, result.output).toBe(0);
    expect(repo.show(`HEAD:${POLICY}`)).toBe(staged);
    expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(repo.bad);
  }, 30_000);

  it("skips the hook for a commit that touches no policy", async () => {
    repo.write("README.md", "# policies\n");
    repo.git("add", "README.md");
    const result = await commit();
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/screenpol lint\.+\(no files to check\)Skipped/);
  }, 30_000);
});
