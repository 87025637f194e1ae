/**
 * The screenings relation of the DuckDB replay engine (docs/replay.md, "The
 * column layout"), as SQL text: JSON lines (and CSV rows) read as text and
 * parsed by DuckDB, or Parquet's typed columns, each row with its number
 * (`line`) and `ok`, the SQL side of the screening's validation
 * (semantics.md section 1; screening-input.ts is the reference).
 *
 * `ok` is conservative: a row it accepts is one readReplayLine accepts with
 * the same values; anything else (invalid JSON, a key or type the layout does
 * not have, a value out of range, and also a few valid spellings SQL cannot
 * vouch for, such as `1.0` for a networkId) goes back to the JavaScript
 * reader, which decides it or words why it is a bad line, so that both
 * engines report the same bad lines with the same messages.
 */
import { RISK_LEVELS, RISK_TYPES } from "../semantics/signals.js";
import { CATEGORIES, type Scope, type Vendor } from "../vendors.js";

/** The columns every screenings relation has, in this order, before the layout's. */
const ROW_COLUMNS = ["line", "ok", "text"] as const;

/** The layout's fields (docs/replay.md), each a DuckDB type; numbers are DOUBLE as decide() compares them. */
export type LayoutType = { kind: "scalar"; type: "VARCHAR" | "DOUBLE" | "BOOLEAN" | "INTEGER" } | { kind: "struct"; fields: Record<string, LayoutType> } | { kind: "list"; element: LayoutType };

const text_: LayoutType = { kind: "scalar", type: "VARCHAR" };
const number_: LayoutType = { kind: "scalar", type: "DOUBLE" };
const struct = (fields: Record<string, LayoutType>): LayoutType => ({ kind: "struct", fields });

/** The screening of semantics.md section 1 as nested columns, both vendors' signals side by side. */
export const SCREENING_LAYOUT: Readonly<Record<string, LayoutType>> = {
  scope: text_,
  chain: text_,
  address: text_,
  transfer: struct({ amountUsd: number_, token: struct({ chain: text_, networkId: { kind: "scalar", type: "INTEGER" }, contractAddress: text_ }) }),
  sanctioned: { kind: "scalar", type: "BOOLEAN" },
  signals: struct({
    riskScore: number_,
    exposures: { kind: "list", element: struct({ category: text_, direction: text_, percent: number_ }) },
    cluster: struct({ category: text_ }),
    riskLevel: text_,
    indicators: { kind: "list", element: struct({ category: text_, riskType: text_, volumeUsd: number_ }) },
    entity: struct({ category: text_ }),
  }),
};

/** Columns a row cannot do without (the schema's `required`). */
export const REQUIRED_COLUMNS = ["chain", "address"] as const;

const VENDOR_SIGNALS: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["riskScore", "exposures", "cluster"],
  vendorBAddressScreening: ["riskLevel", "indicators", "entity"],
};

export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

const list = (values: readonly string[]) => `[${values.map(sqlString).join(", ")}]`;
const among = (expression: string, values: readonly string[]) => `${expression} IN (${values.map(sqlString).join(", ")})`;

/**
 * The JSON structure of from_json for the layout. networkId is read as a
 * DOUBLE, as JSON.parse reads it; `ok` has made sure it is written as an integer.
 */
function jsonStructure(type: LayoutType): unknown {
  switch (type.kind) {
    case "scalar":
      return type.type === "INTEGER" ? "DOUBLE" : type.type;
    case "list":
      return [jsonStructure(type.element)];
    case "struct":
      return Object.fromEntries(Object.entries(type.fields).map(([name, field]) => [name, jsonStructure(field)]));
  }
}

/** JSON number types as DuckDB's json_type names them. */
const NUMBER_TYPES = ["UBIGINT", "BIGINT", "DOUBLE"];

/** Where a JSON object is expected, and which keys it may (or must, `exact`) have. */
interface ObjectShape {
  path: string;
  keys: readonly string[];
  exact: boolean;
}

