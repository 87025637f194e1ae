/**
 * Builds dist/ once before the suite, so tests that spawn `bin/screenpol.js`
 * run what a user runs after `npm ci`, never a stale build.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";

export default function setup(): void {
  const root = join(import.meta.dirname, "..");
  execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], { cwd: root, stdio: "inherit" });
}
