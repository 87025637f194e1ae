/**
 * (local documents, live policies) -> Plan: what a push would send, against
 * which live revision, and what it changes. Pure and serializable (style.md:
 * plan is pure and serializable; push applies a plan): the Plan is plain JSON,
 * versioned by `formatVersion`, with entries discriminated by `kind`.
 *
 * Every comparison is between canonical forms (canonical.ts), so comments, key
 * order and quoting never show up as changes.
 */
import { createTwoFilesPatch } from "diff";
import {
  bodyHash,
  canonicalEntryList,
  canonicalJson,
  canonicalPolicy,
  contentOfCanonical,
  entryKey,
  policyContent,
  renderAddressEntriesYaml,
  renderCanonicalYaml,
  renderPolicyYaml,
  type PolicyContent,
} from "./canonical.js";
import { parseExpiry } from "./checks/expired-address-entry.js";
import { isRecord, type EnvironmentConfig, type EnvironmentKind } from "./config.js";
import { SCOPES, VENDORS, type Scope, type Vendor } from "./vendors.js";

/** Version of the plan.json shape below; bumped on any incompatible change. */
export const PLAN_FORMAT_VERSION = 1;

export type PlanKind = "create" | "update" | "unchanged" | "live-only";

/** The designed policy edit body (toolkit.md, Remote behaviour), exactly as sent. */
export interface PolicyBody {
  revision: number;
  schemaVersion: number;
  rules: Record<string, unknown>;
  enabled: boolean;
}

/** The designed address-entries edit body, exactly as sent. */
export interface AddressEntriesBody {
  revision: number;
  entries: Array<Record<string, unknown>>;
}

/** What changed in a policy, in words a reviewer reads. */
export interface PolicySummary {
  /** One line, e.g. `1 rule added (alert-no-kyc-exchange); preScreen changed (minAmountUsd)`. */
  text: string;
  rulesAdded: string[];
  rulesRemoved: string[];
  /** Rules in both whose content (description, when or action) changed. */
  rulesModified: string[];
  /** Rules in both whose position relative to the others changed (first match decides, so order matters). */
  rulesReordered: string[];
  actionsChanged: Array<{ id: string; from: unknown; to: unknown }>;
  enabledChanged?: { from: unknown; to: unknown };
  schemaVersionChanged?: { from: unknown; to: unknown };
  /** preScreen members added, removed or changed. */
  preScreenChanged: string[];
}

/** What changed in the address entries of (environment, vendor); entries are identified by (chain, address, scope). */
export interface AddressEntriesSummary {
  text: string;
  added: string[];
  removed: string[];
  changed: string[];
}

interface EntryCommon {
  environment: string;
  environmentId: string;
  environmentKind: EnvironmentKind;
  providerType: Vendor;
  /** Repository-relative layout path of the file (also for live-only entries, where no file exists). */
  path: string;
  /** SHA-256 of the file's bytes when planned; null when there is no local file. */
  fileSha256: string | null;
  /** The live revision planned against; 0 when nothing is live (create). */
  baseRevision: number;
  /** Unified diff of the canonical YAML, live -> local; empty when unchanged or live-only. */
  diff: string;
}

interface PolicyCommon extends EntryCommon {
  resource: "policy";
  scope: Scope;
  summary: PolicySummary;
  /** addressEntryCount live now, and as it will be once the planned address entries are pushed. */
  addressEntryCount: { live: number | null; planned: number | null };
}

export type PolicyPlanEntry =
  | (PolicyCommon & { kind: "create"; base: null; body: PolicyBody; bodySha256: string })
  | (PolicyCommon & { kind: "update" | "unchanged"; base: PolicyContent; body: PolicyBody; bodySha256: string })
  | (PolicyCommon & { kind: "live-only"; base: PolicyContent; body: null; bodySha256: null });

interface AddressesCommon extends EntryCommon {
  resource: "addresses";
  summary: AddressEntriesSummary;
}

export type AddressesPlanEntry =
  | (AddressesCommon & { kind: "create"; base: null; body: AddressEntriesBody; bodySha256: string })
  | (AddressesCommon & { kind: "update" | "unchanged"; base: { entries: unknown[] }; body: AddressEntriesBody; bodySha256: string })
  | (AddressesCommon & { kind: "live-only"; base: { entries: unknown[] }; body: null; bodySha256: null });

export type PlanEntry = PolicyPlanEntry | AddressesPlanEntry;

