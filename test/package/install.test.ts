/**
 * Installable the way README.md says (docs/decisions.md,
 * "Issue 14: the hook installs"), on a "clean machine": an npm cache of its
 * own and a registry on 127.0.0.1 that serves exactly the lockfile's tarballs
 * (test/helpers/local-registry.ts), so no network.
 *
 * - the release tarball (`npm pack` of this run's build) into an empty project:
 *   `npx screenpol` works, with production dependencies only;
 * - the pre-commit framework's own install of the published hooks
 *   (.pre-commit-hooks.yaml) from a clone of this repository at a tag, added
 *   to a team's existing .pre-commit-config.yaml: they install, pass a good
 *   commit, block a bad policy (screenpol-lint) and a policy that breaks a
 *   case of its tests (screenpol-test), and the team's own hook still runs.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalRegistry, type LocalRegistry } from "../helpers/local-registry.js";
import { BUILD_ROOT, PROJECT_ROOT } from "../helpers/run-cli.js";
import { announceSkip, findExecutable, git, gitEnv, run } from "../integrations/support/git.js";

const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;
const NOT_COPIED = new Set(["node_modules", ".git", "dist"]);
const PRE_COMMIT = findExecutable("pre-commit");
if (!PRE_COMMIT) announceSkip("the pre-commit hook install test", "pre-commit is not on PATH", "install Debian's pre-commit package (.ci/run does)");

let registry: LocalRegistry;
let work: string;
beforeAll(async () => {
  registry = await startLocalRegistry();
  work = mkdtempSync(join(tmpdir(), "screenpol-install-"));
});
afterAll(async () => {
  await registry.close();
  rmSync(work, { recursive: true, force: true });
});

/** npm with a cache of its own and the local registry: nothing from this machine's cache or the network. */
function npmEnv(name: string): NodeJS.ProcessEnv {
  return { ...gitEnv(), npm_config_cache: join(work, `${name}-cache`), npm_config_registry: `${registry.url}/`, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
}

describe("installing screenpol", () => {
  it("from the release tarball into an empty project: the CLI runs, with its production dependencies only", { timeout: 180_000 }, async () => {
    const packageRoot = join(work, "package");
    for (const entry of readdirSync(PROJECT_ROOT)) if (!NOT_COPIED.has(entry)) cpSync(join(PROJECT_ROOT, entry), join(packageRoot, entry), { recursive: true });
    cpSync(join(BUILD_ROOT, "dist"), join(packageRoot, "dist"), { recursive: true });
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", work], { cwd: packageRoot, env: npmEnv("pack"), stdio: "pipe" });
    const tarball = join(work, `screenpol-${VERSION}.tgz`);

    const project = join(work, "project");
    cpSync(join(PROJECT_ROOT, "screenpol.config.yaml"), join(project, "screenpol.config.yaml"));
    cpSync(join(PROJECT_ROOT, "policies"), join(project, "policies"), { recursive: true });
    writeFileSync(join(project, "package.json"), '{ "name": "policies", "version": "1.0.0", "private": true }\n');
    const env = npmEnv("project");
    const install = await run("npm", ["install", "--save-dev", tarball], { cwd: project, env, timeoutMs: 150_000 });
    expect(install.code, install.output).toBe(0);
    expect(registry.served).not.toContain("typescript");
    expect(registry.served).toContain("z3-solver");

    // The bin npm linked, as `npx screenpol` and a package.json script run it.
    expect(execFileSync(join(project, "node_modules/.bin/screenpol"), ["--version"], { cwd: project, env, encoding: "utf8" })).toBe(`${VERSION}\n`);
    const lint = await run("npx", ["--no-install", "screenpol", "lint"], { cwd: project, env, timeoutMs: 30_000 });
    expect(lint.output).toMatch(/✔ \d+ files linted, no problems/);
    expect(lint.code).toBe(0);
  });

  it.skipIf(!PRE_COMMIT)("as the pre-commit framework installs the published hooks, from a clone at a tag, into a team's existing config", { timeout: 600_000 }, async () => {
    const env = { ...npmEnv("pre-commit"), PRE_COMMIT_HOME: join(work, "pre-commit-home") };
    const clone = join(work, "hook-repo");
    git(work, env, "clone", "-q", PROJECT_ROOT, clone);
    git(clone, env, "tag", `v${VERSION}`);

    const repo = join(work, "policies-repo");
    cpSync(join(PROJECT_ROOT, "screenpol.config.yaml"), join(repo, "screenpol.config.yaml"));
    cpSync(join(PROJECT_ROOT, "policies"), join(repo, "policies"), { recursive: true });
    cpSync(join(PROJECT_ROOT, "tests"), join(repo, "tests"), { recursive: true });
    // The team's config as it was (a hook of their own), with screenpol's two hooks added.
    const teamConfig = [
      "repos:",
      "  - repo: local",
      "    hooks:",
      "      - id: no-tabs-in-yaml",
      "        name: no tabs in YAML",
      "        entry: '\\t'",
      "        language: pygrep",
      "        files: \\.ya?ml$",
      `  - repo: ${clone}`,
      `    rev: v${VERSION}`,
      "    hooks:",
      "      - id: screenpol-lint",
      "      - id: screenpol-test",
      "",
    ].join("\n");
    writeFileSync(join(repo, ".pre-commit-config.yaml"), teamConfig);
    git(repo, env, "init", "-q");
    git(repo, env, "add", "-A");
    const good = await run(PRE_COMMIT!, ["run", "--all-files"], { cwd: repo, env, timeoutMs: 540_000 });
    expect(good.output).toMatch(/no tabs in YAML\.+Passed/);
    expect(good.output).toMatch(/screenpol lint\.+Passed/);
    expect(good.output).toMatch(/screenpol test\.+Passed/);
    expect(good.code, good.output).toBe(0);
    git(repo, env, "commit", "-qm", "policies and their tests", "--no-verify");

    const policy = join(repo, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml");
    const text = readFileSync(policy, "utf8");
    writeFileSync(policy, text.replace("riskLevel: { atLeast: severe }", "riskScore: { gte: 9 }"));
    git(repo, env, "add", "-A");
    const bad = await run(PRE_COMMIT!, ["run"], { cwd: repo, env, timeoutMs: 120_000 });
    expect(bad.code).toBe(1);
    expect(bad.output).toMatch(/screenpol lint\.+Failed/);
    expect(bad.output).toContain("cross-vendor-field");

    // Lints clean, but a severe risk level is only alerted now: the sample tests say it is blocked.
    const weakened = text.replace(/(id: block-severe-risk-level[\s\S]*?action: )BLOCK/, "$1ALERT");
    expect(weakened).not.toBe(text);
    writeFileSync(policy, weakened);
    git(repo, env, "add", "-A");
    const broken = await run(PRE_COMMIT!, ["run"], { cwd: repo, env, timeoutMs: 120_000 });
    expect(broken.code).toBe(1);
    expect(broken.output).toMatch(/screenpol lint\.+Passed/);
    expect(broken.output).toMatch(/screenpol test\.+Failed/);
    expect(broken.output).toMatch(/^FAIL tests\/sandbox\/vendorBAddressScreening\/SIGN_IN\.test\.yaml:\d+ {2}.*\n {2}expected: BLOCK by block-severe-risk-level\n {2}actual: {3}ALERT by block-severe-risk-level$/m);
  });
});
