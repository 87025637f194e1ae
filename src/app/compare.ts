/**
 * `screenpol compare --base <ref> [--head <ref>] [paths..]` (semantics.md
 * section 5; docs/decisions.md, "screenpol compare"): every policy and
 * address-entry file that differs between two Git revisions (head: the
 * working tree by default), each changed (environment, vendor, scope)
 * compared over every possible screening by the weakening check. Offline: Git
 * and the solver only.
 */
import { relative, resolve } from "node:path";
import { CONFIG_FILE, findEnvironment } from "../core/config.js";
import { parseYaml } from "../core/document.js";
import { classifyPath } from "../core/layout.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { lintFails, type SourceFile } from "../core/lint.js";
import { undecidedReason, versionFindings, type VersionFinding } from "../core/formats/version-findings.js";
import { locatePolicy, locateRules, locateTransition, type HeadSource, type SourcePlace } from "../core/semantics/weakening/locate.js";
import type { SubjectComparison, SubjectReachability, Transition } from "../core/semantics/weakening/model.js";
import { SCOPES } from "../core/vendors.js";
import { changedFiles, openGitRevision } from "../workspace/git-revision.js";
import { loadVersions, subjectKey, workingTreeReader, type LoadedSubject, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
import { reachabilityOf } from "./reachability.js";
import { countTraffic, openTraffic, trafficPolicy, type TrafficCandidate } from "./traffic.js";
import { withSolver } from "./solver.js";
import { compareSubjects } from "./weakening.js";
import { openValidWorkspace } from "./workspace-config.js";

export interface CompareRequest {
  cwd: string;
  base: string;
  /** A Git revision; undefined: the working tree. */
  head?: string;
  /** Files or folders (relative to `cwd`) the comparison is limited to; empty: the policies folder. */
  paths: readonly string[];
  /** The clock address entries' `expiresAt` is read at, the same for both versions. */
  now: Date;
  timeoutMs?: number;
  /** Recorded screenings to count per cause (`--traffic`; app/traffic.ts): a path relative to `cwd`, or `-`. */
  traffic?: string;
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
}

export type CompareSide = "base" | "head";

/** A transition and where head writes what decides its example. */
export interface LocatedTransition extends Transition {
  at: SourcePlace;
}

export interface ComparedPolicy extends SubjectTarget, SubjectComparison {
  transitions: LocatedTransition[];
  /** Where a finding about the whole policy goes (one not decided in time): line 1 of its head file. */
  at: SourcePlace;
  /** Head's rules that no screening reaches (docs/semantics.md, "Reachability of rules"); absent when head has no policy file. */
  reachability?: SubjectReachability;
  /** `file:line:column` of each head postScreen rule, by index. */
  rulePlaces?: string[];
  /** The lint findings of either version's files, base first; empty when there are none. */
  findings: VersionFinding[];
}

export interface CompareRun {
  /** The repository root (absolute); every file a policy names is relative to it. */
  root: string;
  labels: Record<CompareSide, string>;
  policies: ComparedPolicy[];
  /** The versions whose compared files have lint errors (each compared all the same, or `unknown` when it cannot be decided). */
  withErrors: CompareSide[];
  /** The counted lint findings of head's compared files, for annotations where head writes them (github, sarif). */
  headFindings: Diagnostic[];
}

export async function runCompare(request: CompareRequest): Promise<CompareRun> {
  const workspace = await openValidWorkspace(request.cwd);
  const { config, root } = workspace;
  const traffic = request.traffic === undefined ? undefined : await openTraffic(request.traffic, request.cwd, request.stdin);
  const base = await openGitRevision(root, request.base);
  const head = request.head === undefined ? undefined : await openGitRevision(root, request.head);
  const labels = { base: labelOf(base), head: head === undefined ? "working tree" : labelOf(head) };
  const under = request.paths.length === 0 ? [config.paths.policies] : request.paths.map((path) => relative(root, resolve(request.cwd, path)) || ".");
  const headRead: SourceReader = head?.read ?? workingTreeReader(root);
  const changed: string[] = [];
  for (const file of await changedFiles(root, base.commit, head?.commit, under)) {
    // git reports a file whose stat changed but not its bytes; only content counts.
    if (!sameBytes(await base.read(file), await headRead(file))) changed.push(file);
  }
  const targets = targetsOf(changed, config);
  if (targets.length === 0) return { root, labels, policies: [], withErrors: [], headFindings: [] };

  // Each version is compared whatever lint says of it, as long as it decides (docs/semantics.md, "What decides").
  const before = await loadVersions(config, targets, base.read, { now: request.now });
  const after = await loadVersions(config, targets, headRead, { now: request.now });
  const withErrors = (["base", "head"] as const).filter((side) => lintFails((side === "base" ? before : after).lint));

  const candidates: Array<TrafficCandidate<ComparedPolicy>> = [];
  const policies = await withSolver(async () => {
    const results: ComparedPolicy[] = [];
    for (const target of targets) {
      const from = before.versions.get(subjectKey(target))!;
      const to = after.versions.get(subjectKey(target))!;
      // Neither side has a policy nor entries for this scope: nothing decides anything differently.
      if (!from.policyExists && !to.policyExists && !from.addressesExist && !to.addressesExist) continue;
      const findings = [...versionFindings("base", from.findings), ...versionFindings("head", to.findings)];
      if (!to.decides) {
        results.push({ ...target, ...notCompared(from.decides ? undecidedReason("head", to.undecided, "file") : undecidedReason("base", from.undecided, "file")), at: placeOf(to.undecided), findings });
        continue;
      }
      if (!from.decides) {
        results.push({ ...target, ...notCompared(undecidedReason("base", from.undecided, "file")), at: locatePolicy(headSourceOf(to, after.lint.sources)), findings });
        continue;
      }
      const comparison = await compareSubjects(from.subject, to.subject, { now: request.now.getTime(), timeoutMs: request.timeoutMs, environment: target.environment });
      const head = headSourceOf(to, after.lint.sources);
      const transitions = comparison.transitions.map((transition) => ({ ...transition, at: locateTransition(head, transition, request.now.getTime()) }));
      // Reachability depends on head's rules only (address entries never take every match of a rule).
      const reachability = to.policyExists ? await reachabilityOf(to.subject, { now: request.now.getTime(), timeoutMs: request.timeoutMs }) : undefined;
      results.push({ ...target, ...comparison, transitions, at: locatePolicy(head), ...(reachability === undefined ? {} : { reachability, rulePlaces: locateRules(head) }), findings });
      candidates.push({ target, base: from.subject, head: to.subject, comparison: results.at(-1)! });
    }
    return results;
  });
  const counted = traffic === undefined ? undefined : trafficPolicy(candidates, "give the path of one policy file");
  if (counted !== undefined) policies[policies.indexOf(counted.comparison)] = await countTraffic(traffic!, counted, request.now);
  return { root, labels, policies, withErrors, headFindings: after.lint.diagnostics };
}

/** No proof either way: `unknown`, which --deny-weakening refuses. */
function notCompared(reason: string): { verdict: "unknown"; transitions: LocatedTransition[]; reason: string } {
  return { verdict: "unknown", transitions: [], reason };
}

function placeOf(finding: SourcePlace): SourcePlace {
  const { file, line, column, endLine, endColumn, path } = finding;
  return { file, line, column, endLine, endColumn, path };
}

/** The head's files of one subject, parsed again from the text lint read (a few kilobytes) for positions. */
function headSourceOf(loaded: LoadedSubject, texts: ReadonlyMap<string, string>): HeadSource {
  const parsed = (file: string, exists: boolean) => {
    const text = exists ? texts.get(file) : undefined;
    return { file, document: text === undefined ? undefined : parseYaml(text).document };
  };
  return { subject: loaded.subject, policy: parsed(loaded.policyFile, loaded.policyExists), addresses: parsed(loaded.addressesFile, loaded.addressesExist), configFile: CONFIG_FILE };
}

function labelOf(revision: { ref: string; commit: string }): string {
  return `${revision.ref} (${revision.commit.slice(0, 7)})`;
}

function sameBytes(a: SourceFile | undefined, b: SourceFile | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const left = a.bytes ?? (a.text === undefined ? undefined : new TextEncoder().encode(a.text));
  const right = b.bytes ?? (b.text === undefined ? undefined : new TextEncoder().encode(b.text));
  if (left === undefined || right === undefined) return false;
  return Buffer.from(left).equals(Buffer.from(right));
}

/**
 * The (environment, vendor, scope) of each changed policy file, and both
 * scopes of a changed addresses.yaml, in a stable order. A file outside the
 * layout or of an environment the config does not declare decides nothing
 * here (`lint` reports it).
 */
function targetsOf(files: readonly string[], config: Parameters<typeof classifyPath>[1]): SubjectTarget[] {
  const keys = new Map<string, SubjectTarget>();
  for (const file of files) {
    const role = classifyPath(file, config);
    if (role.layoutProblem !== undefined || role.environment === undefined || role.providerType === undefined) continue;
    if (!findEnvironment(config, role.environment)) continue;
    const scopes = role.kind === "addresses" ? SCOPES : role.kind === "policy" && role.scope !== undefined ? [role.scope] : [];
    for (const scope of scopes) {
      const target = { environment: role.environment, providerType: role.providerType, scope };
      keys.set(subjectKey(target), target);
    }
  }
  return [...keys.values()].sort((a, b) => subjectKey(a).localeCompare(subjectKey(b)));
}
