/**
 * `screenpol compare --base <git-ref> [--head <git-ref>] [paths..] [--format
 * pretty|json|markdown|github|sarif] [--deny-weakening] [--write-tests DIR]
 * [--solver-timeout S] [--now ISO]`: the weakening check of every changed
 * policy between two Git revisions (semantics.md section 5). Exit 0 when the
 * comparison ran, whatever it found; 1 when either version has lint errors,
 * or under --deny-weakening when a policy is weaker, mixed, unknown or loses a
 * decision by its removal (each a `policy-weakened` finding); 2 for usage,
 * config, an unknown ref, or a test file --write-tests would overwrite.
 */
import { runCompare, type CompareRun } from "../../app/compare.js";
import { UsageError } from "../../app/errors.js";
import { writeWeakeningTests } from "../../app/weakening-tests.js";
import { COMPARE_MARKDOWN_MARKER, denyWeakeningLine, formatCompareJson, formatCompareMarkdown, formatComparePretty, weakeningFindings } from "../../core/formats/compare.js";
import { formatReport, shouldUseColor, type CompareFormatName } from "../../core/formats/index.js";
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
}

type Report = Extract<CompareRun, { kind: "report" }>;

export async function compareCommand(paths: string[], flags: CompareFlags, io: CliIo): Promise<ExitCode> {
  const now = flags.now === undefined ? new Date() : readNow(flags.now);
  const deny = flags.denyWeakening === true;
  if (flags.summary && flags.format !== "markdown") throw new UsageError("--summary shapes the markdown comment; give --format markdown");
  const sink = await openReportSink(io, flags.outputFile, paths);
  const run = await runCompare({ cwd: io.cwd, base: flags.base, head: flags.head, paths, now, timeoutMs: flags.solverTimeout });
  if (run.kind === "findings") {
    await sink.write(formatLintFindings(run, flags.format, io, !sink.toFile), () => formatLintFindings(run, "pretty", io, true));
    io.stderr.write(`screenpol: the ${run.side} version (${run.label}) has lint errors; fix them first (nothing was compared)\n`);
    return EXIT.findings;
  }
  // Before any output: a refused write (a file exists) is then the command's only answer.
  if (flags.writeTests !== undefined) {
    const written = await writeWeakeningTests({ cwd: io.cwd, root: run.root, dir: flags.writeTests, policies: run.policies, heading: run.labels });
    if (written.length === 0) io.stderr.write("screenpol: --write-tests: no weakening, no test file written\n");
    for (const { file, cases } of written) io.stderr.write(`screenpol: wrote ${file} (${cases} ${cases === 1 ? "case" : "cases"})\n`);
  }
  await sink.write(formatComparison(run, flags.format, deny, flags.summary === true), () => formatComparison(run, "pretty", deny));
  if (deny) {
    const denied = run.policies.filter(isRefusedWeakening);
    if (denied.length > 0) {
      io.stderr.write(denyWeakeningLine(denied));
      return EXIT.findings;
    }
  }
  return EXIT.ok;
}

function formatComparison(run: Report, format: CompareFormatName, deny: boolean, summary = false): string {
  switch (format) {
    case "pretty":
      return formatComparePretty(run.policies, run.labels);
    case "json":
      return formatCompareJson(run.policies);
    case "markdown":
      return formatCompareMarkdown(run.policies, run.labels, { deny, summary });
    case "github":
    case "sarif": {
      const report: LintReport = { diagnostics: weakeningFindings(run.policies, { deny }), filesLinted: 0, sources: new Map() };
      return formatReport(format, report, { toolVersion: VERSION, srcRoot: run.root });
    }
  }
}

/** A version's lint errors in the format asked for; markdown says in the comment that nothing was compared. */
function formatLintFindings(run: Extract<CompareRun, { kind: "findings" }>, format: CompareFormatName, io: CliIo, mayColor: boolean): string {
  if (format === "markdown") {
    const count = run.lint.diagnostics.filter((d) => d.severity === "error").length;
    return `${COMPARE_MARKDOWN_MARKER}\n### screenpol compare: not computed\n\nThe ${run.side} version has ${count} lint error${count === 1 ? "" : "s"}; nothing was compared. Run \`screenpol lint\` on it.\n`;
  }
  return formatReport(format, run.lint, { color: mayColor && shouldUseColor(io.env, io.stdout.isTTY === true), toolVersion: VERSION });
}

function readNow(text: string): Date {
  const reading = readIsoDateTime(text);
  if (!reading.ok) throw new UsageError(`--now must be an ISO 8601 date or date-time, e.g. 2026-11-23T12:00:00Z, not "${text}"`);
  return new Date(reading.time);
}
