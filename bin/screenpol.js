#!/usr/bin/env node
// Starts the CLI bundle, dist/bin/main.cjs, with a V8 code cache.
//
// `screenpol lint` runs on every commit, and compiling the bundle's JavaScript
// was the largest part of its start-up. V8 can save the code it compiled and
// load it back in a later run; Node 22 does that for modules
// (module.enableCompileCache), Node 20 only for a vm.Script. So the bundle is
// one CommonJS file run here through vm.Script with `cachedData`, one cache per
// command (what `lint` compiles is not what `plan` compiles), made after the
// command's first run and kept in the user's own cache folder. V8 checks the
// cache against its version, its flags and the source, and compiles normally
// when it does not fit (an upgrade, a rebuild). Nothing about the cache can
// fail a command: a folder that cannot be written, a file that cannot be read,
// all mean a run without it. SCREENPOL_CODE_CACHE=off turns it off; =debug says
// on stderr what it did (never under SCREENPOL_DEBUG, whose lines tests read).
//
// `screenpol --version` (alone) is answered here, from package.json, before the
// bundle, commander or anything else loads: a version check is a start-up and
// nothing more. Node's built-in modules are taken with process.getBuiltinModule
// (Node 20.16+) rather than imported: an ES module's import of a built-in makes
// a module facade for it, a cost every command paid before its first line ran.
const { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync, fstatSync } = process.getBuiltinModule("node:fs");
const { createRequire } = process.getBuiltinModule("node:module");
const { dirname, join } = process.getBuiltinModule("node:path");
const { fileURLToPath } = process.getBuiltinModule("node:url");

const args = process.argv.slice(2);
const bundle = fileURLToPath(new URL("../dist/bin/main.cjs", import.meta.url));
// An installation without its build says so, whatever the command (readBundle); package.json unreadable, the bundle answers.
const version = args.length === 1 && (args[0] === "--version" || args[0] === "-v") && existsSync(bundle) ? packageVersion() : undefined;
if (version !== undefined) process.stdout.write(`${version}\n`);
else await runBundle();

async function runBundle() {
  // The last resort, for this process only (tests run main in-process without it): an error thrown outside every
  // call the CLI awaits (a library's timer or finalizer; z3's WebAssembly aborting when it runs out of memory) is
  // one line and EX_SOFTWARE (70: nothing was reported), never a stack trace; SCREENPOL_DEBUG=1 adds the stack.
  process.on("uncaughtException", (error) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`screenpol: internal error: ${message.split("\n")[0]} (set SCREENPOL_DEBUG=1 for details, and please report it)\n`);
    if (process.env.SCREENPOL_DEBUG && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
    process.exit(70);
  });
  // Before any compilation: V8 refuses a cache made under other flags (cli/main.ts says why this flag).
  process.getBuiltinModule("node:v8").setFlagsFromString("--liftoff-only");
  const { Script } = process.getBuiltinModule("node:vm");

  // esbuild writes it in ASCII (scripts/build.mjs): read as latin1, the same text without a UTF-8 decoding pass.
  const source = readBundle(bundle);
  const cacheFile = process.env.SCREENPOL_CODE_CACHE === "off" ? undefined : await codeCacheFile(bundle, args[0]);
  const cachedData = cacheFile === undefined ? undefined : readOwnFile(cacheFile);

  // The same wrapper CommonJS gives a module: exports, require, module, __filename, __dirname.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundle,
    cachedData,
    // No importModuleDynamically: the bundle has no import() (scripts/build.mjs), which from a cached script fails on Node 20.
  });
  const cli = { exports: {} };
  script.runInThisContext()(cli.exports, createRequire(bundle), cli, bundle, dirname(bundle));
  process.exitCode = await cli.exports.main(args);

  if (cacheFile !== undefined) {
    if (cachedData !== undefined && !script.cachedDataRejected) debug(`used ${cacheFile}`);
    else saveCodeCache(cacheFile, script.createCachedData(), cachedData === undefined ? "written" : "rejected, written again");
  }
}

function debug(line) {
  if (process.env.SCREENPOL_CODE_CACHE === "debug") process.stderr.write(`screenpol: code cache: ${line}\n`);
}

/**
 * package.json's `version`, the one the build wrote into the bundle
 * (scripts/generate.mjs, core/generated/release.ts); undefined when it cannot be read.
 */
function packageVersion() {
  try {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    return typeof version === "string" && version !== "" ? version : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The bundle's text. A checkout never built, or a package installed by a route that
 * skipped the build (a Git-URL install whose npm ran no lifecycle script), has no
 * dist/: that is said in one line with exit 2 (toolkit.md, "Exit codes": a
 * configuration error), where a stack trace would reach every commit's hook output.
 */
function readBundle(path) {
  try {
    return readFileSync(path, "latin1");
  } catch (error) {
    process.stderr.write(
      error.code === "ENOENT"
        ? "screenpol: this installation has no build (dist/ is missing): reinstall screenpol, or run npm run build in its folder\n"
        : `screenpol: cannot read its build, ${path}: ${error.message}\n`,
    );
    process.exit(2);
  }
}

/**
 * `<user cache folder>/screenpol/v8/<command>.<identity>.bin`: the identity
 * names this Node and this bundle, so that another version never finds it. The
 * folder must be the user's own and closed to others (0700): a code cache is
 * code this process runs.
 */
async function codeCacheFile(bundlePath, command) {
  try {
    const { default: envPaths } = await import("env-paths");
    const folder = join(envPaths("screenpol", { suffix: "" }).cache, "v8");
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (!ownedAndClosed(statSync(folder))) {
      debug(`not used: ${folder} is not this user's alone`);
      return undefined;
    }
    const { size, mtimeMs } = statSync(bundlePath);
    const name = /^[a-z][a-z-]{0,30}$/.test(command ?? "") ? command : "other";
    return join(folder, `${name}.${process.versions.v8}-${size}-${Math.trunc(mtimeMs)}.bin`);
  } catch (error) {
    debug(`not used: ${error.message}`);
    return undefined;
  }
}

function readOwnFile(path) {
  let fd;
  try {
    fd = openSync(path, "r");
    if (!ownedAndClosed(fstatSync(fd))) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Owned by this user, writable by no one else (always true where there are no POSIX owners). */
function ownedAndClosed(stats) {
  return typeof process.getuid !== "function" || (stats.uid === process.getuid() && (stats.mode & 0o022) === 0);
}

/** Whole or not at all (a temporary file renamed into place), replacing this command's caches of other versions. */
function saveCodeCache(path, data, what) {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, "wx", 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    const folder = dirname(path);
    const command = path.slice(folder.length + 1).split(".")[0];
    for (const entry of readdirSync(folder)) {
      if (entry.startsWith(`${command}.`) && join(folder, entry) !== path && !entry.endsWith(".tmp")) rmSync(join(folder, entry), { force: true });
    }
    debug(`${what} ${path}`);
  } catch (error) {
    rmSync(temporary, { force: true });
    debug(`not written: ${error.message}`);
  }
}
