import { catalogNoticeToShow, runLint, type LintRun } from "../../app/lint.js";
import { runLintFix } from "../../app/lint-fix.js";
import { isLintCacheStrategy, LINT_CACHE_STRATEGIES } from "../../app/lint-cache.js";
import { formatDiff } from "../../core/fmt/format-file.js";
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
  /** Fix the findings that have one safe fix, in the files. */
  fix?: boolean;
  /** Show the fixes as diffs; write nothing. */
  fixDryRun?: boolean;
  /** Reuse the results of unchanged files (app/lint-cache.ts). */
  cache?: boolean;
  cacheLocation?: string;
  /** ESLint's `--cache-strategy`: metadata (the default) or content (app/lint-cache.ts). */
  cacheStrategy?: string;
  /** Write every suppressible finding into the suppressions file (core/suppressions-file.ts). */
  suppressAll?: boolean;
}

export async function lintCommand(paths: string[], flags: LintFlags, io: CliIo): Promise<ExitCode> {
  if (!isFormatName(flags.format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const { maxWarnings } = flags;
  const sink = await openReportSink(io, flags.outputFile, paths);
  if (flags.fixDryRun) return fixDryRun(paths, flags, io);
  const strategy = flags.cacheStrategy;
  if (strategy !== undefined && !isLintCacheStrategy(strategy)) throw new UsageError(`--cache-strategy must be one of ${LINT_CACHE_STRATEGIES.join(", ")}, not "${strategy}"`);
  const cache = flags.cache || flags.cacheLocation !== undefined || strategy !== undefined ? { path: flags.cacheLocation, version: VERSION, strategy } : undefined;
  const linted = flags.fix ? await fixThenLint(paths, flags, io) : await runLint({ paths, cwd: io.cwd, staged: flags.staged === true, cache, suppressAll: flags.suppressAll === true });
  if (linted.baseline) {
    const { file, written, entries } = linted.baseline;
    const left = linted.diagnostics.length;
    io.stderr.write(
      `screenpol: wrote ${plural(entries, "entry", "entries")} for ${plural(written, "finding")} to ${file}; write each entry's "reason": it suppresses nothing until then` +
        (left > 0 ? `; ${plural(left, "finding")} not written: compliance and structural findings cannot be suppressed` : "") +
        "\n",
    );
  }
  if (linted.cache?.notice) io.stderr.write(`screenpol: warning: ${linted.cache.notice}\n`);
  if (linted.cache && io.env.SCREENPOL_DEBUG) io.stderr.write(`screenpol: lint: ${plural(linted.cache.hits, "file")} from the cache, ${linted.cache.misses} linted\n`);
  const run = flags.quiet ? { ...linted, diagnostics: linted.diagnostics.filter((d) => d.severity === "error") } : linted;
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  const options = { toolVersion: VERSION, srcRoot: run.displayRoot, showSuppressed: flags.showSuppressed === true };
  await sink.write(formatReport(flags.format, run, { ...options, color: color && !sink.toFile }), () => formatReport("pretty", run, { ...options, color }));
  // An info line, not a finding: kept off the machine-read formats, whose consumers often merge stderr in
  // (with -o, the terminal gets the readable report, and the line with it).
  if (run.catalogNotice && (sink.toFile || flags.format === "pretty" || flags.format === "github")) {
    const notice = await catalogNoticeToShow(run);
    if (notice !== undefined) io.stderr.write(`screenpol: ${notice}\n`);
  }
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

/** `--fix`: the fixes written, `fixed N problems in M files` on stderr, then the lint of the fixed files. */
async function fixThenLint(paths: string[], flags: LintFlags, io: CliIo): Promise<LintRun> {
  const { run, files } = await runLintFix({ paths, cwd: io.cwd, staged: flags.staged === true, write: true });
  const fixed = files.reduce((sum, file) => sum + file.fixed, 0);
  if (fixed > 0) io.stderr.write(`screenpol: fixed ${plural(fixed, "problem")} in ${plural(files.length, "file")}\n`);
  return run;
}

/** `--fix-dry-run`: each fix as a diff, nothing written; exit 1 when errors would remain. */
async function fixDryRun(paths: string[], flags: LintFlags, io: CliIo): Promise<ExitCode> {
  const { run, files, fixedErrors } = await runLintFix({ paths, cwd: io.cwd, staged: flags.staged === true, write: false });
  for (const file of files) io.stdout.write(formatDiff(file.file, file.before, file.after));
  const fixed = files.reduce((sum, file) => sum + file.fixed, 0);
  io.stderr.write(`screenpol: would fix ${plural(fixed, "problem")} in ${plural(files.length, "file")}; nothing was written\n`);
  return countBySeverity(run.diagnostics).errors - fixedErrors > 0 ? EXIT.findings : EXIT.ok;
}
