/**
 * plan and push benchmark (toolkit.md: plan, push; docs/review-workflow.md):
 *
 *     node bench/plan-push.js [--environments 50] [--runs 5] [--push-runs 3] [--no-snapshot] [--json FILE]
 *
 * Needs a build (dist/). A repository of `environments` x 4 = 200 policies
 * (the four sample sandbox policies in each environment) in a temp folder; the
 * emulator runs in this process, in memory, behind a thin counting front on
 * 127.0.0.1, holding every one of those policies at revision 1 with one edit
 * made "in the dashboard" (the first rule's description), so every policy is
 * an update. The CLI runs as its own process, as a user or CI job runs it.
 *
 * Measured:
 *  1. `screenpol plan --detailed-exitcode --no-weakening-check` (200 updates,
 *     exit 5), `runs` times: wall time, and requests seen by the emulator:
 *     policy GETs must be exactly one per policy (plus one GET per environment
 *     and one per address-entries set); also `runPlan` in-process (no process
 *     start-up), for the split. Without the weakening check, so that these
 *     figures stay comparable with those recorded before it existed;
 *  1c. side by side in the same run, interleaved: `screenpol plan
 *     --detailed-exitcode` with the weakening check (the default: z3 started,
 *     200 policy pairs compared, each an edit of a description, so equivalent)
 *     against the run of 1 just before it, and the ratio of the medians; the
 *     checked run must make exactly the requests of the unchecked one;
 *  2. `screenpol push --yes` of the 200 changed policies, `push-runs` times,
 *     each against freshly drifted live policies: wall time, PUTs seen (exactly
 *     200), and a plan afterwards must show no change.
 * Targets: plan < 1.5 s wall (CLI, 200 policies); one GET per policy.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, round } from "./lib.js";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const POLICIES = [
  ["vendorAWalletScreening", "SIGN_IN"],
  ["vendorAWalletScreening", "TRANSACTION"],
  ["vendorBAddressScreening", "SIGN_IN"],
  ["vendorBAddressScreening", "TRANSACTION"],
];

/** Runs `root`'s CLI to completion without blocking this process's event loop (the emulator lives here). */
function run(root, args, { cwd, env, timeoutMs = 120_000 }) {
  const BIN = join(root, "bin", "screenpol.js");
  return new Promise((resolveRun) => {
    const start = performance.now();
    const preload = new URL("./cpu-report.js", import.meta.url).href;
    const child = spawn(process.execPath, ["--import", preload, BIN, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      const cpu = [...stderr.matchAll(/^BENCH_CPU (\d+)$/gm)].at(-1);
      resolveRun({ ms: performance.now() - start, cpuMs: cpu ? Number(cpu[1]) / 1000 : Number.NaN, code, stdout, stderr: stderr.replace(/\n?BENCH_CPU \d+\n/g, "") });
    });
  });
}

