/**
 * The SQL the decision procedure compiles to (core/semantics/sql/), run on
 * DuckDB, against decide() row by row (docs/replay.md, "Exactly decide()";
 * style.md habit 12): fast-check pairs of versions (both vendors and scopes,
 * v1 and v2 rules, anyOf, preScreen, address entries around the clock,
 * disabled and absent policies) and screenings drawn near every threshold,
 * written as JSON lines and as Parquet to a temporary folder, read by the
 * engine's own readers. Every row's (action, decided_by) on both sides must be
 * decide()'s, and every generated (valid) row must be one SQL vouches for.
 */
import fc from "fast-check";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLinesRelation, parquetProjection, screeningsFromParquet, screeningsFromText, sqlString } from "../../src/core/replay/sql-input.js";
import { compileSubject, decide, type DecisionSubject, type Screening } from "../../src/core/semantics/index.js";
import { compileReplaySql, sqlDialect } from "../../src/core/semantics/sql/index.js";
import { openSqlSession, type SqlSession } from "../../src/workspace/duckdb.js";
import { MAX_LINE_BYTES } from "../../src/workspace/replay-input.js";
import { drawScreenings, NOW, screeningPools } from "../helpers/screening-arbitraries.js";
import { versions } from "../helpers/version-pairs.js";

/** The documented Parquet type of `transfer` (docs/replay.md): networkId an integer. */
const TRANSFER_TYPE = "STRUCT(amountUsd DOUBLE, token STRUCT(chain VARCHAR, networkId BIGINT, contractAddress VARCHAR))";

/**
 * docs/replay.md: at least 100,000 rows in `npm test`; the bench runs this file with
 * SCREENPOL_DIFFERENTIAL_ROWS=10000000 (bench/replay-engines.js), 100,000 rows a pair.
 */
const ROWS = Math.max(100_000, Number(process.env.SCREENPOL_DIFFERENTIAL_ROWS) || 0);
const PAIRS = Math.max(20, Math.ceil(ROWS / 100_000));
const SCREENINGS_PER_PAIR = Math.ceil(ROWS / PAIRS);
/** Each test's bound, grown with the rows: 2 minutes per 100,000. */
const TIMEOUT_MS = 120_000 * Math.ceil(ROWS / 100_000);

let session: SqlSession;
let folder: string;
beforeAll(async () => {
  session = await openSqlSession({ threads: 2, memoryLimit: "512MB" });
  folder = mkdtempSync(join(tmpdir(), "screenpol-sql-differential-"));
});
afterAll(() => {
  session?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Row {
  line: number;
  base_action: string;
  base_decided_by: string;
  head_action: string;
  head_decided_by: string;
}

/** Each row's decisions as SQL gives them, in line order, and how many rows SQL did not vouch for. */
async function decidedBySql(screenings: string, base: DecisionSubject, head: DecisionSubject): Promise<{ rows: Row[]; unsure: number }> {
  const sql = compileReplaySql(compileSubject(base), compileSubject(head), { dialect: sqlDialect("duckdb"), now: NOW, relation: `(SELECT * FROM (${screenings}) WHERE ok)` });
  const rows = (await session.all(`${sql} ORDER BY 1`)) as unknown as Row[];
  const [{ unsure }] = (await session.all(`SELECT count(*) AS unsure FROM (${screenings}) WHERE NOT ok`)) as Array<{ unsure: number }>;
  return { rows, unsure: unsure! };
}

function expectDecide(rows: Row[], screenings: Screening[], base: DecisionSubject, head: DecisionSubject): void {
  expect(rows.length).toBe(screenings.length);
  const mismatches: string[] = [];
  rows.forEach((row, index) => {
    const screening = screenings[index]!;
    const wantBase = decide(base, screening, { now: NOW });
    const wantHead = decide(head, screening, { now: NOW });
    const got = `${row.base_action} (${row.base_decided_by}) / ${row.head_action} (${row.head_decided_by})`;
    const want = `${wantBase.action} (${wantBase.by}) / ${wantHead.action} (${wantHead.by})`;
    if (row.line !== index + 1 || got !== want) mismatches.push(`line ${row.line}: SQL ${got}, decide ${want}: ${JSON.stringify(screening)}`);
  });
  expect(mismatches.slice(0, 5)).toEqual([]);
}

describe("the compiled SQL decides as decide() does, row by row, on DuckDB", () => {
  const pools = screeningPools(400);
  const pairs = fc.sample(versions(), { numRuns: PAIRS, seed: 27 });

  it(`${PAIRS} pairs of versions x ${SCREENINGS_PER_PAIR} screenings as JSON lines: ${PAIRS * SCREENINGS_PER_PAIR} rows`, { timeout: TIMEOUT_MS }, async () => {
    let rowsChecked = 0;
    for (const [index, pair] of pairs.entries()) {
      const screenings = drawScreenings(pools, pair.vendor, pair.scope, SCREENINGS_PER_PAIR, index + 1);
      const file = join(folder, `pair-${index}.jsonl`);
      writeFileSync(file, `${screenings.map((screening) => JSON.stringify(screening)).join("\n")}\n`);
      const { rows, unsure } = await decidedBySql(screeningsFromText(jsonLinesRelation([file]), pair.vendor, pair.scope, MAX_LINE_BYTES), pair.base, pair.head);
      expect(unsure).toBe(0);
      expectDecide(rows, screenings, pair.base, pair.head);
      rowsChecked += rows.length;
    }
    expect(rowsChecked).toBeGreaterThanOrEqual(ROWS);
  });

  it("the same rows as Parquet, read through the typed columns", { timeout: TIMEOUT_MS }, async () => {
    for (const [index, pair] of pairs.slice(0, 8).entries()) {
      const screenings = drawScreenings(pools, pair.vendor, pair.scope, SCREENINGS_PER_PAIR, index + 1);
      const lines = join(folder, `parquet-${index}.jsonl`);
      const parquet = join(folder, `pair-${index}.parquet`);
      writeFileSync(lines, `${screenings.map((screening) => JSON.stringify(screening)).join("\n")}\n`);
      const text = screeningsFromText(jsonLinesRelation([lines]), pair.vendor, pair.scope, MAX_LINE_BYTES);
      await session.all(`COPY (SELECT scope, chain, address, CAST(transfer AS ${TRANSFER_TYPE}) AS transfer, sanctioned, signals FROM (${text}) ORDER BY line) TO ${sqlString(parquet)} (FORMAT parquet)`);
      const described = new Map((await session.all(`DESCRIBE SELECT * FROM read_parquet(${sqlString(parquet)})`)).map((row) => [String(row.column_name), String(row.column_type)]));
      const projection = parquetProjection(described);
      if (!projection.ok) throw new Error(projection.error);
      const { rows, unsure } = await decidedBySql(screeningsFromParquet([parquet], projection.columns, [0], pair.vendor, pair.scope), pair.base, pair.head);
      expect(unsure).toBe(0);
      expectDecide(rows, screenings, pair.base, pair.head);
    }
  });
});
