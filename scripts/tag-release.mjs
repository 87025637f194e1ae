#!/usr/bin/env node
// `node scripts/tag-release.mjs [--dist FOLDER]`, in a clean checkout of the commit to release: commits
// dist/ built on top of it, with package.json's build scripts removed, and tags that commit v<version>.
// The release tarball is `npm pack` of the tag (README.md, "Install"), and the pre-commit framework
// installs the published hook from a clone of it, so both get dist/ as it is, and nothing builds:
//  - pre-commit 4.x installs a node hook by `npm install -g git+file://<clone>`. npm prepares a Git
//    dependency whose package.json has a `build` (or prepare, prepack, install) script by a second
//    `npm install` in the clone, which inherits the outer install's `--global` through npm_config_global:
//    it installs the clone globally instead of its devDependencies, builds nothing, and races the outer
//    install on the same global folder (ENOTEMPTY). Without those scripts npm packs the clone as it is.
//  - pre-commit 3.x runs `npm install` in the clone, then `npm pack`, reading the packed file's name
//    from its standard output: no script runs in either.
//  - a tarball with no build scripts runs nothing on install, and npm 11 lists none for approval.
// --dist copies a build made elsewhere (test/package/install.test.ts hands it the test run's) instead
// of building here.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAll } from "./build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The scripts npm runs, or prepares a Git dependency for, on an install: none has anything to do at the tag. */
const BUILD_SCRIPTS = ["build", "preinstall", "install", "postinstall", "preprepare", "prepare", "postprepare", "prepack", "postpack"];

function fail(message) {
  process.stderr.write(`tag-release: ${message}\n`);
  process.exit(2);
}

/** git's output; a failure is git's own message, in the one line fail() prints. */
function git(...args) {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    return fail(`git ${args[0]} failed: ${String(error.stderr || error.message).trim().split("\n").at(-1)}`);
  }
}

const args = process.argv.slice(2);
const distAt = args.indexOf("--dist");
if (args.length !== (distAt === -1 ? 0 : 2) || (distAt !== -1 && !args[distAt + 1])) fail("usage: node scripts/tag-release.mjs [--dist FOLDER]");
const prebuilt = distAt === -1 ? undefined : resolve(args[distAt + 1]);
if (prebuilt !== undefined && !existsSync(join(prebuilt, "bin/main.cjs"))) fail(`${prebuilt} is not a build: it has no bin/main.cjs`);

if (git("status", "--porcelain") !== "") fail("the checkout has uncommitted changes: release a commit, not a working tree");
const manifestPath = join(root, "package.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const tag = `v${manifest.version}`;
if (git("tag", "--list", tag) !== "") fail(`the tag ${tag} exists already`);
// Checked before anything is written: without a committer, the commit would fail with package.json already changed.
git("var", "GIT_COMMITTER_IDENT");

if (prebuilt === undefined) {
  // A failed build leaves dist/ as it was (build.mjs); its message carries tsc's or esbuild's errors.
  await buildAll({ quiet: true }).catch((error) => fail(error.message));
} else {
  rmSync(join(root, "dist"), { recursive: true, force: true });
  cpSync(prebuilt, join(root, "dist"), { recursive: true });
}
for (const name of BUILD_SCRIPTS) delete manifest.scripts?.[name];
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);

// dist/ is in .gitignore on every other commit: -f adds it to this one.
git("add", "-f", "dist", "package.json");
git("commit", "-q", "--no-verify", "-m", `${tag}: dist/ built, no build scripts (installs from the tag build nothing)`);
git("tag", tag);
process.stdout.write(`tagged ${tag} at ${git("rev-parse", "--short", "HEAD")}\n`);
