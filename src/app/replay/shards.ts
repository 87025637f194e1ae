/**
 * Replay as "SQL per shard -> partial tallies -> merge -> report" (docs/replay.md,
 * "Tallies"): the SQL of one policy over one file of the input, the same SQL
 * the DuckDB engine runs (core/replay/sql-input.ts and the replay SQL of the
 * one compiled subject), planned here once and run wherever the file is (this
 * process's DuckDB for `--tallies-out`, a Ray worker's DuckDB for
 * `--engine ray`); and the merge of the partial tallies into the one tally.
 */
import type { ReplaySubject } from "../../core/replay/line.js";
import { jsonLinesRelation, csvRowsRelation, rowsBySubject, screeningsFromParquet, screeningsFromText, sqlString } from "../../core/replay/sql-input.js";
import { talliesFingerprint, type ReplayTallies, type TalliesReaderRow, type TalliesShard } from "../../core/replay/tallies.js";
import { decisionOfStep, replayStepsSql, sqlDialect } from "../../core/semantics/sql/index.js";
import type { CompiledSubject } from "../../core/semantics/subject.js";
import { copyNameOf, type ReplayFiles } from "../../workspace/replay-files.js";
import { MAX_LINE_BYTES } from "../../workspace/replay-input.js";
import type { Decider, LineReplayer } from "./line-replayer.js";

/**
 * The queries of one shard, in the order a runner runs them: `setup`
 * statements, then four queries each answering rows: `rows` (one row, `n`),
 * `filtered` (one row, `n`), `groups` (base_step, base_entry_action,
 * head_step, head_entry_action, n, first_lines) and `reader` (line, text).
 */
export interface ShardPlan {
  source: string;
  /** A remote file (`s3://...`): the worker copies it to a folder of its own under this name, which the SQL reads. */
  fetch?: { uri: string; as: string };
  typed: boolean;
  setup: string[];
  rows: string;
  filtered: string;
  groups: string;
  reader: string;
}

/** The DuckDB replay SQL both versions compile to at `now`, whose hash a tallies file carries. */
export function replayFingerprint(base: CompiledSubject, head: CompiledSubject, now: Date): string {
  return talliesFingerprint(replayStepsSql(base, head, { dialect: sqlDialect("duckdb"), now: now.getTime(), relation: "screenings" }));
}

/**
 * One shard per file. `parquetColumns` is the projection of the files'
 * checked schema (core/replay/sql-input.ts parquetProjection), for Parquet.
 * `remote`: the files are URIs the workers copy before reading (python/ray_replay.py).
 */
export function planShards(files: ReplayFiles, decider: Pick<Decider, "subject" | "base" | "head">, options: { samples: number; now: Date; parquetColumns?: string; remote?: boolean }): ShardPlan[] {
  return files.files.map((source): ShardPlan => {
    if (!options.remote) return planShard(source, source, files.format, decider, options);
    const as = copyNameOf(source);
    return { ...planShard(source, as, files.format, decider, options), fetch: { uri: source, as } };
  });
}

/** The SQL of one file, read at `file` (its path, or the name of a worker's copy). */
function planShard(source: string, file: string, format: ReplayFiles["format"], decider: Pick<Decider, "subject" | "base" | "head">, options: { samples: number; now: Date; parquetColumns?: string }): ShardPlan {
  const { subject } = decider;
  if (format === "parquet") {
    const screenings = screeningsFromParquet([file], options.parquetColumns!, [0], subject.providerType, subject.scope);
    return {
      source,
      typed: true,
      setup: [],
      rows: `SELECT count(*) AS n FROM read_parquet(${sqlString(file)})`,
      filtered: "SELECT 0 AS n",
      groups: groupsSql(decider, screenings, options),
      reader: `SELECT line, text FROM (${screenings}) WHERE NOT ok`,
    };
  }
  const text = format === "jsonl" ? jsonLinesRelation([file]) : csvRowsRelation([file]);
  const filter = { environment: subject.environment, providerType: subject.providerType, scope: subject.scope };
  const own = `kind = 'subject' AND environment = ${sqlString(subject.environment)} AND provider_type = ${sqlString(subject.providerType)} AND scope = ${sqlString(subject.scope)}`;
  const screenings = screeningsFromText(`(SELECT line, text FROM replay_rows WHERE ${own})`, subject.providerType, subject.scope, MAX_LINE_BYTES, { identity: true });
  return {
    source,
    typed: false,
    setup: [`CREATE OR REPLACE TEMP TABLE replay_rows AS ${rowsBySubject(text, filter, MAX_LINE_BYTES)}`],
    // Counted from the file, not replay_rows, which passes blank lines over: a blank line still moves the next file's numbers on.
    rows: `SELECT count(*) AS n FROM ${text}`,
    filtered: "SELECT count(*) AS n FROM replay_rows WHERE kind = 'filtered'",
    groups: groupsSql(decider, screenings, options),
    // A line SQL cannot tell the policy of, and the lines of the policy SQL cannot vouch for.
    reader: `SELECT line, text FROM replay_rows WHERE kind IS NULL OR (kind = 'subject' AND NOT (${own}))\nUNION ALL\nSELECT line, text FROM (${screenings}) WHERE NOT ok`,
  };
}

