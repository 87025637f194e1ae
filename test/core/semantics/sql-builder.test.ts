/**
 * What the SQL compiler (core/semantics/sql/builder.ts) writes beyond the
 * golden files: the step codes read back into decisions (what the DuckDB and
 * Ray engines do with each group), the columns carried for the engine, and
 * the preScreen gates a policy's scope and lists make of it; and each
 * dialect's quoting of what a policy may hold (an address, an id) exactly.
 */
import { describe, expect, it } from "vitest";
import { compileSubject, type DecisionSubject } from "../../../src/core/semantics/index.js";
import { RULE_STEP_BASE, STEP_CODES } from "../../../src/core/semantics/sql/builder.js";
import { doubleLiteral, integerLiteral, SQL_DIALECTS } from "../../../src/core/semantics/sql/dialect.js";
import { compileDecisionSql, decisionOfStep, replayStepsSql, sqlDialect } from "../../../src/core/semantics/sql/index.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const options = { dialect: sqlDialect("duckdb"), now: NOW, relation: "screenings" };

const subjectOf = (scope: "SIGN_IN" | "TRANSACTION", preScreen: Record<string, unknown>): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope,
  policy: {
    providerType: "vendorAWalletScreening",
    scope,
    schemaVersion: 1,
    enabled: true,
    rules: { preScreen, postScreen: [{ id: "score", when: { riskScore: { gte: 9 } }, action: "ALERT" }, { id: "mixers", when: { cluster: { category: "mixer" } }, action: "BLOCK" }] },
  } as DecisionSubject["policy"],
});

/** The arm of the step CASE that decides `pre-screen`, or undefined when the SQL has none. */
const gateOf = (sql: string) => sql.split("\n").find((line) => line.trim().endsWith(`THEN ${STEP_CODES["pre-screen"]}`))?.trim();

describe("a step code read back (decisionOfStep)", () => {
  const compiled = compileSubject(subjectOf("TRANSACTION", {}));

  it("each step and each rule by its code", () => {
    expect(decisionOfStep(compiled, STEP_CODES["sanctions-floor"], null)).toStrictEqual({ action: "BLOCK", by: "sanctions-floor" });
    expect(decisionOfStep(compiled, STEP_CODES["address-entry"], "ALLOW")).toStrictEqual({ action: "ALLOW", by: "address-entry" });
    expect(decisionOfStep(compiled, STEP_CODES["address-entry"], "BLOCK")).toStrictEqual({ action: "BLOCK", by: "address-entry" });
    for (const step of ["policy-disabled", "pre-screen", "terminal-allow"] as const) expect(decisionOfStep(compiled, STEP_CODES[step], null)).toStrictEqual({ action: "ALLOW", by: step });
    expect(decisionOfStep(compiled, RULE_STEP_BASE, null)).toStrictEqual({ action: "ALERT", by: "score" });
    expect(decisionOfStep(compiled, RULE_STEP_BASE + 1, null)).toStrictEqual({ action: "BLOCK", by: "mixers" });
  });

  it("a code the policy has no step or rule for, or an entry's action that is none, is a RangeError", () => {
    expect(() => decisionOfStep(compiled, RULE_STEP_BASE + 2, null)).toThrow(new RangeError(`step ${RULE_STEP_BASE + 2}: the policy has 2 rules`));
    expect(() => decisionOfStep(compiled, -1, null)).toThrow(new RangeError("no step -1"));
    expect(() => decisionOfStep(compiled, STEP_CODES["address-entry"], "ALERT")).toThrow(new RangeError("an address entry decided with action ALERT"));
    expect(() => decisionOfStep(compiled, STEP_CODES["address-entry"], null)).toThrow(new RangeError("an address entry decided with action null"));
  });
});

describe("the columns carried beside the steps, for the engine", () => {
  it("each after `line`, quoted as the dialect quotes", () => {
    const compiled = compileSubject(subjectOf("TRANSACTION", {}));
    const sql = replayStepsSql(compiled, compiled, { ...options, carry: ["ok", "text"] });
    expect(sql.split("\n").slice(0, 4)).toEqual(["SELECT", '  s."line",', '  s."ok",', '  s."text",']);
  });
});

