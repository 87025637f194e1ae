/**
 * `screenpol replay` on a day's export as it comes (semantics.md section 4,
 * "Mixed exports"): lines of several policies, each naming its own
 * environment, providerType and scope; categories a vendor added that the
 * schema does not know; bad lines of several kinds. The built CLI on a copy of
 * the sample repository, the working tree's sandbox vendorA TRANSACTION policy
 * edited (a higher minimum amount and block threshold); both engines, whose
 * reports and --changed-out files must be the same bytes.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlString } from "../../src/core/replay/sql-input.js";
import { CATEGORIES } from "../../src/core/vendors.js";
import { openSqlSession } from "../../src/workspace/duckdb.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const EXPORT = "day.jsonl";
const USDC = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };
const A_TX = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
const A_SIGN_IN = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "SIGN_IN" };
const B_TX = { environment: "live", providerType: "vendorBAddressScreening", scope: "TRANSACTION" };
const BAD_LINES = [
  '{"chain":"EVM","address":"0x1"}',
  '{"environment":"staging","providerType":"vendorAWalletScreening","scope":"TRANSACTION","chain":"EVM","address":"0x1"}',
  '{"environment":"sandbox","providerType":7,"scope":"TRANSACTION","chain":"EVM","address":"0x1"}',
  "not json",
  JSON.stringify({ ...A_TX, chain: "EVM", address: "0x1", signals: { riskScore: 12 } }),
  '{"chain":"EVM","address":"0x2"}',
  // The only line of live vendorA SIGN_IN, and a bad one: no policy to report, in either engine.
  '{"environment":"live","providerType":"vendorAWalletScreening","scope":"SIGN_IN","chain":"EVM","address":"0x1","transfer":{"amountUsd":5}}',
];

/**
 * 70 lines: sandbox vendorA TRANSACTION screenings of which the edit weakens
 * 19 (12 BLOCK -> ALERT, 4 BLOCK -> ALLOW, 3 ALERT -> ALLOW), 12 with the
 * unknown exposure category bridge_exploit; live vendorB TRANSACTION, 6 with
 * the unknown entity category bridge_hack; 2 sandbox vendorA SIGN_IN; and the
 * bad lines at lines 8, 17, 26, 35, 44, 53 and 62.
 */
function dayExport(): string {
  const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
  const transfer = (amountUsd: number) => ({ amountUsd, token: USDC });
  const rows: object[] = [];
  for (let i = 0; i < 12; i++) {
    const n = rows.length + 1;
    rows.push({ ...A_TX, chain: "EVM", address: address(n), transfer: transfer(5000), signals: { riskScore: 2 } });
    rows.push({ ...A_TX, chain: "EVM", address: address(n + 1), transfer: transfer(5000), signals: { riskScore: 8.7 } });
    if (i % 3 === 0) rows.push({ ...A_TX, chain: "EVM", address: address(n + 2), transfer: transfer(1200), signals: { riskScore: 9.5 } });
    if (i % 4 === 1) rows.push({ ...A_TX, chain: "EVM", address: address(n + 3), transfer: transfer(1200), signals: { riskScore: 2 } });
    rows.push({ ...A_TX, chain: "EVM", address: address(n + 4), transfer: transfer(5000), signals: { riskScore: 2, exposures: [{ category: "bridge_exploit", direction: "direct", percent: 50 }] } });
    rows.push({ ...B_TX, chain: "EVM", address: address(n + 5), transfer: transfer(900), signals: { riskLevel: i % 2 ? "high" : "low" } });
    if (i % 2 === 0) rows.push({ ...B_TX, chain: "EVM", address: address(n + 6), transfer: transfer(900), signals: { riskLevel: "low", entity: { category: "bridge_hack" } } });
    if (i % 6 === 0) rows.push({ ...A_SIGN_IN, chain: "EVM", address: address(n + 7), signals: { riskScore: 9 } });
  }
  const lines = rows.map((row) => JSON.stringify(row));
  BAD_LINES.forEach((line, index) => lines.splice(7 + index * 9, 0, line));
  return `${lines.join("\n")}\n`;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
}

