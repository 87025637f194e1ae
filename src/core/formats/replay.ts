/**
 * What `screenpol replay` prints (semantics.md section 4): the report as JSON,
 * or for a reviewer, weakening first.
 */
import { formatCount as count } from "../replay/progress.js";
import { transitionDirection, type ReplayDecision, type ReplayReport, type ReplayTransition } from "../replay/tally.js";
import { describeVersionFinding, type VersionFinding } from "./version-findings.js";

/**
 * Two-space indented, trailing newline; the members are the spec's, and
 * `findings` (the lint findings of either version, each replayed as written)
 * only when there are any.
 */
export function formatReplayJson(report: ReplayReport, findings: readonly VersionFinding[] = []): string {
  return `${JSON.stringify(findings.length === 0 ? report : { ...report, findings }, null, 2)}\n`;
}

export interface ReplayHeading {
  /** `sandbox/vendorAWalletScreening/TRANSACTION`. */
  target: string;
  base: string;
  head: string;
}

const FINDINGS_HEADING = "Lint findings of the replayed versions (replayed as written):";

const GROUPS: ReadonlyArray<{ direction: -1 | 0 | 1; title: string }> = [
  { direction: -1, title: "Weaker (less strict) decisions:" },
  { direction: 1, title: "Stricter decisions:" },
  { direction: 0, title: "Same action, decided by another rule or step:" },
];

export function formatReplayPretty(report: ReplayReport, heading: ReplayHeading, findings: readonly VersionFinding[] = []): string {
  const lines: string[] = [];
  lines.push(`Replay of ${heading.target}: base ${heading.base}, head ${heading.head}`);
  lines.push(`${plural(report.screenings, "screening")}, ${count(report.changed)} changed, ${plural(report.skipped, "line")} skipped`);
  if (report.changed === 0) lines.push("", "No decision changes.");
  for (const group of GROUPS) {
    const transitions = report.transitions.filter((transition) => transitionDirection(transition) === group.direction);
    if (transitions.length === 0) continue;
    lines.push("", group.title, ...transitions.map((transition) => `  ${describeTransition(transition)}`));
  }
  if (report.byRule.length > 0) {
    lines.push("", "By deciding rule or step (base -> head):");
    const width = Math.max(...report.byRule.map((rule) => rule.by.length));
    const numbers = Math.max(...report.byRule.map((rule) => count(rule.base).length));
    for (const rule of report.byRule) lines.push(`  ${rule.by.padEnd(width)}  ${count(rule.base).padStart(numbers)} -> ${count(rule.head)}`);
  }
  if (report.samples.length > 0) {
    const of = report.samples.length < report.changed ? `first ${report.samples.length} of ${count(report.changed)}` : `${report.samples.length}`;
    lines.push("", `Changed screenings (${of}):`);
    for (const sample of report.samples) lines.push(`  line ${sample.line}: ${describeDecision(sample.from)} -> ${describeDecision(sample.to)}`);
  }
  if (report.badLines.length > 0) {
    const of = report.badLines.length < report.skipped ? `first ${report.badLines.length} of ${count(report.skipped)}` : `${report.skipped}`;
    lines.push("", `Skipped lines (${of}):`);
    for (const bad of report.badLines) lines.push(`  line ${bad.line}: ${bad.error}`);
  }
  if (findings.length > 0) lines.push("", FINDINGS_HEADING, ...findings.map((finding) => `  ${describeVersionFinding(finding)}`));
  return `${lines.join("\n")}\n`;
}

function describeTransition(transition: ReplayTransition): string {
  return `${transition.from} -> ${transition.to}: ${count(transition.count)}`;
}

function describeDecision(decision: ReplayDecision): string {
  return `${decision.action} (${decision.by})`;
}

function plural(n: number, word: string): string {
  return `${count(n)} ${word}${n === 1 ? "" : "s"}`;
}
