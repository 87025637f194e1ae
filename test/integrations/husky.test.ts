/**
 * husky 9 and lint-staged 16, for real, with the files of docs/integrations.md
 * as pasted. The throwaway repository gets a node_modules/ laid out as `npm
 * install --save-dev husky lint-staged screenpol` would lay it out, with links
 * into this checkout's node_modules (husky, lint-staged) and to the package this
 * test run built (screenpol, test/global-setup.ts): nothing is downloaded. Then `npx husky init`, the hook file
 * of the docs, and `git commit`.
 *
 * The difference that matters: lint-staged appends ABSOLUTE paths of the staged
 * files, pre-commit repository-relative ones; `lint --staged` must select the
 * same staged blobs from both.
 */
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, type ExpectStatic } from "vitest";
import { BIN, BUILD_ROOT, PROJECT_ROOT } from "../helpers/run-cli.js";
import { snippet } from "./support/docs.js";
import { gitEnv, run } from "./support/git.js";
import { makePolicyRepo, POLICY, type PolicyRepo } from "./support/policy-repo.js";

const NODE_MODULES = join(PROJECT_ROOT, "node_modules");

/** node_modules/ of the temp repository: packages and .bin entries as npm links them. */
function linkPackages(dir: string): void {
  const modules = join(dir, "node_modules");
  mkdirSync(join(modules, ".bin"), { recursive: true });
  const packages: Array<[name: string, target: string, bin: string]> = [
    ["husky", join(NODE_MODULES, "husky"), "bin.js"],
    ["lint-staged", join(NODE_MODULES, "lint-staged"), "bin/lint-staged.js"],
    ["screenpol", BUILD_ROOT, "bin/screenpol.js"],
  ];
  for (const [name, target, bin] of packages) {
    symlinkSync(target, join(modules, name), "dir");
    symlinkSync(join("..", name, bin), join(modules, ".bin", name));
  }
  expect(readFileSync(join(modules, ".bin/screenpol"), "utf8")).toBe(readFileSync(BIN, "utf8"));
}

interface Setup {
  /** The `.husky/pre-commit` of the docs. */
  hook: string;
  /** `package.json` members besides name and scripts. */
  packageJson?: Record<string, unknown>;
}

const VARIANTS = [
  { name: "husky", setup: (): Setup => ({ hook: snippet("husky-pre-commit") }) },
  {
    name: "husky + lint-staged",
    setup: (): Setup => ({ hook: snippet("husky-lint-staged"), packageJson: JSON.parse(snippet("lint-staged-config")) as Record<string, unknown> }),
  },
];

/** A repository with the packages linked, `npx husky init` run and the docs' hook in place. */
async function huskyRepo(setup: () => Setup, expect: ExpectStatic): Promise<PolicyRepo> {
  const { hook, packageJson } = setup();
  // npm must not look anything up: every package is already linked.
  const repo = makePolicyRepo(gitEnv({ npm_config_offline: "true", npm_config_update_notifier: "false", npm_config_audit: "false", npm_config_fund: "false" }));
  linkPackages(repo.dir);
  repo.write("package.json", `${JSON.stringify({ name: "screening-policies", private: true, ...packageJson }, null, 2)}\n`);
  repo.write(".gitignore", "node_modules/\n");
  // What the husky docs say to run once: it adds `prepare: husky`, sets core.hooksPath and writes a sample hook.
  const init = await run("npx", ["husky", "init"], { cwd: repo.dir, env: repo.env });
  expect(init.code, init.output).toBe(0);
  expect(repo.git("config", "core.hooksPath").trim()).toBe(".husky/_");
  writeFileSync(join(repo.dir, ".husky/pre-commit"), hook);
  chmodSync(join(repo.dir, ".husky/pre-commit"), 0o755);
  repo.git("add", "-A");
  repo.git("commit", "-qm", "hooks", "--no-verify");
  return repo;
}

const commit = (repo: PolicyRepo) => run("git", ["commit", "-m", "change the sign-in policy"], { cwd: repo.dir, env: repo.env, timeoutMs: 30_000 });

