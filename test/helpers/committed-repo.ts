/**
 * A copy of the sample repository made a Git repository with one commit, for
 * the commands that read Git revisions (compare): edit the working tree, or
 * commit more, then compare against `HEAD`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

/** git in `cwd` with a fixed identity; its stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });
}

/** Replaces `from` (which must be there) by `to` in a file of the repository. */
export function edit(repo: TempRepo, file: string, from: string, to: string): void {
  const text = readFileSync(join(repo.dir, file), "utf8");
  const edited = text.replace(from, to);
  expect(edited).not.toBe(text);
  repo.write(file, edited);
}

/** The samples (and `extra` entries of the checkout, e.g. schemas) committed; `commit` is the short id of that commit. */
export function makeCommittedRepo(extra: readonly string[] = []): { repo: TempRepo; commit: string } {
  const repo = makeTempRepo({ extra });
  git(repo.dir, "init", "-q");
  git(repo.dir, "add", "-A");
  git(repo.dir, "commit", "-qm", "samples");
  return { repo, commit: git(repo.dir, "rev-parse", "--short=7", "HEAD").trim() };
}