/** A plan: serializable as is (plan.json). Holds no token and nothing secret. */
export interface Plan {
  formatVersion: typeof PLAN_FORMAT_VERSION;
  /** ISO 8601 time the plan was made, when the caller gave one. */
  createdAt?: string;
  /** The environments planned, as the config named them then. */
  environments: Array<{ name: string; id: string; kind: EnvironmentKind }>;
  /** The files and folders the plan was made from (repository-relative); empty: all of each environment. */
  paths: string[];
  /** Every local policy and address-entries file the plan read: path -> SHA-256 of its bytes. */
  files: Record<string, string>;
  entries: PlanEntry[];
}

/** A local policy or address-entries file, already linted without errors. */
export type LocalDocument =
  | { resource: "policy"; path: string; fileSha256: string; environment: string; providerType: Vendor; scope: Scope; data: unknown }
  | { resource: "addresses"; path: string; fileSha256: string; environment: string; providerType: Vendor; data: unknown };

/** A live policy as read (admin-api.md, ScreeningPolicy); only these members are used. */
export interface LivePolicy {
  revision: number;
  schemaVersion: unknown;
  rules: unknown;
  enabled: unknown;
  addressEntryCount?: number;
}

/** What was read of one environment: null for a policy that does not exist (404). */
export type LiveRecord =
  | { resource: "policy"; environment: string; providerType: Vendor; scope: Scope; policy: LivePolicy | null }
  | { resource: "addresses"; environment: string; providerType: Vendor; entries: { revision: number; entries: unknown[] } };

export interface PlanInput {
  environments: readonly EnvironmentConfig[];
  local: readonly LocalDocument[];
  live: readonly LiveRecord[];
  /** Layout folder of the policies (config paths.policies), for the paths of live-only entries. */
  policiesFolder: string;
  /** Named paths the plan is restricted to (recorded in the plan). */
  paths?: readonly string[];
  /** Every local file read, path -> SHA-256 (recorded in the plan). */
  files?: Readonly<Record<string, string>>;
  /** Plan time: recorded, and the time address-entry expiry is judged at. */
  now?: Date;
}

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
  const localYaml = renderCanonicalYaml(localCanonical);
  if (!base || !liveCanonical) {
    const diff = unifiedDiff(path, "", localYaml, "not live", "local");
    return { ...common, kind: "create", base: null, body, bodySha256, diff, summary: createSummary(content), addressEntryCount };
  }
  const unchanged = canonicalJson(base) === canonicalJson(content);
  const diff = unchanged ? "" : unifiedDiff(path, renderCanonicalYaml(liveCanonical), localYaml, `live revision ${common.baseRevision}`, "local");
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
  const localYaml = renderCanonicalYaml({ providerType, entries });
  const liveEntries = base?.entries ?? [];
  const summary = summariseEntriesChange(liveEntries, entries);
  const unchanged = canonicalJson(liveEntries) === canonicalJson(entries);
  if (!base) {
    if (unchanged) {
      // An empty file where nothing is live: nothing to create.
      return { ...common, kind: "unchanged", base: { entries: [] }, body, bodySha256, diff: "", summary };
    }
    const diff = unifiedDiff(path, "", localYaml, "not live", "local");
    return { ...common, kind: "create", base: null, body, bodySha256, diff, summary };
  }
  const diff = unchanged ? "" : unifiedDiff(path, renderCanonicalYaml({ providerType, entries: base.entries }), localYaml, `live revision ${common.baseRevision}`, "local");
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

/** A unified diff of two canonical YAML texts, without the `Index:` preamble. */
export function unifiedDiff(path: string, before: string, after: string, beforeLabel: string, afterLabel: string): string {
  const patch = createTwoFilesPatch(path, path, before, after, beforeLabel, afterLabel, { context: 3 });
  return patch.replace(/^Index: [^\n]*\n={3,}\n/, "");
}

// Summaries ---------------------------------------------------------------------------------

function liveOnlySummary(): PolicySummary {
  return {
    text: "live only: no local file; push leaves it alone (`screenpol pull` adopts it)",
    rulesAdded: [],
    rulesRemoved: [],
    rulesModified: [],
    rulesReordered: [],
    actionsChanged: [],
    preScreenChanged: [],
  };
}

function createSummary(content: PolicyContent): PolicySummary {
  const ids = ruleIds(content.rules);
  const state = content.enabled === false ? "disabled" : "enabled";
  return {
    text: `new policy: ${plural(ids.length, "rule")}, ${state}, schemaVersion ${String(content.schemaVersion)}`,
    rulesAdded: ids,
    rulesRemoved: [],
    rulesModified: [],
    rulesReordered: [],
    actionsChanged: [],
    preScreenChanged: Object.keys(preScreenOf(content.rules)),
  };
}

