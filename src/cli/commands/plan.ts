/**
 * `screenpol plan [--env NAME]... [paths..] [--out plan.json] [--format pretty|markdown|json] [--detailed-exitcode]`:
 * lint (any error: the findings, exit 1, no plan), read every live policy of
 * the chosen environments, print what a push would do.
 */
import { resolve } from "node:path";
import { runPlan, type PlanRun } from "../../app/plan.js";
import { UsageError } from "../../app/errors.js";
import { invocationRedactor, refuseFilesWithSecrets } from "../../app/secrets.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { countBySeverity } from "../../core/formats/report.js";
import { formatPlanJson, isPlanFormatName, PLAN_FORMAT_NAMES } from "../../core/formats/plan-json.js";
import { formatFindingsMarkdown, formatPlanMarkdown } from "../../core/formats/plan-markdown.js";
import { formatJson } from "../../core/formats/json.js";
import { formatPlanPretty } from "../../core/formats/plan-pretty.js";
import { hasChanges } from "../../core/plan/index.js";
import { writeFileAtomic } from "../../workspace/atomic-write.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import type { RemoteFlags } from "../remote-options.js";

export interface PlanFlags extends RemoteFlags {
  env?: string[];
  out?: string;
  format: string;
  detailedExitcode?: boolean;
}

export async function planCommand(paths: string[], flags: PlanFlags, io: CliIo): Promise<ExitCode> {
  if (!isPlanFormatName(flags.format)) throw new UsageError(`--format must be one of ${PLAN_FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const run = await runPlan({ cwd: io.cwd, env: io.env, environments: flags.env ?? [], paths, tokenFile: flags.tokenFile, baseUrl: flags.baseUrl });
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  if (run.kind === "findings") return reportFindings(run, io, color, flags.format);
  reportWarnings(run, io);
  if (flags.out !== undefined) {
    const text = formatPlanJson(run.plan);
    // The live bodies are the server's words: refused, not redacted, if they carry the token (app/secrets.ts).
    refuseFilesWithSecrets([{ path: flags.out, text }], await invocationRedactor({ env: io.env, tokenFile: flags.tokenFile }));
    // Atomic: a CI step that uploads plan.json never sees half of it.
    await writeFileAtomic(resolve(io.cwd, flags.out), text);
  }
  switch (flags.format) {
    case "json":
      io.stdout.write(formatPlanJson(run.plan));
      break;
    case "markdown":
      io.stdout.write(formatPlanMarkdown(run.plan));
      break;
    default:
      io.stdout.write(formatPlanPretty(run.plan, { color, hint: flags.out ? `Run \`screenpol push --plan ${flags.out}\` to apply exactly this plan.` : undefined }));
  }
  if (flags.detailedExitcode && hasChanges(run.plan)) return EXIT.changesPending;
  return EXIT.ok;
}

/**
 * Lint errors: print them in the plan's own format (a pull-request comment gets
 * Markdown, a script JSON), say that nothing was planned, exit 1.
 */
export function reportFindings(run: Extract<PlanRun, { kind: "findings" }>, io: CliIo, color: boolean, format = "pretty"): ExitCode {
  if (format === "markdown") io.stdout.write(formatFindingsMarkdown(run.lint.diagnostics));
  else if (format === "json") io.stdout.write(formatJson(run.lint));
  else io.stdout.write(formatPretty(run.lint, { color }));
  io.stderr.write("screenpol: the files have errors; fix them first (nothing was planned)\n");
  return EXIT.findings;
}

function reportWarnings(run: Extract<PlanRun, { kind: "plan" }>, io: CliIo): void {
  const { warnings } = countBySeverity(run.lint.diagnostics);
  if (warnings > 0) io.stderr.write(`screenpol: lint: ${warnings} warning${warnings === 1 ? "" : "s"} (run \`screenpol lint\` to see them)\n`);
}
