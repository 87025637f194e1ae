/**
 * `screenpol test` as a gate (docs/semantics.md, "Policy tests", Coverage,
 * --threshold, --run; docs/integrations.md): a percentage per policy and
 * overall, every policy of the scope listed (one no test file tests at 0%),
 * a threshold that fails the run, cases selected by name, the tests of named
 * policy files (the pre-commit hook's), and annotations for failing cases.
 * All through the built CLI.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";
import { git, gitEnv } from "../integrations/support/git.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const UNTESTED_POLICY = "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml";
const TEST_FILE = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";

// Five items: sanctions-floor, pre-screen, block-mixers, alert-high-score, terminal-allow.
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

// Three items: sanctions-floor, block-severe, terminal-allow.
const UNTESTED_POLICY_TEXT = `providerType: vendorBAddressScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true
rules:
  preScreen: {}
  postScreen:
    - id: block-severe
      when:
        riskLevel: { atLeast: severe }
      action: BLOCK
`;

const HEADER = `environment: sandbox
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
    expect: { action: ALERT, by: alert-high-score }
`;

let repo: TempRepo;
beforeEach(() => {
  repo = makeTempRepo();
  // Two policies only: one tested, one not.
  rmSync(join(repo.dir, "policies"), { recursive: true, force: true });
  repo.write(POLICY, POLICY_TEXT);
  repo.write(UNTESTED_POLICY, UNTESTED_POLICY_TEXT);
});
afterEach(() => repo.remove());

// A minute per process: an uncovered reachable rule is proven reachable under --coverage.
const test = (args: string[] = []) => runCli(["test", ...args], { cwd: repo.dir, timeoutMs: 60_000 });

describe("screenpol test --coverage: percentages, untested policies at 0%", () => {
  it("lists every policy of the repository with its percentage, the untested one at 0% with every item, and the overall figure", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test(["--coverage"]);
    expect(run.stdout).toBe(
      [
        "coverage: rules and steps reached, and those no case reached, per policy",
        "  sandbox vendorAWalletScreening TRANSACTION: 20.0% (1 of 5): sanctions-floor, pre-screen, alert-high-score, terminal-allow",
        "  sandbox vendorBAddressScreening SIGN_IN: 0.0% (0 of 3), no test file: sanctions-floor, block-severe, terminal-allow",
        "  overall: 12.5% (1 of 8)",
        "",
        "1 passed, 0 failed",
        "",
      ].join("\n"),
    );
    expect([run.code, run.stderr]).toEqual([0, ""]);

    const json = JSON.parse((await test(["--coverage", "--format", "json"])).stdout) as { coverage: unknown; uncovered: Array<{ scope: string; by: string }> };
    expect(json.coverage).toEqual({
      percent: 12.5,
      covered: 1,
      total: 8,
      policies: [
        { environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", tested: true, percent: 20, covered: 1, total: 5 },
        { environment: "sandbox", providerType: "vendorBAddressScreening", scope: "SIGN_IN", tested: false, percent: 0, covered: 0, total: 3 },
      ],
    });
    expect(json.uncovered.filter((item) => item.scope === "SIGN_IN").map((item) => item.by)).toEqual(["sanctions-floor", "block-severe", "terminal-allow"]);
  });

  it("without test files, lists every policy at 0%", async () => {
    const run = await test(["--coverage"]);
    expect(run.stdout).toBe(
      [
        "coverage: rules and steps reached, and those no case reached, per policy",
        "  sandbox vendorAWalletScreening TRANSACTION: 0.0% (0 of 5), no test file: sanctions-floor, pre-screen, block-mixers, alert-high-score, terminal-allow",
        "  sandbox vendorBAddressScreening SIGN_IN: 0.0% (0 of 3), no test file: sanctions-floor, block-severe, terminal-allow",
        "  overall: 0.0% (0 of 8)",
        "",
        "0 passed, 0 failed",
        "",
      ].join("\n"),
    );
    expect([run.code, run.stderr]).toEqual([0, "screenpol: no test files in tests/ (*.test.yaml); nothing to run\n"]);
  });

  it("stops at a lint error of an untested policy of the coverage, saying which kind of file, exit 1; without --coverage it is not read", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    repo.write(UNTESTED_POLICY, UNTESTED_POLICY_TEXT.replace("riskLevel: { atLeast: severe }", "riskScore: { gte: 9 }"));
    const run = await test(["--coverage"]);
    expect(run.stdout).toContain(`${UNTESTED_POLICY}:`);
    expect(run.stdout).toContain("cross-vendor-field");
    expect([run.code, run.stderr]).toEqual([1, "screenpol: a policy or address file of the coverage has errors; fix them first (no case was run)\n"]);
    expect(await test()).toEqual({ code: 0, stdout: "1 passed, 0 failed\n", stderr: "" });
  });

  it("with a test file named, covers the policies it tests only", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test([TEST_FILE, "--coverage"]);
    expect(run.stdout.split("\n").slice(1, 3)).toEqual(["  sandbox vendorAWalletScreening TRANSACTION: 20.0% (1 of 5): sanctions-floor, pre-screen, alert-high-score, terminal-allow", "  overall: 20.0% (1 of 5)"]);
  });
});

describe("screenpol test --threshold", () => {
  it("exits 1 under the threshold with one line naming the figure, after the report", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test(["--threshold", "12.6"]);
    expect(run.stdout).toContain("  overall: 12.5% (1 of 8)\n");
    expect(run.stdout.endsWith("1 passed, 0 failed\n")).toBe(true);
    expect([run.code, run.stderr]).toEqual([1, "screenpol: coverage 12.5% (1 of 8 rules and steps reached) is under --threshold 12.6%\n"]);
  });

  it("exits 0 at or over the threshold", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test(["--threshold", "12.5"]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
  });

  it("exits 2 with one line for a threshold that is not a percentage, running nothing", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    for (const bad of ["101", "-1", "80%", "abc", "1e2"]) {
      const run = await test(["--threshold", bad]);
      expect([run.code, run.stdout, run.stderr]).toEqual([2, "", `screenpol: --threshold must be a percentage from 0 to 100, such as 80 or 87.5, not "${bad}"\n`]);
    }
  });
});

describe("screenpol test --run", () => {
  it("runs only the cases whose name matches; the coverage is theirs", { timeout: 120_000 }, async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("by: block-mixers", "by: alert-high-score") + HIGH_SCORE_CASE);
    const run = await test([TEST_FILE, "--run", "^a score", "--coverage"]);
    expect(run.stdout).toBe(
      [
        "coverage: rules and steps reached, and those no case reached, per policy",
        "  sandbox vendorAWalletScreening TRANSACTION: 20.0% (1 of 5): sanctions-floor, pre-screen, block-mixers, terminal-allow",
        "  overall: 20.0% (1 of 5)",
        "",
        "1 passed, 0 failed",
        "",
      ].join("\n"),
    );
    expect(run.code).toBe(0);
    // The failing case is selected: it fails.
    expect((await test(["--run", "mixer"])).code).toBe(1);
  });

  it("says so when no case matches, and exits 0 (as go test -run)", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test(["--run", "nothing like this"]);
    expect(run).toEqual({ code: 0, stdout: "0 passed, 0 failed\n", stderr: 'screenpol: no case name matches --run "nothing like this"; no tests to run\n' });
  });

  it("exits 2 with one line for an invalid regular expression", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test(["--run", "(mixer"]);
    expect([run.code, run.stdout]).toEqual([2, ""]);
    expect(run.stderr).toBe('screenpol: --run "(mixer" is not a valid regular expression: Invalid regular expression: /(mixer/: Unterminated group\n');
  });
});

describe("screenpol test <policy files> (what the screenpol-test hook runs)", () => {
  it("runs the test files that test a named policy, and a named test file as itself", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("action: BLOCK, by: block-mixers", "action: ALLOW"));
    // Any *.test.yaml tests the policy its header names, wherever it sits.
    repo.write("tests/more/mixers.test.yaml", HEADER + HIGH_SCORE_CASE);
    // One whose header cannot be read (an empty file, a list) tests nothing named; lint reports it.
    repo.write("tests/more/empty.test.yaml", "");
    repo.write("tests/more/list.test.yaml", "- a\n- b\n");
    const run = await test([POLICY]);
    expect(run.stdout).toContain(`FAIL ${TEST_FILE}:5  direct mixer exposure of 12.5% is blocked\n`);
    expect(run.stdout.endsWith("1 passed, 1 failed\n")).toBe(true);
    expect(run.code).toBe(1);
    // The address file of a vendor stands for the policies of both scopes.
    expect((await test(["policies/sandbox/vendorAWalletScreening/addresses.yaml"])).stdout.endsWith("1 passed, 1 failed\n")).toBe(true);
    // A named test file is run once, even beside its policy.
    expect((await test(["tests/more/mixers.test.yaml", POLICY])).stdout.endsWith("1 passed, 1 failed\n")).toBe(true);
    expect(await test(["tests/more/mixers.test.yaml"])).toEqual({ code: 0, stdout: "1 passed, 0 failed\n", stderr: "" });
  });

  it("says so and exits 0 for a named policy no test file tests; --coverage lists it at 0%", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = await test([UNTESTED_POLICY]);
    expect(run).toEqual({ code: 0, stdout: "0 passed, 0 failed\n", stderr: `screenpol: no test file tests ${UNTESTED_POLICY}; nothing to run\n` });
    // An address file stands for both scopes and is named once; a file off the layout tests nothing.
    repo.write("policies/sandbox/vendorBAddressScreening/addresses.yaml", "providerType: vendorBAddressScreening\nentries: []\n");
    repo.write("policies/notes.yaml", "a: note\n");
    const others = await test(["policies/sandbox/vendorBAddressScreening/addresses.yaml", "policies/notes.yaml"]);
    expect(others).toEqual({ code: 0, stdout: "0 passed, 0 failed\n", stderr: "screenpol: no test file tests policies/sandbox/vendorBAddressScreening/addresses.yaml, policies/notes.yaml; nothing to run\n" });
    const coverage = await test([UNTESTED_POLICY, "--coverage"]);
    expect(coverage.stdout.split("\n").slice(1, 3)).toEqual(["  sandbox vendorBAddressScreening SIGN_IN: 0.0% (0 of 3), no test file: sanctions-floor, block-severe, terminal-allow", "  overall: 0.0% (0 of 3)"]);
  });
});

describe("screenpol test --staged (the husky and lefthook hooks)", () => {
  const commitAll = () => {
    const env = gitEnv();
    git(repo.dir, env, "init", "-q");
    git(repo.dir, env, "add", "-A");
    git(repo.dir, env, "commit", "-qm", "policies and tests");
    return (...args: string[]) => git(repo.dir, env, ...args);
  };
  const staged = (args: string[] = []) => runCli(["test", "--staged", ...args], { cwd: repo.dir, env: gitEnv(), timeoutMs: 60_000 });

  it("judges the staged test file and policy, not the working tree's", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE);
    const run = commitAll();
    // An unfinished edit, not staged: the commit holds the passing case.
    writeFileSync(join(repo.dir, TEST_FILE), HEADER + MIXER_CASE.replace("action: BLOCK, by: block-mixers", "action: ALLOW"));
    expect((await test()).code).toBe(1);
    expect(await staged()).toEqual({ code: 0, stdout: "1 passed, 0 failed\n", stderr: "" });
    expect(await staged([TEST_FILE])).toEqual({ code: 0, stdout: "1 passed, 0 failed\n", stderr: "" });

    // The policy staged without the mixer rule, the working tree's copy put back: the staged policy fails the case.
    run("checkout", "--", TEST_FILE);
    repo.write(POLICY, POLICY_TEXT.replace(/ {4}- id: block-mixers\n[\s\S]*?action: BLOCK\n/, ""));
    run("add", POLICY);
    repo.write(POLICY, POLICY_TEXT);
    expect((await test([POLICY])).code).toBe(0);
    const failing = await staged([POLICY]);
    expect(failing.stdout).toContain(`FAIL ${TEST_FILE}:5  direct mixer exposure of 12.5% is blocked\n  expected: BLOCK by block-mixers\n  actual:   ALLOW by terminal-allow\n`);
    expect(failing.code).toBe(1);
  });

  it("exits 2 with one line for a named test file that is not in the index", async () => {
    commitAll();
    repo.write("tests/new.test.yaml", HEADER + MIXER_CASE);
    expect(await staged(["tests/new.test.yaml"])).toEqual({ code: 2, stdout: "", stderr: 'screenpol: no test files at "tests/new.test.yaml": not in the Git index (not added, or not tracked)\n' });
  });
});

describe("screenpol test --format github", () => {
  it("prints one error annotation per failing case at its file and line, nothing for a passing one", async () => {
    repo.write(TEST_FILE, HEADER + MIXER_CASE.replace("action: BLOCK, by: block-mixers", "action: ALLOW") + HIGH_SCORE_CASE);
    const run = await test(["--format", "github"]);
    expect(run.stdout).toBe(
      `::error file=${TEST_FILE},line=5,title=screenpol test%3A direct mixer exposure of 12.5%25 is blocked::expected: ALLOW%0Aactual:   BLOCK by block-mixers%0Awhy:      rule block-mixers matched%0A            exposure mixer direct >= 10%25: 12.5%25  holds\n`,
    );
    expect(run.code).toBe(1);
  });
});
