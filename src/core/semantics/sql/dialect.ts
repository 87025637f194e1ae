/**
 * What differs between the SQL dialects screenpol emits (docs/replay.md,
 * "Dialects"): literals, quoting, "some element of a list satisfies", and a
 * relation of literal rows. Everything else the shared builder writes in the
 * SQL all four parse alike. Each function name a dialect writes has a row in
 * docs/replay.md's mapping table, and a test holds the two together.
 */

export const SQL_DIALECTS = ["duckdb", "spark", "trino", "bigquery"] as const;
export type SqlDialectName = (typeof SQL_DIALECTS)[number];

export interface SqlDialect {
  readonly name: SqlDialectName;
  /** A string literal of exactly `text`. */
  string(text: string): string;
  /** A quoted identifier: column, field and alias names are the layout's, camelCase included. */
  identifier(name: string): string;
  /**
   * Does some element of the list `list` satisfy `predicate`, written over
   * the element's name `element`? NULL or FALSE for a NULL or empty list
   * (the builder writes it where NULL reads as false).
   */
  anyElement(list: string, element: string, predicate: string): string;
  /** A relation `alias` of literal rows (every value already a literal), for the address entries. */
  inlineTable(alias: string, columns: readonly string[], rows: readonly (readonly string[])[]): string;
}

/**
 * A DOUBLE literal of exactly `value`: the exponent form is a DOUBLE (FLOAT64)
 * in all four dialects, where `0.1` would be a DECIMAL in some, and
 * toExponential() writes the shortest digits that read back as the same
 * double, so SQL compares the number decide() compares.
 */
export function doubleLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [digits, exponent] = value.toExponential().split("e");
  return `${digits}E${Number(exponent)}`;
}

/** A whole number (a token's networkId) as an integer literal. */
export function integerLiteral(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`);
  return String(value);
}

/** '...' with the quote doubled: standard SQL, as DuckDB and Trino read it (a backslash is an ordinary character). */
export function standardString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * '...' with backslash escapes, as Spark and BigQuery read it: in Spark two
 * adjacent literals concatenate, so a doubled quote would silently drop the
 * quote instead of escaping it.
 */
export function backslashString(text: string): string {
  const escaped = text.replace(/[\\'\n\r\t\0]/g, (character) => ({ "\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0" })[character]!);
  return `'${escaped}'`;
}
