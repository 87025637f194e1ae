/**
 * `screenpol show <plan.json> [--format pretty|markdown|json] [--show-unchanged]`:
 * a saved plan rendered as `plan` printed it, for a second reviewer who was
 * not there when it was made (docs/review-workflow.md, "A saved plan"). It
 * reads only the file: no config, no request, no solver (the weakening
 * verdicts are the plan's own). Exit 0 when shown, 2 when the file cannot be
 * read or is not a plan.
 */
import { UsageError } from "../../app/errors.js";
import { readPlanFile } from "../../app/push.js";
import { shouldUseColor } from "../../core/formats/index.js";
import { formatPlanJson, isPlanFormatName, PLAN_FORMAT_NAMES } from "../../core/formats/plan-json.js";
import { formatPlanMarkdown } from "../../core/formats/plan-markdown.js";
import { formatPlanPretty } from "../../core/formats/plan-pretty.js";
import { resolve } from "node:path";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface ShowFlags {
  format: string;
  showUnchanged?: boolean;
}

export async function showCommand(file: string, flags: ShowFlags, io: CliIo): Promise<ExitCode> {
  if (!isPlanFormatName(flags.format)) throw new UsageError(`--format must be one of ${PLAN_FORMAT_NAMES.join(", ")}, not "${flags.format}"`);
  const plan = await readPlanFile(resolve(io.cwd, file), file);
  if (flags.format === "json") {
    io.stdout.write(formatPlanJson(plan));
    return EXIT.ok;
  }
  if (flags.format === "markdown") {
    io.stdout.write(formatPlanMarkdown(plan, { showUnchanged: flags.showUnchanged === true }));
    return EXIT.ok;
  }
  const made = plan.createdAt === undefined ? "" : `, made ${plan.createdAt}`;
  const approval = plan.weakeningApproval;
  const approved =
    approval === undefined ? "" : approval.policies.length === 0 ? "; it approves no weakening" : `; it approves the weakening ${approval.fingerprint.slice(0, 12)} of ${approval.policies.length === 1 ? "1 live policy" : `${approval.policies.length} live policies`}`;
  io.stdout.write(`Saved plan ${file}${made}${approved}\n\n`);
  io.stdout.write(
    formatPlanPretty(plan, {
      color: shouldUseColor(io.env, io.stdout.isTTY === true),
      unchanged: flags.showUnchanged === true ? "list" : "count",
      unchangedHint: "--show-unchanged lists them",
      hint: `Run \`screenpol push --plan ${file}\` to apply exactly this plan.`,
    }),
  );
  return EXIT.ok;
}
