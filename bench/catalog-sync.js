/**
 * Token catalog sync benchmark (toolkit.md, Token catalog sync):
 *
 *     node bench/catalog-sync.js [--tokens 100000] [--limit 100] [--runs 3] [--polls 10] [--root DIR] [--json FILE]
 *
 * Needs a build (dist/; `--root` names another copy of the repository's bin/
 * and dist/, as bench/run.js passes its snapshot of the build). The emulator runs in this process, seeded with
 * `--tokens` tokens, behind a thin counting front on 127.0.0.1 (so every
 * GET /tokenCatalog the emulator answers is counted); each sync runs as its own
 * process, `node bin/screenpol.js catalog sync`, exactly as a user or a CI job
 * runs it, so its peak RSS is the sync's alone. Peak RSS comes from
 * process.resourceUsage().maxRSS, reported by the child at exit through a
 * preloaded one-line hook (--import), the CLI itself is unchanged.
 *
 * Measured:
 *  1. full sync into an empty catalog folder (`--runs` times, each into a fresh
 *     folder): wall time, requests seen by the emulator (must be exactly
 *     tokens / limit: one per page, no extra), peak RSS;
 *  2. changed catalog (one token renamed): the whole catalog read again, and the
 *     old snapshot loaded to count the changes: the memory peak of a sync;
 *  3. unchanged catalog (`--polls` times): one request (304), wall and CPU time
 *     of the whole command, beside `node -e 0`, `screenpol --version` and
 *     `screenpol doctor` (another remote command of one request) measured
 *     interleaved in the same minute: this machine's floors, so that what the
 *     catalog part itself costs can be read off on a busy machine too.
 * Targets: full sync < 5 s, one request per page, RSS < 250 MB; unchanged: one
 * request, < 150 ms wall.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { median, round } from "./lib.js";

/** The repository this file is in; `root` (bench/run.js's snapshot of the build, or --root) overrides it. */
const HOME = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
/** environment.settings.read only: what a CI job's token needs for the catalog (admin-api.md, operation 2, rule 5). */
const READ_TOKEN = "dyn_emulator_settings_read_2b7d0e94c1f6a358";
/** Printed by the child at exit; maxRSS is in kilobytes (Node's process.resourceUsage). */
const RSS_HOOK = `data:text/javascript,${encodeURIComponent(
  'import { writeSync } from "node:fs"; process.on("exit", () => { const u = process.resourceUsage(); writeSync(2, `\\nbench-max-rss-kb=${u.maxRSS} cpu-us=${u.userCPUTime + u.systemCPUTime}\\n`); });',
)}`;

/** Runs a command to completion without blocking this process's event loop (the emulator lives here). */
function run(args, { cwd, env, nodeArgs = [], timeoutMs = 120_000 }) {
  return new Promise((resolveRun) => {
    const start = performance.now();
    const child = spawn(process.execPath, [...nodeArgs, ...args], { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - start;
      const usage = /bench-max-rss-kb=(\d+) cpu-us=(\d+)/.exec(stderr);
      resolveRun({
        ms,
        code,
        signal,
        stdout,
        stderr: stderr.replace(/\n?bench-max-rss-kb=\d+ cpu-us=\d+\n/, ""),
        maxRssMb: usage ? Number(usage[1]) / 1024 : undefined,
        cpuMs: usage ? Number(usage[2]) / 1000 : undefined,
      });
    });
  });
}

function tempRepo() {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-bench-catalog-"));
  writeFileSync(join(dir, "screenpol.config.yaml"), "baseUrl: http://127.0.0.1:4010/api/v0\nenvironments:\n  sandbox:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01\n    kind: sandbox\n");
  return dir;
}

/**
 * Runs the three measurements; returns the figures. `log` receives progress lines.
 */
