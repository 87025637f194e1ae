/**
 * The weakening check of a plan in words (semantics.md section 5): the lines
 * a reviewer must see first (each weakening transition with its example, and
 * each verdict that is no proof), the verdict on each plan entry, and the
 * lines naming the policies `plan --deny-weakening` and push's guard refuse
 * (which ones is core/plan/weakening.ts's refusedVerdicts). Shared by the
 * pretty and Markdown plans, push and the demo.
 */
import { planWeakenings, type ApprovalDifference, type NamedWeakening, type Plan, type PlanEntry, type PlanWeakening } from "../plan/index.js";
import { describeTransition } from "../semantics/weakening/describe.js";
import { isWeakening } from "../semantics/weakening/verdict.js";
import { describeRefused } from "./compare.js";
import { formatJson } from "./json.js";
import type { LintReport } from "./report.js";
import { reachabilityLines } from "./reachability.js";
import { trafficLine, weakeningBlocks, weakeningLinesOf } from "./weakening-causes.js";

/** The heading above the weakening lines. */
export const WEAKENINGS_HEADING = "Weakenings (a screening decided less strictly once pushed than live now):";
/** The heading above the totals of the recorded screenings (`plan --traffic`). */
export const TRAFFIC_HEADING = "Recorded screenings decided live and as planned (--traffic):";
/** The heading above the planned rules no screening reaches. */
export const UNREACHED_HEADING = "Rules no screening reaches once pushed:";
/** The heading above the verdicts that are no proof. */
export const UNDECIDED_HEADING = "Not decided (no proof that nothing is weakened):";

export const targetName = (weakening: Pick<NamedWeakening, "environment" | "providerType" | "scope">): string =>
  `${weakening.environment}/${weakening.providerType}/${weakening.scope}`;

/**
 * The plan's weakenings by cause (weakening-causes.ts): `<env>/<vendor>/<scope>: <headline>`, then
 * its transitions two spaces in; one line per transition where the causes were not computed.
 */
export function weakeningLines(plan: Pick<Plan, "entries">): string[] {
  return planWeakenings(plan).flatMap((weakening) => weakeningLinesOf(targetName(weakening), weakening));
}

/** The totals of the recorded screenings, per policy they were counted for (weakening-causes.ts, trafficLine). */
export function trafficLines(plan: Pick<Plan, "entries">): string[] {
  return planWeakenings(plan).flatMap((weakening) => (weakening.traffic === undefined ? [] : [trafficLine(targetName(weakening), weakening.traffic)]));
}

/** How many weakening transitions the plan records. */
export function weakeningCount(plan: Pick<Plan, "entries">): number {
  return planWeakenings(plan).reduce((sum, weakening) => sum + weakening.transitions.filter(isWeakening).length, 0);
}

/** One line per planned rule no screening reaches (docs/semantics.md, "Reachability of rules"): `<env>/<vendor>/<scope>: rule x (rules.postScreen[2]) is never reached: ...`. */
export function unreachedLines(plan: Pick<Plan, "entries">): string[] {
  return planWeakenings(plan).flatMap((weakening) =>
    weakening.unreachable === undefined ? [] : reachabilityLines({ rules: weakening.unreachable, reason: weakening.unreachableReason }).map((line) => `${targetName(weakening)}: ${line}`),
  );
}

/** One line per verdict that could not be decided: `<env>/<vendor>/<scope>: <reason>`. */
export function undecidedLines(plan: Pick<Plan, "entries">): string[] {
  return planWeakenings(plan)
    .filter((weakening) => weakening.verdict === "unknown")
    .map((weakening) => `${targetName(weakening)}: ${weakening.reason ?? "not decided"}`);
}

/** A verdict in a few words: `stricter`, `weaker (1 weakening transition, listed above)`, `unknown (reason)`. */
export function describeVerdict(weakening: PlanWeakening, options: { listed?: boolean } = {}): string {
  if (weakening.verdict === "unknown") return `unknown (${weakening.reason ?? "not decided"})`;
  const weakenings = weakening.transitions.filter(isWeakening).length;
  if (weakenings === 0) return weakening.verdict;
  return `${weakening.verdict} (${weakenings} weakening transition${weakenings === 1 ? "" : "s"}${options.listed === false ? "" : ", listed above"})`;
}

/** The verdict lines of one plan entry: `weakening check: ...`, for an address-entries entry per scope it records. */
export function entryVerdictLines(entry: PlanEntry): string[] {
  if (entry.resource === "policy") return entry.weakening ? [`weakening check: ${describeVerdict(entry.weakening)}`] : [];
  return (entry.weakening ?? []).map((scoped) => `weakening check, ${scoped.scope} (no policy): ${describeVerdict(scoped)}`);
}

/**
 * The refused verdicts (core/plan/weakening.ts, refusedVerdicts) on stderr,
 * as `plan --deny-weakening` and push's guard print them: per verdict the
 * line `screenpol: policy-weakened: <env>/<vendor>/<scope> (<verdict>)`, with
 * an unknown one's reason; with `transitions`, each weakening transition in
 * words on an indented line below it.
 */
