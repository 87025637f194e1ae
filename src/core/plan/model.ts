/**
 * The plan as data: what `computePlan` makes, `plan --out` writes as plan.json
 * and `push --plan` reads back. Pure and serializable (style.md: plan is pure
 * and serializable; push applies a plan): plain JSON, versioned by
 * `formatVersion`, entries discriminated by `kind`. A change of this shape is a
 * change of the file format: bump PLAN_FORMAT_VERSION.
 */
import type { PolicyContent } from "../canonical.js";
import type { EnvironmentConfig, EnvironmentKind } from "../config.js";
import type { RuleReachability, SubjectComparison } from "../semantics/weakening/model.js";
import type { Scope, Vendor } from "../vendors.js";

/** Version of the plan.json shape below; bumped on any incompatible change. */
export const PLAN_FORMAT_VERSION = 1;

export type PlanKind = "create" | "update" | "unchanged" | "live-only";

/**
 * The verdict of one (environment, vendor, scope), as plan.json records it
 * (where it is recorded: core/plan/weakening.ts); with the planned policy's
 * rules no screening reaches, when there are any: `unreachable`, and
 * `unreachableReason` when the solver's bound cut some answers short.
 */
export interface PlanWeakening extends SubjectComparison {
  unreachable?: RuleReachability[];
  unreachableReason?: string;
}

/** The verdict of a scope that has no policy entry, recorded on the address-entries entry. */
export type ScopeWeakening = PlanWeakening & { scope: Scope };

/** One approved policy (core/plan/approval.ts): its identity, its weakening-relevant content, and the fingerprint of both. */
export interface ApprovedPolicy {
  environment: string;
  providerType: Vendor;
  scope: Scope;
  /** The verdict of the weakening check as approved (approval.ts, approvedContent). */
  weakening: Record<string, unknown>;
  /** sha256 hex of the canonical JSON of the identity and `weakening`. */
  fingerprint: string;
}

/** plan.json's `weakeningApproval`: every weakening of a `live` environment the plan was approved with. */
export interface WeakeningApproval {
  /** sha256 hex over the policies' fingerprints, sorted: one value a reviewer can compare. */
  fingerprint: string;
  /** In plan order; empty: approved with nothing to approve. */
  policies: ApprovedPolicy[];
}

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
  /**
   * The weakening check of live -> planned for this scope (core/plan/weakening.ts),
   * when the plan writes this policy or its vendor's address entries and the
   * check ran. Optional: plans made with --no-weakening-check, or before it
   * existed, have none, and push checks them again.
   */
  weakening?: PlanWeakening;
}

export type PolicyPlanEntry =
  | (PolicyCommon & { kind: "create"; base: null; body: PolicyBody; bodySha256: string })
  | (PolicyCommon & { kind: "update" | "unchanged"; base: PolicyContent; body: PolicyBody; bodySha256: string })
  | (PolicyCommon & { kind: "live-only"; base: PolicyContent; body: null; bodySha256: null });

interface AddressesCommon extends EntryCommon {
  resource: "addresses";
  summary: AddressEntriesSummary;
  /** The weakening check of the scopes that have no policy entry, one element each (core/plan/weakening.ts). */
  weakening?: ScopeWeakening[];
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
  /**
   * Recorded by `plan --allow-weakening`: the weakenings of `live` environments
   * the plan was approved with (approval.ts). `push --plan` recomputes them
   * against live and pushes without --allow-weakening only while they are these.
   */
  weakeningApproval?: WeakeningApproval;
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

// Reading a plan ----------------------------------------------------------------------------

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
