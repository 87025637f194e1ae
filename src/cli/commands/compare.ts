/**
 * `screenpol compare --base <git-ref> [--head <git-ref>] [paths..] [--format
 * pretty|json|markdown|github|sarif] [--deny-weakening] [--write-tests DIR]
 * [--solver-timeout S] [--now ISO] [--traffic FILE]`: the weakening check of every changed
 * policy between two Git revisions (semantics.md section 5). Every version that
 * decides is compared, its lint findings listed beside the verdict; one that
 * cannot be decided is `unknown` with the reason (docs/semantics.md, "What
 * decides"). Exit 0 when the comparison ran, whatever it found; 1 when either
 * version has lint errors (the comparison printed all the same), or under
 * --deny-weakening when a policy is weaker, mixed, unknown or loses a decision
 * by its removal (each a `policy-weakened` finding); 2 for usage, config, an
 * unknown ref, or a test file --write-tests would overwrite.
 */
import { runCompare, type CompareRun } from "../../app/compare.js";
import { UsageError } from "../../app/errors.js";
import { writeWeakeningTests } from "../../app/weakening-tests.js";
import { COMPARE_MARKDOWN_MARKER, denyWeakeningLine, formatCompareJson, formatCompareMarkdown, formatComparePretty, weakeningFindings } from "../../core/formats/compare.js";
import { formatReport, type CompareFormatName } from "../../core/formats/index.js";
import type { LintReport } from "../../core/formats/report.js";
import { readIsoDateTime } from "../../core/iso-date.js";
import { isRefusedWeakening } from "../../core/semantics/weakening/verdict.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { openReportSink } from "../output-file.js";
import { VERSION } from "../version.js";

export interface CompareFlags {
  base: string;
  head?: string;
  format: CompareFormatName;
  outputFile?: string;
  /** markdown: names and verdicts only (a public repository's comment). */
  summary?: boolean;
  denyWeakening?: boolean;
  writeTests?: string;
  /** Milliseconds, read from seconds by solver-timeout.ts. */
  solverTimeout?: number;
  now?: string;
  /** Recorded screenings counted per cause (app/traffic.ts). */
  traffic?: string;
}

export async function compareCommand(paths: string[], flags: CompareFlags, io: CliIo): Promise<ExitCode> {
  const now = flags.now === undefined ? new Date() : readNow(flags.now);
  const deny = flags.denyWeakening === true;
  if (flags.summary && flags.format !== "markdown") throw new UsageError("--summary shapes the markdown comment; give --format markdown");
  const sink = await openReportSink(io, flags.outputFile, paths);
  const run = await runCompare({ cwd: io.cwd, base: flags.base, head: flags.head, paths, now, timeoutMs: flags.solverTimeout, traffic: flags.traffic, stdin: io.stdin });
  if (flags.traffic !== undefined && !run.policies.some((policy) => policy.traffic !== undefined)) {
    io.stderr.write(`screenpol: --traffic: no compared policy decides a screening differently; ${flags.traffic} was not read\n`);
  }
  // Before any output: a refused write (a file exists) is then the command's only answer.
  if (flags.writeTests !== undefined) {
    const written = await writeWeakeningTests({ cwd: io.cwd, root: run.root, dir: flags.writeTests, policies: run.policies, heading: run.labels });
    if (written.length === 0) io.stderr.write("screenpol: --write-tests: no weakening, no test file written\n");
    for (const { file, cases } of written) io.stderr.write(`screenpol: wrote ${file} (${cases} ${cases === 1 ? "case" : "cases"})\n`);
  }
  await sink.write(formatComparison(run, flags.format, deny, flags.summary === true), () => formatComparison(run, "pretty", deny));
  let code: ExitCode = EXIT.ok;
  if (deny) {
    const denied = run.policies.filter(isRefusedWeakening);
    if (denied.length > 0) {
      io.stderr.write(denyWeakeningLine(denied));
      code = EXIT.findings;
    }
  }
  // Compared all the same, as written: the errors still fail the check, as `lint` would (docs/semantics.md, "What decides").
  for (const side of run.withErrors) {
    io.stderr.write(`screenpol: the ${side} version (${run.labels[side]}) has lint errors, listed beside the verdicts\n`);
    code = EXIT.findings;
  }
  return code;
}

function formatComparison(run: CompareRun, format: CompareFormatName, deny: boolean, summary = false): string {
  switch (format) {
    case "pretty":
      return formatComparePretty(run.policies, run.labels);
    case "json":
      return formatCompareJson(run.policies);
    case "markdown":
      return formatCompareMarkdown(run.policies, run.labels, { deny, summary });
    case "github":
    case "sarif": {
      // Head's lint findings beside the weakenings: annotations land on head's lines (base's would not).
      const report: LintReport = { diagnostics: [...weakeningFindings(run.policies, { deny }), ...run.headFindings], filesLinted: 0, sources: new Map() };
      return formatReport(format, report, { toolVersion: VERSION, srcRoot: run.root });
    }
  }
}

function readNow(text: string): Date {
  const reading = readIsoDateTime(text);
  if (!reading.ok) throw new UsageError(`--now must be an ISO 8601 date or date-time, e.g. 2026-11-23T12:00:00Z, not "${text}"`);
  return new Date(reading.time);
}
