/**
 * What `screenpol compare` prints (semantics.md section 5): JSON with the
 * spec's members; for a reviewer, every weakening first, one line per
 * transition with its example in words (pretty, and markdown for a pull
 * request comment); for CI, one `policy-weakened` finding per weakening
 * (github, sarif: the lint formats' own writers).
 */
import { stringify } from "yaml";
import { docsUrl } from "../codes.js";
import type { Diagnostic, Severity } from "../diagnostic.js";
import { describeTransition } from "../semantics/weakening/describe.js";
import type { SourcePlace } from "../semantics/weakening/locate.js";
import type { SubjectComparison, SubjectReachability, Transition, Verdict } from "../semantics/weakening/model.js";
import { isRefusedWeakening, isWeakening } from "../semantics/weakening/verdict.js";
import { trafficLine, weakeningBlocks, weakeningLinesOf } from "./weakening-causes.js";
import type { Scope, Vendor } from "../vendors.js";
import { reachabilityJson, reachabilityLines, type ReachabilityJson } from "./reachability.js";
import { describeVersionFinding, type VersionFinding } from "./version-findings.js";


export interface ComparedPolicyView extends SubjectComparison {
  environment: string;
  providerType: Vendor;
  scope: Scope;
  /** Head's rules no screening reaches (docs/semantics.md, "Reachability of rules"), when head has a policy. */
  reachability?: SubjectReachability;
  /** `file:line:column` of each head postScreen rule, by index. */
  rulePlaces?: readonly string[];
  /** The lint findings of either version's files: the versions were compared as written (docs/semantics.md, "What decides"). */
  findings?: readonly VersionFinding[];
}

/**
 * A refused verdict named, as every refusal names it (compare's and plan's
 * `--deny-weakening`, push's guard, compare's markdown caution):
 * `<env>/<vendor>/<scope> (<verdict>)`; `spell` dresses the name (a code span).
 */
export function describeRefused(policy: Pick<ComparedPolicyView, "environment" | "providerType" | "scope" | "verdict">, spell: (name: string) => string = (name) => name): string {
  return `${spell(targetOf(policy))} (${policy.verdict})`;
}

/** compare's refusal on stderr under `--deny-weakening`: every refused policy on one line, then the finding's code. */
export function denyWeakeningLine(refused: readonly ComparedPolicyView[]): string {
  return `screenpol: --deny-weakening: ${refused.map((policy) => describeRefused(policy)).join(", ")}  policy-weakened\n`;
}

/** `{"version":1,"policies":[...]}`, two-space indented, trailing newline. */
export function formatCompareJson(policies: readonly ComparedPolicyView[]): string {
  const view = policies.map((policy) => ({
    environment: policy.environment,
    providerType: policy.providerType,
    scope: policy.scope,
    verdict: policy.verdict,
    transitions: policy.transitions.map(transitionJson),
    ...(policy.reason === undefined ? {} : { reason: policy.reason }),
    ...(policy.causes === undefined ? {} : { causes: policy.causes.map(({ edits, headline, transitions }) => ({ edits, headline, ...recordedJson(transitions), transitions: transitions.map(transitionJson) })) }),
    ...(policy.regionsReason === undefined ? {} : { regionsReason: policy.regionsReason }),
    ...(policy.traffic === undefined ? {} : { traffic: policy.traffic }),
    ...unreachableJson(policy),
    // Only when there are any, so that the spec's members stay the whole of a policy whose files pass lint.
    ...(policy.findings === undefined || policy.findings.length === 0 ? {} : { findings: policy.findings }),
  }));
  return `${JSON.stringify({ version: 1, policies: view }, null, 2)}\n`;
}

/** A transition's JSON members: the spec's (from, to, example), then its words and regions when there are any. */
function transitionJson({ from, to, example, words, regions, recorded }: Transition): Record<string, unknown> {
  return { from, to, ...(words === undefined ? {} : { words }), example, ...(regions === undefined ? {} : { regions }), ...(recorded === undefined ? {} : { recorded }) };
}

/** A cause's `recorded`: the recorded screenings its transitions happen on (`--traffic`), when they were counted. */
function recordedJson(transitions: readonly Transition[]): { recorded?: number } {
  if (transitions.length === 0 || transitions.some((transition) => transition.recorded === undefined)) return {};
  return { recorded: transitions.reduce((sum, transition) => sum + transition.recorded!, 0) };
}

/**
 * `unreachable`: head's rules no screening reaches, or not decided in time,
 * with their takers; only when there are any, so that the spec's members stay
 * the whole of a policy whose every rule is reached.
 */
function unreachableJson(policy: ComparedPolicyView): { unreachable?: ReachabilityJson["rules"]; unreachableReason?: string } {
  if (policy.reachability === undefined) return {};
  const view = reachabilityJson(policy.reachability, { locate: (rule) => policy.rulePlaces?.[rule.index] });
  const rules = view.rules.filter((rule) => rule.status !== "reachable");
  if (rules.length === 0) return {};
  return { unreachable: rules, ...(view.reason === undefined ? {} : { unreachableReason: view.reason }) };
}

export interface CompareHeading {
  base: string;
  head: string;
}

