/**
 * One decision for a person (`screenpol decide`): the verdict and what decided
 * it with its place in the files, then every step of the trace, one line each,
 * and for postScreen every rule evaluated with each condition and the signal
 * value it compared. "Why was this address blocked?", answered from the files.
 */
import { describeConditionTrace, describeGate, describeStep } from "../semantics/describe.js";
import type { Decision, TraceEntry } from "../semantics/decision.js";
import type { DecisionSubject } from "../semantics/subject.js";
import type { ScopedScreening } from "../semantics/signals.js";
import type { MatchedRule } from "../semantics/decide.js";
import type { Action } from "../vendors.js";
import { printable } from "./pretty.js";
import { describeVersionFinding, type VersionFinding } from "./version-findings.js";

/** A place in a file, 1-based. */
export interface FilePosition {
  line: number;
  column: number;
}

/** Everything a decision output says: what was decided against what, and where each rule and entry is written. */
export interface DecisionReport {
  environment: string;
  subject: DecisionSubject;
  /** As read, with the scope it was decided in. */
  screening: ScopedScreening;
  /** With its trace. */
  decision: Decision;
  /** Repository-relative paths, whether or not the files exist. */
  policyFile: string;
  addressesFile: string;
  /** Where each postScreen rule (by index) and each address entry (by index) starts. */
  positions: { rules: readonly FilePosition[]; entries: readonly FilePosition[] };
  /** The version decided against, when not the working tree: `at ref v1.2 (abc1234)`, `live revision 7`. */
  against?: { kind: "git"; label: string; ref: string; commit: string } | { kind: "live"; label: string; revision: number | null };
  /** The lint findings of the files decided from: the version was decided as written (docs/semantics.md, "What decides"). */
  findings?: readonly VersionFinding[];
  /** With `--all-matches`: the postScreen rules that would also match, and whether the rules were consulted at all. */
  alsoMatched?: { consulted: boolean; rules: readonly MatchedRule[] };
}

// "policy-disabled" and "sanctions-floor", the longest step names, and "decided".
const STEP_WIDTH = 15;
const OUTCOME_WIDTH = 7;

export function formatDecisionPretty(report: DecisionReport, options: { color: boolean }): string {
  const paint = createPainter(options.color);
  const { decision } = report;
  const context = { subject: report.subject, screening: report.screening, policyFile: report.policyFile };
  // Addresses, reasons and file names come from files: no control character reaches the terminal.
  const against = report.against === undefined ? "" : `, ${report.against.label}`;
  const lines = [`${paint.action(decision.action)} by ${printable(verdictOf(report))}${printable(against)}`];
  for (const entry of decision.trace ?? []) {
    const outcome = entry.outcome === "decided" ? paint.strong(entry.outcome.padEnd(OUTCOME_WIDTH)) : entry.outcome.padEnd(OUTCOME_WIDTH);
    lines.push(`  ${entry.step.padEnd(STEP_WIDTH)}  ${outcome}  ${printable(describeStep(entry, context))}`);
    if (entry.step !== "post-screen") continue;
    for (const rule of entry.rules) {
      const line = report.positions.rules[rule.index]?.line;
      lines.push(`    rule ${rule.id}${line === undefined ? "" : ` (line ${line})`}  ${rule.action}  ${rule.matched ? paint.strong("matched") : "not matched"}`);
      for (const condition of rule.conditions) lines.push(`      ${paint.holds(condition.holds, printable(describeConditionTrace(condition)))}`);
    }
  }
  if (report.alsoMatched) lines.push(printable(describeAlsoMatched(report.alsoMatched, decision.by)));
  if (report.findings && report.findings.length > 0) {
    lines.push("lint findings of the files decided from (decided as written):", ...report.findings.map((finding) => `  ${printable(describeVersionFinding(finding))}`));
  }
  return `${lines.join("\n")}\n`;
}

/**
 * `would also match: alert-mixers (ALERT), ...` after a rule decided; after a
 * step before postScreen, that no rule was consulted and which would have
 * matched had the vendor been (the first of them deciding).
 */
function describeAlsoMatched(matched: NonNullable<DecisionReport["alsoMatched"]>, by: string): string {
  const list = matched.rules.map((rule) => `${rule.id} (${rule.action})`).join(", ");
  if (matched.consulted) return `would also match: ${list || "no other rule"}`;
  return `no rule was consulted (${by} decided); had the vendor been consulted, would match: ${list || "no rule"}`;
}

/** What decided, with where it is written: `rule block-mixers (policies/...:14:7)`, `terminal-allow (no rule matched)`. */
function verdictOf(report: DecisionReport): string {
  const { decision, positions } = report;
  const deciding = decision.trace?.find((entry) => entry.outcome === "decided");
  if (deciding?.step === "post-screen") {
    const rule = deciding.rules.find((traced) => traced.matched);
    const at = rule === undefined ? undefined : positions.rules[rule.index];
    return `rule ${decision.by}${at ? ` (${report.policyFile}:${at.line}:${at.column})` : ""}`;
  }
  return `${decision.by}${deciding ? ` (${whyStep(deciding, report)})` : ""}`;
}

function whyStep(entry: TraceEntry, report: DecisionReport): string {
  switch (entry.step) {
    case "sanctions-floor":
      return "sanctioned";
    case "address-entry": {
      if (!entry.entry) return "";
      const at = report.positions.entries[entry.entry.index];
      return `entry #${entry.entry.index + 1}${at ? `, ${report.addressesFile}:${at.line}:${at.column}` : ""}`;
    }
    case "policy-disabled":
      return entry.policy === "absent" ? `no policy file ${report.policyFile}` : `enabled: false in ${report.policyFile}`;
    case "pre-screen":
      return entry.gate ? describeGate(entry.gate) : "";
    case "post-screen":
    case "terminal-allow":
      return "no rule matched";
  }
}

interface Painter {
  action(action: Action): string;
  strong(text: string): string;
  holds(holds: boolean, text: string): string;
}

const ACTION_COLOURS: Readonly<Record<Action, string>> = { BLOCK: "1;31", ALERT: "1;33", ALLOW: "1;32" };

function createPainter(color: boolean): Painter {
  const wrap = (open: string, text: string): string => (color ? `\x1b[${open}m${text}\x1b[0m` : text);
  return {
    action: (action) => wrap(ACTION_COLOURS[action], action),
    strong: (text) => wrap("1", text),
    holds: (holds, text) => wrap(holds ? "32" : "2", text),
  };
}
