/**
 * Replay as "SQL per shard -> partial tallies -> merge -> report"
 * (docs/replay.md, "Tallies"): `--tallies-out` runs the DuckDB SQL of each
 * file apart and writes the partial tallies; `--merge` renders them. The
 * report must be the DuckDB engine's, byte for byte, pretty and JSON, also
 * when the input was split into files tallied one by one; a tallies file that
 * is not one, of another version, or of other versions of the policy is one
 * line and exit 2, nothing reported.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlString } from "../../src/core/replay/sql-input.js";
import { openSqlSession, type SqlSession } from "../../src/workspace/duckdb.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { edit, makeCommittedRepo } from "../helpers/committed-repo.js";
import type { TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const BAD_SAMPLE = "examples/replay/sandbox-vendorA-transaction-bad-lines.jsonl";
const FLAGS = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];
const NOW = ["--now", "2026-11-23T12:00:00Z"];
const TARGET = [...FLAGS, "--base", "HEAD", ...NOW];
const LAYOUT_COLUMNS = `{scope: 'VARCHAR', chain: 'VARCHAR', address: 'VARCHAR', transfer: 'STRUCT(amountUsd DOUBLE, token STRUCT(chain VARCHAR, networkId BIGINT, contractAddress VARCHAR))', sanctioned: 'BOOLEAN', signals: 'STRUCT(riskScore DOUBLE, exposures STRUCT(category VARCHAR, direction VARCHAR, percent DOUBLE)[], cluster STRUCT(category VARCHAR))'}`;


let repo: TempRepo;
let session: SqlSession;
beforeAll(async () => {
  ({ repo } = makeCommittedRepo([SAMPLE, BAD_SAMPLE]));
  // The block threshold raised from 8.5 to 9 in the working tree: a weakening for scores 8.5 to 9.
  edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
  session = await openSqlSession({ threads: 1 });
});
afterAll(() => {
  session?.close();
  repo?.remove();
});

/** DuckDB's report of `input`, and the merge of the tallies `tally` writes, pretty, JSON and with 2 samples: the same bytes. */
async function expectMergeIsDuckDb(input: string, tally: (format: string[]) => Promise<string[]>): Promise<string> {
  let pretty = "";
  for (const format of [[], ["--format", "json"], ["--samples", "2"]]) {
    const duckdb = await runCli(["replay", input, ...TARGET, ...format, "--engine", "duckdb"], { cwd: repo.dir });
    expect({ code: duckdb.code, stderr: duckdb.stderr }).toEqual({ code: 0, stderr: "" });
    const files = await tally(format);
    const merged = await runCli(["replay", "--merge", ...files, "--base", "HEAD", ...format], { cwd: repo.dir });
    expect({ code: merged.code, stderr: merged.stderr }).toEqual({ code: 0, stderr: "" });
    expect(merged.stdout).toBe(duckdb.stdout);
    if (format.length === 0) pretty = merged.stdout;
  }
  return pretty;
}

async function tallyOut(input: string, out: string, format: string[]): Promise<{ stdout: string }> {
  const run = await runCli(["replay", input, ...TARGET, ...format, "--engine", "duckdb", "--tallies-out", out], { cwd: repo.dir });
  expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
  return run;
}

describe("replay --merge renders partial tallies as the DuckDB engine's report", { timeout: 120_000 }, () => {
  it("of one file with bad lines, a blank line and a line of another policy, and --tallies-out's own report is DuckDB's too", async () => {
    const report = await expectMergeIsDuckDb(BAD_SAMPLE, async (format) => {
      const own = await tallyOut(BAD_SAMPLE, "bad.tallies.json", format);
      const duckdb = await runCli(["replay", BAD_SAMPLE, ...TARGET, ...format, "--engine", "duckdb"], { cwd: repo.dir });
      expect(own.stdout).toBe(duckdb.stdout);
      return ["bad.tallies.json"];
    });
    expect(report).toContain("30 screenings, 5 changed, 4 lines skipped, 1 line of other policies filtered out");
    expect(report).toContain("  line 32: BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox)");
  });

  it("of a file split in two, tallied apart and merged in order: the folder's report, line numbers running on", async () => {
    const lines = readFileSync(join(repo.dir, BAD_SAMPLE), "utf8").split("\n");
    // The cut after a blank line: it still counts for the second file's numbers.
    const cut = lines.indexOf("") + 1;
    expect(cut).toBeGreaterThan(1);
    repo.write("parts/1.jsonl", `${lines.slice(0, cut).join("\n")}\n`);
    repo.write("parts/2.jsonl", lines.slice(cut).join("\n"));
    await expectMergeIsDuckDb("parts", async (format) => {
      await tallyOut("parts/1.jsonl", "1.tallies.json", format);
      await tallyOut("parts/2.jsonl", "2.tallies.json", format);
      return ["1.tallies.json", "2.tallies.json"];
    });
  });

  it("of Parquet files, numbered by row", async () => {
    const relation = `read_json(${sqlString(join(repo.dir, SAMPLE))}, format = 'newline_delimited', columns = ${LAYOUT_COLUMNS})`;
    // The folder made first (COPY does not); a name starting with "." is not read as input.
    repo.write("lake/.keep", "");
    await session.all(`COPY (SELECT * FROM ${relation} LIMIT 12) TO ${sqlString(join(repo.dir, "lake/a.parquet"))} (FORMAT parquet)`);
    await session.all(`COPY (SELECT * FROM ${relation} OFFSET 12) TO ${sqlString(join(repo.dir, "lake/b.parquet"))} (FORMAT parquet)`);
    const report = await expectMergeIsDuckDb("lake", async (format) => {
      await tallyOut("lake", "lake.tallies.json", format);
      return ["lake.tallies.json"];
    });
    expect(report).toContain("30 screenings, 5 changed, 0 lines skipped");
  });

  it("writes a tallies file its JSON Schema accepts, one shard per file", async () => {
    await tallyOut("parts", "schema.tallies.json", []);
    const tallies = JSON.parse(readFileSync(join(repo.dir, "schema.tallies.json"), "utf8")) as { shards: Array<{ source: string }> };
    const schema = JSON.parse(readFileSync(join(PROJECT_ROOT, "schemas/replay-tallies.schema.json"), "utf8")) as object;
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(tallies), JSON.stringify(validate.errors)).toBe(true);
    expect(tallies.shards.map((shard) => shard.source.replace(/^.*[\\/]/, ""))).toEqual(["1.jsonl", "2.jsonl"]);
  });
});