function groupsSql(decider: Pick<Decider, "base" | "head">, screenings: string, options: { samples: number; now: Date }): string {
  const steps = replayStepsSql(decider.base, decider.head, { dialect: sqlDialect("duckdb"), now: options.now.getTime(), relation: `(${screenings})`, carry: ["ok"] });
  // DuckDB's min(x, n): the n smallest, ascending; an empty list when samples are 0.
  const firstLines = options.samples > 0 ? `min(line, ${options.samples})` : "[]::BIGINT[]";
  return `SELECT base_step, base_entry_action, head_step, head_entry_action, count(*) AS n, ${firstLines} AS first_lines FROM (${steps}) WHERE ok GROUP BY ALL`;
}

/** The rows of a shard's four queries, as any runner returns them (DuckDB in this process, or a worker's JSON). */
export interface ShardAnswers {
  rows: Array<Record<string, unknown>>;
  filtered: Array<Record<string, unknown>>;
  groups: Array<Record<string, unknown>>;
  reader: Array<Record<string, unknown>>;
}

export function shardOfAnswers(plan: ShardPlan, answers: ShardAnswers): TalliesShard {
  return {
    source: plan.source,
    rows: Number(answers.rows[0]?.n ?? 0),
    filtered: Number(answers.filtered[0]?.n ?? 0),
    typed: plan.typed,
    groups: answers.groups.map((row) => ({
      baseStep: Number(row.base_step),
      baseEntry: (row.base_entry_action as string | null) ?? null,
      headStep: Number(row.head_step),
      headEntry: (row.head_entry_action as string | null) ?? null,
      count: Number(row.n),
      firstLines: ((row.first_lines as unknown[] | null) ?? []).map(Number),
    })),
    rowsForReader: answers.reader.map((row): TalliesReaderRow => ({ line: Number(row.line), text: String(row.text) })),
  };
}

/**
 * Shards into the tally, in order: each group counted in bulk (its first
 * lines one by one, as samples), then every row for the reader, of all
 * shards, through the JavaScript line reader in row order, as the DuckDB
 * engine hands them over (app/replay/duckdb-engine.ts).
 */
export async function feedShards(lines: LineReplayer, subject: ReplaySubject, shards: readonly TalliesShard[]): Promise<void> {
  const decider = await lines.open(subject);
  const reader: Array<TalliesReaderRow & { typed: boolean }> = [];
  let offset = 0;
  for (const shard of shards) {
    lines.tally.filtered(shard.filtered);
    for (const group of shard.groups) {
      const base = decisionOfStep(decider.base, group.baseStep, group.baseEntry);
      const head = decisionOfStep(decider.head, group.headStep, group.headEntry);
      const isChange = base.action !== head.action || base.by !== head.by;
      if (isChange) for (const line of group.firstLines) decider.tally.decided(line + offset, base, head);
      decider.tally.decidedMany(base, head, group.count - (isChange ? group.firstLines.length : 0));
    }
    for (const row of shard.rowsForReader) reader.push({ line: row.line + offset, text: row.text, typed: shard.typed });
    offset += shard.rows;
  }
  reader.sort((a, b) => a.line - b.line);
  for (const row of reader) {
    const text = row.typed ? JSON.stringify(withoutNulls(JSON.parse(row.text))) : row.text;
    if (Buffer.byteLength(text) > MAX_LINE_BYTES) lines.tooLong(row.line);
    else await lines.line(text, row.line);
  }
}

/** The tallies file of one run's shards. */
export function talliesOf(decider: Pick<Decider, "subject" | "base" | "head">, shards: TalliesShard[], options: { samples: number; now: Date }): ReplayTallies {
  return {
    format: "screenpol-replay-tallies",
    version: 1,
    ...decider.subject,
    fingerprint: replayFingerprint(decider.base, decider.head, options.now),
    now: options.now.toISOString(),
    samples: options.samples,
    shards,
  };
}

/** A NULL column or field is an absent key (docs/replay.md, "The column layout"); a NULL in a list stays, as it is no screening's. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null).map(([key, item]) => [key, withoutNulls(item)]));
  return value;
}
