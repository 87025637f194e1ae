/**
 * The SQL a user gets, byte for byte, in every dialect (docs/replay.md,
 * "Dialects"): two policies that use every step and every condition, one
 * alone and one as a pair in one scan, held to the files in sql-golden/.
 * The grammar checks (sql-dialects.test.ts) say the SQL parses and DuckDB's
 * differential says it decides as decide() does; only this says that the
 * Spark, Trino and BigQuery text, which nothing here runs, names the layout's
 * columns, quotes as its dialect quotes and searches lists as it should. A
 * change of the SQL shows up here in review: rerun with
 * SCREENPOL_UPDATE_GOLDEN=1 to write the files anew, and read the diff.
 *
 * A plain comparison with the file, not vitest's toMatchFileSnapshot: under
 * Stryker's vitest runner (one vitest reused for every mutant) a mismatched
 * file snapshot did not fail the test, and the mutants it should kill were
 * reported as survivors (docs/testing.md, "Mutation testing").
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileSubject, type DecisionSubject } from "../../../src/core/semantics/index.js";
import { compileDecisionSql, compileReplaySql, SQL_DIALECTS, sqlDialect } from "../../../src/core/semantics/sql/index.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), "sql-golden");

function expectGolden(name: string, sql: string): void {
  const file = join(GOLDEN, name);
  if (process.env.SCREENPOL_UPDATE_GOLDEN === "1") writeFileSync(file, sql);
  expect(sql).toBe(readFileSync(file, "utf8"));
}

const vendorATransaction = (scoreAtLeast: number): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy: {
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    schemaVersion: 2,
    enabled: true,
    rules: {
      preScreen: {
        chains: ["EVM", "SOL"],
        minAmountUsd: 100,
        tokens: [
          { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" },
          { chain: "SOL", networkId: 101, contractAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" },
        ],
      },
      postScreen: [
        { id: "score", when: { riskScore: { gte: scoreAtLeast } }, action: "BLOCK" },
        { id: "darknet-direct", when: { exposure: { category: "darknet_market", direction: "direct", minPercent: 25 } }, action: "BLOCK" },
        { id: "mixing", when: { riskScore: { lte: 3 }, anyOf: [{ cluster: { category: "mixer" } }, { exposure: { category: "scam", direction: "any", minPercent: 10 } }] }, action: "ALERT" },
      ],
    },
  },
  addressEntries: [
    { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury" },
    { address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", chain: "SOL", action: "BLOCK", scope: "TRANSACTION", reason: "case 41", expiresAt: "2027-01-01T00:00:00Z" },
    { address: "0x8617E340B3D01FA5F11F306F4090FD50E238070D", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "expired", expiresAt: "2026-01-01T00:00:00Z" },
  ],
});

const VENDOR_B_SIGN_IN: DecisionSubject = {
  providerType: "vendorBAddressScreening",
  scope: "SIGN_IN",
  policy: {
    providerType: "vendorBAddressScreening",
    scope: "SIGN_IN",
    schemaVersion: 1,
    enabled: true,
    rules: {
      preScreen: {},
      postScreen: [
        { id: "level", when: { riskLevel: { atLeast: "high" } }, action: "BLOCK" },
        { id: "ransomware-owner", when: { indicator: { category: "ransomware", riskType: "ownership", minVolumeUsd: 0 } }, action: "BLOCK" },
        { id: "gambling", when: { entity: { category: "gambling" } }, action: "ALERT" },
      ],
    },
  },
};

describe.each(SQL_DIALECTS)("the SQL of %s", (name) => {
  const options = { dialect: sqlDialect(name), now: NOW, relation: "screenings" };

  it("one vendorB SIGN_IN policy: every vendorB condition", () => {
    expectGolden(`${name}-vendorB-sign-in.sql`, `${compileDecisionSql(compileSubject(VENDOR_B_SIGN_IN), options)}\n`);
  });

  it("a vendorA TRANSACTION pair in one scan: address entries, preScreen, anyOf, exposures", () => {
    const sql = compileReplaySql(compileSubject(vendorATransaction(8.5)), compileSubject(vendorATransaction(9)), options);
    expectGolden(`${name}-vendorA-transaction-pair.sql`, `${sql}\n`);
  });
});
