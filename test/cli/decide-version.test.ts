/**
 * `screenpol decide` against another version than the working tree, and what
 * else would have matched (docs/semantics.md, "screenpol decide"): `--ref`
 * reads the files at a commit (offline), `--live` the live revision through
 * the emulator on 127.0.0.1, `--all-matches` lists the later rules whose
 * conditions hold; a version whose files have lint errors but decide is
 * decided from, its findings listed, exit 1. Through the built CLI.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { edit, git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { runCli } from "../helpers/run-cli.js";
import type { TempRepo } from "../helpers/temp-repo.js";
import { recordRequests, SANDBOX_ID, setUp, type Setup } from "./plan-harness.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const TARGET = ["decide", "--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];
const USDC = '{"chain":"EVM","networkId":1,"contractAddress":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}';
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

/** A score of 9 with 30% indirect mixer exposure: the sample blocks it by its first rule (riskScore >= 8.5); two ALERT rules hold too. */
const SCORED = `{"chain":"EVM","address":"${ADDRESS}","transfer":{"amountUsd":1200,"token":${USDC}},"signals":{"riskScore":9,"exposures":[{"category":"mixer","direction":"indirect","percent":30}]}}`;

describe("screenpol decide --ref and --all-matches", { timeout: 120_000 }, () => {
  let repo: TempRepo;
  let commit: string;
  beforeEach(() => {
    ({ repo, commit } = makeCommittedRepo());
  });
  afterEach(() => repo.remove());

  const decide = (args: string[], input: string) => runCli([...TARGET, ...args, "-"], { cwd: repo.dir, input });

  it("--ref decides against the files at that commit, not the working tree, and the output names it", async () => {
    // The working tree no longer blocks a score of 9.
    edit(repo, POLICY, "riskScore: { gte: 8.5 }", "riskScore: { gte: 9.5 }");
    const now = await decide([], SCORED);
    expect([now.code, now.stdout.split("\n")[0]]).toEqual([0, "ALERT by rule alert-obfuscation-with-elevated-score (policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml:58:7)"]);
    const then = await decide(["--ref", "HEAD"], SCORED);
    expect(then.stderr).toBe("");
    expect(then.code).toBe(0);
    expect(then.stdout.split("\n")[0]).toBe(`BLOCK by rule block-severe-risk-score (${POLICY}:33:7), at ref HEAD (${commit})`);
    const json = await decide(["--ref", "HEAD", "--format", "json"], SCORED);
    const document = JSON.parse(json.stdout);
    expect([document.decision.action, document.decision.by]).toEqual(["BLOCK", "block-severe-risk-score"]);
    expect(document.against).toEqual({ kind: "git", ref: "HEAD", commit: git(repo.dir, "rev-parse", "HEAD").trim() });
  });

  it("--ref of no commit, or one that reads as an option, and --ref with --live: one line, exit 2", async () => {
    const unknown = await decide(["--ref", "no-such-tag"], SCORED);
    expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([2, "", 'screenpol: unknown Git revision "no-such-tag": no commit of that name in this repository\n']);
    const option = await decide(["--ref=-x"], SCORED);
    expect([option.code, option.stderr]).toEqual([2, 'screenpol: not a Git revision: "-x"\n']);
    const both = await decide(["--ref", "HEAD", "--live"], SCORED);
    expect([both.code, both.stdout, both.stderr]).toEqual([2, "", "screenpol: decide reads one version: --ref <git-rev> or --live, not both\n"]);
  });

  it("--all-matches: after the deciding rule, the later rules whose conditions hold, each with its action", async () => {
    const run = await decide(["--all-matches"], SCORED);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(`BLOCK by rule block-severe-risk-score (${POLICY}:33:7)`);
    expect(lines.at(-2)).toBe("would also match: alert-obfuscation-with-elevated-score (ALERT), alert-everything-else-sandbox (ALERT)");
    const json = JSON.parse((await decide(["--all-matches", "--format", "json"], SCORED)).stdout);
    expect([json.rulesConsulted, json.alsoMatched]).toEqual([
      true,
      [
        { id: "alert-obfuscation-with-elevated-score", index: 3, action: "ALERT" },
        { id: "alert-everything-else-sandbox", index: 6, action: "ALERT" },
      ],
    ]);
    // Without the flag the output is what it was.
    expect((await decide([], SCORED)).stdout).not.toContain("would also match");
  });

  it("--all-matches when a step before postScreen decides: no rule was consulted, and the rules that would have matched", async () => {
    const native = SCORED.replace(`,"token":${USDC}`, "");
    const run = await decide(["--all-matches"], native);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n").slice(-2)).toEqual([
      "no rule was consulted (pre-screen decided); had the vendor been consulted, would match: block-severe-risk-score (BLOCK), alert-obfuscation-with-elevated-score (ALERT), alert-everything-else-sandbox (ALERT)",
      "",
    ]);
    const json = JSON.parse((await decide(["--all-matches", "--format", "json"], native)).stdout);
    expect([json.decision.by, json.rulesConsulted, json.alsoMatched.map((rule: { id: string }) => rule.id)]).toEqual([
      "pre-screen",
      false,
      ["block-severe-risk-score", "alert-obfuscation-with-elevated-score", "alert-everything-else-sandbox"],
    ]);
  });

  it("decides from a policy whose only lint error is shadowed-rule, as written: the finding listed, exit 1", async () => {
    edit(repo, POLICY, "  postScreen:\n", "  postScreen:\n    - id: alert-elevated-score\n      when:\n        riskScore: { gte: 8 }\n      action: ALERT\n\n");
    const run = await decide([], SCORED);
    expect(run.stderr).toBe("screenpol: the files decided from have lint errors, listed with the decision\n");
    expect(run.code).toBe(1);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(`ALERT by rule alert-elevated-score (${POLICY}:33:7)`);
    expect(lines.slice(-3)).toEqual([
      "lint findings of the files decided from (decided as written):",
      `  working tree: shadowed-rule at ${POLICY}:38:11 (ALERT rule rules.postScreen[0] (id "alert-elevated-score") comes first and matches every screening this BLOCK rule matches, so this rule never decides and addresses it should BLOCK get ALERT; move this rule above it, or narrow the earlier rule)`,
      "",
    ]);
    const json = await decide(["--format", "json"], SCORED);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).findings).toEqual([{ side: "working tree", severity: "error", code: "shadowed-rule", file: POLICY, line: 38, column: 11, message: expect.stringMatching(/^ALERT rule /) }]);
  });
});

