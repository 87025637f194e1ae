/**
 * `screenpol test` through the built CLI (semantics.md section 3): what a user
 * sees for passing, failing and malformed test files, in every format, and the
 * coverage of the rules and steps no case reached.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const ADDRESSES = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const TEST_FILE = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";

const POLICY_TEXT = `providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 2
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-mixers
      when:
        exposure: { category: mixer, direction: direct, minPercent: 10 }
      action: BLOCK
    - id: alert-high-score
      when:
        riskScore: { gte: 7 }
      action: ALERT
`;

const ADDRESSES_TEXT = `providerType: vendorAWalletScreening
entries:
  - address: "0xC349F2E98461322cf5fab5aD704D6113a6e66249"
    chain: EVM
    action: ALLOW
    scope: SIGN_IN
    reason: "treasury, sign-in only"
`;

const HEADER = `# yaml-language-server: $schema=../../../schemas/policy-test.schema.json
environment: sandbox
providerType: vendorAWalletScreening
scope: TRANSACTION
cases:
`;

const MIXER_CASE = `  - name: direct mixer exposure of 12.5% is blocked
    screening:
      chain: EVM
      address: "0x52908400098527886E0F7030069857D2E4169EE7"
      transfer: { amountUsd: 1200 }
      signals:
        riskScore: 3
        exposures: [{ category: mixer, direction: direct, percent: 12.5 }]
    expect: { action: BLOCK, by: block-mixers }
`;

const HIGH_SCORE_CASE = `  - name: a score of 8 is alerted
    screening:
      chain: EVM
      address: "0x52908400098527886E0F7030069857D2E4169EE7"
      signals: { riskScore: 8 }
    expect: { action: ALERT }
`;

let repo: TempRepo;
beforeEach(() => {
  repo = makeTempRepo();
  repo.write(POLICY, POLICY_TEXT);
  repo.write(ADDRESSES, ADDRESSES_TEXT);
});
afterEach(() => repo.remove());

// A minute per process: `--coverage` with an uncovered rule proves its reachability (z3 for a policy beyond the exact partition).
const test = (args: string[] = []) => runCli(["test", ...args], { cwd: repo.dir, timeoutMs: 60_000 });

describe("screenpol test", () => {
  it("passes: the summary is the last line, exit 0", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE + HIGH_SCORE_CASE);
    const run = await test();
    expect(run).toEqual({ code: 0, stdout: "2 passed, 0 failed\n", stderr: "" });
  });

  it("fails: the case name and file:line, expected and actual decision, exit 1", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("action: BLOCK, by: block-mixers", "action: ALERT, by: alert-high-score") + HIGH_SCORE_CASE);
    const run = await test();
    expect(run.stdout).toBe(
      [
        `FAIL ${TEST_FILE}:6  direct mixer exposure of 12.5% is blocked`,
        "  expected: ALERT by alert-high-score",
        "  actual:   BLOCK by block-mixers",
        "  why:      rule block-mixers matched",
        "              exposure mixer direct >= 10%: 12.5%  holds",
        "            expected rule alert-high-score: not matched",
        "              riskScore >= 7: 3  does not hold",
        "",
        "1 passed, 1 failed",
        "",
      ].join("\n"),
    );
    expect(run.code).toBe(1);
  });

  it("fails a case decided by another rule of the expected action: the rule is part of what a case expects, exit 1", async () => {
    repo.write(POLICY, POLICY_TEXT.replace("id: alert-high-score", "id: block-high-score").replace("action: ALERT", "action: BLOCK"));
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("riskScore: 3", "riskScore: 8").replace("by: block-mixers", "by: block-high-score"));
    const run = await test();
    expect(run.stdout).toBe(
      [
        `FAIL ${TEST_FILE}:6  direct mixer exposure of 12.5% is blocked`,
        "  expected: BLOCK by block-high-score",
        "  actual:   BLOCK by block-mixers",
        "  why:      rule block-mixers matched",
        "              exposure mixer direct >= 10%: 12.5%  holds",
        "            expected rule block-high-score: its conditions hold, but block-mixers decided first",
        "              riskScore >= 7: 8  holds",
        "",
        "0 passed, 1 failed",
        "",
      ].join("\n"),
    );
    expect([run.code, run.stderr]).toEqual([1, ""]);
  });

  it("fails a case whose by names a rule the policy does not hold, saying so", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("by: block-mixers", "by: block-mixer"));
    const run = await test();
    expect(run.stdout).toBe(
      [
        `FAIL ${TEST_FILE}:6  direct mixer exposure of 12.5% is blocked`,
        "  expected: BLOCK by block-mixer",
        "  actual:   BLOCK by block-mixers",
        `  rule block-mixer does not exist in ${POLICY}`,
        "  why:      rule block-mixers matched",
        "              exposure mixer direct >= 10%: 12.5%  holds",
        "",
        "0 passed, 1 failed",
        "",
      ].join("\n"),
    );
    expect(run.code).toBe(1);
  });

  it("reports a malformed file like a lint finding, line:column, exit 2, no case run", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("percent: 12.5", "percent: 112.5"));
    const run = await test();
    expect(run.code).toBe(2);
    expect(run.stdout.split("\n")[0]).toBe(`${TEST_FILE}:13:68  error  cases[0].screening.signals.exposures[0].percent: 112.5 is out of range: must be <= 100  schema`);
    expect(run.stderr).toBe("screenpol: a test file is malformed; fix it first (no case was run)\n");
    expect(run.stdout).not.toContain("passed");
  });

  it("reports a test of a policy file that does not exist at its header line, exit 2", async () => {
    repo.write(TEST_FILE.replace("TRANSACTION", "SIGN_IN"), HEADER.replace("scope: TRANSACTION", "scope: SIGN_IN") + HIGH_SCORE_CASE);
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const { rmSync } = await import("node:fs");
    rmSync(`${repo.dir}/policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml`);
    const run = await test();
    expect(run.code).toBe(2);
    expect(run.stdout.split("\n")[0]).toBe(
      "tests/sandbox/vendorAWalletScreening/SIGN_IN.test.yaml:2:1  error  environment: no policy file policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml: this file tests the vendorAWalletScreening SIGN_IN policy of sandbox, which does not exist  unknown-policy",
    );
  });

  it("prints the findings of a tested policy with a lint error, exit 1", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    repo.write(POLICY, POLICY_TEXT.replace("riskScore: { gte: 7 }", "riskLevel: { atLeast: high }"));
    const run = await test();
    expect(run.code).toBe(1);
    expect(run.stdout.split("\n")[0]).toMatch(/^policies\/sandbox\/vendorAWalletScreening\/TRANSACTION\.yaml:15:9  error  .*  cross-vendor-field$/);
    expect(run.stderr).toBe("screenpol: a tested policy or address file has errors; fix them first (no case was run)\n");
  });

  // alert-high-score is uncovered and reachable: each process proves it, so a minute, not 20 s, on a loaded machine.
  it("--coverage of a named test file lists exactly the rules and steps no case reached, per policy it tests, with the percentage reached", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test([TEST_FILE, "--coverage"]);
    expect(run.stdout).toBe(
      [
        "coverage: rules and steps reached, and those no case reached, per policy",
        // The SIGN_IN-only address entry does not count for TRANSACTION.
        "  sandbox vendorAWalletScreening TRANSACTION: 20.0% (1 of 5): sanctions-floor, pre-screen, alert-high-score, terminal-allow",
        "  overall: 20.0% (1 of 5)",
        "",
        "1 passed, 0 failed",
        "",
      ].join("\n"),
    );
    const json = JSON.parse((await test([TEST_FILE, "--coverage", "--format", "json"])).stdout) as { uncovered: unknown[] };
    expect(json.uncovered).toEqual(
      ["sanctions-floor", "pre-screen", "alert-high-score", "terminal-allow"].map((by) => ({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", by })),
    );
  });

  it("--coverage lists rules no screening reaches as unreachable, with the rules that take them, in pretty, JSON and JUnit; a policy this small is answered by the exact partition, z3 never started", { timeout: 120_000 }, async () => {
    // block-scored matches scores 3..10: 3..5 are allowed by allow-low, the rest alerted by alert-high; no single rule covers it, so lint passes.
    repo.write(
      POLICY,
      POLICY_TEXT.replace(
        "  postScreen:\n",
        `  postScreen:
    - id: allow-low
      when: { riskScore: { lte: 5 } }
      action: ALLOW
    - id: alert-high
      when: { riskScore: { gte: 5 } }
      action: ALERT
    - id: block-scored
      when: { riskScore: { gte: 3 } }
      action: BLOCK
`,
      ),
    );
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("riskScore: 3\n", "").replace("by: block-mixers", "by: allow-low").replace("action: BLOCK", "action: ALLOW").replace("exposures: [{ category: mixer, direction: direct, percent: 12.5 }]", "riskScore: 1"));
    const hook = `--import=${pathToFileURL(join(import.meta.dirname, "../helpers/record-z3-load.mjs")).href}`;
    const run = await runCli(["test", TEST_FILE, "--coverage"], { cwd: repo.dir, env: { NODE_OPTIONS: hook }, timeoutMs: 60_000 });
    expect(run.stdout).toBe(
      [
        "coverage: rules and steps reached, and those no case reached, per policy",
        // block-mixers stays: a screening with mixer exposure and no score reaches it. alert-high takes every
        // score alert-high-score (gte 7) matches, with the same action: no lint check finds that one.
        "  sandbox vendorAWalletScreening TRANSACTION: 16.6% (1 of 6): sanctions-floor, pre-screen, alert-high, block-mixers, terminal-allow; unreachable: block-scored (taken by allow-low, alert-high), alert-high-score (taken by alert-high)",
        "  overall: 16.6% (1 of 6)",
        "",
        "1 passed, 0 failed",
        "",
      ].join("\n"),
    );
    expect(run.stderr).not.toContain("[z3-solver loaded]");
    expect(run.code).toBe(0);

    const json = JSON.parse((await test([TEST_FILE, "--coverage", "--format", "json"])).stdout) as { uncovered: Array<{ by: string }>; unreachable: unknown[] };
    expect(json.uncovered.map((item) => item.by)).toEqual(["sanctions-floor", "pre-screen", "alert-high", "block-mixers", "terminal-allow"]);
    expect(json.unreachable).toEqual([
      { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", by: "block-scored", takenBy: ["allow-low", "alert-high"] },
      { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", by: "alert-high-score", takenBy: ["alert-high"] },
    ]);
    // Without --coverage nothing is proven: JSON keeps every uncovered rule and has no unreachable member.
    const plain = JSON.parse((await test(["--format", "json"])).stdout) as Record<string, unknown>;
    expect(plain.unreachable).toBeUndefined();
    expect((plain.uncovered as Array<{ by: string }>).map((item) => item.by)).toContain("block-scored");

    const junit = (await test([TEST_FILE, "--coverage", "--format", "junit"])).stdout;
    expect(junit).toContain("unreachable: sandbox vendorAWalletScreening TRANSACTION block-scored (taken by allow-low, alert-high)");
    expect(junit).toContain("not reached: sandbox vendorAWalletScreening TRANSACTION alert-high");
  });

  it("--coverage says full coverage for a policy every item of which a case reached", async () => {
    const cases = [
      MIXER_CASE,
      HIGH_SCORE_CASE,
      `  - name: sanctioned\n    screening: { chain: EVM, address: "0x52908400098527886E0F7030069857D2E4169EE7", sanctioned: true }\n    expect: { action: BLOCK, by: sanctions-floor }\n`,
      `  - name: a SOL address is not screened\n    screening: { chain: SOL, address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" }\n    expect: { action: ALLOW, by: pre-screen }\n`,
      `  - name: nothing found\n    screening: { chain: EVM, address: "0x52908400098527886E0F7030069857D2E4169EE7" }\n    expect: { action: ALLOW, by: terminal-allow }\n`,
    ];
    repo.write(TEST_FILE, HEADER + cases.join(""));
    const run = await test([TEST_FILE, "--coverage"]);
    expect(run.stdout).toBe(["coverage: rules and steps reached, and those no case reached, per policy", "  sandbox vendorAWalletScreening TRANSACTION: 100.0% (5 of 5): full coverage", "  overall: 100.0% (5 of 5)", "", "5 passed, 0 failed", ""].join("\n"));
    expect(run.code).toBe(0);
  });

  it("--format json is the documented shape, by null when a case does not expect one", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE + HIGH_SCORE_CASE.replace("action: ALERT", "action: BLOCK"));
    const run = await test(["--format", "json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      version: 1,
      passed: 1,
      failed: 1,
      cases: [
        { file: TEST_FILE, line: 6, name: "direct mixer exposure of 12.5% is blocked", ok: true, expected: { action: "BLOCK", by: "block-mixers" }, actual: { action: "BLOCK", by: "block-mixers" } },
        {
          file: TEST_FILE,
          line: 15,
          name: "a score of 8 is alerted",
          ok: false,
          expected: { action: "BLOCK", by: null },
          actual: { action: "ALERT", by: "alert-high-score" },
          why: ["rule alert-high-score matched", "  riskScore >= 7: 8  holds"],
        },
      ],
      uncovered: [
        { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", by: "sanctions-floor" },
        { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", by: "pre-screen" },
        { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", by: "terminal-allow" },
      ],
    });
  });

  it("--format junit is well-formed XML: one testsuite per file, one testcase per case, failures", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE + HIGH_SCORE_CASE.replace("action: ALERT", "action: BLOCK").replace("a score of 8", "a score of 8 & <more>"));
    const run = await test(["--format", "junit"]);
    expect(run.code).toBe(1);
    expect(XMLValidator.validate(run.stdout)).toBe(true);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(run.stdout);
    const suite = xml.testsuites.testsuite;
    expect(suite).toMatchObject({ name: TEST_FILE, tests: "2", failures: "1" });
    expect(suite.testcase[0]).toMatchObject({ name: "direct mixer exposure of 12.5% is blocked", line: "6" });
    expect(suite.testcase[1]).toMatchObject({ name: "a score of 8 & <more> is alerted", line: "15" });
    expect(suite.testcase[1].failure.message).toBe("expected BLOCK, got ALERT by alert-high-score");
  });

  it("runs the named files only; a named path with no test file exits 2", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    repo.write("tests/other/broken.test.yaml", "cases: [");
    expect(await test([TEST_FILE])).toEqual({ code: 0, stdout: "1 passed, 0 failed\n", stderr: "" });
    expect(await test(["policies"])).toEqual({ code: 2, stdout: "", stderr: 'screenpol: no test files in "policies": test files are named *.test.yaml\n' });
    expect(await test(["nothing-here"])).toEqual({ code: 2, stdout: "", stderr: 'screenpol: no test files at "nothing-here": no such file or folder\n' });
  });

  it("with no tests folder says so on stderr and exits 0", async () => {
    expect(await test()).toEqual({ code: 0, stdout: "0 passed, 0 failed\n", stderr: "screenpol: no test files in tests/ (*.test.yaml); nothing to run\n" });
  });

  it("--now decides address entries' expiry at that time", async () => {
    repo.write(ADDRESSES, ADDRESSES_TEXT.replace("scope: SIGN_IN", "scope: ALL").replace('reason: "treasury, sign-in only"', 'reason: "treasury"\n    expiresAt: "2030-01-01"'));
    repo.write(TEST_FILE, HEADER + `  - name: the treasury is allowed\n    screening: { chain: EVM, address: "0xC349F2E98461322cf5fab5aD704D6113a6e66249", signals: { riskScore: 9 } }\n    expect: { action: ALLOW, by: address-entry }\n`);
    expect((await test(["--now", "2029-12-31T23:59:59Z"])).code).toBe(0);
    const after = await test(["--now", "2030-01-01"]);
    expect(after.stdout).toContain("  actual:   ALERT by alert-high-score\n");
    expect((await test(["--now", "tomorrow"])).code).toBe(2);
  });
});
