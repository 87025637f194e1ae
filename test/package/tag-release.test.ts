/**
 * scripts/tag-release.mjs (README.md, "Development"): the release tag's commit
 * carries dist/ and no build script; it refuses, in one line and exit 2, a
 * checkout with uncommitted changes and a version already tagged, changing
 * nothing. The installs from the tag are test/package/install.test.ts.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_ROOT, PROJECT_ROOT } from "../helpers/run-cli.js";
import { git, gitEnv } from "../integrations/support/git.js";

const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;

let work: string;
let clone: string;
const env = gitEnv();
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "screenpol-tag-release-"));
  clone = join(work, "clone");
  git(work, env, "clone", "-q", PROJECT_ROOT, clone);
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function tagRelease(dist = join(BUILD_ROOT, "dist")) {
  const result = spawnSync(process.execPath, [join(clone, "scripts/tag-release.mjs"), "--dist", dist], { cwd: clone, env, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("scripts/tag-release.mjs", () => {
  it("refuses a checkout with uncommitted changes, tagging nothing", () => {
    const head = git(clone, env, "rev-parse", "HEAD");
    writeFileSync(join(clone, "README.md"), "edited\n");
    expect(tagRelease()).toEqual({ code: 2, stdout: "", stderr: "tag-release: the checkout has uncommitted changes: release a commit, not a working tree\n" });
    expect(git(clone, env, "rev-parse", "HEAD")).toBe(head);
    expect(git(clone, env, "tag", "--list")).toBe("");
    git(clone, env, "checkout", "--", "README.md");
  });

  it("refuses a --dist folder that is not a build, changing nothing", () => {
    expect(tagRelease(work)).toEqual({ code: 2, stdout: "", stderr: `tag-release: ${work} is not a build: it has no bin/main.cjs\n` });
    expect(git(clone, env, "status", "--porcelain")).toBe("");
    expect(git(clone, env, "tag", "--list")).toBe("");
  });

  it("commits dist/ and package.json without its build scripts on top of HEAD, and tags that commit", { timeout: 120_000 }, () => {
    const head = git(clone, env, "rev-parse", "HEAD").trim();
    const tagged = tagRelease();
    expect(tagged.stderr).toBe("");
    expect(tagged.stdout).toBe(`tagged v${VERSION} at ${git(clone, env, "rev-parse", "--short", "HEAD").trim()}\n`);
    expect(tagged.code).toBe(0);
    expect(git(clone, env, "rev-parse", `v${VERSION}^{commit}`)).toBe(git(clone, env, "rev-parse", "HEAD"));
    expect(git(clone, env, "rev-parse", "HEAD~1").trim()).toBe(head);
    expect(git(clone, env, "status", "--porcelain")).toBe("");

    // Only dist/ and package.json changed; dist/ is the build, byte for byte.
    const changed = git(clone, env, "diff", "--name-only", "HEAD~1", "HEAD").trim().split("\n");
    expect(changed.filter((path) => !path.startsWith("dist/"))).toEqual(["package.json"]);
    const bundle = execFileSync("git", ["show", `v${VERSION}:dist/bin/main.cjs`], { cwd: clone, env, maxBuffer: 64 * 1024 * 1024 });
    expect(bundle.equals(readFileSync(join(BUILD_ROOT, "dist/bin/main.cjs")))).toBe(true);
    const released = JSON.parse(git(clone, env, "show", `v${VERSION}:package.json`)) as { scripts: Record<string, string> };
    const original = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(Object.keys(released.scripts)).toEqual(Object.keys(original.scripts).filter((name) => !["build", "postprepare"].includes(name)));
  });

  it("refuses a version that is tagged already", () => {
    const head = git(clone, env, "rev-parse", "HEAD");
    expect(tagRelease()).toEqual({ code: 2, stdout: "", stderr: `tag-release: the tag v${VERSION} exists already\n` });
    expect(git(clone, env, "rev-parse", "HEAD")).toBe(head);
  });
});
