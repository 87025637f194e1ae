/**
 * `screenpol push [--env NAME]... [--plan plan.json] [--yes] [--allow-weakening] [--solver-timeout <seconds>]`:
 * apply. Without --plan it plans first (lint included); with --plan it pushes
 * exactly the reviewed bodies, after checking each against its hash and every
 * planned file against the working tree. A `live` environment refuses a
 * weakening (exit 1, nothing sent) unless --allow-weakening is given, and
 * needs --yes or a "yes" typed on a terminal.
 */
import { resolve } from "node:path";
import { connect, type Connection } from "../../app/connect.js";
import { UsageError } from "../../app/errors.js";
import { runPlan } from "../../app/plan.js";
import { applyPlan, countOutcomes, readPlanFile, refusedWeakenings, selectPlanEntries, verifyPlan, type PushOutcome, type PushReport } from "../../app/push.js";
import { openValidWorkspace } from "../../app/workspace-config.js";
import { findEnvironment, type Config } from "../../core/config.js";
import { colorDiff, formatPlanPretty } from "../../core/formats/plan-pretty.js";
import { describeApprovalDifferences, describeRefusals } from "../../core/formats/plan-weakening.js";
import { checkApprovedWeakening, type ApprovalCheck } from "../../app/weakening-approval.js";
import { shouldUseColor } from "../../core/formats/pretty.js";
import { entryName, hasChanges, type NamedWeakening, type Plan, type WeakeningApproval } from "../../core/plan/index.js";
import { connectOptions } from "../remote-options.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import type { RemoteFlags } from "../remote-options.js";
import { confirmOrRefuse, isInteractive } from "../confirm.js";
import { reportFindings } from "./plan.js";
import { pushTreeConcern } from "../../app/push-working-tree.js";

export interface PushFlags extends RemoteFlags {
  env?: string[];
  plan?: string;
  yes?: boolean;
  allowWeakening?: boolean;
  /** Push to a live environment under --yes though the working tree differs from the default branch. */
  allowDirty?: boolean;
  /** Milliseconds per policy pair (cli/solver-timeout.ts). */
  solverTimeout?: number;
}

export async function pushCommand(flags: PushFlags, io: CliIo): Promise<ExitCode> {
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  const names = flags.env ?? [];
  let plan: Plan;
  let client: Connection["client"];
  let config: Config;
  let root: string;
  if (flags.plan !== undefined) {
    const planned = await readPlanFile(resolve(io.cwd, flags.plan), flags.plan);
    const workspace = await openValidWorkspace(io.cwd);
    config = workspace.config;
    root = workspace.root;
    plan = selectPlanEntries(planned, names);
    const local = await verifyPlan(plan, workspace);
    if (!hasChanges(plan)) return nothingToDo(io);
    const approval = flags.allowWeakening ? undefined : plan.weakeningApproval;
    if (approval === undefined) {
      if (await refuseWeakening(plan, config, flags, io)) return EXIT.findings;
      await confirmLive(plan, config, root, flags, io, color);
      client = (await connect(connectOptions(flags, io))).client;
    } else {
      // An approval is checked against live now: the connection comes first.
      client = (await connect(connectOptions(flags, io))).client;
      try {
        const check = await checkApprovedWeakening(plan, approval, { config, local, client, now: new Date(), timeoutMs: flags.solverTimeout });
        if (refuseUnapproved(check, approval, io)) {
          await client.close();
          return EXIT.findings;
        }
        await confirmLive(plan, config, root, flags, io, color);
      } catch (error) {
        await client.close();
        throw error;
      }
    }
  } else {
    const connection = await connect(connectOptions(flags, io));
    client = connection.client;
    config = connection.workspace.config;
    root = connection.workspace.root;
    try {
      // The guard below checks the live environments only; a sandbox's verdicts are plan's to show.
      const run = await runPlan({ cwd: io.cwd, env: io.env, environments: names, client, weakening: false });
      if (run.kind === "findings") return reportFindings(run, io, color);
      plan = run.plan;
    } catch (error) {
      await client.close();
      throw error;
    }
    if (!hasChanges(plan)) {
      await client.close();
      return nothingToDo(io);
    }
    try {
      if (await refuseWeakening(plan, config, flags, io)) {
        await client.close();
        return EXIT.findings;
      }
      await confirmLive(plan, config, root, flags, io, color);
    } catch (error) {
      await client.close();
      throw error;
    }
  }
  try {
    io.stdout.write(formatPlanPretty(plan, { color, diffs: false, unchanged: "omit", hint: "Pushing." }));
    const progress = progressLine(io);
    const report = await applyPlan({ client, plan, onProgress: progress.update });
    progress.done();
    io.stdout.write(formatPushReport(report, color));
    return exitCodeOf(report);
  } finally {
    await client.close();
  }
}