export function describeRefusals(refused: readonly NamedWeakening[], options: { transitions: boolean }): string {
  return refused
    .map((weakening) => {
      const reason = weakening.verdict === "unknown" && weakening.reason ? `: ${weakening.reason}` : "";
      const transitions = options.transitions ? weakeningBlocks(weakening).flatMap((block) => [`  ${block.heading}\n`, ...block.lines.map((line) => `    ${line.text}\n`)]) : [];
      return [`screenpol: policy-weakened: ${describeRefused(weakening)}${reason}\n`, ...transitions].join("");
    })
    .join("");
}

/** A transition as an approval records it: its decisions, without the example. */
const describeDecisions = (transition: Record<string, unknown>): string => {
  const side = (decision: unknown): string => {
    const { action, by } = (decision ?? {}) as { action?: unknown; by?: unknown };
    return `${String(action)} (${String(by)})`;
  };
  return `${side(transition.from)} -> ${side(transition.to)}`;
};

/**
 * How the weakening at push time differs from the approval in the plan, in
 * lines: per policy what it is now and what was approved, then `+` each
 * transition there now and not approved, `-` each approved and not there now.
 * A transition whose decisions read the same on both sides differs in what
 * else the check records of it (its causes or regions), and says so.
 */
export function describeApprovalDifferences(differences: readonly ApprovalDifference[]): string[] {
  const lines: string[] = [];
  for (const difference of differences) {
    const name = targetName(difference);
    if (difference.approvedVerdict === undefined) lines.push(`screenpol: weakening not approved: ${name} (${String(difference.verdictNow)}; the plan approves no weakening of it)`);
    else if (difference.verdictNow === undefined) lines.push(`screenpol: weakening approved but not made now: ${name} (approved ${String(difference.approvedVerdict)}; no weakening now)`);
    else if (difference.verdictNow === difference.approvedVerdict) lines.push(`screenpol: weakening not the approved one: ${name} (${String(difference.verdictNow)}, as approved, by other transitions)`);
    else lines.push(`screenpol: weakening not the approved one: ${name} (${String(difference.verdictNow)} now; approved ${String(difference.approvedVerdict)})`);
    const appeared = difference.appeared.map(describeDecisions);
    const disappeared = difference.disappeared.map(describeDecisions);
    const note = (text: string, other: string[]): string => (other.includes(text) ? `${text} (the same decisions; what else the check records of it differs)` : text);
    for (const text of appeared) lines.push(`  + ${note(text, disappeared)}  (now, not approved)`);
    for (const text of disappeared) lines.push(`  - ${note(text, appeared)}  (approved, not made now)`);
  }
  return lines;
}

/** The heading of the weakening check `plan` shows beside lint errors, when it plans nothing. */
export const AS_WRITTEN_HEADING = "Weakening check of the files as written (nothing was planned: fix the errors above first):";

/**
 * The weakening check of files with lint errors (docs/semantics.md, "What
 * decides"): each verdict, then the weakening, undecided and unreached lines
 * under their headings, as a plan leads with them.
 */
export function asWrittenLines(plan: Pick<Plan, "entries">): string[] {
  const verdicts = planWeakenings(plan).map((weakening) => `  ${targetName(weakening)}: ${describeVerdict(weakening, { listed: false })}`);
  const lines = [AS_WRITTEN_HEADING, ...(verdicts.length > 0 ? verdicts : ["  no policy the files would change"])];
  const sections: Array<[string, string[]]> = [
    [WEAKENINGS_HEADING, weakeningLines(plan)],
    [TRAFFIC_HEADING, trafficLines(plan)],
    [UNDECIDED_HEADING, undecidedLines(plan)],
    [UNREACHED_HEADING, unreachedLines(plan)],
  ];
  for (const [heading, found] of sections) if (found.length > 0) lines.push("", heading, ...found.map((line) => `  ${line}`));
  return lines;
}

/** {@link asWrittenLines} folded into a pull request comment below the findings: a text block, shown as written. */
export function asWrittenMarkdown(plan: Pick<Plan, "entries">): string {
  const text = asWrittenLines(plan);
  const fence = "`".repeat(Math.max(3, ...text.flatMap((line) => [...line.matchAll(/`+/g)].map((run) => run[0].length + 1))));
  return `\n#### ${AS_WRITTEN_HEADING.replace(/:$/, "")}\n\n${fence}text\n${text.slice(1).join("\n")}\n${fence}\n`;
}

/** The lint's JSON with `weakening`: each verdict as compare's JSON words it, with its identity. */
export function asWrittenJson(lint: LintReport, plan: Pick<Plan, "entries">): string {
  const report = JSON.parse(formatJson(lint)) as Record<string, unknown>;
  const weakening = planWeakenings(plan).map(({ environment, providerType, scope, verdict, transitions, reason }) => ({ environment, providerType, scope, verdict, transitions, ...(reason === undefined ? {} : { reason }) }));
  return `${JSON.stringify({ ...report, weakening }, null, 2)}\n`;
}
