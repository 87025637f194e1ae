/**
 * The DuckDB engine of `screenpol replay` (docs/replay.md, "Engines"): the
 * input read by DuckDB (JSON lines, .gz, CSV, Parquet; a file, a folder or a
 * glob), the rows of each policy found by SQL (core/replay/sql-input.ts
 * rowsBySubject), both versions decided by the SQL the policy compiles to,
 * counted by GROUP BY into the same tally the JavaScript engine fills, so the
 * report is the same one, byte for byte.
 *
 * Rows SQL cannot vouch for (a bad line, an unknown category, a line whose
 * policy SQL cannot tell) are read and decided by the JavaScript engine's own
 * line reader, all of them in line order, so the tally meets its bad lines and
 * unknown values in the order it would reading the file itself; with
 * `--changed-out` the changed rows go the same way, so that each is written
 * as that reader writes it. The candidate samples of each changed group (its
 * first lines) go to the tally one by one: it keeps the smallest line numbers
 * whatever the order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReplaySubject } from "../../core/replay/line.js";
import { csvRowsRelation, jsonLinesRelation, parquetProjection, rowsBySubject, screeningsFromParquet, screeningsFromText, sqlString } from "../../core/replay/sql-input.js";
import type { ReplayProgress } from "../../core/replay/progress.js";
import type { Decision } from "../../core/semantics/decision.js";
import { isScope, isVendor } from "../../core/vendors.js";
import { decisionOfStep, replayStepsSql, sqlDialect } from "../../core/semantics/sql/index.js";
import { openSqlSession, SqlEngineError, type SqlSession } from "../../workspace/duckdb.js";
import { resolveReplayFiles, type ReplayFiles } from "../../workspace/replay-files.js";
import { MAX_LINE_BYTES, ReplayInputError } from "../../workspace/replay-input.js";
import { UsageError } from "../errors.js";
import type { Decider, LineReplayer } from "./line-replayer.js";
import { planShards, shardOfAnswers, withoutNulls, type ShardPlan } from "./shards.js";
import type { TalliesShard } from "../../core/replay/tallies.js";

/** DuckDB's memory limit unless --memory-limit says otherwise: beyond it, sorts and groups spill to a temporary folder. */
export const DEFAULT_MEMORY_LIMIT = "1GB";

export interface DuckDbReplayOptions {
  memoryLimit?: string;
  threads?: number;
}

