/**
 * isTrackedByGit (src/workspace/git-index.ts), which the lint cache asks before
 * believing a cache file: tracked means in the index, committed or only added.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isTrackedByGit } from "../../src/workspace/git-index.js";
import { git } from "../helpers/committed-repo.js";

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("isTrackedByGit", () => {
  it("is true for a file added with git add -f despite .gitignore, committed or not; false for an ignored or untracked one, and outside Git", async () => {
    dir = mkdtempSync(join(tmpdir(), "screenpol-tracked-"));
    expect(await isTrackedByGit(join(dir, "none"))).toBe(false);
    git(dir, "init", "-q");
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, ".gitignore"), ".screenpol-cache*\n");
    for (const file of [".screenpol-cache", "sub/.screenpol-cache", "sub/[a].cache", "sub/a.cache"]) writeFileSync(join(dir, file), "{}");
    expect(await isTrackedByGit(join(dir, ".screenpol-cache"))).toBe(false);
    git(dir, "add", "-f", ".screenpol-cache", "sub/[a].cache");
    expect(await isTrackedByGit(join(dir, ".screenpol-cache"))).toBe(true);
    git(dir, "commit", "-qm", "caches");
    expect(await isTrackedByGit(join(dir, ".screenpol-cache"))).toBe(true);
    expect(await isTrackedByGit(join(dir, "sub/.screenpol-cache"))).toBe(false);
    // Literal names: `[a]` is not a glob that would match the untracked a.cache.
    expect(await isTrackedByGit(join(dir, "sub/[a].cache"))).toBe(true);
    git(dir, "rm", "-q", "--cached", "sub/[a].cache");
    writeFileSync(join(dir, "sub/a.cache"), "{}");
    git(dir, "add", "-f", "sub/a.cache");
    expect(await isTrackedByGit(join(dir, "sub/[a].cache"))).toBe(false);
  });
});
