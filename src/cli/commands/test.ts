import { runPolicyTestFiles, type PolicyTestOutcome } from "../../app/policy-tests.js";
import { UsageError } from "../../app/errors.js";
import { formatReport, isTestFormatName, shouldUseColor, TEST_FORMAT_NAMES } from "../../core/formats/index.js";
import { formatTestRun } from "../../core/formats/policy-tests.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { openReportSink } from "../output-file.js";
import { VERSION } from "../version.js";

export interface TestFlags {
  format: string;
  outputFile?: string;
  coverage?: boolean;
  /** The clock for address entries' expiresAt (parsed by commander: cli/date-time.ts). */
  now?: Date;
}

/** `screenpol test [paths..]`: runs the policy test files (semantics.md section 3). */
export async function testCommand(paths: string[], flags: TestFlags, io: CliIo): Promise<ExitCode> {
  if (!isTestFormatName(flags.format)) throw new UsageError(`--format must be one of ${TEST_FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const format = flags.format;
  const sink = await openReportSink(io, flags.outputFile, paths);
  const outcome = await runPolicyTestFiles({ paths, cwd: io.cwd, now: flags.now, reachability: flags.coverage === true });
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  const fileColor = color && !sink.toFile;
  const coverage = flags.coverage === true;
  switch (outcome.kind) {
    case "malformed":
    case "findings":
      await sink.write(formatReport(format, outcome.lint, { color: fileColor, toolVersion: VERSION }), () => formatReport("pretty", outcome.lint, { color, toolVersion: VERSION }));
      io.stderr.write(findingsNote(outcome));
      return outcome.kind === "malformed" ? EXIT.usage : EXIT.findings;
    case "none": {
      io.stderr.write(`screenpol: no test files in ${outcome.folder}/ (*.test.yaml); nothing to run\n`);
      const empty = { passed: 0, failed: 0, cases: [], files: [], coverage: [] };
      await sink.write(formatTestRun(format, empty, { coverage, color: fileColor }), () => formatTestRun("pretty", empty, { coverage, color }));
      return EXIT.ok;
    }
    case "ran":
      await sink.write(formatTestRun(format, outcome.run, { coverage, color: fileColor }), () => formatTestRun("pretty", outcome.run, { coverage, color }));
      return outcome.run.failed > 0 ? EXIT.findings : EXIT.ok;
  }
}

function findingsNote(outcome: Extract<PolicyTestOutcome, { kind: "malformed" | "findings" }>): string {
  return outcome.kind === "malformed"
    ? "screenpol: a test file is malformed; fix it first (no case was run)\n"
    : "screenpol: a tested policy or address file has errors; fix them first (no case was run)\n";
}
