/**
 * shadowed-rule (an error): a BLOCK or ALERT rule that never decides because an
 * earlier rule with a weaker action (ALLOW < ALERT < BLOCK) matches every
 * screening it matches, so what its author meant to block is only alerted, or
 * allowed. An ALERT on `riskLevel atLeast low` above a BLOCK on `atLeast
 * severe` silently downgrades every severe address. policy-language.md section 4
 * (the first matching rule decides) and 5.3.
 *
 * Reported only when certain, on two grounds (core/rule-cover.ts):
 * - the first earlier rule that covers this one (syntactically: every screening
 *   matching this rule's `when` matches its `when`) has a weaker action, so this
 *   rule never decides;
 * - an example screening that this rule matches is decided, by the rules above
 *   it, with a weaker action: without it, earlier rules at least as strict could
 *   take every match and nothing would be downgraded. An earlier rule that is not
 *   in the schema's shape makes the example uncertain, and nothing is reported.
 *
 * When the first covering rule is as strict or stricter, nothing is downgraded:
 * that is unreachable-rule's business (a warning), which leaves the rules
 * reported here to this check. Reported at the rule's `id` value.
 */
import { formatPath } from "../diagnostic.js";
import { covers, examples, matches, readWhen, type Cover } from "../rule-cover.js";
import type { Vendor } from "../vendors.js";
import type { FileCheck, Finding } from "./check.js";
import { ownMember, postScreenOf } from "./policy-parts.js";

/** How much an action stops: ALLOW < ALERT < BLOCK. */
const STRICTNESS: Readonly<Record<string, number>> = { ALLOW: 0, ALERT: 1, BLOCK: 2 };

export interface Shadowing {
  /** The first earlier rule that covers the shadowed one, with a weaker action. */
  earlier: number;
  /** The weaker action an example screening of the shadowed rule gets instead. */
  decidedAs: string;
}

export const check: FileCheck = {
  code: "shadowed-rule",
  appliesTo: ["policy"],
  run(file) {
    const rules = postScreenOf(file.data);
    if (!rules || !file.vendor) return [];
    const findings: Finding[] = [];
    for (let index = 0; index < rules.length; index++) {
      const shadowing = findShadowing(rules, index, file.vendor);
      if (shadowing) findings.push(shadowedFinding(rules, index, shadowing));
    }
    return findings;
  },
};

/** Whether rule `index` is shadowed by an earlier, less strict rule; see the file comment. */
export function findShadowing(rules: readonly unknown[], index: number, vendor: Vendor | undefined): Shadowing | undefined {
  return vendor ? shadowingsOf(rules, vendor)[index] : undefined;
}

/**
 * Every rule's shadowing, computed once per rule list and vendor: this check and
 * unreachable-rule both ask for each rule, and reading every earlier `when` again
 * for each rule made a 5,000-rule file take seconds (docs/decisions.md, Lint hardening).
 */
const computed = new WeakMap<readonly unknown[], { vendor: Vendor; shadowings: Array<Shadowing | undefined> }>();

function shadowingsOf(rules: readonly unknown[], vendor: Vendor): Array<Shadowing | undefined> {
  const cached = computed.get(rules);
  if (cached?.vendor === vendor) return cached.shadowings;
  const whens = rules.map((rule) => readWhen(ownMember(rule, "when"), vendor));
  const shadowings = rules.map((_, index) => shadowingAt(rules, whens, index, vendor));
  computed.set(rules, { vendor, shadowings });
  return shadowings;
}

function shadowingAt(rules: readonly unknown[], whens: ReadonlyArray<Cover | undefined>, index: number, vendor: Vendor): Shadowing | undefined {
  const strictness = strictnessOf(rules[index]);
  if (!(strictness > 0)) return undefined;
  const cover = whens[index];
  if (!cover) return undefined;
  let earlier = -1;
  for (let candidate = 0; candidate < index; candidate++) {
    const when = whens[candidate];
    if (when !== undefined && covers(when, cover)) {
      earlier = candidate;
      break;
    }
  }
  if (earlier === -1 || !(strictnessOf(rules[earlier]) < strictness)) return undefined;
  const weakerDeciders: number[] = [];
  for (const screening of examples(cover, vendor)) {
    let decider = -1;
    for (let candidate = 0; candidate < index; candidate++) {
      const when = whens[candidate];
      if (when === undefined || matches(when, screening)) {
        decider = candidate;
        break;
      }
    }
    // An unreadable rule above the decider might have matched the example: no certainty from it.
    if (decider === -1 || whens[decider] === undefined) continue;
    if (strictnessOf(rules[decider]) < strictness) weakerDeciders.push(decider);
  }
  // The covering rule's own action when an example reaches it, as the message tells that story first.
  const decider = weakerDeciders.includes(earlier) ? earlier : weakerDeciders[0];
  return decider === undefined ? undefined : { earlier, decidedAs: String(ownMember(rules[decider], "action")) };
}

function strictnessOf(rule: unknown): number {
  const action = ownMember(rule, "action");
  return (typeof action === "string" ? STRICTNESS[action] : undefined) ?? Number.NaN;
}

function shadowedFinding(rules: readonly unknown[], index: number, { earlier, decidedAs }: Shadowing): Finding {
  const action = String(ownMember(rules[index], "action"));
  const earlierAction = String(ownMember(rules[earlier], "action"));
  const id = ownMember(rules[earlier], "id");
  const earlierName = `${formatPath(["rules", "postScreen", earlier])}${typeof id === "string" ? ` (id ${JSON.stringify(id)})` : ""}`;
  const hasId = typeof ownMember(rules[index], "id") === "string";
  return {
    code: "shadowed-rule",
    path: hasId ? ["rules", "postScreen", index, "id"] : ["rules", "postScreen", index],
    message:
      `${earlierAction} rule ${earlierName} comes first and matches every screening this ${action} rule matches, ` +
      `so this rule never decides and addresses it should ${action} get ${decidedAs}; move this rule above it, or narrow the earlier rule`,
    target: hasId ? "value" : "key",
  };
}
