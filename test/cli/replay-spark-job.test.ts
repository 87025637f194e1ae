/**
 * `screenpol replay --engine spark --emit-job <dir>` (docs/replay.md,
 * "Spark"): the job for a team's own cluster. Spark cannot be installed here,
 * so the job is checked, not run: both SQL files by dt-sql-parser's SparkSQL
 * grammar, the driver by `python3 -m py_compile`, and the tallies header it
 * writes (policy, fingerprint, clock, samples) is the one `replay --merge`
 * accepts for these versions: DuckDB's shards under that header merge into
 * DuckDB's report, byte for byte.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SparkSQL } from "dt-sql-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { edit, makeCommittedRepo } from "../helpers/committed-repo.js";
import type { TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const BAD_SAMPLE = "examples/replay/sandbox-vendorA-transaction-bad-lines.jsonl";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "--base", "HEAD", "--now", "2026-11-23T12:00:00Z"];


let repo: TempRepo;
beforeAll(() => {
  ({ repo } = makeCommittedRepo([BAD_SAMPLE]));
  edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
});
afterAll(() => repo?.remove());

describe("replay --engine spark --emit-job", { timeout: 120_000 }, () => {
  it("writes replay.sql and tallies.sql that Spark's grammar parses, and a job.py Python compiles", async () => {
    const run = await runCli(["replay", "--engine", "spark", "--emit-job", "job", ...TARGET], { cwd: repo.dir });
    expect(run).toMatchObject({ code: 0, stdout: "wrote job/replay.sql\nwrote job/tallies.sql\nwrote job/job.py\n", stderr: "" });
    for (const name of ["replay.sql", "tallies.sql"]) {
      const sql = readFileSync(join(repo.dir, "job", name), "utf8");
      expect(new SparkSQL().validate(sql).map((error) => `${name} ${error.startLine}:${error.startColumn} ${error.message}`)).toEqual([]);
    }
    const tallies = readFileSync(join(repo.dir, "job/tallies.sql"), "utf8");
    // The replay SQL is inside the grouping one, and inside the driver, as written.
    expect(tallies).toContain(readFileSync(join(repo.dir, "job/replay.sql"), "utf8").trimEnd().split("\n")[1]!.trim());
    execFileSync("python3", ["-m", "py_compile", join(repo.dir, "job/job.py")], { stdio: "pipe" });
    const plan = JSON.parse(execFileSync("python3", ["-c", "import json, sys; sys.path.insert(0, sys.argv[1]); import job; print(json.dumps(job.PLAN))", join(repo.dir, "job")], { encoding: "utf8" })) as {
      talliesSql: string;
      tallies: Record<string, unknown>;
    };
    expect(plan.talliesSql).toBe(tallies.trimEnd());
  });

  it("heads its tallies as replay --merge accepts them: DuckDB's shards under that header merge into DuckDB's report", async () => {
    await runCli(["replay", "--engine", "spark", "--emit-job", "job2", ...TARGET, "--samples", "3"], { cwd: repo.dir });
    const plan = JSON.parse(execFileSync("python3", ["-c", "import json, sys; sys.path.insert(0, sys.argv[1]); import job; print(json.dumps(job.PLAN))", join(repo.dir, "job2")], { encoding: "utf8" })) as {
      tallies: Record<string, unknown>;
    };
    const duckdb = await runCli(["replay", BAD_SAMPLE, ...TARGET, "--samples", "3", "--engine", "duckdb", "--tallies-out", "duck.tallies.json"], { cwd: repo.dir });
    expect(duckdb.code, duckdb.stderr).toBe(0);
    const shards = (JSON.parse(readFileSync(join(repo.dir, "duck.tallies.json"), "utf8")) as { shards: unknown[] }).shards;
    writeFileSync(join(repo.dir, "spark.tallies.json"), JSON.stringify({ ...plan.tallies, shards }));
    const merged = await runCli(["replay", "--merge", "spark.tallies.json", "--base", "HEAD", "--samples", "3"], { cwd: repo.dir });
    expect({ code: merged.code, stderr: merged.stderr }).toEqual({ code: 0, stderr: "" });
    expect(merged.stdout).toBe(duckdb.stdout);
  });

  it("refuses an input beside it, --emit-job without it, and a policy the flags do not name (exit 2, one line)", async () => {
    const cases: Array<[string[], string]> = [
      [["replay", BAD_SAMPLE, "--engine", "spark", "--emit-job", "x", ...TARGET], `screenpol: --engine spark --emit-job writes a job that reads its input where it runs (spark-submit job.py --input ...): no input here, not ${BAD_SAMPLE}\n`],
      [["replay", BAD_SAMPLE, "--emit-job", "x", ...TARGET], "screenpol: --engine spark writes a job to run on a Spark cluster: it goes with --emit-job <dir>, and --emit-job with it\n"],
      [["replay", "--engine", "spark", "--emit-job", "x", "--base", "HEAD"], "screenpol: --engine spark replays the screenings of one policy: give --env, --vendor and --scope\n"],
    ];
    for (const [args, stderr] of cases) {
      const run = await runCli(args, { cwd: repo.dir });
      expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({ code: 2, stdout: "", stderr });
    }
  });
});
