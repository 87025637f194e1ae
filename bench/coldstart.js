/**
 * Cold start of `screenpol lint <one file>` (what a pre-commit hook pays) and where
 * its milliseconds go: node's bootstrap, loading the CLI's modules, loading the
 * lint modules (yaml, ajv, the checks), compiling the JSON Schema with ajv, and
 * linting. Used by bench/run.js.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { dirname, join, relative, resolve } from "node:path";
import { median, rotate, timedSpawn } from "./lib.js";

const NODE = process.execPath;

/**
 * `node -e 0`, `screenpol --version` and `screenpol lint <file>`, interleaved; and
 * `lint <file>` from a single-bundle build (`bundle`, see buildBundle) when given.
 */
export function measureColdStart({ root, file, runs, deadline, bundle }) {
  const bin = join(root, "bin", "screenpol.js");
  const commands = [
    { name: "node", args: ["-e", "0"] },
    { name: "version", args: [bin, "--version"] },
    { name: "lint", args: [bin, "lint", file] },
  ];
  if (bundle) commands.push({ name: "bundle", args: [bundle, "lint", file] });
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
 * the heavy dependencies and of the core modules, and the first-call costs
 * (parse, schema validation, lintText), the cost of compiling one policy schema
 * with ajv at run time, and, when `standaloneDir` is given, of loading one
 * precompiled (ajv standalone) validator instead.
 */
export async function measureModuleCosts({ root, file, runs, deadline, standaloneDir }) {
  const stages = [];
  for (let i = 0; i < runs && performance.now() < deadline; i++) stages.push(probe(root, ["stages", file]));
  const specifiers = [
    "commander",
    "yaml",
    "ajv",
    "@noble/hashes/sha3.js",
    "dist/core/generated/schemas.js",
    "dist/core/generated/validators.js",
    "dist/core/document.js",
    "dist/core/validate.js",
    "dist/core/checks/index.js",
    "dist/core/lint.js",
    "dist/cli/main.js",
    "dist/cli/commands/lint.js",
  ];
  const imports = {};
  for (const specifier of specifiers) {
    const samples = [];
    for (let i = 0; i < Math.max(3, Math.ceil(runs / 2)) && performance.now() < deadline; i++) samples.push(probe(root, ["import", specifier]).import);
    imports[specifier] = median(samples);
  }
  const compile = [];
  for (let i = 0; i < runs && performance.now() < deadline; i++) compile.push(probe(root, ["compile", file]));
  const runtimeCompile = [];
  for (let i = 0; i < runs && performance.now() < deadline; i++) runtimeCompile.push(probe(root, ["ajv-compile", file]));
  const standalone = [];
  let standaloneInfo;
  if (standaloneDir) {
    standaloneInfo = await buildStandalone(root, standaloneDir);
    for (let i = 0; i < runs && performance.now() < deadline; i++) standalone.push(probe(root, ["standalone", file, standaloneDir]));
  }
  return { stages: medianOf(stages), imports, compile: medianOf(compile), runtimeCompile: runtimeCompile.length > 0 ? medianOf(runtimeCompile) : undefined, standalone: standalone.length > 0 ? { ...medianOf(standalone), ...standaloneInfo } : undefined };
}

/**
 * Precompiles each policy schema with ajv's standalone code generation, with the
 * options of src/core/validate.ts (allErrors, strict, verbose), one ES module per
 * schema, so the probe can time loading one instead of importing ajv and compiling.
 * Only for the measurement: nothing in screenpol uses these files.
 */
export async function buildStandalone(root, dir) {
  const { Ajv } = await import("ajv");
  const { default: standaloneCode } = await import("ajv/dist/standalone/index.js");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sizes = [];
  for (const name of readdirSync(join(root, "schemas")).filter((n) => n.startsWith("policy-") && n.endsWith(".schema.json"))) {
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
 * Runs the CLI under --cpu-prof and sums self time by where the code lives: node's
 * module loader, other node internals, each package, screenpol's own dist/, and
 * V8's "(program)" (parsing and compiling JavaScript, bootstrap) and GC.
 */
export function profileColdStart({ root, file, runs, dir }) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < runs; i++) {
    timedSpawn(NODE, ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=100", join(root, "bin", "screenpol.js"), "lint", file], { cwd: root, timeoutMs: 20_000 });
  }
  const totals = new Map();
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
      const bucket = bucketOf(root, node.callFrame);
      totals.set(bucket, (totals.get(bucket) ?? 0) + ms);
    }
  }
  const buckets = [...totals].map(([bucket, ms]) => ({ bucket, ms: ms / Math.max(1, profiles) })).sort((a, b) => b.ms - a.ms);
  return { profiles, profiledMs: wall / Math.max(1, profiles), buckets };
}

