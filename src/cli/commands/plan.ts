/**
 * `screenpol plan [--env NAME]... [paths..] [--out plan.json] [--format pretty|markdown|json] [--detailed-exitcode] [--show-unchanged]
 * [--deny-weakening | --deny-live-weakening | --allow-weakening] [--solver-timeout <seconds>] [--no-weakening-check] [--traffic FILE]`:
 * lint (any error: the findings, exit 1, no plan), read every live policy of
 * the chosen environments, run the weakening check of each policy the plan
 * writes, print what a push would do. Under --deny-weakening a weakening (or
 * no proof that there is none) is a finding, exit 1, which wins over
 * --detailed-exitcode's 5: a failed check is not "changes pending";
 * --deny-live-weakening the same for `live` environments only (what push
 * refuses). --allow-weakening approves the weakening of the live environments
 * instead: the plan records it, for `push --plan` (app/weakening-approval.ts).
 */
import { resolve } from "node:path";
import { runPlan, type PlanRun } from "../../app/plan.js";
import { UsageError } from "../../app/errors.js";
import { refuseOutputOverInputs, writeOutputFile } from "../../app/output-target.js";
import { invocationRedactor, refuseFilesWithSecrets } from "../../app/secrets.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { countBySeverity } from "../../core/formats/report.js";
import { formatPlanJson, isPlanFormatName, PLAN_FORMAT_NAMES } from "../../core/formats/plan-json.js";
import { formatFindingsMarkdown, formatPlanMarkdown } from "../../core/formats/plan-markdown.js";
import { formatJson } from "../../core/formats/json.js";
import { formatPlanPretty } from "../../core/formats/plan-pretty.js";
import { asWrittenJson, asWrittenLines, asWrittenMarkdown, describeRefusals } from "../../core/formats/plan-weakening.js";
import { approvePlanWeakening, liveByPlan, weakeningsOf } from "../../app/weakening-approval.js";
import { hasChanges, refusedVerdicts, type Plan, type WeakeningApproval } from "../../core/plan/index.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { openReportSink } from "../output-file.js";
import type { RemoteFlags } from "../remote-options.js";

export interface PlanFlags extends RemoteFlags {
  env?: string[];
  out?: string;
  format: string;
  outputFile?: string;
  detailedExitcode?: boolean;
  showUnchanged?: boolean;
  /** markdown: counts, names and verdicts only (a public repository's comment). */
  summary?: boolean;
  denyWeakening?: boolean;
  denyLiveWeakening?: boolean;
  /** Approve the weakening of the live environments: recorded in the plan for `push --plan`. */
  allowWeakening?: boolean;
  /** Milliseconds per policy pair (cli/solver-timeout.ts). */
  solverTimeout?: number;
  /** false with --no-weakening-check. */
  weakeningCheck?: boolean;
  /** Recorded screenings counted per cause of the weakening check (app/traffic.ts). */
  traffic?: string;
}

