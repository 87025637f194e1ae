/**
 * Load and crash test of the emulator, shared by `npm test`
 * (test/emulator/load.test.ts: a few clients, a fixed number of operations each,
 * correctness only) and the benchmarks (the timed run, `npm run bench`):
 *
 *     node bench/emulator-load.js [--clients 200] [--duration 10] [--kill-clients 50] [--seed 1] [--json FILE]
 *
 * The seed (default 1, always printed) fixes every client's sequence of
 * operations; what stays random is how the operations interleave. Needs a
 * build (dist/; the tests pass `root`, their own build). Loopback only, bounded
 * in time: each phase has a deadline and every request a timeout.
 *
 * 1. Load: the emulator runs as a child process (`screenpol emulator --port 0
 *    --json --state FILE`); `clients` real clients (src/remote, one keep-alive
 *    connection pool each, no retries) run a mix of reads and writes for
 *    `durationMs`, while a few injected 503s land on one route. Every request
 *    must succeed, except the injected ones and the 409 `revision_mismatch` a
 *    read-modify-write loses to a concurrent writer (an expected outcome,
 *    counted apart). Then the acknowledged writes are checked against the
 *    served state and, after a clean stop, against the state file.
 * 2. Crash: a fresh emulator child, write-heavy clients, `kill -9` at a random
 *    moment; a new emulator starts from the same state file (so it parses and
 *    is a valid state), and every acknowledged write must be in it.
 *
 * Reported: requests per second and latency percentiles of phase 1.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { percentile, round } from "./lib.js";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");

/** The seed when none is given: a run is repeated by default. */
export const DEFAULT_SEED = 1;

/** The remote client, from the build under `root`. */
async function loadClientModule(root) {
  return import(pathToFileURL(join(root, "dist", "remote", "index.js")).href);
}

/** mulberry32: a seeded PRNG, so a run can be repeated with --seed. */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Starts `screenpol emulator --port 0 --json` as a child process and resolves
 * with its start-up facts (the JSON line) once it listens.
 */
export function startEmulatorProcess({ statePath, reset = false, extraArgs = [], nodeArgs = [], startTimeoutMs = 10_000, root = ROOT }) {
  const args = [...nodeArgs, join(root, "bin", "screenpol.js"), "emulator", "--port", "0", "--json", "--state", statePath, ...(reset ? ["--reset"] : []), ...extraArgs];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  const exited = new Promise((resolveExit) => child.on("exit", (code, signal) => resolveExit({ code, signal })));
  return new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      rejectStart(new Error(`the emulator did not start within ${startTimeoutMs} ms: ${stderr.slice(0, 500)}`));
    }, startTimeoutMs);
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
      const newline = stdout.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      try {
        const facts = JSON.parse(stdout.slice(0, newline));
        resolveStart({
          child,
          facts,
          exited,
          stderr: () => stderr,
          /** SIGTERM, then wait for the exit (SIGKILL after `timeoutMs`). */
          async stop(timeoutMs = 5_000) {
            child.kill("SIGTERM");
            const killer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
            const result = await exited;
            clearTimeout(killer);
            return result;
          },
          /** kill -9: no chance to flush or clean up. */
          async kill9() {
            child.kill("SIGKILL");
            return exited;
          },
        });
      } catch (error) {
        rejectStart(new Error(`the emulator printed no JSON line: ${stdout.slice(0, 200)} ${error.message}`));
      }
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      rejectStart(error);
    });
    exited.then(({ code, signal }) => {
      clearTimeout(timer);
      if (!stdout.includes("\n")) rejectStart(new Error(`the emulator exited (${code ?? signal}) before listening: ${stderr.slice(0, 500)}`));
    });
  });
}

