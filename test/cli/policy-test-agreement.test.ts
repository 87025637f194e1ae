/**
 * `screenpol test` agrees with the decision procedure it must run (style.md,
 * habit 12): 200 generated screenings, their expectations taken from calling
 * the core decide() directly on the same files, all pass through the built CLI;
 * flipping the expected action of k of them makes exactly those k fail.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSubjects, workingTreeReader } from "../../src/app/decision-subjects.js";
import { readWorkspaceConfig } from "../../src/app/workspace-config.js";
import { decide, type Decision, type Screening } from "../../src/core/semantics/index.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const NOW = new Date("2026-11-23T12:00:00Z");
const TEST_FILE = "tests/sandbox/vendorAWalletScreening/TRANSACTION.test.yaml";
const ADDRESSES = ["0x52908400098527886E0F7030069857D2E4169EE7", "0xC349F2E98461322cf5fab5aD704D6113a6e66249", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"];
const CATEGORIES = ["mixer", "stolen_funds", "scam", "fraud_shop", "no_kyc_exchange", "gambling", "privacy_wallet", "ransomware", "darknet_market"];
const TOKENS = [
  { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" },
  { chain: "EVM", networkId: 56, contractAddress: "0x55d398326f99059fF775485246999027B3197955" },
];

/** Screenings for vendorA TRANSACTION, with values at and around the sample policy's thresholds. */
const screening: fc.Arbitrary<Screening> = fc.record(
  {
    chain: fc.constantFrom("EVM", "SOL", "BTC"),
    address: fc.constantFrom(...ADDRESSES),
    transfer: fc.record({ amountUsd: fc.constantFrom(0, 249.99, 250, 1200), token: fc.constantFrom(...TOKENS) }, { requiredKeys: ["amountUsd"] }),
    sanctioned: fc.boolean(),
    signals: fc.record(
      {
        riskScore: fc.constantFrom(0, 3, 4, 8.4, 8.5, 10),
        exposures: fc.array(fc.record({ category: fc.constantFrom(...CATEGORIES), direction: fc.constantFrom("direct", "indirect"), percent: fc.constantFrom(0, 5, 10, 15, 25, 100) }), { maxLength: 3 }),
        cluster: fc.record({ category: fc.constantFrom(...CATEGORIES) }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["chain", "address"] },
) as fc.Arbitrary<Screening>;

let repo: TempRepo;
let screenings: Screening[];
let decisions: Decision[];

beforeAll(async () => {
  repo = makeTempRepo();
  const { config } = await readWorkspaceConfig(repo.dir);
  const target = { environment: "sandbox", providerType: "vendorAWalletScreening" as const, scope: "TRANSACTION" as const };
  const load = await loadSubjects(config, [target], workingTreeReader(repo.dir), { now: NOW });
  if (load.kind !== "subjects") throw new Error("the sample policy does not lint");
  const subject = load.subjects.get("sandbox/vendorAWalletScreening/TRANSACTION")!.subject;
  screenings = fc.sample(screening, { numRuns: 200, seed: 20261123 });
  decisions = screenings.map((item) => decide(subject, item, { now: NOW }));
});
afterAll(() => repo.remove());

const OTHER: Record<string, string> = { ALLOW: "BLOCK", ALERT: "ALLOW", BLOCK: "ALERT" };

function writeTests(flipped: ReadonlySet<number>): void {
  const cases = screenings.map((item, index) => {
    const decision = decisions[index]!;
    const action = flipped.has(index) ? OTHER[decision.action] : decision.action;
    // JSON is YAML: one case per line keeps the line numbers simple (case i is on line 6 + i).
    return `  - ${JSON.stringify({ name: `case ${index}`, screening: item, expect: { action, by: decision.by } })}`;
  });
  repo.write(TEST_FILE, ["environment: sandbox", "providerType: vendorAWalletScreening", "scope: TRANSACTION", "# generated", "cases:", ...cases, ""].join("\n"));
}

describe("screenpol test and decide()", () => {
  it("reach several rules and steps (the sample is not trivial)", () => {
    expect(new Set(decisions.map((decision) => decision.by)).size).toBeGreaterThanOrEqual(6);
  });

  it("agree on all 200 generated cases", async () => {
    writeTests(new Set());
    const run = await runCli(["test", "--now", NOW.toISOString(), "--format", "json"], { cwd: repo.dir });
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as { passed: number; failed: number };
    expect([report.passed, report.failed, run.code]).toEqual([200, 0, 0]);
  });

  it("fail exactly the k cases whose expectation was flipped", async () => {
    const flipped = new Set(fc.sample(fc.uniqueArray(fc.integer({ min: 0, max: 199 }), { minLength: 1, maxLength: 12 }), { numRuns: 1, seed: 7 })[0]);
    writeTests(flipped);
    const run = await runCli(["test", "--now", NOW.toISOString(), "--format", "json"], { cwd: repo.dir });
    const report = JSON.parse(run.stdout) as { failed: number; cases: Array<{ name: string; line: number; ok: boolean }> };
    expect(run.code).toBe(1);
    const failed = report.cases.filter((result) => !result.ok);
    expect(failed.map((result) => result.name)).toEqual([...flipped].sort((a, b) => a - b).map((index) => `case ${index}`));
    expect(failed.map((result) => result.line)).toEqual([...flipped].sort((a, b) => a - b).map((index) => 6 + index));
  });
});
