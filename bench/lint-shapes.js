/**
 * Lint of one 1 MiB file of each pathological shape (issue 10, item 6): wide and
 * long files must lint in time linear in their size. Each shape is linted with
 * lintText() from the built dist/ and parsed by the parse-only baseline
 * (YAML.parse of the `yaml` package), side by side, median of `runs`, in wall
 * and CPU time. Target: every shape lints in under 2 s of CPU time (wall time
 * counts waiting for a core when the machine is shared). `node bench/lint-shapes.js` runs it alone.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median, round } from "./lib.js";

/** The largest file lint reads (src/core/source.ts, MAX_FILE_BYTES). */
const MIB = 1024 * 1024;
const TARGET_MS = 2000;
const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const HEAD = "providerType: vendorAWalletScreening\nscope: TRANSACTION\nschemaVersion: 1\nenabled: true\n";

/** Repeats `line(i)` until the text is just under 1 MiB (UTF-8 bytes; every shape is ASCII). */
function fill(head, line, tail = "") {
  const parts = [head];
  let size = head.length + tail.length;
  for (let i = 0; ; i++) {
    const next = line(i);
    if (size + next.length > MIB) break;
    parts.push(next);
    size += next.length;
  }
  parts.push(tail);
  return parts.join("");
}

/** name -> [file, text]: one 1 MiB text per shape. */
export function lintShapes() {
  const rule = (i) =>
    `    - id: rule-${i}\n      description: "rule ${i}"\n      when:\n        riskScore: { gte: ${i % 10} }\n        exposure: { category: mixer, direction: any, minPercent: ${i % 100} }\n      action: ALERT\n`;
  // 64 levels is MAX_DEPTH (document.ts): legal, and as deep as a file may go, repeated.
  const deep = Array.from({ length: 63 }, (_, depth) => `${" ".repeat(depth)}k${depth}:\n`).join("") + `${" ".repeat(63)}leaf: 1\n`;
  return {
    "wide map: unknown keys": [POLICY, fill(HEAD, (i) => `unknown${i}: 1\n`)],
    "wide flow map on one line": [POLICY, fill(`${HEAD}rules: {preScreen: {chains: [EVM]}, postScreen: [], `, (i) => `k${i}: 1, `, "}\n")],
    "long list of rules": [POLICY, fill(`${HEAD}rules:\n  preScreen:\n    chains: [EVM]\n  postScreen:\n`, rule)],
    "deep-but-legal nesting": [POLICY, fill(HEAD, (i) => `n${i}:\n${deep.replace(/^/gm, " ")}`)],
    "one huge string": [POLICY, `${HEAD}rules:\n  preScreen: {chains: [EVM]}\n  postScreen:\n    - id: a\n      description: "${"a?b&c=Bearer ".repeat(Math.floor((MIB - 200) / 13))}"\n      when: {riskScore: {gte: 1}}\n      action: BLOCK\n`],
    "many duplicate keys": [POLICY, fill(HEAD, () => "enabled: true\n")],
    "many sanctions keys": [POLICY, fill(HEAD, (i) => `sanctions${i}: 1\n`)],
    "secrets in comments": [POLICY, fill(HEAD, (i) => `# Authorization: Bearer abc${i}def0123456789\n`)],
    "broken YAML, every line": [POLICY, fill(`${HEAD}rules: [\n`, (i) => `  "k${i}": : : ]]\n`)],
    "nested 100,000 deep (flow)": [POLICY, `${"[".repeat(100_000)}${"]".repeat(100_000)}\n`],
  };
}

/**
 * Measures every shape; returns rows for run.js's table. Bounded: `runs` each,
 * and a shape that takes more than 10 s is measured once.
 */
export async function measureLintShapes({ root, runs = 3, log = () => undefined }) {
  const { lintText } = await import(pathToFileURL(join(root, "dist", "index.js")).href);
  const YAML = (await import(pathToFileURL(join(root, "node_modules", "yaml", "dist", "index.js")).href)).default;
  const rows = [];
  const figures = {};
  for (const [name, [file, text]] of Object.entries(lintShapes())) {
    const lintMs = [];
    const parseMs = [];
    const lintCpuMs = [];
    const parseCpuMs = [];
    let findings = 0;
    let failure;
    for (let run = 0; run < runs; run++) {
      let start = performance.now();
      let cpu = process.cpuUsage();
      try {
        YAML.parse(text, { uniqueKeys: false });
      } catch {
        // The baseline's own errors (stack overflow on the deepest shape) are timed all the same.
      }
      parseMs.push(performance.now() - start);
      parseCpuMs.push(cpuMs(process.cpuUsage(cpu)));
      start = performance.now();
      cpu = process.cpuUsage();
      try {
        findings = lintText(file, text).length;
      } catch (error) {
        failure = error.message.split("\n")[0];
      }
      lintMs.push(performance.now() - start);
      lintCpuMs.push(cpuMs(process.cpuUsage(cpu)));
      if (lintMs[0] > 10_000 || failure) break;
    }
    const lint = median(lintMs);
    const parse = median(parseMs);
    const lintCpu = median(lintCpuMs);
    const parseCpu = median(parseCpuMs);
    const kib = Math.round(Buffer.byteLength(text) / 1024);
    log(
      `  ${name.padEnd(28)} ${String(kib).padStart(5)} KiB  lint ${ms(lint).padStart(8)} wall, ${ms(lintCpu).padStart(8)} CPU;` +
        `  parse-only ${ms(parse).padStart(8)} wall, ${ms(parseCpu).padStart(8)} CPU;  ${findings} findings${failure ? `  FAILED: ${failure}` : ""}`,
    );
    figures[name] = { kib, lintMs, parseMs, lintCpuMs, parseCpuMs, findings, failure };
    // Judged on CPU time (user + system of this process), which other jobs on the machine do not inflate; wall time beside it.
    rows.push({
      measure: `lint 1 MiB: ${name}`,
      value: `${ms(lintCpu)} CPU, ${ms(lint)} wall (parse-only ${ms(parseCpu)} CPU)`,
      target: "< 2 s",
      pass: !failure && lintCpu < TARGET_MS,
    });
  }
  return { rows, figures };
}

function cpuMs({ user, system }) {
  return (user + system) / 1000;
}

function ms(value) {
  return `${round(value, 0)} ms`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const root = join(import.meta.dirname, "..");
  const { rows } = await measureLintShapes({ root, runs: 3, log: (line) => process.stdout.write(`${line}\n`) });
  const missed = rows.filter((row) => !row.pass);
  process.stdout.write(missed.length === 0 ? "every shape under 2 s\n" : `MISSED: ${missed.map((row) => row.measure).join("; ")}\n`);
}