/**
 * What each path of a line must hold, by json_type, where a value of another
 * JSON type could pass for a good one once from_json has converted it: a
 * number written as a string, an object where a list belongs (read as NULL,
 * an absent key). A string field with an enum or a pattern needs no entry:
 * no number, boolean, list or object converts to "mixer" or "EVM". An
 * optional one does, as a JSON null reads as NULL, an absent key. A missing
 * path (NULL) is an absent key.
 */
function leafTypes(vendor: Vendor): Array<{ path: string; types: readonly string[] }> {
  const leaves: Array<{ path: string; types: readonly string[] }> = [
    { path: "$.scope", types: ["VARCHAR"] },
    { path: "$.address", types: ["VARCHAR"] },
    { path: "$.transfer", types: ["OBJECT"] },
    { path: "$.transfer.amountUsd", types: NUMBER_TYPES },
    { path: "$.transfer.token", types: ["OBJECT"] },
    // JSON.parse reads 1.0 as the integer 1, json_type as a DOUBLE: such a line goes to the JavaScript reader.
    { path: "$.transfer.token.networkId", types: ["UBIGINT"] },
    { path: "$.transfer.token.contractAddress", types: ["VARCHAR"] },
    { path: "$.sanctioned", types: ["BOOLEAN"] },
    { path: "$.signals", types: ["OBJECT"] },
  ];
  if (vendor === "vendorAWalletScreening") leaves.push({ path: "$.signals.riskScore", types: NUMBER_TYPES }, { path: "$.signals.exposures", types: ["ARRAY"] }, { path: "$.signals.cluster", types: ["OBJECT"] });
  else leaves.push({ path: "$.signals.riskLevel", types: ["VARCHAR"] }, { path: "$.signals.indicators", types: ["ARRAY"] }, { path: "$.signals.entity", types: ["OBJECT"] });
  return leaves;
}

function objectShapes(vendor: Vendor, identity: boolean): ObjectShape[] {
  const [, , own] = VENDOR_SIGNALS[vendor];
  return [
    { path: "$", keys: identity ? [...Object.keys(SCREENING_LAYOUT), ...IDENTITY_KEYS] : Object.keys(SCREENING_LAYOUT), exact: false },
    { path: "$.transfer", keys: ["amountUsd", "token"], exact: false },
    { path: "$.transfer.token", keys: ["chain", "networkId", "contractAddress"], exact: true },
    { path: "$.signals", keys: VENDOR_SIGNALS[vendor], exact: false },
    { path: `$.signals.${own}`, keys: ["category"], exact: true },
  ];
}

/** The elements of the vendor's list signal: objects of exactly these keys, the number one a number. */
function elementShape(vendor: Vendor): { path: string; keys: readonly string[]; number: string } {
  return vendor === "vendorAWalletScreening"
    ? { path: "$.signals.exposures[*]", keys: ["category", "direction", "percent"], number: "percent" }
    : { path: "$.signals.indicators[*]", keys: ["category", "riskType", "volumeUsd"], number: "volumeUsd" };
}

/**
 * The structural half of `ok` for a line of JSON text: one JSON object whose
 * keys, at every level, are the layout's (each once) and this vendor's, each
 * value of a type the schema allows. `types` and `keys` are columns computed
 * once per line. Written with DuckDB's list builtins rather than lambdas
 * where it can: a lambda per row costs more than the rest of the line.
 */