/** The files named by `input`, through DuckDB's glob for a pattern; a one-line UsageError when there are none. */
export async function openDuckDbInput(session: SqlSession, input: string, cwd: string): Promise<ReplayFiles> {
  try {
    return await resolveReplayFiles(input, cwd, async (pattern) => (await session.all(`SELECT file FROM glob(${sqlString(pattern)})`)).map((row) => String(row.file)));
  } catch (error) {
    if (error instanceof ReplayInputError || error instanceof SqlEngineError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
}

/** An opened DuckDB replay: the session and the files, found before any policy is loaded (a mistyped name costs nothing). */
export interface DuckDbReplay {
  files: ReplayFiles;
  /** Every row into `lines`' tally: decided by SQL in bulk where it can vouch for a row, by `lines` itself where not. */
  run(lines: LineReplayer, request: DuckDbRunRequest): Promise<void>;
  /** The SQL of each file for one policy (app/replay/shards.ts), the Parquet schema checked first. */
  planShards(decider: Pick<Decider, "subject" | "base" | "head">, options: { samples: number; now: Date }): Promise<ShardPlan[]>;
  /** The shards run here, one after another, as a Ray worker runs each. */
  runShards(plans: readonly ShardPlan[]): Promise<TalliesShard[]>;
  close(): void;
}

/** Starts DuckDB (memory bounded, spilling to a temporary folder removed on close) and finds the input's files. */
export async function openDuckDbReplay(input: string, cwd: string, options: DuckDbReplayOptions = {}): Promise<DuckDbReplay> {
  const spill = mkdtempSync(join(tmpdir(), "screenpol-duckdb-"));
  let session: SqlSession | undefined;
  const close = (): void => {
    session?.close();
    session = undefined;
    rmSync(spill, { recursive: true, force: true });
  };
  const failed = (error: unknown): never => {
    close();
    if (error instanceof SqlEngineError) throw new UsageError(`${input}: ${error.message}; nothing was reported`, { cause: error });
    throw error;
  };
  try {
    session = await openSqlSession({ memoryLimit: options.memoryLimit ?? DEFAULT_MEMORY_LIMIT, tempDirectory: spill, threads: options.threads });
    const opened = session;
    const files = await openDuckDbInput(opened, input, cwd);
    return {
      files,
      run: async (lines, request) => {
        try {
          await replayAll(opened, files, lines, request, input);
        } catch (error) {
          failed(error);
        }
      },
      planShards: async (decider, options) => {
        try {
          const columns = files.format === "parquet" ? await parquetColumns(opened, files, input) : undefined;
          return planShards(files, decider, { ...options, parquetColumns: columns });
        } catch (error) {
          return failed(error);
        }
      },
      runShards: async (plans) => {
        try {
          const shards: TalliesShard[] = [];
          for (const plan of plans) {
            for (const statement of plan.setup) await opened.all(statement);
            shards.push(shardOfAnswers(plan, { rows: await opened.all(plan.rows), filtered: await opened.all(plan.filtered), groups: await opened.all(plan.groups), reader: await opened.all(plan.reader) }));
          }
          return shards;
        } catch (error) {
          return failed(error);
        }
      },
      close,
    };
  } catch (error) {
    return failed(error);
  }
}

/** What a run reads of replay's request (app/replay.ts). */
export interface DuckDbRunRequest {
  /** `--env`, `--vendor`, `--scope`. */
  filter: Partial<ReplaySubject>;
  /** Changed screenings kept as samples, per policy and transition. */
  samples: number;
  now: Date;
  onProgress?: ((progress: ReplayProgress) => void) | undefined;
}

/** One policy and its rows (core/replay/sql-input.ts). */
interface SubjectRows {
  subject: ReplaySubject;
  /** The screenings relation: `line`, `ok` and the layout's columns. */
  screenings: string;
  /** `line` and `text` of the same rows, for the JavaScript reader. */
  texts: string;
}

async function replayAll(session: SqlSession, input: ReplayFiles, lines: LineReplayer, request: DuckDbRunRequest, name: string): Promise<void> {
  const typed = input.format === "parquet";
  const subjects: SubjectRows[] = [];
  /** Rows the JavaScript reader reads: each a `SELECT line, text`. */
  const unsure: string[] = [];
  if (typed) {
    // A Parquet row has the layout's columns only: the flags name its one policy, and a row of another scope is the reader's to filter.
    const { environment, providerType, scope } = request.filter;
    if (environment === undefined || providerType === undefined || scope === undefined) {
      throw new UsageError(`${name}: --engine duckdb reads a Parquet input as the screenings of one policy: give --env, --vendor and --scope (or export JSON lines, whose lines may name their policy)`);
    }
    const screenings = await parquetScreenings(session, input, providerType, scope, name);
    subjects.push({ subject: { environment, providerType, scope }, screenings, texts: `SELECT line, text FROM (${screenings})` });
  } else {
    const text = input.format === "jsonl" ? jsonLinesRelation(input.files) : csvRowsRelation(input.files);
    // Read and numbered once: every later query (one per policy, and the rows for the JavaScript reader) reads this table, not the files again.
    await session.all(`CREATE TEMP TABLE replay_rows AS ${rowsBySubject(text, request.filter, MAX_LINE_BYTES)}`);
    const rows = "replay_rows";
    const declared = lines.environments;
    let filtered = 0;
    let undecidable = 0;
    const found = await session.all(`SELECT kind, environment, provider_type, scope, count(*) AS n, min(line) AS first FROM ${rows} GROUP BY ALL ORDER BY first`);
    for (const row of found) {
      const { environment, provider_type: providerType, scope } = row as { environment: string | null; provider_type: string | null; scope: string | null };
      if (row.kind === "filtered") filtered += Number(row.n);
      // A policy SQL may decide: one the config declares, of a known vendor and scope; of any other the reader words why its lines are bad.
      else if (row.kind === "subject" && declared.includes(environment!) && isVendor(providerType!) && isScope(scope!)) {
        const of = `(SELECT line, text FROM ${rows} WHERE kind = 'subject' AND environment = ${sqlString(environment!)} AND provider_type = ${sqlString(providerType)} AND scope = ${sqlString(scope)})`;
        // Each line's JSON read once into typed columns (a dozen JSON functions a line): every later query of the policy reads the table.
        const table = `replay_subject_${subjects.length}`;
        await session.all(`CREATE TEMP TABLE ${table} AS SELECT * EXCLUDE (text) FROM (${screeningsFromText(of, providerType, scope, MAX_LINE_BYTES, { identity: true })})`);
        subjects.push({ subject: { environment: environment!, providerType, scope }, screenings: `SELECT * FROM ${table}`, texts: `SELECT line, text FROM ${rows}` });
      } else undecidable += Number(row.n);
    }
    lines.tally.filtered(filtered);
    const decidable = subjects.map(({ subject }) => `(environment = ${sqlString(subject.environment)} AND provider_type = ${sqlString(subject.providerType)} AND scope = ${sqlString(subject.scope)})`);
    if (undecidable > 0) unsure.push(`SELECT line, text FROM ${rows} WHERE kind IS NULL OR (kind = 'subject' AND NOT (${decidable.join(" OR ") || "FALSE"}))`);
  }
  for (const rows of subjects) {
    // A policy is read when a screening of it is: one whose every line is bad is not reported, as the JavaScript engine reports it.
    const decider = (await session.all(`SELECT line FROM (${rows.screenings}) WHERE ok LIMIT 1`)).length > 0 ? await lines.open(rows.subject) : undefined;
    unsure.push(...(await decideSubject(session, rows, decider, lines.writesChanged, request)));
  }
  // Every row was SQL's: nothing more to read.
  if (unsure.length === 0) return;
  await session.each(`SELECT line, text FROM (${unsure.join("\nUNION ALL\n")}) ORDER BY line`, (row) => {
    const line = Number(row.line);
    const text = typed ? JSON.stringify(withoutNulls(JSON.parse(String(row.text)))) : String(row.text);
    if (Buffer.byteLength(text) > MAX_LINE_BYTES) return lines.tooLong(line);
    return lines.line(text, line);
  });
}

/** The screenings relation of Parquet files, their schema checked first. */
async function parquetScreenings(session: SqlSession, input: ReplayFiles, vendor: ReplaySubject["providerType"], scope: ReplaySubject["scope"], name: string): Promise<string> {
  const files = input.files.map(sqlString).join(", ");
  const columns = await parquetColumns(session, input, name);
  const rows = await session.all(`SELECT file_name, sum(row_group_num_rows) AS n FROM (SELECT DISTINCT file_name, row_group_id, row_group_num_rows FROM parquet_metadata([${files}])) GROUP BY file_name`);
  const counts = new Map(rows.map((row) => [String(row.file_name), Number(row.n)]));
  let before = 0;
  const offsets = input.files.map((file) => {
    const offset = before;
    before += counts.get(file) ?? 0;
    return offset;
  });
  return screeningsFromParquet(input.files, columns, offsets, vendor, scope);
}

/** The projection of the Parquet files' columns onto the layout, their types checked first; one line when they do not fit. */
async function parquetColumns(session: SqlSession, input: ReplayFiles, name: string): Promise<string> {
  const files = input.files.map(sqlString).join(", ");
  const described = new Map((await session.all(`DESCRIBE SELECT * FROM read_parquet([${files}])`)).map((row) => [String(row.column_name), String(row.column_type)]));
  const projection = parquetProjection(described);
  if (!projection.ok) throw new UsageError(`${name}: ${projection.error}; nothing was reported`);
  return projection.columns;
}

interface Group {
  base: Decision;
  head: Decision;
  count: number;
  /** The first lines of the group, up to the sample limit. */
  lines: number[];
  /** The values of the group's columns, to find its rows again. */
  key: { baseStep: number; baseEntry: string | null; headStep: number; headEntry: string | null };
}

/**
 * Decides the rows SQL vouches for of one policy into its tally, and returns
 * the queries of the rest for the JavaScript reader: those not `ok`, and with
 * `--changed-out` the changed ones. With no `decider` (no row of the policy
 * is ok), every row is the reader's.
 */
async function decideSubject(session: SqlSession, rows: SubjectRows, decider: Decider | undefined, writesChanged: boolean, request: DuckDbRunRequest): Promise<string[]> {
  const textsOf = (lines: string) => `SELECT line, text FROM (${rows.texts}) WHERE line IN (${lines})`;
  const notOk = textsOf(`SELECT line FROM (${rows.screenings}) WHERE NOT ok`);
  if (!decider) return [notOk];
  const steps = replayStepsSql(decider.base, decider.head, { dialect: sqlDialect("duckdb"), now: request.now.getTime(), relation: `(${rows.screenings})`, carry: ["ok"] });
  const firstLines = request.samples > 0 ? `, min(line, ${request.samples}) AS first_lines` : "";
  const started = performance.now();
  const progress = (percent: number, rows: number): void =>
    request.onProgress?.({ lines: rows, share: { done: percent, total: 100 }, elapsedMs: performance.now() - started } satisfies ReplayProgress);
  const groups: Group[] = [];
  let notOkRows = 0;
  // Grouped by `ok` too, so the rows the JavaScript reader must read are counted in the same scan (no query for them when there are none).
  await session.each(
    `SELECT ok, base_step, base_entry_action, head_step, head_entry_action, count(*) AS n${firstLines} FROM (${steps}) GROUP BY ALL`,
    (row) => {
      if (row.ok !== true) {
        notOkRows += Number(row.n);
        return;
      }
      const key = { baseStep: Number(row.base_step), baseEntry: row.base_entry_action as string | null, headStep: Number(row.head_step), headEntry: row.head_entry_action as string | null };
      groups.push({
        base: decisionOfStep(decider.base, key.baseStep, key.baseEntry),
        head: decisionOfStep(decider.head, key.headStep, key.headEntry),
        count: Number(row.n),
        lines: ((row.first_lines as number[] | undefined) ?? []).map(Number),
        key,
      });
    },
    request.onProgress ? progress : undefined,
  );
  const changed: Group[] = [];
  for (const group of groups) {
    const isChange = group.base.action !== group.head.action || group.base.by !== group.head.by;
    if (isChange && writesChanged) {
      changed.push(group);
      continue;
    }
    if (isChange) for (const line of group.lines) decider.tally.decided(line, group.base, group.head);
    decider.tally.decidedMany(group.base, group.head, group.count - (isChange ? group.lines.length : 0));
  }
  const readers = notOkRows > 0 ? [notOk] : [];
  if (changed.length === 0) return readers;
  const entry = (column: string, value: string | null) => (value === null ? `${column} IS NULL` : `${column} = ${sqlString(value)}`);
  const which = changed.map(
    ({ key }) => `(base_step = ${key.baseStep} AND ${entry("base_entry_action", key.baseEntry)} AND head_step = ${key.headStep} AND ${entry("head_entry_action", key.headEntry)})`,
  );
  return [...readers, textsOf(`SELECT line FROM (${steps}) WHERE ok AND (${which.join(" OR ")})`)];
}
