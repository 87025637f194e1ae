import { join } from "node:path";

/**
 * The checkout: sources, sample policies, docs, fixtures. Never its dist/ or bin/
 * (run-cli.ts, BUILD_ROOT). Its own file so that a test that runs in-process can
 * find fixtures without importing run-cli.ts, which needs the run's build: the
 * mutation run (vitest.mutation.config.ts) has none.
 */
export const PROJECT_ROOT = join(import.meta.dirname, "../..");
