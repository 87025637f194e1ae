/**
 * The weakening check (issue 13, Speed): compareSubjects on a pair of N-rule
 * v2 policies (anyOf) of each vendor, in a fresh process each time so that the
 * solver's start is counted: import, z3 init, the check with its examples.
 * Target: under 1 s for 40 rules including solver start; 200 rules reported.
 * The head version is the base with one threshold raised, two rules swapped
 * and one removed, so the check has transitions to find and examples to make.
 * `node bench/weakening.js` runs it alone (needs `npm run build`).
 */
import { execFileSync } from "node:child_process";
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

/** In a child: one pair per vendor, the first including z3's start; prints JSON. */
async function child(root, count) {
  const started = performance.now();
  const { compareSubjects, closeSolver } = await import(pathToFileURL(join(root, "dist/app/weakening.js")).href);
  const result = {};
  for (const vendor of Object.keys(CATEGORIES)) {
    const { base, head } = benchPair(vendor, count);
    const before = performance.now();
    const comparison = await compareSubjects(base, head, { now: NOW, timeoutMs: 60_000 });
    result[vendor] = { ms: performance.now() - before, verdict: comparison.verdict, transitions: comparison.transitions.length };
  }
  result.totalMs = performance.now() - started;
  await closeSolver();
  process.stdout.write(JSON.stringify(result));
}

export function measureWeakening({ root, runs = 3, largeRuns = 1, log = console.log }) {
  const rows = [];
  const figures = {};
  for (const count of [40, 200]) {
    const samples = [];
    for (let run = 0; run < (count === 40 ? runs : largeRuns); run += 1) {
      const before = performance.now();
      const output = execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", String(count)], { cwd: root, encoding: "utf8", timeout: 300_000 });
      samples.push({ processMs: performance.now() - before, ...JSON.parse(output) });
    }
    const med = (pick) => round(median(samples.map(pick)), 0);
    const a = samples[0].vendorAWalletScreening;
    const b = samples[0].vendorBAddressScreening;
    figures[count] = { processMs: med((s) => s.processMs), firstPairMs: med((s) => s.vendorAWalletScreening.ms), secondPairMs: med((s) => s.vendorBAddressScreening.ms), samples };
    log(`  ${count} rules: process ${figures[count].processMs} ms; vendorA pair (with z3 start) ${figures[count].firstPairMs} ms, ${a.verdict}, ${a.transitions} transitions; vendorB pair ${figures[count].secondPairMs} ms, ${b.verdict}, ${b.transitions} transitions`);
    const firstPair = figures[count].firstPairMs;
    rows.push({
      measure: `weakening check, pair of ${count}-rule v2 policies (anyOf), with z3 start, median of ${samples.length}`,
      value: `${firstPair} ms (vendorA, z3 start included); vendorB pair then ${figures[count].secondPairMs} ms; whole process ${figures[count].processMs} ms`,
      target: count === 40 ? "< 1 s" : "report",
      pass: count === 40 ? firstPair < TARGET_MS : undefined,
    });
  }
  return { rows, figures };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(fileURLToPath(new URL(".", import.meta.url)), "..");
  if (process.argv[2] === "--child") await child(root, Number(process.argv[3]));
  else {
    const { rows } = measureWeakening({ root });
    for (const row of rows) console.log(`${row.measure}: ${row.value} (target ${row.target}${row.pass === undefined ? "" : row.pass ? ", met" : ", MISSED"})`);
  }
}
