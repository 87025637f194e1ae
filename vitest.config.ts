import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests run the built bin (as a user would); build it once, first.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
