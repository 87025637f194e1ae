/**
 * Canonical YAML rendering benchmark (docs/decisions.md, "Plan and canonical
 * form: libraries where they do the job"):
 *
 *     node bench/canonical-render.js [--policies 200] [--rounds 15]
 *
 * Needs a build (dist/). Renders `policies` canonical policies (the four sample
 * sandbox policies, each copy with its own rule descriptions) two ways, side by
 * side, `rounds` interleaved rounds, order alternated each round:
 *   library  renderCanonicalYaml from dist/core/canonical.js (the `yaml` Document API)
 *   by hand  bench/hand-yaml-emitter.js (the hand emitter it replaced, frozen)
 * and checks that both wrote the same bytes. Reported: median time per batch,
 * per policy, and the ratio library / by hand (within each round, median over
 * rounds). What it costs in a plan: a changed policy is rendered twice (live
 * and local), an unchanged one not at all.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { renderYamlByHand } from "./hand-yaml-emitter.js";
import { median, round } from "./lib.js";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const SAMPLES = ["vendorAWalletScreening/SIGN_IN", "vendorAWalletScreening/TRANSACTION", "vendorBAddressScreening/SIGN_IN", "vendorBAddressScreening/TRANSACTION"];

export async function measureCanonicalRender({ root = ROOT, policies = 200, rounds = 15, log = () => undefined } = {}) {
  const load = (path) => import(pathToFileURL(join(root, "dist", path)).href);
  const { canonicalPolicy, renderCanonicalYaml } = await load("core/canonical.js");
  const { parseYaml } = await load("core/document.js");
  const samples = SAMPLES.map((name) => parseYaml(readFileSync(join(root, "policies", "sandbox", `${name}.yaml`), "utf8")).document.data);
  const batch = Array.from({ length: policies }, (_, index) => {
    const data = structuredClone(samples[index % samples.length]);
    for (const rule of data.rules.postScreen) rule.description = `${rule.description ?? "rule"} (copy ${index})`;
    return canonicalPolicy(data);
  });
  const engines = { library: (data) => renderCanonicalYaml(data), byHand: (data) => renderYamlByHand(data, {}) };
  for (const data of batch) {
    if (engines.library(data) !== engines.byHand(data)) throw new Error("the library and the hand emitter wrote different bytes");
  }
  const timeBatch = (render) => {
    const start = performance.now();
    let bytes = 0;
    for (const data of batch) bytes += render(data).length;
    return { ms: performance.now() - start, bytes };
  };
  // Warm both (JIT), then measure.
  for (let index = 0; index < 3; index++) for (const render of Object.values(engines)) timeBatch(render);
  const times = { library: [], byHand: [] };
  const ratios = [];
  for (let index = 0; index < rounds; index++) {
    const order = index % 2 === 0 ? ["library", "byHand"] : ["byHand", "library"];
    const round_ = {};
    for (const name of order) round_[name] = timeBatch(engines[name]).ms;
    times.library.push(round_.library);
    times.byHand.push(round_.byHand);
    ratios.push(round_.library / round_.byHand);
  }
  const library = median(times.library);
  const byHand = median(times.byHand);
  const ratio = median(ratios);
  log(`  ${policies} policies, ${rounds} rounds: library (yaml Document API) ${round(library, 1)} ms, by hand ${round(byHand, 1)} ms; ratio ${round(ratio, 1)}x; same bytes`);
  return {
    policies,
    rounds,
    libraryMs: library,
    byHandMs: byHand,
    ratio,
    rows: [
      {
        measure: `canonical YAML of ${policies} policies: yaml Document API vs hand emitter`,
        value: `${round(library, 1)} ms vs ${round(byHand, 1)} ms (${round((library / policies) * 1000, 0)} vs ${round((byHand / policies) * 1000, 0)} µs a policy), ${round(ratio, 1)}x`,
        target: "report",
        pass: undefined,
      },
    ],
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const option = (name, fallback) => {
    const index = argv.indexOf(`--${name}`);
    return index >= 0 && argv[index + 1] !== undefined ? Number(argv[index + 1]) : fallback;
  };
  const result = await measureCanonicalRender({ policies: option("policies", 200), rounds: option("rounds", 15), log: (line) => process.stdout.write(`${line}\n`) });
  for (const row of result.rows) process.stdout.write(`${row.measure}  ${row.value}\n`);
}
