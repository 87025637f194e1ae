/** The decision procedure compiled to SQL (docs/replay.md): one shared builder, one file per dialect's differences. */
import { bigquery } from "./bigquery.js";
import type { SqlDialect, SqlDialectName } from "./dialect.js";
import { duckdb } from "./duckdb.js";
import { spark } from "./spark.js";
import { trino } from "./trino.js";

export { SQL_DIALECTS, type SqlDialect, type SqlDialectName } from "./dialect.js";
export { compileDecisionSql, compileReplaySql, decisionOfStep, replayStepsSql } from "./builder.js";

const DIALECTS: Readonly<Record<SqlDialectName, SqlDialect>> = { duckdb, spark, trino, bigquery };

export function sqlDialect(name: SqlDialectName): SqlDialect {
  return DIALECTS[name];
}