describe("screenpol decide --live", { timeout: 120_000 }, () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  // The live sandbox TRANSACTION policy has minAmountUsd 100, the file 250: a transfer of 100 USD is screened live, not locally.
  const HUNDRED = SCORED.replace('"amountUsd":1200', '"amountUsd":100');

  it("decides against the live revision with one GET each for the environment, the policy and the address entries", async () => {
    const local = await setup.cli([...TARGET, "-"], { input: HUNDRED });
    expect(local.stdout.split("\n")[0]).toBe("ALLOW by pre-screen (amount 100 USD < minAmountUsd 250)");
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await setup.cli([...TARGET, "--live", "-"], { input: HUNDRED, env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout.split("\n")[0]).toMatch(/^BLOCK by rule block-severe-risk-score \(policies\/sandbox\/vendorAWalletScreening\/TRANSACTION\.yaml:\d+:\d+\), live revision 9$/);
      expect(proxy.seen.sort()).toEqual([
        `GET /api/v0/environments/${SANDBOX_ID}`,
        `GET /api/v0/environments/${SANDBOX_ID}/screeningAddressEntries/vendorAWalletScreening`,
        `GET /api/v0/environments/${SANDBOX_ID}/screeningPolicies/vendorAWalletScreening/TRANSACTION`,
      ]);
      const json = await setup.cli([...TARGET, "--live", "--format", "json", "-"], { input: HUNDRED, env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect(JSON.parse(json.stdout).against).toEqual({ kind: "live", revision: 9 });
    } finally {
      await proxy.close();
    }
  });

  it("a screening that cannot be read is refused before any request (exit 2)", async () => {
    const proxy = await recordRequests(setup.harness);
    try {
      const run = await setup.cli([...TARGET, "--live", "no-such-screening.yaml"], { env: { SCREENPOL_BASE_URL: proxy.baseUrl } });
      expect([run.code, run.stdout]).toEqual([2, ""]);
      expect(run.stderr).toMatch(/^no-such-screening\.yaml:1:1  error  .*  read-error\n$/);
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it("exits 4 when the service cannot be read and 2 without a token, with one line and no decision", async () => {
    const down = await setup.cli([...TARGET, "--live", "-"], { input: HUNDRED, env: { SCREENPOL_BASE_URL: "http://127.0.0.1:9/api/v0" } });
    expect([down.code, down.stdout]).toEqual([4, ""]);
    expect(down.stderr.split("\n")).toHaveLength(2);
    const noToken = await setup.cli([...TARGET, "--live", "-"], { input: HUNDRED, env: { SCREENPOL_API_TOKEN: undefined } });
    expect([noToken.code, noToken.stdout]).toEqual([2, ""]);
    expect(noToken.stderr.split("\n")).toHaveLength(2);
  });
});
