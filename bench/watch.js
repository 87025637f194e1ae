/**
 * Watch-mode re-lint latency: startWatch (dist/app/watch.js) on a small copy of
 * the corpus; each save is a synchronous writeFile of a changed policy (enabled
 * flipped, a comment updated), timed from just before the write to the onResult
 * callback that names the file. Used by bench/run.js.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { envName } from "./corpus.js";
import { sleep } from "./lib.js";

/**
 * @param root      repository root (for dist/)
 * @param corpusDir the generated corpus
 * @param envs      environments copied (4 policies each)
 * @param saves     timed saves (after `warmup` untimed ones)
 * @param timeoutMs per save: a save without a result by then counts as a timeout
 * @param deadline  performance.now() after which no new save starts
 */
export async function measureWatch({ root, corpusDir, envs = 5, saves = 60, warmup = 3, pauseMs = 25, timeoutMs = 2_000, deadline }) {
  const { startWatch } = await import(pathToFileURL(join(root, "dist", "app", "watch.js")).href);
  const repo = mkdtempSync(join(tmpdir(), "screenpol-bench-watch-"));
  const files = [];
  const config = ["environments:"];
  const corpusConfig = readFileSync(join(corpusDir, "screenpol.config.yaml"), "utf8");
  for (let e = 0; e < envs; e++) {
    const env = envName(e);
    cpSync(join(corpusDir, "policies", env), join(repo, "policies", env), { recursive: true });
    const block = corpusConfig.match(new RegExp(`^  ${env}:\\n(    .*\\n)+`, "m"));
    config.push(block[0].trimEnd());
    for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"]) {
      for (const scope of ["SIGN_IN", "TRANSACTION"]) files.push(`policies/${env}/${vendor}/${scope}.yaml`);
    }
  }
  writeFileSync(join(repo, "screenpol.config.yaml"), `${config.join("\n")}\n`);
  const originals = new Map(files.map((file) => [file, readFileSync(join(repo, file), "utf8")]));

  let waiting;
  let results = 0;
  let lastDiagnostics = 0;
  const errors = [];
  const handle = await startWatch({
    cwd: repo,
    onResult(result, changed) {
      const now = performance.now();
      results++;
      lastDiagnostics = result.diagnostics.length;
      if (waiting && changed.includes(waiting.file)) {
        const done = waiting;
        waiting = undefined;
        done.resolve({ ms: now - done.start, diagnostics: result.diagnostics.length });
      }
    },
    onError(error) {
      errors.push(error.message);
    },
  });
  const initialDiagnostics = lastDiagnostics;
  const latencies = [];
  let timeouts = 0;
  let dirty = 0;
  try {
    await handle.ready;
    // chokidar's inotify watches are set up; give it a moment before the first save.
    await sleep(100);
    for (let i = 0; i < warmup + saves && performance.now() < deadline; i++) {
      const file = files[i % files.length];
      const flip = Math.floor(i / files.length) % 2 === 0;
      const text = originals
        .get(file)
        .replace(/^enabled: (true|false)$/m, (_, value) => `enabled: ${flip ? value === "true" ? "false" : "true" : value}`)
        .replace(/^providerType:/m, `# bench save ${i}\nproviderType:`);
      let timer;
      const outcome = new Promise((resolve) => {
        waiting = { file, resolve, start: 0 };
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      waiting.start = performance.now();
      writeFileSync(join(repo, file), text);
      const result = await outcome;
      clearTimeout(timer);
      if (!result) {
        waiting = undefined;
        timeouts++;
      } else if (i >= warmup) {
        latencies.push(result.ms);
        if (result.diagnostics > 0) dirty++;
      }
      await sleep(pauseMs);
    }
  } finally {
    await handle.close();
    rmSync(repo, { recursive: true, force: true });
  }
  return { files: files.length, latencies, timeouts, results, initialDiagnostics, dirty, errors };
}
