/**
 * One decision for a program (`screenpol decide --format json`), version 1:
 * `{"version":1,"environment","providerType","scope","screening","decision":{"action","by","trace"}}`,
 * the trace as core/semantics/decision.ts types it (docs/semantics.md); and
 * only when there is something to say: `against` (the Git revision or live
 * revision decided against), `alsoMatched` and `rulesConsulted`
 * (`--all-matches`), `findings` (the lint findings of the files decided from).
 */
import type { DecisionReport } from "./decision-pretty.js";

export const DECISION_JSON_VERSION = 1;

export function formatDecisionJson(report: DecisionReport): string {
  const { decision } = report;
  const document = {
    version: DECISION_JSON_VERSION,
    environment: report.environment,
    providerType: report.subject.providerType,
    scope: report.subject.scope,
    screening: report.screening,
    decision: { action: decision.action, by: decision.by, trace: decision.trace ?? [] },
    ...(report.against === undefined ? {} : { against: againstJson(report.against) }),
    ...(report.alsoMatched === undefined ? {} : { alsoMatched: report.alsoMatched.rules, rulesConsulted: report.alsoMatched.consulted }),
    ...(report.findings === undefined || report.findings.length === 0 ? {} : { findings: report.findings }),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function againstJson(against: NonNullable<DecisionReport["against"]>): Record<string, unknown> {
  return against.kind === "git" ? { kind: "git", ref: against.ref, commit: against.commit } : { kind: "live", revision: against.revision };
}
