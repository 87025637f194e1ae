/**
 * No unused files, dependencies or exports, nor a stale line in knip.jsonc:
 * knip over the checkout, as `npm run knip` runs it. Its findings are the
 * failure message; knip.jsonc says what it counts as used and why.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "./helpers/run-cli.js";

const KNIP = join(PROJECT_ROOT, "node_modules/knip/bin/knip.js");
/** About 5 s alone on 2 cores; the rest is room for a loaded machine. */
const TIMEOUT_MS = 120_000;

describe("unused code", () => {
  it(
    "knip finds nothing",
    () => {
      const run = spawnSync(process.execPath, [KNIP, "--no-progress"], {
        cwd: PROJECT_ROOT,
        encoding: "utf8",
        timeout: TIMEOUT_MS,
        env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined },
      });
      expect(run.error).toBeUndefined();
      expect(run.stderr, "knip's errors, and its hints on knip.jsonc").toBe("");
      expect(run.stdout, "knip's findings (npm run knip; knip.jsonc says what counts as used)").toBe("");
      expect(run.status).toBe(0);
    },
    TIMEOUT_MS + 5_000,
  );
});
