/**
 * A file that does not parse, validate or name one policy has no meaning, so
 * no command decides from it, whatever its comments suppress
 * (docs/codes/invalid-suppression.md): `decide`, `test`, `replay`, `compare`
 * and `plan`, through the built CLI on a copy of the sample repository made a
 * Git repository (plan against the emulator on 127.0.0.1), each refuse such a
 * version with its findings, one line saying so, and the documented exit code.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { PROJECT_ROOT, runCli, type CliRun } from "../helpers/run-cli.js";
import type { TempRepo } from "../helpers/temp-repo.js";
import { setUp, type Setup } from "./plan-harness.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const TEST_FILE = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];
const REPLAY_SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
/** A screening the sample policy's first rule (riskScore >= 8.5) blocks. */
const SCREENING = '{"chain":"EVM","address":"0x52908400098527886E0F7030069857D2E4169EE7","transfer":{"amountUsd":1200},"signals":{"riskScore":9}}';

/** Each structural code, "suppressed" in the sample policy; each edit must apply. */
const BREAKS: ReadonlyArray<readonly [code: string, breakPolicy: (text: string) => string]> = [
  ["yaml-syntax", (text) => `# screenpol-disable-file yaml-syntax -- pasted from the dashboard\n${replaced(text, "    exposureDepth: 3\n", "\texposureDepth: 3\n")}`],
  ["duplicate-key", (text) => replaced(text, "      action: BLOCK\n", "      action: BLOCK\n      # screenpol-disable-next-line duplicate-key -- the second one is meant\n      action: ALLOW\n")],
  ["schema", (text) => replaced(text, "      action: BLOCK\n", "      # screenpol-disable-next-line schema -- the service accepts it\n      action: BLOK\n")],
];

function replaced(text: string, from: string, to: string): string {
  expect(text).toContain(from);
  return text.replace(from, to);
}

function breakPolicy(repo: TempRepo, breaking: (text: string) => string): void {
  repo.write(POLICY, breaking(readFileSync(join(repo.dir, POLICY), "utf8")));
}

/** The codes of a `--format json` lint report: those that count, and those a comment hid. */
function reported(run: CliRun): { codes: string[]; suppressed: string[] } {
  const json = JSON.parse(run.stdout) as { diagnostics: Array<{ code: string }>; suppressed?: Array<{ code: string }> };
  const codes = (list: Array<{ code: string }>) => [...new Set(list.map((d) => d.code))];
  return { codes: codes(json.diagnostics), suppressed: codes(json.suppressed ?? []) };
}

/** The broken file is reported with the finding the comment meant to hide and the refused suppression. */
function expectRefused(run: CliRun, code: string): void {
  const { codes, suppressed } = reported(run);
  expect(codes).toEqual(expect.arrayContaining([code, "invalid-suppression"]));
  expect(suppressed).not.toContain(code);
}

