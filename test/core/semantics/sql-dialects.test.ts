/**
 * The SQL of the dialects screenpol cannot run here (docs/replay.md,
 * "Dialects"): for every policy of the sample repository and of the decision
 * corpus, alone and as a pair in one scan, Spark's and Trino's parsed by
 * dt-sql-parser's grammars and BigQuery's by node-sql-parser's, with no syntax
 * error; and every function a dialect's SQL calls has a row for that dialect
 * in docs/replay.md's table.
 */
import { SparkSQL, TrinoSQL } from "dt-sql-parser";
import nodeSqlParser from "node-sql-parser";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSubjects, workingTreeReader, type SubjectTarget } from "../../../src/app/decision-subjects.js";
import { openValidWorkspace } from "../../../src/app/workspace-config.js";
import { compileSubject, type DecisionSubject } from "../../../src/core/semantics/index.js";
import { compileDecisionSql, compileReplaySql, SQL_DIALECTS, sqlDialect, type SqlDialectName } from "../../../src/core/semantics/sql/index.js";
import { SCOPES, VENDORS } from "../../../src/core/vendors.js";
import { readDecisionCorpus, readWeakeningCorpus } from "../../helpers/decision-corpus.js";
import { PROJECT_ROOT } from "../../helpers/project-root.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");

/** Every subject of the sample repository: each environment, vendor and scope. */
async function sampleSubjects(): Promise<Array<{ name: string; subject: DecisionSubject }>> {
  const workspace = await openValidWorkspace(PROJECT_ROOT);
  const targets: SubjectTarget[] = workspace.config.environments.flatMap((environment) => VENDORS.flatMap((providerType) => SCOPES.map((scope) => ({ environment: environment.name, providerType, scope }))));
  const load = await loadSubjects(workspace.config, targets, workingTreeReader(workspace.root), { now: new Date(NOW) });
  if (load.kind !== "subjects") throw new Error("the sample repository has lint errors");
  return [...load.subjects.values()].map((loaded) => ({ name: `${loaded.environment}/${loaded.providerType}/${loaded.scope}`, subject: loaded.subject }));
}

/** An address entry whose address holds every character a string literal must escape. */
const ODD_SUBJECT: DecisionSubject = {
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled: true, rules: { preScreen: { tokens: [{ chain: "SOL", networkId: 101, contractAddress: "it's\\a\nmint" }] }, postScreen: [{ id: "block-all", when: {}, action: "BLOCK" }] } },
  addressEntries: [{ address: "quote ' backslash \\ newline \n tab \t end", chain: "TRON", action: "BLOCK", scope: "ALL", reason: "odd" }],
};

const corpus = readDecisionCorpus();
const weakening = readWeakeningCorpus();

async function statements(dialect: SqlDialectName): Promise<Array<{ name: string; sql: string }>> {
  const options = { dialect: sqlDialect(dialect), now: NOW, relation: "screenings" };
  const singles = [...(await sampleSubjects()), ...corpus.cases.map((item) => ({ name: `${item.file}: ${item.name}`, subject: item.subject })), { name: "odd strings", subject: ODD_SUBJECT }];
  const pairs = weakening.cases.flatMap((item) => (item.base !== undefined && item.head !== undefined ? [{ name: `weakening ${item.file}: ${item.name}`, base: item.base, head: item.head }] : []));
  return [
    ...singles.map(({ name, subject }) => ({ name, sql: compileDecisionSql(compileSubject(subject), options) })),
    ...pairs.map(({ name, base, head }) => ({ name, sql: compileReplaySql(compileSubject(base), compileSubject(head), options) })),
  ];
}

const PARSERS: Record<Exclude<SqlDialectName, "duckdb">, (sql: string) => string[]> = {
  spark: (sql) => new SparkSQL().validate(sql).map((error) => `${error.startLine}:${error.startColumn} ${error.message}`),
  trino: (sql) => new TrinoSQL().validate(sql).map((error) => `${error.startLine}:${error.startColumn} ${error.message}`),
  bigquery: (sql) => {
    try {
      new nodeSqlParser.Parser().astify(sql, { database: "BigQuery" });
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  },
};

describe("each dialect's SQL parses in that dialect's grammar", () => {
  it.each(Object.keys(PARSERS) as Array<keyof typeof PARSERS>)("%s: every sample and corpus policy, alone and paired", async (dialect) => {
    const all = await statements(dialect);
    expect(all.length).toBeGreaterThan(150);
    const failures = all.flatMap(({ name, sql }) => PARSERS[dialect](sql).map((error) => `${name}: ${error}`));
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it("a grammar refuses what is not its dialect: the checks can fail", () => {
    expect(PARSERS.spark("SELECT FROM WHERE")).not.toEqual([]);
    expect(PARSERS.trino("SELECT any_match(l, e -> ) FROM t")).not.toEqual([]);
    expect(PARSERS.bigquery("SELECT * FROM (VALUES (1, 2)) AS t (a, b)")).not.toEqual([]);
  });
});

/** The function names of each dialect's column in docs/replay.md's table. */
function documentedFunctions(): Record<SqlDialectName, Set<string>> {
  const text = readFileSync(join(PROJECT_ROOT, "docs/replay.md"), "utf8");
  const section = text.slice(text.indexOf("## Dialects"));
  const rows = section.split("\n").filter((line) => line.startsWith("|") && !line.startsWith("|---"));
  const header = rows[0]!.split("|").slice(1, -1).map((cell) => cell.trim().toLowerCase());
  const result = Object.fromEntries(SQL_DIALECTS.map((dialect) => [dialect, new Set<string>()])) as Record<SqlDialectName, Set<string>>;
  for (const row of rows.slice(1)) {
    row.split("|").slice(1, -1).forEach((cell, index) => {
      const dialect = header[index] as SqlDialectName;
      if (!SQL_DIALECTS.includes(dialect)) return;
      for (const name of functionsIn(cell)) result[dialect].add(name);
    });
  }
  return result;
}

/** What the SQL calls: a name before `(`, less the keywords that take one and the column lists of aliases. */
const NOT_FUNCTIONS = new Set(["in", "values", "from", "join", "and", "or", "not", "select", "where", "on", "then", "when", "else", "case", "as"]);
function functionsIn(sql: string): string[] {
  return [...sql.matchAll(/(?<!\bAS\s+)(?<![\w.])([A-Za-z_][A-Za-z0-9_]*)\s*\(/gi)].map((match) => match[1]!.toLowerCase()).filter((name) => !NOT_FUNCTIONS.has(name));
}

describe("every function a dialect's SQL calls has a row in docs/replay.md", () => {
  const documented = documentedFunctions();

  it.each([...SQL_DIALECTS])("%s", async (dialect) => {
    expect(documented[dialect].size).toBeGreaterThan(0);
    const used = new Set((await statements(dialect)).flatMap(({ sql }) => functionsIn(sql)));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((name) => !documented[dialect].has(name)).sort()).toEqual([]);
  });
});
