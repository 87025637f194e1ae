#!/usr/bin/env node
// The build, as `npm run build` runs it, and as npm runs it after `npm ci` (or `npm install`) in a checkout:
//  1. generate the schema module and the precompiled validators (generate.mjs);
//  2. tsc: dist/ for the library (`import { lint } from "screenpol"`) and its types;
//  3. esbuild: the CLI bundled into one CommonJS file, dist/bin/main.cjs, which
//     bin/screenpol.js compiles with a V8 code cache, and the lint worker thread
//     as an ES module of its own (dist/bin/lint-worker.js).
// The bundle exists for start-up time: `screenpol lint` runs on every commit, and
// resolving and reading ~100 small module files cost more than linting a file;
// compiling the bundle's code cost most of the rest, which the code cache saves
// (bin/screenpol.js, docs/decisions.md "Issue 14: start-up").
//
// npm runs it as `postprepare` after `npm ci` and `npm install` in a checkout; `npm pack` runs
// no script of ours (`prepare` would, printing its banner on the
// standard output where pre-commit 3.x reads the packed file's name). A release never builds
// on install: its tag carries dist/ built and no build script (scripts/tag-release.mjs).
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Builds into `outDir` (default dist/: what `npm ci` and `npm run build` make).
 * The test setup passes a fresh folder of its own, so that a test run never
 * writes where another run (or a user) reads. The build goes to a folder beside
 * `outDir` first and replaces `outDir` by renames (see {@link replaceFolder}),
 * so two builds at once each write only their own files and `outDir` is always
 * one whole build. Throws when a step fails, leaving `outDir` as it was, with
 * the step's output in the message when `quiet` kept it off the terminal: tsc
 * still emits on a type error, so only the exit code tells a good build from a
 * bad one.
 */
export async function buildAll({ quiet = false, outDir = join(root, "dist") } = {}) {
  // `*.tmp` is in .gitignore: a build killed half-way leaves the checkout clean.
  const staging = `${outDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  try {
    await buildInto(staging, quiet);
    replaceFolder(staging, outDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function buildInto(outDir, quiet) {
  const { build } = await import("esbuild");
  const step = (name, args) => {
    try {
      execFileSync(process.execPath, args, { cwd: root, stdio: quiet ? "pipe" : "inherit" });
    } catch (error) {
      const output = [error.stdout, error.stderr].filter(Boolean).join("").trim();
      throw new Error(`build: ${name} failed${output ? `:\n${output}` : ` (${error.message})`}`, { cause: error });
    }
  };
  step("generate.mjs", [join(root, "scripts/generate.mjs")]);
  step("tsc", [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", outDir]);
  // The CLI is one CommonJS file, so that bin/screenpol.js can compile it with a
  // V8 code cache (a vm.Script's cachedData: Node 20 has no code cache for ES
  // modules). `import.meta.url` becomes the bundle's own URL: the paths made from
  // it (../../package.json, ./lint-worker.js) are relative to dist/bin/ either way.
  await build({
    entryPoints: [join(root, "src/cli/main.ts")],
    outfile: join(outDir, "bin", "main.cjs"),
    bundle: true,
    // z3-solver loads its .wasm beside its own files, and only `compare`, `plan` and `push` import it (app/weakening.ts);
    // @napi-rs/keyring loads a native addon of the platform's package. jose, oauth4webapi and open serve only
    // sign-in (and the emulator's): bundled, their 150 KB cost every `screenpol lint` 10 ms (3%) of start-up
    // (BENCHMARKS.md); outside, Node 20.19+ requires them (ES modules) when a command first needs them.
    // @duckdb/node-api loads its native bindings' platform package, and only `replay --engine duckdb` needs it.
    // vscode-languageserver and its text documents serve only `screenpol lsp` (src/lsp/), required when it starts.
    external: ["z3-solver", "@napi-rs/keyring", "jose", "oauth4webapi", "open", "@duckdb/node-api", "vscode-languageserver", "vscode-languageserver-textdocument"],
    format: "cjs",
    // No import() left in the bundle (the external z3-solver's becomes a require): V8 code caches do not keep a
    // script's dynamic-import callback on Node 20, so an import() compiled from a cache would throw.
    supported: { "dynamic-import": false },
    platform: "node",
    target: "node20",
    logLevel: quiet ? "error" : "warning",
    define: { "import.meta.url": "__screenpolBundleUrl" },
    // Smaller to read at every start; names are kept, so stack traces (SCREENPOL_DEBUG) still say where.
    minifyWhitespace: true,
    minifySyntax: true,
    // ASCII only (esbuild's default, said here because bin/screenpol.js reads the file as latin1, which needs no
    // decoding); the dependencies' licence comments, which are not ASCII, go to main.cjs.LEGAL.txt beside it.
    charset: "ascii",
    legalComments: "external",
    banner: { js: 'const __screenpolBundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  const bundlePath = join(outDir, "bin", "main.cjs");
  const nonAscii = readFileSync(bundlePath).findIndex((byte) => byte > 0x7f);
  if (nonAscii !== -1) throw new Error(`build: dist/bin/main.cjs has a non-ASCII byte at offset ${nonAscii}; bin/screenpol.js reads it as latin1`);
  // The lint worker thread: an ES module of its own (app/lint-parallel.ts starts
  // it as new URL("./lint-worker.js", import.meta.url)).
  await build({
    entryPoints: [join(root, "src/app/lint-worker.ts")],
    outfile: join(outDir, "bin", "lint-worker.js"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: quiet ? "error" : "warning",
    // CommonJS dependencies (yaml, ajv's runtime) call require(); give the ES module one.
    banner: { js: 'import { createRequire as __screenpolRequire } from "node:module"; const require = __screenpolRequire(import.meta.url);' },
  });
}

/**
 * Puts the folder `staged` in the place of `target`. POSIX renames a folder only
 * onto a missing or empty one, so the old `target` moves aside first; when
 * another build put its own `target` there in between, that one moves aside too
 * and the rename is tried again. Readers may find `target` missing for the
 * instant between two renames, never half-written.
 */
function replaceFolder(staged, target) {
  const aside = [];
  try {
    for (;;) {
      const old = `${target}.${process.pid}-${aside.length}.old.tmp`;
      try {
        renameSync(target, old);
        aside.push(old);
      } catch (error) {
        if (error.code !== "ENOENT") throw error;
      }
      try {
        renameSync(staged, target);
        return;
      } catch (error) {
        if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
      }
    }
  } finally {
    for (const old of aside) rmSync(old, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildAll();
