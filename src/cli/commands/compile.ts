/**
 * `screenpol compile --sql [--dialect duckdb|spark|trino|bigquery] [--env E]
 * [--vendor V] [--scope S] [--now ISO] [--from RELATION] [--base REF]`: each
 * policy as one SQL SELECT over a relation of screenings in the layout of
 * docs/replay.md, returning `action` and `decided_by` per row as decide()
 * does. Exit 0 when the SQL is printed; 1 when a version has lint errors; 2
 * for usage, config or an unknown ref.
 */
import { runCompile } from "../../app/compile.js";
import { UsageError } from "../../app/errors.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import type { SqlDialectName } from "../../core/semantics/sql/dialect.js";
import type { Scope, Vendor } from "../../core/vendors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface CompileFlags {
  sql?: boolean;
  dialect: SqlDialectName;
  env?: string;
  vendor?: Vendor;
  scope?: Scope;
  now?: Date;
  from: string;
  base?: string;
}

export async function compileCommand(flags: CompileFlags, io: CliIo): Promise<ExitCode> {
  if (flags.sql !== true) throw new UsageError("compile needs a target language: --sql (the only one so far)");
  if (flags.from.trim() === "") throw new UsageError("--from must name the screenings relation, e.g. screenings or lake.screenings");
  const now = flags.now ?? new Date();
  const run = await runCompile({ cwd: io.cwd, environment: flags.env, providerType: flags.vendor, scope: flags.scope, dialect: flags.dialect, now, relation: flags.from, base: flags.base });
  if (run.kind === "findings") {
    io.stdout.write(formatPretty(run.lint, { color: shouldUseColor(io.env, io.stdout.isTTY === true) }));
    io.stderr.write(`screenpol: the ${run.side} version (${run.label}) has lint errors; fix them first (nothing was compiled)\n`);
    return EXIT.findings;
  }
  const header = (target: (typeof run.statements)[number]["target"]) =>
    [
      `-- screenpol compile --sql --dialect ${flags.dialect}: ${target.environment}/${target.providerType}/${target.scope}${flags.base === undefined ? "" : `, base ${flags.base} and head the working tree`}`,
      `-- Address entries as of ${now.toISOString()}; the columns of ${flags.from}: docs/replay.md, "The column layout".`,
    ].join("\n");
  io.stdout.write(`${run.statements.map((statement) => `${header(statement.target)}\n${statement.sql};\n`).join("\n")}`);
  return EXIT.ok;
}
