/** Spark SQL (docs/replay.md, "Dialects"): emitted, checked against dt-sql-parser's SparkSQL grammar, not run here. */
import { backslashString, type SqlDialect } from "./dialect.js";

export const spark: SqlDialect = {
  name: "spark",
  string: backslashString,
  identifier: (name) => `\`${name.replaceAll("`", "``")}\``,
  anyElement: (list, element, predicate) => `exists(${list}, ${element} -> ${predicate})`,
  inlineTable: (alias, columns, rows) => `(VALUES ${rows.map((row) => `(${row.join(", ")})`).join(", ")}) AS ${alias} (${columns.join(", ")})`,
};
