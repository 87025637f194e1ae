/**
 * The weakening check of a plan in words (semantics.md section 5): the lines
 * a reviewer must see first (each weakening transition with its example, and
 * each verdict that is no proof), the verdict on each plan entry, and the
 * policies `plan --deny-weakening` and push's guard refuse. Shared by the
 * pretty and Markdown plans, push and the demo.
 */
import { planWeakenings, type NamedWeakening, type Plan, type PlanEntry, type PlanWeakening } from "../plan/index.js";
import { describeTransition } from "../semantics/weakening/describe.js";
import { isWeakening } from "../semantics/weakening/verdict.js";
import { isDeniedWeakening } from "./compare.js";
import { formatJson } from "./json.js";
import type { LintReport } from "./report.js";
import { reachabilityLines } from "./reachability.js";

/** The heading above the weakening lines. */
export const WEAKENINGS_HEADING = "Weakenings (a screening decided less strictly once pushed than live now):";
/** The heading above the planned rules no screening reaches. */
export const UNREACHED_HEADING = "Rules no screening reaches once pushed:";
/** The heading above the verdicts that are no proof. */
export const UNDECIDED_HEADING = "Not decided (no proof that nothing is weakened):";

export const targetName = (weakening: Pick<NamedWeakening, "environment" | "providerType" | "scope">): string =>
  `${weakening.environment}/${weakening.providerType}/${weakening.scope}`;

/** One line per weakening transition of the plan: `<env>/<vendor>/<scope>: <transition in words>`. */
export function weakeningLines(plan: Pick<Plan, "entries">): string[] {
  return planWeakenings(plan).flatMap((weakening) => weakening.transitions.filter(isWeakening).map((transition) => `${targetName(weakening)}: ${describeTransition(transition)}`));
}

/** One line per planned rule no screening reaches (issue 13, item 7): `<env>/<vendor>/<scope>: rule x (rules.postScreen[2]) is never reached: ...`. */
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

/** The verdicts `--deny-weakening` and push's guard refuse: weaker, mixed, unknown, and any other with a weakening transition. */
export function deniedWeakenings(plan: Pick<Plan, "entries">): NamedWeakening[] {
  return planWeakenings(plan).filter(isDeniedWeakening);
}

/** A refused verdict as one line: `<env>/<vendor>/<scope> (<verdict>)`, with the reason of an unknown one. */
export function describeDenied(weakening: NamedWeakening): string {
  return `${targetName(weakening)} (${weakening.verdict})${weakening.verdict === "unknown" && weakening.reason ? `: ${weakening.reason}` : ""}`;
}

/** A refused verdict with its weakening transitions in words, one per indented line. */
export function describeDeniedWithTransitions(weakening: NamedWeakening): string[] {
  return [describeDenied(weakening), ...weakening.transitions.filter(isWeakening).map((transition) => `  ${describeTransition(transition)}`)];
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
