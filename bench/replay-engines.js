/**
 * The replay engines side by side (issue 27's speed targets; docs/replay.md, "Engines" and "Ray"):
 * `npm run bench -- --replay-engines` (opt-in: about an hour at 10,000,000 rows), or alone:
 * `node bench/replay-engines.js [--engine-rows N] [--engine-rounds N] [--parts N] [--no-ray] [--differential-rows N]`.
 * Needs a build.
 *
 *  Input: N screenings (--engine-rows, default 10,000,000) for bench/replay.js's 40-rule pair, from its
 *  generator (fixed seed), made once into bench/.corpus/engines-<N>/ and reused: one JSON lines file,
 *  written in batches (never held whole in memory), and the same rows as Parquet in --parts files (8),
 *  in row order, written by DuckDB from the JSON lines; plus a 1-row Parquet file for Ray's start-up.
 *  A `done.json` written last marks a finished corpus (a run stopped half-way makes it again).
 *
 *  Timed, each the whole CLI process `screenpol replay <input> --format json` in the policy's Git
 *  repository (bench/replay.js replayRepository: the pair as HEAD and the working tree), --engine-rounds
 *  rounds (3) in an order rotated each round, each engine's rate divided by the JavaScript engine's of
 *  the same round, the median over rounds reported:
 *    js              --engine js over the JSON lines file (the reference)
 *    duckdb jsonl    --engine duckdb over the same file
 *    duckdb parquet  --engine duckdb over the Parquet folder
 *  targets: duckdb over Parquet >= 10x js, over JSON lines >= 3x js (screenings per wall second).
 *  Then Ray (skipped, saying so, without .ci/run's venv; --no-ray): a cluster of one node, then of two
 *  (a head and a worker node, one CPU each, on 127.0.0.1, each `ray start --block` in its own process
 *  group, stopped by group id whatever happens), each one at a time so that the other does not take
 *  CPU: --engine-rounds pairs of a 1-row Parquet run (the fixed start-up: the CLI, Python, ray.init,
 *  scheduling) and a run over the Parquet folder, medians. target: two nodes >= 1.7x one node in screenings per
 *  second net of each cluster's own start-up (the raw ratio beside it).
 *  The CPU time of each screenpol process (all its threads: DuckDB's too) beside, in the note: on a busy
 *  machine wall time includes waiting for a core.
 *  Peak RSS of each screenpol process (bench/rss-report.js: DuckDB runs inside it; Ray's workers and
 *  its Python driver are processes of their own, not counted).
 *  Every report (JSON) must be the JavaScript engine's byte for byte, or the phase says MISS and gives
 *  no speed for that engine: a rate of wrong answers is worthless.
 *  Then the row-by-row differential of the compiled SQL against decide() (--differential-rows, default the
 *  engines' rows; 0 skips it): test/app/replay-sql-differential.test.ts run with SCREENPOL_DIFFERENTIAL_ROWS.
 *  Bounded: every run has a deadline (its process group killed at it), every cluster stopped.
 */
import { spawn } from "node:child_process";
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { homedir, loadavg } from "node:os";
import { join, resolve } from "node:path";
import { once } from "node:events";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, round, rotate, sleep } from "./lib.js";
import { replayRepository, screeningLineStream } from "./replay.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const CHECKOUT = resolve(here, "..");
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "--base", "HEAD", "--now", "2026-11-23T12:00:00Z", "--format", "json"];
/** The vendorA columns of the layout (docs/replay.md, "Column layout"), as test/cli/replay-ray.test.ts writes its Parquet. */
const LAYOUT_COLUMNS = `{scope: 'VARCHAR', chain: 'VARCHAR', address: 'VARCHAR', transfer: 'STRUCT(amountUsd DOUBLE, token STRUCT(chain VARCHAR, networkId BIGINT, contractAddress VARCHAR))', sanctioned: 'BOOLEAN', signals: 'STRUCT(riskScore DOUBLE, exposures STRUCT(category VARCHAR, direction VARCHAR, percent DOUBLE)[], cluster STRUCT(category VARCHAR))'}`;
/** Seed of the input: bench/replay.js's throughput input is seed 1 too. */
const SEED = 1;
/** Bumped when the corpus's shape changes, so that an old one is made again. */
const CORPUS_VERSION = 1;
/** .ci/run's venv (test/helpers/ray-cluster.ts reads the same). */
const RAY_VENV = process.env.SCREENPOL_RAY_VENV || join(homedir(), ".cache", "screenpol-ci", "venv-ray");
const RAY_PYTHON = join(RAY_VENV, "bin", "python");

