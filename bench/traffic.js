/**
 * compare --traffic benchmark (docs/semantics.md, "Recorded screenings of a
 * weakening"; `npm run bench`, or alone: `node bench/traffic.js [--lines N]
 * [--rounds R]`). Needs a build (dist/).
 *
 * In-process, the 40-rule vendorA TRANSACTION pair of bench/replay.js (base
 * shifted, head not), N generated screenings (fixed seed), R interleaved
 * rounds, medians:
 *   replay      replayStream: cut into lines + read + decide against both + tally
 *   traffic     countTraffic: the same reading and deciding, each changed screening
 *               attributed to its transition and to the cause whose region holds it
 * The comparison (causes and regions) is computed once, before the rounds: it is
 * the weakening check's cost, measured by bench/weakening.js. Reported: the
 * traffic rate as a ratio to replay's in the same round (target: >= 0.8, the
 * attribution costs at most a fifth of replay), and the share of screenings changed.
 */
import { resolve, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, round, rotate } from "./lib.js";
import { fortyRulePolicy, screeningLines } from "./replay.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const CHECKOUT = resolve(here, "..");
const NOW = new Date("2026-11-23T12:00:00Z");
const TARGET = { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION" };

const subjectOf = (policy) => ({ providerType: "vendorAWalletScreening", scope: "TRANSACTION", policy, addressEntries: [] });

async function* chunked(bytes, size = 64 * 1024) {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

const inputOf = (bytes) => ({ name: "bench", chunks: chunked(bytes), bytesRead: () => 0, totalBytes: undefined });

export async function measureTraffic({ root, lines: count = 100_000, rounds = 3, log }) {
  const dist = (path) => import(pathToFileURL(join(root, "dist", path)).href);
  const { replayStream } = await dist("app/replay.js");
  const { createLineReplayer } = await dist("app/replay/line-replayer.js");
  const { countTraffic } = await dist("app/traffic.js");
  const { compareSubjects } = await dist("app/weakening.js");
  const { withSolver } = await dist("app/solver.js");
  const base = subjectOf(fortyRulePolicy(5));
  const head = subjectOf(fortyRulePolicy(0));
  const comparison = await withSolver(() => compareSubjects(base, head, { now: NOW.getTime(), timeoutMs: 60_000 }));
  if (comparison.causes === undefined) throw new Error(`the comparison has no causes (${comparison.regionsReason ?? comparison.reason ?? comparison.verdict})`);
  const bytes = Buffer.from(`${screeningLines(count).join("\n")}\n`);
  let changed = 0;
  const measures = {
    replay: async () => {
      // As `screenpol replay` runs its JavaScript engine (app/replay.ts): one line replayer, both versions of the one policy.
      const loaded = (label, subject) => ({ side: { label, subject }, findings: [], hasErrors: false });
      const versions = { base: loaded("base", base), head: loaded("head", head) };
      const lines = createLineReplayer(async () => versions, { filter: TARGET, environments: [TARGET.environment], samples: 10, now: NOW });
      await lines.openFlagged();
      await replayStream(inputOf(bytes), lines, undefined);
      const report = lines.result().report.subjects[0];
      if (report.screenings !== count) throw new Error(`replay decided ${report.screenings} of ${count} screenings`);
      changed = report.changed;
    },
    traffic: async () => {
      const counted = await countTraffic(inputOf(bytes), { target: TARGET, base, head, comparison }, NOW);
      if (counted.traffic.screenings !== count || counted.traffic.changed !== changed) throw new Error(`traffic counted ${counted.traffic.screenings} screenings, ${counted.traffic.changed} changed; replay ${count}, ${changed}`);
    },
  };
  // One warm-up pass each (replay first: traffic checks its totals against replay's).
  for (const name of ["replay", "traffic"]) await measures[name]();
  const perRound = [];
  for (let r = 0; r < rounds; r++) {
    const rates = { wall: {}, cpu: {} };
    for (const name of rotate(Object.keys(measures), r)) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      await measures[name]();
      const used = process.cpuUsage(cpu);
      rates.wall[name] = count / ((performance.now() - start) / 1000);
      rates.cpu[name] = count / ((used.user + used.system) / 1e6);
    }
    perRound.push(rates);
  }
  const rate = (clock, name) => median(perRound.map((rates) => rates[clock][name]));
  const ratio = (clock) => median(perRound.map((rates) => rates[clock].traffic / rates[clock].replay));
  const result = { count, rounds, changed, causes: comparison.causes.length, replayCpu: rate("cpu", "replay"), trafficCpu: rate("cpu", "traffic"), ratioCpu: ratio("cpu"), ratioWall: ratio("wall") };
  log(`  ${fmt(count)} screenings, ${fmt(changed)} changed (${round((changed * 100) / count, 2)}%), ${result.causes} causes`);
  log(`  replay (2 versions)            ${fmt(result.replayCpu)} screenings/CPU-s`);
  log(`  compare --traffic counting     ${fmt(result.trafficCpu)} screenings/CPU-s (${round(result.ratioCpu, 2)} x replay; wall ${round(result.ratioWall, 2)} x)`);
  return {
    ...result,
    rows: [
      [`traffic: ${fmt(count)} screenings, replay (baseline)`, `${fmt(result.replayCpu)}/CPU-s`, "report", undefined],
      [`traffic: counting per cause vs replay`, `${round(result.ratioCpu, 2)} x replay (wall ${round(result.ratioWall, 2)} x)`, ">= 0.8 x", result.ratioCpu >= 0.8],
    ],
  };
}

function fmt(value) {
  return Math.round(value).toLocaleString("en-US");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
  const log = (line) => process.stdout.write(`${line}\n`);
  log("compare --traffic counting (in-process, 40-rule pair):");
  const { rows } = await measureTraffic({ root: CHECKOUT, lines: Number(option("lines", 100_000)), rounds: Number(option("rounds", 3)), log });
  for (const [measure, value, target, pass] of rows) log(`${measure.padEnd(48)} ${value.padEnd(34)} ${target.padEnd(14)} ${pass === undefined ? "" : pass ? "pass" : "MISS"}`);
  process.exit(0);
}
