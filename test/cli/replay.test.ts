/**
 * screenpol replay as a user runs it (semantics.md section 4): the built CLI on
 * a copy of the sample repository made a Git repository, a policy edited in
 * the working tree, recorded screenings from a file, standard input or gzip.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const BAD_SAMPLE = "examples/replay/sandbox-vendorA-transaction-bad-lines.jsonl";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];
const SUBJECT = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
const SCREENING = '{"chain":"EVM","address":"0x52908400098527886E0F7030069857D2E4169EE7","transfer":{"amountUsd":1200},"signals":{"riskScore":8.7}}';

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
}

/** The block threshold of the sample policy raised from 8.5 to 9: a weakening for scores 8.5 to 9. */
function raiseBlockThreshold(repo: TempRepo): void {
  const text = readFileSync(join(repo.dir, POLICY), "utf8");
  const edited = text.replace("riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
  expect(edited).not.toBe(text);
  repo.write(POLICY, edited);
}

describe("screenpol replay --base", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = makeTempRepo();
    for (const file of [SAMPLE, BAD_SAMPLE]) repo.write(file, readFileSync(join(PROJECT_ROOT, file)));
    git(repo.dir, "init", "-q");
    git(repo.dir, "add", "-A");
    git(repo.dir, "commit", "-qm", "samples");
  });
  afterEach(() => repo.remove());

  it("prints the weakening first, the counts per rule on each side, and the changed lines", async () => {
    raiseBlockThreshold(repo);
    const run = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const commit = git(repo.dir, "rev-parse", "--short=7", "HEAD").trim();
    expect(run.stdout).toBe(
      [
        `Replay of sandbox/vendorAWalletScreening/TRANSACTION: base HEAD (${commit}), head working tree`,
        "30 screenings, 5 changed, 0 lines skipped",
        "",
        "Weaker (less strict) decisions:",
        "  BLOCK -> ALERT: 5",
        "",
        "By deciding rule or step (base -> head):",
        "  sanctions-floor                         1 -> 1",
        "  address-entry                           2 -> 2",
        "  pre-screen                              3 -> 3",
        "  block-severe-risk-score                 7 -> 2",
        "  block-illicit-cluster                   1 -> 1",
        "  block-direct-illicit-proceeds           2 -> 2",
        "  alert-obfuscation-with-elevated-score   2 -> 3",
        "  alert-no-kyc-exchange                   1 -> 1",
        "  allow-low-risk-gambling                 1 -> 1",
        "  alert-everything-else-sandbox          10 -> 14",
        "",
        "Changed screenings (5):",
        "  line 7: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)",
        "  line 8: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)",
        "  line 11: BLOCK (block-severe-risk-score) -> ALERT (alert-obfuscation-with-elevated-score)",
        "  line 12: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)",
        "  line 26: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)",
        "",
      ].join("\n"),
    );
    const json = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD", "--format", "json", "--samples", "2"], { cwd: repo.dir });
    expect(json.code).toBe(0);
    const transitions = [{ from: "BLOCK", to: "ALERT", count: 5 }];
    const byRule = [
      { by: "sanctions-floor", base: 1, head: 1 },
      { by: "address-entry", base: 2, head: 2 },
      { by: "pre-screen", base: 3, head: 3 },
      { by: "block-severe-risk-score", base: 7, head: 2 },
      { by: "block-illicit-cluster", base: 1, head: 1 },
      { by: "block-direct-illicit-proceeds", base: 2, head: 2 },
      { by: "alert-obfuscation-with-elevated-score", base: 2, head: 3 },
      { by: "alert-no-kyc-exchange", base: 1, head: 1 },
      { by: "allow-low-risk-gambling", base: 1, head: 1 },
      { by: "alert-everything-else-sandbox", base: 10, head: 14 },
    ];
    expect(JSON.parse(json.stdout)).toEqual({
      version: 1,
      screenings: 30,
      skipped: 0,
      filtered: 0,
      changed: 5,
      transitions,
      byRule,
      samples: [
        { line: 7, ...SUBJECT, from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALERT", by: "alert-everything-else-sandbox" } },
        { line: 8, ...SUBJECT, from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALERT", by: "alert-everything-else-sandbox" } },
      ],
      badLines: [],
      unknownValues: [],
      subjects: [{ ...SUBJECT, screenings: 30, changed: 5, transitions, byRule }],
    });
  });

  it("reads standard input and gzip the same as the plain file", async () => {
    raiseBlockThreshold(repo);
    const args = [...TARGET, "--base", "HEAD", "--format", "json"];
    const plain = await runCli(["replay", SAMPLE, ...args], { cwd: repo.dir });
    repo.write("day.jsonl.gz", gzipSync(readFileSync(join(repo.dir, SAMPLE))));
    const gzip = await runCli(["replay", "day.jsonl.gz", ...args], { cwd: repo.dir });
    const stdin = await runCli(["replay", "-", ...args], { cwd: repo.dir, input: readFileSync(join(repo.dir, SAMPLE), "utf8") });
    expect([plain.code, gzip.code, stdin.code]).toEqual([0, 0, 0]);
    expect(JSON.parse(plain.stdout).changed).toBe(5);
    expect(gzip.stdout).toBe(plain.stdout);
    expect(stdin.stdout).toBe(plain.stdout);
  });

  it("refuses a corrupt gzip stream with one line and exit 2, and prints no partial report", async () => {
    const gzip = gzipSync(Buffer.from(`${SCREENING}\n`.repeat(5000)));
    repo.write("cut.jsonl.gz", gzip.subarray(0, gzip.length - 20));
    repo.write("plain.jsonl.gz", `${SCREENING}\n`);
    const cut = await runCli(["replay", "cut.jsonl.gz", ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(cut.code).toBe(2);
    expect(cut.stdout).toBe("");
    expect(cut.stderr).toMatch(/^screenpol: cut\.jsonl\.gz: not a valid gzip stream \(unexpected end of file\) after line \d+; nothing was reported, as the input is incomplete\n$/);
    const notGzip = await runCli(["replay", "plain.jsonl.gz", ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(notGzip.code).toBe(2);
    expect(notGzip.stderr).toBe("screenpol: plain.jsonl.gz: not a valid gzip stream (incorrect header check) after line 0; nothing was reported, as the input is incomplete\n");
  });

  it("reports bad lines with their numbers and the reason, skips them and decides the rest; a line of another scope is filtered out", async () => {
    const run = await runCli(["replay", BAD_SAMPLE, ...TARGET, "--base", "HEAD", "--format", "json"], { cwd: repo.dir });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect([report.screenings, report.skipped, report.filtered, report.changed]).toEqual([30, 4, 1, 0]);
    expect(report.badLines).toEqual([
      { line: 9, error: "signals.riskScore: 12 is out of range: must be <= 10", count: 1, lines: [9] },
      { line: 16, error: "signals.riskLevel: riskLevel is a signal of vendorBAddressScreening, not of vendorAWalletScreening; vendorAWalletScreening returns riskScore", count: 1, lines: [16] },
      { line: 21, error: "not valid JSON at column 32", count: 1, lines: [21] },
      { line: 27, error: "not a screening: a JSON array, not an object", count: 1, lines: [27] },
    ]);
    const pretty = await runCli(["replay", BAD_SAMPLE, ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(pretty.stdout).toContain("\n30 screenings, 0 changed, 4 lines skipped, 1 line of other policies filtered out\n");
    expect(pretty.stdout).toContain("\nSkipped lines (4):\n  line 9: signals.riskScore: 12 is out of range: must be <= 10\n");
  });

  it("finishes with 10% bad lines, groups them by message with their count and first line numbers", async () => {
    const lines = Array.from({ length: 2000 }, (_, index) => (index % 10 === 9 ? `{"chain":"EVM","address":"0x${String(index).padStart(4, "0")}",` : SCREENING));
    repo.write("noisy.jsonl", `${lines.join("\n")}\n`);
    const run = await runCli(["replay", "noisy.jsonl", ...TARGET, "--base", "HEAD", "--format", "json"], { cwd: repo.dir });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect([report.screenings, report.skipped]).toEqual([1800, 200]);
    expect(report.badLines).toEqual([{ line: 10, error: "not valid JSON at column 35", count: 200, lines: [10, 20, 30, 40, 50] }]);
    const pretty = await runCli(["replay", "noisy.jsonl", ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(pretty.stdout).toContain("\nSkipped lines (200):\n  200 lines, first 10, 20, 30, 40, 50: not valid JSON at column 35\n");
  });

  it("reports an over-long line as bad without reading it, and decides the lines around it", async () => {
    const long = `{"chain":"EVM","address":"${"a".repeat(1536 * 1024)}"}`;
    repo.write("long.jsonl", `${SCREENING}\n${long}\n${SCREENING}\n${long}`);
    const run = await runCli(["replay", "long.jsonl", ...TARGET, "--base", "HEAD", "--format", "json"], { cwd: repo.dir });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect([report.screenings, report.skipped]).toEqual([2, 2]);
    expect(report.badLines).toEqual([{ line: 2, error: "line too long: over 1 MiB, not read (a screening is one JSON object per line)", count: 2, lines: [2, 4] }]);
  });

  it("reads a policy the base revision does not have as no policy (policy-disabled)", async () => {
    git(repo.dir, "rm", "-q", "--cached", POLICY);
    git(repo.dir, "commit", "-qm", "not yet");
    const run = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD", "--format", "json", "--samples", "1"], { cwd: repo.dir });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    // Every screening the floor or an entry does not decide changes; ALLOW -> ALLOW too, decided by pre-screen or a rule now.
    expect(report.changed).toBe(27);
    expect(report.transitions).toEqual([
      { from: "ALLOW", to: "ALERT", count: 13 },
      { from: "ALLOW", to: "BLOCK", count: 10 },
      { from: "ALLOW", to: "ALLOW", count: 4 },
    ]);
    expect(report.byRule.filter((count: { base: number }) => count.base > 0)).toEqual([
      { by: "sanctions-floor", base: 1, head: 1 },
      { by: "address-entry", base: 2, head: 2 },
      { by: "policy-disabled", base: 27, head: 0 },
    ]);
  });

  it("a version that cannot be decided replays nothing: its findings, one line naming the version and the finding's code and place, exit 1", async () => {
    const text = readFileSync(join(repo.dir, POLICY), "utf8");
    repo.write(POLICY, text.replace("action: BLOCK", "action: DENY"));
    const head = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(head.code).toBe(1);
    expect(head.stdout).toContain(POLICY);
    expect(head.stderr).toBe(`screenpol: the head version (working tree) cannot be decided (schema at ${POLICY}:37:15); nothing was replayed\n`);
    git(repo.dir, "commit", "-qam", "broken");
    repo.write(POLICY, text);
    const base = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(base.code).toBe(1);
    expect(base.stderr).toMatch(new RegExp(`^screenpol: the base version \\(HEAD \\([0-9a-f]{7}\\)\\) cannot be decided \\(schema at ${POLICY}:37:15\\); nothing was replayed\n$`));
  });

  it("replays a head whose only lint error is shadowed-rule, as written: the finding in the report, exit 1", async () => {
    const text = readFileSync(join(repo.dir, POLICY), "utf8");
    // An ALERT rule moved above the BLOCK rules: what replay must show, not refuse.
    repo.write(POLICY, text.replace("  postScreen:\n", "  postScreen:\n    - id: alert-elevated-score\n      when:\n        riskScore: { gte: 8 }\n      action: ALERT\n\n"));
    const run = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect(run.stderr).toBe("screenpol: the head version (working tree) has lint errors, listed in the report\n");
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines.slice(1, 5)).toEqual(["30 screenings, 7 changed, 0 lines skipped", "", "Weaker (less strict) decisions:", "  BLOCK -> ALERT: 7"]);
    expect(lines.slice(-3)).toEqual([
      "Lint findings of the replayed versions (replayed as written):",
      `  head: shadowed-rule at ${POLICY}:38:11 (ALERT rule rules.postScreen[0] (id "alert-elevated-score") comes first and matches every screening this BLOCK rule matches, so this rule never decides and addresses it should BLOCK get ALERT; move this rule above it, or narrow the earlier rule)`,
      "",
    ]);
    const json = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD", "--format", "json"], { cwd: repo.dir });
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.changed).toBe(7);
    expect(report.findings).toEqual([{ side: "head", severity: "error", code: "shadowed-rule", file: POLICY, line: 38, column: 11, message: expect.stringMatching(/^ALERT rule /) }]);
  });

  it("refuses an unknown ref, a ref that reads as an option, and anything but exactly one of --base and --live (exit 2)", async () => {
    const unknown = await runCli(["replay", SAMPLE, ...TARGET, "--base", "no-such-branch"], { cwd: repo.dir });
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([2, "", 'screenpol: unknown Git revision "no-such-branch": no commit of that name in this repository\n']);
    const option = await runCli(["replay", SAMPLE, ...TARGET, "--base=--output=/tmp/x"], { cwd: repo.dir });
    expect([option.code, option.stderr]).toEqual([2, 'screenpol: not a Git revision: "--output=/tmp/x"\n']);
    const neither = await runCli(["replay", SAMPLE, ...TARGET], { cwd: repo.dir });
    const both = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD", "--live"], { cwd: repo.dir });
    for (const run of [neither, both]) {
      expect([run.code, run.stdout, run.stderr]).toEqual([2, "", "screenpol: replay needs exactly one version to compare the working tree with: --base <git-ref> or --live\n"]);
    }
  });

  it("refuses a missing input file and a bad --now with one line, exit 2", async () => {
    const missing = await runCli(["replay", "nope.jsonl", ...TARGET, "--base", "HEAD"], { cwd: repo.dir });
    expect([missing.code, missing.stderr]).toEqual([2, "screenpol: cannot read nope.jsonl: no such file\n"]);
    const now = await runCli(["replay", SAMPLE, ...TARGET, "--base", "HEAD", "--now", "tomorrow"], { cwd: repo.dir });
    expect([now.code, now.stderr]).toEqual([2, 'screenpol: --now must be an ISO 8601 date or date-time, e.g. 2026-11-23T12:00:00Z, not "tomorrow"\n']);
  });

  // util-linux `script` gives the command a pseudo-terminal; where it is missing, this case is skipped.
  it.skipIf(!existsSync("/usr/bin/script"))("refuses `-` when standard input is a terminal instead of waiting for typed lines", () => {
    const command = [process.execPath, BIN, "replay", "-", ...TARGET, "--base", "HEAD"].map((word) => `'${word}'`).join(" ");
    const run = spawnSync("/usr/bin/script", ["-qec", command, "/dev/null"], { cwd: repo.dir, encoding: "utf8", timeout: 20_000, stdio: ["ignore", "pipe", "pipe"] });
    expect(run.status).toBe(2);
    expect(run.stdout.replace(/\r/g, "")).toBe("screenpol: standard input is a terminal: pipe the screenings in (`zcat day.jsonl.gz | screenpol replay - ...`) or name a file\n");
  });

  it("reads address entries' expiry against --now on both sides", async () => {
    // The sample SOL entry expires 2027-03-31; moved earlier in the working tree, it lapses for a screening on 2027-01-01.
    const entries = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
    repo.write(entries, readFileSync(join(repo.dir, entries), "utf8").replace('expiresAt: "2027-03-31"', 'expiresAt: "2026-12-01"'));
    const line = '{"chain":"SOL","address":"9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM","transfer":{"amountUsd":500},"signals":{"riskScore":9}}';
    const before = await runCli(["replay", "-", ...TARGET, "--base", "HEAD", "--format", "json", "--now", "2026-11-23"], { cwd: repo.dir, input: line });
    const after = await runCli(["replay", "-", ...TARGET, "--base", "HEAD", "--format", "json", "--now", "2027-01-01"], { cwd: repo.dir, input: line });
    expect(JSON.parse(before.stdout).changed).toBe(0);
    expect(JSON.parse(after.stdout).samples).toEqual([{ line: 1, ...SUBJECT, from: { action: "ALLOW", by: "address-entry" }, to: { action: "ALLOW", by: "pre-screen" } }]);
  });
});