export async function measureCatalogSync({ root = HOME, tokens = 100_000, limit = 100, runs = 3, polls = 10, log = () => undefined } = {}) {
  const BIN = join(root, "bin", "screenpol.js");
  const { createEmulator } = await import(pathToFileURL(join(root, "dist", "emulator", "index.js")).href);
  const emulator = await createEmulator({ seed: { catalogSize: tokens } });
  const built = performance.now();
  const size = emulator.store.catalog().tokens.length;
  log(`  emulator: ${size} tokens, catalog built in ${round(performance.now() - built, 0)} ms`);
  let requests = 0;
  const front = createServer((request, response) => {
    if ((request.url ?? "").startsWith("/api/v0/tokenCatalog")) requests++;
    emulator.handler(request, response);
  });
  await new Promise((resolveListen) => front.listen(0, "127.0.0.1", resolveListen));
  const baseUrl = `http://127.0.0.1:${front.address().port}/api/v0`;
  const sync = (cwd) => run([BIN, "catalog", "sync", "--limit", String(limit), "--json", "--base-url", baseUrl], { cwd, env: { SCREENPOL_API_TOKEN: READ_TOKEN }, nodeArgs: [`--import=${RSS_HOOK}`] });
  const expectedPages = Math.ceil(size / limit);
  const dirs = [];
  const results = { tokens: size, limit, expectedPages, full: [], changed: undefined, unchanged: [], node: [], version: [], doctor: [] };
  try {
    // 1. Full syncs into empty folders.
    for (let index = 0; index < runs; index++) {
      const dir = tempRepo();
      dirs.push(dir);
      requests = 0;
      const result = await sync(dir);
      if (result.code !== 0) throw new Error(`catalog sync failed (exit ${result.code ?? result.signal}): ${result.stderr.slice(0, 400)}`);
      const json = JSON.parse(result.stdout);
      results.full.push({ ms: result.ms, cpuMs: result.cpuMs, requests, maxRssMb: result.maxRssMb, pages: json.pages, outcome: json.outcome });
      log(`  full sync ${index + 1}/${runs}: ${round(result.ms, 0)} ms wall, ${round(result.cpuMs, 0)} ms CPU, ${requests} requests, peak RSS ${round(result.maxRssMb, 1)} MB`);
    }
    const dir = dirs[0];

    // 2. One token renamed: every page again, old snapshot loaded for the counts.
    const [first] = emulator.store.catalog().tokens;
    const adminUrl = baseUrl.replace(/\/api\/v0$/, "/__emulator");
    const changedCatalog = await fetch(`${adminUrl}/catalog`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ upsert: [{ ...first, name: `${first.name} (renamed)` }] }) });
    if (changedCatalog.status !== 200) throw new Error(`changing the catalog failed: ${changedCatalog.status}`);
    requests = 0;
    const changed = await sync(dir);
    if (changed.code !== 0) throw new Error(`catalog sync (changed) failed: ${changed.stderr.slice(0, 400)}`);
    const changedJson = JSON.parse(changed.stdout);
    results.changed = { ms: changed.ms, cpuMs: changed.cpuMs, requests, maxRssMb: changed.maxRssMb, changes: { added: changedJson.added, removed: changedJson.removed, changed: changedJson.changed } };
    log(`  changed catalog: ${round(changed.ms, 0)} ms, ${requests} requests, +${changedJson.added} -${changedJson.removed} ~${changedJson.changed}, peak RSS ${round(changed.maxRssMb, 1)} MB`);

    // 3. Unchanged: 304, interleaved with node -e 0, --version, and `doctor` (another remote command of one request).
    const measured = (args) => run(args, { cwd: dir, env: { SCREENPOL_API_TOKEN: READ_TOKEN }, nodeArgs: [`--import=${RSS_HOOK}`] });
    for (let index = 0; index < polls; index++) {
      const node = await measured(["-e", "0"]);
      results.node.push({ ms: node.ms, cpuMs: node.cpuMs });
      const version = await measured([BIN, "--version"]);
      results.version.push({ ms: version.ms, cpuMs: version.cpuMs });
      const doctor = await measured([BIN, "doctor", "--env", "sandbox", "--base-url", baseUrl]);
      if (doctor.code !== 0) throw new Error(`screenpol doctor failed (exit ${doctor.code}): ${doctor.stderr.slice(0, 300)}`);
      results.doctor.push({ ms: doctor.ms, cpuMs: doctor.cpuMs });
      requests = 0;
      const result = await sync(dir);
      if (result.code !== 0) throw new Error(`catalog sync (unchanged) failed (exit ${result.code ?? result.signal}): ${result.stderr.slice(0, 400)}`);
      const json = JSON.parse(result.stdout);
      if (json.status !== 304) throw new Error(`expected 304, got ${json.status}`);
      results.unchanged.push({ ms: result.ms, cpuMs: result.cpuMs, requests, maxRssMb: result.maxRssMb });
    }
    const med = (list, key) => round(median(list.map((entry) => entry[key])), 1);
    log(`  unchanged: median ${med(results.unchanged, "ms")} ms wall, ${med(results.unchanged, "cpuMs")} ms CPU; doctor ${med(results.doctor, "ms")} / ${med(results.doctor, "cpuMs")};` +
      ` --version ${med(results.version, "ms")} / ${med(results.version, "cpuMs")}; node -e 0 ${med(results.node, "ms")} / ${med(results.node, "cpuMs")}; requests ${results.unchanged.map((r) => r.requests).join(",")}`);
  } finally {
    await new Promise((resolveClose) => {
      front.close(() => resolveClose());
      front.closeAllConnections();
    });
    await emulator.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  return summarise(results);
}

