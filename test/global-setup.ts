/**
 * Builds exactly as `npm ci` does (scripts/build.mjs: generated validators, tsc,
 * the CLI bundle) once before the suite, so tests that spawn `bin/screenpol.js`
 * run what a user runs, never a stale build. A failed tsc does not stop the unit
 * tests: the errors are printed, and the tests that run the bin fail on their own.
 */
import { join } from "node:path";

export default async function setup(): Promise<void> {
  // @ts-expect-error: a plain ESM script without types
  const { buildAll } = await import("../scripts/build.mjs");
  try {
    await buildAll({ quiet: true });
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? (error as Error).message);
    process.stderr.write(`\nglobal setup: building dist/ failed (${join(import.meta.dirname, "../scripts/build.mjs")}); tests that run bin/screenpol.js will fail:\n${output}\n`);
  }
}
