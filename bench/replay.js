/**
 * replay benchmark (semantics.md section 4; `npm run bench`, or alone:
 * `node bench/replay.js [--no-rss] [--lines N] [--rss-mb 100,1000]`). Needs a build (dist/).
 *
 *  (a) Throughput, in-process, a 40-rule vendorA TRANSACTION policy against a
 *      variant of it, N generated screenings (fixed seed), R interleaved rounds,
 *      medians; each rate beside the parse-only baseline of the same round:
 *        parse only     JSON.parse per line (the floor of any JSON-lines reader)
 *        read line      parse + the screening's JSON Schema and checks (readReplayLine)
 *        decide only    the decision procedure on pre-parsed screenings, one version
 *        full replay    replayStream: cut into lines + read + decide against both + tally
 *      target: decide only >= 500,000 screenings/s on one core.
 *  (b) Memory: peak RSS of `screenpol replay - --base HEAD` (its own process)
 *      with 100 MB and 1 GB of screenings piped into standard input from a
 *      generator process (bench/replay-lines.js), nothing written to disk;
 *      target: the peaks within 20 MB of each other.
 */
import { spawn, execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { seededRandom } from "./emulator-load.js";
import { median, round, rotate } from "./lib.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const CHECKOUT = resolve(here, "..");
const CATEGORIES = ["darknet_market", "mixer", "ransomware", "scam", "stolen_funds", "fraud_shop", "gambling", "high_risk_exchange", "no_kyc_exchange", "privacy_wallet"];
const DIRECTIONS = ["direct", "indirect", "any"];
const NOW = new Date("2026-11-23T12:00:00Z");

/**
 * 40 rules of every condition kind, most of which a typical screening passes
 * (the costly case: it reaches deep into the list). `shift` moves thresholds,
 * for the other version.
 */
export function fortyRulePolicy(shift = 0) {
  const postScreen = [];
  for (let i = 0; i < 40; i++) {
    const category = CATEGORIES[i % CATEGORIES.length];
    const exposure = { category, direction: DIRECTIONS[i % 3], minPercent: 20 + i + shift };
    const when = [
      { exposure },
      { riskScore: { gte: Math.min(10, 9 + (i % 10) / 10 + shift / 10) } },
      { cluster: { category }, riskScore: { gte: 5 + shift / 10 } },
      { anyOf: [{ exposure }, { cluster: { category: CATEGORIES[(i + 3) % CATEGORIES.length] }, riskScore: { gte: 7 } }] },
    ][i % 4];
    postScreen.push({ id: `rule-${String(i).padStart(2, "0")}`, when, action: ["BLOCK", "ALERT"][i % 2] });
  }
  return {
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    schemaVersion: 2,
    enabled: true,
    rules: { preScreen: { chains: ["EVM", "SOL"], minAmountUsd: 100 }, postScreen },
  };
}

/** `count` screenings as JSON lines, valid for a vendorA TRANSACTION policy. */
export function screeningLines(count, seed = 1) {
  return [...screeningLineStream(count, seed)];
}

/** The same lines one at a time, for inputs too large to hold (bench/replay-engines.js). */
export function* screeningLineStream(count, seed = 1) {
  const next = seededRandom(seed);
  const pick = (list) => list[Math.floor(next() * list.length)];
  for (let i = 0; i < count; i++) {
    const exposures = [];
    const n = Math.floor(next() * 4);
    for (let e = 0; e < n; e++) exposures.push({ category: pick(CATEGORIES), direction: pick(["direct", "indirect"]), percent: Math.round(next() * 600) / 10 });
    const signals = { riskScore: Math.round(next() * 100) / 10, exposures };
    if (next() < 0.5) signals.cluster = { category: pick(CATEGORIES) };
    const screening = {
      chain: next() < 0.9 ? "EVM" : "SOL",
      address: `0x${Math.floor(next() * 2 ** 52).toString(16).padStart(40, "0")}`,
      transfer: { amountUsd: Math.round(next() * 1_000_000) / 100, token: { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" } },
      signals,
    };
    if (next() < 0.01) screening.sanctioned = true;
    yield JSON.stringify(screening);
  }
}

const subjectOf = (policy) => ({ providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy, addressEntries: [] });

async function* chunked(text, size = 64 * 1024) {
  const bytes = Buffer.from(text);
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/** The lines name no policy: the flags name the one they are all of. */
const READ_CONTEXT = {
  filter: { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" },
  environments: ["sandbox"],
  unknownCategories: "accept",
};

export async function measureReplayThroughput({ root, lines: count = 200_000, rounds = 3, log }) {
  const dist = (path) => import(pathToFileURL(join(root, "dist", path)).href);
  const { decide, compileSubject } = await dist("core/semantics/index.js");
  const { readReplayLine } = await dist("core/replay/line.js");
  const { replayStream } = await dist("app/replay.js");
  const { createLineReplayer } = await dist("app/replay/line-replayer.js");
  const lines = screeningLines(count);
  const text = `${lines.join("\n")}\n`;
  const parsed = lines.map((line) => JSON.parse(line));
  const base = subjectOf(fortyRulePolicy(5));
  const head = subjectOf(fortyRulePolicy(0));
  const compiled = compileSubject(head);
  const options = { now: NOW.getTime() };
  let sink = 0;
  const measures = {
    parse: async () => {
      for (const line of lines) sink += JSON.parse(line) === null ? 1 : 0;
    },
    read: async () => {
      for (const line of lines) sink += readReplayLine(line, READ_CONTEXT).kind === "screening" ? 1 : 0;
    },
    decide: async () => {
      for (const screening of parsed) sink += decide(compiled, screening, options).action.length;
    },
    full: async () => {
      const input = { name: "bench", chunks: chunked(text), bytesRead: () => 0, totalBytes: undefined };
      const versions = async () => ({ base: { side: { label: "base", subject: base }, findings: [], hasErrors: false }, head: { side: { label: "head", subject: head }, findings: [], hasErrors: false } });
      const replayer = createLineReplayer(versions, { filter: READ_CONTEXT.filter, environments: READ_CONTEXT.environments, samples: 10, now: NOW });
      await replayer.openFlagged();
      await replayStream(input, replayer, undefined);
      const { report } = replayer.result();
      if (report.screenings !== count) throw new Error(`full replay decided ${report.screenings} of ${count} screenings (skipped ${report.skipped}: ${report.badLines[0]?.error})`);
      sink += report.changed;
    },
  };
  // One warm-up pass each: the JIT, ajv's compiled validator, the subject's compiled form.
  for (const measure of Object.values(measures)) await measure();
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const rates = { wall: {}, cpu: {} };
    for (const name of rotate(Object.keys(measures), r)) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      await measures[name]();
      const used = process.cpuUsage(cpu);
      rates.wall[name] = count / ((performance.now() - start) / 1000);
      // Per CPU-second ("on one core"): on a shared machine, waiting for a core is not the code's time.
      rates.cpu[name] = count / ((used.user + used.system) / 1e6);
    }
    perRound.push(rates);
  }
  const result = { count, rounds, sink, rates: { wall: {}, cpu: {} }, ratios: { wall: {}, cpu: {} } };
  for (const clock of ["wall", "cpu"]) {
    for (const name of Object.keys(measures)) {
      result.rates[clock][name] = median(perRound.map((rates) => rates[clock][name]));
      result.ratios[clock][name] = median(perRound.map((rates) => rates[clock][name] / rates[clock].parse));
    }
  }
  const labels = { parse: "parse only (JSON.parse)", read: "read line (parse + schema)", decide: "decide only (1 version)", full: "full replay (2 versions)" };
  for (const name of Object.keys(measures)) {
    log(`  ${labels[name].padEnd(28)} ${fmt(result.rates.cpu[name])} screenings/CPU-s (${round(result.ratios.cpu[name], 2)} x parse only); wall ${fmt(result.rates.wall[name])}/s (${round(result.ratios.wall[name], 2)} x)`);
  }
  const row = (name) => `${fmt(result.rates.cpu[name])}/CPU-s (${round(result.ratios.cpu[name], 2)} x parse; wall ${round(result.ratios.wall[name], 2)} x)`;
  return {
    ...result,
    rows: [
      ["replay: parse only (baseline)", `${fmt(result.rates.cpu.parse)}/CPU-s`, "report", undefined],
      ["replay: decide only, 40 rules", row("decide"), ">= 500,000/s", result.rates.cpu.decide >= 500_000],
      ["replay: read line (parse + schema)", row("read"), "report", undefined],
      ["replay: full path (read + decide x2)", row("full"), "report", undefined],
    ],
  };
}

/** A copy of the sample repository as a Git repository: the 40-rule policy shifted at HEAD, unshifted in the working tree. */
export function replayRepository() {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-bench-replay-"));
  for (const entry of ["screenpol.config.yaml", "policies"]) cpSync(join(CHECKOUT, entry), join(dir, entry), { recursive: true });
  const policy = join(dir, "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml");
  const env = { ...process.env, GIT_AUTHOR_NAME: "bench", GIT_AUTHOR_EMAIL: "bench@example.com", GIT_COMMITTER_NAME: "bench", GIT_COMMITTER_EMAIL: "bench@example.com" };
  // JSON is YAML: the policy file is the document as JSON.
  writeFileSync(policy, JSON.stringify(fortyRulePolicy(5), null, 2));
  for (const args of [["init", "-q"], ["add", "-A"], ["commit", "-qm", "base"]]) execFileSync("git", args, { cwd: dir, env });
  writeFileSync(policy, JSON.stringify(fortyRulePolicy(0), null, 2));
  return dir;
}

/** `screenpol replay -` fed `bytes` of screenings by a generator process; its peak RSS and wall time. */
function replayFromGenerator(root, cwd, bytes) {
  return new Promise((resolveRun, reject) => {
    const start = performance.now();
    const generator = spawn(process.execPath, [join(here, "replay-lines.js"), String(bytes)], { stdio: ["ignore", "pipe", "inherit"] });
    const args = ["--import", pathToFileURL(join(here, "rss-report.js")).href, "--import", pathToFileURL(join(here, "cpu-report.js")).href, join(root, "bin", "screenpol.js"), "replay", "-", "--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION", "--base", "HEAD", "--format", "json"];
    const replay = spawn(process.execPath, args, { cwd, stdio: [generator.stdout, "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    replay.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    replay.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => (generator.kill("SIGKILL"), replay.kill("SIGKILL")), 180_000);
    replay.on("error", reject);
    replay.on("close", (code) => {
      clearTimeout(timer);
      const rss = [...stderr.matchAll(/^BENCH_MAXRSS (\d+)$/gm)].at(-1);
      const cpu = [...stderr.matchAll(/^BENCH_CPU (\d+)$/gm)].at(-1);
      if (code !== 0 || !rss) return reject(new Error(`screenpol replay exited ${code}: ${stderr.split("\n").find((line) => line.trim() !== "") ?? ""}`));
      const report = JSON.parse(stdout);
      resolveRun({ bytes, ms: performance.now() - start, maxRssKiB: Number(rss[1]), cpuMs: cpu ? Number(cpu[1]) / 1000 : Number.NaN, screenings: report.screenings, skipped: report.skipped, changed: report.changed });
    });
  });
}

export async function measureReplayMemory({ root, sizesMb = [100, 1000], log }) {
  const dir = replayRepository();
  try {
    const runs = [];
    for (const mb of sizesMb) {
      const run = await replayFromGenerator(root, dir, mb * 1_000_000);
      runs.push(run);
      log(`  ${String(mb).padStart(5)} MB: peak RSS ${round(run.maxRssKiB / 1024, 1)} MiB, ${fmt(run.screenings)} screenings (${run.changed} changed, ${run.skipped} skipped) in ${round(run.ms / 1000, 1)} s wall, ${round(run.cpuMs / 1000, 1)} s CPU = ${fmt(run.screenings / (run.cpuMs / 1000))}/CPU-s, ${round(mb / (run.ms / 1000), 1)} MB/s wall`);
    }
    const growthMiB = (runs.at(-1).maxRssKiB - runs[0].maxRssKiB) / 1024;
    return {
      runs,
      growthMiB,
      rows: [
        ...runs.map((run) => [`replay CLI: peak RSS, ${run.bytes / 1_000_000} MB on stdin`, `${round(run.maxRssKiB / 1024, 1)} MiB`, "report", undefined]),
        [`replay CLI: RSS growth ${sizesMb[0]} MB -> ${sizesMb.at(-1)} MB`, `${round(growthMiB, 1)} MiB`, "<= 20 MB", growthMiB * 1.048576 <= 20],
        [`replay CLI: screenings per CPU-s (${sizesMb.at(-1)} MB, whole process)`, fmt(runs.at(-1).screenings / (runs.at(-1).cpuMs / 1000)), "report", undefined],
      ],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function fmt(value) {
  return Math.round(value).toLocaleString("en-US");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
  const log = (line) => process.stdout.write(`${line}\n`);
  log("replay throughput (in-process, 40-rule policy):");
  const throughput = await measureReplayThroughput({ root: CHECKOUT, lines: Number(option("lines", 200_000)), log });
  const rows = [...throughput.rows];
  if (!argv.includes("--no-rss")) {
    log("replay memory (CLI, screenings piped into stdin):");
    rows.push(...(await measureReplayMemory({ root: CHECKOUT, sizesMb: option("rss-mb", "100,1000").split(",").map(Number), log })).rows);
  }
  for (const [measure, value, target, pass] of rows) log(`${measure.padEnd(48)} ${value.padEnd(34)} ${target.padEnd(14)} ${pass === undefined ? "" : pass ? "pass" : "MISS"}`);
}
