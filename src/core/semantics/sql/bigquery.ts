/**
 * BigQuery GoogleSQL (docs/replay.md, "Dialects"): emitted, checked against
 * node-sql-parser's BigQuery grammar, not run here. It has no lambdas and no
 * VALUES: a list is searched with EXISTS over UNNEST, and literal rows are an
 * UNNEST of STRUCTs.
 */
import { backslashString, type SqlDialect } from "./dialect.js";

export const bigquery: SqlDialect = {
  name: "bigquery",
  string: backslashString,
  identifier: (name) => `\`${name.replace(/[\\`]/g, (character) => `\\${character}`)}\``,
  anyElement: (list, element, predicate) => `EXISTS (SELECT 1 FROM UNNEST(${list}) AS ${element} WHERE ${predicate})`,
  inlineTable: (alias, columns, rows) =>
    `(SELECT * FROM UNNEST([${rows.map((row) => `STRUCT(${row.map((value, index) => `${value} AS ${columns[index]}`).join(", ")})`).join(", ")}])) AS ${alias}`,
};
