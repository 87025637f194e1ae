/**
 * The approval of a weakening (docs/review-workflow.md, "Approving a
 * weakening"): what a reviewer saw, recorded in plan.json by `plan
 * --allow-weakening`, so that `push --plan` can recompute the weakening
 * against live at push time and push only that one.
 *
 * What is approved is the weakening, not the files: per policy, its identity
 * (environment, vendor, scope) and its verdict of the weakening check as a
 * whole, minus what may differ between two runs of the check over the same two
 * versions. Every other member of the comparison is kept as it comes, so a
 * member the check gains later (a transition's causes, its regions) is part
 * of what is approved without a change here. Left out: the example screenings
 * (one of many; a run may pick another), places in files (a line moves with a
 * comment), the words of an `unknown`'s reason (they say where the time ran
 * out), the report of unreached rules (not a weakening), and the counts of
 * recorded screenings (`plan --traffic`: a file's, not the versions'; push
 * recomputes without them). Transitions are a set: their order is not
 * approved.
 */
import { canonicalJson, sha256Hex } from "../canonical.js";
import type { Scope, Vendor } from "../vendors.js";
import type { ApprovedPolicy, WeakeningApproval } from "./model.js";
import type { NamedWeakening } from "./weakening.js";

/** Members that may differ between two runs of the check over the same versions (see the module comment). */
const NOT_APPROVED = new Set(["example", "examples", "at", "place", "places", "reason", "unreachable", "unreachableReason", "recorded", "traffic"]);

/** The comparison minus {@link NOT_APPROVED}, at any depth; transitions sorted by their canonical JSON. */
export function approvedContent(weakening: object): Record<string, unknown> {
  const content = withoutRunDetails(weakening) as Record<string, unknown>;
  if (Array.isArray(content.transitions)) {
    content.transitions = content.transitions
      .map((transition) => ({ transition, key: canonicalJson(transition) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ transition }) => transition);
  }
  return content;
}

function withoutRunDetails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutRunDetails);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    if (!NOT_APPROVED.has(key) && member !== undefined) out[key] = withoutRunDetails(member);
  }
  return out;
}

/** One policy's approval, from its verdict. */
export function approvedPolicy(weakening: NamedWeakening): ApprovedPolicy {
  const { environment, providerType, scope, ...comparison } = weakening;
  const content = approvedContent(comparison);
  return { environment, providerType, scope, weakening: content, fingerprint: sha256Hex(canonicalJson({ environment, providerType, scope, weakening: content })) };
}

/** The approval of these verdicts (push's guard's refusals: weakening.ts, refusedVerdicts). */
export function weakeningApproval(weakenings: readonly NamedWeakening[]): WeakeningApproval {
  const policies = weakenings.map(approvedPolicy);
  return { fingerprint: sha256Hex(canonicalJson(policies.map((policy) => policy.fingerprint).sort())), policies };
}

/** How one policy's weakening now differs from its approval. */
export interface ApprovalDifference {
  environment: string;
  providerType: Vendor;
  scope: Scope;
  /** The verdict approved; undefined: this policy's weakening was not approved at all. */
  approvedVerdict: unknown;
  /** The verdict now; undefined: the policy is no longer refused (no weakening now). */
  verdictNow: unknown;
  /** Transitions (as approved: from, to and any later member) there now and not approved. */
  appeared: Array<Record<string, unknown>>;
  /** Transitions approved and not there now. */
  disappeared: Array<Record<string, unknown>>;
}

const identityOf = (policy: Pick<ApprovedPolicy, "environment" | "providerType" | "scope">): string => `${policy.environment}\u0000${policy.providerType}\u0000${policy.scope}`;

/**
 * Every policy whose weakening now is not the approved one, in the order of
 * `now` then of `approved`; empty: the weakening is exactly the approved one.
 */
export function approvalDifferences(approved: readonly ApprovedPolicy[], now: readonly ApprovedPolicy[]): ApprovalDifference[] {
  const approvedBy = new Map(approved.map((policy) => [identityOf(policy), policy]));
  const nowBy = new Map(now.map((policy) => [identityOf(policy), policy]));
  const differences: ApprovalDifference[] = [];
  const differ = (before: ApprovedPolicy | undefined, after: ApprovedPolicy | undefined): void => {
    if (before && after && before.fingerprint === after.fingerprint) return;
    const { environment, providerType, scope } = (after ?? before)!;
    const beforeTransitions = transitionsOf(before);
    const afterTransitions = transitionsOf(after);
    differences.push({
      environment,
      providerType,
      scope,
      approvedVerdict: before?.weakening.verdict,
      verdictNow: after?.weakening.verdict,
      appeared: [...afterTransitions].filter(([key]) => !beforeTransitions.has(key)).map(([, transition]) => transition),
      disappeared: [...beforeTransitions].filter(([key]) => !afterTransitions.has(key)).map(([, transition]) => transition),
    });
  };
  for (const policy of now) differ(approvedBy.get(identityOf(policy)), policy);
  for (const policy of approved) if (!nowBy.has(identityOf(policy))) differ(policy, undefined);
  return differences;
}

function transitionsOf(policy: ApprovedPolicy | undefined): Map<string, Record<string, unknown>> {
  const transitions = Array.isArray(policy?.weakening.transitions) ? (policy.weakening.transitions as Array<Record<string, unknown>>) : [];
  return new Map(transitions.map((transition) => [canonicalJson(transition), transition]));
}
