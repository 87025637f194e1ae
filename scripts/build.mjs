#!/usr/bin/env node
// The build, as `prepare` runs it after `npm ci`:
//  1. generate the schema module and the precompiled validators (generate.mjs);
//  2. tsc: dist/ for the library (`import { lint } from "screenpol"`) and its types;
//  3. esbuild: the CLI bundled into dist/bin/, split at each command's lazy import,
//     and the lint worker thread as a second entry (dist/bin/lint-worker.js).
// The bundle exists for start-up time: `screenpol lint` runs on every commit, and
// resolving and reading ~100 small module files cost more than linting a file.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export async function buildAll({ quiet = false } = {}) {
  const stdio = quiet ? "pipe" : "inherit";
  execFileSync(process.execPath, [join(root, "scripts/generate.mjs")], { cwd: root, stdio });
  execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio });
  rmSync(join(root, "dist/bin"), { recursive: true, force: true });
  await build({
    // The lint worker is an entry of its own, beside the chunks it shares with main.js:
    // app/lint-parallel.ts starts it as new URL("./lint-worker.js", import.meta.url).
    entryPoints: [
      { in: join(root, "src/cli/main.ts"), out: "main" },
      { in: join(root, "src/app/lint-worker.ts"), out: "lint-worker" },
    ],
    outdir: join(root, "dist/bin"),
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: quiet ? "error" : "warning",
    // CommonJS dependencies (yaml, ajv's runtime) call require(); give ESM chunks one.
    banner: { js: 'import { createRequire as __screenpolRequire } from "node:module"; const require = __screenpolRequire(import.meta.url);' },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildAll();
}
