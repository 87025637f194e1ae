/**
 * Approving a weakening (docs/review-workflow.md, "Approving a weakening").
 * `plan --allow-weakening` records on the plan what push's guard would refuse
 * in its `live` environments (core/plan/approval.ts). `push --plan` reads live
 * again, recomputes the plan's weakening from the files it verified and live
 * now, and pushes without --allow-weakening only while that is exactly the
 * approved one: a live policy that moved since, or a change other than the
 * reviewed one, is a difference, and nothing is pushed.
 */
import { findEnvironment, type Config, type EnvironmentConfig } from "../core/config.js";
import {
  approvalDifferences,
  approvedPolicy,
  computePlan,
  entriesMatchBody,
  entryName,
  policyMatchesBody,
  refusedVerdicts,
  weakeningApproval,
  type ApprovalDifference,
  type ApprovedPolicy,
  type LiveRecord,
  type NamedWeakening,
  type Plan,
  type WeakeningApproval,
} from "../core/plan/index.js";
import type { RemoteClient } from "../remote/index.js";
import { fetchLive, type LocalState } from "./plan.js";
import { checkPlanWeakening } from "./plan-weakening.js";

/** The weakenings push's guard refuses among the entries of these environments (core/plan/weakening.ts, refusedVerdicts). */
export function weakeningsOf(plan: Pick<Plan, "entries">, include: (environment: string) => boolean): NamedWeakening[] {
  return refusedVerdicts({ entries: plan.entries.filter((entry) => include(entry.environment)) });
}

/** The environments of the plan that are `live` by the plan's own record (the config's word when it was made). */
export function liveByPlan(plan: Pick<Plan, "environments">): (environment: string) => boolean {
  const live = new Set(plan.environments.filter((environment) => environment.kind === "live").map((environment) => environment.name));
  return (environment) => live.has(environment);
}

/**
 * `plan --allow-weakening`: records on the plan (in place) the approval of
 * every weakening of its live environments, and returns it. Empty when there
 * is none: still recorded, so that a weakening found at push time is shown as
 * a difference from what was approved.
 */
export function approvePlanWeakening(plan: Plan): WeakeningApproval {
  plan.weakeningApproval = weakeningApproval(weakeningsOf(plan, liveByPlan(plan)));
  return plan.weakeningApproval;
}

export interface ApprovalCheckOptions {
  config: Config;
  /** The files `verifyPlan` read: the same bytes the plan was made from. */
  local: LocalState;
  client: RemoteClient;
  /** The clock address entries' `expiresAt` is read at. */
  now: Date;
  /** Time limit per policy pair (`--solver-timeout`). */
  timeoutMs?: number;
}

/** A live revision an entry push writes was planned against, and the one live now. */
export interface MovedEntry {
  name: string;
  planned: number;
  now: number;
}

export interface ApprovalCheck {
  /** Names of the environments checked: the plan's that are `live` by the config now. */
  environments: string[];
  /** The weakenings push's guard refuses, recomputed against live now. */
  refused: NamedWeakening[];
  /** Where they differ from the approval; empty: exactly the approved weakening. */
  differences: ApprovalDifference[];
  /** The differences that refuse the push: a policy weakened now other than as approved (not one approved and no longer weakened). */
  unapproved: ApprovalDifference[];
  /** Entries push writes whose live revision moved since the plan (each would conflict). */
  moved: MovedEntry[];
}

/**
 * Recomputes the weakening of the plan's live environments (by the config's
 * current word, as the guard decides) against what is live now, and compares
 * it with the approval the plan records for those environments. Reads each
 * live policy and address-entries set of them once; writes nothing.
 */
export async function checkApprovedWeakening(plan: Plan, approval: WeakeningApproval, options: ApprovalCheckOptions): Promise<ApprovalCheck> {
  const environments = plan.environments
    .map((planned) => findEnvironment(options.config, planned.name))
    .filter((environment): environment is EnvironmentConfig => environment?.kind === "live");
  if (environments.length === 0) return { environments: [], refused: [], differences: [], unapproved: [], moved: [] };
  const names = new Set(environments.map((environment) => environment.name));
  const documents = options.local.documents.filter((document) => names.has(document.environment));
  // As plan reads live: everything of each environment, or only what the named paths hold.
  const { records } = await fetchLive(options.client, environments, plan.paths.length > 0 ? documents : undefined);
  const afresh = computePlan({
    environments,
    local: documents,
    live: records.map((record) => asPlannedAgainst(record, plan)),
    policiesFolder: options.config.paths.policies,
    paths: plan.paths,
    files: options.local.files,
    now: options.now,
  });
  await checkPlanWeakening(afresh, { config: options.config, now: options.now, timeoutMs: options.timeoutMs });
  const refused = refusedVerdicts(afresh);
  const approved: ApprovedPolicy[] = approval.policies.filter((policy) => names.has(policy.environment));
  const differences = approvalDifferences(approved, refused.map(approvedPolicy));
  // Less than approved is no refusal: a policy not weakened now is pushed as the guard would push it unapproved.
  const unapproved = differences.filter((difference) => difference.verdictNow !== undefined);
  const moved: MovedEntry[] = [];
  for (const entry of plan.entries) {
    if (!names.has(entry.environment) || (entry.kind !== "create" && entry.kind !== "update")) continue;
    const now = afresh.entries.find((other) => entryName(other) === entryName(entry));
    const revision = now?.baseRevision ?? 0;
    if (revision !== entry.baseRevision) moved.push({ name: entryName(entry), planned: entry.baseRevision, now: revision });
  }
  return { environments: [...names], refused, differences, unapproved, moved };
}

/**
 * A live copy that already holds what the plan sends is the plan's own earlier
 * push (a re-run after a failure, docs/review-workflow.md, "Re-running
 * converges"), or the same change made by someone else: either way this push
 * changes nothing there, and the weakening is judged from the state the plan
 * was made and approved against. Any other live copy is taken as it is.
 */
function asPlannedAgainst(record: LiveRecord, plan: Plan): LiveRecord {
  const entry = plan.entries.find(
    (candidate) =>
      (candidate.kind === "create" || candidate.kind === "update") &&
      candidate.environment === record.environment &&
      candidate.providerType === record.providerType &&
      (candidate.resource === "policy" ? record.resource === "policy" && candidate.scope === record.scope : record.resource === "addresses"),
  );
  if (entry === undefined || entry.body === null) return record;
  if (record.resource === "policy" && entry.resource === "policy") {
    if (record.policy === null || !policyMatchesBody(record.policy, entry.body)) return record;
    return { ...record, policy: entry.base === null ? null : { revision: entry.baseRevision, ...entry.base } };
  }
  if (record.resource === "addresses" && entry.resource === "addresses") {
    if (!entriesMatchBody(record.entries.entries, entry.body)) return record;
    return { ...record, entries: { revision: entry.baseRevision, entries: entry.base?.entries ?? [] } };
  }
  return record;
}
