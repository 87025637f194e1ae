import { runLint } from "../../app/lint.js";
import { plural } from "../../core/plural.js";
import { countBySeverity } from "../../core/formats/report.js";
import { formatReport, isFormatName, shouldUseColor, FORMAT_NAMES } from "../../core/formats/index.js";
import { UsageError } from "../../app/errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { openReportSink } from "../output-file.js";
import { VERSION } from "../version.js";

export interface LintFlags {
  format: string;
  staged?: boolean;
  maxWarnings?: number;
  outputFile?: string;
  /** Errors only: warnings are neither reported nor counted (ESLint's --quiet). */
  quiet?: boolean;
  /** pretty: list suppressed findings with their reasons. */
  showSuppressed?: boolean;
}

export async function lintCommand(paths: string[], flags: LintFlags, io: CliIo): Promise<ExitCode> {
  if (!isFormatName(flags.format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const { maxWarnings } = flags;
  const sink = await openReportSink(io, flags.outputFile);
  const linted = await runLint({ paths, cwd: io.cwd, staged: flags.staged === true });
  const run = flags.quiet ? { ...linted, diagnostics: linted.diagnostics.filter((d) => d.severity === "error") } : linted;
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  const options = { toolVersion: VERSION, srcRoot: run.displayRoot, showSuppressed: flags.showSuppressed === true };
  await sink.write(formatReport(flags.format, run, { ...options, color: color && !sink.toFile }), () => formatReport("pretty", run, { ...options, color }));
  // An info line, not a finding: kept off the machine-read formats, whose consumers often merge stderr in
  // (with -o, the terminal gets the readable report, and the line with it).
  if (run.catalogNotice && (sink.toFile || flags.format === "pretty" || flags.format === "github")) io.stderr.write(`screenpol: ${run.catalogNotice}\n`);
  // Which threads linted (a worker that fails is replaced silently by this thread): for tests and bug reports.
  if (io.env.SCREENPOL_DEBUG) io.stderr.write(`screenpol: lint: ${run.threads.workers} worker threads started, ${run.threads.answered} answered\n`);
  const { errors, warnings } = countBySeverity(run.diagnostics);
  if (errors > 0) return EXIT.findings;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr.write(`screenpol: ${plural(warnings, "warning")}, more than --max-warnings ${maxWarnings}\n`);
    return EXIT.findings;
  }
  return EXIT.ok;
}