/** The semantic difference of two policy contents (both canonical). */
export function summarisePolicyChange(before: PolicyContent, after: PolicyContent): PolicySummary {
  const beforeRules = rulesById(before.rules);
  const afterRules = rulesById(after.rules);
  const rulesAdded = [...afterRules.keys()].filter((id) => !beforeRules.has(id));
  const rulesRemoved = [...beforeRules.keys()].filter((id) => !afterRules.has(id));
  const common = [...afterRules.keys()].filter((id) => beforeRules.has(id));
  const rulesModified = common.filter((id) => canonicalJson(beforeRules.get(id)) !== canonicalJson(afterRules.get(id)));
  const actionsChanged = common
    .map((id) => ({ id, from: actionOf(beforeRules.get(id)), to: actionOf(afterRules.get(id)) }))
    .filter((change) => change.from !== change.to);
  const beforeOrder = [...beforeRules.keys()].filter((id) => afterRules.has(id));
  const kept = new Set(longestCommonSubsequence(beforeOrder, common));
  const rulesReordered = common.filter((id) => !kept.has(id));
  const beforePre = preScreenOf(before.rules);
  const afterPre = preScreenOf(after.rules);
  const preScreenChanged = [...new Set([...Object.keys(beforePre), ...Object.keys(afterPre)])].filter(
    (key) => canonicalJson(beforePre[key]) !== canonicalJson(afterPre[key]),
  );
  const summary: PolicySummary = { text: "", rulesAdded, rulesRemoved, rulesModified, rulesReordered, actionsChanged, preScreenChanged };
  if (before.enabled !== after.enabled) summary.enabledChanged = { from: before.enabled, to: after.enabled };
  if (before.schemaVersion !== after.schemaVersion) summary.schemaVersionChanged = { from: before.schemaVersion, to: after.schemaVersion };
  const beforeAll = isRecord(before.rules) ? before.rules : {};
  const afterAll = isRecord(after.rules) ? after.rules : {};
  const otherRules = [...new Set([...Object.keys(beforeAll), ...Object.keys(afterAll)])].filter(
    (key) => key !== "preScreen" && key !== "postScreen" && canonicalJson(beforeAll[key]) !== canonicalJson(afterAll[key]),
  );
  summary.text = describePolicySummary(summary, otherRules);
  return summary;
}

function describePolicySummary(summary: PolicySummary, otherRules: readonly string[]): string {
  const parts: string[] = [];
  if (summary.enabledChanged) parts.push(summary.enabledChanged.to === false ? "DISABLED (enabled true -> false)" : `enabled ${String(summary.enabledChanged.from)} -> ${String(summary.enabledChanged.to)}`);
  if (summary.schemaVersionChanged) parts.push(`schemaVersion ${String(summary.schemaVersionChanged.from)} -> ${String(summary.schemaVersionChanged.to)}`);
  if (summary.preScreenChanged.length > 0) parts.push(`preScreen changed (${summary.preScreenChanged.join(", ")})`);
  if (summary.rulesAdded.length > 0) parts.push(`${plural(summary.rulesAdded.length, "rule")} added (${summary.rulesAdded.join(", ")})`);
  if (summary.rulesRemoved.length > 0) parts.push(`${plural(summary.rulesRemoved.length, "rule")} removed (${summary.rulesRemoved.join(", ")})`);
  for (const change of summary.actionsChanged) parts.push(`${change.id}: action ${String(change.from)} -> ${String(change.to)}`);
  const actionChanged = new Set(summary.actionsChanged.map((change) => change.id));
  const modified = summary.rulesModified.filter((id) => !actionChanged.has(id));
  if (modified.length > 0) parts.push(`${plural(modified.length, "rule")} modified (${modified.join(", ")})`);
  if (summary.rulesReordered.length > 0) parts.push(`${plural(summary.rulesReordered.length, "rule")} moved (${summary.rulesReordered.join(", ")}): order decides the first match`);
  if (otherRules.length > 0) parts.push(`rules changed (${otherRules.join(", ")})`);
  return parts.length > 0 ? parts.join("; ") : "no changes";
}

