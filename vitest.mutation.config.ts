import { defineConfig } from "vitest/config";

/**
 * The tests Stryker runs against each mutant (stryker.config.json, docs/testing.md).
 * Only tests that import the sources in-process: a mutant lives in Stryker's copy of
 * src/ and never reaches a spawned CLI, which runs the run's build. So no global
 * setup either (vitest.config.ts builds the package once per run, and Stryker starts
 * vitest once per worker). A test that imports test/helpers/run-cli.ts cannot load
 * here ("no build of this run"): take fixtures' paths from test/helpers/project-root.ts.
 */
export default defineConfig({
  test: {
    include: [
      "test/core/**/*.test.ts",
      // The weakening guard (src/app/weakening.ts) and the reachability it reports, in-process with z3.
      "test/app/weakening-cases.test.ts",
      "test/app/weakening-completeness.test.ts",
      "test/app/weakening-soundness.test.ts",
      "test/app/reachability-cases.test.ts",
      "test/app/reachability-oracle.test.ts",
    ],
    // A mutant may make a test slow (a loop bound mutated); Stryker's own timeout decides that. This one only has
    // to outlast a loaded two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
  // As vitest.config.ts: dt-sql-parser's ES modules import folders, which Node's loader refuses.
  server: { deps: { inline: ["dt-sql-parser"] } },
});
