/**
 * The weakening check in a plan (semantics.md section 5; docs/decisions.md,
 * "Issue 13: the weakening check in plan and push"): which (environment,
 * vendor, scope) a plan changes, what their live and planned versions are,
 * and where each verdict is recorded.
 *
 * A verdict compares what the service decides now (the live policy and the
 * live address entries) with what it will decide once the plan is pushed:
 * the planned body where push sends one, else what stays live (a live-only
 * policy, address entries the plan does not send). Both sides come from the
 * plan alone, so a saved plan.json can be checked again with no request and
 * no file.
 *
 * Where a verdict is recorded: on the policy entry of its scope when the plan
 * has one (`weakening`, one element of compare's JSON `policies` minus the
 * identity the entry already names); else, for a scope with no policy on
 * either side whose address entries change, on the address-entries entry
 * (`weakening`, one element per such scope, with its `scope`).
 */
import type { PolicyContent } from "../canonical.js";
import { isRefusedWeakening } from "../semantics/weakening/verdict.js";
import { SCOPES, type Scope, type Vendor } from "../vendors.js";
import type { AddressesPlanEntry, LivePolicy, Plan, PlanEntry, PlanWeakening, PolicyBody, PolicyPlanEntry } from "./model.js";

/** One version of one (environment, vendor, scope): its policy (null: none) and its address entries (null: none). */
export interface PlanSide {
  policy: PolicyContent | PolicyBody | LivePolicy | null;
  entries: readonly unknown[] | null;
}

/** One (environment, vendor, scope) whose decisions a push may change. */
export interface WeakeningTarget {
  environment: string;
  providerType: Vendor;
  scope: Scope;
  /** The policy entry the verdict is recorded on; undefined: the address-entries entry is. */
  policyEntry: PolicyPlanEntry | undefined;
  addressesEntry: AddressesPlanEntry | undefined;
  live: PlanSide;
  planned: PlanSide;
}

const writes = (entry: PlanEntry | undefined): boolean => entry !== undefined && (entry.kind === "create" || entry.kind === "update");

/**
 * Every (environment, vendor, scope) whose policy or address entries the plan
 * writes (both scopes for address entries), in plan order. `include` narrows
 * them by environment (push checks the `live` ones).
 */
export function weakeningTargets(plan: Pick<Plan, "entries">, include: (environment: string) => boolean = () => true): WeakeningTarget[] {
  const targets: WeakeningTarget[] = [];
  const seen = new Set<string>();
  for (const entry of plan.entries) {
    if (!include(entry.environment)) continue;
    const key = `${entry.environment}\u0000${entry.providerType}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const ofVendor = plan.entries.filter((other) => other.environment === entry.environment && other.providerType === entry.providerType);
    const addressesEntry = ofVendor.find((other): other is AddressesPlanEntry => other.resource === "addresses");
    for (const scope of SCOPES) {
      const policyEntry = ofVendor.find((other): other is PolicyPlanEntry => other.resource === "policy" && other.scope === scope);
      if (!writes(policyEntry) && !writes(addressesEntry)) continue;
      targets.push({
        environment: entry.environment,
        providerType: entry.providerType,
        scope,
        policyEntry,
        addressesEntry,
        live: { policy: policyEntry?.base ?? null, entries: addressesEntry?.base?.entries ?? null },
        planned: {
          policy: policyEntry === undefined ? null : (policyEntry.body ?? policyEntry.base),
          entries: addressesEntry === undefined ? null : (addressesEntry.body?.entries ?? addressesEntry.base?.entries ?? null),
        },
      });
    }
  }
  return targets;
}

/** The verdict recorded for a target, if any. */
export function recordedWeakening(target: WeakeningTarget): PlanWeakening | undefined {
  if (target.policyEntry) return target.policyEntry.weakening;
  return target.addressesEntry?.weakening?.find((scoped) => scoped.scope === target.scope);
}

/** Records a verdict where {@link weakeningTargets} says it belongs (the plan's entries are updated in place). */
export function recordWeakening(target: WeakeningTarget, weakening: PlanWeakening): void {
  const { verdict, transitions, reason, causes, regionsReason, unreachable, unreachableReason, traffic } = weakening;
  const member: PlanWeakening = {
    verdict,
    transitions,
    ...(reason === undefined ? {} : { reason }),
    ...(causes === undefined ? {} : { causes }),
    ...(regionsReason === undefined ? {} : { regionsReason }),
    ...(unreachable === undefined || unreachable.length === 0 ? {} : { unreachable }),
    ...(unreachableReason === undefined ? {} : { unreachableReason }),
    ...(traffic === undefined ? {} : { traffic }),
  };
  if (target.policyEntry) {
    target.policyEntry.weakening = member;
    return;
  }
  const entry = target.addressesEntry!;
  entry.weakening = [...(entry.weakening ?? []).filter((scoped) => scoped.scope !== target.scope), { scope: target.scope, ...member }];
}

/** One recorded verdict with the identity it is about. */
export interface NamedWeakening extends PlanWeakening {
  environment: string;
  providerType: Vendor;
  scope: Scope;
}

/** Every verdict a plan records, in plan order. */
export function planWeakenings(plan: Pick<Plan, "entries">): NamedWeakening[] {
  return weakeningTargets(plan).flatMap((target) => {
    const weakening = recordedWeakening(target);
    return weakening === undefined ? [] : [{ environment: target.environment, providerType: target.providerType, scope: target.scope, ...weakening }];
  });
}

/**
 * The recorded verdicts `plan --deny-weakening` refuses, and push's guard
 * once narrowed to the live environments (isRefusedWeakening), in plan order.
 */
export function refusedVerdicts(plan: Pick<Plan, "entries">): NamedWeakening[] {
  return planWeakenings(plan).filter(isRefusedWeakening);
}
