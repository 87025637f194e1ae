/**
 * `screenpol replay --engine ray` (docs/replay.md, "Ray") on a real cluster:
 * a head and a second worker node, separate processes on 127.0.0.1, started
 * once from .ci/run's venv (ray[data], duckdb, pyarrow; outside the clone).
 * 200,000 screenings split over several files, as JSON lines (bad lines, a
 * blank line, unknown categories, lines of another policy among them) and as
 * Parquet: the Ray engine's report, pretty and JSON, byte for byte the
 * DuckDB engine's and the JavaScript engine's. Then what goes wrong before a
 * job runs: no Python, a Python without ray, a cluster that is not there,
 * a remote input that is not there or not Parquet of the layout: one line
 * and an exit code each. Remote inputs are `file://` URIs, read through the
 * same pyarrow filesystem call an `s3://` one goes through (no test talks to
 * anything but loopback).
 *
 * Without the venv the cluster test is skipped, loudly (.ci/run says how it
 * is made); the refusals that need no Ray still run.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlString } from "../../src/core/replay/sql-input.js";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { openSqlSession } from "../../src/workspace/duckdb.js";
import { announceSkip } from "../integrations/support/git.js";
import { RAY_PYTHON, startRayCluster, type RayCluster } from "../helpers/ray-cluster.js";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { edit, makeCommittedRepo } from "../helpers/committed-repo.js";
import type { TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const BAD_SAMPLE = "examples/replay/sandbox-vendorA-transaction-bad-lines.jsonl";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "--base", "HEAD", "--now", "2026-11-23T12:00:00Z"];
const ROWS = 200_000;
const LAYOUT_COLUMNS = `{scope: 'VARCHAR', chain: 'VARCHAR', address: 'VARCHAR', transfer: 'STRUCT(amountUsd DOUBLE, token STRUCT(chain VARCHAR, networkId BIGINT, contractAddress VARCHAR))', sanctioned: 'BOOLEAN', signals: 'STRUCT(riskScore DOUBLE, exposures STRUCT(category VARCHAR, direction VARCHAR, percent DOUBLE)[], cluster STRUCT(category VARCHAR))'}`;
/** A category the vendor's list does not have: decided as matching no rule, and reported. */
const UNKNOWN = `{"chain":"EVM","address":"0x52908400098527886e0f7030069857d2e4169e07","signals":{"riskScore":8.7,"exposures":[{"category":"bridge_exploit","direction":"direct","percent":40}]}}`;

const hasVenv = existsSync(RAY_PYTHON) && canImport(RAY_PYTHON);
if (!hasVenv) announceSkip("the Ray cluster test (test/cli/replay-ray.test.ts)", `no Python with ray, duckdb and pyarrow at ${RAY_PYTHON}`, "run .ci/run, which pip-installs ray[data]==2.58.0 duckdb==1.5.6 pyarrow==25.0.1 there");

function canImport(python: string): boolean {
  try {
    execFileSync(python, ["-c", "import ray, duckdb, pyarrow"], { stdio: "ignore", timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}


/** `count` lines cycling through `lines`. */
function cycle(lines: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, index) => lines[index % lines.length]!);
}

/** `lines` as Parquet files of the layout in `folder`, cut at `cuts` (the first 0, the last lines.length). */
async function writeParquetParts(lines: string, folder: string, cuts: readonly number[]): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const session = await openSqlSession({ threads: 1 });
  try {
    const relation = `read_json(${sqlString(lines)}, format = 'newline_delimited', columns = ${LAYOUT_COLUMNS})`;
    for (let part = 0; part + 1 < cuts.length; part++) {
      await session.all(`COPY (SELECT * FROM ${relation} LIMIT ${cuts[part + 1]! - cuts[part]!} OFFSET ${cuts[part]}) TO ${sqlString(join(folder, `part-${part}.parquet`))} (FORMAT parquet)`);
    }
  } finally {
    session.close();
  }
}

let repo: TempRepo;
beforeAll(() => {
  ({ repo } = makeCommittedRepo([SAMPLE, BAD_SAMPLE]));
  // The block threshold raised from 8.5 to 9 in the working tree: a weakening for scores 8.5 to 9.
  edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }");
});
afterAll(() => repo?.remove());

