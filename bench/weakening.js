/**
 * The weakening check (issue 13, Speed): compareSubjects on a pair of N-rule
 * v2 policies (anyOf) of each vendor, in a fresh process each time so that
 * every start is counted: import, the check with its examples, and z3's start
 * when the check needs the solver. Target: under 1 s for 40 rules; 200 rules
 * reported. compareSubjects answers a pair of up to 25,000 representative
 * screenings with the interval partition, without z3 (src/app/weakening.ts),
 * so the z3 engine alone (compareWithSolver) is measured besides: fresh
 * process, after the reading a command does first (the sample repository's
 * policies parsed with yaml), with and without prewarmSolver() called before
 * that reading. The head version is the base with one threshold raised, two
 * rules swapped and one removed, so the check has transitions to find and
 * examples to make. `node bench/weakening.js` runs it alone (needs `npm run build`).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, round } from "./lib.js";

const TARGET_MS = 1000;
const NOW = Date.parse("2026-11-23T12:00:00Z");
const CATEGORIES = {
  vendorAWalletScreening: ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"],
  vendorBAddressScreening: ["mixing_service", "ransomware", "gambling", "theft", "scam", "darknet"],
};
const LEVELS = ["low", "medium", "high", "severe"];
const TYPES = ["ownership", "counterparty", "indirect"];
const DIRECTIONS = ["direct", "indirect", "any"];

function rule(vendor, index) {
  const category = CATEGORIES[vendor][index % 6];
  const action = ["BLOCK", "ALERT", "BLOCK", "ALLOW"][index % 4];
  const anyOf =
    vendor === "vendorAWalletScreening"
      ? [{ riskScore: { gte: (index % 20) / 2 } }, { exposure: { category, direction: DIRECTIONS[index % 3], minPercent: (index * 7) % 100 } }, { cluster: { category } }]
      : [{ riskLevel: { atLeast: LEVELS[index % 4] } }, { indicator: { category, riskType: TYPES[index % 3], minVolumeUsd: ((index * 7) % 50) * 100 } }, { entity: { category } }];
  return { id: `rule-${index + 1}`, when: { anyOf }, action };
}

export function benchPair(vendor, count) {
  const postScreen = Array.from({ length: count }, (_, index) => rule(vendor, index));
  const base = { providerType: vendor, scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen: { minAmountUsd: 100 }, postScreen } };
  const changed = postScreen.map((one) => structuredClone(one));
  changed[3].when.anyOf[0] = vendor === "vendorAWalletScreening" ? { riskScore: { gte: 9.5 } } : { riskLevel: { atLeast: "severe" } };
  [changed[10], changed[11]] = [changed[11], changed[10]];
  changed.splice(20, 1);
  const head = { ...base, rules: { preScreen: { minAmountUsd: 250 }, postScreen: changed } };
  const entries = [{ address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "bench" }];
  return {
    base: { providerType: vendor, scope: "TRANSACTION", policy: base, addressEntries: [] },
    head: { providerType: vendor, scope: "TRANSACTION", policy: head, addressEntries: entries },
  };
}

/** What a command reads before it compares: every policy file of the sample repository, parsed (the work prewarmSolver overlaps). */
async function readSampleRepository(root) {
  const { parse } = await import("yaml");
  const files = readdirSync(join(root, "policies"), { recursive: true }).filter((name) => String(name).endsWith(".yaml"));
  return files.map((name) => parse(readFileSync(join(root, "policies", String(name)), "utf8")));
}

/**
 * In a child: one pair per vendor, the first paying every start; prints JSON.
 * `check`: compareSubjects. `solver`: the sample repository read, then
 * compareWithSolver (z3 alone). `solver-prewarm`: prewarmSolver(), then the
 * same. `firstAnswerMs` is from the process's start (performance.now()).
 */
async function child(root, count, mode) {
  const started = performance.now();
  const weakening = await import(pathToFileURL(join(root, "dist/app/weakening.js")).href);
  if (mode === "solver-prewarm") weakening.prewarmSolver();
  if (mode !== "check") await readSampleRepository(root);
  const compare = mode === "check" ? weakening.compareSubjects : weakening.compareWithSolver;
  const result = {};
  for (const vendor of Object.keys(CATEGORIES)) {
    const { base, head } = benchPair(vendor, count);
    const before = performance.now();
    const comparison = await compare(base, head, { now: NOW, timeoutMs: 60_000 });
    result[vendor] = { ms: performance.now() - before, verdict: comparison.verdict, transitions: comparison.transitions.length };
    result.firstAnswerMs ??= performance.now();
  }
  result.totalMs = performance.now() - started;
  await weakening.closeSolver();
  process.stdout.write(JSON.stringify(result));
}

const MODES = {
  check: "compareSubjects",
  solver: "z3 engine alone (compareWithSolver), after reading the sample repository",
  "solver-prewarm": "z3 engine alone, prewarmSolver() before reading the sample repository",
};

export function measureWeakening({ root, runs = 3, largeRuns = 1, log = console.log }) {
  const rows = [];
  const figures = {};
  const cases = [
    { mode: "check", count: 40, runs },
    { mode: "check", count: 200, runs: largeRuns },
    { mode: "solver", count: 40, runs },
    { mode: "solver-prewarm", count: 40, runs },
  ];
  for (const { mode, count, runs: times } of cases) {
    const samples = [];
    for (let run = 0; run < times; run += 1) {
      const before = performance.now();
      const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", String(count), mode], { cwd: root, encoding: "utf8", timeout: 300_000 });
      samples.push({ processMs: performance.now() - before, ...JSON.parse(output) });
    }
    const med = (pick) => round(median(samples.map(pick)), 0);
    const a = samples[0].vendorAWalletScreening;
    const b = samples[0].vendorBAddressScreening;
    const figure = { processMs: med((s) => s.processMs), firstPairMs: med((s) => s.vendorAWalletScreening.ms), secondPairMs: med((s) => s.vendorBAddressScreening.ms), firstAnswerMs: med((s) => s.firstAnswerMs), samples };
    figures[`${mode} ${count}`] = figure;
    log(
      `  ${MODES[mode]}, ${count} rules: process ${figure.processMs} ms; first answer ${figure.firstAnswerMs} ms after the process started; ` +
        `vendorA pair ${figure.firstPairMs} ms, ${a.verdict}, ${a.transitions} transitions; vendorB pair ${figure.secondPairMs} ms, ${b.verdict}, ${b.transitions} transitions`,
    );
    const headline = mode === "check" && count === 40;
    rows.push({
      measure: `weakening check, ${MODES[mode]}, pair of ${count}-rule v2 policies (anyOf), fresh process, median of ${samples.length}`,
      value: `vendorA ${figure.firstPairMs} ms (every start included); vendorB pair then ${figure.secondPairMs} ms; first answer ${figure.firstAnswerMs} ms after process start; whole process ${figure.processMs} ms`,
      target: headline ? "< 1 s" : "report",
      pass: headline ? figure.firstPairMs < TARGET_MS : undefined,
    });
  }
  return { rows, figures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
  if (process.argv[2] === "--child") await child(root, Number(process.argv[3]), process.argv[4] ?? "check");
  else {
    const { rows } = measureWeakening({ root });
    for (const row of rows) console.log(`${row.measure}: ${row.value} (target ${row.target}${row.pass === undefined ? "" : row.pass ? ", met" : ", MISSED"})`);
  }
}
