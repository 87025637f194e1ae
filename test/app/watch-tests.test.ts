/**
 * watch re-runs the policy tests a save affects (docs/decisions.md,
 * "watch re-runs the policy tests"), through the command as a user runs it
 * (in process, real chokidar on a temp repository): each redraw holds the
 * findings, then the failures and `N passed, N failed` over the whole suite.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startWatch, type WatchHandle } from "../../src/app/watch.js";
import type { WatchedTests } from "../../src/core/semantics/index.js";
import { watchCommand } from "../../src/cli/commands/watch.js";
import type { CliIo } from "../../src/cli/io.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const TEST = "tests/sandbox/vendorAWalletScreening/SIGN_IN.test.yaml";
const OTHER = "tests/sandbox/vendorAWalletScreening/SIGN_IN-more.test.yaml";
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const TEST_TEXT = [
  "environment: sandbox",
  "providerType: vendorAWalletScreening",
  "scope: SIGN_IN",
  "cases:",
  "  - name: a score of 9 is blocked",
  `    screening: { chain: EVM, address: "${ADDRESS}", signals: { riskScore: 9 } }`,
  "    expect: { action: BLOCK, by: block-severe-risk-score }",
  "  - name: a score of 8 is allowed",
  `    screening: { chain: EVM, address: "${ADDRESS}", signals: { riskScore: 8 } }`,
  "    expect: { action: ALLOW }",
  "",
].join("\n");
const OTHER_TEXT = TEST_TEXT.replace("a score of 9 is blocked", "a score of 9.5 is blocked").replace("riskScore: 9 }", "riskScore: 9.5 }");
/** 1-based line of the first case's list item, where a failure is reported. */
const FIRST_CASE_LINE = 5;


/** Past which a save with no event at all is written again (see `next`). */
const RESAVE_MS = 1_000;

/**
 * A redraw is one write; `next` waits (bounded) for one that matches and drops
 * the ones before it. On a loaded machine chokidar now and then delivers no
 * event for a save made right after it reports ready; `resave` writes the
 * same content again meanwhile, which the watch redraws only if it never saw it.
 */