let repo: TempRepo;
let commit: string;
beforeAll(() => {
  repo = makeTempRepo();
  repo.write(EXPORT, dayExport());
  git(repo.dir, "init", "-q");
  git(repo.dir, "add", "-A");
  git(repo.dir, "commit", "-qm", "samples");
  commit = git(repo.dir, "rev-parse", "--short=7", "HEAD").trim();
  const text = readFileSync(join(repo.dir, POLICY), "utf8");
  const edited = text.replace("minAmountUsd: 250 #", "minAmountUsd: 2000 #").replace("riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
  expect(edited).not.toBe(text);
  repo.write(POLICY, edited);
});
afterAll(() => repo?.remove());

const replay = (...args: string[]) => runCli(["replay", EXPORT, "--base", "HEAD", "--now", "2026-11-23T12:00:00Z", ...args], { cwd: repo.dir });

describe("replay of a mixed export", () => {
  it("reports each policy the lines name, unknown categories once with their count, bad lines grouped by message, samples weaker first", async () => {
    const run = await replay("--samples", "2");
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout).toBe(
      [
        `Replay of 3 policies: base HEAD (${commit}), head working tree`,
        "63 screenings, 19 changed, 7 lines skipped",
        "",
        "live/vendorBAddressScreening/TRANSACTION: 18 screenings, 0 changed",
        "",
        "  By deciding rule or step (base -> head):",
        "    block-high-risk-level              6 -> 6",
        "    block-terrorism-financing-entity   0 -> 0",
        "    block-csam-entity                  0 -> 0",
        "    block-ransomware-entity            0 -> 0",
        "    block-darknet-entity               0 -> 0",
        "    block-theft-proceeds               0 -> 0",
        "    alert-indirect-mixing-service      0 -> 0",
        "    alert-medium-risk-level            0 -> 0",
        "    terminal-allow                    12 -> 12",
        "",
        "sandbox/vendorAWalletScreening/SIGN_IN: 2 screenings, 0 changed",
        "",
        "  By deciding rule or step (base -> head):",
        "    block-severe-risk-score        2 -> 2",
        "    block-zero-tolerance-cluster   0 -> 0",
        "    block-direct-ransomware        0 -> 0",
        "    alert-darknet-or-stolen-funds  0 -> 0",
        "    alert-mixer-exposure           0 -> 0",
        "    allow-low-risk-gambling        0 -> 0",
        "",
        "sandbox/vendorAWalletScreening/TRANSACTION: 43 screenings, 19 changed",
        "",
        "  Weaker (less strict) decisions:",
        "    BLOCK -> ALERT: 12",
        "    BLOCK -> ALLOW: 4",
        "    ALERT -> ALLOW: 3",
        "",
        "  By deciding rule or step (base -> head):",
        "    pre-screen                              0 -> 7",
        "    block-severe-risk-score                16 -> 0",
        "    block-illicit-cluster                   0 -> 0",
        "    block-direct-illicit-proceeds           0 -> 0",
        "    alert-obfuscation-with-elevated-score   0 -> 0",
        "    alert-no-kyc-exchange                   0 -> 0",
        "    allow-low-risk-gambling                 0 -> 0",
        "    alert-everything-else-sandbox          27 -> 36",
        "",
        "  Changed screenings (6 of 19, weaker first):",
        "    line 3: BLOCK (block-severe-risk-score) -> ALLOW (pre-screen)",
        "    line 22: BLOCK (block-severe-risk-score) -> ALLOW (pre-screen)",
        "    line 2: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)",
        "    line 10: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)",
        "    line 11: ALERT (alert-everything-else-sandbox) -> ALLOW (pre-screen)",
        "    line 33: ALERT (alert-everything-else-sandbox) -> ALLOW (pre-screen)",
        "",
        "Unknown signal values (--strict skips their lines instead):",
        '  exposure category "bridge_exploit": 12 screenings (decided as matching no rule that names a category)',
        '  entity category "bridge_hack": 6 screenings (decided as matching no rule that names a category)',
        "",
        "Skipped lines (7):",
        '  lines 8, 53: no environment: the line has no "environment" and --env is not given',
        '  line 17: environment: "staging" is not declared in screenpol.config.yaml (declared: sandbox, live)',
        "  line 26: providerType: must be a string, not 7",
        "  line 35: not valid JSON",
        "  line 44: signals.riskScore: 12 is out of range: must be <= 10",
        "  line 62: transfer: a SIGN_IN screening has no transfer: there is no amount or token at sign-in",
        "",
      ].join("\n"),
    );
  });

  it("keeps the spec's JSON members as totals and adds filtered, unknownValues and each policy's counts", async () => {
    const run = await replay("--format", "json", "--samples", "1");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(["version", "screenings", "skipped", "filtered", "changed", "transitions", "byRule", "samples", "badLines", "unknownValues", "subjects"]);
    expect(report).toMatchObject({ version: 1, screenings: 63, skipped: 7, filtered: 0, changed: 19 });
    expect(report.transitions).toEqual([
      { from: "BLOCK", to: "ALERT", count: 12 },
      { from: "BLOCK", to: "ALLOW", count: 4 },
      { from: "ALERT", to: "ALLOW", count: 3 },
    ]);
    expect(report.samples).toEqual([
      { line: 3, ...A_TX, from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALLOW", by: "pre-screen" } },
      { line: 2, ...A_TX, from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALERT", by: "alert-everything-else-sandbox" } },
      { line: 11, ...A_TX, from: { action: "ALERT", by: "alert-everything-else-sandbox" }, to: { action: "ALLOW", by: "pre-screen" } },
    ]);
    expect(report.badLines).toEqual([
      { line: 8, error: 'no environment: the line has no "environment" and --env is not given', count: 2, lines: [8, 53] },
      { line: 17, error: 'environment: "staging" is not declared in screenpol.config.yaml (declared: sandbox, live)', count: 1, lines: [17] },
      { line: 26, error: "providerType: must be a string, not 7", count: 1, lines: [26] },
      { line: 35, error: "not valid JSON", count: 1, lines: [35] },
      { line: 44, error: "signals.riskScore: 12 is out of range: must be <= 10", count: 1, lines: [44] },
      { line: 62, error: "transfer: a SIGN_IN screening has no transfer: there is no amount or token at sign-in", count: 1, lines: [62] },
    ]);
    expect(report.unknownValues).toEqual([
      { signal: "exposure", value: "bridge_exploit", count: 12, line: 4 },
      { signal: "entity", value: "bridge_hack", count: 6, line: 6 },
    ]);
    expect(report.subjects.map(({ environment, providerType, scope, screenings, changed }: Record<string, unknown>) => ({ environment, providerType, scope, screenings, changed }))).toEqual([
      { ...B_TX, screenings: 18, changed: 0 },
      { ...A_SIGN_IN, screenings: 2, changed: 0 },
      { ...A_TX, screenings: 43, changed: 19 },
    ]);
  });

  it("filters by --env: lines of other environments are filtered out, not bad, and the flag names the environment a line leaves out", async () => {
    const run = await replay("--env", "sandbox");
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines.slice(0, 2)).toEqual([`Replay of 2 policies: base HEAD (${commit}), head working tree`, "45 screenings, 19 changed, 5 lines skipped, 20 lines of other policies filtered out"]);
    expect(run.stdout).not.toContain("bridge_hack");
    expect(run.stdout).toContain(
      [
        "Skipped lines (5):",
        '  lines 8, 53: no vendor: the line has no "providerType" and --vendor is not given',
        "  line 26: providerType: must be a string, not 7",
        "  line 35: not valid JSON",
        "  line 44: signals.riskScore: 12 is out of range: must be <= 10",
        "",
      ].join("\n"),
    );
  });

  it("--strict makes an unknown category a bad line, with the schema's words", async () => {
    const run = await replay("--strict", "--format", "json");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect([report.screenings, report.skipped, report.unknownValues]).toEqual([45, 25, []]);
    expect(report.badLines.slice(0, 2)).toEqual([
      { line: 4, error: `signals.exposures[0].category: "bridge_exploit" is not one of ${CATEGORIES.vendorAWalletScreening.join(", ")}`, count: 12, lines: [4, 12, 16, 23, 28] },
      { line: 6, error: `signals.entity.category: "bridge_hack" is not one of ${CATEGORIES.vendorBAddressScreening.join(", ")}`, count: 6, lines: [6, 19, 30, 42, 54] },
    ]);
  });

  it("--max-skipped: above the bound exit 1 with one line, the report printed all the same; at or under it exit 0", async () => {
    const over = await replay("--max-skipped", "6");
    expect(over.code).toBe(1);
    expect(over.stderr).toBe("screenpol: 7 lines skipped, more than --max-skipped 6\n");
    expect(over.stdout).toContain("63 screenings, 19 changed, 7 lines skipped\n");
    const share = await replay("--max-skipped", "9%", "--format", "json");
    expect(share.code).toBe(1);
    expect(share.stderr).toBe("screenpol: 7 lines of 70 skipped (10%), more than --max-skipped 9%\n");
    expect(JSON.parse(share.stdout).skipped).toBe(7);
    expect((await replay("--max-skipped", "7")).code).toBe(0);
    expect((await replay("--max-skipped", "10%")).code).toBe(0);
    const bad = await replay("--max-skipped", "lots");
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("--changed-out writes every changed screening with both decisions, one JSON line each, in line order", async () => {
    const run = await replay("--changed-out", "changed.jsonl", "--samples", "0");
    expect(run.code).toBe(0);
    const written = readFileSync(join(repo.dir, "changed.jsonl"), "utf8");
    const lines = written.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(19);
    const source = readFileSync(join(repo.dir, EXPORT), "utf8").split("\n");
    const first = JSON.parse(lines[0]!);
    expect(first).toEqual({
      line: 2,
      ...A_TX,
      screening: { scope: "TRANSACTION", chain: "EVM", address: "0x0000000000000000000000000000000000000002", transfer: { amountUsd: 5000, token: USDC }, signals: { riskScore: 8.7 } },
      base: { action: "BLOCK", by: "block-severe-risk-score" },
      head: { action: "ALERT", by: "alert-everything-else-sandbox" },
    });
    const numbers = lines.map((line) => JSON.parse(line).line as number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // Each is the screening of its line, the policy's names moved out of it.
    for (const line of lines) {
      const { line: number, environment, providerType, screening } = JSON.parse(line);
      expect({ environment, providerType, ...screening }).toEqual(JSON.parse(source[number - 1]!));
    }
  });

  it("--changed-out is refused over the input or a file screenpol reads, and a failed run leaves no file", async () => {
    const overInput = await replay("--changed-out", EXPORT);
    expect({
      code: overInput.code,
      stdout: overInput.stdout,
      stderr: overInput.stderr,
    }).toEqual({ code: 2, stdout: "", stderr: `screenpol: --changed-out ${EXPORT} is ${EXPORT}, an input of this run; name a file outside what screenpol reads\n` });
    const overPolicy = await replay("--changed-out", POLICY);
    expect(overPolicy.code).toBe(2);
    expect(overPolicy.stderr).toBe(`screenpol: --changed-out ${POLICY} is in the policies folder policies/; name a file outside what screenpol reads\n`);
    const unknownRef = await runCli(["replay", EXPORT, "--base", "no-such-ref", "--changed-out", "never.jsonl"], { cwd: repo.dir });
    expect(unknownRef.code).toBe(2);
    expect(existsSync(join(repo.dir, "never.jsonl"))).toBe(false);
    expect(readdirSync(repo.dir).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("replay --engine duckdb on a mixed export reports exactly what the JavaScript engine reports", () => {
  const both = async (args: string[]) => {
    const js = await replay(...args);
    const duckdb = await replay(...args, "--engine", "duckdb");
    expect({ code: duckdb.code, stderr: duckdb.stderr, stdout: duckdb.stdout }).toEqual({ code: js.code, stderr: js.stderr, stdout: js.stdout });
    return js;
  };

  it.each([
    ["every policy", []],
    ["every policy, as JSON", ["--format", "json"]],
    ["one sample per transition", ["--samples", "1"]],
    ["--env sandbox", ["--env", "sandbox"]],
    ["--vendor and --scope", ["--vendor", "vendorBAddressScreening", "--scope", "TRANSACTION", "--format", "json"]],
    ["one policy named by the flags", ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"]],
    ["--strict", ["--strict"]],
    ["--strict, as JSON", ["--strict", "--format", "json"]],
    ["--max-skipped over the bound", ["--max-skipped", "5"]],
  ])("%s", async (_, args) => {
    const js = await both(args);
    expect(js.stdout).not.toBe("");
  });

  it("--changed-out: the same file, byte for byte", async () => {
    const js = await replay("--changed-out", "js-changed.jsonl", "--samples", "0");
    const duckdb = await replay("--changed-out", "duckdb-changed.jsonl", "--samples", "0", "--engine", "duckdb");
    expect({ code: duckdb.code, stderr: duckdb.stderr, stdout: duckdb.stdout }).toEqual({ code: js.code, stderr: js.stderr, stdout: js.stdout });
    const written = readFileSync(join(repo.dir, "js-changed.jsonl"), "utf8");
    expect(written.split("\n")).toHaveLength(20);
    expect(readFileSync(join(repo.dir, "duckdb-changed.jsonl"), "utf8")).toBe(written);
  });

  it("a policy that cannot be decided, met only through a line SQL hands the JavaScript reader (an unknown category): the same findings and exit 1", async () => {
    const live = "policies/live/vendorBAddressScreening/TRANSACTION.yaml";
    const text = readFileSync(join(repo.dir, live), "utf8");
    repo.write("undecided.jsonl", [JSON.stringify({ ...A_TX, chain: "EVM", address: "0x1" }), JSON.stringify({ ...B_TX, chain: "EVM", address: "0x2", signals: { entity: { category: "bridge_hack" } } })].join("\n"));
    repo.write(live, `${text}rules:\n  oops: [\n`);
    try {
      const args = ["replay", "undecided.jsonl", "--base", "HEAD"];
      const js = await runCli(args, { cwd: repo.dir });
      const duckdb = await runCli([...args, "--engine", "duckdb"], { cwd: repo.dir });
      expect(js.code).toBe(1);
      expect(js.stderr).toMatch(/^screenpol: the head version \(working tree\) cannot be decided \(yaml-syntax at policies\/live\/vendorBAddressScreening\/TRANSACTION\.yaml:\d+:\d+\); nothing was replayed\n$/);
      expect({ code: duckdb.code, stderr: duckdb.stderr, stdout: duckdb.stdout }).toEqual({ code: js.code, stderr: js.stderr, stdout: js.stdout });
    } finally {
      repo.write(live, text);
    }
  });

  it("refuses Parquet without --env, --vendor and --scope in one line, exit 2: a row has no column to name its policy", async () => {
    const session = await openSqlSession({ threads: 1 });
    try {
      await session.all(`COPY (SELECT 'EVM' AS chain, '0x1' AS address) TO ${sqlString(join(repo.dir, "rows.parquet"))} (FORMAT parquet)`);
    } finally {
      session.close();
    }
    const run = await runCli(["replay", "rows.parquet", "--base", "HEAD", "--engine", "duckdb", "--env", "sandbox"], { cwd: repo.dir });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "screenpol: rows.parquet: --engine duckdb reads a Parquet input as the screenings of one policy: give --env, --vendor and --scope (or export JSON lines, whose lines may name their policy)\n",
    });
    const named = await runCli(["replay", "rows.parquet", "--base", "HEAD", "--engine", "duckdb", "--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "SIGN_IN"], { cwd: repo.dir });
    expect(named.code).toBe(0);
    expect(named.stdout.split("\n").slice(0, 2)).toEqual([`Replay of sandbox/vendorAWalletScreening/SIGN_IN: base HEAD (${commit}), head working tree`, "1 screening, 0 changed, 0 lines skipped"]);
  });
});