describe("the preScreen gates", () => {
  const gate = (scope: "SIGN_IN" | "TRANSACTION", preScreen: Record<string, unknown>) => gateOf(compileDecisionSql(compileSubject(subjectOf(scope, preScreen)), options));
  const tokens = [{ chain: "SOL", networkId: 101, contractAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" }];

  it("an empty chains list keeps every screening out", () => {
    expect(gate("TRANSACTION", { chains: [] })).toBe("WHEN TRUE THEN 3");
  });

  it("an empty tokens list keeps every TRANSACTION out", () => {
    expect(gate("TRANSACTION", { tokens: [] })).toBe("WHEN TRUE THEN 3");
  });

  it("minAmountUsd and tokens are TRANSACTION's only: a SIGN_IN policy has no gate for them", () => {
    expect(gate("SIGN_IN", { minAmountUsd: 100, tokens })).toBeUndefined();
    expect(gate("TRANSACTION", { minAmountUsd: 100 })).toBe('WHEN COALESCE(s."transfer"."amountUsd" < 1E2, FALSE) THEN 3');
  });

  it("a non-EVM token's contract address compares exactly, an EVM one's lower-cased", () => {
    expect(gate("TRANSACTION", { tokens })).toBe(
      'WHEN NOT COALESCE((s."transfer"."token"."chain" = \'SOL\' AND s."transfer"."token"."networkId" = 101 AND s."transfer"."token"."contractAddress" = \'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v\'), FALSE) THEN 3',
    );
  });
});

describe("literals and identifiers, in each dialect's own quoting", () => {
  const odd = "a'b\\c\nd\re\tf\u0000g";

  it("strings: a doubled quote in DuckDB and Trino (a backslash is a character), backslash escapes in Spark and BigQuery", () => {
    const written = Object.fromEntries(SQL_DIALECTS.map((name) => [name, sqlDialect(name).string(odd)]));
    expect(written).toEqual({
      duckdb: "'a''b\\c\nd\re\tf\u0000g'",
      trino: "'a''b\\c\nd\re\tf\u0000g'",
      spark: "'a\\'b\\\\c\\nd\\re\\tf\\0g'",
      bigquery: "'a\\'b\\\\c\\nd\\re\\tf\\0g'",
    });
  });

  it("identifiers: a quote inside doubled in DuckDB, Trino and Spark, escaped in BigQuery", () => {
    const written = Object.fromEntries(SQL_DIALECTS.map((name) => [name, sqlDialect(name).identifier('a"b`c\\d')]));
    expect(written).toEqual({
      duckdb: '"a""b`c\\d"',
      trino: '"a""b`c\\d"',
      spark: '`a"b``c\\d`',
      bigquery: '`a"b\\`c\\\\d`',
    });
  });

  it("each dialect by its name", () => {
    expect(SQL_DIALECTS.map((name) => sqlDialect(name).name)).toEqual(["duckdb", "spark", "trino", "bigquery"]);
  });

  it("numbers: a DOUBLE in exponent form, a whole number as it is; anything else is a RangeError, never SQL", () => {
    expect([doubleLiteral(0.1), doubleLiteral(8.5), doubleLiteral(100), doubleLiteral(0)]).toEqual(["1E-1", "8.5E0", "1E2", "0E0"]);
    expect(() => doubleLiteral(Number.NaN)).toThrow(new RangeError("not a finite number: NaN"));
    expect(() => doubleLiteral(Number.POSITIVE_INFINITY)).toThrow(new RangeError("not a finite number: Infinity"));
    expect(integerLiteral(101)).toBe("101");
    expect(() => integerLiteral(1.5)).toThrow(new RangeError("not a whole number: 1.5"));
    expect(() => integerLiteral(2 ** 53)).toThrow(new RangeError(`not a whole number: ${2 ** 53}`));
  });
});
