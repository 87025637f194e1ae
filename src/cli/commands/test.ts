import { runPolicyTestFiles, type PolicyTestOutcome } from "../../app/policy-tests.js";
import { UsageError } from "../../app/errors.js";
import { formatReport, isTestFormatName, shouldUseColor, TEST_FORMAT_NAMES } from "../../core/formats/index.js";
import { formatTestRun } from "../../core/formats/policy-tests.js";
import { coveragePercent, isUnderThreshold, overallCoverage, type TestRun } from "../../core/semantics/run-tests.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { openReportSink } from "../output-file.js";
import { VERSION } from "../version.js";

export interface TestFlags {
  format: string;
  outputFile?: string;
  coverage?: boolean;
  /** `--threshold N`: the overall coverage, in percent, under which the run fails; implies --coverage. */
  threshold?: string;
  /** `--run <regex>`: only the cases whose name matches. */
  run?: string;
  /** `--staged`: the files as staged in the Git index. */
  staged?: boolean;
  /** The clock for address entries' expiresAt (parsed by commander: cli/date-time.ts). */
  now?: Date;
}

/** `screenpol test [paths..]`: runs the policy test files (semantics.md section 3). */
export async function testCommand(paths: string[], flags: TestFlags, io: CliIo): Promise<ExitCode> {
  if (!isTestFormatName(flags.format)) throw new UsageError(`--format must be one of ${TEST_FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const format = flags.format;
  const threshold = flags.threshold === undefined ? undefined : parseThreshold(flags.threshold);
  const select = flags.run === undefined ? undefined : parseCaseFilter(flags.run);
  const coverage = flags.coverage === true || threshold !== undefined;
  const sink = await openReportSink(io, flags.outputFile, paths);
  const outcome = await runPolicyTestFiles({ paths, cwd: io.cwd, now: flags.now, coverage, select, staged: flags.staged === true });
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  const fileColor = color && !sink.toFile;
  const report = (run: TestRun): Promise<void> => sink.write(formatTestRun(format, run, { coverage, color: fileColor }), () => formatTestRun("pretty", run, { coverage, color }));
  switch (outcome.kind) {
    case "malformed":
    case "findings":
      await sink.write(formatReport(format, outcome.lint, { color: fileColor, toolVersion: VERSION }), () => formatReport("pretty", outcome.lint, { color, toolVersion: VERSION }));
      io.stderr.write(findingsNote(outcome, coverage));
      return outcome.kind === "malformed" ? EXIT.usage : EXIT.findings;
    case "none":
      io.stderr.write(`screenpol: no test files in ${outcome.folder}/ (*.test.yaml); nothing to run\n`);
      await report(outcome.run);
      return thresholdVerdict(outcome.run, threshold, io, EXIT.ok);
    case "untested":
      io.stderr.write(`screenpol: no test file tests ${outcome.policyFiles.join(", ")}; nothing to run\n`);
      await report(outcome.run);
      return thresholdVerdict(outcome.run, threshold, io, EXIT.ok);
    case "ran":
      // As `go test -run`: a filter that selects nothing is a warning, not a failure.
      if (select !== undefined && outcome.run.cases.length === 0) io.stderr.write(`screenpol: no case name matches --run ${JSON.stringify(flags.run)}; no tests to run\n`);
      await report(outcome.run);
      return thresholdVerdict(outcome.run, threshold, io, outcome.run.failed > 0 ? EXIT.findings : EXIT.ok);
  }
}

/** The run's exit code, or 1 with one line when the overall coverage is under `--threshold`. */
function thresholdVerdict(run: TestRun, threshold: number | undefined, io: CliIo, code: ExitCode): ExitCode {
  if (threshold === undefined) return code;
  const overall = overallCoverage(run.coverage);
  if (!isUnderThreshold(overall, threshold)) return code;
  io.stderr.write(`screenpol: coverage ${coveragePercent(overall)} (${overall.covered} of ${overall.total} rules and steps reached) is under --threshold ${threshold}%\n`);
  return EXIT.findings;
}

/** A percentage as a person types one: `80`, `87.5`; no sign, exponent or `%`. */
function parseThreshold(text: string): number {
  const value = /^\d{1,3}(\.\d{1,6})?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 0 && value <= 100)) throw new UsageError(`--threshold must be a percentage from 0 to 100, such as 80 or 87.5, not ${JSON.stringify(text)}`);
  return value;
}

/** `--run`: a JavaScript regular expression searched for in each case's name, as `go test -run` searches test names. */
function parseCaseFilter(source: string): RegExp {
  try {
    return new RegExp(source);
  } catch (error) {
    throw new UsageError(`--run ${JSON.stringify(source)} is not a valid regular expression: ${(error as Error).message}`);
  }
}

/** With coverage asked, every policy of the scope is read, tested or not (docs/semantics.md, "Coverage figures"). */
function findingsNote(outcome: Extract<PolicyTestOutcome, { kind: "malformed" | "findings" }>, coverage: boolean): string {
  if (outcome.kind === "malformed") return "screenpol: a test file is malformed; fix it first (no case was run)\n";
  return coverage
    ? "screenpol: a policy or address file of the coverage has errors; fix them first (no case was run)\n"
    : "screenpol: a tested policy or address file has errors; fix them first (no case was run)\n";
}
