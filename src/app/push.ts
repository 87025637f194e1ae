/**
 * The push use case: apply a plan. Each changed policy (and address-entries
 * set) is sent with the revision it was planned against, 0 to create it; the
 * service's revision precondition guarantees that a live change made since the
 * plan is never overwritten.
 *
 * The rule for the rest when one fails (docs/review-workflow.md): entries are
 * pushed in plan order, a few at a time; at the first conflict or failure no
 * further push is started, the ones already in flight finish, and the report
 * says exactly which were pushed, which were already up to date, which
 * conflicted or failed, and which were not attempted. Re-running converges: an
 * entry whose live content already equals the planned body is `unchanged` and
 * never sent twice.
 */
import { findEnvironment, type Config } from "../core/config.js";
import { classifyPath } from "../core/layout.js";
import {
  entriesMatchBody,
  policyMatchesBody,
  renderEntriesContent,
  refusedVerdicts,
  renderPolicyContent,
  parsePlan,
  unifiedDiff,
  type NamedWeakening,
  type Plan,
  type PlanEntry,
} from "../core/plan/index.js";
import { isRemoteError, isRevisionConflict, type AddressEntries, type RemoteClient } from "../remote/index.js";
import { readRequiredTextFile } from "../workspace/repository.js";
import { mapBounded } from "./bounded.js";
import { ConfigError, ConflictError, UsageError } from "./errors.js";
import { readLocalState, type LocalState } from "./plan.js";
import { checkPlanWeakening } from "./plan-weakening.js";
import type { Workspace } from "./workspace-config.js";

/** Writes in flight at once. Small: a conflict stops the rest, and few should be in flight when it does. */
export const WRITE_CONCURRENCY = 4;

/** The plan no longer matches the files it was made from; nothing was pushed. Exit 3. */
export class StalePlanError extends ConflictError {}

/**
 * plan.json holds each planned file's body, and each file is at most 1 MiB
 * (docs/decisions.md): 64 MiB is room for any real plan, and stops a wrong
 * path (`/dev/zero`, a FIFO: refused, not a regular file) from hanging push.
 */
const PLAN_FILE_READ = { maxBytes: 64 * 1024 * 1024 };

/** Reads and parses the plan file `push --plan` names (`given`: as the user typed it, for the messages); a UsageError when it cannot be used. */
export async function readPlanFile(path: string, given: string): Promise<Plan> {
  const text = await readRequiredTextFile(path, (reason, cause) => new UsageError(`cannot read the plan ${given} (${reason})`, { cause }), PLAN_FILE_READ);
  const parsed = parsePlan(text);
  if (!parsed.ok) throw new UsageError(`cannot use the plan ${given}: ${parsed.reason}`);
  return parsed.plan;
}

export type PushOutcome =
  /** Sent and acknowledged: `revision` is the new live revision. */
  | { status: "pushed"; entry: PlanEntry; revision: number }
  /** Nothing to send: the live content already equals the planned body. */
  | { status: "unchanged"; entry: PlanEntry; revision: number; note?: string }
  /** 409: the live revision moved since the plan; nothing was written for it. */
  | { status: "conflict"; entry: PlanEntry; currentRevision: number | undefined; liveDiff: string; note?: string }
  /**
   * Any other failure after the client's retries; nothing is known to be
   * written. `cause` says whether pushing again as it is could succeed:
   * `transient` (network, 429, 5xx) may; `credential` (401, 403) and `request`
   * (anything else) would fail the same way until something is changed.
   */
  | { status: "failed"; entry: PlanEntry; error: string; cause: FailureCause }
  /** Not started: an earlier entry conflicted or failed. */
  | { status: "not-attempted"; entry: PlanEntry }
  /** Live only: push leaves it alone. */
  | { status: "live-only"; entry: PlanEntry };

export type FailureCause = "transient" | "credential" | "request";

export interface PushReport {
  outcomes: PushOutcome[];
}

export interface PushProgress {
  done: number;
  total: number;
  entry: PlanEntry;
}

export interface ApplyOptions {
  client: RemoteClient;
  plan: Plan;
  concurrency?: number;
  /** Called after each entry that needed a request. */
  onProgress?: (progress: PushProgress) => void;
}

