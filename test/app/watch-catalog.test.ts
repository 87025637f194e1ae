/**
 * watch and `catalog sync`: a new snapshot pair renamed into place (as the sync
 * writes it, through the catalog store) re-lints, so unknown-token findings
 * appear and go without a restart.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startWatch, type WatchHandle } from "../../src/app/watch.js";
import type { LintResult } from "../../src/core/lint.js";
import { snapshotPaths } from "../../src/workspace/catalog-store.js";
import { commitSnapshot } from "../helpers/commit-snapshot.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { metaDraft } from "./catalog-emulator.js";

/** The sample repository's own snapshot, whose tokens its TRANSACTION policies list, as token lines. */
const SAMPLE_LINES = readFileSync(join(PROJECT_ROOT, "catalog", "tokens.json"), "utf8")
  .split("\n")
  .filter((line) => line.startsWith("{"))
  .map((line) => line.replace(/,$/, ""));

/** Waits, bounded, for a lint result that satisfies `predicate`. */
function results() {
  const seen: LintResult[] = [];
  let wake: (() => void) | undefined;
  return {
    push(result: LintResult) {
      seen.push(result);
      wake?.();
    },
    async until(predicate: (result: LintResult) => boolean, timeoutMs = 10_000): Promise<LintResult> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find(predicate);
        if (found) {
          seen.length = 0;
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no matching lint within ${timeoutMs} ms; last: ${JSON.stringify(seen.at(-1)?.diagnostics.map((d) => d.code))}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

const unknownTokens = (result: LintResult) => result.diagnostics.filter((d) => d.code === "unknown-token").length;

describe("watch and the token catalog snapshot", () => {
  let repo: TempRepo;
  let handle: WatchHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    repo.remove();
  });

  const watch = async (log: ReturnType<typeof results>) => {
    const errors: Error[] = [];
    handle = await startWatch({ cwd: repo.dir, onResult: (result) => log.push(result), onError: (error) => errors.push(error) });
    await handle.ready;
    return errors;
  };

  it("re-lints when catalog sync replaces the snapshot: unknown-token findings go, then come back", async () => {
    repo = makeTempRepo();
    const paths = snapshotPaths(repo.dir, "catalog");
    await commitSnapshot(paths, [], metaDraft("empty", 0));
    const log = results();
    const errors = await watch(log);
    await log.until((result) => unknownTokens(result) > 0);

    await commitSnapshot(paths, SAMPLE_LINES, metaDraft("full", SAMPLE_LINES.length));
    const fixed = await log.until((result) => unknownTokens(result) === 0);
    expect(fixed.diagnostics).toEqual([]);

    await commitSnapshot(paths, [], metaDraft("empty-again", 0));
    await log.until((result) => unknownTokens(result) > 0);
    expect(errors).toEqual([]);
  });

  it("notices the first sync, which creates the catalog folder", async () => {
    repo = makeTempRepo();
    const log = results();
    await watch(log);
    // No snapshot: unknown-token has nothing to check against.
    await log.until((result) => result.filesLinted > 0 && unknownTokens(result) === 0);

    await commitSnapshot(snapshotPaths(repo.dir, "catalog"), [], metaDraft("empty", 0));
    await log.until((result) => unknownTokens(result) > 0);
  });
});
