/**
 * A process that compared exits once it closes the solver, with exit code 0
 * (docs/decisions.md,
 * "The weakening check: z3 over a finite screening space"). z3-solver
 * documents that its Emscripten worker threads keep a process alive; with
 * 5.2.0 on Node 20.20 a process here exits even without `killThreads`
 * (checked by hand), so this test holds that closing works and nothing is
 * left running, not that closing is required. Runs the build's
 * dist/app/weakening.js in a child process, as a command would.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BUILD_ROOT } from "../helpers/run-cli.js";

describe("closing the solver", () => {
  it("lets the process exit on its own after a comparison", () => {
    const module = pathToFileURL(join(BUILD_ROOT, "dist/app/weakening.js")).href;
    const solverModule = pathToFileURL(join(BUILD_ROOT, "dist/app/solver.js")).href;
    const subject = `{ providerType: "vendorAWalletScreening", scope: "SIGN_IN", policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen: [{ id: "b", when: { riskScore: { gte: 7 } }, action: "BLOCK" }] } } }`;
    const script = `const { compareSubjects } = await import(${JSON.stringify(module)});
const { closeSolver } = await import(${JSON.stringify(solverModule)});
const result = await compareSubjects(${subject}, { providerType: "vendorAWalletScreening", scope: "SIGN_IN" }, { now: 0 });
console.log(result.verdict);
await closeSolver();`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", timeout: 30_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe("removed");
    expect(run.status).toBe(0);
  });
});
