/**
 * `screenpol test` on 1,000 cases over 10 policies against the cold start of
 * `screenpol lint <one policy>` (issue 12: at most 300 ms above it), both run
 * cold, interleaved, medians. Used by bench/run.js; alone:
 *
 *     npm run build && node bench/policy-tests.js [rounds]
 *     node bench/policy-tests.js --make <dir>   # only the repository, e.g. to profile it
 *
 * The repository is the sample one (its 8 policies and address files) plus a
 * `staging` environment holding copies of sandbox's 2 vendorA policies; each of
 * the 10 policies gets one test file of 100 cases, the sample cases repeated
 * under new names. One case in 10 expects another action, so that the failure
 * path (a traced decision and its explanation) is in the measure as it is in a
 * red CI run.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";
import { median, rotate, round, timedNode } from "./lib.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const CASES_PER_FILE = 100;
const TARGET_MS = 300;
const LINT_FILE = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const OTHER_ACTION = { ALLOW: "BLOCK", ALERT: "ALLOW", BLOCK: "ALERT" };

/** Writes the repository into `dir` from the sample one in `root`; returns the number of cases and of failing ones. */
export function makePolicyTestRepository(root, dir) {
  mkdirSync(dir, { recursive: true });
  for (const entry of ["schemas", "policies", "webhooks", "catalog"]) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  const config = YAML.parseDocument(readFileSync(join(root, "screenpol.config.yaml"), "utf8"));
  config.setIn(["environments", "staging"], { id: "5b1e7c3a-2d4f-4a6b-8c9d-0e1f2a3b4c5d", kind: "sandbox" });
  writeFileSync(join(dir, "screenpol.config.yaml"), String(config));
  cpSync(join(root, "policies", "sandbox", "vendorAWalletScreening"), join(dir, "policies", "staging", "vendorAWalletScreening"), { recursive: true });

  const sources = [];
  for (const environment of ["sandbox", "live"]) {
    for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"]) {
      for (const scope of ["SIGN_IN", "TRANSACTION"]) sources.push({ environment, vendor, scope, from: environment });
    }
  }
  for (const scope of ["SIGN_IN", "TRANSACTION"]) sources.push({ environment: "staging", vendor: "vendorAWalletScreening", scope, from: "sandbox" });
  let cases = 0;
  let failing = 0;
  for (const { environment, vendor, scope, from } of sources) {
    const sample = YAML.parse(readFileSync(join(root, "tests", from, vendor, `${scope}.test.yaml`), "utf8"));
    const generated = [];
    for (let i = 0; i < CASES_PER_FILE; i++) {
      const base = sample.cases[i % sample.cases.length];
      const fails = i % 10 === 9;
      const expect = fails ? { action: OTHER_ACTION[base.expect.action] } : base.expect;
      generated.push({ ...base, name: `${base.name} (#${i + 1})`, expect });
      cases++;
      if (fails) failing++;
    }
    const file = join(dir, "tests", environment, vendor, `${scope}.test.yaml`);
    mkdirSync(join(file, ".."), { recursive: true });
    // Written as people write them, a flow map per screening (JSON is YAML), not YAML.stringify's anchors for repeated objects.
    const lines = [`environment: ${environment}`, `providerType: ${vendor}`, `scope: ${scope}`, "cases:"];
    for (const item of generated) {
      lines.push(`  - name: ${JSON.stringify(item.name)}`, `    screening: ${flow(item.screening)}`, `    expect: ${flow(item.expect)}`, "");
    }
    writeFileSync(file, lines.join("\n"));
  }
  return { cases, failing, files: sources.length };
}

/** A flow map or sequence as the sample files write them: `{ chain: EVM, address: "0x52...", signals: { riskScore: 9 } }`. */
function flow(value) {
  if (Array.isArray(value)) return `[${value.map(flow).join(", ")}]`;
  if (value !== null && typeof value === "object") return `{ ${Object.entries(value).map(([key, item]) => `${key}: ${flow(item)}`).join(", ")} }`;
  if (typeof value === "string" && !/^[A-Za-z_][A-Za-z0-9_-]*$/.test(value)) return JSON.stringify(value);
  return String(value);
}

/**
 * `screenpol lint <one policy>` and `screenpol test`, cold, interleaved
 * (order rotated each round) after one untimed run of each; medians.
 */
export function measurePolicyTests({ root, rounds = 9, log = () => {} }) {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-bench-tests-"));
  try {
    const made = makePolicyTestRepository(root, dir);
    const bin = join(root, "bin", "screenpol.js");
    const commands = { lint: [bin, "lint", LINT_FILE], test: [bin, "test"] };
    const expectedStatus = { lint: 0, test: made.failing > 0 ? 1 : 0 };
    const times = { lint: [], test: [] };
    // CPU time (user + system of the child) beside the wall: on a shared machine the wall includes waiting for a core.
    const cpu = { lint: [], test: [] };
    const failures = [];
    const run = (name) => {
      const result = timedNode(commands[name], { cwd: dir, timeoutMs: 30_000 });
      if (result.status !== expectedStatus[name]) failures.push(`${name}: exit ${result.status ?? result.signal}: ${(result.stderr || result.stdout).trim().split("\n")[0]}`);
      return result;
    };
    for (const name of Object.keys(commands)) run(name);
    for (let i = 0; i < rounds; i++) {
      for (const name of rotate(Object.keys(commands), i)) {
        const result = run(name);
        times[name].push(result.ms);
        cpu[name].push(result.cpuMs);
      }
    }
    const lint = median(times.lint);
    const test = median(times.test);
    const over = test - lint;
    const cpuMs = { lint: median(cpu.lint), test: median(cpu.test) };
    log(`  ${made.cases} cases (${made.failing} failing) in ${made.files} test files; medians of ${rounds} rounds: screenpol lint <1 policy> ${round(lint, 1)} ms, screenpol test ${round(test, 1)} ms` +
      ` (CPU ${round(cpuMs.lint, 1)} ms and ${round(cpuMs.test, 1)} ms)`);
    for (const failure of [...new Set(failures)].slice(0, 3)) log(`  FAILED: ${failure}`);
    const rows = [
      ["screenpol test (1,000 cases) - lint <1 file>", `+${round(over, 1)} ms (${round(test, 1)} ms vs ${round(lint, 1)} ms); CPU +${round(cpuMs.test - cpuMs.lint, 1)} ms`, `<= +${TARGET_MS} ms`, over <= TARGET_MS && failures.length === 0],
    ];
    return { rows, samplesMs: times, samplesCpuMs: cpu, medianMs: { lint, test }, medianCpuMs: cpuMs, overMs: over, failures, ...made };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(here, "..");
  const makeIndex = process.argv.indexOf("--make");
  if (makeIndex >= 0) {
    const dir = resolve(process.argv[makeIndex + 1]);
    const made = makePolicyTestRepository(root, dir);
    console.log(`${dir}: ${made.cases} cases (${made.failing} failing) in ${made.files} test files`);
  } else {
    const result = measurePolicyTests({ root, rounds: Number(process.argv[2] ?? 9), log: console.log });
    for (const [measure, value, target, pass] of result.rows) console.log(`${measure}: ${value} (target ${target}): ${pass ? "pass" : "MISS"}`);
  }
}
