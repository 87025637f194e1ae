/**
 * Installable the way README.md says (docs/decisions.md,
 * "Issue 14: the hook installs"), on a "clean machine": an npm cache of its
 * own (one for the file's installs, empty at first) and a registry on
 * 127.0.0.1 that serves exactly the lockfile's tarballs
 * (test/helpers/local-registry.ts), so no network.
 *
 * The release is made as scripts/tag-release.mjs makes it, in a clone of this
 * repository: the tag's commit carries dist/ (this run's build) and no build
 * script. Then:
 * - the release tarball (`npm pack` of the tag) into an empty project:
 *   `npx screenpol` works, with production dependencies only, and nothing of
 *   screenpol's ran on the pack or the install;
 * - the pre-commit framework's own install of the published hooks
 *   (.pre-commit-hooks.yaml) from that clone at the tag, added to a team's
 *   existing .pre-commit-config.yaml, under both ways the framework installs a
 *   node hook: 4.x (`npm install -g git+file://<clone>`, from the Python package
 *   index; .ci/run pip-installs it into .venv-ci/) and Debian's 3.x (`npm
 *   install` in the clone, `npm pack`, a global install of the packed file):
 *   they install, pass a good commit, block a bad policy (screenpol-lint) and a
 *   policy that breaks a case of its tests (screenpol-test), and the team's own
 *   hook still runs.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalRegistry, type LocalRegistry } from "../helpers/local-registry.js";
import { BUILD_ROOT, PROJECT_ROOT } from "../helpers/run-cli.js";
import { announceSkip, findExecutable, git, gitEnv, run } from "../integrations/support/git.js";

const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;

/**
 * The framework's two ways of installing a node hook, each wanted under test: a
 * pre-commit found on PATH or in .ci/run's venv, by its major version.
 */
const FRAMEWORKS = [
  { major: 4, name: "pre-commit 4.x", fix: "run .ci/run, which pip-installs pre-commit==4.6.2 into .venv-ci/" },
  { major: 3, name: "Debian's pre-commit 3.x", fix: "install Debian's pre-commit package (.ci/run does)" },
].map((framework) => ({ ...framework, executable: preCommitOfMajor(framework.major) }));
for (const { name, executable, fix } of FRAMEWORKS) if (!executable) announceSkip(`the hook install test under ${name}`, `no ${name} on PATH or in .venv-ci/`, fix);

function preCommitOfMajor(major: number): string | undefined {
  const candidates = [findExecutable("pre-commit"), join(PROJECT_ROOT, ".venv-ci/bin/pre-commit")].filter((path) => path !== undefined && existsSync(path));
  return candidates.find((path) => new RegExp(`^pre-commit ${major}\\.`).test(execFileSync(path, ["--version"], { encoding: "utf8" })));
}