describe("a version whose structural finding a comment suppresses", { timeout: 120_000 }, () => {
  let repo: TempRepo;
  beforeEach(() => {
    ({ repo } = makeCommittedRepo(["tests", "catalog"]));
    repo.write(REPLAY_SAMPLE, readFileSync(join(PROJECT_ROOT, REPLAY_SAMPLE)));
    git(repo.dir, "add", "-A");
    git(repo.dir, "commit", "-qm", "recorded screenings");
  });
  afterEach(() => repo.remove());

  const cli = (args: string[], input?: string) => runCli(args, { cwd: repo.dir, timeoutMs: 60_000, ...(input === undefined ? {} : { input }) });

  it.each(BREAKS)("%s: decide decides nothing: the findings, exit 1", async (code, breaking) => {
    breakPolicy(repo, breaking);
    const pretty = await cli(["decide", ...TARGET, "-"], SCREENING);
    expect([pretty.code, pretty.stderr]).toEqual([1, ""]);
    expect(pretty.stdout).not.toMatch(/ by (rule|policy-disabled)/);
    expect(pretty.stdout).toMatch(/\n✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)\n$/);
    const json = await cli(["decide", ...TARGET, "--format", "json", "-"], SCREENING);
    expect(json.code).toBe(1);
    expectRefused(json, code);
  });

  it("decide decides nothing from address entries whose schema error a suppressed too-many-findings would hide: the findings, exit 1", async () => {
    const addresses = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
    const fixture = join(PROJECT_ROOT, "test/fixtures/checks/invalid-suppression/fail-too-many-findings-hiding-errors", addresses);
    repo.write(addresses, readFileSync(fixture));
    const hidden = '{"chain":"EVM","address":"0x00000000000000000000000000000000000000ff","transfer":{"amountUsd":1200}}';
    const run = await cli(["decide", ...TARGET, "--now", "2026-11-23T12:00:00Z", "--format", "json", "-"], hidden);
    expect([run.code, run.stderr]).toEqual([1, ""]);
    expectRefused(run, "too-many-findings");
  });

  it.each(BREAKS)("%s: test runs no case against the policy: its findings, exit 1", async (code, breaking) => {
    breakPolicy(repo, breaking);
    const run = await cli(["test", "--format", "json", TEST_FILE]);
    expect([run.code, run.stderr]).toEqual([1, "screenpol: a tested policy or address file has errors; fix them first (no case was run)\n"]);
    expectRefused(run, code);
  });

  it.each(BREAKS)("%s: replay replays nothing: the head version's findings, exit 1", async (code, breaking) => {
    breakPolicy(repo, breaking);
    const run = await cli(["replay", REPLAY_SAMPLE, ...TARGET, "--base", "HEAD", "--format", "json"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`^screenpol: the head version \\(working tree\\) cannot be decided \\(${code} at ${POLICY}:\\d+:\\d+\\); nothing was replayed\n$`));
    expectRefused(run, code);
  });

  it.each(BREAKS)("%s: compare decides nothing from the broken version, head or base: unknown with the structural finding as the reason, exit 1", async (code, breaking) => {
    const sample = readFileSync(join(repo.dir, POLICY), "utf8");
    const notCompared = (side: string) => [1, "unknown", new RegExp(`^the ${side} version cannot be decided \\(${code} at ${POLICY}:\\d+:\\d+\\), so it was not compared$`)];
    breakPolicy(repo, breaking);
    const head = await cli(["compare", "--base", "HEAD", "--format", "json"]);
    expect(head.stderr).toBe("screenpol: the head version (working tree) has lint errors, listed beside the verdicts\n");
    const [headPolicy] = JSON.parse(head.stdout).policies;
    expect([head.code, headPolicy.verdict, headPolicy.reason]).toEqual(notCompared("head").map((value) => (value instanceof RegExp ? expect.stringMatching(value) : value)));

    git(repo.dir, "commit", "-qam", "broken, with a suppression");
    const commit = git(repo.dir, "rev-parse", "--short=7", "HEAD").trim();
    repo.write(POLICY, sample.replace("riskScore: { gte: 8.5 }", "riskScore: { gte: 9 }"));
    const base = await cli(["compare", "--base", "HEAD", "--format", "json"]);
    expect(base.stderr).toBe(`screenpol: the base version (HEAD (${commit})) has lint errors, listed beside the verdicts\n`);
    const [basePolicy] = JSON.parse(base.stdout).policies;
    expect([base.code, basePolicy.verdict, basePolicy.reason]).toEqual(notCompared("base").map((value) => (value instanceof RegExp ? expect.stringMatching(value) : value)));
  });
});

describe("a test file whose structural finding a comment suppresses", () => {
  let repo: TempRepo;
  beforeEach(() => {
    ({ repo } = makeCommittedRepo(["tests"]));
  });
  afterEach(() => repo.remove());

  it.each([
    ["yaml-syntax", (text: string) => `# screenpol-disable-file yaml-syntax -- generated, tidied later\n${replaced(text, "cases:\n", "cases:\n\t- broken\n")}`],
    ["schema", (text: string) => replaced(text, "cases:\n", "# screenpol-disable-next-line schema -- kept for later\nowner: compliance\ncases:\n")],
    ["unknown-policy", (text: string) => `# screenpol-disable-file unknown-policy -- staging is declared next week\n${replaced(text, "environment: sandbox\n", "environment: staging\n")}`],
  ])("%s: test runs no case: the malformed file's findings, exit 2", async (code, breaking) => {
    repo.write(TEST_FILE, breaking(readFileSync(join(repo.dir, TEST_FILE), "utf8")));
    const run = await runCli(["test", "--format", "json", TEST_FILE], { cwd: repo.dir });
    expect([run.code, run.stderr]).toEqual([2, "screenpol: a test file is malformed; fix it first (no case was run)\n"]);
    expectRefused(run, code);
  });
});

describe("plan with a file whose structural finding a comment suppresses", { timeout: 120_000 }, () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  it.each(BREAKS)("%s: plans nothing and writes no plan: the findings, exit 1", async (code, breaking) => {
    breakPolicy(setup.repo, breaking);
    const pretty = await setup.cli(["plan", "--env", "sandbox", "--out", "plan.json"]);
    expect([pretty.code, pretty.stderr]).toEqual([1, "screenpol: the files have errors; fix them first (nothing was planned)\n"]);
    expect(pretty.stdout).not.toMatch(/remove|update|create/);
    expect(existsSync(join(setup.repo.dir, "plan.json"))).toBe(false);
    const json = await setup.cli(["plan", "--env", "sandbox", "--format", "json"]);
    expect(json.code).toBe(1);
    expectRefused(json, code);
  });
});
