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

const NOW = ["--now", "2026-11-23T12:00:00Z"];

/**
 * `count` screenings made from the sample's by a fixed sequence (no clock, the
 * same file on every run): scores and amounts around the thresholds the edits move, and
 * every 97th line no screening.
 */
function generatedScreenings(count: number): string {
  const samples = readFileSync(join(PROJECT_ROOT, SAMPLE), "utf8").trim().split("\n").map((line) => JSON.parse(line));
  const scores = [0, 2.5, 3, 3.5, 3.99, 4, 6, 8.4, 8.5, 8.75, 8.99, 9, 9.5, 10];
  const amounts = [100, 249.99, 250, 600, 999.99, 1000, 5000];
  // A linear congruential sequence of fixed seed: the same file on every run.
  let state = 24;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) >>> 16;
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    if (index % 97 === 96) {
      lines.push("{not json");
      continue;
    }
    const screening = structuredClone(samples[index % samples.length]);
    if (typeof screening.signals?.riskScore === "number") screening.signals.riskScore = scores[next() % scores.length];
    if (typeof screening.transfer?.amountUsd === "number") screening.transfer.amountUsd = amounts[next() % amounts.length];
    lines.push(JSON.stringify(screening));
  }
  return `${lines.join("\n")}\n`;
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

  /** Two weakening causes (a raised block threshold, a raised minimum amount) and a same-action change (an alert threshold lowered). */
  function weakenTwice(): void {
    edit(repo, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
    edit(repo, "minAmountUsd: 250", "minAmountUsd: 1000");
    edit(repo, "riskScore: { gte: 4 }", "riskScore: { gte: 3 }");
  }

  it("says under each cause how many recorded screenings it affects, and the totals once", async () => {
    edit(repo, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
    const run = await runCli(["compare", "--base", "HEAD", "--traffic", SAMPLE, ...NOW], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    const headline = lines.indexOf("  sandbox/vendorAWalletScreening/TRANSACTION: rule block-severe-risk-score: riskScore gte raised from 8.5 to 9");
    expect(headline).toBeGreaterThan(0);
    expect(lines[headline + 1]).toBe("    affects 5 of 30 recorded screenings (16.67%)");
    expect(lines.slice(lines.indexOf("Recorded screenings decided with both versions (--traffic):"), -3)).toEqual([
      "Recorded screenings decided with both versions (--traffic):",
      `  sandbox/vendorAWalletScreening/TRANSACTION: 5 of 30 recorded screenings in ${SAMPLE} decided less strictly (16.67%), 0 more strictly, 0 by another rule or step with the same action; 0 lines skipped`,
    ]);
    const markdown = await runCli(["compare", "--base", "HEAD", "--traffic", SAMPLE, "--format", "markdown", ...NOW], { cwd: repo.dir });
    expect(markdown.code).toBe(0);
    expect(markdown.stdout).toContain("- `sandbox/vendorAWalletScreening/TRANSACTION`: rule block-severe-risk-score: riskScore gte raised from 8.5 to 9\n  - affects 5 of 30 recorded screenings (16.67%)\n");
    expect(markdown.stdout).toContain("\n#### Recorded screenings decided with both versions (--traffic)\n\n- sandbox/vendorAWalletScreening/TRANSACTION: 5 of 30 recorded screenings in ");
  });

  it("says once that nothing was counted when no compared policy changes a decision, exit 0", async () => {
    const run = await runCli(["compare", "--base", "HEAD", "--traffic", SAMPLE, ...NOW], { cwd: repo.dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("No policy or address entries changed.");
    expect(run.stderr).toBe(`screenpol: --traffic: no compared policy decides a screening differently; ${SAMPLE} was not read\n`);
  });

  it("counts per cause and per transition exactly replay's transitions on the sample screenings, a generated file, its gzip and standard input", async () => {
    weakenTwice();
    repo.write("generated.jsonl", generatedScreenings(3000));
    repo.write("generated.jsonl.gz", gzipSync(readFileSync(join(repo.dir, "generated.jsonl"))));
    for (const file of [SAMPLE, BAD_SAMPLE, "generated.jsonl"]) {
      const replay = await runCli(["replay", file, ...TARGET, "--base", "HEAD", "--format", "json", ...NOW], { cwd: repo.dir });
      expect(replay.code).toBe(0);
      const replayed = JSON.parse(replay.stdout);
      const compared = await runCli(["compare", "--base", "HEAD", "--traffic", file, "--format", "json", ...NOW], { cwd: repo.dir });
      expect(compared.stderr).toBe("");
      expect(compared.code).toBe(0);
      const [policy] = JSON.parse(compared.stdout).policies;
      expect(policy.causes.length).toBe(3);
      expect(policy.traffic).toEqual({
        file,
        screenings: replayed.screenings,
        skipped: replayed.skipped,
        changed: replayed.changed,
        transitions: replayed.transitions,
        // replay groups its bad lines by message; the first skipped line is the lowest first line of a group.
        ...(replayed.badLines.length === 0 ? {} : { firstSkipped: (({ line, error }) => ({ line, error }))([...replayed.badLines].sort((a: { line: number }, b: { line: number }) => a.line - b.line)[0]) }),
      });
      // Every changed action is in exactly one cause's part and one transition: both sums are replay's, per (from, to) action.
      const actionChanges = replayed.transitions.filter((transition: { from: string; to: string }) => transition.from !== transition.to);
      const sumBy = (transitions: Array<{ from: { action: string }; to: { action: string }; recorded: number }>) => {
        const sums = new Map<string, number>();
        for (const { from, to, recorded } of transitions) sums.set(`${from.action} ${to.action}`, (sums.get(`${from.action} ${to.action}`) ?? 0) + recorded);
        return Object.fromEntries([...sums].filter(([, count]) => count > 0).sort());
      };
      const expected = Object.fromEntries(actionChanges.map((transition: { from: string; to: string; count: number }) => [`${transition.from} ${transition.to}`, transition.count]).sort());
      expect(sumBy(policy.transitions)).toEqual(expected);
      expect(sumBy(policy.causes.flatMap((cause: { transitions: unknown[] }) => cause.transitions))).toEqual(expected);
      for (const cause of policy.causes) expect(cause.recorded).toBe(cause.transitions.reduce((sum: number, transition: { recorded: number }) => sum + transition.recorded, 0));
      if (file === "generated.jsonl") {
        // Both causes affect some generated screenings, and some change rule but not action: the sums above are not vacuous.
        expect(policy.causes.filter((cause: { recorded: number }) => cause.recorded > 0).length).toBeGreaterThanOrEqual(2);
        expect(replayed.transitions.some((transition: { from: string; to: string }) => transition.from === transition.to)).toBe(true);
        const pretty = await runCli(["compare", "--base", "HEAD", "--traffic", file, ...NOW], { cwd: repo.dir });
        const gzip = await runCli(["compare", "--base", "HEAD", "--traffic", "generated.jsonl.gz", ...NOW], { cwd: repo.dir });
        const stdin = await runCli(["compare", "--base", "HEAD", "--traffic", "-", ...NOW], { cwd: repo.dir, input: readFileSync(join(repo.dir, file), "utf8") });
        expect([pretty.code, gzip.code, stdin.code]).toEqual([0, 0, 0]);
        expect(gzip.stdout).toBe(pretty.stdout.replace("in generated.jsonl decided", "in generated.jsonl.gz decided"));
        expect(stdin.stdout).toBe(pretty.stdout.replace("in generated.jsonl decided", "in standard input decided"));
      }
    }
  });

  it("says the lines it skipped once, with the first of them, as replay skips them", async () => {
    edit(repo, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
    const run = await runCli(["compare", "--base", "HEAD", "--traffic", BAD_SAMPLE, ...NOW], { cwd: repo.dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `\n  sandbox/vendorAWalletScreening/TRANSACTION: 5 of 30 recorded screenings in ${BAD_SAMPLE} decided less strictly (16.67%), 0 more strictly, 0 by another rule or step with the same action; 4 lines skipped (the first: line 9: signals.riskScore: 12 is out of range: must be <= 10)\n`,
    );
  });

  it("refuses a missing file and a corrupt gzip stream as replay does, one line and exit 2, before or instead of any report", async () => {
    edit(repo, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
    const missing = await runCli(["compare", "--base", "HEAD", "--traffic", "nope.jsonl", ...NOW], { cwd: repo.dir });
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([2, "", "screenpol: --traffic: cannot read nope.jsonl: no such file\n"]);
    const gzip = gzipSync(Buffer.from(readFileSync(join(repo.dir, SAMPLE), "utf8").repeat(200)));
    repo.write("cut.jsonl.gz", gzip.subarray(0, gzip.length - 20));
    const cut = await runCli(["compare", "--base", "HEAD", "--traffic", "cut.jsonl.gz", ...NOW], { cwd: repo.dir });
    expect(cut.code).toBe(2);
    expect(cut.stdout).toBe("");
    expect(cut.stderr).toMatch(/^screenpol: --traffic: cut\.jsonl\.gz: not a valid gzip stream \(unexpected end of file\) after line \d+; nothing was reported, as the input is incomplete\n$/);
  });

  it("refuses to read one file as the screenings of several changed policies, naming them", async () => {
    edit(repo, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
    const other = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
    const text = readFileSync(join(repo.dir, other), "utf8");
    const edited = text.replace(/riskScore: \{ gte: ([0-9.]+) \}/, (_, value) => `riskScore: { gte: ${Number(value) + 0.5} }`);
    expect(edited).not.toBe(text);
    repo.write(other, edited);
    const run = await runCli(["compare", "--base", "HEAD", "--traffic", SAMPLE, ...NOW], { cwd: repo.dir });
    expect([run.code, run.stdout]).toEqual([2, ""]);
    expect(run.stderr).toBe(
      "screenpol: --traffic counts the recorded screenings of one policy, and 2 compared policies change decisions (sandbox/vendorAWalletScreening/SIGN_IN, sandbox/vendorAWalletScreening/TRANSACTION): give the path of one policy file\n",
    );
    const one = await runCli(["compare", "--base", "HEAD", "--traffic", SAMPLE, POLICY, ...NOW], { cwd: repo.dir });
    expect(one.code).toBe(0);
    expect(one.stdout).toContain("affects 5 of 30 recorded screenings (16.67%)");
  });
});
