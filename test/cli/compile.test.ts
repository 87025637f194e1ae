/**
 * `screenpol compile --sql` as a user runs it (docs/replay.md, "Compiling a
 * policy to SQL"): the built CLI on a copy of the sample repository. The
 * DuckDB SQL it prints, run on DuckDB over the sample screenings, decides
 * every line as `screenpol replay` does; the exit codes are toolkit.md's.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlString } from "../../src/core/replay/sql-input.js";
import { openSqlSession, type SqlSession } from "../../src/workspace/duckdb.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "--now", "2026-11-23T12:00:00Z"];

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" } });
}

let repo: TempRepo;
let session: SqlSession;
beforeAll(async () => {
  repo = makeTempRepo();
  repo.write(SAMPLE, readFileSync(join(PROJECT_ROOT, SAMPLE)));
  git(repo.dir, "init", "-q");
  git(repo.dir, "add", "-A");
  git(repo.dir, "commit", "-qm", "samples");
  session = await openSqlSession({ threads: 1 });
});
afterAll(() => {
  session?.close();
  repo?.remove();
});

/** The sample screenings as the layout's relation, numbered by line. */
function sampleRelation(): string {
  const columns = `{scope: 'VARCHAR', chain: 'VARCHAR', address: 'VARCHAR', transfer: 'STRUCT(amountUsd DOUBLE, token STRUCT(chain VARCHAR, networkId BIGINT, contractAddress VARCHAR))', sanctioned: 'BOOLEAN', signals: 'STRUCT(riskScore DOUBLE, exposures STRUCT(category VARCHAR, direction VARCHAR, percent DOUBLE)[], cluster STRUCT(category VARCHAR))'}`;
  return `(SELECT row_number() OVER () AS line, * FROM read_json(${sqlString(join(repo.dir, SAMPLE))}, format = 'newline_delimited', columns = ${columns}))`;
}

describe("screenpol compile --sql", () => {
  it("prints one SELECT that DuckDB runs, deciding each sample line as replay's per-rule table counts it", async () => {
    const run = await runCli(["compile", "--sql", ...TARGET, "--from", sampleRelation()], { cwd: repo.dir });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout.split("\n").slice(0, 2)).toEqual([
      "-- screenpol compile --sql --dialect duckdb: sandbox/vendorAWalletScreening/TRANSACTION",
      `-- Address entries as of 2026-11-23T12:00:00.000Z; the columns of ${sampleRelation()}: docs/replay.md, "The column layout".`,
    ]);
    expect(run.stdout.endsWith(";\n")).toBe(true);
    const rows = await session.all(`SELECT decided_by, count(*) AS n FROM (${run.stdout.trimEnd().replace(/;$/, "")}) GROUP BY ALL ORDER BY ALL`);
    const counts = Object.fromEntries(rows.map((row) => [String(row.decided_by), Number(row.n)]));
    // The head column of the sample's per-rule table (test/cli/replay.test.ts), which decide() produced.
    expect(counts).toEqual({
      "sanctions-floor": 1,
      "address-entry": 2,
      "pre-screen": 3,
      "block-severe-risk-score": 7,
      "block-illicit-cluster": 1,
      "block-direct-illicit-proceeds": 2,
      "alert-obfuscation-with-elevated-score": 2,
      "alert-no-kyc-exchange": 1,
      "allow-low-risk-gambling": 1,
      "alert-everything-else-sandbox": 10,
    });
  });

  it("with --base, both versions in one scan: the changed lines are replay's", async () => {
    const text = readFileSync(join(repo.dir, POLICY), "utf8");
    repo.write(POLICY, text.replace("riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }"));
    try {
      const run = await runCli(["compile", "--sql", ...TARGET, "--base", "HEAD", "--from", sampleRelation()], { cwd: repo.dir });
      expect(run.code, run.stderr).toBe(0);
      const changed = await session.all(`SELECT line FROM (${run.stdout.trimEnd().replace(/;$/, "")}) WHERE base_decided_by <> head_decided_by OR base_action <> head_action ORDER BY line`);
      expect(changed.map((row) => Number(row.line))).toEqual([7, 8, 11, 12, 26]);
    } finally {
      repo.write(POLICY, text);
    }
  });

  it("every policy of the sample repository in Trino's dialect, one statement each", async () => {
    const run = await runCli(["compile", "--sql", "--dialect", "trino", "--now", "2026-11-23T12:00:00Z"], { cwd: repo.dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.match(/^-- screenpol compile --sql --dialect trino: /gm)).toHaveLength(8);
    expect(run.stdout.match(/;\n/g)).toHaveLength(8);
    expect(run.stdout).toContain("any_match(");
  });

  it("refuses without --sql, with nothing to compile, and exits 1 on a policy with lint errors", async () => {
    const bare = await runCli(["compile", ...TARGET], { cwd: repo.dir });
    expect({ code: bare.code, stdout: bare.stdout, stderr: bare.stderr }).toEqual({ code: 2, stdout: "", stderr: "screenpol: compile needs a target language: --sql (the only one so far)\n" });
    const none = await runCli(["compile", "--sql", "--env", "nowhere"], { cwd: repo.dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^screenpol: environment "nowhere" is not declared/);
    const text = readFileSync(join(repo.dir, POLICY), "utf8");
    repo.write(POLICY, text.replace("action: BLOCK", "action: DENY"));
    try {
      const broken = await runCli(["compile", "--sql", ...TARGET], { cwd: repo.dir });
      expect(broken.code).toBe(1);
      expect(broken.stderr).toBe("screenpol: the head version (working tree) has lint errors; fix them first (nothing was compiled)\n");
      expect(broken.stdout).not.toContain("SELECT");
    } finally {
      repo.write(POLICY, text);
    }
  });
});
