import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
}

describe("screenpol lint --staged", () => {
  let repo: TempRepo;
  let good: string;
  let bad: string;
  beforeEach(() => {
    repo = makeTempRepo();
    git(repo.dir, "init", "-q");
    git(repo.dir, "add", "-A");
    git(repo.dir, "commit", "-qm", "samples");
    good = readFileSync(join(repo.dir, POLICY), "utf8");
    // A field of the other vendor, in an otherwise valid policy.
    bad = good.replace("riskLevel:", "riskScore:");
    expect(bad).not.toBe(good);
  });
  afterEach(() => repo.remove());

  it("judges the staged copy, not the working tree: staged bad, working tree good", async () => {
    repo.write(POLICY, bad);
    git(repo.dir, "add", POLICY);
    repo.write(POLICY, good);
    const staged = await runCli(["lint", "--staged", "--format", "json"], { cwd: repo.dir });
    expect(staged.code).toBe(1);
    const codes = JSON.parse(staged.stdout).diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`);
    expect(codes).toContain(`${POLICY} cross-vendor-field`);
    expect((await runCli(["lint"], { cwd: repo.dir })).code).toBe(0);
  });

  it("passes a good staged copy whatever the working tree holds", async () => {
    repo.write(POLICY, bad);
    const staged = await runCli(["lint", "--staged", POLICY], { cwd: repo.dir });
    expect(staged.stderr).toBe("");
    expect(staged.code).toBe(0);
    expect((await runCli(["lint", POLICY], { cwd: repo.dir })).code).toBe(1);
  });

  it("lints a partially staged file as staged", async () => {
    // Stage only the first change (bad), leave a second change unstaged.
    repo.write(POLICY, bad);
    git(repo.dir, "add", POLICY);
    repo.write(POLICY, `${bad}# an unstaged trailing comment\n`);
    const blob = git(repo.dir, "show", `:${POLICY}`);
    expect(blob).toBe(bad);
    expect((await runCli(["lint", "--staged", POLICY], { cwd: repo.dir })).code).toBe(1);
  });

  it("accepts repository-relative paths (pre-commit) and absolute paths (lint-staged)", async () => {
    repo.write(POLICY, bad);
    git(repo.dir, "add", POLICY);
    repo.write(POLICY, good);
    expect((await runCli(["lint", "--staged", POLICY], { cwd: repo.dir })).code).toBe(1);
    expect((await runCli(["lint", "--staged", join(repo.dir, POLICY)], { cwd: repo.dir })).code).toBe(1);
    expect((await runCli(["lint", "--staged", "policies/live"], { cwd: repo.dir })).code).toBe(0);
  });

  it("says plainly when there is no Git repository (exit 2)", async () => {
    const plain = makeTempRepo();
    try {
      const run = await runCli(["lint", "--staged"], { cwd: plain.dir, env: { GIT_CEILING_DIRECTORIES: dirname(plain.dir) } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^screenpol: cannot read the Git index: .*not a git repository/im);
    } finally {
      plain.remove();
    }
  });
});

describe("screenpol lint --staged with paths that match nothing staged", () => {
  it("reports the path instead of passing silently, also through a symbolic link", async () => {
    const repo = makeTempRepo();
    try {
      git(repo.dir, "init", "-q");
      git(repo.dir, "add", "-A");
      git(repo.dir, "commit", "-qm", "samples");
      // On disk but never added: a finding. (Nowhere at all is a usage error, test/cli/lint-exit-codes.test.ts.)
      repo.write("policies/sandbox/vendorAWalletScreening/SIGNIN.yaml", "scope: SIGN_IN\n");
      const typo = await runCli(["lint", "--staged", "--format", "json", "policies/sandbox/vendorAWalletScreening/SIGNIN.yaml"], { cwd: repo.dir });
      expect(typo.code).toBe(1);
      expect(JSON.parse(typo.stdout).diagnostics.map((d: { file: string; code: string; message: string }) => `${d.file} ${d.code} ${d.message}`)).toEqual([
        "policies/sandbox/vendorAWalletScreening/SIGNIN.yaml read-error is not in the Git index (not added, or not tracked)",
      ]);
      const bad = readFileSync(join(repo.dir, POLICY), "utf8").replace("riskLevel:", "riskScore:");
      repo.write(POLICY, bad);
      git(repo.dir, "add", POLICY);
      const link = `${repo.dir}-link`;
      symlinkSync(repo.dir, link);
      try {
        const viaLink = await runCli(["lint", "--staged", join(link, POLICY)], { cwd: link });
        expect(viaLink.code).toBe(1);
        expect(viaLink.stdout).toContain("cross-vendor-field");
      } finally {
        rmSync(link);
      }
    } finally {
      repo.remove();
    }
  });
});