function shapeCheck(vendor: Vendor, identity: boolean): string {
  const checks = [`types[1] = 'OBJECT'`];
  leafTypes(vendor).forEach((leaf, index) => checks.push(`(types[${index + 2}] IS NULL OR ${among(`types[${index + 2}]`, leaf.types)})`));
  objectShapes(vendor, identity).forEach((shape, index) => {
    const keys = `keys[${index + 1}]`;
    // Each allowed key present counts one: as many keys as that is no other key and none twice (cheaper than list_distinct).
    const present = shape.keys.map((key) => `list_contains(${keys}, ${sqlString(key)})::INTEGER`).join(" + ");
    checks.push(`(${keys} IS NULL OR len(${keys}) = ${shape.exact ? `${shape.keys.length} AND ${present} = ${shape.keys.length}` : present})`);
  });
  const element = elementShape(vendor);
  // A list element that is no object has no keys ([]), so it fails the comparison too.
  checks.push(`COALESCE(list_bool_and(list_transform(json_keys(text, ${sqlString(element.path)}), lambda k: list_sort(k) = ${list([...element.keys].sort())})), TRUE)`);
  checks.push(`COALESCE(list_has_all(${list(NUMBER_TYPES)}, json_type(text, ${sqlString(`${element.path}.${element.number}`)})), TRUE)`);
  return checks.join("\n      AND ");
}

/** json_type of each leaf path, after the whole line's (index 1). */
function typesColumn(vendor: Vendor): string {
  return `json_type(text, ${list(["$", ...leafTypes(vendor).map((leaf) => leaf.path)])})`;
}

function keysColumn(vendor: Vendor, identity: boolean): string {
  return `json_keys(text, ${list(objectShapes(vendor, identity).map((shape) => shape.path))})`;
}

/**
 * The value half of `ok`, over the typed columns of a row (`r.` prefixed):
 * what the schema and readScreening check beyond types. Never NULL.
 */
function valueCheck(vendor: Vendor, scope: Scope, row: string): string {
  const categories = CATEGORIES[vendor];
  const chain = (expression: string) => `regexp_full_match(${expression}, '[A-Z][A-Z0-9_]{1,15}')`;
  const checks = [
    // A scope written on the line must be the policy's (screening-input.ts).
    `(${row}.scope IS NULL OR ${row}.scope = ${sqlString(scope)})`,
    chain(`${row}.chain`),
    `length(${row}.address) >= 1`,
    `(${row}.transfer.amountUsd IS NULL OR ${row}.transfer.amountUsd >= 0)`,
    `(${row}.transfer.token IS NULL OR (${chain(`${row}.transfer.token.chain`)} AND ${row}.transfer.token.networkId >= 0 AND ${row}.transfer.token.networkId <= ${Number.MAX_SAFE_INTEGER} AND length(${row}.transfer.token.contractAddress) >= 1))`,
  ];
  // A SIGN_IN screening has no transfer (screening-input.ts).
  if (scope === "SIGN_IN") checks.push(`${row}.transfer IS NULL`);
  const signals = `${row}.signals`;
  if (vendor === "vendorAWalletScreening") {
    checks.push(
      `(${signals}.riskScore IS NULL OR (${signals}.riskScore >= 0 AND ${signals}.riskScore <= 10))`,
      `COALESCE(list_bool_and(list_transform(${signals}.exposures, lambda x: COALESCE(${among("x.category", categories)} AND ${among("x.direction", ["direct", "indirect"])} AND x.percent >= 0 AND x.percent <= 100, FALSE))), TRUE)`,
      `(${signals}.cluster IS NULL OR COALESCE(${among(`${signals}.cluster.category`, categories)}, FALSE))`,
    );
  } else {
    checks.push(
      `(${signals}.riskLevel IS NULL OR ${among(`${signals}.riskLevel`, RISK_LEVELS)})`,
      `COALESCE(list_bool_and(list_transform(${signals}.indicators, lambda x: COALESCE(${among("x.category", categories)} AND ${among("x.riskType", RISK_TYPES)} AND x.volumeUsd >= 0, FALSE))), TRUE)`,
      `(${signals}.entity IS NULL OR COALESCE(${among(`${signals}.entity.category`, categories)}, FALSE))`,
    );
  }
  return `COALESCE(${checks.join("\n    AND ")}, FALSE)`;
}

