/**
 * `screenpol lint` with no paths lints the policy test files too
 * (tests/**\/*.test.yaml), with the findings `screenpol test` stops on.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const TEST_FILE = "tests/sandbox/vendorBAddressScreening/SIGN_IN.test.yaml";
const TEXT = `environment: sandbox
providerType: vendorBAddressScreening
scope: SIGN_IN
cases:
  - name: a severe level is blocked
    screening:
      chain: EVM
      address: "0x52908400098527886E0F7030069857D2E4169EE7"
      signals: { riskLevel: severe }
    expect: { action: BLOCK }
`;

let repo: TempRepo;
beforeEach(() => {
  repo = makeTempRepo();
});
afterEach(() => repo.remove());

const lines = (stdout: string) => stdout.split("\n").filter((line) => /^\S+:\d+:\d+  /.test(line));

describe("screenpol lint of policy test files", () => {
  it("lints a good test file with no finding", async () => {
    repo.write(TEST_FILE, TEXT);
    const withTest = await runCli(["lint"], { cwd: repo.dir });
    rmSync(join(repo.dir, TEST_FILE));
    const without = await runCli(["lint"], { cwd: repo.dir });
    expect(withTest.code).toBe(0);
    const count = (stdout: string) => Number(/(\d+) files linted, no problems/.exec(stdout)?.[1]);
    expect(count(withTest.stdout)).toBe(count(without.stdout) + 1);
  });

  it("reports a screening of the other vendor and a missing policy file at their line:column", async () => {
    repo.write(TEST_FILE, TEXT.replace("riskLevel: severe", "riskScore: 9"));
    rmSync(join(repo.dir, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"));
    const run = await runCli(["lint"], { cwd: repo.dir });
    expect(run.code).toBe(1);
    expect(lines(run.stdout)).toEqual([
      `${TEST_FILE}:1:1  error  environment: no policy file policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml: this file tests the vendorBAddressScreening SIGN_IN policy of sandbox, which does not exist  unknown-policy`,
      `${TEST_FILE}:9:18  error  cases[0].screening.signals.riskScore: riskScore is a signal of vendorAWalletScreening, not of vendorBAddressScreening; vendorBAddressScreening returns riskLevel  cross-vendor-field`,
    ]);
  });

  it("reads a named test file as a test file, wherever it sits, and checks its policy exists", async () => {
    repo.write("elsewhere/sign-in.test.yaml", TEXT.replace("scope: SIGN_IN", "scope: TRANSACTION"));
    rmSync(join(repo.dir, "policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml"));
    const run = await runCli(["lint", "elsewhere/sign-in.test.yaml"], { cwd: repo.dir });
    expect(lines(run.stdout)).toEqual([
      "elsewhere/sign-in.test.yaml:1:1  error  environment: no policy file policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml: this file tests the vendorBAddressScreening TRANSACTION policy of sandbox, which does not exist  unknown-policy",
    ]);
  });
});
