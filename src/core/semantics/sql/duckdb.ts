/** DuckDB (docs/replay.md, "Dialects"): the engine screenpol runs itself (`replay --engine duckdb`). */
import { standardString, type SqlDialect } from "./dialect.js";

export const duckdb: SqlDialect = {
  name: "duckdb",
  string: standardString,
  identifier: (name) => `"${name.replaceAll('"', '""')}"`,
  // DuckDB 1.3 deprecates the arrow lambda (`e -> ...`) for this Python-style form.
  anyElement: (list, element, predicate) => `len(list_filter(${list}, lambda ${element}: ${predicate})) > 0`,
  inlineTable: (alias, columns, rows) => `(VALUES ${rows.map((row) => `(${row.join(", ")})`).join(", ")}) AS ${alias} (${columns.join(", ")})`,
};