describe.skipIf(!hasVenv)("replay --engine ray on a two-node cluster on loopback", { timeout: 600_000 }, () => {
  let cluster: RayCluster | undefined;
  // Beside the repository, not in it: Ray's socket paths must stay short. Removed with the cluster.
  const rayRoot = (): string => join(repo.dir, "..", `${repo.dir.split(/[\\/]/).pop()}-ray`);
  beforeAll(async () => {
    cluster = await startRayCluster(rayRoot());
  }, 300_000);
  afterAll(async () => {
    try {
      await cluster?.stop();
    } finally {
      rmSync(rayRoot(), { recursive: true, force: true });
    }
  }, 120_000);

  async function expectSameReports(jsInput: string, shardedInput: string): Promise<string> {
    let pretty = "";
    for (const format of [[], ["--format", "json"]]) {
      const js = await runCli(["replay", jsInput, ...TARGET, ...format], { cwd: repo.dir, timeoutMs: 120_000 });
      const duckdb = await runCli(["replay", shardedInput, ...TARGET, ...format, "--engine", "duckdb"], { cwd: repo.dir, timeoutMs: 120_000 });
      const ray = await runCli(["replay", shardedInput, ...TARGET, ...format, "--engine", "ray", "--address", cluster!.address, "--python", RAY_PYTHON], { cwd: repo.dir, timeoutMs: 240_000 });
      expect(js.code, js.stderr).toBe(0);
      expect({ code: duckdb.code, stderr: duckdb.stderr }).toEqual({ code: 0, stderr: "" });
      expect({ code: ray.code, stderr: ray.stderr }).toEqual({ code: 0, stderr: "" });
      expect(duckdb.stdout).toBe(js.stdout);
      expect(ray.stdout).toBe(js.stdout);
      if (format.length === 0) pretty = ray.stdout;
    }
    return pretty;
  }

  it("200,000 JSON lines over three files (bad lines, unknown categories, other policies among them): the same report, byte for byte", async () => {
    const sample = readFileSync(join(repo.dir, BAD_SAMPLE), "utf8").replace(/\n$/, "").split("\n");
    const all = cycle([...sample, UNKNOWN], ROWS);
    repo.write("all.jsonl", `${all.join("\n")}\n`);
    const cuts = [0, 60_001, 130_007, ROWS];
    for (let part = 0; part < 3; part++) repo.write(`jsonl/part-${part}.jsonl`, `${all.slice(cuts[part], cuts[part + 1]).join("\n")}\n`);
    const report = await expectSameReports("all.jsonl", "jsonl");
    expect(report).toContain("\n167,569 screenings, 27,029 changed, 21,621 lines skipped, 5,405 lines of other policies filtered out\n");
    expect(report).toContain('exposure category "bridge_exploit"');
  });

  it("200,000 Parquet rows over three files: the same report as the JavaScript engine's of the same screenings", async () => {
    const all = cycle(readFileSync(join(repo.dir, SAMPLE), "utf8").replace(/\n$/, "").split("\n"), ROWS);
    const lines = repo.write("good.jsonl", `${all.join("\n")}\n`);
    await writeParquetParts(lines, join(repo.dir, "parquet"), [0, 50_000, 120_003, ROWS]);
    const report = await expectSameReports("good.jsonl", "parquet");
    expect(report).toContain("\n200,000 screenings, 33,334 changed, 0 lines skipped\n");
  });

  it("a remote input, as file:// URIs: a folder of JSON lines (one gzipped; a _SUCCESS marker and a hidden staging folder beside) and a glob of Parquet files, each copied by its worker: the JavaScript engine's report", async () => {
    const sample = readFileSync(join(repo.dir, BAD_SAMPLE), "utf8").replace(/\n$/, "").split("\n");
    const all = cycle([...sample, UNKNOWN], 3_000);
    repo.write("remote-all.jsonl", `${all.join("\n")}\n`);
    repo.write("remote/jsonl/a.jsonl", `${all.slice(0, 1_234).join("\n")}\n`);
    writeFileSync(join(repo.dir, "remote/jsonl/b.jsonl.gz"), gzipSync(`${all.slice(1_234).join("\n")}\n`));
    repo.write("remote/jsonl/_SUCCESS", "");
    // Not screenings: a writer's hidden staging copy, read by nobody.
    repo.write("remote/jsonl/.staging/a.jsonl", `${all.slice(0, 1_234).join("\n")}\n`);
    const good = repo.write("remote-good.jsonl", `${cycle(readFileSync(join(repo.dir, SAMPLE), "utf8").trimEnd().split("\n"), 3_000).join("\n")}\n`);
    await writeParquetParts(good, join(repo.dir, "remote/parquet"), [0, 1_000, 2_001, 3_000]);
    const folder = pathToFileURL(join(repo.dir, "remote")).href;
    for (const [local, uri] of [["remote-all.jsonl", `${folder}/jsonl`], ["remote-good.jsonl", `${folder}/parquet/part-*.parquet`]] as const) {
      const js = await runCli(["replay", local, ...TARGET, "--format", "json"], { cwd: repo.dir, timeoutMs: 120_000 });
      const ray = await runCli(["replay", uri, ...TARGET, "--format", "json", "--engine", "ray", "--address", cluster!.address, "--python", RAY_PYTHON], { cwd: repo.dir, timeoutMs: 240_000 });
      expect(js.code, js.stderr).toBe(0);
      expect({ code: ray.code, stderr: ray.stderr }).toEqual({ code: 0, stderr: "" });
      expect(ray.stdout).toBe(js.stdout);
    }
  });

  it("on a terminal, a progress line as each file's shard ends, redrawn in place on stderr and cleared; the report unchanged", async () => {
    mkdirSync(join(repo.dir, "progress"), { recursive: true });
    for (const part of ["a", "b", "c", "d"]) copyFileSync(join(repo.dir, SAMPLE), join(repo.dir, `progress/${part}.jsonl`));
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      stdout: { write: (chunk: string) => out.push(chunk), isTTY: false },
      stderr: { write: (chunk: string) => err.push(chunk), isTTY: true },
      env: { ...process.env },
      cwd: repo.dir,
      waitForInterrupt: () => new Promise(() => undefined),
    };
    expect(await main(["replay", "progress", ...TARGET, "--format", "json", "--engine", "ray", "--address", cluster!.address, "--python", RAY_PYTHON], io)).toBe(0);
    const lines = readFileSync(join(repo.dir, SAMPLE), "utf8").trimEnd().split("\n").length;
    const stderr = err.join("");
    // One redraw per shard, in the order they end: 25%, 50%, 75%, 100% of the files, the rows of those done.
    const drawn = [...stderr.matchAll(/\rreplay: ([\d,]+) lines, [\d,]+ lines\/s, (\d+)%\x1b\[K/g)].map((match) => `${match[1]} ${match[2]}%`);
    expect(drawn).toEqual([1, 2, 3, 4].map((done) => `${(done * lines).toLocaleString("en-US")} ${done * 25}%`));
    expect(stderr.endsWith("\r\x1b[K")).toBe(true);
    expect(stderr).not.toContain("\n");
    expect(JSON.parse(out.join(""))).toMatchObject({ screenings: 4 * lines });
  });

  it("a file a worker cannot read (a .gz that is not gzip) beside a good one: one line naming it, exit 2, nothing reported", async () => {
    mkdirSync(join(repo.dir, "unreadable"), { recursive: true });
    copyFileSync(join(repo.dir, SAMPLE), join(repo.dir, "unreadable/a-good.jsonl"));
    writeFileSync(join(repo.dir, "unreadable/b-broken.jsonl.gz"), "these bytes are not gzip\n");
    const run = await runCli(["replay", "unreadable", ...TARGET, "--engine", "ray", "--address", cluster!.address, "--python", RAY_PYTHON], { cwd: repo.dir, timeoutMs: 240_000 });
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: "" });
    const lines = run.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    // The worker's own words (python/ray_replay.py: the shard's file, then DuckDB's error), not screenpol's about the job.
    expect(lines[0]).toMatch(/^screenpol: [^ ]*\/unreadable\/b-broken\.jsonl\.gz: IO Error: Input is not a GZIP stream: .*; nothing was reported$/);
    expect(run.stderr).not.toMatch(/Traceback|^\s+at /m);
  });
});