/** A compared policy whose transitions, and itself, say where head writes them (src/core/semantics/weakening/locate.ts). */
export interface LocatedPolicyView extends ComparedPolicyView {
  transitions: Array<Transition & { at: SourcePlace }>;
  at: SourcePlace;
}

/**
 * The `policy-weakened` findings of a comparison: one per weakening
 * transition, at the head's part that now decides its example; and one for a
 * policy `--deny-weakening` refuses without a weakening transition to show (not
 * decided in time). Errors under `--deny-weakening`, else warnings.
 */
export function weakeningFindings(policies: readonly LocatedPolicyView[], options: { deny: boolean }): Diagnostic[] {
  const severity: Severity = options.deny ? "error" : "warning";
  const finding = (at: SourcePlace, message: string): Diagnostic => ({ ...at, severity, code: "policy-weakened", message });
  return policies.flatMap((policy) => {
    const weakenings = policy.transitions.filter(isWeakening);
    if (weakenings.length > 0) return weakenings.map((transition) => finding(transition.at, `${targetOf(policy)} is ${policy.verdict}: ${describeTransition(transition)}`));
    if (isRefusedWeakening(policy)) return [finding(policy.at, `${targetOf(policy)} is ${policy.verdict}: ${policy.reason ?? "no proof that no decision is weaker"}`)];
    return [];
  });
}

const targetOf = (policy: Pick<ComparedPolicyView, "environment" | "providerType" | "scope">) => `${policy.environment}/${policy.providerType}/${policy.scope}`;

export function formatComparePretty(policies: readonly ComparedPolicyView[], heading: CompareHeading): string {
  const lines = [`Compare: base ${heading.base}, head ${heading.head}`];
  if (policies.length === 0) return `${[...lines, "No policy or address entries changed."].join("\n")}\n`;
  const weakenings = policies.flatMap((policy) => weakeningLinesOf(targetOf(policy), policy).map((line) => `  ${line}`));
  if (weakenings.length > 0) lines.push("", "Weakenings (a screening decided less strictly by head than by base):", ...weakenings);
  const traffic = trafficLines(policies);
  if (traffic.length > 0) lines.push("", TRAFFIC_HEADING, ...traffic.map((line) => `  ${line}`));
  const unreached = unreachedLines(policies);
  if (unreached.length > 0) lines.push("", UNREACHED_HEADING, ...unreached.map((line) => `  ${line}`));
  const found = findingLines(policies);
  if (found.length > 0) lines.push("", FINDINGS_HEADING, ...found.map((line) => `  ${line}`));
  const others = policies.filter((policy) => policy.verdict !== "weaker" && policy.verdict !== "mixed");
  if (others.length > 0) {
    lines.push("", "Other changed policies:");
    for (const policy of others) lines.push(`  ${targetOf(policy)}: ${policy.verdict}${policy.reason === undefined ? "" : ` (${policy.reason})`}`);
  }
  lines.push("", summaryOf(policies));
  return `${lines.join("\n")}\n`;
}

const UNREACHED_HEADING = "Rules of head no screening reaches:";
const TRAFFIC_HEADING = "Recorded screenings decided with both versions (--traffic):";

function trafficLines(policies: readonly ComparedPolicyView[]): string[] {
  return policies.flatMap((policy) => (policy.traffic === undefined ? [] : [trafficLine(targetOf(policy), policy.traffic)]));
}
const FINDINGS_HEADING = "Lint findings of the compared versions (compared as written):";

/** `sandbox/vendorA.../TRANSACTION: head: shadowed-rule at file:38:11 (...)`, per finding of either version. */
function findingLines(policies: readonly ComparedPolicyView[]): string[] {
  return policies.flatMap((policy) => (policy.findings ?? []).map((finding) => `${targetOf(policy)}: ${describeVersionFinding(finding)}`));
}

/** `sandbox/vendorA.../TRANSACTION: rule x (file:12:9) is never reached: ...`, per compared policy with such rules. */
function unreachedLines(policies: readonly ComparedPolicyView[]): string[] {
  return policies.flatMap((policy) =>
    policy.reachability === undefined ? [] : reachabilityLines(policy.reachability, { locate: (rule) => policy.rulePlaces?.[rule.index] }).map((line) => `${targetOf(policy)}: ${line}`),
  );
}

/** `3 policies compared: 1 weaker, 2 stricter`, the verdicts a reviewer must see first first. */
function summaryOf(policies: readonly ComparedPolicyView[]): string {
  const counts = new Map<Verdict, number>();
  for (const policy of policies) counts.set(policy.verdict, (counts.get(policy.verdict) ?? 0) + 1);
  const order: Verdict[] = ["weaker", "mixed", "unknown", "removed", "added", "stricter", "equivalent"];
  const summary = order.filter((verdict) => counts.has(verdict)).map((verdict) => `${counts.get(verdict)} ${verdict}`);
  return `${policies.length} ${policies.length === 1 ? "policy" : "policies"} compared: ${summary.join(", ")}`;
}

/** The first line of the markdown comment, by which the GitHub Action finds the comment again to update it in place. */
export const COMPARE_MARKDOWN_MARKER = "<!-- screenpol-compare -->";