/** Applies a plan; never throws for a remote failure: the report says what happened to each entry. */
export async function applyPlan(options: ApplyOptions): Promise<PushReport> {
  const { client, plan } = options;
  const pending = plan.entries.filter((entry) => entry.kind === "create" || entry.kind === "update");
  let stop = false;
  let done = 0;
  const results = await mapBounded(
    pending,
    options.concurrency ?? WRITE_CONCURRENCY,
    async (entry) => {
      const outcome = await pushOne(client, entry);
      if (outcome.status === "conflict" || outcome.status === "failed") stop = true;
      done++;
      options.onProgress?.({ done, total: pending.length, entry });
      return outcome;
    },
    () => stop,
  );
  const byEntry = new Map<PlanEntry, PushOutcome>();
  pending.forEach((entry, index) => byEntry.set(entry, results[index] ?? { status: "not-attempted", entry }));
  const outcomes = plan.entries.map((entry): PushOutcome => {
    if (entry.kind === "unchanged") return { status: "unchanged", entry, revision: entry.baseRevision };
    if (entry.kind === "live-only") return { status: "live-only", entry };
    return byEntry.get(entry)!;
  });
  return { outcomes };
}

async function pushOne(client: RemoteClient, entry: PlanEntry): Promise<PushOutcome> {
  try {
    if (entry.resource === "policy" && entry.body) {
      const stored = await client.putScreeningPolicy(entry.environmentId, entry.providerType, entry.scope, entry.body);
      return { status: "pushed", entry, revision: stored.revision };
    }
    if (entry.resource === "addresses" && entry.body) {
      const stored = await client.putAddressEntries(entry.environmentId, entry.providerType, entry.body as unknown as AddressEntries);
      return { status: "pushed", entry, revision: stored.revision };
    }
    return { status: "failed", entry, error: "the plan entry has no body", cause: "request" };
  } catch (error) {
    if (isRevisionConflict(error)) return afterConflict(client, entry, error.currentRevision, error.attempts);
    return { status: "failed", entry, error: error instanceof Error ? error.message : String(error), cause: causeOf(error) };
  }
}

function causeOf(error: unknown): FailureCause {
  if (isRemoteError(error, "auth") || isRemoteError(error, "forbidden")) return "credential";
  if (isRemoteError(error, "network") || isRemoteError(error, "server") || isRemoteError(error, "rateLimited")) return "transient";
  return "request";
}

/**
 * A 409: re-read the live copy. When it already holds exactly the planned body
 * (an earlier attempt of this request was applied but its answer was lost, or
 * an earlier run pushed it), the entry is done: `unchanged`. Otherwise it is a
 * conflict, reported with the diff of what changed live since the plan.
 */
