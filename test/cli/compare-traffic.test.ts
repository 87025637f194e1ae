/**
 * `compare --traffic` as a reviewer runs it (docs/semantics.md, "Recorded
 * screenings of a weakening"): the built CLI on a copy of the sample
 * repository made a Git repository, a policy edited in the working tree, and
 * the recorded screenings replay reads; the counts held to replay's on the
 * same file.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const BAD_SAMPLE = "examples/replay/sandbox-vendorA-transaction-bad-lines.jsonl";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
}

function edit(repo: TempRepo, from: string, to: string): void {
  const text = readFileSync(join(repo.dir, POLICY), "utf8");
  const edited = text.replace(from, to);
  expect(edited).not.toBe(text);
  repo.write(POLICY, edited);
}

describe("screenpol compare --traffic", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeTempRepo();
    for (const file of [SAMPLE, BAD_SAMPLE]) repo.write(file, readFileSync(join(PROJECT_ROOT, file)));
    git(repo.dir, "init", "-q");
    git(repo.dir, "add", "-A");
    git(repo.dir, "commit", "-qm", "samples");
  });
  afterEach(() => repo.remove());

  it("probe", async () => {
    edit(repo, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
    const run = await runCli(["compare", "--base", "HEAD", "--traffic", SAMPLE, "--now", "2026-11-23T12:00:00Z"], { cwd: repo.dir });
    console.log(run.code, run.stdout, run.stderr);
    const json = await runCli(["compare", "--base", "HEAD", "--traffic", BAD_SAMPLE, "--now", "2026-11-23T12:00:00Z", "--format", "json"], { cwd: repo.dir });
    console.log(json.code, json.stdout, json.stderr);
  });
});
