/**
 * Cold start of `screenpol lint <one file>` (what a pre-commit hook pays) and where
 * its milliseconds go: node's bootstrap, loading the CLI bundle (dist/bin/, built
 * by scripts/build.mjs with esbuild), loading the lint command's chunk, linting.
 * Used by bench/run.js.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { median, rotate, timedSpawn } from "./lib.js";

const NODE = process.execPath;

/**
 * `node -e 0`, `screenpol --version` and `screenpol lint <file>`, interleaved; and,
 * when tsc's unbundled dist/cli/main.js exists, the same lint run from it
 * (`unbundled`), to show what the bundle buys.
 */
export function measureColdStart({ root, file, plainFile, runs, deadline }) {
  const bin = join(root, "bin", "screenpol.js");
  const commands = [
    { name: "node", args: ["-e", "0"] },
    { name: "version", args: [bin, "--version"] },
    { name: "lint", args: [bin, "lint", file] },
  ];
  // A policy that lists no tokens: its lint never reads the token catalog (issue 26's two start-up rows).
  if (plainFile) commands.push({ name: "lintPlain", args: [bin, "lint", plainFile] });
  const unbundled = join(root, "dist", "cli", "main.js");
  if (existsSync(unbundled)) {
    const code = `const { main } = await import(${JSON.stringify(pathToFileURL(unbundled).href)}); process.exitCode = await main(process.argv.slice(1));`;
    commands.push({ name: "unbundled", args: ["--input-type=module", "-e", code, "lint", file] });
  }
  const times = Object.fromEntries(commands.map((command) => [command.name, []]));
  const failures = [];
  // One untimed run of each: the first spawn after a build pays for the page cache.
  for (const command of commands) timedSpawn(NODE, command.args, { cwd: root, timeoutMs: 20_000 });
  for (let i = 0; i < runs && performance.now() < deadline; i++) {
    for (const command of rotate(commands, i)) {
      const run = timedSpawn(NODE, command.args, { cwd: root, timeoutMs: 20_000 });
      if (run.status !== 0) failures.push(`${command.name}: exit ${run.status ?? run.signal} ${run.stderr.trim().split("\n")[0] ?? ""}`);
      times[command.name].push(run.ms);
    }
  }
  return { times, failures };
}

function probe(root, args) {
  const run = timedSpawn(NODE, [join(root, "bench", "probe.js"), ...args], { cwd: root, timeoutMs: 20_000 });
  const line = run.stderr.split("\n").find((l) => l.startsWith("PROBE "));
  if (!line) throw new Error(`probe ${args.join(" ")} failed: ${run.stderr.trim().slice(0, 400)}`);
  return { ...JSON.parse(line.slice(6)), wall: run.ms };
}

function medianOf(samples) {
  const out = {};
  for (const key of Object.keys(samples[0] ?? {})) {
    if (typeof samples[0][key] === "number") out[key] = median(samples.map((s) => s[key]));
  }
  return out;
}

/**
 * Stage split of one CLI lint (one process per sample), isolated import times of
 * the heavy dependencies and of the bundle's pieces, first-call costs (parse,
 * schema validation, lintText), the cost of compiling one policy schema with ajv
 * at run time, and, when `standaloneDir` is given, of loading one precompiled
 * (ajv standalone) validator instead.
 */
export async function measureModuleCosts({ root, file, runs, deadline, standaloneDir }) {
  const probes = (args, count = runs) => {
    const samples = [];
    for (let i = 0; i < count && performance.now() < deadline; i++) samples.push(probe(root, args));
    return samples;
  };
  const stages = probes(["stages", file]);
  const specifiers = ["commander", "yaml", "ajv", "@noble/hashes/sha3.js", "dist/core/generated/validators.js", "dist/bin/main.cjs"];
  const imports = {};
  for (const specifier of specifiers) imports[specifier] = median(probes(["import", specifier], Math.max(3, Math.ceil(runs / 2))).map((s) => s.import));
  const compile = probes(["compile", file]);
  const runtimeCompile = probes(["ajv-compile", file]);
  let standalone;
  if (standaloneDir) {
    const info = await buildStandalone(root, standaloneDir);
    const samples = probes(["standalone", file, standaloneDir]);
    if (samples.length > 0) standalone = { ...medianOf(samples), ...info };
  }
  return {
    stages: medianOf(stages),
    imports,
    compile: medianOf(compile),
    runtimeCompile: runtimeCompile.length > 0 ? medianOf(runtimeCompile) : undefined,
    standalone,
  };
}

/**
 * Precompiles each policy schema with ajv's standalone code generation, with the
 * options of src/core/validate.ts (allErrors, strict, verbose), one ES module per
 * schema, so the probe can time loading one instead of importing ajv and compiling.
 * Only for the measurement (screenpol's own are in src/core/generated/validators.ts,
 * all schemas in one module).
 */
