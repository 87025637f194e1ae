/**
 * The plan: (local documents, live policies) -> Plan, and the Plan read back.
 * Split along its reasons to change: the serializable shape and plan.json
 * (model.ts), computing entries from (local, live) (compute.ts), the summary a
 * reviewer reads (summary.ts), and live-vs-planned content as a diff and as
 * an equality (diff.ts).
 */
export { computePlan, layoutPath } from "./compute.js";
export { entriesMatchBody, policyMatchesBody, renderEntriesContent, renderPolicyContent, unifiedDiff } from "./diff.js";
export {
  countByKind,
  entryName,
  hasChanges,
  PLAN_FORMAT_VERSION,
  type LiveRecord,
  type LocalDocument,
  type Plan,
  type PlanEntry,
  type PlanKind,
  type PlanWeakening,
  type PolicyPlanEntry,
  type ApprovedPolicy,
  type WeakeningApproval,
} from "./model.js";
export { parsePlan } from "./file.js";
export { approvalDifferences, approvedPolicy, weakeningApproval, type ApprovalDifference } from "./approval.js";
export { summarisePolicyChange } from "./summary.js";
export { describeScopeEntriesChange, isAffectedByEntries, scopeEntriesChange, unchangedCounts } from "./scope-entries.js";
export {
  planWeakenings,
  recordedWeakening,
  recordWeakening,
  refusedVerdicts,
  weakeningTargets,
  type NamedWeakening,
  type PlanSide,
  type WeakeningTarget,
} from "./weakening.js";