/**
 * A pull request comment (semantics.md section 5: it leads with the
 * weakenings): the marker line, a heading with both versions, one bullet per
 * weakening transition in words with its example screening folded below it,
 * then the other changed policies and their verdicts, then the summary. Text
 * from the repository (refs, rule ids, reasons) is escaped so that it renders
 * as written. With `deny`, a caution says which policies the check refuses.
 */
export function formatCompareMarkdown(policies: readonly ComparedPolicyView[], heading: CompareHeading, options: { deny: boolean; summary?: boolean }): string {
  const lines = [COMPARE_MARKDOWN_MARKER, "### screenpol compare", "", `Base ${codeSpan(heading.base)}, head ${codeSpan(heading.head)}.`];
  if (policies.length === 0) return `${[...lines, "", "No policy or address entries changed."].join("\n")}\n`;
  if (options.summary) {
    // For public repositories (the action's `comment: summary`): names and verdicts, never an
    // example screening, a threshold or an address.
    lines.push("", "| Policy | Verdict | Weakening transitions |", "|---|---|---|");
    for (const policy of policies) {
      lines.push(`| ${codeSpan(targetOf(policy)).replace(/\|/g, "\\|")} | ${policy.verdict} | ${policy.transitions.filter(isWeakening).length} |`);
    }
    lines.push("", `**${summaryOf(policies)}** Details are left out of this comment: run \`screenpol compare\` or read the job log.`);
    return `${lines.join("\n")}\n`;
  }
  const denied = options.deny ? policies.filter(isRefusedWeakening) : [];
  if (denied.length > 0) {
    const link = `[\`policy-weakened\`](${docsUrl("policy-weakened")})`;
    lines.push("", "> [!CAUTION]", `> \`--deny-weakening\` refuses ${denied.map((policy) => describeRefused(policy, codeSpan)).join(", ")}: ${link}.`);
  }
  const weakened = policies.filter((policy) => policy.transitions.some(isWeakening));
  if (weakened.length > 0) {
    lines.push("", "#### Weakenings: screenings decided less strictly by head than by base");
    for (const policy of weakened) {
      for (const block of weakeningBlocks(policy)) {
        lines.push("", `- ${codeSpan(targetOf(policy))}: ${escapeMarkdown(block.heading)}`, ...(block.transition === undefined ? [] : exampleBlock(block.transition)));
        for (const line of block.lines) {
          lines.push(`  - ${escapeMarkdown(line.text)}`, ...(line.transition === undefined ? [] : exampleBlock(line.transition).map((text) => (text === "" ? "" : `  ${text}`))));
        }
      }
    }
  }
  const traffic = trafficLines(policies);
  if (traffic.length > 0) lines.push("", `#### ${TRAFFIC_HEADING.replace(/:$/, "")}`, "", ...traffic.map((line) => `- ${escapeMarkdown(line)}`));
  const unreached = unreachedLines(policies);
  if (unreached.length > 0) lines.push("", `#### ${UNREACHED_HEADING.replace(/:$/, "")}`, "", ...unreached.map((line) => `- ${escapeMarkdown(line)}`));
  const found = findingLines(policies);
  if (found.length > 0) lines.push("", `#### ${FINDINGS_HEADING.replace(/:$/, "")}`, "", ...found.map((line) => `- ${escapeMarkdown(line)}`));
  const others = policies.filter((policy) => policy.verdict !== "weaker" && policy.verdict !== "mixed");
  if (others.length > 0) {
    lines.push("", "#### Other changed policies", "", "| Policy | Verdict |", "|---|---|");
    // A pipe ends a table cell even inside a code span (GFM tables): escaped there too.
    for (const policy of others) lines.push(`| ${codeSpan(targetOf(policy)).replace(/\|/g, "\\|")} | ${escapeMarkdown(policy.verdict + (policy.reason === undefined ? "" : ` (${policy.reason})`))} |`);
  }
  lines.push("", `**${summaryOf(policies)}**`);
  return `${lines.join("\n")}\n`;
}

/** The example screening as YAML, folded under its bullet (indented into the list item). */
function exampleBlock(transition: Transition): string[] {
  const yaml = stringify(transition.example).trimEnd();
  const fence = "`".repeat(Math.max(3, ...[...yaml.matchAll(/`+/g)].map((run) => run[0].length + 1)));
  const block = ["<details><summary>Example screening</summary>", "", `${fence}yaml`, ...yaml.split("\n"), fence, "", "</details>"];
  return block.map((line) => (line === "" ? "" : `  ${line}`));
}

/** Inline code that holds any text: a fence of backticks longer than any run inside, HTML kept literal by the code span. */
function codeSpan(text: string): string {
  const fence = "`".repeat(1 + Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length)));
  const pad = text.startsWith("`") || text.endsWith("`") ? " " : "";
  return `${fence}${pad}${text.replace(/\r?\n/g, " ")}${pad}${fence}`;
}

/** Text shown as written: markdown's emphasis, link, table and HTML characters escaped, lines joined. */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]|~#]/g, (character) => `\\${character}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r?\n/g, " ");
}
