import { runLint } from "../../app/lint.js";
import { plural } from "../../core/plural.js";
import { countBySeverity } from "../../core/formats/report.js";
import { formatReport, isFormatName, shouldUseColor, FORMAT_NAMES } from "../../core/formats/index.js";
import { UsageError } from "../../app/errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { VERSION } from "../version.js";

export interface LintFlags {
  format: string;
  staged?: boolean;
  maxWarnings?: number;
}

export async function lintCommand(paths: string[], flags: LintFlags, io: CliIo): Promise<ExitCode> {
  if (!isFormatName(flags.format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const { maxWarnings } = flags;
  const run = await runLint({ paths, cwd: io.cwd, staged: flags.staged === true });
  const output = formatReport(flags.format, run, {
    color: shouldUseColor(io.env, io.stdout.isTTY === true),
    toolVersion: VERSION,
    srcRoot: run.displayRoot,
  });
  io.stdout.write(output);
  // An info line, not a finding: kept off the machine-read formats, whose consumers often merge stderr in.
  if (run.catalogNotice && (flags.format === "pretty" || flags.format === "github")) io.stderr.write(`screenpol: ${run.catalogNotice}\n`);
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