/**
 * The screenings of a relation of text rows (`line`, `text`): JSON lines or
 * the JSON built from a CSV row. Blank lines are passed over uncounted, as
 * the JavaScript reader passes them; a line SQL cannot vouch for keeps its
 * text for that reader, as does one over `maxLineBytes` (the reader's bound).
 * `identity`: the rows are those {@link rowsBySubject} found of one policy, so
 * a line may also name its `environment` and `providerType` (their values it
 * has checked).
 */
export function screeningsFromText(lines: string, vendor: Vendor, scope: Scope, maxLineBytes: number, options: { identity?: boolean } = {}): string {
  const identity = options.identity === true;
  const fields = Object.keys(SCREENING_LAYOUT).map((name) => `r.${name} AS ${name}`).join(", ");
  return `SELECT line, ${valueCheck(vendor, scope, "r")} AND shaped AS ok, text, ${fields}
FROM (
  SELECT line, text, shaped, CASE WHEN shaped THEN from_json(text, ${sqlString(JSON.stringify(jsonStructure({ kind: "struct", fields: { ...SCREENING_LAYOUT } })))}) END AS r
  FROM (
    SELECT line, text, COALESCE(CASE WHEN parsed THEN ${shapeCheck(vendor, identity)} END, FALSE) AS shaped
    FROM (
      SELECT line, text, parsed,
        CASE WHEN parsed THEN ${typesColumn(vendor)} END AS types,
        CASE WHEN parsed THEN ${keysColumn(vendor, identity)} END AS keys
      FROM (
        -- Over the line bound, or not JSON at all: the JavaScript reader words why.
        SELECT line, text, strlen(text) <= ${maxLineBytes} AND json_valid(text) AS parsed
        FROM ${lines}
        WHERE text IS NOT NULL AND NOT regexp_full_match(text, '[ \\t\\n\\r\\f\\v]*')
      )
    )
  )
)`;
}

/** The members a line names its policy with (semantics.md section 4), in the order the JavaScript reader reads them. */
const IDENTITY_MEMBERS = ["environment", "providerType", "scope"] as const;
/** Those of them the screening layout does not have. */
const IDENTITY_KEYS = ["environment", "providerType"] as const;

export type ReplayIdentityFilter = Partial<Record<(typeof IDENTITY_MEMBERS)[number], string>>;

/**
 * The text rows of `lines` with the policy each names (docs/replay.md, "Mixed
 * exports"), as core/replay/line.ts reads it: `kind` is `subject` (the
 * line's `environment`, `provider_type` and `scope`, each the line's own
 * string or the flag's), `filtered` (a member names another policy than its
 * flag, before any member that would make the line bad), or NULL: a line SQL
 * cannot vouch for (not one JSON object, a member missing with no flag or not
 * a string, a member twice), which the JavaScript reader words. Blank lines
 * are left out, as that reader passes them over.
 */
