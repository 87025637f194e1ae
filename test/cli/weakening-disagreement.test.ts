/**
 * Nothing wrong is ever printed: when an engine of the weakening check
 * answers something decide() contradicts, `screenpol compare` reports
 * nothing (no verdict on stdout, no report file) and ends with one line and
 * exit 70 (toolkit.md, Exit codes; EX_SOFTWARE). The engine is broken on
 * purpose: the real interval partition, its answer edited on the way out
 * (vi.mock below), the only way to make a correct engine wrong without a
 * switch in the product. The command runs in-process (main with its io), so
 * the edited module is the one it loads.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import type { SubjectComparison } from "../../src/core/semantics/weakening/model.js";
import { edit, makeCommittedRepo } from "../helpers/committed-repo.js";
import type { TempRepo } from "../helpers/temp-repo.js";
import { ALL_SCOPES_TOKEN, recordRequests, revisions, setUp, type Setup } from "./plan-harness.js";

/** How the partition's answers are broken in the test running (none: as they are), and how many it gave. */
const engine = vi.hoisted(() => ({ breakAnswer: undefined as ((answer: SubjectComparison) => SubjectComparison) | undefined, answers: 0 }));

vi.mock("../../src/core/semantics/weakening/partition.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../src/core/semantics/weakening/partition.js")>();
  return {
    ...real,
    comparePartition: (...args: Parameters<typeof real.comparePartition>) => {
      const answer = real.comparePartition(...args);
      engine.answers++;
      return engine.breakAnswer === undefined ? answer : engine.breakAnswer(answer);
    },
  };
});

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

/** screenpol in-process, in `cwd`, with `env` as its whole environment. */
async function screenpol(args: string[], cwd: string, env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: (chunk: string) => out.push(chunk) },
    stderr: { write: (chunk: string) => err.push(chunk) },
    env,
    cwd,
    waitForInterrupt: () => new Promise(() => undefined),
  };
  const code = await main(args, io);
  return { code, stdout: out.join(""), stderr: err.join("") };
}

const compare = (repo: TempRepo, ...args: string[]) => screenpol(["compare", "--base", "HEAD", "--now", "2026-11-23T12:00:00Z", ...args], repo.dir);

describe("screenpol compare with an engine that answers wrong", { timeout: 60_000 }, () => {
  let repo: TempRepo;
  /**
   * The block threshold raised from 8.5 to `to`: weaker, and a pair the partition answers. Each test raises it to
   * another value: a pair's answer is remembered for the process (app/verify.ts), and the engine is asked once.
   */
  const raiseBlockThreshold = (to: number) => edit(repo, POLICY, "riskScore: { gte: 8.5 }", `riskScore: { gte: ${to} }`);
  beforeEach(() => {
    ({ repo } = makeCommittedRepo());
    engine.breakAnswer = undefined;
    engine.answers = 0;
  });
  afterEach(() => repo.remove());

  it("answers as usual with the engine as it is (the pair is the partition's)", async () => {
    raiseBlockThreshold(9);
    const run = await compare(repo);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("1 policy compared: 1 weaker");
    expect(engine.answers).toBe(1);
  });

  it("a weakening answered as `equivalent`: exit 70, one line naming the pair, no verdict printed, no report file written", async () => {
    raiseBlockThreshold(9.25);
    engine.breakAnswer = (answer) => ({ ...answer, verdict: "equivalent" });
    const run = await compare(repo, "--format", "json", "--output-file", "report.json");
    expect(run).toEqual({
      code: 70,
      stdout: "",
      stderr:
        "screenpol: internal error: the weakening check's verdict for sandbox vendorAWalletScreening TRANSACTION is not the one its transitions give " +
        "(equivalent reported, its transitions give weaker); nothing was reported; please report it\n",
    });
    expect(existsSync(join(repo.dir, "report.json"))).toBe(false);
    expect(engine.answers).toBe(1);
    // A wrong answer is not remembered for the process (app/verify.ts remembers answers per pair): asked again, the engine answers.
    engine.breakAnswer = undefined;
    const again = await compare(repo);
    expect([again.code, again.stderr]).toEqual([0, ""]);
    expect(again.stdout).toContain("1 policy compared: 1 weaker");
    expect(engine.answers).toBe(2);
  });

  it("an example decide() gives another transition: exit 70, one line with the pair, both transitions and the example, nothing on stdout", async () => {
    const elsewhere = { scope: "TRANSACTION" as const, chain: "OTHER", address: "unlisted-address-1" };
    raiseBlockThreshold(9.5);
    engine.breakAnswer = (answer) => ({ ...answer, transitions: answer.transitions.map((transition) => ({ ...transition, example: elsewhere })) });
    const run = await compare(repo);
    expect(run.code).toBe(70);
    expect(run.stdout).toBe("");
    // On a chain the preScreen does not list, both versions allow before any rule (semantics.md section 2, step 4).
    expect(run.stderr).toBe(
      "screenpol: internal error: the weakening check's example for sandbox vendorAWalletScreening TRANSACTION is not decided as reported " +
        "(BLOCK (block-severe-risk-score) -> ALERT (alert-everything-else-sandbox) reported, decide() gives ALLOW (pre-screen) -> ALLOW (pre-screen) " +
        'for {"scope":"TRANSACTION","chain":"OTHER","address":"unlisted-address-1"}); nothing was reported; please report it\n',
    );
  });
});

describe("screenpol plan and push with an engine that answers wrong", { timeout: 60_000 }, () => {
  const LIVE_TRANSACTION = "policies/live/vendorAWalletScreening/TRANSACTION.yaml";
  const LINE =
    "screenpol: internal error: the weakening check's verdict for live vendorAWalletScreening TRANSACTION is not the one its transitions give " +
    "(equivalent reported, its transitions give mixed); nothing was reported; please report it\n";
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
    // The live TRANSACTION policy's BLOCK threshold 8 -> 9 (as push's guard tests do): mixed, and a pair the partition answers.
    edit(setup.repo, LIVE_TRANSACTION, "riskScore: { gte: 8 }", "riskScore: { gte: 9 }");
    engine.breakAnswer = (answer) => ({ ...answer, verdict: answer.verdict === "mixed" ? "equivalent" : answer.verdict });
    engine.answers = 0;
  });
  afterEach(() => setup.close());

  it("plan: exit 70, the one line, no plan printed and no plan file written", async () => {
    const run = await screenpol(["plan", "--env", "live", "--out", "plan.json"], setup.repo.dir, { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN, SCREENPOL_BASE_URL: setup.harness.running.baseUrl });
    expect(run).toEqual({ code: 70, stdout: "", stderr: LINE });
    expect(existsSync(join(setup.repo.dir, "plan.json"))).toBe(false);
    expect(engine.answers).toBeGreaterThan(0);
  });

  it("push, even with --allow-weakening --yes: exit 70, the one line, no write on the wire", async () => {
    const before = revisions(setup.harness);
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await screenpol(["push", "--env", "live", "--yes", "--allow-weakening"], setup.repo.dir, { SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN, SCREENPOL_BASE_URL: proxy.baseUrl });
      expect(run).toEqual({ code: 70, stdout: "", stderr: LINE });
      expect(proxy.seen.length).toBeGreaterThan(0);
      expect(proxy.seen.filter((line) => !line.startsWith("GET "))).toEqual([]);
    } finally {
      await proxy.close();
    }
    expect(revisions(setup.harness)).toEqual(before);
    expect(engine.answers).toBeGreaterThan(0);
  });
});