function bucketOf(root, frame) {
  const url = frame.url ?? "";
  if (!url) {
    if (frame.functionName === "(garbage collector)") return "V8 garbage collector";
    if (frame.functionName === "(program)") return "V8 (program): parse/compile JS, native";
    if (frame.functionName === "(idle)") return "idle (waiting on I/O)";
    return `native ${frame.functionName || "(anonymous)"}`;
  }
  if (url.startsWith("node:internal/modules/") || url.startsWith("node:internal/vm")) return "node module loader (resolve, read, link)";
  if (url.startsWith("node:")) return "node internals (fs, streams, bootstrap)";
  const path = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const inModules = path.lastIndexOf("/node_modules/");
  if (inModules >= 0) {
    const rest = path.slice(inModules + "/node_modules/".length).split("/");
    return `package ${rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const rel = relative(root, path);
  if (rel.startsWith("dist/")) {
    const parts = rel.split("/");
    return `screenpol ${parts.length > 2 ? parts.slice(0, parts.length > 3 ? 3 : 2).join("/") : rel}`;
  }
  return `other ${rel}`;
}

/**
 * The dist/ modules `screenpol lint` loads (static imports from bin/, plus the lint
 * command's dynamic import), counted by walking the import statements.
 */
export function moduleGraph(root) {
  const entry = [join(root, "dist", "cli", "main.js"), join(root, "dist", "cli", "commands", "lint.js")];
  const seen = new Set();
  const packages = new Set();
  let bytes = 0;
  const pending = [...entry];
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
    // Static imports and re-exports only: type-only imports are gone after tsc; the
    // dynamic imports of other commands are not followed (lint does not run them).
    for (const match of text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']/gm)) {
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier));
      else if (!specifier.startsWith("node:")) packages.add(specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]);
    }
  }
  return { modules: seen.size, kib: bytes / 1024, packages: [...packages].sort() };
}

/**
 * An experiment, not how screenpol ships: bin/screenpol.js and dist/ bundled with
 * rolldown (present in node_modules as a dependency of vitest's vite, not one of
 * ours) into a few chunks (the lazily imported commands stay separate chunks), to
 * see what module loading costs against the same code in one file. Written to
 * `<corpus>/bundle/cli/` (gitignored) with a minimal `<corpus>/package.json`:
 * dist/cli/version.js reads ../../package.json, and the chunks are ES modules.
 * Returns undefined when rolldown cannot be loaded.
 */
export async function buildBundle(root, corpusDir) {
  let rolldown;
  try {
    ({ rolldown } = await import("rolldown"));
  } catch {
    return undefined;
  }
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  writeFileSync(join(corpusDir, "package.json"), `${JSON.stringify({ name: "screenpol-bench-bundle", version, private: true, type: "module" })}\n`);
  const dir = join(corpusDir, "bundle", "cli");
  rmSync(dir, { recursive: true, force: true });
  const bundle = await rolldown({ input: join(root, "bin", "screenpol.js"), platform: "node", logLevel: "silent" });
  const { output } = await bundle.write({ dir, format: "esm" });
  await bundle.close?.();
  const entry = join(dir, "screenpol.js");
  return { entry, chunks: output.length, kib: output.reduce((sum, chunk) => sum + (chunk.code?.length ?? 0), 0) / 1024 };
}