export function rowsBySubject(lines: string, filter: ReplayIdentityFilter, maxLineBytes: number): string {
  const named = among("k", IDENTITY_MEMBERS);
  const kind: string[] = ["WHEN NOT parsed THEN NULL", `WHEN len(list_filter(keys, lambda k: ${named})) <> len(list_distinct(list_filter(keys, lambda k: ${named}))) THEN NULL`];
  IDENTITY_MEMBERS.forEach((member, index) => {
    const type = `types[${index + 2}]`;
    const flag = filter[member];
    kind.push(flag === undefined ? `WHEN ${type} IS NULL OR ${type} <> 'VARCHAR' THEN NULL` : `WHEN ${type} IS NOT NULL AND ${type} <> 'VARCHAR' THEN NULL`);
    if (flag !== undefined) kind.push(`WHEN ${type} = 'VARCHAR' AND ids[${index + 1}] <> ${sqlString(flag)} THEN 'filtered'`);
  });
  // A member the line leaves out is the flag's.
  const value = (member: (typeof IDENTITY_MEMBERS)[number], index: number) => {
    const flag = filter[member];
    return `CASE WHEN kind = 'subject' THEN ${flag === undefined ? `ids[${index + 1}]` : `COALESCE(ids[${index + 1}], ${sqlString(flag)})`} END`;
  };
  return `SELECT line, text, kind, ${value("environment", 0)} AS environment, ${value("providerType", 1)} AS provider_type, ${value("scope", 2)} AS scope
FROM (
  SELECT line, text, types, ids, CASE ${kind.join(" ")} ELSE 'subject' END AS kind
  FROM (
    SELECT line, text, parsed,
      CASE WHEN parsed THEN json_type(text, ${list(["$", ...IDENTITY_MEMBERS.map((member) => `$.${member}`)])}) END AS types,
      CASE WHEN parsed THEN json_keys(text) END AS keys,
      CASE WHEN parsed THEN json_extract_string(text, ${list(IDENTITY_MEMBERS.map((member) => `$.${member}`))}) END AS ids
    FROM (
      SELECT line, text, COALESCE(CASE WHEN valid THEN json_type(text) = 'OBJECT' END, FALSE) AS parsed
      FROM (
        SELECT line, text, strlen(text) <= ${maxLineBytes} AND json_valid(text) AS valid
        FROM ${lines}
        WHERE text IS NOT NULL AND NOT regexp_full_match(text, '[ \\t\\n\\r\\f\\v]*')
      )
    )
  )
)`;
}

/** JSON lines (plain or .gz, by name) as text rows numbered from 1 across the files, blank lines kept for the count. */
export function jsonLinesRelation(files: readonly string[]): string {
  // No delimiter, quote or escape: a line is one column, whatever it holds.
  return `(SELECT row_number() OVER () AS line, text FROM read_csv(${list(files)}, columns = {'text': 'VARCHAR'}, delim = chr(0), quote = '', escape = '', header = false, auto_detect = false, strict_mode = false, max_line_size = ${MAX_TEXT_LINE_BYTES}))`;
}

/** The longest line the DuckDB reader takes at all; longer stops the replay with one line (docs/replay.md). */
export const MAX_TEXT_LINE_BYTES = 16 * 1024 * 1024;

/**
 * CSV rows (a header of the layout's top-level names; `transfer` and `signals`
 * cells hold JSON objects) as the text of the JSON line they stand for, so
 * that they are validated and decided exactly as JSON lines are.
 */
export function csvRowsRelation(files: readonly string[]): string {
  const member = (name: string, value: string) => `CASE WHEN ${name} IS NOT NULL THEN ${sqlString(`"${name}":`)} || ${value} END`;
  const members = [
    member("scope", "to_json(scope)"),
    member("chain", "to_json(chain)"),
    member("address", "to_json(address)"),
    member("transfer", "transfer"),
    member("sanctioned", "sanctioned"),
    member("signals", "signals"),
  ];
  const columns = Object.keys(SCREENING_LAYOUT).map((name) => `'${name}': 'VARCHAR'`).join(", ");
  return `(SELECT row_number() OVER () AS line, '{' || concat_ws(',', ${members.join(", ")}) || '}' AS text FROM read_csv(${list(files)}, header = true, columns = {${columns}}, auto_detect = false, max_line_size = ${MAX_TEXT_LINE_BYTES}))`;
}

/** A column of a Parquet file as DuckDB describes it. */
export type ColumnType = { kind: "scalar"; type: string } | { kind: "struct"; fields: Map<string, ColumnType> } | { kind: "list"; element: ColumnType };

