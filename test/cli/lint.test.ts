import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const CROSS_VENDOR_POLICY = `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true
rules:
  preScreen:
    chains: [EVM]
  postScreen:
    - id: block-high
      when:
        riskScore: { gte: 8 }
      action: BLOCK
    - id: alert-mixer
      when:
        exposure: { category: mixer, direction: any, minPercent: 5 }
      action: ALERT
    - id: alert-high-level
      when:
        riskLevel: { atLeast: high }
      action: ALERT
`;
const POLICY_PATH = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const EXPECTED_MESSAGE = "rules.postScreen[2].when.riskLevel: riskLevel belongs to vendorBAddressScreening; this policy is for vendorAWalletScreening (use riskScore)";

describe("screenpol lint", () => {
  let repo: TempRepo;
  beforeAll(() => {
    repo = makeTempRepo();
    repo.write(POLICY_PATH, CROSS_VENDOR_POLICY);
  });
  afterAll(() => repo.remove());

  it("lints the sample repository clean (npm start's job)", async () => {
    const run = await runCli(["lint"], { cwd: PROJECT_ROOT });
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(/✔ 23 files linted, no problems/);
    expect(run.code).toBe(0);
  });

  it("reports a field of the other vendor at its line and column, exit 1 (json)", async () => {
    const run = await runCli(["lint", "--format", "json", POLICY_PATH], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      version: 1,
      files: 1,
      errorCount: 1,
      warningCount: 0,
      diagnostics: [
        { file: POLICY_PATH, line: 19, column: 9, endLine: 19, endColumn: 18, severity: "error", code: "cross-vendor-field", message: EXPECTED_MESSAGE, path: "rules.postScreen[2].when.riskLevel" },
      ],
    });
  });

  it("prints a code frame and the docs path (pretty, no colour off a TTY)", async () => {
    const run = await runCli(["lint", POLICY_PATH], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${POLICY_PATH}:19:9`);
    expect(run.stdout).toContain(EXPECTED_MESSAGE);
    expect(run.stdout).toContain("riskLevel: { atLeast: high }");
    expect(run.stdout).toContain("^^^^^^^^^");
    expect(run.stdout).toContain("docs/codes/cross-vendor-field.md");
    expect(run.stdout).not.toContain("\u001b[");
  });

  it("honours FORCE_COLOR and NO_COLOR", async () => {
    const forced = await runCli(["lint", POLICY_PATH], { cwd: repo.dir, env: { FORCE_COLOR: "1" } });
    expect(forced.stdout).toContain("\u001b[");
    const disabled = await runCli(["lint", POLICY_PATH], { cwd: repo.dir, env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
    expect(disabled.stdout).not.toContain("\u001b[");
  });

  it("writes GitHub workflow annotations", async () => {
    const run = await runCli(["lint", "--format", "github", POLICY_PATH], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`::error file=${POLICY_PATH},line=19,col=9,endLine=19,endColumn=18,title=cross-vendor-field::${EXPECTED_MESSAGE}\n`);
  });

  it("writes SARIF 2.1.0 with a rule for the finding", async () => {
    const run = await runCli(["lint", "--format", "sarif", POLICY_PATH], { cwd: repo.dir });
    const sarif = JSON.parse(run.stdout);
    expect(sarif.version).toBe("2.1.0");
    const [result] = sarif.runs[0].results;
    expect(result.ruleId).toBe("cross-vendor-field");
    expect(sarif.runs[0].tool.driver.rules[result.ruleIndex].id).toBe("cross-vendor-field");
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: { uri: POLICY_PATH, uriBaseId: "%SRCROOT%" },
      region: { startLine: 19, startColumn: 9, endLine: 19, endColumn: 18 },
    });
  });

  it("refuses an unknown format with one line and exit 2", async () => {
    const run = await runCli(["lint", "--format", "xml"], { cwd: repo.dir });
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("xml");
    expect(run.stdout).toBe("");
  });

  it("refuses an unknown flag with exit 2", async () => {
    const run = await runCli(["lint", "--stagged"], { cwd: repo.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown option '--stagged'/);
  });

  it("fails on warnings only past --max-warnings", async () => {
    const expired = repo.write(
      "policies/sandbox/vendorBAddressScreening/addresses.yaml",
      `providerType: vendorBAddressScreening
entries:
  - address: "0x52908400098527886e0f7030069857d2e4169ee7"
    chain: EVM
    action: ALLOW
    scope: ALL
    reason: treasury cold wallet
    expiresAt: 2020-01-01T00:00:00Z
`,
    );
    expect((await runCli(["lint", expired], { cwd: repo.dir })).code).toBe(0);
    const strict = await runCli(["lint", "--max-warnings", "0", expired], { cwd: repo.dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain("expired-address-entry");
    expect((await runCli(["lint", "--max-warnings", "lots", expired], { cwd: repo.dir })).code).toBe(2);
  });
});