// Each case builds its own repository. (Run side by side they are no faster on two cores, and lint-staged's stash gets flaky.)
describe.each(VARIANTS)("$name (real packages, files as in docs/integrations.md)", ({ name, setup }) => {
  it("blocks a commit of a bad policy and prints the finding", async ({ expect }) => {
    const repo = await huskyRepo(setup, expect);
    try {
      const before = repo.head();
      repo.write(POLICY, repo.bad);
      repo.git("add", POLICY);
      const result = await commit(repo);
      expect(result.code, result.output).not.toBe(0);
      expect(result.output).toContain(`${POLICY}:20:9  error  rules.postScreen[0].when.riskScore: riskScore belongs to vendorAWalletScreening`);
      expect(result.output).toContain("docs/codes/cross-vendor-field.md");
      expect(repo.head()).toBe(before);
      // With lint-staged, the task ran for the one staged policy and failed.
      if (name.includes("lint-staged")) expect(result.output).toMatch(/✖ screenpol lint --staged/);
    } finally {
      repo.remove();
    }
  }, 60_000);

  it("blocks a bad STAGED copy even when the working tree has been fixed", async ({ expect }) => {
    const repo = await huskyRepo(setup, expect);
    try {
      const before = repo.head();
      repo.write(POLICY, repo.bad);
      repo.git("add", POLICY);
      repo.write(POLICY, repo.good);
      const result = await commit(repo);
      expect(result.code, result.output).not.toBe(0);
      expect(result.output).toContain("cross-vendor-field");
      expect(repo.head()).toBe(before);
      expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(repo.good);
      expect(repo.show(`:${POLICY}`)).toBe(repo.bad);
    } finally {
      repo.remove();
    }
  }, 60_000);

  // Also the plain "a good policy commits" case: the staged copy is good.
  it("commits a good STAGED copy even when the working tree holds a bad edit", async ({ expect }) => {
    const repo = await huskyRepo(setup, expect);
    try {
      const staged = repo.good.replace("Vendor risk level severe.", "Vendor risk level severe (reviewed).");
      repo.write(POLICY, staged);
      repo.git("add", POLICY);
      repo.write(POLICY, repo.bad);
      const result = await commit(repo);
      expect(result.code, result.output).toBe(0);
      expect(repo.show(`HEAD:${POLICY}`)).toBe(staged);
      expect(readFileSync(join(repo.dir, POLICY), "utf8")).toBe(repo.bad);
    } finally {
      repo.remove();
    }
  }, 60_000);
});

describe("husky's hook runs the staged policy tests (screenpol test --staged)", () => {
  const TEST_FILE = "tests/sandbox/vendorBAddressScreening/SIGN_IN.test.yaml";
  const TEST_TEXT = [
    "environment: sandbox",
    "providerType: vendorBAddressScreening",
    "scope: SIGN_IN",
    "cases:",
    "  - name: a severe risk level is blocked",
    "    screening:",
    "      chain: EVM",
    '      address: "0x52908400098527886E0F7030069857D2E4169EE7"',
    "      signals: { riskLevel: severe }",
    "    expect: { action: BLOCK, by: block-severe-risk-level }",
    "",
  ].join("\n");

  it("blocks a staged policy that breaks a case of its tests, even when the working tree has been put back", async ({ expect }) => {
    const repo = await huskyRepo(VARIANTS[0]!.setup, expect);
    try {
      repo.write(TEST_FILE, TEST_TEXT);
      repo.git("add", TEST_FILE);
      repo.git("commit", "-qm", "a test of the sign-in policy", "--no-verify");
      const before = repo.head();
      // Still a valid policy (the lint passes), but severe is only alerted: staged, then the working tree put back.
      repo.write(POLICY, repo.good.replace(/(id: block-severe-risk-level[\s\S]*?action: )BLOCK/, "$1ALERT"));
      repo.git("add", POLICY);
      repo.write(POLICY, repo.good);
      const result = await commit(repo);
      expect(result.code, result.output).not.toBe(0);
      expect(result.output).toContain(`FAIL ${TEST_FILE}:5  a severe risk level is blocked\n  expected: BLOCK by block-severe-risk-level\n  actual:   ALERT by block-severe-risk-level\n`);
      expect(repo.head()).toBe(before);
    } finally {
      repo.remove();
    }
  }, 60_000);
});

describe("lint --staged with the paths lint-staged and pre-commit pass", () => {
  let repo: PolicyRepo;
  beforeEach(() => {
    repo = makePolicyRepo();
    repo.write(POLICY, repo.bad);
    repo.git("add", POLICY);
    repo.write(POLICY, repo.good);
  });
  afterEach(() => repo.remove());

  it.each([
    ["repository-relative (pre-commit, lefthook)", (_dir: string) => POLICY],
    ["absolute (lint-staged)", (dir: string) => join(dir, POLICY)],
  ])("selects the staged blob from a %s path", async (_label, pathOf) => {
    const result = await run(process.execPath, [BIN, "lint", "--staged", "--format", "json", pathOf(repo.dir)], { cwd: repo.dir, env: repo.env });
    expect(result.code, result.output).toBe(1);
    const report = JSON.parse(result.output) as { files: number; diagnostics: Array<{ file: string; code: string }> };
    expect(report.files).toBe(1);
    expect(report.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([`${POLICY} cross-vendor-field`]);
  });

  it("selects the same file from a subfolder, with a path relative to it", async () => {
    const cwd = join(repo.dir, "policies/sandbox");
    const result = await run(process.execPath, [BIN, "lint", "--staged", "--format", "json", "vendorBAddressScreening/SIGN_IN.yaml"], { cwd, env: repo.env });
    expect(result.code, result.output).toBe(1);
    expect((JSON.parse(result.output) as { diagnostics: Array<{ file: string }> }).diagnostics[0]!.file).toBe(POLICY);
  });
});
