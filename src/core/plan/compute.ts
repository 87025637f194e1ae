/**
 * (local documents, live policies) -> Plan: what a push would send, against
 * which live revision, and what it changes. Every comparison is between
 * canonical forms (canonical.ts), so comments, key order and quoting never show
 * up as changes.
 */
import { bodyHash, canonicalEntryList, canonicalJson, canonicalPolicy, contentOfCanonical, renderCanonicalYaml } from "../canonical.js";
import { parseExpiry } from "../checks/expired-address-entry.js";
import { isRecord, type EnvironmentConfig } from "../config.js";
import { SCOPES, VENDORS, type Scope, type Vendor } from "../vendors.js";
import { unifiedDiff } from "./diff.js";
import { PLAN_FORMAT_VERSION, type AddressEntriesBody, type AddressesPlanEntry, type LivePolicy, type LiveRecord, type LocalDocument, type Plan, type PlanEntry, type PlanInput, type PolicyBody, type PolicyPlanEntry } from "./model.js";
import { createSummary, liveOnlySummary, summariseEntriesChange, summarisePolicyChange } from "./summary.js";

/** The layout path of a policy or address-entries file (policy-language.md section 1). */
export function layoutPath(policiesFolder: string, environment: string, providerType: Vendor, scope: Scope | "addresses"): string {
  return `${policiesFolder}/${environment}/${providerType}/${scope}.yaml`;
}

/**
 * Computes the plan. Entries come in a stable order: environments as given,
 * then vendor, then SIGN_IN, TRANSACTION, addresses. Live records with no local
 * document become `live-only` entries (push leaves them alone); a live
 * address-entries record with no entries and no local file is no entry at all.
 */
export function computePlan(input: PlanInput): Plan {
  const now = input.now;
  const entries: PlanEntry[] = [];
  for (const environment of input.environments) {
    for (const providerType of VENDORS) {
      const localAddresses = input.local.find(
        (doc): doc is Extract<LocalDocument, { resource: "addresses" }> =>
          doc.resource === "addresses" && doc.environment === environment.name && doc.providerType === providerType,
      );
      const liveAddresses = input.live.find(
        (record): record is Extract<LiveRecord, { resource: "addresses" }> =>
          record.resource === "addresses" && record.environment === environment.name && record.providerType === providerType,
      );
      for (const scope of SCOPES) {
        const local = input.local.find(
          (doc): doc is Extract<LocalDocument, { resource: "policy" }> =>
            doc.resource === "policy" && doc.environment === environment.name && doc.providerType === providerType && doc.scope === scope,
        );
        const live = input.live.find(
          (record): record is Extract<LiveRecord, { resource: "policy" }> =>
            record.resource === "policy" && record.environment === environment.name && record.providerType === providerType && record.scope === scope,
        );
        const entry = planPolicy(environment, providerType, scope, local, live?.policy ?? null, input.policiesFolder, {
          local: localAddresses ? entriesOf(localAddresses.data) : undefined,
          live: liveAddresses?.entries.entries,
          now,
        });
        if (entry) entries.push(entry);
      }
      const addresses = planAddresses(environment, providerType, localAddresses, liveAddresses?.entries, input.policiesFolder);
      if (addresses) entries.push(addresses);
    }
  }
  const plan: Plan = {
    formatVersion: PLAN_FORMAT_VERSION,
    environments: input.environments.map(({ name, id, kind }) => ({ name, id, kind })),
    paths: [...(input.paths ?? [])],
    files: { ...(input.files ?? {}) },
    entries,
  };
  if (now) plan.createdAt = now.toISOString();
  return plan;
}