const fmt = (value) => Math.round(value).toLocaleString("en-US");
const sqlString = (text) => `'${text.replaceAll("'", "''")}'`;

/** The input for `rows` screenings in `corpusRoot`/engines-<rows>/, made unless a finished one is there. */
async function ensureEngineCorpus({ root, corpusRoot, rows, parts = 8, log }) {
  const dir = join(corpusRoot, `engines-${rows}`);
  const paths = { dir, jsonl: join(dir, "screenings.jsonl"), parquet: join(dir, "parquet"), startup: join(dir, "parquet-1") };
  const marker = join(dir, "done.json");
  const wanted = { version: CORPUS_VERSION, rows, parts, seed: SEED };
  if (existsSync(marker) && JSON.stringify(JSON.parse(readFileSync(marker, "utf8"))) === JSON.stringify(wanted)) return { ...paths, generated: false };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(paths.parquet, { recursive: true });
  mkdirSync(paths.startup, { recursive: true });
  const started = performance.now();
  const out = createWriteStream(paths.jsonl);
  let batch = [];
  for (const line of screeningLineStream(rows, SEED)) {
    batch.push(line);
    if (batch.length === 4096) {
      if (!out.write(`${batch.join("\n")}\n`)) await once(out, "drain");
      batch = [];
    }
  }
  if (batch.length > 0) out.write(`${batch.join("\n")}\n`);
  out.end();
  await once(out, "finish");
  log?.(`  input: ${fmt(rows)} JSON lines written in ${round((performance.now() - started) / 1000, 1)} s`);
  const { openSqlSession } = await import(pathToFileURL(join(root, "dist", "workspace", "duckdb.js")).href);
  // Spilling to the corpus's own folder: 10,000,000 rows do not fit DuckDB's memory limit.
  const session = await openSqlSession({ memoryLimit: "1GB", tempDirectory: join(dir, "spill") });
  try {
    await session.all(`CREATE TABLE screenings AS SELECT * FROM read_json(${sqlString(paths.jsonl)}, format = 'newline_delimited', columns = ${LAYOUT_COLUMNS})`);
    // Insertion order is kept (DuckDB's preserve_insertion_order): the parts hold the rows in the file's order, so row numbers, and so samples, are the JSON lines'.
    const cut = (part) => Math.round((rows * part) / parts);
    for (let part = 0; part < parts; part++) {
      const file = join(paths.parquet, `part-${String(part).padStart(3, "0")}.parquet`);
      await session.all(`COPY (SELECT * FROM screenings LIMIT ${cut(part + 1) - cut(part)} OFFSET ${cut(part)}) TO ${sqlString(file)} (FORMAT parquet)`);
    }
    await session.all(`COPY (SELECT * FROM screenings LIMIT 1) TO ${sqlString(join(paths.startup, "part-000.parquet"))} (FORMAT parquet)`);
  } finally {
    session.close();
    rmSync(join(dir, "spill"), { recursive: true, force: true });
  }
  log?.(`  input: the same rows as ${parts} Parquet files, ${round((performance.now() - started) / 1000, 1)} s in all`);
  writeFileSync(marker, JSON.stringify(wanted));
  return { ...paths, generated: true };
}

/**
 * One `screenpol replay` process, its own process group (the Ray engine's Python with it), killed at
 * `deadlineMs`. Its wall time, peak RSS, report (stdout) and stderr without the bench's own lines.
 */