function nothingToDo(io: CliIo): ExitCode {
  io.stdout.write("No changes: the live policies match the files. Nothing to push.\n");
  return EXIT.ok;
}

/**
 * push's guard (semantics.md section 5): a weakening of a `live` environment
 * is refused before anything is sent, unless --allow-weakening is given; then
 * it is still named on stderr, so the log of the push says what was allowed.
 * Returns whether the push is refused.
 */
async function refuseWeakening(plan: Plan, config: Config, flags: PushFlags, io: CliIo): Promise<boolean> {
  const refused = await refusedWeakenings(plan, { config, now: new Date(), timeoutMs: flags.solverTimeout });
  if (refused.length === 0) return false;
  const environments = [...new Set(refused.map((weakening) => `"${weakening.environment}"`))].join(", ");
  io.stderr.write(weakeningReport(refused));
  if (flags.allowWeakening) {
    io.stderr.write(`screenpol: pushing ${refused.length === 1 ? "this weakening" : "these weakenings"} to the live environment ${environments}: allowed by --allow-weakening\n`);
    return false;
  }
  io.stderr.write(`screenpol: refusing to push a weakening to the live environment ${environments} without --allow-weakening; nothing was pushed\n`);
  return true;
}

/**
 * push --plan with an approval (docs/review-workflow.md, "Approving a
 * weakening"): the weakening recomputed against live now is pushed without
 * --allow-weakening when it is the approved one (or less), and is then named
 * on stderr as approved; anything more is printed, policy by policy and
 * transition by transition, with the live revisions that moved, and the push
 * is refused. Returns whether it is refused.
 */
function refuseUnapproved(check: ApprovalCheck, approval: WeakeningApproval, io: CliIo): boolean {
  const environments = check.environments.map((name) => `"${name}"`).join(", ");
  if (check.unapproved.length === 0) {
    // An approved weakening no longer made (live moved to it) is said, and refuses nothing.
    for (const line of describeApprovalDifferences(check.differences)) io.stderr.write(`${line}\n`);
    if (check.refused.length === 0) return false;
    io.stderr.write(weakeningReport(check.refused));
    io.stderr.write(
      `screenpol: pushing ${check.refused.length === 1 ? "this weakening" : "these weakenings"} to the live environment ${environments}: ` +
        `approved in the plan (weakening ${approval.fingerprint.slice(0, 12)}), and the same against live now\n`,
    );
    return false;
  }
  for (const line of describeApprovalDifferences(check.differences)) io.stderr.write(`${line}\n`);
  for (const moved of check.moved) io.stderr.write(`screenpol: live moved since the plan: ${moved.name} (planned against revision ${moved.planned}, live revision ${moved.now} now)\n`);
  io.stderr.write(`screenpol: refusing to push a weakening to the live environment ${environments} other than the one approved in the plan; nothing was pushed\n`);
  return true;
}

/** Each refused policy and each of its weakening transitions in words, on stderr. */
export function weakeningReport(refused: readonly NamedWeakening[]): string {
  return describeRefusals(refused, { transitions: true });
}

/**
 * A change to a `live` environment (by the config's current word, whatever the
 * plan recorded) needs --yes, or a "y" typed on a terminal (cli/confirm.ts).
 * Without a terminal and without --yes: refused before anything is sent (exit 2).
 */
async function confirmLive(plan: Plan, config: Config, root: string, flags: PushFlags, io: CliIo, color: boolean): Promise<void> {
  const live = plan.entries.filter(
    (entry) => (entry.kind === "create" || entry.kind === "update") && (findEnvironment(config, entry.environment)?.kind ?? entry.environmentKind) === "live",
  );
  if (live.length === 0) return;
  const environments = [...new Set(live.map((entry) => entry.environment))].map((name) => `"${name}"`).join(", ");
  const changes = `${live.length} change${live.length === 1 ? "" : "s"}`;
  // What goes live should be what the default branch holds: a push from an edited tree or a side branch is said, and under --yes refused.
  const concern = await pushTreeConcern(root, config);
  if (concern !== undefined) {
    if (flags.yes && !flags.allowDirty) {
      throw new UsageError(`refusing to push ${changes} to the live environment ${environments}: ${concern} (--allow-dirty pushes it anyway); nothing was pushed`);
    }
    io.stderr.write(`screenpol: warning: ${concern}: the live environment ${environments} gets what this tree holds\n`);
  }
  if (flags.yes) return;
  if (isInteractive(io)) io.stderr.write(formatPlanPretty({ ...plan, entries: live }, { color, diffs: true, hint: "" }));
  const confirmed = await confirmOrRefuse(io, {
    yes: flags.yes,
    question: `Push ${changes} to the live environment ${environments}?`,
    refusal: `refusing to push ${changes} to the live environment ${environments} without --yes (no terminal to confirm on); nothing was pushed`,
  });
  if (!confirmed) throw new UsageError("push cancelled; nothing was pushed");
}

