/**
 * What `screenpol compare` prints (semantics.md section 5): JSON with the
 * spec's members, or for a reviewer, every weakening first, one line per
 * transition with its example in words.
 */
import { describeTransition } from "../semantics/weakening/describe.js";
import type { SubjectComparison, Verdict } from "../semantics/weakening/model.js";
import { isWeakening } from "../semantics/weakening/verdict.js";
import type { Scope, Vendor } from "../vendors.js";

export const COMPARE_FORMAT_NAMES = ["pretty", "json"] as const;

export interface ComparedPolicyView extends SubjectComparison {
  environment: string;
  providerType: Vendor;
  scope: Scope;
}

/** Verdicts `--deny-weakening` refuses: a weakening, or no proof that there is none. */
const DENIED: ReadonlySet<Verdict> = new Set(["weaker", "mixed", "unknown"]);

/**
 * Does `--deny-weakening` refuse this policy? weaker, mixed and unknown do;
 * so does a removed (or added) policy any of whose transitions is a weakening.
 */
export function isDeniedWeakening(policy: SubjectComparison): boolean {
  return DENIED.has(policy.verdict) || policy.transitions.some(isWeakening);
}

/** `{"version":1,"policies":[...]}`, two-space indented, trailing newline. */
export function formatCompareJson(policies: readonly ComparedPolicyView[]): string {
  const view = policies.map((policy) => ({
    environment: policy.environment,
    providerType: policy.providerType,
    scope: policy.scope,
    verdict: policy.verdict,
    transitions: policy.transitions.map(({ from, to, example }) => ({ from, to, example })),
    ...(policy.reason === undefined ? {} : { reason: policy.reason }),
  }));
  return `${JSON.stringify({ version: 1, policies: view }, null, 2)}\n`;
}

export interface CompareHeading {
  base: string;
  head: string;
}

const targetOf = (policy: ComparedPolicyView) => `${policy.environment}/${policy.providerType}/${policy.scope}`;

export function formatComparePretty(policies: readonly ComparedPolicyView[], heading: CompareHeading): string {
  const lines = [`Compare: base ${heading.base}, head ${heading.head}`];
  if (policies.length === 0) return `${[...lines, "No policy or address entries changed."].join("\n")}\n`;
  const weakenings = policies.flatMap((policy) => policy.transitions.filter(isWeakening).map((transition) => `  ${targetOf(policy)}: ${describeTransition(transition)}`));
  if (weakenings.length > 0) lines.push("", "Weakenings (a screening decided less strictly by head than by base):", ...weakenings);
  const others = policies.filter((policy) => policy.verdict !== "weaker" && policy.verdict !== "mixed");
  if (others.length > 0) {
    lines.push("", "Other changed policies:");
    for (const policy of others) lines.push(`  ${targetOf(policy)}: ${policy.verdict}${policy.reason === undefined ? "" : ` (${policy.reason})`}`);
  }
  const counts = new Map<Verdict, number>();
  for (const policy of policies) counts.set(policy.verdict, (counts.get(policy.verdict) ?? 0) + 1);
  const order: Verdict[] = ["weaker", "mixed", "unknown", "removed", "added", "stricter", "equivalent"];
  const summary = order.filter((verdict) => counts.has(verdict)).map((verdict) => `${counts.get(verdict)} ${verdict}`);
  lines.push("", `${policies.length} ${policies.length === 1 ? "policy" : "policies"} compared: ${summary.join(", ")}`);
  return `${lines.join("\n")}\n`;
}
