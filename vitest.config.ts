import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests run the built bin (as a user would); build it once, first.
    globalSetup: ["test/global-setup.ts"],
    // dt-sql-parser's ES modules import folders, which Node's loader refuses: Vite reads them instead (test/core/semantics/sql-dialects.test.ts).
    server: { deps: { inline: ["dt-sql-parser"] } },
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest keeps one core free by default, which on a 2-core runner is one test file
    // at a time; most files spend their time waiting on the CLI processes they spawn,
    // so two at a time cut the run by a quarter (docs/decisions.md, CI time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