function screen() {
  const redraws: string[] = [];
  let wake: (() => void) | undefined;
  return {
    write(chunk: string) {
      redraws.push(chunk);
      wake?.();
    },
    async next(predicate: (redraw: string) => boolean, resave?: () => void, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      let resaveAt = Date.now() + RESAVE_MS;
      for (;;) {
        if (resave && Date.now() >= resaveAt) {
          resave();
          resaveAt = Date.now() + RESAVE_MS;
        }
        const index = redraws.findIndex(predicate);
        if (index >= 0) return redraws.splice(0, index + 1)[index]!;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`no matching redraw within ${timeoutMs} ms; last:\n${redraws.at(-1) ?? "(none)"}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(remaining, 200));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
  };
}

describe("watch re-runs the policy tests", () => {
  let repo: TempRepo;
  let stop: () => void;
  let command: Promise<number>;
  let out: ReturnType<typeof screen>;
  const errors: string[] = [];

  beforeEach(async () => {
    repo = makeTempRepo();
    repo.write(TEST, TEST_TEXT);
    repo.write(OTHER, OTHER_TEXT);
    out = screen();
    errors.length = 0;
    const interrupted = new Promise<void>((resolve) => (stop = resolve));
    // The command waits for Ctrl-C once the watcher listens: saves before then would be missed.
    let listening!: () => void;
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const waitForInterrupt = () => {
      listening();
      return interrupted;
    };
    const io: CliIo = { stdout: { write: (chunk: string) => out.write(chunk) }, stderr: { write: (chunk: string) => errors.push(chunk) }, env: { NO_COLOR: "1" }, cwd: repo.dir, waitForInterrupt };
    command = watchCommand([], {}, io);
    await ready;
  });
  afterEach(async () => {
    stop();
    expect(await command).toBe(0);
    repo.remove();
    expect(errors).toEqual([]);
  });

  /** Saves `file` and waits for the redraw that names it. */
  const save = (file: string, text: string): Promise<string> => {
    const write = () => writeFileSync(join(repo.dir, file), text);
    write();
    return out.next((redraw) => redraw.startsWith(`changed: ${file}\n`), write);
  };

  it("a saved policy re-runs its tests: the failing case at its file:line, then fixed", async () => {
    const first = await out.next((redraw) => redraw.includes("passed"));
    expect(first).toContain("0 errors, 0 warnings in 17 files");
    expect(first).toContain("4 passed, 0 failed\n");
    const policy = readFileSync(join(repo.dir, POLICY), "utf8");

    const failing = await save(POLICY, policy.replace("riskScore: { gte: 9 }", "riskScore: { gte: 9.5 }"));
    expect(failing).toContain(`FAIL ${TEST}:${FIRST_CASE_LINE}  a score of 9 is blocked\n  expected: BLOCK by block-severe-risk-score\n  actual:   ALLOW by terminal-allow\n`);
    // The other file tests the same policy: its cases ran again too, and still pass.
    expect(failing).toContain("3 passed, 1 failed\n");

    const fixed = await save(POLICY, policy);
    expect(fixed).not.toContain("FAIL");
    expect(fixed).toContain("4 passed, 0 failed\n");
  });

  it("a test file with a syntax error: its finding, its tests not run, the others' counted", async () => {
    await out.next((redraw) => redraw.includes("4 passed, 0 failed"));
    const broken = await save(TEST, TEST_TEXT.replace("cases:", "cases: [unclosed"));
    expect(broken).toMatch(new RegExp(`${TEST}:\\d+:\\d+.*yaml-syntax`));
    expect(broken).toContain(`${TEST}: tests not run: it has errors\n2 passed, 0 failed\n`);

    expect(await save(TEST, TEST_TEXT)).toContain("4 passed, 0 failed\n");
  });

  it("a saved addresses.yaml re-runs the tests of its environment and vendor", async () => {
    await out.next((redraw) => redraw.includes("4 passed, 0 failed"));
    const addresses = readFileSync(join(repo.dir, ADDRESSES), "utf8");
    const blocked = await save(ADDRESSES, `${addresses}\n  - address: "${ADDRESS}"\n    chain: EVM\n    action: ALLOW\n    scope: SIGN_IN\n    reason: "a test of watch"\n`);
    expect(blocked).toContain(`FAIL ${TEST}:${FIRST_CASE_LINE}  a score of 9 is blocked\n  expected: BLOCK by block-severe-risk-score\n  actual:   ALLOW by address-entry\n`);
    expect(blocked).toContain("2 passed, 2 failed\n");
  });

  it("a policy with a lint error: the tests of that policy are not run, one line each", async () => {
    await out.next((redraw) => redraw.includes("4 passed, 0 failed"));
    const policy = readFileSync(join(repo.dir, POLICY), "utf8");
    const broken = await save(POLICY, policy.replace("enabled: true", "enabled: maybe"));
    expect(broken).toContain(`${OTHER}: tests not run: ${POLICY} has errors\n${TEST}: tests not run: ${POLICY} has errors\n0 passed, 0 failed\n`);
  });
});

describe("watch's test bookkeeping", () => {
  let repo: TempRepo;
  let handle: WatchHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    repo.remove();
  });

  it("keeps the last result of the test files a save does not affect", async () => {
    repo = makeTempRepo();
    repo.write(TEST, TEST_TEXT);
    repo.write(OTHER, OTHER_TEXT);
    const updates: Array<{ changed: readonly string[]; tests: WatchedTests | undefined }> = [];
    handle = await startWatch({ cwd: repo.dir, tests: true, onResult: (_result, changed, tests) => updates.push({ changed, tests }), onError: (error) => { throw error; } });
    await handle.ready;
    const first = updates[0]!.tests!;
    const casesOf = (tests: WatchedTests, file: string) => tests.run.cases.filter((result) => result.file === file);

    const write = () => writeFileSync(join(repo.dir, TEST), TEST_TEXT.replace("a score of 8 is allowed", "a score of eight is allowed"));
    write();
    // Bounded, and written again when no event came (see RESAVE_MS).
    for (let waited = 0; !updates.some((update) => update.changed.includes(TEST)) && waited < 10_000; waited += 20) {
      if (waited > 0 && waited % RESAVE_MS === 0) write();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const after = updates.find((update) => update.changed.includes(TEST))!.tests!;
    // The other file was not run again: the very same results are shown.
    expect(casesOf(after, OTHER)).toHaveLength(2);
    casesOf(after, OTHER).forEach((result, index) => expect(result).toBe(casesOf(first, OTHER)[index]));
    expect(casesOf(after, TEST).map((result) => result.name)).toEqual(["a score of 9 is blocked", "a score of eight is allowed"]);
  });

  it("no test file watched: no tests in the result; `tests: false` runs none", async () => {
    repo = makeTempRepo();
    let seen: WatchedTests | undefined | "none" = "none";
    handle = await startWatch({ cwd: repo.dir, tests: true, onResult: (_result, _changed, tests) => (seen = tests), onError: (error) => { throw error; } });
    expect(seen).toBeUndefined();
    await handle.close();
    repo.write(TEST, TEST_TEXT);
    seen = "none";
    handle = await startWatch({ cwd: repo.dir, onResult: (_result, _changed, tests) => (seen = tests), onError: (error) => { throw error; } });
    expect(seen).toBeUndefined();
  });
});
