/**
 * The DuckDB engine of `screenpol replay` (docs/replay.md, "Engines"): the
 * input read by DuckDB (JSON lines, .gz, CSV, Parquet; a file, a folder or a
 * glob), both versions decided by the SQL the policy compiles to, in one scan,
 * counted by GROUP BY into the same tally the JavaScript engine fills, so the
 * report is the same one, byte for byte.
 *
 * Rows SQL cannot vouch for (see core/replay/sql-input.ts) are read and
 * decided by the JavaScript engine's own line reader; the candidate samples of
 * each changed group (its first lines) and those rows go to the tally in line
 * order, so it keeps the samples and bad lines it would have kept reading the
 * file itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { csvRowsRelation, jsonLinesRelation, parquetProjection, screeningsFromParquet, screeningsFromText, sqlString } from "../../core/replay/sql-input.js";
import { createReplayTally, type ReplayReport } from "../../core/replay/tally.js";
import type { ReplayProgress } from "../../core/replay/progress.js";
import type { Decision } from "../../core/semantics/decision.js";
import { compileSubject } from "../../core/semantics/subject.js";
import { decisionOfStep, replayStepsSql, sqlDialect } from "../../core/semantics/sql/index.js";
import { openSqlSession, SqlEngineError, type SqlSession } from "../../workspace/duckdb.js";
import { resolveReplayFiles, type ReplayFiles } from "../../workspace/replay-files.js";
import { MAX_LINE_BYTES, ReplayInputError } from "../../workspace/replay-input.js";
import { UsageError } from "../errors.js";
import { lineReplayer, replayRuleIds, type ReplayPass, type ReplayVersion } from "./line-replayer.js";

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
  run(base: ReplayVersion, head: ReplayVersion, request: ReplayPass): Promise<ReplayReport>;
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
      run: async (base, head, request) => {
        try {
          const screenings = await screeningsRelation(opened, files, request.target.providerType, request.target.scope, input);
          return await decideAll(opened, screenings, base, head, request, files.format === "parquet");
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

/** The screenings relation (core/replay/sql-input.ts) of the files, a Parquet schema checked first. */
async function screeningsRelation(session: SqlSession, input: ReplayFiles, vendor: ReplayPass["target"]["providerType"], scope: ReplayPass["target"]["scope"], name: string): Promise<string> {
  if (input.format === "jsonl") return screeningsFromText(jsonLinesRelation(input.files), vendor, scope, MAX_LINE_BYTES);
  if (input.format === "csv") return screeningsFromText(csvRowsRelation(input.files), vendor, scope, MAX_LINE_BYTES);
  const files = input.files.map(sqlString).join(", ");
  const described = new Map((await session.all(`DESCRIBE SELECT * FROM read_parquet([${files}])`)).map((row) => [String(row.column_name), String(row.column_type)]));
  const projection = parquetProjection(described);
  if (!projection.ok) throw new UsageError(`${name}: ${projection.error}; nothing was reported`);
  const rows = await session.all(`SELECT file_name, sum(row_group_num_rows) AS n FROM (SELECT DISTINCT file_name, row_group_id, row_group_num_rows FROM parquet_metadata([${files}])) GROUP BY file_name`);
  const counts = new Map(rows.map((row) => [String(row.file_name), Number(row.n)]));
  let before = 0;
  const offsets = input.files.map((file) => {
    const offset = before;
    before += counts.get(file) ?? 0;
    return offset;
  });
  return screeningsFromParquet(input.files, projection.columns, offsets, vendor, scope);
}

interface Group {
  ok: boolean;
  base: Decision;
  head: Decision;
  count: number;
  /** The first lines of the group, up to the sample limit. */
  lines: number[];
}

/**
 * Decides every row; `typed`: the rows are Parquet's, and the text of one SQL
 * does not vouch for is the row as JSON with a null for each absent value.
 */
async function decideAll(session: SqlSession, screenings: string, base: ReplayVersion, head: ReplayVersion, request: ReplayPass, typed: boolean): Promise<ReplayReport> {
  const baseSubject = compileSubject(base.subject);
  const headSubject = compileSubject(head.subject);
  const steps = replayStepsSql(baseSubject, headSubject, { dialect: sqlDialect("duckdb"), now: request.now.getTime(), relation: `(${screenings})`, carry: ["ok"] });
  const firstLines = request.samples > 0 ? `, min(line, ${request.samples}) AS first_lines` : "";
  const started = performance.now();
  const progress = (percent: number, rows: number): void =>
    request.onProgress?.({ lines: rows, bytes: Math.round(percent * 100), totalBytes: 10_000, elapsedMs: performance.now() - started } satisfies ReplayProgress);
  const groups: Group[] = [];
  let unsure = 0;
  await session.each(
    `SELECT ok, base_step, base_entry_action, head_step, head_entry_action, count(*) AS n${firstLines} FROM (${steps}) GROUP BY ALL`,
    (row) => {
      if (row.ok !== true) {
        unsure += Number(row.n);
        return;
      }
      groups.push({
        ok: true,
        base: decisionOfStep(baseSubject, Number(row.base_step), row.base_entry_action as string | null),
        head: decisionOfStep(headSubject, Number(row.head_step), row.head_entry_action as string | null),
        count: Number(row.n),
        lines: ((row.first_lines as number[] | undefined) ?? []).map(Number),
      });
    },
    request.onProgress ? progress : undefined,
  );
  const tally = createReplayTally({ samples: request.samples });
  // Candidate samples: the first lines of every changed group, in line order; the tally keeps the first it is given.
  const candidates = groups
    .filter((group) => group.base.action !== group.head.action || group.base.by !== group.head.by)
    .flatMap((group) => group.lines.map((line) => ({ line, group })))
    .sort((a, b) => a.line - b.line);
  const used = new Map<Group, number>();
  let next = 0;
  const flushBefore = (line: number): void => {
    while (next < candidates.length && candidates[next]!.line < line) {
      const { line: number, group } = candidates[next++]!;
      tally.decided(number, group.base, group.head);
      used.set(group, (used.get(group) ?? 0) + 1);
    }
  };
  if (unsure > 0) {
    const reader = lineReplayer(tally, base, head, request);
    await session.each(`SELECT line, text FROM (${screenings}) WHERE NOT ok ORDER BY line`, (row) => {
      const line = Number(row.line);
      flushBefore(line);
      const text = typed ? JSON.stringify(withoutNulls(JSON.parse(String(row.text)))) : String(row.text);
      if (Buffer.byteLength(text) > MAX_LINE_BYTES) reader.tooLong(line);
      else reader.line(text, line);
    });
  }
  flushBefore(Infinity);
  for (const group of groups) tally.decidedMany(group.base, group.head, group.count - (used.get(group) ?? 0));
  return tally.report(replayRuleIds(base, head));
}

/** A NULL column or field is an absent key (docs/replay.md, "The column layout"); a NULL in a list stays, as it is no screening's. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null).map(([key, item]) => [key, withoutNulls(item)]));
  return value;
}