let registry: LocalRegistry;
let work: string;
/** A clone of this repository whose HEAD is the release commit, tagged v<version>. */
let release: string;
beforeAll(async () => {
  registry = await startLocalRegistry();
  work = mkdtempSync(join(tmpdir(), "screenpol-install-"));
  release = join(work, "release");
  const env = gitEnv();
  git(work, env, "clone", "-q", PROJECT_ROOT, release);
  const tagged = execFileSync(process.execPath, [join(release, "scripts/tag-release.mjs"), "--dist", join(BUILD_ROOT, "dist")], { cwd: release, env, encoding: "utf8" });
  expect(tagged).toMatch(new RegExp(`^tagged v${VERSION.replaceAll(".", "\\.")} at [0-9a-f]+\n$`));
}, 60_000);
afterAll(async () => {
  await registry.close();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** What npm would run of screenpol's on an install, a pack or the preparation of a Git dependency. */
const BUILD_SCRIPTS = ["build", "preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare", "prepack", "postpack"];

/**
 * npm with the local registry and one cache of this file's own, empty at first: nothing from this machine's
 * cache or the network. One for every install here, as one machine has one: what a later install can take
 * from it (packuments, tarballs npm finds by the same address) is not fetched and verified again.
 */
function npmEnv(): NodeJS.ProcessEnv {
  return { ...gitEnv(), npm_config_cache: join(work, "npm-cache"), npm_config_registry: `${registry.url}/`, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
}

describe("installing screenpol", () => {
  it("from the release tarball into an empty project: the CLI runs, with its production dependencies only", { timeout: 180_000 }, async () => {
    // No script of screenpol's runs on the pack: its standard output is the packed file's name alone.
    expect(execFileSync("npm", ["pack", "--pack-destination", work], { cwd: release, env: npmEnv(), encoding: "utf8" })).toBe(`screenpol-${VERSION}.tgz\n`);
    const tarball = join(work, `screenpol-${VERSION}.tgz`);

    const project = join(work, "project");
    cpSync(join(PROJECT_ROOT, "screenpol.config.yaml"), join(project, "screenpol.config.yaml"));
    cpSync(join(PROJECT_ROOT, "policies"), join(project, "policies"), { recursive: true });
    writeFileSync(join(project, "package.json"), '{ "name": "policies", "version": "1.0.0", "private": true }\n');
    const env = npmEnv();
    const install = await run("npm", ["install", "--save-dev", tarball], { cwd: project, env, timeoutMs: 150_000 });
    expect(install.code, install.output).toBe(0);
    expect(registry.served).not.toContain("typescript");
    const installed = JSON.parse(readFileSync(join(project, "node_modules/screenpol/package.json"), "utf8")) as { scripts?: Record<string, string> };
    expect(Object.keys(installed.scripts ?? {}).filter((name) => BUILD_SCRIPTS.includes(name))).toEqual([]);
    expect(registry.served).toContain("z3-solver");

    // The bin npm linked, as `npx screenpol` and a package.json script run it.
    expect(execFileSync(join(project, "node_modules/.bin/screenpol"), ["--version"], { cwd: project, env, encoding: "utf8" })).toBe(`${VERSION}\n`);
    const lint = await run("npx", ["--no-install", "screenpol", "lint"], { cwd: project, env, timeoutMs: 30_000 });
    expect(lint.output).toMatch(/✔ \d+ files linted, no problems/);
    expect(lint.code).toBe(0);
  });

  for (const { major, name, executable } of FRAMEWORKS) {
    it.skipIf(!executable)(`as ${name} installs the published hooks, from a clone at a tag, into a team's existing config`, { timeout: 600_000 }, async () => {
      const PRE_COMMIT = executable!;
      const env = { ...npmEnv(), PRE_COMMIT_HOME: join(work, `pre-commit-${major}-home`) };

      const repo = join(work, `policies-repo-${major}`);
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
        `  - repo: ${release}`,
        `    rev: v${VERSION}`,
        "    hooks:",
        "      - id: screenpol-lint",
        "      - id: screenpol-test",
        "",
      ].join("\n");
      writeFileSync(join(repo, ".pre-commit-config.yaml"), teamConfig);
      git(repo, env, "init", "-q");
      git(repo, env, "add", "-A");
      const good = await run(PRE_COMMIT, ["run", "--all-files"], { cwd: repo, env, timeoutMs: 540_000 });
      expect(good.output).toMatch(/no tabs in YAML\.+Passed/);
      expect(good.output).toMatch(/screenpol lint\.+Passed/);
      expect(good.output).toMatch(/screenpol test\.+Passed/);
      expect(good.code, good.output).toBe(0);
      git(repo, env, "commit", "-qm", "policies and their tests", "--no-verify");

      const policy = join(repo, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml");
      const text = readFileSync(policy, "utf8");
      writeFileSync(policy, text.replace("riskLevel: { atLeast: severe }", "riskScore: { gte: 9 }"));
      git(repo, env, "add", "-A");
      const bad = await run(PRE_COMMIT, ["run"], { cwd: repo, env, timeoutMs: 120_000 });
      expect(bad.code, bad.output).toBe(1);
      expect(bad.output).toMatch(/screenpol lint\.+Failed/);
      expect(bad.output).toContain("cross-vendor-field");

      // Lints clean, but a severe risk level is only alerted now: the sample tests say it is blocked.
      const weakened = text.replace(/(id: block-severe-risk-level[\s\S]*?action: )BLOCK/, "$1ALERT");
      expect(weakened).not.toBe(text);
      writeFileSync(policy, weakened);
      git(repo, env, "add", "-A");
      const broken = await run(PRE_COMMIT, ["run"], { cwd: repo, env, timeoutMs: 120_000 });
      expect(broken.code, broken.output).toBe(1);
      expect(broken.output).toMatch(/screenpol lint\.+Passed/);
      expect(broken.output).toMatch(/screenpol test\.+Failed/);
      expect(broken.output).toMatch(/^FAIL tests\/sandbox\/vendorBAddressScreening\/SIGN_IN\.test\.yaml:\d+ {2}.*\n {2}expected: BLOCK by block-severe-risk-level\n {2}actual: {3}ALERT by block-severe-risk-level$/m);
    });
  }
});
