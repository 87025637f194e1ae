/**
 * decide, test and replay run one decision procedure (style.md, habit 12), so
 * through the built CLI they give every screening the same decision. Generated
 * screenings of the sample vendorA TRANSACTION policy go through all three:
 * `decide --format json` one by one; `test --format json` as cases that expect
 * what decide said; `replay --format json --base <ref>` against a revision with
 * no policy and no address entries, where a screening decides by the floor or
 * `policy-disabled`, so every other head decision shows up as a change.
 */
import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { Screening } from "../../src/core/semantics/index.js";
import { runCliInProcess } from "../helpers/run-cli-in-process.js";
import { runCli } from "../helpers/run-cli.js";
import { screening } from "../helpers/screening-arbitraries.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const NOW = "2026-11-23T12:00:00Z";
const SUBJECT = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];
const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const SCREENINGS = 30;

interface Verdict {
  action: string;
  by: string;
}

describe("decide, test and replay agree on every screening", () => {
  let repo: TempRepo;
  let screenings: Screening[];
  let base: string;

  beforeAll(() => {
    repo = makeTempRepo();
    const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: repo.dir, encoding: "utf8" });
    git("init", "-q");
    git("rm", "-q", "--cached", "--ignore-unmatch", POLICY);
    git("add", "-A");
    git("reset", "-q", "--", POLICY, ADDRESSES);
    git("commit", "-qm", "without the policy and its address entries");
    base = git("rev-parse", "HEAD").trim();
    screenings = fc.sample(screening("vendorAWalletScreening", "TRANSACTION"), SCREENINGS);
  });
  afterAll(() => repo.remove());

  it("gives each screening one decision, whichever command asks", { timeout: 120_000 }, async () => {
    const decided: Verdict[] = [];
    for (const item of screenings) {
      // In this process (test/helpers/run-cli-in-process.ts prints what the spawned CLI prints): a process per screening cost 30.
      const run = await runCliInProcess(["decide", ...SUBJECT, "--now", NOW, "--format", "json", "-"], { cwd: repo.dir, input: JSON.stringify(item) });
      expect(run.code, run.stderr).toBe(0);
      const { action, by } = JSON.parse(run.stdout).decision as Verdict;
      decided.push({ action, by });
    }

    // Generated at the policy's thresholds: rules, gates and steps all decide some (a guard against a vacuous pass).
    expect(new Set(decided.map((verdict) => verdict.by)).size).toBeGreaterThanOrEqual(3);

    const cases = screenings.map((item, index) => ({ name: `screening ${index + 1}`, screening: item, expect: decided[index] }));
    repo.write("tests/agreement.test.yaml", stringify({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", cases }));
    const tested = await runCli(["test", "--now", NOW, "--format", "json", "tests/agreement.test.yaml"], { cwd: repo.dir });
    expect(tested.code, tested.stdout + tested.stderr).toBe(0);
    const report = JSON.parse(tested.stdout) as { passed: number; cases: Array<{ name: string; actual: Verdict }> };
    expect(report.passed).toBe(SCREENINGS);
    expect(report.cases.map((entry) => ({ action: entry.actual.action, by: entry.actual.by }))).toEqual(decided);

    const lines = `${screenings.map((item) => JSON.stringify(item)).join("\n")}\n`;
    const replayed = await runCli(["replay", "-", ...SUBJECT, "--base", base, "--now", NOW, "--samples", String(SCREENINGS), "--format", "json"], { cwd: repo.dir, input: lines });
    expect(replayed.code, replayed.stderr).toBe(0);
    const result = JSON.parse(replayed.stdout) as { screenings: number; skipped: number; samples: Array<{ line: number; from: Verdict; to: Verdict }> };
    expect([result.screenings, result.skipped]).toEqual([SCREENINGS, 0]);
    const changed = new Map(result.samples.map((sample) => [sample.line, sample]));
    const headDecisions = screenings.map((item, index) => {
      const sample = changed.get(index + 1);
      if (sample) return sample.to;
      // Unchanged: the head decided as a revision with no policy and no entries does.
      return item.sanctioned ? { action: "BLOCK", by: "sanctions-floor" } : { action: "ALLOW", by: "policy-disabled" };
    });
    expect(headDecisions.map(({ action, by }) => ({ action, by }))).toEqual(decided);
  });
});