export async function buildStandalone(root, dir) {
  const { Ajv } = await import("ajv");
  const { default: standaloneCode } = await import("ajv/dist/standalone/index.js");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sizes = [];
  // The per-version policy schemas only (the per-vendor editor schemas refer to them).
  for (const name of readdirSync(join(root, "schemas")).filter((n) => /^policy-.*-v\d+\.schema\.json$/.test(n))) {
    const schema = JSON.parse(readFileSync(join(root, "schemas", name), "utf8"));
    const ajv = new Ajv({ allErrors: true, strict: true, verbose: true, code: { source: true, esm: true } });
    // ajv's ESM output still require()s its small runtime helpers (equal, ucs2length).
    const code = `import { createRequire } from "node:module";\nconst require = createRequire(${JSON.stringify(pathToFileURL(join(root, "package.json")).href)});\n${standaloneCode(ajv, ajv.compile(schema))}`;
    writeFileSync(join(dir, name.replace(".schema.json", ".mjs")), code);
    sizes.push(code.length);
  }
  return { modules: sizes.length, kibEach: sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024 };
}

/**
 * Runs the CLI under --cpu-prof and sums self time by where the code comes from:
 * node's module loader, other node internals, each package and screenpol's own
 * source (inside the bundle, by esbuild's `// node_modules/<pkg>/...` and
 * `// src/...` region comments), and V8's "(program)" (parsing and compiling
 * JavaScript, bootstrap) and GC.
 */
export function profileColdStart({ root, file, runs, dir }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < runs; i++) {
    timedSpawn(NODE, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=100", join(root, "bin", "screenpol.js"), "lint", file], { cwd: root, timeoutMs: 20_000 });
  }
  const totals = new Map();
  const regions = new Map();
  let profiles = 0;
  let wall = 0;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, name), "utf8"));
    profiles++;
    wall += (profile.endTime - profile.startTime) / 1000;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    for (let i = 0; i < profile.samples.length; i++) {
      const node = byId.get(profile.samples[i]);
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const bucket = bucketOf(root, node.callFrame, regions);
      totals.set(bucket, (totals.get(bucket) ?? 0) + ms);
    }
  }
  const buckets = [...totals].map(([bucket, ms]) => ({ bucket, ms: ms / Math.max(1, profiles) })).sort((a, b) => b.ms - a.ms);
  return { profiles, profiledMs: wall / Math.max(1, profiles), buckets };
}

function bucketOf(root, frame, regionCache) {
  const url = frame.url ?? "";
  if (!url) {
    if (frame.functionName === "(garbage collector)") return "V8 garbage collector";
    if (frame.functionName === "(program)") return "V8 (program): parse/compile JS, native";
    if (frame.functionName === "(idle)") return "idle (waiting on I/O)";
    return `native ${frame.functionName || "(anonymous)"}`;
  }
  if (url.startsWith("node:internal/modules/") || url.startsWith("node:internal/vm")) return "node module loader (resolve, read, compile, link)";
  if (url.startsWith("node:")) return "node internals (bootstrap, fs, streams)";
  const path = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const rel = relative(root, path);
  // Inside the bundle: the source the line came from; before a chunk's first
  // region comment sit esbuild's helpers (__commonJS, __toESM, ...).
  let origin = rel;
  if (rel.startsWith("dist/bin/")) origin = regionOf(path, frame.lineNumber, regionCache) ?? "esbuild runtime helpers";
  const inModules = origin.lastIndexOf("node_modules/");
  if (inModules >= 0) {
    const rest = origin.slice(inModules + "node_modules/".length).split("/");
    return `package ${rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (origin.startsWith("src/core/checks/")) return "screenpol src/core/checks/";
  if (origin.startsWith("src/") || origin.startsWith("dist/")) return `screenpol ${origin}`;
  return origin.startsWith("esbuild") ? origin : `other ${origin}`;
}

/** The source file a line of an esbuild chunk came from, by its region comments. */
function regionOf(path, line, cache) {
  let regions = cache.get(path);
  if (!regions) {
    regions = [];
    readFileSync(path, "utf8").split("\n").forEach((text, index) => {
      const match = /^\/\/ ((?:node_modules|src)\/\S+)$/.exec(text);
      if (match) regions.push([index, match[1]]);
    });
    cache.set(path, regions);
  }
  let found;
  for (const [start, origin] of regions) {
    if (start > line) break;
    found = origin;
  }
  return found;
}

/**
 * What `screenpol lint` loads: the bundle's entry, the lint chunk and every chunk
 * they import statically (esbuild's import statements), with the number of source
 * modules bundled into them (esbuild's region comments).
 */
export function moduleGraph(root) {
  const entries = [join(root, "dist", "bin", "main.cjs")].filter(Boolean);
  const seen = new Set();
  const packages = new Set();
  let bytes = 0;
  let sources = 0;
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    let text;
    try {
      text = readFileSync(file, "utf8");
      bytes += statSync(file).size;
    } catch {
      continue;
    }
    for (const match of text.matchAll(/^\/\/ (node_modules|src)\/(\S+)$/gm)) {
      sources++;
      if (match[1] === "node_modules") packages.add(match[2].startsWith("@") ? match[2].split("/").slice(0, 2).join("/") : match[2].split("/")[0]);
    }
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm)) {
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier));
    }
  }
  return { files: seen.size, kib: bytes / 1024, sources, packages: [...packages].sort() };
}