/** Reads DuckDB's spelling of a type: `STRUCT(a DOUBLE, "b c" VARCHAR)[]`; undefined when it is none. */
export function readColumnType(text: string): ColumnType | undefined {
  let at = 0;
  const space = () => {
    while (text[at] === " ") at++;
  };
  const name = (): string | undefined => {
    space();
    if (text[at] === '"') {
      let out = "";
      at++;
      while (at < text.length) {
        if (text[at] === '"') {
          if (text[at + 1] === '"') {
            out += '"';
            at += 2;
            continue;
          }
          at++;
          return out;
        }
        out += text[at++];
      }
      return undefined;
    }
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(at));
    if (!match) return undefined;
    at += match[0].length;
    return match[0];
  };
  const type = (): ColumnType | undefined => {
    space();
    let result: ColumnType | undefined;
    if (text.startsWith("STRUCT(", at)) {
      at += "STRUCT(".length;
      const fields = new Map<string, ColumnType>();
      for (;;) {
        const field = name();
        const fieldType = field === undefined ? undefined : type();
        if (field === undefined || fieldType === undefined) return undefined;
        fields.set(field, fieldType);
        space();
        if (text[at] === ",") {
          at++;
          continue;
        }
        if (text[at] === ")") {
          at++;
          break;
        }
        return undefined;
      }
      result = { kind: "struct", fields };
    } else {
      // A scalar's spelling may carry arguments: DECIMAL(18,3), VARCHAR(20).
      const match = /^[A-Z][A-Z0-9_ ]*?(\(\d+(,\s*\d+)*\))?(?=$|\[|,|\))/.exec(text.slice(at));
      if (!match) return undefined;
      at += match[0].length;
      result = { kind: "scalar", type: match[0].replace(/\(.*$/, "").trim() };
    }
    while (text.startsWith("[]", at)) {
      at += 2;
      result = { kind: "list", element: result };
    }
    return result;
  };
  const result = type();
  space();
  return result !== undefined && at === text.length ? result : undefined;
}