/** One updating line on a terminal; nothing off a terminal. */
function progressLine(io: CliIo): { update: (progress: { done: number; total: number; entry: Plan["entries"][number] }) => void; done: () => void } {
  if (io.stderr.isTTY !== true) return { update: () => undefined, done: () => undefined };
  let shown = false;
  return {
    update({ done, total, entry }) {
      shown = true;
      io.stderr.write(`\r\x1b[2Kpushing ${done}/${total}  ${entryName(entry)}`);
    },
    done() {
      if (shown) io.stderr.write("\r\x1b[2K");
    },
  };
}

/** Exit code of a push: 3 when anything conflicted, else 4 when anything failed, else 0. */
export function exitCodeOf(report: PushReport): ExitCode {
  const counts = countOutcomes(report);
  if (counts.conflict > 0) return EXIT.conflict;
  if (counts.failed > 0 || counts["not-attempted"] > 0) return EXIT.remote;
  return EXIT.ok;
}

const LABEL: Record<PushOutcome["status"], string> = {
  pushed: "pushed",
  unchanged: "unchanged",
  conflict: "CONFLICT",
  failed: "FAILED",
  "not-attempted": "not pushed",
  "live-only": "live-only",
};
const TONE: Record<PushOutcome["status"], string> = { pushed: "32", unchanged: "2", conflict: "1;31", failed: "1;31", "not-attempted": "33", "live-only": "35" };

/** The end-of-push report: one line per entry, conflict diffs, totals, and what to do next. */
export function formatPushReport(report: PushReport, color: boolean): string {
  const paint = (code: string, text: string): string => (color && text !== "" ? `\x1b[${code}m${text}\x1b[0m` : text);
  const width = Math.max(0, ...report.outcomes.map((outcome) => entryName(outcome.entry).length));
  const lines: string[] = [];
  for (const outcome of report.outcomes) {
    const name = entryName(outcome.entry).padEnd(width);
    const label = paint(TONE[outcome.status], LABEL[outcome.status].padEnd(10));
    lines.push(`${label} ${name}  ${detail(outcome)}`);
    if (outcome.status === "conflict") {
      if (outcome.note) lines.push(`    ${outcome.note}`);
      if (outcome.liveDiff !== "") {
        lines.push("    what changed live since the plan:");
        lines.push(colorDiff(outcome.liveDiff, paint).split("\n").map((line) => `    ${line}`).join("\n"));
      }
    }
  }
  const counts = countOutcomes(report);
  lines.push("");
  lines.push(
    paint(
      "1",
      `Summary: ${counts.pushed} pushed, ${counts.unchanged} unchanged, ${counts.conflict} conflicted, ${counts.failed} failed` +
        `${counts["not-attempted"] > 0 ? `, ${counts["not-attempted"]} not attempted` : ""}${counts["live-only"] > 0 ? `, ${counts["live-only"]} live-only (left alone)` : ""}.`,
    ),
  );
  const notPushed = report.outcomes.filter((outcome) => outcome.status === "conflict" || outcome.status === "failed" || outcome.status === "not-attempted");
  if (notPushed.length > 0) {
    lines.push(`Not pushed: ${notPushed.map((outcome) => entryName(outcome.entry)).join(", ")}.`);
    const causes = new Set(report.outcomes.flatMap((outcome) => (outcome.status === "failed" ? [outcome.cause] : [])));
    if (counts.conflict > 0) {
      lines.push("A live policy changed since the plan, and nothing was written over it. Run `screenpol plan` to review the new live state, then push again.");
    } else if (causes.has("credential")) {
      // The same token gets the same 401 or 403: advising a bare retry would send the person round in a circle.
      lines.push("The service refused the credential, so pushing again with it would fail the same way: fix what the FAILED line says (the credential or its scope), then push again; what was pushed reads as unchanged and is not sent twice.");
    } else if (causes.has("request")) {
      lines.push("Pushing again as it is would fail the same way: fix what the FAILED line says, then push again; what was pushed reads as unchanged and is not sent twice.");
    } else {
      lines.push("Run `screenpol push` again: what was pushed now reads as unchanged and is not sent twice.");
    }
  }
  return `${lines.join("\n")}\n`;
}

function detail(outcome: PushOutcome): string {
  switch (outcome.status) {
    case "pushed":
      return outcome.entry.kind === "create" ? `created at revision ${outcome.revision}` : `revision ${outcome.entry.baseRevision} -> ${outcome.revision}`;
    case "unchanged":
      return `revision ${outcome.revision}${outcome.note ? ` (${outcome.note})` : ""}`;
    case "conflict":
      return `planned against revision ${outcome.entry.baseRevision}, live is now ${outcome.currentRevision ?? "unknown"}; nothing was written for it`;
    case "failed":
      return outcome.error;
    case "not-attempted":
      return "not attempted: push stops at the first conflict or failure";
    case "live-only":
      return "no local file; left alone";
  }
}