async function adminGet(adminUrl, path) {
  const response = await fetch(`${adminUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return response.json();
}

async function adminPost(adminUrl, path, body) {
  const response = await fetch(`${adminUrl}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** What a run needs to know about the seed: keys to write, users to reset, webhooks to update. */
async function targetsOf(adminUrl) {
  const { state } = await adminGet(adminUrl, "/state");
  const own = new Set(state.environments.filter((environment) => environment.projectId === state.projects[0].id).map((environment) => environment.id));
  return {
    environments: [...own],
    policies: state.policies.filter((policy) => own.has(policy.environmentId)).map(({ environmentId, providerType, scope }) => ({ environmentId, providerType, scope })),
    addressEntries: state.addressEntries.filter((entries) => own.has(entries.environmentId)).map(({ environmentId, providerType }) => ({ environmentId, providerType })),
    webhooks: state.webhooks.filter((webhook) => own.has(webhook.environmentId)).map(({ environmentId, webhookId }) => ({ environmentId, webhookId })),
    users: state.users.filter((user) => own.has(user.record.projectEnvironmentId) && !user._sanctionsBlocked).map((user) => user.record.id),
  };
}

const policyKey = (target) => `${target.environmentId}/${target.providerType}/${target.scope}`;
const entriesKey = (target) => `${target.environmentId}/${target.providerType}`;
const webhookKey = (target) => `${target.environmentId}/${target.webhookId}`;

/**
 * The operations of the mix, with weights. Writes are read-modify-write with
 * the revision read as the precondition, marked with a unique string so the
 * checks can find them.
 */
function operationsFor(targets, mix) {
  const pick = (random, list) => list[Math.floor(random() * list.length)];
  const reads = [
    { name: "getScreeningPolicy", weight: 20, run: (c, r) => { const t = pick(r, targets.policies); return c.client.getScreeningPolicy(t.environmentId, t.providerType, t.scope); } },
    { name: "getTokenCatalogPage", weight: 10, run: async (c) => {
      const result = await c.client.getTokenCatalogPage({ limit: 100, ...(c.etag ? { ifNoneMatch: c.etag } : {}) });
      if (result.status === 200) c.etag = result.etag ?? undefined;
    } },
    { name: "getTokenCatalogPage+cursor", weight: 5, run: async (c) => {
      const first = await c.client.getTokenCatalogPage({ limit: 50 });
      if (first.page.nextCursor) await c.client.getTokenCatalogPage({ limit: 50, cursor: first.page.nextCursor });
    } },
    { name: "getEnvironment", weight: 10, run: (c, r) => c.client.getEnvironment(pick(r, targets.environments)) },
    { name: "listUsers", weight: 10, run: (c, r) => c.client.listUsers(pick(r, targets.environments), { limit: 10, offset: Math.floor(r() * 30) }) },
    { name: "getEnabledOnramps", weight: 5, run: (c, r) => c.client.getEnabledOnramps(pick(r, targets.environments), { merchantName: "Load Test Shop", currency: "EUR" }) },
    { name: "getAddressEntries", weight: 10, run: (c, r) => { const t = pick(r, targets.addressEntries); return c.client.getAddressEntries(t.environmentId, t.providerType); } },
  ];
  const writes = [
    { name: "putScreeningPolicy", weight: 12, write: true, run: async (c, r, record) => {
      const t = pick(r, targets.policies);
      const live = await c.client.getScreeningPolicy(t.environmentId, t.providerType, t.scope);
      const marker = `load ${c.id}-${c.sequence++}`;
      const rules = structuredClone(live.rules);
      rules.postScreen[0].description = marker;
      record.start("policy", policyKey(t), marker);
      const stored = await c.client.putScreeningPolicy(t.environmentId, t.providerType, t.scope, { revision: live.revision, schemaVersion: live.schemaVersion, rules, enabled: live.enabled });
      record.ack("policy", policyKey(t), marker, stored.revision);
    } },
    { name: "putAddressEntries", weight: 6, write: true, run: async (c, r, record) => {
      const t = pick(r, targets.addressEntries);
      const live = await c.client.getAddressEntries(t.environmentId, t.providerType);
      const marker = `load ${c.id}-${c.sequence++}`;
      const entries = structuredClone(live.entries);
      entries[0].reason = marker;
      record.start("entries", entriesKey(t), marker);
      const stored = await c.client.putAddressEntries(t.environmentId, t.providerType, { revision: live.revision, entries });
      record.ack("entries", entriesKey(t), marker, stored.revision);
    } },
    { name: "updateWebhook", weight: 4, write: true, run: async (c, r, record) => {
      const t = pick(r, targets.webhooks);
      const marker = `https://hooks.example.com/load/${c.id}-${c.sequence++}`;
      record.start("webhook", webhookKey(t), marker);
      await c.client.updateWebhook(t.environmentId, t.webhookId, { url: marker, events: ["screening.blocked", "user.created"], isEnabled: true });
      record.ack("webhook", webhookKey(t), marker, 0);
    } },
    { name: "resetUserMfa", weight: 3, write: true, run: async (c, r, record) => {
      const user = pick(r, targets.users);
      record.start("mfa", user, user);
      await c.client.resetUserMfa(user);
      record.ack("mfa", user, user, 0);
    } },
  ];
  const chosen = mix === "writes" ? writes : [...reads, ...writes];
  const total = chosen.reduce((sum, operation) => sum + operation.weight, 0);
  return (random) => {
    let roll = random() * total;
    for (const operation of chosen) {
      roll -= operation.weight;
      if (roll < 0) return operation;
    }
    return chosen[chosen.length - 1];
  };
}

/** The record of writes: started (maybe applied) and acknowledged (certainly applied), by kind and key. */
function createWriteLog(onAck) {
  const started = new Map();
  const acked = new Map();
  const keyOf = (kind, key) => `${kind} ${key}`;
  return {
    started,
    acked,
    start(kind, key, marker) {
      const k = keyOf(kind, key);
      if (!started.has(k)) started.set(k, []);
      started.get(k).push(marker);
    },
    ack(kind, key, marker, revision) {
      const k = keyOf(kind, key);
      if (!acked.has(k)) acked.set(k, []);
      acked.get(k).push({ marker, revision });
      onAck?.();
    },
  };
}

/**
 * Runs `clients` concurrent clients for `durationMs`, or until each has run
 * `operationsPerClient` operations when that is given. Returns counts, latency
 * samples and the write log. `onRunning` is called once the clients are going
 * (the crash phase kills the emulator from there).
 */
export async function runLoad({ baseUrl, token, targets, clients = 200, durationMs = 10_000, operationsPerClient, mix = "mixed", seed = DEFAULT_SEED, timeoutMs = 10_000, isInjected = () => false, onRunning, onAck, root = ROOT }) {
  const { createClient, isRevisionConflict } = await loadClientModule(root);
  const nextOperation = operationsFor(targets, mix);
  const log = createWriteLog(onAck);
  const latencies = [];
  const counts = { requests: 0, operations: 0, conflicts: 0, injected: 0, failures: 0, byOperation: {} };
  const failures = [];
  const deadline = performance.now() + durationMs;
  let stopped = false;
  const workers = Array.from({ length: clients }, (_, index) => ({
    id: index,
    sequence: 0,
    operations: 0,
    etag: undefined,
    random: seededRandom(seed * 7919 + index),
    client: createClient({ baseUrl, token, timeoutMs, retry: { maxAttempts: 1 } }),
  }));
  // Every call is one request; count and time each one.
  for (const worker of workers) {
    const client = worker.client;
    worker.client = new Proxy(client, {
      get(target, property) {
        const member = target[property];
        if (typeof member !== "function" || property === "close" || property === "iterateUsers") return member;
        return async (...args) => {
          const started = performance.now();
          try {
            return await member.apply(target, args);
          } finally {
            latencies.push(performance.now() - started);
            counts.requests++;
          }
        };
      },
    });
  }
  const started = performance.now();
  const going = (worker) => (operationsPerClient === undefined ? performance.now() < deadline : worker.operations < operationsPerClient);
  const loops = workers.map(async (worker) => {
    while (!stopped && going(worker)) {
      const operation = nextOperation(worker.random);
      counts.byOperation[operation.name] = (counts.byOperation[operation.name] ?? 0) + 1;
      counts.operations++;
      worker.operations++;
      try {
        await operation.run(worker, worker.random, log);
      } catch (error) {
        if (isRevisionConflict(error)) counts.conflicts++;
        else if (isInjected(error)) counts.injected++;
        else {
          counts.failures++;
          if (failures.length < 20) failures.push(`${operation.name}: ${error.message}`);
        }
      }
    }
  });
  onRunning?.({ stop: () => (stopped = true) });
  await Promise.all(loops);
  const elapsedMs = performance.now() - started;
  await Promise.all(workers.map((worker) => worker.client.close()));
  return {
    clients,
    elapsedMs,
    counts,
    failures,
    log,
    latency: {
      p50: percentile(latencies, 50),
      p90: percentile(latencies, 90),
      p99: percentile(latencies, 99),
      max: latencies.reduce((max, value) => Math.max(max, value), 0),
    },
    requestsPerSecond: counts.requests / (elapsedMs / 1000),
  };
}

/**
 * Checks a state against the write log. `complete`: every started write was
 * acknowledged or failed before the state was taken (a clean run), so the
 * state must hold exactly the acknowledged writes; otherwise (after kill -9)
 * writes in flight may or may not be in it, but every acknowledged one must.
 */
export function verifyWrites(state, log, { complete, seedState }) {
  const problems = [];
  const seedRevision = (kind, key) => {
    if (kind === "policy") return seedState.policies.find((policy) => policyKey(policy) === key)?.revision ?? 0;
    return seedState.addressEntries.find((entries) => entriesKey(entries) === key)?.revision ?? 0;
  };
  for (const [fullKey, acks] of log.acked) {
    const [kind, key] = fullKey.split(" ");
    const started = log.started.get(fullKey) ?? [];
    if (kind === "policy" || kind === "entries") {
      const stored =
        kind === "policy"
          ? state.policies.find((policy) => policyKey(policy) === key)
          : state.addressEntries.find((entries) => entriesKey(entries) === key);
      if (!stored) {
        problems.push(`${fullKey}: missing from the state`);
        continue;
      }
      const revisions = acks.map((ack) => ack.revision).sort((a, b) => a - b);
      if (new Set(revisions).size !== revisions.length) problems.push(`${fullKey}: two writes were acknowledged with the same revision`);
      const last = acks.reduce((best, ack) => (ack.revision > best.revision ? ack : best));
      const marker = kind === "policy" ? stored.rules.postScreen[0].description : stored.entries[0].reason;
      const base = seedRevision(kind, key);
      if (stored.revision < last.revision) problems.push(`${fullKey}: revision ${stored.revision} is older than the acknowledged ${last.revision}: a write was lost`);
      if (stored.revision === last.revision && marker !== last.marker) problems.push(`${fullKey}: revision ${stored.revision} holds ${marker}, not the acknowledged ${last.marker}`);
      if (complete && stored.revision !== base + acks.length) {
        problems.push(`${fullKey}: revision ${stored.revision} after ${acks.length} acknowledged writes on ${base}`);
      }
      if (!complete && stored.revision > base + started.length) problems.push(`${fullKey}: revision ${stored.revision} is more than the writes sent`);
    } else if (kind === "webhook") {
      const [environmentId, webhookId] = key.split("/");
      const stored = state.webhooks.find((webhook) => webhook.environmentId === environmentId && webhook.webhookId === webhookId);
      if (!stored || !started.includes(stored.url)) problems.push(`${fullKey}: url ${stored?.url} is none of the urls sent`);
    } else if (kind === "mfa") {
      const user = state.users.find((candidate) => candidate.record.id === key);
      if (!user || user._mfaDeviceCount !== 0) problems.push(`${fullKey}: the acknowledged MFA reset is not in the state`);
    }
  }
  return problems;
}

/** Phase 1: load. Returns the measures and the problems found. */
export async function loadPhase({ clients = 200, durationMs = 10_000, operationsPerClient, seed = DEFAULT_SEED, injected = 20, workDir, root = ROOT }) {
  const statePath = join(workDir, "load-state.json");
  const starting = performance.now();
  const emulator = await startEmulatorProcess({ statePath, reset: true, root });
  // From spawn to the printed JSON line (listening): a start-up time, not a target here.
  const startMs = performance.now() - starting;
  const problems = [];
  try {
    const { baseUrl, adminUrl, tokens } = emulator.facts;
    const seedState = (await adminGet(adminUrl, "/state")).state;
    const targets = await targetsOf(adminUrl);
    // Injected failures on one read route; the clients do not retry, so each one is seen once.
    await adminPost(adminUrl, "/faults", { route: "GET /environments/{environmentId}", kind: "503", count: injected });
    const run = await runLoad({
      baseUrl,
      token: tokens[0].token,
      targets,
      clients,
      durationMs,
      operationsPerClient,
      seed,
      root,
      isInjected: (error) => error.kind === "server" && error.status === 503 && error.operation === "getEnvironment",
    });
    const { faults } = await adminGet(adminUrl, "/faults");
    const fired = faults.reduce((sum, fault) => sum + fault.fired, 0);
    if (run.counts.failures > 0) problems.push(`${run.counts.failures} requests failed: ${run.failures.slice(0, 5).join(" | ")}`);
    if (run.counts.injected !== fired) problems.push(`${fired} faults were injected but ${run.counts.injected} injected failures seen`);
    const { state: served, fileWrites } = await adminGet(adminUrl, "/state");
    problems.push(...verifyWrites(served, run.log, { complete: true, seedState }).map((problem) => `served state: ${problem}`));
    const exit = await emulator.stop();
    if (exit.code !== 0) problems.push(`the emulator exited with ${exit.code ?? exit.signal} on SIGTERM`);
    const onDisk = JSON.parse(readFileSync(statePath, "utf8"));
    problems.push(...verifyWrites(onDisk, run.log, { complete: true, seedState }).map((problem) => `state file: ${problem}`));
    const acknowledged = [...run.log.acked.values()].reduce((sum, acks) => sum + acks.length, 0);
    return { run, fired, fileWrites, acknowledged, problems, startMs };
  } finally {
    if (emulator.child.exitCode === null && emulator.child.signalCode === null) await emulator.kill9();
  }
}

/**
 * Phase 2: writes, kill -9 at a random moment, restart from the state file,
 * check. The moment: a random 0 to 500 ms after the first few writes were
 * acknowledged (so there is something to lose), while more are in flight.
 */
export async function crashPhase({ clients = 50, seed = DEFAULT_SEED, workDir, ackedBeforeKill = 5, maxWaitMs = 15_000, root = ROOT }) {
  const statePath = join(workDir, "crash-state.json");
  const first = await startEmulatorProcess({ statePath, reset: true, root });
  const problems = [];
  let second;
  try {
    const { baseUrl, adminUrl, tokens } = first.facts;
    const seedState = (await adminGet(adminUrl, "/state")).state;
    const targets = await targetsOf(adminUrl);
    const delay = Math.floor(seededRandom(seed)() * 500);
    let stop = () => undefined;
    let acks = 0;
    let killed;
    const kill = () => {
      killed ??= first.kill9().then(() => stop());
    };
    const fallback = setTimeout(kill, maxWaitMs);
    const run = await runLoad({
      baseUrl,
      token: tokens[0].token,
      targets,
      clients,
      durationMs: maxWaitMs + 5_000,
      mix: "writes",
      seed,
      root,
      timeoutMs: 5_000,
      onRunning: (control) => (stop = control.stop),
      onAck: () => {
        if (++acks === ackedBeforeKill) setTimeout(kill, delay);
      },
    });
    clearTimeout(fallback);
    await killed;
    const acknowledged = [...run.log.acked.values()].reduce((sum, acks) => sum + acks.length, 0);
    if (acknowledged === 0) problems.push("no write was acknowledged before the kill: nothing was tested");
    let text;
    try {
      text = readFileSync(statePath, "utf8");
      JSON.parse(text);
    } catch (error) {
      problems.push(`the state file does not parse after kill -9: ${error.message}`);
    }
    // The restarted emulator loads the file itself: it refuses anything that is not a valid state.
    second = await startEmulatorProcess({ statePath, root });
    if (second.facts.seeded) problems.push("the restarted emulator reseeded instead of loading the state file");
    const restored = (await adminGet(second.facts.adminUrl, "/state")).state;
    problems.push(...verifyWrites(restored, run.log, { complete: false, seedState }));
    const sent = [...run.log.started.values()].reduce((sum, markers) => sum + markers.length, 0);
    return { killedAfterMs: delay, ackedBeforeKill, acknowledged, sent, run, problems };
  } finally {
    if (first.child.exitCode === null && first.child.signalCode === null) await first.kill9();
    if (second) await second.stop();
  }
}

/** One line per measure, for the console and BENCHMARKS.md. */
export function describeLoad(load) {
  const { run } = load;
  const writes = ["putScreeningPolicy", "putAddressEntries", "updateWebhook", "resetUserMfa"].reduce((sum, name) => sum + (run.counts.byOperation[name] ?? 0), 0);
  return [
    `emulator start-up ${round(load.startMs, 0)} ms; ${run.clients} clients for ${round(run.elapsedMs / 1000, 1)} s: ${run.counts.requests} requests, ${round(run.requestsPerSecond, 0)} requests/s`,
    `latency p50 ${round(run.latency.p50, 1)} ms, p90 ${round(run.latency.p90, 1)} ms, p99 ${round(run.latency.p99, 1)} ms, max ${round(run.latency.max, 1)} ms`,
    `operations ${run.counts.operations} (${writes} writes), revision conflicts ${run.counts.conflicts}, injected 503s ${run.counts.injected}/${load.fired}, failures ${run.counts.failures}`,
    `${load.acknowledged} writes acknowledged in ${load.fileWrites} state file writes (group commit, each fsynced before its answers)`,
  ];
}

export function describeCrash(crash) {
  return `killed ${crash.killedAfterMs} ms after the ${crash.ackedBeforeKill}th acknowledged write: ${crash.acknowledged} writes acknowledged of ${crash.sent} sent`;
}

async function main(argv) {
  const option = (name, fallback) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 && argv[index + 1] !== undefined ? argv[index + 1] : fallback;
  };
  const clients = Number(option("clients", 200));
  const durationMs = Number(option("duration", 10)) * 1000;
  const killClients = Number(option("kill-clients", 50));
  const seed = Number(option("seed", DEFAULT_SEED));
  const jsonOut = option("json", undefined);
  const workDir = mkdtempSync(join(tmpdir(), "screenpol-emulator-load-"));
  const log = (line = "") => process.stdout.write(`${line}\n`);
  try {
    log(`emulator load: ${clients} clients, ${durationMs / 1000} s, seed ${seed} (node ${process.version})`);
    const load = await loadPhase({ clients, durationMs, seed, workDir });
    for (const line of describeLoad(load)) log(`  ${line}`);
    for (const problem of load.problems) log(`  PROBLEM: ${problem}`);
    log(`emulator crash: ${killClients} writing clients, kill -9, restart from the state file`);
    const crash = await crashPhase({ clients: killClients, seed, workDir });
    log(`  ${describeCrash(crash)}; restarted: ${crash.problems.length === 0 ? "every acknowledged write is in the state file" : "PROBLEMS"}`);
    for (const problem of crash.problems) log(`  PROBLEM: ${problem}`);
    if (jsonOut) {
      const { writeFileSync } = await import("node:fs");
      writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), node: process.version, seed, clients, durationMs, load: { ...load.run, log: undefined }, fired: load.fired, acknowledged: load.acknowledged, fileWrites: load.fileWrites, loadProblems: load.problems, crash: { killedAfterMs: crash.killedAfterMs, acknowledged: crash.acknowledged, problems: crash.problems } }, null, 2));
    }
    return load.problems.length + crash.problems.length === 0 ? 0 : 1;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