describe("replay --merge refuses what it cannot render, in one line, exit 2, nothing reported", { timeout: 120_000 }, () => {
  async function refused(files: string[], extra: string[] = []): Promise<string> {
    const run = await runCli(["replay", "--merge", ...files, "--base", "HEAD", ...extra], { cwd: repo.dir });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" });
    expect(run.stderr.split("\n")).toHaveLength(2);
    return run.stderr.trimEnd();
  }

  it("not JSON, not tallies, another version, a wrong member, a missing file", async () => {
    repo.write("not-json.json", "{");
    expect(await refused(["not-json.json"])).toBe("screenpol: not-json.json: not JSON; nothing was reported");
    repo.write("report.json", "{}");
    expect(await refused(["report.json"])).toBe('screenpol: report.json: not a tallies file (no "format": "screenpol-replay-tallies"); nothing was reported');
    await tallyOut(BAD_SAMPLE, "good.tallies.json", []);
    const good = JSON.parse(readFileSync(join(repo.dir, "good.tallies.json"), "utf8")) as Record<string, unknown> & { shards: Array<Record<string, unknown>> };
    repo.write("v2.json", JSON.stringify({ ...good, version: 2 }));
    expect(await refused(["v2.json"])).toBe("screenpol: v2.json: tallies version 2, this screenpol reads version 1; nothing was reported");
    repo.write("shape.json", JSON.stringify({ ...good, shards: [{ ...good.shards[0], rows: -1 }] }));
    expect(await refused(["shape.json"])).toBe("screenpol: shape.json: shards[0].rows must be a whole number; nothing was reported");
    expect(await refused(["missing.json"])).toBe("screenpol: cannot read --merge missing.json: ENOENT; nothing was reported");
  });

  it("tallies of another policy version than the working tree's and the base's, and tallies of two runs", async () => {
    await tallyOut(BAD_SAMPLE, "before.tallies.json", []);
    const text = readFileSync(join(repo.dir, POLICY), "utf8");
    try {
      repo.write(POLICY, text.replace("riskScore: { gte: 9 }", "riskScore: { gte: 9.5 }"));
      expect(await refused(["before.tallies.json"])).toBe(
        "screenpol: before.tallies.json: tallied with other versions of sandbox/vendorAWalletScreening/TRANSACTION than these (or another --now than 2026-11-23T12:00:00.000Z); nothing was reported",
      );
      await tallyOut(BAD_SAMPLE, "after.tallies.json", []);
      expect(await refused(["before.tallies.json", "after.tallies.json"])).toBe(
        "screenpol: after.tallies.json and before.tallies.json are tallies of different runs (their fingerprint differs); nothing was reported",
      );
    } finally {
      repo.write(POLICY, text);
    }
  });

  it("flags that name another policy, more samples than were kept, an input beside --merge", async () => {
    await tallyOut(BAD_SAMPLE, "flags.tallies.json", ["--samples", "3"]);
    expect(await refused(["flags.tallies.json"], ["--scope", "SIGN_IN"])).toBe("screenpol: --scope SIGN_IN: the tallies are of sandbox/vendorAWalletScreening/TRANSACTION; nothing was reported");
    expect(await refused(["flags.tallies.json"])).toBe("screenpol: --samples 10: the tallies keep at most 3 per change; give --samples 3 or fewer");
    const both = await runCli(["replay", BAD_SAMPLE, "--merge", "flags.tallies.json", "--base", "HEAD"], { cwd: repo.dir });
    expect({ code: both.code, stdout: both.stdout, stderr: both.stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr: "screenpol: replay reads either an input (a file, a folder, a glob or -) or --merge <tallies.json>...: give one\n",
    });
  });
});