/** The repository: config with `count` sandbox environments, the four sample sandbox policies in each. */
function makeRepository(root, count) {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-bench-plan-"));
  const environments = Array.from({ length: count }, (_, index) => ({ name: `env-${String(index).padStart(3, "0")}`, id: randomUUID() }));
  const config = ["environments:", ...environments.flatMap((environment) => [`  ${environment.name}:`, `    id: ${environment.id}`, "    kind: sandbox"])].join("\n");
  writeFileSync(join(dir, "screenpol.config.yaml"), `${config}\n`);
  const texts = {};
  for (const [vendor, scope] of POLICIES) texts[`${vendor}/${scope}`] = readFileSync(join(root, "policies", "sandbox", vendor, `${scope}.yaml`), "utf8");
  for (const environment of environments) {
    for (const [vendor, scope] of POLICIES) {
      mkdirSync(join(dir, "policies", environment.name, vendor), { recursive: true });
      writeFileSync(join(dir, "policies", environment.name, vendor, `${scope}.yaml`), texts[`${vendor}/${scope}`]);
    }
  }
  return { dir, environments, texts, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * `root` holds the build measured (bin/, dist/) and the sample policies: the
 * working tree, or bench/run.js's snapshot of it.
 */
export async function measurePlanPush({ root = ROOT, environments: count = 50, runs = 5, pushRuns = 3, log = () => undefined } = {}) {
  const load = (path) => import(pathToFileURL(join(root, "dist", path)).href);
  const { createEmulator, SEED_IDS, SEED_TOKENS } = await load("emulator/index.js");
  const { parseYaml } = await load("core/document.js");
  const { runPlan } = await load("app/plan.js");
  const { createClient } = await load("remote/index.js");
  const repository = makeRepository(root, count);
  const token = SEED_TOKENS[0].token;

  // The live side: every policy at revision 1, with one dashboard edit.
  const drifted = {};
  for (const [key, text] of Object.entries(repository.texts)) {
    const data = parseYaml(text).document.data;
    data.rules.postScreen[0].description = "edited in the dashboard";
    drifted[key] = data;
  }
  const emulator = await createEmulator({});
  const benchIds = new Set(repository.environments.map((environment) => environment.id));
  const driftLive = () =>
    emulator.store.write((state) => {
      state.policies = state.policies.filter((policy) => !benchIds.has(policy.environmentId));
      for (const environment of repository.environments) {
        for (const [vendor, scope] of POLICIES) {
          const data = drifted[`${vendor}/${scope}`];
          state.policies.push({
            environmentId: environment.id,
            providerType: vendor,
            scope,
            revision: 1,
            schemaVersion: data.schemaVersion,
            rules: structuredClone(data.rules),
            enabled: data.enabled,
            updatedAt: "2026-11-01T00:00:00Z",
          });
        }
      }
    });
  await emulator.store.write((state) => {
    for (const environment of repository.environments) {
      state.environments.push({ id: environment.id, name: environment.name, kind: "sandbox", projectId: SEED_IDS.project, createdAt: "2026-11-01T00:00:00Z" });
    }
  });
  await driftLive();
  emulator.warmUp();

  // A counting front: every request the emulator answers, by kind.
  let seen = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    emulator.handler(request, response);
  });
  await new Promise((resolveListen) => server.listen(0, "127.0.0.1", resolveListen));
  const baseUrl = `http://127.0.0.1:${server.address().port}/api/v0`;
  const env = { SCREENPOL_API_TOKEN: token, SCREENPOL_BASE_URL: baseUrl, NO_COLOR: "1" };
  const policies = count * POLICIES.length;
  const tally = () => {
    const policyGets = seen.filter((line) => line.startsWith("GET ") && line.includes("/screeningPolicies/"));
    return {
      total: seen.length,
      policyGets: policyGets.length,
      distinctPolicyGets: new Set(policyGets).size,
      environmentGets: seen.filter((line) => /^GET \/api\/v0\/environments\/[^/]+$/.test(line)).length,
      addressGets: seen.filter((line) => line.startsWith("GET ") && line.includes("/screeningAddressEntries/")).length,
      puts: seen.filter((line) => line.startsWith("PUT ")).length,
    };
  };

  const results = { policies, environments: count, plan: [], planChecked: [], planInProcess: [], push: [] };
  try {
    log(`  ${policies} policies in ${count} environments; emulator in memory at ${baseUrl}`);
    // 1. plan, CLI.
    await run(root, ["plan", "--no-weakening-check"], { cwd: repository.dir, env }); // warm the file cache
    for (let index = 0; index < runs; index++) {
      seen = [];
      const result = await run(root, ["plan", "--detailed-exitcode", "--no-weakening-check"], { cwd: repository.dir, env });
      if (result.code !== 5) throw new Error(`plan exited ${result.code}, expected 5: ${result.stderr.slice(0, 300)}`);
      const counts = tally();
      const requests = [...seen].sort();
      results.plan.push({ ms: result.ms, cpuMs: result.cpuMs, ...counts, updates: (result.stdout.match(/^~ update/gm) ?? []).length });
      log(`  plan (CLI, --no-weakening-check) ${round(result.ms, 0)} ms wall, ${round(result.cpuMs, 0)} ms CPU: ${counts.policyGets} policy GETs (${counts.distinctPolicyGets} distinct), ${counts.environmentGets} environment GETs, ${counts.addressGets} address GETs, ${counts.total} requests`);
      // 1c. The same plan with the weakening check, right after: same files, same live state, same machine load.
      seen = [];
      const checked = await run(root, ["plan", "--detailed-exitcode"], { cwd: repository.dir, env, timeoutMs: 600_000 });
      if (checked.code !== 5) throw new Error(`plan (checked) exited ${checked.code}, expected 5: ${checked.stderr.slice(0, 300)}`);
      const verdicts = (checked.stdout.match(/^ {4}weakening check: equivalent$/gm) ?? []).length;
      results.planChecked.push({ ms: checked.ms, cpuMs: checked.cpuMs, equivalent: verdicts, sameRequests: JSON.stringify([...seen].sort()) === JSON.stringify(requests) });
      log(`  plan (CLI, weakening check) ${round(checked.ms, 0)} ms wall, ${round(checked.cpuMs, 0)} ms CPU: ${verdicts} of ${policies} policies equivalent; ${seen.length} requests${results.planChecked.at(-1).sameRequests ? ", the same as without the check" : ", NOT the same as without the check"}`);
    }
    // 1b. plan, in-process.
    const client = createClient({ baseUrl, token });
    try {
      await runPlan({ cwd: repository.dir, env: {}, client, weakening: false });
      for (let index = 0; index < runs; index++) {
        const start = performance.now();
        const outcome = await runPlan({ cwd: repository.dir, env: {}, client, weakening: false });
        results.planInProcess.push(performance.now() - start);
        if (outcome.kind !== "plan") throw new Error("the bench repository has lint errors");
      }
    } finally {
      await client.close();
    }
    log(`  plan (in-process runPlan, no weakening check) median ${round(median(results.planInProcess), 0)} ms`);
    // 2. push, CLI.
    for (let index = 0; index < pushRuns; index++) {
      await driftLive();
      seen = [];
      const result = await run(root, ["push", "--yes"], { cwd: repository.dir, env });
      if (result.code !== 0) throw new Error(`push exited ${result.code}: ${result.stderr.slice(0, 300)}`);
      const counts = tally();
      const after = await run(root, ["plan", "--detailed-exitcode"], { cwd: repository.dir, env });
      results.push.push({ ms: result.ms, cpuMs: result.cpuMs, ...counts, converged: after.code === 0, summary: /Summary: [^\n]*/.exec(result.stdout)?.[0] });
      log(`  push (CLI) ${round(result.ms, 0)} ms wall, ${round(result.cpuMs, 0)} ms CPU: ${counts.puts} PUTs, ${counts.total} requests; ${/Summary: [^\n]*/.exec(result.stdout)?.[0]}; plan afterwards ${after.code === 0 ? "no change" : `exit ${after.code}`}`);
    }
  } finally {
    await new Promise((resolveClose) => server.close(() => resolveClose()));
    await emulator.close();
    repository.remove();
  }

  const planMs = median(results.plan.map((r) => r.ms));
  const planCpuMs = median(results.plan.map((r) => r.cpuMs));
  const checkedMs = median(results.planChecked.map((r) => r.ms));
  const checkedCpuMs = median(results.planChecked.map((r) => r.cpuMs));
  const pushMs = median(results.push.map((r) => r.ms));
  const onePerPolicy = results.plan.every((r) => r.policyGets === policies && r.distinctPolicyGets === policies);
  const rows = [
    { measure: `plan, ${policies} policies (CLI wall, --no-weakening-check, median of ${results.plan.length})`, value: `${round(planMs, 0)} ms (CPU ${round(planCpuMs, 0)} ms)`, target: "< 1500 ms", pass: planMs < 1500 },
    {
      measure: "plan: policy GETs / policies",
      value: `${results.plan[0].policyGets} / ${policies} (+${results.plan[0].environmentGets} environment, +${results.plan[0].addressGets} address-entry GETs)`,
      target: "1 per policy",
      pass: onePerPolicy,
    },
    { measure: `plan, ${policies} policies (in-process runPlan, no check, median)`, value: `${round(median(results.planInProcess), 0)} ms`, target: "info", pass: undefined },
    {
      measure: `plan, ${policies} policies, weakening check (CLI wall, median of ${results.planChecked.length})`,
      value: `${round(checkedMs, 0)} ms (CPU ${round(checkedCpuMs, 0)} ms); ${round(checkedMs / planMs, 1)}x the plan without it`,
      target: "same requests",
      pass: results.planChecked.every((r) => r.sameRequests && r.equivalent === policies),
    },
    {
      measure: `push, ${policies} changed policies (CLI wall, median of ${results.push.length})`,
      value: `${round(pushMs, 0)} ms (${round((policies / pushMs) * 1000, 0)} policies/s, ${results.push[0].puts} PUTs)`,
      target: "converges",
      pass: results.push.every((r) => r.converged && r.puts === policies),
    },
  ];
  return { ...results, rows };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 && argv[index + 1] !== undefined ? argv[index + 1] : fallback;
  };
  // Measure a copy of the build, so a rebuild meanwhile (scripts/build.mjs empties dist/bin/) cannot break the run.
  let root = ROOT;
  let snapshot;
  if (!argv.includes("--no-snapshot")) {
    snapshot = mkdtempSync(join(tmpdir(), "screenpol-bench-build-"));
    for (const entry of ["bin", "dist", "package.json", "policies"]) cpSync(join(ROOT, entry), join(snapshot, entry), { recursive: true });
    symlinkSync(join(ROOT, "node_modules"), join(snapshot, "node_modules"), "dir");
    root = snapshot;
  }
  const result = await measurePlanPush({
    root,
    environments: Number(option("environments", 50)),
    runs: Number(option("runs", 5)),
    pushRuns: Number(option("push-runs", 3)),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  for (const row of result.rows) {
    const verdict = row.pass === undefined ? "" : row.pass ? "pass" : "MISS";
    process.stdout.write(`${row.measure.padEnd(56)}  ${row.value.padEnd(72)}  ${row.target.padEnd(14)}  ${verdict}\n`);
  }
  const jsonFile = option("json", undefined);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
  if (snapshot) rmSync(snapshot, { recursive: true, force: true });
}
