/**
 * unreachable-rule (policy-language.md section 5.3, a warning): the first rule
 * whose `when` matches decides, so a rule that can never be the first match never
 * runs and the policy does less than its reviewers think. Three causes:
 *
 * - every rule after the first rule that matches every screening
 *   (matchesEveryScreening: `{}`, or an `anyOf` with an empty alternative and
 *   nothing beside it), whatever its action: after such an ALLOW, which
 *   terminal-allow reports, the rules are just as dead. A whole-range score
 *   condition (`riskScore {gte: 0}`, `riskLevel {atLeast: low}`) is not enough:
 *   a screening the vendor returned no score for passes it and reaches the rules
 *   below (semantics.md section 2), and this check only claims what decide() does;
 * - a rule whose `when` can never hold (an empty score range such as
 *   `riskScore {gte: 7, lte: 3}`, two cluster categories at once, every `anyOf`
 *   alternative so), which the schema lets through as it checks members one by one;
 * - a rule whose `when` is the same (deep-equal, map key order ignored, list order
 *   kept) as an earlier rule's: the earlier one always decides first.
 *
 * A rule that an earlier rule with a weaker action shadows is shadowed-rule's
 * error, not also this warning (its matches are downgraded, not merely dead).
 *
 * Reported at the unreachable rule's `id` value (at the rule when it has no id),
 * once per rule, in the order of the causes above. Rules with no `when` or a null
 * one are broken (the schema says so); nothing is guessed about what they would
 * match, nor about a `when` not in the schema's shape.
 */
import { isRecord } from "../config.js";
import { formatPath } from "../diagnostic.js";
import { MAX_DEPTH } from "../document.js";
import { contradiction, readWhen } from "../rule-cover.js";
import type { Vendor } from "../vendors.js";
import type { FileCheck, Finding } from "./check.js";
import { matchesEveryScreening } from "./catch-all.js";
import { ownMember, postScreenOf } from "./policy-parts.js";
import { findShadowing } from "./shadowed-rule.js";

export const check: FileCheck = {
  code: "unreachable-rule",
  appliesTo: ["policy"],
  run(file) {
    const rules = postScreenOf(file.data);
    if (!rules) return [];
    const findings: Finding[] = [];
    let catchAll: number | undefined;
    // Earlier whens by a shallow fingerprint, so a long list costs one look-up per rule, not a comparison with every earlier one.
    const earlierWhens = new Map<string, Array<{ index: number; when: Record<string, unknown> }>>();
    rules.forEach((rule, index) => {
      const when = ownMember(rule, "when");
      const shadowed = findShadowing(rules, index, file.vendor) !== undefined;
      if (catchAll !== undefined) {
        if (shadowed) return;
        findings.push(unreachable(rules, index, `${describeRule(rules, catchAll)} matches every address before this rule is reached`));
        return;
      }
      if (!isRecord(when)) return;
      const impossible = shadowed ? undefined : whyNeverHolds(when, file.vendor);
      if (impossible !== undefined) findings.push(unreachable(rules, index, `no screening matches its when: ${impossible}`));
      const print = fingerprint(when);
      const candidates = earlierWhens.get(print) ?? [];
      const same = candidates.find((earlier) => deepEqual(earlier.when, when));
      if (same) {
        if (!shadowed && impossible === undefined) findings.push(unreachable(rules, index, `${describeRule(rules, same.index)} has the same conditions and always decides first`));
      } else {
        candidates.push({ index, when });
        earlierWhens.set(print, candidates);
      }
      if (matchesEveryScreening(when)) catchAll = index;
    });
    return findings;
  },
};

/** Why no screening can match `when`, or undefined when one can or the `when` is not in the schema's shape. */
function whyNeverHolds(when: Record<string, unknown>, vendor: Vendor | undefined): string | undefined {
  const cover = vendor && readWhen(when, vendor);
  if (!cover) return undefined;
  const reasons: string[] = [];
  for (const set of cover) {
    const reason = contradiction(set);
    if (reason === undefined) return undefined;
    reasons.push(reason);
  }
  const distinct = [...new Set(reasons)];
  // The conditions beside anyOf contradict in every alternative alike: one reason then, not one per alternative.
  if (distinct.length === 1) return distinct[0];
  return `no anyOf alternative can hold (${reasons.map((reason, index) => `alternative ${index + 1}: ${reason}`).join("; ")})`;
}

function unreachable(rules: readonly unknown[], index: number, reason: string): Finding {
  const rule = rules[index];
  const hasId = isRecord(rule) && Object.hasOwn(rule, "id");
  return {
    code: "unreachable-rule",
    path: hasId ? ["rules", "postScreen", index, "id"] : ["rules", "postScreen", index],
    message: `unreachable: ${reason}`,
    target: hasId ? "value" : "key",
  };
}

/** `rules.postScreen[3] (id "catch-all")`, without the id when there is no string id. */
function describeRule(rules: readonly unknown[], index: number): string {
  const id = ownMember(rules[index], "id");
  const path = formatPath(["rules", "postScreen", index]);
  return typeof id === "string" ? `${path} (id ${JSON.stringify(id)})` : path;
}

/**
 * Equal whens (deepEqual) have equal fingerprints: two levels of sorted keys and
 * scalar values; nothing deeper, so it is cheap and bounded whatever the data
 * (cyclic through anchors included), and two different conditions rarely share one.
 */
function fingerprint(when: Record<string, unknown>): string {
  return shallowPrint(when, (member) => shallowPrint(member, scalarPrint));
}

function shallowPrint(value: unknown, member: (value: unknown) => string): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (!isRecord(value)) return scalarPrint(value);
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${member(value[key])}`)
    .join(",")}}`;
}

function scalarPrint(value: unknown): string {
  return typeof value === "object" && value !== null ? (Array.isArray(value) ? "[]" : "{}") : String(JSON.stringify(value));
}

/**
 * Structural equality of plain data, iterative and bounded: YAML anchors can make
 * the data cyclic or deep, and a pair already being compared is assumed equal
 * (the usual coinductive rule, so two cyclic structures of the same shape compare equal).
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown, number]> = [[a, b, 0]];
  const assumed = new Map<object, Set<object>>();
  while (stack.length > 0) {
    const [left, right, depth] = stack.pop()!;
    if (Object.is(left, right)) continue;
    if (typeof left !== "object" || typeof right !== "object" || left === null || right === null) return false;
    if (Array.isArray(left) !== Array.isArray(right)) return false;
    if (depth > MAX_DEPTH) return false;
    const pairs = assumed.get(left) ?? new Set<object>();
    if (pairs.has(right)) continue;
    pairs.add(right);
    assumed.set(left, pairs);
    if (Array.isArray(left) && Array.isArray(right)) {
      if (left.length !== right.length) return false;
      left.forEach((item, index) => stack.push([item, right[index], depth + 1]));
      continue;
    }
    const leftRecord = left as Record<string, unknown>;
    const rightRecord = right as Record<string, unknown>;
    const keys = Object.keys(leftRecord);
    if (keys.length !== Object.keys(rightRecord).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(rightRecord, key)) return false;
      stack.push([leftRecord[key], rightRecord[key], depth + 1]);
    }
  }
  return true;
}
