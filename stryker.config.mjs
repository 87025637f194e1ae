// Mutation testing (docs/testing.md): `npm run mutation`, or for a quick rerun of some
// files `npm run mutation -- --mutate src/core/suppressions.ts`.
/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  packageManager: "npm",
  testRunner: "vitest",
  vitest: {
    // In-process tests only: a mutant never reaches a spawned CLI (vitest.mutation.config.ts).
    configFile: "vitest.mutation.config.ts",
    related: true,
  },
  // Each mutant runs only the tests that reached it in the dry run.
  coverageAnalysis: "perTest",
  // Where a silent breakage costs most and the tests run in-process (docs/testing.md, "Scope").
  mutate: [
    "src/core/semantics/**/*.ts",
    "src/core/suppressions.ts",
    "src/core/checks/**/*.ts",
    "src/core/fmt/**/*.ts",
    "src/core/lint-fixes.ts",
    // The weakening guard (the engine order, remembering, enumeration) and the plan's weakening record.
    "src/app/weakening.ts",
    "src/app/verify.ts",
    "src/core/plan/weakening.ts",
  ],
  // CI runners and the team's machines have two cores: one vitest worker per core at most.
  concurrency: 2,
  // A rerun retests only the mutants of changed code and of code whose tests changed.
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false },
  tempDirName: ".stryker-tmp",
  // Stryker would prepend `// @ts-nocheck` to every source file of the sandbox; vitest does not type-check, and
  // test/core/schemas.test.ts compares src/core/generated/ byte for byte with what the schemas generate.
  disableTypeChecks: false,
  // The dry run includes the z3 tests of the weakening guard (minutes on a loaded 2-core machine).
  dryRunTimeoutMinutes: 20,
  // The sandbox copies the checkout; the build and caches are not needed by in-process tests.
  ignorePatterns: ["dist", "coverage", "bench/.corpus", ".scratch", ".screenpol-cache*"],
  // docs/testing.md: at least 85% killed in core/semantics and core/suppressions.ts.
  thresholds: { high: 90, low: 85, break: null },
};
