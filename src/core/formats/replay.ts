/**
 * What `screenpol replay` prints (semantics.md section 4): the report as JSON,
 * or for a reviewer, weakening first, one section per policy when the input
 * held several.
 */
import type { ReplaySubject } from "../replay/line.js";
import type { Screening } from "../semantics/signals.js";
import { formatCount as count } from "../replay/progress.js";
import {
  describeUnknownValue,
  subjectKeyOf,
  transitionDirection,
  type ReplayBadLine,
  type ReplayDecision,
  type ReplayReport,
  type ReplaySample,
  type ReplaySubjectReport,
  type ReplayTransition,
} from "../replay/tally.js";
import { describeVersionFinding, type VersionFinding } from "./version-findings.js";

/**
 * Two-space indented, trailing newline; the members are the spec's and those
 * added to version 1, and `findings` (the lint findings of the versions,
 * each replayed as written) only when there are any.
 */
export function formatReplayJson(report: ReplayReport, findings: readonly VersionFinding[] = []): string {
  return `${JSON.stringify(findings.length === 0 ? report : { ...report, findings }, null, 2)}\n`;
}

/** One changed screening, as a line of `--changed-out`. */
export interface ChangedScreening {
  line: number;
  subject: ReplaySubject;
  screening: Screening;
  base: ReplayDecision;
  head: ReplayDecision;
}

/**
 * `{"line","environment","providerType","scope","screening","base","head"}`
 * and a newline: the screening as `screenpol decide` reads it (its `scope`
 * first, as decide's JSON shows it), with both decisions.
 */
export function formatChangedScreening(changed: ChangedScreening): string {
  const { line, subject, screening, base, head } = changed;
  return `${JSON.stringify({
    line,
    environment: subject.environment,
    providerType: subject.providerType,
    scope: subject.scope,
    screening: { scope: subject.scope, ...screening },
    base: { action: base.action, by: base.by },
    head: { action: head.action, by: head.by },
  })}\n`;
}

export interface ReplayHeading {
  /** What base is: `HEAD (3f2a9c1)`, or `live` when each policy has its own revision. */
  base: string;
  /** A policy's own base where it says more (`live revision 9`), by `environment/vendor/scope`. */
  subjectBases?: ReadonlyMap<string, string>;
  head: string;
}

const FINDINGS_HEADING = "Lint findings of the replayed versions (replayed as written):";

const GROUPS: ReadonlyArray<{ direction: -1 | 0 | 1; title: string }> = [
  { direction: -1, title: "Weaker (less strict) decisions:" },
  { direction: 1, title: "Stricter decisions:" },
  { direction: 0, title: "Same action, decided by another rule or step:" },
];

export function formatReplayPretty(report: ReplayReport, heading: ReplayHeading, findings: readonly VersionFinding[] = []): string {
  const baseOf = (subject: ReplaySubject): string => heading.subjectBases?.get(subjectKeyOf(subject)) ?? heading.base;
  const lines: string[] = [];
  const [only] = report.subjects;
  if (report.subjects.length === 1) {
    lines.push(`Replay of ${subjectKeyOf(only!)}: base ${baseOf(only!)}, head ${heading.head}`);
  } else {
    const what = report.subjects.length === 0 ? "Replay" : `Replay of ${report.subjects.length} policies`;
    lines.push(`${what}: base ${heading.base}, head ${heading.head}`);
  }
  const filtered = report.filtered > 0 ? `, ${plural(report.filtered, "line")} of other policies filtered out` : "";
  lines.push(`${plural(report.screenings, "screening")}, ${count(report.changed)} changed, ${plural(report.skipped, "line")} skipped${filtered}`);
  if (report.subjects.length === 1) {
    if (report.changed === 0) lines.push("", "No decision changes.");
    lines.push(...subjectSections(only!, report.samples));
  } else {
    for (const subject of report.subjects) {
      const own = baseOf(subject) === heading.base ? "" : ` (base ${baseOf(subject)})`;
      lines.push("", `${subjectKeyOf(subject)}${own}: ${plural(subject.screenings, "screening")}, ${count(subject.changed)} changed`);
      const samples = report.samples.filter((sample) => subjectKeyOf(sample) === subjectKeyOf(subject));
      lines.push(...subjectSections(subject, samples).map((line) => (line === "" ? line : `  ${line}`)));
    }
  }
  if (report.unknownValues.length > 0) {
    lines.push("", "Unknown signal values (--strict skips their lines instead):");
    for (const unknown of report.unknownValues) {
      lines.push(`  ${describeUnknownValue(unknown)}: ${plural(unknown.count, "screening")} (decided as matching no rule that names a category)`);
    }
  }
  if (report.skipped > 0) {
    lines.push("", `Skipped lines (${count(report.skipped)}):`, ...report.badLines.map((bad) => `  ${describeBadLines(bad)}: ${bad.error}`));
    const unlisted = report.skipped - report.badLines.reduce((sum, bad) => sum + bad.count, 0);
    if (unlisted > 0) lines.push(`  and ${plural(unlisted, "more line")} with other messages`);
  }
  if (findings.length > 0) lines.push("", FINDINGS_HEADING, ...findings.map((finding) => `  ${describeVersionFinding(finding)}`));
  return `${lines.join("\n")}\n`;
}

/** Transitions, the count per rule or step, the samples: each section after a blank line. */
function subjectSections(subject: ReplaySubjectReport, samples: readonly ReplaySample[]): string[] {
  const lines: string[] = [];
  for (const group of GROUPS) {
    const transitions = subject.transitions.filter((transition) => transitionDirection(transition) === group.direction);
    if (transitions.length === 0) continue;
    lines.push("", group.title, ...transitions.map((transition) => `  ${describeTransition(transition)}`));
  }
  if (subject.byRule.length > 0) {
    lines.push("", "By deciding rule or step (base -> head):");
    const width = Math.max(...subject.byRule.map((rule) => rule.by.length));
    const numbers = Math.max(...subject.byRule.map((rule) => count(rule.base).length));
    for (const rule of subject.byRule) lines.push(`  ${rule.by.padEnd(width)}  ${count(rule.base).padStart(numbers)} -> ${count(rule.head)}`);
  }
  if (samples.length > 0) {
    const of = samples.length < subject.changed ? `${samples.length} of ${count(subject.changed)}, weaker first` : `${samples.length}`;
    lines.push("", `Changed screenings (${of}):`);
    for (const sample of samples) lines.push(`  line ${sample.line}: ${describeDecision(sample.from)} -> ${describeDecision(sample.to)}`);
  }
  return lines;
}

/** `line 9`, `lines 9, 16, 21`, or `26,981 lines, first 9, 16, 21, 30, 41`. */
function describeBadLines(bad: ReplayBadLine): string {
  if (bad.count === 1) return `line ${bad.line}`;
  const numbers = bad.lines.join(", ");
  return bad.count === bad.lines.length ? `lines ${numbers}` : `${count(bad.count)} lines, first ${numbers}`;
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
