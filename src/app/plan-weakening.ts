/**
 * The weakening check of a plan (semantics.md section 5; docs/decisions.md,
 * "Issue 13: the weakening check in plan and push"): for each (environment,
 * vendor, scope) the plan writes, the live version against the planned one,
 * over every possible screening.
 *
 * Both versions come from the plan itself (core/plan/weakening.ts): the live
 * policy and address entries plan already read, and the planned bodies. No
 * request is made and no file is read, so `push --plan` can check a saved
 * plan that does not record the verdicts. Each version is rendered into its
 * canonical file and goes through the same lint and subject loading as every
 * decision command (decision-subjects.ts): one reading of the rules.
 *
 * The live version is compared whenever it decides, whatever this screenpol's
 * lint says of it (a catch-all ALLOW written before the check existed): it is
 * what the service decides with now (docs/semantics.md, "What decides"). The
 * planned version must pass lint, since plan writes nothing that fails it,
 * unless `plannedAsWritten` (plan showing the check of files with lint errors,
 * which it then does not write).
 */
import type { Config } from "../core/config.js";
import type { SourceFile } from "../core/lint.js";
import type { DecisionSubject } from "../core/semantics/subject.js";
import { recordedWeakening, recordWeakening, renderEntriesContent, renderPolicyContent, weakeningTargets, type Plan, type PlanSide, type PlanWeakening, type WeakeningTarget } from "../core/plan/index.js";
import { undecidedReason } from "../core/formats/version-findings.js";
import { addressesFileOf, loadSubjects, loadVersions, policyFileOf, subjectKey, type SubjectTarget } from "./decision-subjects.js";
import { reachabilityOf } from "./reachability.js";
import { countTraffic, trafficPolicy, type TrafficCandidate } from "./traffic.js";
import type { ReplayInput } from "../workspace/replay-input.js";
import { withSolver } from "./solver.js";
import { compareSubjects } from "./weakening.js";

export interface PlanWeakeningOptions {
  config: Config;
  /** The clock address entries' `expiresAt` is read at, the same for both versions. */
  now: Date;
  /** Time limit per (environment, vendor, scope); default weakening.ts's. */
  timeoutMs?: number;
  /** The environments to check (by name); default all. */
  include?: (environment: string) => boolean;
  /** Leave a verdict the plan already records as it is (a reviewed plan.json). */
  keepRecorded?: boolean;
  /** Compare a planned version that decides though it fails lint (`plan` showing the check of files it refuses to write). */
  plannedAsWritten?: boolean;
  /** Recorded screenings to count per cause (`plan --traffic`; app/traffic.ts), opened by the caller. */
  traffic?: ReplayInput;
}

/**
 * Records the verdict of every target on the plan (in place) and returns the
 * plan. z3 is loaded only when there is something to compare, and closed
 * before this returns, so the process can exit.
 */
export async function checkPlanWeakening(plan: Plan, options: PlanWeakeningOptions): Promise<Plan> {
  const targets = weakeningTargets(plan, options.include).filter((target) => !(options.keepRecorded && recordedWeakening(target)));
  if (targets.length === 0) return plan;
  const candidates = new Map<WeakeningTarget, TrafficCandidate<PlanWeakening>>();
  await withSolver(async () => {
    for (const target of targets) {
      const compared = await compareTarget(target, options);
      recordWeakening(target, compared.weakening);
      if (compared.subjects !== undefined) candidates.set(target, { target: identityOf(target), ...compared.subjects, comparison: compared.weakening });
    }
  });
  const counted = options.traffic === undefined ? undefined : trafficPolicy([...candidates.values()], "give --env and the path of one policy file");
  const target = [...candidates].find(([, candidate]) => candidate === counted)?.[0];
  if (target !== undefined) recordWeakening(target, await countTraffic(options.traffic!, counted!, options.now));
  return plan;
}

const identityOf = (target: WeakeningTarget): SubjectTarget => ({ environment: target.environment, providerType: target.providerType, scope: target.scope });

/** The verdict, and the two versions it compared when both decide (what recorded screenings are decided with). */
interface ComparedTarget {
  weakening: PlanWeakening;
  subjects?: { base: DecisionSubject; head: DecisionSubject };
}

async function compareTarget(target: WeakeningTarget, options: PlanWeakeningOptions): Promise<ComparedTarget> {
  const identity = identityOf(target);
  const live = await readSide(options, identity, target.live, "live", true);
  const planned = await readSide(options, identity, target.planned, "planned", options.plannedAsWritten === true);
  // No proof either way: unknown, which --deny-weakening and push's guard refuse.
  if (!live.ok) return { weakening: { verdict: "unknown", transitions: [], reason: live.reason } };
  if (!planned.ok) return { weakening: { verdict: "unknown", transitions: [], reason: planned.reason } };
  const subjects = { base: live.subject, head: planned.subject };
  const check = { now: options.now.getTime(), timeoutMs: options.timeoutMs };
  const comparison = await compareSubjects(live.subject, planned.subject, { ...check, environment: target.environment });
  // Only a policy push writes can gain an unreached rule; reachability depends on its rules alone.
  const written = target.policyEntry !== undefined && (target.policyEntry.kind === "create" || target.policyEntry.kind === "update");
  if (!written || planned.subject.policy === undefined) return { weakening: comparison, subjects };
  const reachability = await reachabilityOf(planned.subject, check);
  const unreachable = reachability.rules.filter((rule) => rule.status !== "reachable");
  if (unreachable.length === 0) return { weakening: comparison, subjects };
  return { weakening: { ...comparison, unreachable, ...(reachability.reason === undefined ? {} : { unreachableReason: reachability.reason }) }, subjects };
}

type SideReading = { ok: true; subject: DecisionSubject } | { ok: false; reason: string };

async function readSide(options: PlanWeakeningOptions, target: SubjectTarget, side: PlanSide, label: string, asWritten: boolean): Promise<SideReading> {
  const files = filesOf(options.config, target, side);
  const read = async (file: string) => files.get(file);
  if (asWritten) {
    const version = (await loadVersions(options.config, [target], read, { now: options.now })).versions.get(subjectKey(target))!;
    // The rendered file's lines are no one's: the reason's place is its document path.
    return version.decides ? { ok: true, subject: version.subject } : { ok: false, reason: undecidedReason(label, version.undecided, "path") };
  }
  const load = await loadSubjects(options.config, [target], read, { now: options.now });
  if (load.kind === "subjects") return { ok: true, subject: load.subjects.get(subjectKey(target))!.subject };
  const first = [...load.lint.diagnostics, ...load.lint.suppressed].find((diagnostic) => diagnostic.severity === "error")!;
  // The code and where, not the message: a message may quote a value.
  return { ok: false, reason: `the ${label} version does not pass lint (${first.code} at ${first.path || "the top"}), so it was not compared` };
}

/** One version as the files a repository would hold: the canonical policy and address entries, when there are any. */
function filesOf(config: Config, target: SubjectTarget, side: PlanSide): Map<string, SourceFile> {
  const files = new Map<string, SourceFile>();
  if (side.policy !== null) {
    const file = policyFileOf(config, target);
    files.set(file, { file, text: renderPolicyContent(target.providerType, target.scope, side.policy) });
  }
  if (side.entries !== null && side.entries.length > 0) {
    const file = addressesFileOf(config, target);
    files.set(file, { file, text: renderEntriesContent(target.providerType, side.entries) });
  }
  return files;
}
