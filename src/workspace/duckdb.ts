/**
 * DuckDB, embedded (docs/replay.md, "Engines"): the only file that knows
 * @duckdb/node-api. Loaded with a dynamic import when a command needs it
 * (`replay --engine duckdb`), never by `lint`; its errors leave this file as
 * a SqlEngineError of one line.
 */
import type { DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";

/** A failure of the engine or of a query: the first line of DuckDB's message. */
export class SqlEngineError extends Error {
  override name = "SqlEngineError";
}

export interface SqlSessionOptions {
  /** DuckDB's memory limit, e.g. "1GB"; beyond it operators spill to `tempDirectory`. */
  memoryLimit?: string;
  tempDirectory?: string;
  threads?: number;
}

export type SqlRow = Record<string, unknown>;

export interface SqlSession {
  /** Every row of a query, BIGINT as number (row numbers and counts stay below 2^53), lists and structs as plain data. */
  all(sql: string): Promise<SqlRow[]>;
  /**
   * Every row of a query, in chunks, as it is produced; a promise `row`
   * returns pauses the reading until it settles. `onProgress` gets DuckDB's
   * estimate of the share done (0..100) while the query runs.
   */
  each(sql: string, row: (row: SqlRow) => void | Promise<void>, onProgress?: (percent: number, rows: number) => void): Promise<void>;
  close(): void;
}

/** Where the package is resolved from: its absence is a one-line error, not a stack trace. */
async function loadDuckDb(): Promise<typeof import("@duckdb/node-api")> {
  try {
    return await import("@duckdb/node-api");
  } catch (error) {
    throw new SqlEngineError(`the duckdb engine needs the package @duckdb/node-api, which could not be loaded (${firstLine(error)})`, { cause: error });
  }
}

export async function openSqlSession(options: SqlSessionOptions = {}): Promise<SqlSession> {
  const duckdb = await loadDuckDb();
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;
  try {
    const config: Record<string, string> = {};
    if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
    if (options.tempDirectory !== undefined) config.temp_directory = options.tempDirectory;
    if (options.threads !== undefined) config.threads = String(options.threads);
    instance = await duckdb.DuckDBInstance.create(":memory:", config);
    connection = await instance.connect();
  } catch (error) {
    throw new SqlEngineError(`duckdb did not start: ${firstLine(error)}`, { cause: error });
  }
  const guarded = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw error instanceof SqlEngineError ? error : new SqlEngineError(firstLine(error), { cause: error });
    }
  };
  return {
    all: (sql) =>
      guarded(async () => {
        const reader = await connection.runAndReadAll(sql);
        return reader.getRowObjectsJS().map(plain) as SqlRow[];
      }),
    each: async (sql, row, onProgress) => {
      // What the caller's `row` throws (a policy that cannot be decided, a live read that failed) is the caller's, not DuckDB's: it leaves as it was.
      let thrown: { error: unknown } | undefined;
      const take = async (one: Record<string, unknown>): Promise<void> => {
        try {
          const pause = row(plain(one) as SqlRow);
          if (pause) await pause;
        } catch (error) {
          thrown = { error };
          throw error;
        }
      };
      try {
        await guarded(async () => {
          const pending = await connection.start(sql);
          // DuckDB runs the query on its own threads; the progress is read beside it, ten times a second.
          const timer = onProgress
            ? setInterval(() => {
                const progress = connection.progress;
                if (progress.percentage >= 0) onProgress(progress.percentage, Number(progress.rows_processed));
              }, 100)
            : undefined;
          try {
            const result = await pending.getResult();
            for await (const rows of result.yieldRowObjectJs()) for (const one of rows) await take(one);
          } finally {
            if (timer) clearInterval(timer);
          }
        });
      } catch (error) {
        if (thrown) throw thrown.error;
        throw error;
      }
    },
    close: () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** BigInt to number, recursively: the counts and row numbers of a replay are far below 2^53. */
function plain(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  return value;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]!.trim();
}
