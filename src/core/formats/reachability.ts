/**
 * Reachability of one policy's rules (docs/semantics.md,
 * "Reachability of rules") for a reviewer: a line per rule no screening
 * reaches, and a JSON view. Pure; not yet part of `compare` or `plan` output
 * (they will place these lines under a policy's heading).
 *
 * Rules below a catch-all rule (`afterCatchAll`) are left out of the lines
 * unless asked for: lint's unreachable-rule already reports them, and the
 * issue asks for what lint does not find. The JSON view keeps every answer.
 */
import { STRICTNESS } from "../semantics/decision.js";
import type { RuleReachability, RuleRef, SubjectReachability, Taker } from "../semantics/weakening/model.js";

export interface ReachabilityLineOptions {
  /** Where a rule is written, e.g. `policies/sandbox/vendor-a.transaction.yaml:12:5`; none: the rule's position in postScreen. */
  locate?: (rule: RuleRef) => string | undefined;
  /** Also the rules below a catch-all rule (lint's unreachable-rule finds those). */
  includeCatchAll?: boolean;
}

/**
 * `rule alert-mixers (policies/...yaml:12:5) is never reached: every screening
 * it matches is decided earlier by allow-partners (ALLOW, less strict)`; for a
 * disabled policy one line for all its rules; for an answer cut short by the
 * time limit, which rules are not decided and why. Reachable rules say nothing.
 */
export function reachabilityLines(result: SubjectReachability, options: ReachabilityLineOptions = {}): string[] {
  const where = (rule: RuleRef) => options.locate?.(rule) ?? `rules.postScreen[${rule.index}]`;
  const lines: string[] = [];
  const unreachable = result.rules.filter((rule): rule is Extract<RuleReachability, { status: "unreachable" }> => rule.status === "unreachable");
  if (unreachable.some((rule) => rule.takers.some((taker) => taker.by === "policy-disabled"))) {
    // Disabled (or absent): no rule is reached, and that is the policy's doing, not any rule's.
    lines.push(`the policy is disabled (enabled: false): none of its ${result.rules.length} rules is reached; every screening is allowed (policy-disabled)`);
  } else {
    for (const rule of unreachable) {
      if (rule.afterCatchAll !== undefined && options.includeCatchAll !== true) continue;
      lines.push(`rule ${rule.id} (${where(rule)}) is never reached: ${whyUnreached(rule)}`);
    }
  }
  const unknown = result.rules.filter((rule) => rule.status === "unknown");
  if (unknown.length > 0) lines.push(`reachability of ${unknown.map((rule) => `rule ${rule.id}`).join(", ")} not decided: ${result.reason ?? "no reason given"}`);
  return lines;
}

function whyUnreached(rule: Extract<RuleReachability, { status: "unreachable" }>): string {
  if (rule.takers.length === 0) return "no screening matches its conditions";
  const takers = rule.takers.map((taker) => takerText(rule, taker));
  const listed = takers.length === 1 ? takers[0] : `${takers.slice(0, -1).join(", ")} and ${takers[takers.length - 1]}`;
  const below = rule.afterCatchAll === undefined ? "" : ` (below ${rule.afterCatchAll}, which matches every screening)`;
  return `every screening it matches is decided earlier by ${listed}${below}`;
}

/** `allow-partners (ALLOW, less strict)`: the less strict takers are the ones that downgrade what the rule meant. */
function takerText(rule: RuleRef, taker: Taker): string {
  return `${taker.by} (${taker.action}${STRICTNESS[taker.action] < STRICTNESS[rule.action] ? ", less strict" : ""})`;
}

/** The JSON view: every answer, examples included, with each rule's location when known. */
export function reachabilityJson(result: SubjectReachability, options: Pick<ReachabilityLineOptions, "locate"> = {}): ReachabilityJson {
  return {
    rules: result.rules.map((rule) => {
      const location = options.locate?.(rule);
      const base = { id: rule.id, index: rule.index, action: rule.action, ...(location === undefined ? {} : { location }), status: rule.status };
      if (rule.status === "reachable") return { ...base, example: rule.example };
      if (rule.status === "unknown") return base;
      return {
        ...base,
        takers: rule.takers.map(({ action, by, example }) => ({ action, by, example })),
        lessStrict: rule.lessStrict,
        afterCatchAll: rule.afterCatchAll ?? null,
      };
    }),
    ...(result.reason === undefined ? {} : { reason: result.reason }),
  };
}

export interface ReachabilityJson {
  rules: Array<
    RuleRef & {
      location?: string;
      status: RuleReachability["status"];
      example?: Taker["example"];
      takers?: Array<Pick<Taker, "action" | "by" | "example">>;
      lessStrict?: boolean;
      afterCatchAll?: string | null;
    }
  >;
  reason?: string;
}
