/**
 * One decision for a program (`screenpol decide --format json`), version 1:
 * `{"version":1,"environment","providerType","scope","screening","decision":{"action","by","trace"}}`,
 * the trace as core/semantics/decision.ts types it (docs/semantics.md).
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
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