function summarise(results) {
  const med = (list, key) => median(list.map((entry) => entry[key]));
  const fullMs = med(results.full, "ms");
  const fullRss = Math.max(...results.full.map((r) => r.maxRssMb ?? Number.NaN));
  const fullRequests = results.full.map((r) => r.requests);
  const unchangedMs = med(results.unchanged, "ms");
  const rows = [
    {
      measure: `catalog sync, ${results.tokens} tokens at limit ${results.limit}: wall (median of ${results.full.length})`,
      value: `${round(fullMs / 1000, 2)} s (CPU ${round(med(results.full, "cpuMs") / 1000, 2)} s)`,
      target: "< 5 s",
      pass: fullMs < 5000,
    },
    {
      measure: "catalog sync: requests seen by the emulator",
      value: `${[...new Set(fullRequests)].join(", ")} (${results.expectedPages} pages)`,
      target: `${results.expectedPages} + 0`,
      pass: fullRequests.every((count) => count === results.expectedPages),
    },
    { measure: "catalog sync: peak RSS (max of runs)", value: `${round(fullRss, 1)} MB`, target: "< 250 MB", pass: fullRss < 250 },
    {
      measure: "catalog sync, one token changed: wall / requests / peak RSS",
      value: `${round(results.changed.ms / 1000, 2)} s / ${results.changed.requests} / ${round(results.changed.maxRssMb, 1)} MB`,
      target: "< 5 s, pages + 0, < 250 MB",
      pass: results.changed.ms < 5000 && results.changed.requests === results.expectedPages && results.changed.maxRssMb < 250,
    },
    {
      measure: `catalog sync, unchanged (304): wall (median of ${results.unchanged.length})`,
      value: `${round(unchangedMs, 1)} ms (CPU ${round(med(results.unchanged, "cpuMs"), 1)} ms)`,
      target: "< 150 ms",
      pass: unchangedMs < 150,
    },
    {
      measure: "catalog sync, unchanged: requests / peak RSS",
      value: `${[...new Set(results.unchanged.map((r) => r.requests))].join(", ")} / ${round(Math.max(...results.unchanged.map((r) => r.maxRssMb ?? 0)), 1)} MB`,
      target: "1",
      pass: results.unchanged.every((r) => r.requests === 1),
    },
    {
      measure: "same run, wall (CPU): doctor (1 request) / --version / node -e 0",
      value: `${round(med(results.doctor, "ms"), 1)} (${round(med(results.doctor, "cpuMs"), 1)}) / ${round(med(results.version, "ms"), 1)} (${round(med(results.version, "cpuMs"), 1)}) / ${round(med(results.node, "ms"), 1)} (${round(med(results.node, "cpuMs"), 1)}) ms`,
      target: "reference",
      pass: undefined,
    },
    {
      measure: "catalog sync, unchanged - doctor (what the catalog part adds)",
      value: `${round(unchangedMs - med(results.doctor, "ms"), 1)} ms wall, ${round(med(results.unchanged, "cpuMs") - med(results.doctor, "cpuMs"), 1)} ms CPU`,
      target: "info",
      pass: undefined,
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
  const result = await measureCatalogSync({
    root: resolve(option("root", HOME)),
    tokens: Number(option("tokens", 100_000)),
    limit: Number(option("limit", 100)),
    runs: Number(option("runs", 3)),
    polls: Number(option("polls", 10)),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  for (const row of result.rows) {
    const verdict = row.pass === undefined ? "" : row.pass ? "pass" : "MISS";
    process.stdout.write(`${row.measure.padEnd(66)}  ${row.value.padEnd(48)}  ${row.target.padEnd(26)}  ${verdict}\n`);
  }
  const jsonFile = option("json", undefined);
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(result, null, 2)}\n`);
}
