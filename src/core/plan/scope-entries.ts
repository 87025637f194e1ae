/**
 * What a change of address entries does to one scope's policy, in words.
 *
 * The service derives a policy's `addressEntryCount` from its vendor's address
 * entries (admin-api.md, ScreeningPolicy), so a push of entries moves a policy
 * whose own content is unchanged. A reviewer should read that as what it is,
 * "address entries changed: +1 for this scope", never as an unchanged policy
 * with a number that moved, nor as "addressEntryCount 0 -> 1".
 */
import { isRecord } from "../config.js";
import type { Scope } from "../vendors.js";
import type { AddressesPlanEntry, Plan, PlanEntry, PolicyPlanEntry } from "./model.js";
import { summariseEntriesChange } from "./summary.js";

/** The entries a push adds, removes and changes among those applying to one scope (scope ALL or that scope). */
export interface ScopeEntriesChange {
  added: number;
  removed: number;
  changed: number;
}

/**
 * How the plan's address entries for the policy's (environment, vendor) change
 * the entries that apply to its scope; undefined when the plan writes no
 * address entries there or none of the written ones applies to this scope.
 */
export function scopeEntriesChange(plan: Pick<Plan, "entries">, policy: PolicyPlanEntry): ScopeEntriesChange | undefined {
  const addresses = plan.entries.find(
    (entry): entry is AddressesPlanEntry => entry.resource === "addresses" && entry.environment === policy.environment && entry.providerType === policy.providerType,
  );
  if (!addresses || (addresses.kind !== "create" && addresses.kind !== "update")) return undefined;
  const before = addresses.kind === "update" ? appliesTo(addresses.base.entries, policy.scope) : [];
  const after = appliesTo(addresses.body.entries, policy.scope);
  const summary = summariseEntriesChange(before, after);
  const change = { added: summary.added.length, removed: summary.removed.length, changed: summary.changed.length };
  return change.added + change.removed + change.changed === 0 ? undefined : change;
}

/** "address entries changed: +2, -1 and 1 changed for this scope". */
export function describeScopeEntriesChange(change: ScopeEntriesChange): string {
  const parts = [change.added > 0 ? `+${change.added}` : "", change.removed > 0 ? `-${change.removed}` : "", change.changed > 0 ? `${change.changed} changed` : ""].filter(
    (part) => part !== "",
  );
  const listed = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}` : parts[0]!;
  return `address entries changed: ${listed} for this scope`;
}

/**
 * A policy whose own content a push leaves as it is, but whose address entries
 * it changes: shown as `affected`, not `unchanged`, in every plan rendering.
 */
export function isAffectedByEntries(plan: Pick<Plan, "entries">, entry: PlanEntry): entry is PolicyPlanEntry {
  return entry.resource === "policy" && entry.kind === "unchanged" && scopeEntriesChange(plan, entry) !== undefined;
}

/** Entries counted as unchanged, and those of them a push affects through the address entries. */
export function unchangedCounts(plan: Pick<Plan, "entries">): { unchanged: number; affected: number } {
  let unchanged = 0;
  let affected = 0;
  for (const entry of plan.entries) {
    if (entry.kind !== "unchanged") continue;
    if (isAffectedByEntries(plan, entry)) affected++;
    else unchanged++;
  }
  return { unchanged, affected };
}

function appliesTo(entries: readonly unknown[], scope: Scope): unknown[] {
  return entries.filter((entry) => isRecord(entry) && (entry.scope === "ALL" || entry.scope === scope));
}