function summariseEntriesChange(before: readonly unknown[], after: readonly unknown[]): AddressEntriesSummary {
  const beforeByKey = new Map(before.map((entry) => [entryKey(entry), entry]));
  const afterByKey = new Map(after.map((entry) => [entryKey(entry), entry]));
  const label = (entry: unknown): string => {
    if (!isRecord(entry)) return JSON.stringify(entry);
    return `${String(entry.action)} ${String(entry.chain)} ${String(entry.address)} (${String(entry.scope)})`;
  };
  const added = [...afterByKey].filter(([key]) => !beforeByKey.has(key)).map(([, entry]) => label(entry));
  const removed = [...beforeByKey].filter(([key]) => !afterByKey.has(key)).map(([, entry]) => label(entry));
  const changed = [...afterByKey]
    .filter(([key, entry]) => beforeByKey.has(key) && canonicalJson(beforeByKey.get(key)) !== canonicalJson(entry))
    .map(([, entry]) => label(entry));
  const parts: string[] = [];
  if (added.length > 0) parts.push(`${plural(added.length, "entry", "entries")} added (${added.join("; ")})`);
  if (removed.length > 0) parts.push(`${plural(removed.length, "entry", "entries")} removed (${removed.join("; ")})`);
  if (changed.length > 0) parts.push(`${plural(changed.length, "entry", "entries")} changed (${changed.join("; ")})`);
  if (parts.length === 0) parts.push(before.length === 0 && after.length === 0 ? "no entries" : "no changes");
  return { text: parts.join("; "), added, removed, changed };
}

function rulesById(rules: unknown): Map<string, unknown> {
  const list = isRecord(rules) && Array.isArray(rules.postScreen) ? rules.postScreen : [];
  const byId = new Map<string, unknown>();
  list.forEach((rule, index) => {
    const id = isRecord(rule) && typeof rule.id === "string" ? rule.id : `#${index + 1}`;
    byId.set(byId.has(id) ? `${id}#${index + 1}` : id, rule);
  });
  return byId;
}

function ruleIds(rules: unknown): string[] {
  return [...rulesById(rules).keys()];
}

function actionOf(rule: unknown): unknown {
  return isRecord(rule) ? rule.action : undefined;
}

function preScreenOf(rules: unknown): Record<string, unknown> {
  return isRecord(rules) && isRecord(rules.preScreen) ? rules.preScreen : {};
}

/** Longest common subsequence of two short id lists (rules per policy are few). */
function longestCommonSubsequence(a: readonly string[], b: readonly string[]): string[] {
  const table: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

// Reading a plan back -------------------------------------------------------------------------

/** Counts of a plan's entries by kind. */
export function countByKind(plan: Pick<Plan, "entries">): Record<PlanKind, number> {
  const counts: Record<PlanKind, number> = { create: 0, update: 0, unchanged: 0, "live-only": 0 };
  for (const entry of plan.entries) counts[entry.kind]++;
  return counts;
}

/** Whether a push of this plan would write anything. */
export function hasChanges(plan: Pick<Plan, "entries">): boolean {
  return plan.entries.some((entry) => entry.kind === "create" || entry.kind === "update");
}

/** A short name of an entry: `sandbox/vendorAWalletScreening/TRANSACTION` or `.../addresses`. */
export function entryName(entry: Pick<PlanEntry, "environment" | "providerType"> & { resource: string; scope?: string }): string {
  return `${entry.environment}/${entry.providerType}/${entry.resource === "policy" ? entry.scope : "addresses"}`;
}

// plan.json's reader: its shape is schemas/plan.schema.json.
export { parsePlan, type ParsedPlan } from "./plan-file.js";

/** Whether a live policy's content equals a body's (what push checks after a conflict or a replay). */
export function policyMatchesBody(live: LivePolicy, body: PolicyBody): boolean {
  return canonicalJson(policyContent(live)) === canonicalJson(policyContent(body));
}

/** Whether live entries equal a body's (after a conflict or a replay). */
export function entriesMatchBody(live: readonly unknown[], body: AddressEntriesBody): boolean {
  return canonicalJson(canonicalEntryList(live)) === canonicalJson(canonicalEntryList(body.entries));
}

/** The canonical YAML of a policy's content, for the diff of what changed live since a plan. */
export function renderPolicyContent(providerType: Vendor, scope: Scope, content: PolicyContent | LivePolicy | null): string {
  if (!content) return "";
  return renderPolicyYaml({ providerType, scope, schemaVersion: content.schemaVersion, enabled: content.enabled, rules: content.rules });
}

/** The canonical YAML of address entries, for the same. */
export function renderEntriesContent(providerType: Vendor, entries: readonly unknown[] | null): string {
  if (!entries) return "";
  return renderAddressEntriesYaml({ providerType, entries: [...entries] });
}
