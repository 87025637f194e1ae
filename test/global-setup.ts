/**
 * Builds exactly as `npm ci` does (scripts/build.mjs: generated validators, tsc,
 * the CLI bundle) once per run, before any test, into a fresh folder of this run
 * (see {@link buildPackage}), so that the tests that spawn the bin or import
 * dist/ run what this run's sources build, and two runs in one checkout never
 * write where the other reads. A failed build fails the run: the error (tsc's
 * output) is thrown, vitest prints it and runs no test. Tests find the build
 * through test/helpers/run-cli.ts (`BUILD_ROOT`, `BIN`).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The package root this run built (test/helpers/run-cli.ts `BUILD_ROOT`). */
    screenpolBuildRoot: string;
  }
}

const PROJECT_ROOT = join(import.meta.dirname, "..");

/**
 * Copied: what is built or resolved relative to the build, and the sample
 * repository `demo` lints from the package root (screenpol refuses links that
 * leave a repository, so these cannot be links to the checkout). Everything
 * else is linked.
 */
const OWN_ENTRIES = new Set(["bin", "dist", "package.json", "screenpol.config.yaml", "policies", "webhooks", "catalog", "tests", "examples"]);
/** Never linked: Git metadata (a linked worktree's `.git` would make the folder a checkout). */
const SKIPPED_ENTRIES = new Set([".git"]);

/**
 * A package root in the OS temp folder, laid out as the checkout is: bin/,
 * package.json and the sample repository copied, dist/ built here, and every
 * other top-level entry (node_modules, schemas, ...) a symbolic link to the
 * checkout's. bin/screenpol.js loads ../dist/ beside itself, and `demo` (its
 * sample repository) and `explain` (docs/codes/, linked) find the package by the
 * package.json above them, so each finds this run's copy. Returns the folder; throws, leaving
 * nothing behind, when the build fails.
 */
export async function buildPackage(projectRoot: string = PROJECT_ROOT): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "screenpol-build-"));
  try {
    const { buildAll } = (await import(pathToFileURL(join(projectRoot, "scripts/build.mjs")).href)) as { buildAll(options: { quiet: boolean; outDir: string }): Promise<void> };
    await buildAll({ quiet: true, outDir: join(root, "dist") });
    for (const entry of OWN_ENTRIES) {
      if (entry !== "dist" && existsSync(join(projectRoot, entry))) cpSync(join(projectRoot, entry), join(root, entry), { recursive: true });
    }
    for (const entry of readdirSync(projectRoot)) {
      if (!OWN_ENTRIES.has(entry) && !SKIPPED_ENTRIES.has(entry)) symlinkSync(join(projectRoot, entry), join(root, entry));
    }
    return root;
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`global setup: the build failed, so no test runs (a stale build would pass for this one):\n${(error as Error).message}`, { cause: error });
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const builds = [await buildPackage()];
  // The CLI keeps V8 code caches in the user's cache folder (bin/screenpol.js): a run's CLIs keep theirs in its own
  // temporary folder, inherited through the environment, so that tests never write into the home folder.
  const codeCaches = mkdtempSync(join(tmpdir(), "screenpol-xdg-cache-"));
  process.env.XDG_CACHE_HOME = codeCaches;
  // Logins likewise (screenpol login): never the user's keyring or config folder. The tests of the keyring itself
  // opt in with SCREENPOL_CREDENTIAL_STORE=keyring inside a Secret Service of their own (test/workspace/keyring).
  const configHome = mkdtempSync(join(tmpdir(), "screenpol-xdg-config-"));
  process.env.XDG_CONFIG_HOME = configHome;
  process.env.SCREENPOL_CREDENTIAL_STORE = "file";
  project.provide("screenpolBuildRoot", builds[0]!);
  // Watch mode: every rerun gets a build of the sources as they are then.
  project.onTestsRerun(async () => {
    builds.push(await buildPackage());
    project.provide("screenpolBuildRoot", builds.at(-1)!);
  });
  return () => {
    for (const root of builds) rmSync(root, { recursive: true, force: true });
    rmSync(codeCaches, { recursive: true, force: true });
    rmSync(configHome, { recursive: true, force: true });
  };
}
