/**
 * The Spark job of `replay --engine spark --emit-job` (docs/replay.md,
 * "Spark"): the replay SQL of both versions in Spark's dialect (the one
 * compiled subject, core/semantics/sql), the Spark SQL that groups its rows
 * into tallies (docs/replay.md, "Tallies"), and the PySpark driver that runs
 * them over a Parquet path and writes the tallies file `replay --merge` reads.
 * Written here, checked by Spark's grammar and py_compile in the tests; not
 * run here (Spark cannot be installed on this machine).
 */
import { replayStepsSql, sqlDialect } from "../semantics/sql/index.js";
import type { CompiledSubject } from "../semantics/subject.js";
import { SCREENING_LAYOUT, type LayoutType } from "./sql-input.js";
import { TALLIES_FORMAT, TALLIES_VERSION, type ReplayTallies } from "./tallies.js";
import type { ReplaySubject } from "./line.js";

export interface SparkJob {
  /** replay.sql: line, base_step, base_entry_action, head_step, head_entry_action per row of `screenings`. */
  replaySql: string;
  /** tallies.sql: replay.sql's rows grouped, with each group's first row numbers. */
  talliesSql: string;
  /** job.py: the PySpark driver, both SQL texts inside it. */
  driver: string;
}

const SPARK_TYPES: Record<Extract<LayoutType, { kind: "scalar" }>["type"], string> = { VARCHAR: "STRING", DOUBLE: "DOUBLE", BOOLEAN: "BOOLEAN", INTEGER: "BIGINT" };

/** A layout type in Spark's DDL, for the columns a Parquet file leaves out (read as NULL). */
function sparkType(type: LayoutType): string {
  if (type.kind === "scalar") return SPARK_TYPES[type.type];
  if (type.kind === "list") return `ARRAY<${sparkType(type.element)}>`;
  return `STRUCT<${Object.entries(type.fields)
    .map(([name, field]) => `${name}: ${sparkType(field)}`)
    .join(", ")}>`;
}

export function sparkJob(options: { subject: ReplaySubject; base: CompiledSubject; head: CompiledSubject; now: Date; samples: number; fingerprint: string; screenpolVersion: string }): SparkJob {
  const replaySql = replayStepsSql(options.base, options.head, { dialect: sqlDialect("spark"), now: options.now.getTime(), relation: "screenings" });
  const keys = "base_step, base_entry_action, head_step, head_entry_action";
  const talliesSql = [
    `SELECT ${keys}, count(*) AS n,`,
    // The first `samples` row numbers of each group: the samples every engine chooses (docs/replay.md, "Engines").
    `  sort_array(collect_list(CASE WHEN sample_rank <= ${options.samples} THEN line END)) AS first_lines`,
    "FROM (",
    `  SELECT steps.*, row_number() OVER (PARTITION BY ${keys} ORDER BY line) AS sample_rank`,
    "  FROM (",
    replaySql.replace(/^/gm, "    "),
    "  ) AS steps",
    ") AS ranked",
    `GROUP BY ${keys}`,
  ].join("\n");
  const tallies: Omit<ReplayTallies, "shards"> = {
    format: TALLIES_FORMAT,
    version: TALLIES_VERSION,
    ...options.subject,
    fingerprint: options.fingerprint,
    now: options.now.toISOString(),
    samples: options.samples,
  };
  const columns = Object.fromEntries(Object.entries(SCREENING_LAYOUT).map(([name, type]) => [name, sparkType(type)]));
  const plan = { tallies, columns, talliesSql };
  return { replaySql: `${replaySql}\n`, talliesSql: `${talliesSql}\n`, driver: DRIVER.replace("@VERSION@", options.screenpolVersion).replace("@PLAN@", JSON.stringify(JSON.stringify(plan))) };
}

const DRIVER = `"""screenpol's replay as a Spark job (docs/replay.md, "Spark").

Written by screenpol @VERSION@ (\`screenpol replay --engine spark --emit-job\`)
for one policy's two versions: its SQL is theirs, and the tallies it writes
carry their fingerprint, so \`screenpol replay --merge\` refuses them against
other versions. Write it again rather than edit it.

    spark-submit job.py --input s3://lake/screenings/2026-11/ --output tallies.json
    screenpol replay --merge tallies.json --base <the same ref>

--input is a Parquet path Spark reads, in the column layout of docs/replay.md
(a column it leaves out reads as NULL). Rows are numbered by a \`line\` column
when the data has one, else by file name and then order within the file.
--output is a file on the driver's local disk.
"""

import argparse
import json
import sys

PLAN = json.loads(@PLAN@)


def main():
    parser = argparse.ArgumentParser(description="screenpol replay tallies over Parquet")
    parser.add_argument("--input", required=True, help="a Parquet path Spark reads")
    parser.add_argument("--output", required=True, help="the tallies file to write, on the driver")
    args = parser.parse_args()

    from pyspark.sql import SparkSession, Window
    from pyspark.sql import functions as F

    spark = SparkSession.builder.appName("screenpol-replay").getOrCreate()
    frame = spark.read.parquet(args.input)
    for name, ddl in PLAN["columns"].items():
        if name not in frame.columns:
            frame = frame.withColumn(name, F.lit(None).cast(ddl))
    if "line" not in frame.columns:
        frame = frame.withColumn("_file", F.input_file_name()).withColumn("_order", F.monotonically_increasing_id())
        frame = frame.withColumn("line", F.row_number().over(Window.orderBy("_file", "_order")))
    frame.createOrReplaceTempView("screenings")
    rows = frame.agg(F.count(F.lit(1)).alias("n"), F.max("line").alias("last")).collect()[0]
    groups = [
        {
            "baseStep": int(row["base_step"]),
            "baseEntry": row["base_entry_action"],
            "headStep": int(row["head_step"]),
            "headEntry": row["head_entry_action"],
            "count": int(row["n"]),
            "firstLines": [int(line) for line in row["first_lines"]],
        }
        for row in spark.sql(PLAN["talliesSql"]).collect()
    ]
    shard = {"source": args.input, "rows": max(int(rows["n"]), int(rows["last"] or 0)), "filtered": 0, "typed": True, "groups": groups, "rowsForReader": []}
    with open(args.output, "w", encoding="utf-8") as output:
        json.dump(dict(PLAN["tallies"], shards=[shard]), output)
        output.write("\\n")
    spark.stop()


if __name__ == "__main__":
    try:
        main()
    except Exception as error:  # noqa: BLE001 - one line, as screenpol's own failures
        sys.stderr.write("screenpol-job: %s\\n" % " ".join(str(error).split()[:60]))
        sys.exit(1)
`;