async function afterConflict(client: RemoteClient, entry: PlanEntry, currentRevision: number | undefined, attempts: number): Promise<PushOutcome> {
  try {
    if (entry.resource === "policy" && entry.body) {
      const live = await client.getScreeningPolicy(entry.environmentId, entry.providerType, entry.scope).catch((error: unknown) => {
        if (isRemoteError(error, "notFound")) return null;
        throw error;
      });
      if (live && policyMatchesBody(live, entry.body)) {
        const note = attempts > 1 ? "applied by an earlier attempt whose answer was lost" : "the live policy already holds the planned content";
        return { status: "unchanged", entry, revision: live.revision, note };
      }
      const liveDiff = unifiedDiff(
        entry.path,
        renderPolicyContent(entry.providerType, entry.scope, entry.base),
        renderPolicyContent(entry.providerType, entry.scope, live),
        entry.kind === "create" ? "not live when planned" : `live revision ${entry.baseRevision} (planned against)`,
        live ? `live revision ${live.revision} (now)` : "not live now",
      );
      return { status: "conflict", entry, currentRevision: live?.revision ?? currentRevision, liveDiff };
    }
    if (entry.resource === "addresses" && entry.body) {
      const live = await client.getAddressEntries(entry.environmentId, entry.providerType);
      if (entriesMatchBody(live.entries, entry.body)) {
        const note = attempts > 1 ? "applied by an earlier attempt whose answer was lost" : "the live entries already hold the planned content";
        return { status: "unchanged", entry, revision: live.revision, note };
      }
      const liveDiff = unifiedDiff(
        entry.path,
        renderEntriesContent(entry.providerType, entry.base?.entries ?? null),
        renderEntriesContent(entry.providerType, live.entries),
        entry.kind === "create" ? "not live when planned" : `live revision ${entry.baseRevision} (planned against)`,
        `live revision ${live.revision} (now)`,
      );
      return { status: "conflict", entry, currentRevision: live.revision, liveDiff };
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { status: "conflict", entry, currentRevision, liveDiff: "", note: `the live copy could not be read to show what changed: ${reason}` };
  }
  return { status: "conflict", entry, currentRevision, liveDiff: "" };
}

export interface WeakeningGuardOptions {
  config: Config;
  /** The clock address entries' `expiresAt` is read at, for verdicts the plan does not record. */
  now: Date;
  /** Time limit per policy pair, for verdicts the plan does not record. */
  timeoutMs?: number;
}

/**
 * What push's guard refuses without --allow-weakening (semantics.md section 5):
 * every verdict of a `live` environment (by the config's current word, as for
 * the confirmation) that is weaker, mixed, unknown, or has a weakening
 * transition. A verdict the plan records is the one that was reviewed and is
 * kept; the others (a plan made with --no-weakening-check or by an older
 * screenpol, and push without --plan) are computed from the plan alone, and
 * recorded on it so the push output shows them.
 */
export async function refusedWeakenings(plan: Plan, options: WeakeningGuardOptions): Promise<NamedWeakening[]> {
  const kinds = new Map(plan.environments.map((environment) => [environment.name, findEnvironment(options.config, environment.name)?.kind ?? environment.kind]));
  const isLive = (environment: string): boolean => kinds.get(environment) === "live";
  await checkPlanWeakening(plan, { ...options, include: isLive, keepRecorded: true });
  return refusedVerdicts({ entries: plan.entries.filter((entry) => isLive(entry.environment)) });
}

/** Totals of a report. */
export function countOutcomes(report: PushReport): Record<PushOutcome["status"], number> {
  const counts: Record<PushOutcome["status"], number> = { pushed: 0, unchanged: 0, conflict: 0, failed: 0, "not-attempted": 0, "live-only": 0 };
  for (const outcome of report.outcomes) counts[outcome.status]++;
  return counts;
}

/** Keeps the entries of the named environments; every name must be in the plan. */
export function selectPlanEntries(plan: Plan, names: readonly string[]): Plan {
  if (names.length === 0) return plan;
  const planned = new Set(plan.environments.map((environment) => environment.name));
  const missing = names.filter((name) => !planned.has(name));
  if (missing.length > 0) {
    throw new UsageError(`the plan does not cover environment ${missing.map((name) => `"${name}"`).join(", ")} (it covers ${[...planned].join(", ")})`);
  }
  return {
    ...plan,
    environments: plan.environments.filter((environment) => names.includes(environment.name)),
    entries: plan.entries.filter((entry) => names.includes(entry.environment)),
  };
}

/**
 * Checks, before anything is sent, that a reviewed plan still describes the
 * repository: its environments have the same ids in the config (else exit 2),
 * and every policy and address-entries file it read has the same bytes, none
 * was added and none removed (else {@link StalePlanError}, exit 3). The bodies
 * were already checked against their hashes when the plan was read. Returns
 * the files as read: the ones the plan was made from.
 */
export async function verifyPlan(plan: Plan, workspace: Workspace): Promise<LocalState> {
  const environments = plan.environments.map((planned) => {
    const configured = findEnvironment(workspace.config, planned.name);
    if (!configured) throw new ConfigError(`the plan is for environment "${planned.name}", which screenpol.config.yaml no longer declares`);
    if (configured.id !== planned.id) {
      throw new ConfigError(`the plan is for environment "${planned.name}" with id ${planned.id}; screenpol.config.yaml now says ${configured.id}`);
    }
    return configured;
  });
  const local = await readLocalState(workspace, workspace.root, plan.paths, environments);
  // A plan narrowed to some of its environments (`push --plan --env`) answers only for their files.
  const planned = new Set(plan.environments.map((environment) => environment.name));
  const ofPlanned = (path: string) => {
    const { environment } = classifyPath(path, workspace.config);
    return environment === undefined || planned.has(environment);
  };
  const recorded = new Map(Object.entries(plan.files).filter(([path]) => ofPlanned(path)));
  const current = new Map(Object.entries(local.files));
  const changed = [...recorded].filter(([path, hash]) => current.has(path) && current.get(path) !== hash).map(([path]) => path);
  const removed = [...recorded.keys()].filter((path) => !current.has(path));
  const added = [...current.keys()].filter((path) => !recorded.has(path));
  if (changed.length + removed.length + added.length === 0) return local;
  const list = (label: string, paths: string[]): string => (paths.length === 0 ? "" : `${label}: ${paths.slice(0, 10).join(", ")}${paths.length > 10 ? ` and ${paths.length - 10} more` : ""}`);
  const what = [list("changed since the plan", changed), list("new since the plan", added), list("deleted since the plan", removed)].filter((part) => part !== "");
  throw new StalePlanError(`the plan is stale: ${what.join("; ")}. Nothing was pushed; run \`screenpol plan\` again and review it`);
}
