/** Trino (docs/replay.md, "Dialects"): emitted, checked against dt-sql-parser's Trino grammar, not run here. */
import { standardString, type SqlDialect } from "./dialect.js";

export const trino: SqlDialect = {
  name: "trino",
  string: standardString,
  identifier: (name) => `"${name.replaceAll('"', '""')}"`,
  anyElement: (list, element, predicate) => `any_match(${list}, ${element} -> ${predicate})`,
  inlineTable: (alias, columns, rows) => `(VALUES ${rows.map((row) => `(${row.join(", ")})`).join(", ")}) AS ${alias} (${columns.join(", ")})`,
};