const NUMERIC = new Set(["DOUBLE", "FLOAT", "DECIMAL", "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT"]);
const INTEGRAL = new Set(["TINYINT", "SMALLINT", "INTEGER", "BIGINT", "HUGEINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "UHUGEINT"]);

export type ParquetProjection = { ok: true; columns: string } | { ok: false; error: string };

/**
 * The layout's columns read from a Parquet file's own (`described`: column
 * name to DuckDB type), or the one reason the file does not fit: a required
 * column missing, a column or field of another type, a field the layout does
 * not have. An absent optional column or field is NULL (the key is absent);
 * columns outside the layout are not read.
 */
export function parquetProjection(described: ReadonlyMap<string, string>): ParquetProjection {
  const parts: string[] = [];
  for (const required of REQUIRED_COLUMNS) if (!described.has(required)) return { ok: false, error: `it has no column ${required} (docs/replay.md, "The column layout")` };
  for (const [name, wanted] of Object.entries(SCREENING_LAYOUT)) {
    const spelled = described.get(name);
    if (spelled === undefined) {
      parts.push(`CAST(NULL AS ${duckdbType(wanted)}) AS ${name}`);
      continue;
    }
    const found = readColumnType(spelled);
    const read = found === undefined ? { error: `its type ${spelled} is not one DuckDB spells` } : project(name, name, wanted, found);
    if ("error" in read) return { ok: false, error: `column ${name}: ${read.error}` };
    parts.push(`${read.expression} AS ${name}`);
  }
  return { ok: true, columns: parts.join(", ") };
}

function project(path: string, expression: string, wanted: LayoutType, found: ColumnType): { expression: string } | { error: string } {
  const describe = (type: ColumnType): string => (type.kind === "scalar" ? type.type : type.kind === "list" ? `a list` : "a struct");
  if (wanted.kind === "scalar") {
    if (found.kind !== "scalar") return { error: `${path} is ${describe(found)}, not ${wanted.type}` };
    const fits = wanted.type === "DOUBLE" ? NUMERIC.has(found.type) : wanted.type === "INTEGER" ? INTEGRAL.has(found.type) : found.type === wanted.type;
    if (!fits) return { error: `${path} is ${found.type}, not ${wanted.type === "INTEGER" ? "an integer type" : wanted.type}` };
    return { expression: found.type === duckdbType(wanted) ? expression : `CAST(${expression} AS ${duckdbType(wanted)})` };
  }
  if (wanted.kind === "list") {
    if (found.kind !== "list") return { error: `${path} is ${describe(found)}, not a list` };
    const element = project(`${path}[]`, "x", wanted.element, found.element);
    if ("error" in element) return element;
    return { expression: element.expression === "x" ? expression : `list_transform(${expression}, lambda x: ${element.expression})` };
  }
  if (found.kind !== "struct") return { error: `${path} is ${describe(found)}, not a struct` };
  for (const name of found.fields.keys()) if (!Object.hasOwn(wanted.fields, name)) return { error: `${path}.${name} is not in the layout` };
  const fields: string[] = [];
  let same = found.fields.size === Object.keys(wanted.fields).length;
  for (const [name, fieldType] of Object.entries(wanted.fields)) {
    const present = found.fields.get(name);
    const access = `${expression}.${quote(name)}`;
    if (present === undefined) {
      fields.push(`${quote(name)} := CAST(NULL AS ${duckdbType(fieldType)})`);
      same = false;
      continue;
    }
    const read = project(`${path}.${name}`, access, fieldType, present);
    if ("error" in read) return read;
    if (read.expression !== access) same = false;
    fields.push(`${quote(name)} := ${read.expression}`);
  }
  // The field order of the layout, each field converted; a NULL struct stays NULL (an absent key).
  return { expression: same && [...found.fields.keys()].join() === Object.keys(wanted.fields).join() ? expression : `CASE WHEN ${expression} IS NULL THEN NULL ELSE struct_pack(${fields.join(", ")}) END` };
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function duckdbType(type: LayoutType): string {
  switch (type.kind) {
    case "scalar":
      return type.type === "INTEGER" ? "BIGINT" : type.type;
    case "list":
      return `${duckdbType(type.element)}[]`;
    case "struct":
      return `STRUCT(${Object.entries(type.fields).map(([name, field]) => `${quote(name)} ${duckdbType(field)}`).join(", ")})`;
  }
}

/**
 * The screenings of Parquet files: the typed columns, `ok` from the values
 * and from the other vendor's signals being absent (NULL), `text` the row as
 * JSON for the JavaScript reader (read only for a row not ok, or changed
 * under `--changed-out`). `offsets` number the rows
 * across the files: the rows before each file.
 */
export function screeningsFromParquet(files: readonly string[], columns: string, offsets: readonly number[], vendor: Vendor, scope: Scope): string {
  const other = vendor === "vendorAWalletScreening" ? VENDOR_SIGNALS.vendorBAddressScreening : VENDOR_SIGNALS.vendorAWalletScreening;
  const foreign = other.map((name) => `r.signals.${name} IS NULL`).join(" AND ");
  const offset = files.length === 1 ? "0" : `CASE filename ${files.map((file, index) => `WHEN ${sqlString(file)} THEN ${offsets[index]}`).join(" ")} END`;
  const fields = Object.keys(SCREENING_LAYOUT).map((name) => `r.${name}`).join(", ");
  return `SELECT line, ok, to_json(struct_pack(${Object.keys(SCREENING_LAYOUT).map((name) => `${name} := ${name}`).join(", ")})) AS text, ${Object.keys(SCREENING_LAYOUT).join(", ")}
FROM (
  SELECT r.line, ${valueCheck(vendor, scope, "r")} AND COALESCE(${foreign}, FALSE) AND r.chain IS NOT NULL AND r.address IS NOT NULL AS ok, ${fields}
  FROM (
    SELECT file_row_number + 1 + ${offset} AS line, ${columns}
    FROM read_parquet(${list(files)}, file_row_number = true, filename = true)
  ) AS r
)`;
}