function replayRun(root, cwd, args, deadlineMs) {
  return new Promise((resolveRun) => {
    const start = performance.now();
    const node = ["--import", pathToFileURL(join(here, "rss-report.js")).href, "--import", pathToFileURL(join(here, "cpu-report.js")).href, join(root, "bin", "screenpol.js"), "replay", ...args];
    const child = spawn(process.execPath, node, { cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, "SIGKILL");
    }, deadlineMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolveRun({ ms: performance.now() - start, code: -1, stdout: "", stderr: error.message, maxRssKiB: Number.NaN, cpuMs: Number.NaN, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const rss = [...stderr.matchAll(/^BENCH_MAXRSS (\d+)$/gm)].at(-1);
      const cpu = [...stderr.matchAll(/^BENCH_CPU (\d+)$/gm)].at(-1);
      const own = stderr.split("\n").filter((line) => !/^BENCH_(MAXRSS|CPU) \d+$/.test(line) && line.trim() !== "").join("\n");
      resolveRun({ ms: performance.now() - start, code, stdout, stderr: own, maxRssKiB: rss ? Number(rss[1]) : Number.NaN, cpuMs: cpu ? Number(cpu[1]) / 1000 : Number.NaN, timedOut });
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}

async function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** `ray start --block` in its own process group, ready when its log says so within `timeoutMs` (as test/helpers/ray-cluster.ts). */
async function startRayNode(args, log, timeoutMs) {
  const fd = openSync(log, "a");
  const child = spawn(join(RAY_VENV, "bin", "ray"), ["start", "--block", "--disable-usage-stats", ...args], { detached: true, stdio: ["ignore", fd, fd], env: { ...process.env, RAY_USAGE_STATS_ENABLED: "0" } });
  closeSync(fd);
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const text = existsSync(log) ? readFileSync(log, "utf8") : "";
    if (/Ray runtime started/.test(text)) return child;
    if (child.exitCode !== null) break;
    await sleep(250);
  }
  await stopRayNode(child);
  throw new Error(`ray start did not start within ${timeoutMs / 1000} s: ${(existsSync(log) ? readFileSync(log, "utf8") : "").trim().split("\n").at(-1)}`);
}

/** SIGTERM to the node's group, SIGKILL to what is left 15 s later: never `ray stop`, which stops every Ray on the machine. */
async function stopRayNode(child) {
  if (child.exitCode === null) {
    const exited = once(child, "exit");
    killGroup(child, "SIGTERM");
    await Promise.race([exited, sleep(15_000)]);
  }
  killGroup(child, "SIGKILL");
}

/** Runs `use(address)` on a loopback cluster of `nodes` nodes of one CPU each; the cluster stopped whatever happens. */
async function withRayCluster(nodes, dir, use) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = [];
  try {
    const port = await freePort();
    const common = ["--node-ip-address=127.0.0.1", "--num-cpus=1", "--object-store-memory=80000000"];
    started.push(await startRayNode(["--head", `--port=${port}`, `--dashboard-agent-listen-port=${await freePort()}`, "--include-dashboard=false", `--temp-dir=${join(dir, "head")}`, ...common], join(dir, "head.log"), 120_000));
    const address = `127.0.0.1:${port}`;
    for (let node = 1; node < nodes; node++) {
      started.push(await startRayNode([`--address=${address}`, `--dashboard-agent-listen-port=${await freePort()}`, `--temp-dir=${join(dir, `worker-${node}`)}`, ...common], join(dir, `worker-${node}.log`), 120_000));
    }
    return await use(address);
  } finally {
    for (const child of started.reverse()) await stopRayNode(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The row-by-row differential (test/app/replay-sql-differential.test.ts) at `rows` rows: fast-check pairs of
 * versions of both vendors, every row's (action, decided_by) on both sides from DuckDB's SQL against decide().
 * The rows the reports above compare are counted per transition; these are compared one by one.
 */
async function measureRowDifferential(rows, log) {
  const started = performance.now();
  const deadlineMs = 600_000 + rows / 5;
  const vitest = join(CHECKOUT, "node_modules", "vitest", "vitest.mjs");
  const child = spawn(process.execPath, [vitest, "run", "test/app/replay-sql-differential.test.ts"], {
    cwd: CHECKOUT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SCREENPOL_DIFFERENTIAL_ROWS: String(rows), NO_COLOR: "1" },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (output = (output + chunk).slice(-20_000)));
  const timer = setTimeout(() => killGroup(child, "SIGKILL"), deadlineMs);
  const [code] = await once(child, "close");
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  const passed = code === 0 && /Tests\s+2 passed/.test(output);
  log(`  differential: ${fmt(rows)} rows, ${passed ? "every row decide()'s" : `FAILED (exit ${code})`}, ${round(seconds, 1)} s`);
  if (!passed) log(output.split("\n").filter((line) => /expected|mismatch|line \d+: SQL|Error/.test(line)).slice(0, 5).join("\n"));
  return [`replay engines: compiled SQL = decide(), row by row (DuckDB)`, passed ? `${fmt(rows)} rows, 0 differ` : "rows differ", "all", passed, `${round(seconds, 0)} s with drawing`];
}

function rayUsable() {
  if (!existsSync(RAY_PYTHON) || !existsSync(join(RAY_VENV, "bin", "ray"))) return `no venv at ${RAY_VENV} (.ci/run makes it)`;
  return undefined;
}

/** The phase: returns { rows: [measure, value, target, pass, note][] , ... } for bench/run.js's table. */
export async function measureReplayEngines({ root, corpusRoot, rows: count = 10_000_000, rounds = 3, parts = 8, ray = true, differentialRows = count, log }) {
  const corpus = await ensureEngineCorpus({ root, corpusRoot, rows: count, parts, log });
  log(`  input: ${fmt(count)} screenings in ${corpus.dir} (${corpus.generated ? "generated" : "cached"})`);
  const repo = replayRepository();
  // A generous bound per run: a busy machine at a few tens of thousands of screenings a second, plus a start.
  const deadlineMs = 120_000 + count / 20;
  const result = { count, rounds, loadavgStart: loadavg(), runs: {}, reports: {}, rows: [] };
  const reference = { stdout: undefined };
  const same = (name) => result.reports[name] === reference.stdout;
  const record = (name, run) => {
    (result.runs[name] ??= []).push({ ms: run.ms, cpuMs: run.cpuMs, maxRssKiB: run.maxRssKiB, code: run.code });
    if (run.code !== 0) throw new Error(`${name}: screenpol replay exited ${run.timedOut ? "at its deadline" : run.code}: ${run.stderr.split("\n")[0] ?? ""}`);
    // Identical reports of nothing decided would be fast and worthless: every screening must be decided.
    const expected = name.endsWith("start-up") ? 1 : count;
    const report = JSON.parse(run.stdout);
    if (report.screenings !== expected || report.skipped !== 0) throw new Error(`${name}: decided ${report.screenings} of ${expected} screenings, ${report.skipped} skipped`);
    if (name === "js") reference.stdout ??= run.stdout;
    // A 1-row start-up run's report is of another input: it is checked for its one screening above, not against js's.
    if (expected === count) result.reports[name] ??= run.stdout;
  };
  try {
    const engines = {
      js: [corpus.jsonl, "--engine", "js"],
      "duckdb jsonl": [corpus.jsonl, "--engine", "duckdb"],
      "duckdb parquet": [corpus.parquet, "--engine", "duckdb"],
    };
    const perRound = [];
    for (let r = 0; r < rounds; r++) {
      const times = {};
      for (const name of rotate(Object.keys(engines), r)) {
        const run = await replayRun(root, repo, [...engines[name], ...TARGET], deadlineMs);
        record(name, run);
        times[name] = run.ms;
        log(`  round ${r + 1}: ${name.padEnd(15)} ${round(run.ms / 1000, 2)} s = ${fmt(count / (run.ms / 1000))}/s (CPU ${round(run.cpuMs / 1000, 2)} s, all threads), peak RSS ${round(run.maxRssKiB / 1024, 1)} MiB`);
      }
      perRound.push(times);
    }
    const jsRate = median(perRound.map((times) => count / (times.js / 1000)));
    result.rows.push([`replay engines: js (reference), ${fmt(count)} JSON lines`, `${fmt(jsRate)}/s`, "report", undefined, ""]);
    for (const [name, target] of [["duckdb jsonl", 3], ["duckdb parquet", 10]]) {
      const ratio = median(perRound.map((times) => times.js / times[name]));
      const rate = median(perRound.map((times) => count / (times[name] / 1000)));
      // CPU seconds of js over the engine's (all its threads): steadier than wall time on a busy machine, not the target.
      const cpuRatio = median(result.runs.js.map((run, r) => run.cpuMs / result.runs[name][r].cpuMs));
      result[name] = { ratio, rate, cpuRatio };
      result.rows.push(same(name)
        ? [`replay engines: ${name} / js`, `${round(ratio, 2)}x (${fmt(rate)}/s)`, `>= ${target}x`, ratio >= target, `CPU time ${round(cpuRatio, 2)}x`]
        : [`replay engines: ${name} / js`, "report differs", `>= ${target}x`, false, "its report JSON is not the js engine's"]);
    }
    for (const name of Object.keys(engines)) {
      const peak = Math.max(...result.runs[name].map((run) => run.maxRssKiB));
      result.rows.push([`replay engines: ${name} peak RSS`, `${round(peak / 1024, 1)} MiB`, "report", undefined, ""]);
    }

    const unusable = ray ? rayUsable() : "--no-ray";
    if (unusable) {
      log(`  ray: skipped, ${unusable}`);
      result.rows.push(["replay engines: ray 2 nodes / 1 node", "skipped", ">= 1.7x", undefined, unusable]);
    } else {
      try {
        await measureRay();
      } catch (error) {
        // The engines measured before stand: Ray's failure is its own row.
        log(`  ray: failed, ${error.message.split("\n")[0]}`);
        result.rows.push(["replay engines: ray 2 nodes / 1 node", "failed", ">= 1.7x", false, error.message.split("\n")[0].slice(0, 120)]);
      }
    }
    if (differentialRows > 0) result.rows.push(await measureRowDifferential(differentialRows, log));
    const differing = Object.keys(result.reports).filter((name) => !same(name));
    result.rows.push(["replay engines: report JSON identical to js", differing.length === 0 ? `all ${Object.keys(result.reports).length}` : `differs: ${differing.join(", ")}`, "all", differing.length === 0, ""]);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
  result.loadavgEnd = loadavg();
  result.reports = undefined;
  return result;

  async function measureRay() {
    const rayArgs = (input, address) => [input, "--engine", "ray", "--address", address, "--python", RAY_PYTHON, ...TARGET];
    for (const nodes of [1, 2]) {
      const name = `ray ${nodes} node${nodes > 1 ? "s" : ""}`;
      // Beside the corpus, not in the repository's temporary folder: Ray's socket paths must stay short.
      await withRayCluster(nodes, join(corpusRoot, `ray-${nodes}`), async (address) => {
        // The start-up, a 1-row run, alternates with the full runs: one figure of each per round, medians taken.
        for (let r = 0; r < rounds; r++) {
          const startup = await replayRun(root, repo, rayArgs(corpus.startup, address), deadlineMs);
          record(`${name} start-up`, startup);
          const run = await replayRun(root, repo, rayArgs(corpus.parquet, address), deadlineMs);
          record(name, run);
          log(`  ${name}: round ${r + 1} start-up (1 row) ${round(startup.ms / 1000, 2)} s, ${fmt(count)} rows ${round(run.ms / 1000, 2)} s = ${fmt(count / (run.ms / 1000))}/s`);
        }
      });
    }
    const ms = (name) => median(result.runs[name].map((run) => run.ms));
    const startup = { 1: ms("ray 1 node start-up"), 2: ms("ray 2 nodes start-up") };
    const raw = ms("ray 1 node") / ms("ray 2 nodes");
    const net = Math.max(1, ms("ray 1 node") - startup[1]) / Math.max(1, ms("ray 2 nodes") - startup[2]);
    result.ray = { startupMs: startup, raw, net };
    const bothSame = same("ray 1 node") && same("ray 2 nodes");
    result.rows.push([`replay engines: ray fixed start-up (1 row), 1 node / 2 nodes`, `${round(startup[1] / 1000, 2)} s / ${round(startup[2] / 1000, 2)} s`, "report", undefined, ""]);
    result.rows.push(bothSame
      ? ["replay engines: ray 2 nodes / 1 node, net of start-up", `${round(net, 2)}x (raw ${round(raw, 2)}x; 2 nodes ${fmt(count / (ms("ray 2 nodes") / 1000))}/s raw)`, ">= 1.7x", net >= 1.7, ""]
      : ["replay engines: ray 2 nodes / 1 node, net of start-up", "report differs", ">= 1.7x", false, "a Ray report JSON is not the js engine's"]);
    for (const name of ["ray 1 node", "ray 2 nodes"]) {
      const peak = Math.max(...result.runs[name].map((run) => run.maxRssKiB));
      result.rows.push([`replay engines: ${name} peak RSS (screenpol process)`, `${round(peak / 1024, 1)} MiB`, "report", undefined, "Ray's workers and driver apart"]);
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(`--${name}`) ? Number(argv[argv.indexOf(`--${name}`) + 1]) : fallback);
  const log = (line) => process.stdout.write(`${line}\n`);
  if (!existsSync(join(CHECKOUT, "dist", "index.js"))) {
    log("bench: dist/ is missing; build first: npm run build");
    process.exit(2);
  }
  const load = (l) => l.map((x) => x.toFixed(1)).join(" ");
  log(`replay engines (whole CLI processes, 40-rule pair), load average ${load(loadavg())}:`);
  try {
    const result = await measureReplayEngines({
      root: CHECKOUT,
      corpusRoot: join(CHECKOUT, "bench", ".corpus"),
      rows: option("engine-rows", 10_000_000),
      rounds: option("engine-rounds", 3),
      parts: option("parts", 8),
      ray: !argv.includes("--no-ray"),
      differentialRows: option("differential-rows", option("engine-rows", 10_000_000)),
      log,
    });
    for (const [measure, value, target, pass, note] of result.rows) log(`${measure.padEnd(62)} ${value.padEnd(44)} ${target.padEnd(8)} ${pass === undefined ? "" : pass ? "pass" : "MISS"}${note ? ` (${note})` : ""}`);
    log(`load average ${load(result.loadavgStart)} at start, ${load(result.loadavgEnd)} at end`);
  } catch (error) {
    log(`bench: replay engines: ${error.message.split("\n")[0]}`);
    process.exit(2);
  }
}
