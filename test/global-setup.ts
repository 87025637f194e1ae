/**
 * Generates the precompiled validators and builds dist/ once before the suite,
 * so tests that spawn `bin/screenpol.js` run what a user runs after `npm ci`,
 * never a stale build. A failed build does not stop the unit tests: the type
 * errors are printed, and the tests that run the bin fail on their own.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export default function setup(): void {
  const root = join(import.meta.dirname, "..");
  execFileSync(process.execPath, [join(root, "scripts/generate.mjs")], { cwd: root, stdio: "inherit" });
  try {
    execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "pipe" });
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? "");
    process.stderr.write(`\nglobal setup: building dist/ failed; tests that run bin/screenpol.js will fail:\n${output}\n`);
  }
}