export async function planCommand(paths: string[], flags: PlanFlags, io: CliIo): Promise<ExitCode> {
  if (!isPlanFormatName(flags.format)) throw new UsageError(`--format must be one of ${PLAN_FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  if (flags.denyWeakening && flags.weakeningCheck === false) throw new UsageError("--deny-weakening needs the weakening check; drop --no-weakening-check");
  if (flags.denyLiveWeakening && flags.weakeningCheck === false) throw new UsageError("--deny-live-weakening needs the weakening check; drop --no-weakening-check");
  if (flags.traffic !== undefined && flags.weakeningCheck === false) throw new UsageError("--traffic counts what the weakening check finds; drop --no-weakening-check");
  if (flags.allowWeakening && flags.weakeningCheck === false) throw new UsageError("--allow-weakening approves what the weakening check finds; drop --no-weakening-check");
  if (flags.allowWeakening && (flags.denyWeakening || flags.denyLiveWeakening)) {
    throw new UsageError(`--allow-weakening approves the weakening that ${flags.denyWeakening ? "--deny-weakening" : "--deny-live-weakening"} refuses; give one of them`);
  }
  if (flags.summary && flags.format !== "markdown") throw new UsageError("--summary shapes the markdown comment; give --format markdown");
  const weakening = flags.weakeningCheck === false ? false : { timeoutMs: flags.solverTimeout };
  const sink = await openReportSink(io, flags.outputFile, paths);
  // Before any request: plan.json over a policy would be as destructive as the report.
  if (flags.out !== undefined) await refuseOutputOverInputs({ cwd: io.cwd, path: flags.out, option: "--out", inputs: paths });
  const run = await runPlan({
    cwd: io.cwd,
    env: io.env,
    environments: flags.env ?? [],
    paths,
    tokenFile: flags.tokenFile,
    baseUrl: flags.baseUrl,
    onSecret: (secret) => io.addSecret?.(secret),
    weakening,
    checkDespiteFindings: true,
    traffic: flags.traffic,
    stdin: io.stdin,
  });
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  if (run.kind === "findings") {
    await sink.write(formatFindings(run, color && !sink.toFile, flags.format), () => formatFindings(run, color));
    if (run.unchecked !== undefined) io.stderr.write(`screenpol: the weakening check of the files as written was not run: ${run.unchecked}\n`);
    io.stderr.write(NOTHING_PLANNED);
    return EXIT.findings;
  }
  reportWarnings(run, io);
  // Before plan.json and the report are written: both carry the approval.
  if (flags.allowWeakening) reportApproval(approvePlanWeakening(run.plan), run.plan, io);
  if (flags.out !== undefined) {
    const text = formatPlanJson(run.plan);
    // The live bodies are the server's words: refused, not redacted, if they carry the token (app/secrets.ts).
    refuseFilesWithSecrets([{ path: flags.out, text }], await invocationRedactor({ env: io.env, tokenFile: flags.tokenFile }));
    // Atomic: a CI step that uploads plan.json never sees half of it.
    await writeOutputFile(resolve(io.cwd, flags.out), text);
  }
  const pretty = (withColor: boolean): string =>
    formatPlanPretty(run.plan, {
      color: withColor,
      unchanged: flags.showUnchanged ? "list" : "count",
      unchangedHint: "--show-unchanged lists them",
      hint: flags.out ? `Run \`screenpol push --plan ${flags.out}\` to apply exactly this plan.` : undefined,
    });
  const report =
    flags.format === "json"
      ? formatPlanJson(run.plan)
      : flags.format === "markdown"
        ? formatPlanMarkdown(run.plan, { showUnchanged: flags.showUnchanged === true, summary: flags.summary === true })
        : pretty(color && !sink.toFile);
  await sink.write(report, () => pretty(color));
  if (flags.denyWeakening) {
    const denied = refusedVerdicts(run.plan);
    io.stderr.write(describeRefusals(denied, { transitions: false }));
    if (denied.length > 0) return EXIT.findings;
  }
  if (flags.denyLiveWeakening) {
    const denied = weakeningsOf(run.plan, liveByPlan(run.plan));
    io.stderr.write(describeRefusals(denied, { transitions: false }));
    if (denied.length > 0) {
      io.stderr.write(`screenpol: a weakening of a live environment needs approval: \`screenpol plan --allow-weakening --out plan.json\` records it for \`push --plan\`\n`);
      return EXIT.findings;
    }
  }
  if (flags.detailedExitcode && hasChanges(run.plan)) return EXIT.changesPending;
  return EXIT.ok;
}

/**
 * Lint errors, in the plan's own format (a pull-request comment gets
 * Markdown, a script JSON): the command then says that nothing was planned, exit 1.
 */
export function formatFindings(run: Extract<PlanRun, { kind: "findings" }>, color: boolean, format = "pretty"): string {
  // The weakening check of the files as written, when plan could run it (docs/semantics.md, "What decides").
  const plan = run.plan;
  if (format === "markdown") return formatFindingsMarkdown(run.lint.diagnostics) + (plan ? asWrittenMarkdown(plan) : "");
  if (format === "json") return plan ? asWrittenJson(run.lint, plan) : formatJson(run.lint);
  return formatPretty(run.lint, { color }) + (plan ? `\n${asWrittenLines(plan).join("\n")}\n` : "");
}

/** The findings on stdout, the line that nothing was planned, exit 1: for push and demo, which plan first. */
export function reportFindings(run: Extract<PlanRun, { kind: "findings" }>, io: CliIo, color: boolean): ExitCode {
  io.stdout.write(formatFindings(run, color));
  io.stderr.write(NOTHING_PLANNED);
  return EXIT.findings;
}

/**
 * What --allow-weakening approved, on stderr: each policy and its weakening
 * transitions as push's guard words them (the log says what was approved),
 * then the fingerprint a reviewer can compare with push's.
 */
function reportApproval(approval: WeakeningApproval, plan: Plan, io: CliIo): void {
  if (approval.policies.length === 0) {
    io.stderr.write("screenpol: --allow-weakening: no weakening of a live environment to approve; the plan records that none was approved\n");
    return;
  }
  io.stderr.write(describeRefusals(weakeningsOf(plan, liveByPlan(plan)), { transitions: true }));
  io.stderr.write(
    `screenpol: the plan records this approval (weakening ${approval.fingerprint.slice(0, 12)}): \`push --plan\` pushes it without --allow-weakening while the weakening against live is exactly this\n`,
  );
}

const NOTHING_PLANNED = "screenpol: the files have errors; fix them first (nothing was planned)\n";

function reportWarnings(run: Extract<PlanRun, { kind: "plan" }>, io: CliIo): void {
  const { warnings } = countBySeverity(run.lint.diagnostics);
  if (warnings > 0) io.stderr.write(`screenpol: lint: ${warnings} warning${warnings === 1 ? "" : "s"} (run \`screenpol lint\` to see them)\n`);
}
