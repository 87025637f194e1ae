/**
 * The test run's own build (test/global-setup.ts): tests run this run's build,
 * never the checkout's dist/, and a build that fails (a type error) fails
 * `npm test` before any test runs, instead of leaving the CLI tests green on a
 * stale build.
 */
import { spawnSync } from "node:child_process";
import { appendFileSync, cpSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, BUILD_ROOT, PROJECT_ROOT, runCli } from "./helpers/run-cli.js";

describe("the build a test run uses", () => {
  it("is this run's, outside the checkout: bin/, dist/, package.json and the sample repository of its own", async () => {
    expect(BUILD_ROOT.startsWith(PROJECT_ROOT)).toBe(false);
    expect(BIN).toBe(join(BUILD_ROOT, "bin/screenpol.js"));
    for (const entry of ["bin", "dist", "package.json", "screenpol.config.yaml", "policies"]) expect(lstatSync(join(BUILD_ROOT, entry)).isSymbolicLink(), entry).toBe(false);
    expect(lstatSync(join(BUILD_ROOT, "node_modules")).isSymbolicLink()).toBe(true);
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;
    const run = await runCli(["--version"], { cwd: PROJECT_ROOT });
    expect(run.stdout.trim()).toBe(version);
  });

  it("a type error in a scratch copy of the project makes `npm test` fail, printing tsc's error, with no test run", { timeout: 180_000 }, () => {
    const scratch = mkdtempSync(join(tmpdir(), "screenpol-scratch-"));
    try {
      // The project as a fresh clone has it (node_modules linked), with one test that would pass.
      for (const entry of ["bin", "scripts", "schemas", "src", "package.json", "tsconfig.json", "tsconfig.build.json", "vitest.config.ts", "test/global-setup.ts", "test/helpers"]) {
        cpSync(join(PROJECT_ROOT, entry), join(scratch, entry), { recursive: true });
      }
      symlinkSync(join(PROJECT_ROOT, "node_modules"), join(scratch, "node_modules"), "dir");
      writeFileSync(join(scratch, "test/probe.test.ts"), 'import { it } from "vitest";\nit("PROBE-RAN", () => {});\n');
      appendFileSync(join(scratch, "src/cli/main.ts"), '\nexport const scratchTypeError: number = "not a number";\n');

      // The probe is collected (vitest lists test files without the global setup)...
      const listed = spawnSync(process.execPath, [join(scratch, "node_modules/vitest/vitest.mjs"), "list", "--filesOnly"], { cwd: scratch, encoding: "utf8", timeout: 60_000 });
      expect(listed.stdout, listed.stderr).toContain("test/probe.test.ts");
      // ...but the run fails in the global setup, before it.
      const npm = spawnSync("npm", ["test", "--", "--reporter=default"], { cwd: scratch, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1" }, timeout: 170_000 });
      const output = `${npm.stdout}${npm.stderr}`;
      expect(npm.status, output).not.toBe(0);
      expect(output).toContain("the build failed");
      expect(output).toMatch(/src\/cli\/main\.ts\(\d+,\d+\): error TS2322/);
      expect(output).not.toContain("PROBE-RAN");
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
