import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWatch, type WatchHandle } from "../../src/app/watch.js";
import type { LintResult } from "../../src/core/lint.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";

/** Collects results; `next(predicate)` waits (bounded) for one that matches. */
function resultLog() {
  const results: Array<{ result: LintResult; changed: readonly string[] }> = [];
  const waiters: Array<() => void> = [];
  return {
    push(result: LintResult, changed: readonly string[]) {
      results.push({ result, changed });
      waiters.splice(0).forEach((wake) => wake());
    },
    async next(predicate: (result: LintResult) => boolean, timeoutMs = 5_000): Promise<LintResult> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = results.find((entry) => predicate(entry.result));
        if (found) {
          results.splice(0, results.indexOf(found) + 1);
          return found.result;
        }
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no matching lint result within ${timeoutMs} ms; last: ${JSON.stringify(results.at(-1)?.result.diagnostics.map((d) => d.code))}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
  };
}

const codesOf = (result: LintResult) => result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`);

describe("watch", () => {
  let repo: TempRepo;
  let handle: WatchHandle;
  let log: ReturnType<typeof resultLog>;
  let good: string;
  const errors: Error[] = [];

  beforeEach(async () => {
    repo = makeTempRepo();
    good = readFileSync(join(repo.dir, POLICY), "utf8");
    log = resultLog();
    handle = await startWatch({ cwd: repo.dir, onResult: (result, changed) => log.push(result, changed), onError: (error) => errors.push(error) });
    await handle.ready;
    await log.next((result) => result.filesLinted === 15 && result.diagnostics.length === 0);
  });
  afterEach(async () => {
    await handle.close();
    repo.remove();
    expect(errors).toEqual([]);
  });

  it("re-lints a saved file and redraws when it is fixed", async () => {
    writeFileSync(join(repo.dir, POLICY), good.replace("schemaVersion: 2", "schemaVersion: 3"));
    const broken = await log.next((result) => result.diagnostics.length > 0);
    expect(codesOf(broken)).toContain(`${POLICY}:${good.split("\n").findIndex((line) => line.startsWith("schemaVersion")) + 1} unknown-schema-version`);
    writeFileSync(join(repo.dir, POLICY), good);
    await log.next((result) => result.diagnostics.length === 0);
  });

  it("survives a half-written save, then the complete one", async () => {
    writeFileSync(join(repo.dir, POLICY), good.slice(0, good.indexOf("postScreen") + 14));
    const half = await log.next((result) => result.diagnostics.length > 0);
    expect(half.diagnostics.every((d) => d.file === POLICY)).toBe(true);
    writeFileSync(join(repo.dir, POLICY), good);
    await log.next((result) => result.diagnostics.length === 0);
  });

  it("forgets a deleted file and picks up a renamed one", async () => {
    rmSync(join(repo.dir, POLICY));
    await log.next((result) => result.filesLinted === 14);
    writeFileSync(join(repo.dir, POLICY), good);
    await log.next((result) => result.filesLinted === 15 && result.diagnostics.length === 0);
    const renamed = POLICY.replace("SIGN_IN", "SIGNIN");
    renameSync(join(repo.dir, POLICY), join(repo.dir, renamed));
    const after = await log.next((result) => result.filesLinted === 15 && result.diagnostics.some((d) => d.code === "path-mismatch"));
    expect(after.filesLinted).toBe(15);
    expect(after.diagnostics.map((d) => d.file)).toEqual([renamed]);
  });

  it("handles an editor's atomic save (write a temporary file, rename it over)", async () => {
    const temporary = join(repo.dir, "policies/sandbox/vendorAWalletScreening/.SIGN_IN.yaml.swp");
    writeFileSync(temporary, good.replace("enabled: true", "enabled: maybe"));
    renameSync(temporary, join(repo.dir, POLICY));
    const broken = await log.next((result) => result.diagnostics.length > 0);
    expect(broken.diagnostics.map((d) => `${d.file} ${d.code}`)).toEqual([`${POLICY} schema`]);
    writeFileSync(temporary, good);
    renameSync(temporary, join(repo.dir, POLICY));
    await log.next((result) => result.diagnostics.length === 0);
  });
});