function planPolicy(
  environment: EnvironmentConfig,
  providerType: Vendor,
  scope: Scope,
  local: Extract<LocalDocument, { resource: "policy" }> | undefined,
  live: LivePolicy | null,
  policiesFolder: string,
  addresses: { local: unknown[] | undefined; live: unknown[] | undefined; now: Date | undefined },
): PolicyPlanEntry | undefined {
  if (!local && !live) return undefined;
  const path = local?.path ?? layoutPath(policiesFolder, environment.name, providerType, scope);
  const common = {
    resource: "policy" as const,
    environment: environment.name,
    environmentId: environment.id,
    environmentKind: environment.kind,
    providerType,
    scope,
    path,
    fileSha256: local?.fileSha256 ?? null,
    baseRevision: live?.revision ?? 0,
  };
  const liveCount = live && typeof live.addressEntryCount === "number" ? live.addressEntryCount : null;
  const entriesForCount = addresses.local ?? addresses.live;
  const plannedCount = entriesForCount ? countEntriesFor(entriesForCount, scope, addresses.now) : liveCount;
  const addressEntryCount = { live: liveCount, planned: plannedCount };
  const liveCanonical = live ? canonicalPolicy({ providerType, scope, schemaVersion: live.schemaVersion, enabled: live.enabled, rules: live.rules }) : undefined;
  const base = liveCanonical ? contentOfCanonical(liveCanonical) : null;

  if (!local) {
    return { ...common, kind: "live-only", base: base!, body: null, bodySha256: null, diff: "", summary: liveOnlySummary(), addressEntryCount };
  }
  const localCanonical = canonicalPolicy(local.data);
  const content = contentOfCanonical(localCanonical);
  const body: PolicyBody = {
    revision: common.baseRevision,
    schemaVersion: content.schemaVersion as number,
    rules: content.rules as Record<string, unknown>,
    enabled: content.enabled as boolean,
  };
  const bodySha256 = bodyHash(body);
  if (!base || !liveCanonical) {
    const diff = unifiedDiff(path, "", renderCanonicalYaml(localCanonical), "not live", "local");
    return { ...common, kind: "create", base: null, body, bodySha256, diff, summary: createSummary(content), addressEntryCount };
  }
  const unchanged = canonicalJson(base) === canonicalJson(content);
  const diff = unchanged ? "" : unifiedDiff(path, renderCanonicalYaml(liveCanonical), renderCanonicalYaml(localCanonical), `live revision ${common.baseRevision}`, "local");
  return {
    ...common,
    kind: unchanged ? "unchanged" : "update",
    base,
    body,
    bodySha256,
    diff,
    summary: summarisePolicyChange(base, content),
    addressEntryCount,
  };
}

function planAddresses(
  environment: EnvironmentConfig,
  providerType: Vendor,
  local: Extract<LocalDocument, { resource: "addresses" }> | undefined,
  live: { revision: number; entries: unknown[] } | undefined,
  policiesFolder: string,
): AddressesPlanEntry | undefined {
  const liveExists = live !== undefined && (live.revision > 0 || live.entries.length > 0);
  if (!local && !liveExists) return undefined;
  const path = local?.path ?? layoutPath(policiesFolder, environment.name, providerType, "addresses");
  const common = {
    resource: "addresses" as const,
    environment: environment.name,
    environmentId: environment.id,
    environmentKind: environment.kind,
    providerType,
    path,
    fileSha256: local?.fileSha256 ?? null,
    baseRevision: live?.revision ?? 0,
  };
  const base = liveExists ? { entries: canonicalEntryList(live!.entries) } : null;
  if (!local) {
    return { ...common, kind: "live-only", base: base!, body: null, bodySha256: null, diff: "", summary: { text: "live only: no local file; push leaves it alone", added: [], removed: [], changed: [] } };
  }
  const entries = canonicalEntryList(entriesOf(local.data)) as Array<Record<string, unknown>>;
  const body: AddressEntriesBody = { revision: common.baseRevision, entries };
  const bodySha256 = bodyHash(body);
  const liveEntries = base?.entries ?? [];
  const summary = summariseEntriesChange(liveEntries, entries);
  const unchanged = canonicalJson(liveEntries) === canonicalJson(entries);
  if (!base) {
    if (unchanged) {
      // An empty file where nothing is live: nothing to create.
      return { ...common, kind: "unchanged", base: { entries: [] }, body, bodySha256, diff: "", summary };
    }
    const diff = unifiedDiff(path, "", renderCanonicalYaml({ providerType, entries }), "not live", "local");
    return { ...common, kind: "create", base: null, body, bodySha256, diff, summary };
  }
  const diff = unchanged ? "" : unifiedDiff(path, renderCanonicalYaml({ providerType, entries: base.entries }), renderCanonicalYaml({ providerType, entries }), `live revision ${common.baseRevision}`, "local");
  return { ...common, kind: unchanged ? "unchanged" : "update", base, body, bodySha256, diff, summary };
}

function entriesOf(data: unknown): unknown[] {
  return isRecord(data) && Array.isArray(data.entries) ? data.entries : [];
}

/**
 * addressEntryCount as the service derives it (admin-api.md, ScreeningPolicy):
 * entries marked ALL plus those narrowed to this scope, not past `expiresAt`
 * at `now` (policy-language.md section 6, expired-address-entry).
 */
export function countEntriesFor(entries: readonly unknown[], scope: Scope, now: Date | undefined): number {
  const at = now?.getTime();
  return entries.filter((entry) => {
    if (!isRecord(entry) || (entry.scope !== "ALL" && entry.scope !== scope)) return false;
    if (at === undefined || typeof entry.expiresAt !== "string") return true;
    const expiry = parseExpiry(entry.expiresAt);
    return expiry === undefined || expiry > at;
  }).length;
}