describe("replay --engine ray refuses, in one line, before any job", { timeout: 120_000 }, () => {
  async function refused(extra: string[], env: Record<string, string | undefined> = {}): Promise<{ code: number; stderr: string }> {
    const run = await runCli(["replay", SAMPLE, ...TARGET, "--engine", "ray", ...extra], { cwd: repo.dir, env, timeoutMs: 100_000 });
    expect(run.stdout).toBe("");
    expect(run.stderr.split("\n")).toHaveLength(2);
    return { code: run.code, stderr: run.stderr.trimEnd() };
  }

  it("no Python: the one SCREENPOL_PYTHON names is not there (exit 2)", async () => {
    expect(await refused(["--address", "127.0.0.1:1"], { SCREENPOL_PYTHON: "/nonexistent/python3" })).toEqual({
      code: 2,
      stderr: "screenpol: --engine ray runs its job with Python, and /nonexistent/python3 cannot be run (ENOENT): give one with ray[data], duckdb and pyarrow by --python or SCREENPOL_PYTHON",
    });
  });

  it("a Python without duckdb, pyarrow or ray (a bare venv): exit 2, no traceback", async () => {
    const bare = join(repo.dir, "..", `${repo.dir.split(/[\\/]/).pop()}-bare`);
    execFileSync("python3", ["-m", "venv", "--without-pip", bare], { timeout: 60_000 });
    const python = join(bare, "bin", "python");
    const run = await refused(["--address", "127.0.0.1:1", "--python", python]);
    execFileSync("rm", ["-rf", bare]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^screenpol: \S+ cannot import duckdb \(No module named 'duckdb'\): install ray\[data\], duckdb and pyarrow into it, or give another with --python; nothing was reported$/);
  });

  it("no --address, or --address without --engine ray (exit 2)", async () => {
    expect(await refused([])).toEqual({ code: 2, stderr: "screenpol: --engine ray needs the cluster's --address, e.g. 10.0.0.5:6379" });
    const run = await runCli(["replay", SAMPLE, ...TARGET, "--address", "127.0.0.1:1"], { cwd: repo.dir });
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 2, stderr: "screenpol: --address goes with --engine ray\n" });
  });

  it("a URI given to the DuckDB engine, which reads local paths (exit 2)", async () => {
    const run = await runCli(["replay", "s3://lake/2026-11/", ...TARGET, "--engine", "duckdb"], { cwd: repo.dir });
    expect({ code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
      code: 2,
      stdout: "",
      stderr: "screenpol: s3://lake/2026-11/: a URI is read by the Ray engine's workers (--engine ray); this engine reads local paths\n",
    });
  });

  it.skipIf(!hasVenv)("a remote input listed before any job: a scheme pyarrow does not know, no such file, a glob matching nothing, Parquet without the layout's columns (exit 2)", async () => {
    const folder = pathToFileURL(join(repo.dir, "remote-bad")).href;
    mkdirSync(join(repo.dir, "remote-bad"), { recursive: true });
    const session = await openSqlSession({ threads: 1 });
    try {
      await session.all(`COPY (SELECT 1 AS x) TO ${sqlString(join(repo.dir, "remote-bad/other.parquet"))} (FORMAT parquet)`);
    } finally {
      session.close();
    }
    const refusedAt = async (uri: string): Promise<{ code: number; stderr: string }> => {
      const run = await runCli(["replay", uri, ...TARGET, "--engine", "ray", "--address", "127.0.0.1:1", "--python", RAY_PYTHON], { cwd: repo.dir, timeoutMs: 100_000 });
      expect(run.stdout).toBe("");
      expect(run.stderr.split("\n")).toHaveLength(2);
      return { code: run.code, stderr: run.stderr.trimEnd() };
    };
    expect(await refusedAt("nosuch://lake/x.parquet")).toEqual({ code: 2, stderr: "screenpol: nosuch://lake/x.parquet: Unrecognized filesystem type in URI: nosuch://lake/x.parquet; nothing was reported" });
    expect(await refusedAt(`${folder}/nope.jsonl`)).toEqual({ code: 2, stderr: `screenpol: cannot read ${folder}/nope.jsonl: no such file` });
    expect(await refusedAt(`${folder}/*.jsonl`)).toEqual({ code: 2, stderr: `screenpol: ${folder}/*.jsonl: the glob matches no file` });
    expect(await refusedAt(`${folder}/other.parquet`)).toEqual({ code: 2, stderr: `screenpol: ${folder}/other.parquet: it has no column chain (docs/replay.md, "The column layout"); nothing was reported` });
  });

  it.skipIf(!hasVenv)("a cluster that is not there: exit 4, a remote failure, nothing reported", async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = server.address() as { port: number };
        server.close(() => resolve(free));
      });
    });
    expect(await refused(["--address", `127.0.0.1:${port}`, "--python", RAY_PYTHON])).toEqual({
      code: 4,
      stderr: `screenpol: the Ray cluster at 127.0.0.1:${port} cannot be reached ([Errno 111] Connection refused); nothing was reported`,
    });
  });
});
