/**
 * watch when files that are not what they seem appear while it runs
 * (docs/decisions.md): a FIFO, a link loop, a policy swapped for a link out of
 * the repository, a link to a folder outside. Each is a read-error naming the
 * path, or not watched at all; the session never blocks on one. Waits are
 * bounded, so a hang fails the test.
 */
import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWatch, type WatchHandle } from "../../src/app/watch.js";
import type { LintResult } from "../../src/core/lint.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const FOLDER = "policies/sandbox/vendorAWalletScreening";
const POLICY = `${FOLDER}/SIGN_IN.yaml`;
const MARKER = "OUTSIDE_MARKER_41d0";
const WAIT_MS = 10_000;
const TEST_MS = 40_000;

/** Every result, and a bounded wait for one that matches. */
function resultLog() {
  const results: LintResult[] = [];
  let seen = 0;
  return {
    all: results,
    push(result: LintResult) {
      results.push(result);
    },
    async next(predicate: (result: LintResult) => boolean): Promise<LintResult> {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        const index = results.findIndex((result, at) => at >= seen && predicate(result));
        if (index !== -1) {
          seen = index + 1;
          return results[index]!;
        }
        if (Date.now() > deadline) throw new Error(`no matching lint result within ${WAIT_MS} ms; last: ${JSON.stringify(results.at(-1)?.diagnostics.map((d) => `${d.file} ${d.code}`))}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

const lines = (result: LintResult): string[] => result.diagnostics.map((d) => `${d.file} ${d.code} ${d.message}`);

describe("watch: files that are not what they seem", () => {
  let repo: TempRepo;
  let outside: string;
  let handle: WatchHandle | undefined;
  let log: ReturnType<typeof resultLog>;
  const fifos: string[] = [];
  const errors: Error[] = [];

  beforeEach(async () => {
    repo = makeTempRepo();
    outside = mkdtempSync(join(tmpdir(), "screenpol-outside-"));
    writeFileSync(join(outside, "secret.yaml"), `${MARKER}: hunter2\n`);
    log = resultLog();
    errors.length = 0;
    handle = await startWatch({ cwd: repo.dir, onResult: (result) => log.push(result), onError: (error) => errors.push(error) });
    await handle.ready;
    await log.next((result) => result.filesLinted === 15 && result.diagnostics.length === 0);
  });
  afterEach(async () => {
    // A reader blocked in open(2) on a FIFO (the bug this guards against) is released by a writer, so close can finish.
    for (const fifo of fifos.splice(0)) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
      } catch {
        // No reader waiting: nothing to release.
      }
    }
    await handle?.close();
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
    expect(errors).toEqual([]);
  });

  it("a FIFO appearing while watching (beside a link loop) is a read-error, and the watch goes on", async () => {
    const fifo = join(repo.dir, FOLDER, "pipe.yaml");
    fifos.push(fifo);
    execFileSync("mkfifo", [fifo]);
    symlinkSync("loop.yaml", join(repo.dir, FOLDER, "loop.yaml"));
    // chokidar reports no event for a link it cannot stat (the loop); the next full lint does (test/cli).
    const found = await log.next((result) => result.diagnostics.some((d) => d.file === `${FOLDER}/pipe.yaml`));
    expect(lines(found)).toContain(`${FOLDER}/pipe.yaml read-error is a named pipe (FIFO), not a regular file; not read`);
    expect(found.diagnostics.every((d) => d.code === "read-error")).toBe(true);
    const good = readFileSync(join(repo.dir, POLICY), "utf8");
    writeFileSync(join(repo.dir, POLICY), good.replace("enabled: true", "enabled: maybe"));
    const next = await log.next((result) => result.diagnostics.some((d) => d.file === POLICY));
    expect(next.diagnostics.map((d) => `${d.file} ${d.code}`)).toContain(`${POLICY} schema`);
  }, TEST_MS);

  it("a policy swapped for a link out of the repository is a read-error naming it; the target's content never shows", async () => {
    rmSync(join(repo.dir, POLICY));
    symlinkSync(join(outside, "secret.yaml"), join(repo.dir, POLICY));
    const swapped = await log.next((result) => result.diagnostics.some((d) => d.file === POLICY));
    expect(lines(swapped)).toEqual([`${POLICY} read-error leads outside the repository through a symbolic link; not read`]);
    // The target changing is not the link changing: nothing outside is read, whatever arrives.
    writeFileSync(join(outside, "secret.yaml"), `${MARKER}: changed\n`);
    const other = `${FOLDER}/TRANSACTION.yaml`;
    writeFileSync(join(repo.dir, other), readFileSync(join(repo.dir, other), "utf8").replace("enabled: true", "enabled: maybe"));
    await log.next((result) => result.diagnostics.some((d) => d.file === other));
    expect(JSON.stringify(log.all)).not.toContain(MARKER);
  }, TEST_MS);

  it("a link to a folder outside the repository is not followed: what changes there is never linted", async () => {
    symlinkSync(outside, join(repo.dir, FOLDER, "shared"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    writeFileSync(join(outside, "new.yaml"), `${MARKER}: new\n`);
    writeFileSync(join(outside, "secret.yaml"), `${MARKER}: changed\n`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    // An ordinary edit afterwards: once it is drawn, anything from outside would have been drawn too.
    const good = readFileSync(join(repo.dir, POLICY), "utf8");
    writeFileSync(join(repo.dir, POLICY), good.replace("enabled: true", "enabled: maybe"));
    await log.next((result) => result.diagnostics.some((d) => d.file === POLICY));
    expect(JSON.stringify(log.all)).not.toContain(MARKER);
    expect(log.all.flatMap((result) => result.diagnostics.map((d) => d.file)).filter((file) => file.includes("shared"))).toEqual([]);
  }, TEST_MS);
});
