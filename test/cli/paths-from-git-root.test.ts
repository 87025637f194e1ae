/**
 * screenpol.config.yaml in a subfolder of the Git repository (a monorepo):
 * every format, `--staged` and watch name files from the Git top, which is
 * what GitHub annotations and SARIF's `%SRCROOT%` resolve against. Outside Git,
 * paths stay relative to the config's folder.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { startWatch } from "../../src/app/watch.js";
import type { LintResult } from "../../src/core/lint.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const BROKEN = "providerType: vendorAWalletScreening\nscope: SIGN_IN\nrules: [unclosed\n";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
}

/** A config with one broken policy under `folder` ("" for the top). */
function layout(repo: TempRepo, folder: string): string {
  const base = folder === "" ? repo.dir : join(repo.dir, folder);
  repo.write(join(folder, "screenpol.config.yaml"), readFileSync(join(PROJECT_ROOT, "screenpol.config.yaml"), "utf8"));
  repo.write(join(folder, POLICY), BROKEN);
  return base;
}

const filesOfJson = (stdout: string): string[] => [...new Set((JSON.parse(stdout) as { diagnostics: Array<{ file: string }> }).diagnostics.map((d) => d.file))];

describe("output paths are relative to the Git top", () => {
  let repo: TempRepo;
  afterEach(() => repo.remove());

  it("a config in a subfolder: github, sarif, json, junit, pretty and --staged all name sub/policies/...", async () => {
    repo = makeTempRepo({ samples: false });
    const sub = layout(repo, "sub");
    git(repo.dir, "init", "-q");
    const expected = `sub/${POLICY}`;

    const github = await runCli(["lint", "--format", "github"], { cwd: sub });
    expect(github.code).toBe(1);
    expect(github.stdout).toContain(`file=${expected},line=`);
    expect(github.stdout).not.toMatch(/file=policies\//);

    const sarif = await runCli(["lint", "--format", "sarif"], { cwd: sub });
    const run = JSON.parse(sarif.stdout).runs[0];
    expect(run.originalUriBaseIds).toEqual({ "%SRCROOT%": { uri: pathToFileURL(`${realpathSync(repo.dir)}/`).href } });
    expect(run.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: expected, uriBaseId: "%SRCROOT%" });

    expect(filesOfJson((await runCli(["lint", "--format", "json"], { cwd: sub })).stdout)).toEqual([expected]);
    expect((await runCli(["lint", "--format", "junit"], { cwd: sub })).stdout).toContain(expected);
    const pretty = await runCli(["lint"], { cwd: sub });
    expect(pretty.stdout).toContain(expected);
    expect(pretty.stdout).not.toMatch(/^policies\//m);

    git(repo.dir, "add", "-A");
    // pre-commit passes paths from the Git top; here from the config's folder, as a user types them.
    const staged = await runCli(["lint", "--staged", "--format", "json", POLICY], { cwd: sub });
    expect(staged.code).toBe(1);
    expect(filesOfJson(staged.stdout)).toEqual([expected]);
  });

  it("watch names the files from the Git top too", async () => {
    repo = makeTempRepo({ samples: false });
    const sub = layout(repo, "sub");
    git(repo.dir, "init", "-q");
    let first: LintResult | undefined;
    const handle = await startWatch({ cwd: sub, onResult: (result) => (first ??= result), onError: () => undefined });
    await handle.close();
    expect([...new Set(first?.diagnostics.map((d) => d.file))]).toEqual([`sub/${POLICY}`]);
    expect([...(first?.sources.keys() ?? [])]).toContain(`sub/${POLICY}`);
  });

  it("outside a Git repository, paths stay relative to the config's folder, which is %SRCROOT%", async () => {
    repo = makeTempRepo({ samples: false });
    const sub = layout(repo, "sub");
    const sarif = JSON.parse((await runCli(["lint", "--format", "sarif"], { cwd: sub })).stdout).runs[0];
    expect(sarif.originalUriBaseIds).toEqual({ "%SRCROOT%": { uri: pathToFileURL(`${realpathSync(sub)}/`).href } });
    expect(sarif.results[0].locations[0].physicalLocation.artifactLocation.uri).toBe(POLICY);
    expect((await runCli(["lint", "--format", "github"], { cwd: sub })).stdout).toContain(`file=${POLICY},line=`);
  });
});
