/**
 * The structural edits between two versions of one subject, and the head
 * with any set of them taken back (docs/semantics.md, "Causes and regions of
 * a weakening"): the candidates a transition is attributed to. Only what a
 * decision reads is an edit (decisive-content.ts): a rule's `when` or action
 * (by id), its place among the rules both versions have, a rule added or
 * removed; each preScreen field `decide` reads; each address (chain, address)
 * whose entries for this scope differ; `enabled`; the policy file itself.
 * Taking back every edit gives a subject that decides as base on every
 * screening (held by a test).
 */
import { canonicalJson } from "../../canonical.js";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, PreScreenDocument, RuleDocument } from "../subject.js";
import { addressKey, tokenKey } from "../subject.js";

export type PreScreenField = "chains" | "minAmountUsd" | "tokens";

export type Edit =
  | { kind: "policy-added" }
  | { kind: "policy-removed" }
  | { kind: "enabled"; from: boolean; to: boolean }
  | { kind: "pre-screen"; field: PreScreenField; from?: unknown; to?: unknown }
  | { kind: "rule-modified"; id: string; from: RuleDocument; to: RuleDocument }
  | { kind: "rule-moved"; id: string; /** Rules both versions have whose order with this one is reversed in head. */ before: string[]; after: string[] }
  | { kind: "rule-added"; id: string; rule: RuleDocument; index: number }
  | { kind: "rule-removed"; id: string; rule: RuleDocument }
  | { kind: "address-entry"; chain: string; address: string; from: AddressEntryDocument[]; to: AddressEntryDocument[] };

/** The edits from base to head, in the order a reviewer reads them: the policy, preScreen, the rules in head's order (removed ones at their base place), the address entries. */
export function editsBetween(base: DecisionSubject, head: DecisionSubject): Edit[] {
  const edits: Edit[] = [];
  const [before, after] = [base.policy, head.policy];
  if (before === undefined && after !== undefined) edits.push({ kind: "policy-added" });
  else if (before !== undefined && after === undefined) edits.push({ kind: "policy-removed" });
  else if (before !== undefined && after !== undefined) {
    if (before.enabled !== after.enabled) edits.push({ kind: "enabled", from: before.enabled, to: after.enabled });
    for (const field of ["chains", "minAmountUsd", "tokens"] as const) {
      if (field !== "chains" && base.scope !== "TRANSACTION") continue;
      if (preScreenValue(before.rules.preScreen, field) !== preScreenValue(after.rules.preScreen, field)) {
        edits.push({ kind: "pre-screen", field, from: before.rules.preScreen[field], to: after.rules.preScreen[field] });
      }
    }
    edits.push(...ruleEdits(before.rules.postScreen, after.rules.postScreen));
  }
  edits.push(...entryEdits(base, head));
  return edits;
}

/** A field as `decide` reads it: chains and tokens as sets. */
function preScreenValue(preScreen: PreScreenDocument, field: PreScreenField): string {
  const value = preScreen[field];
  if (value === undefined) return "none";
  if (field === "chains") return canonicalJson([...new Set(value as string[])].sort());
  if (field === "tokens") return canonicalJson([...new Set((value as NonNullable<PreScreenDocument["tokens"]>).map(tokenKey))].sort());
  return String(value);
}

/** What of a rule decides: its conditions as read and its action (not its description). */
const ruleContent = (rule: RuleDocument) => canonicalJson({ when: rule.when, action: rule.action });

/** The rules both have in the order both keep (a longest common subsequence of ids) stay; any other common rule moved. */
function ruleEdits(base: readonly RuleDocument[], head: readonly RuleDocument[]): Edit[] {
  const baseIds = base.map((rule) => rule.id);
  const headIds = head.map((rule) => rule.id);
  const common = headIds.filter((id) => baseIds.includes(id));
  const baseCommon = baseIds.filter((id) => headIds.includes(id));
  const kept = new Set(longestCommonSubsequence(baseCommon, common));
  const edits: Edit[] = [];
  const byId = (rules: readonly RuleDocument[], id: string) => rules.find((rule) => rule.id === id)!;
  head.forEach((rule, index) => {
    if (!baseIds.includes(rule.id)) {
      edits.push({ kind: "rule-added", id: rule.id, rule, index });
      return;
    }
    const old = byId(base, rule.id);
    if (!kept.has(rule.id)) {
      const at = (ids: readonly string[], id: string) => ids.indexOf(id);
      const flipped = common.filter((other) => other !== rule.id && at(baseCommon, other) < at(baseCommon, rule.id) !== at(common, other) < at(common, rule.id));
      edits.push({ kind: "rule-moved", id: rule.id, before: flipped.filter((other) => at(common, other) > at(common, rule.id)), after: flipped.filter((other) => at(common, other) < at(common, rule.id)) });
    }
    if (ruleContent(old) !== ruleContent(rule)) edits.push({ kind: "rule-modified", id: rule.id, from: old, to: rule });
  });
  // Removed rules after the rules of head, in base's order.
  for (const rule of base) if (!headIds.includes(rule.id)) edits.push({ kind: "rule-removed", id: rule.id, rule });
  return edits;
}

function longestCommonSubsequence(a: readonly string[], b: readonly string[]): string[] {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  const result: string[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      result.push(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! > lengths[i]![j + 1]!) i++;
    // On a tie the rule of head is the one left out, so that of two rules swapped, the one moved up is the one said to have moved: it is the one that now takes the other's screenings.
    else j++;
  }
  return result;
}

/** Per (chain, address), the entries of this scope (or ALL) in file order, when they differ in what `decide` reads. */
function entryEdits(base: DecisionSubject, head: DecisionSubject): Edit[] {
  const scoped = (subject: DecisionSubject) => {
    const byKey = new Map<string, AddressEntryDocument[]>();
    for (const entry of subject.addressEntries ?? []) {
      if (entry.scope !== "ALL" && entry.scope !== subject.scope) continue;
      const key = addressKey(entry.chain, entry.address);
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
    }
    return byKey;
  };
  const [before, after] = [scoped(base), scoped(head)];
  const decisive = (entries: readonly AddressEntryDocument[] | undefined) => canonicalJson((entries ?? []).map((entry) => ({ action: entry.action, expiresAt: entry.expiresAt ?? null })));
  const keys = [...new Set([...after.keys(), ...before.keys()])];
  const edits: Edit[] = [];
  for (const key of keys) {
    const [from, to] = [before.get(key) ?? [], after.get(key) ?? []];
    if (decisive(from) === decisive(to)) continue;
    const named = to[0] ?? from[0]!;
    edits.push({ kind: "address-entry", chain: named.chain, address: named.address, from, to });
  }
  return edits;
}

/** A stable key of an edit, for grouping transitions by cause. */
export function editKey(edit: Edit): string {
  switch (edit.kind) {
    case "policy-added":
    case "policy-removed":
    case "enabled":
      return edit.kind;
    case "pre-screen":
      return `pre-screen ${edit.field}`;
    case "address-entry":
      return `address-entry ${addressKey(edit.chain, edit.address)}`;
    default:
      return `${edit.kind} ${edit.id}`;
  }
}

/**
 * Head with `taken` (some of `edits`, editsBetween(base, head)) taken back: each as
 * base has it, the rest as head has it. A rule put back (moved back or no
 * longer removed) goes right after the nearest rule before it in base that
 * is in its base place in head (a rule of the common order), or first.
 */
export function takeBack(base: DecisionSubject, head: DecisionSubject, edits: readonly Edit[], taken: readonly Edit[]): DecisionSubject {
  if (taken.some((edit) => edit.kind === "policy-added" || edit.kind === "policy-removed")) {
    return withEntries({ ...head, policy: base.policy }, base, head, taken);
  }
  const [before, after] = [base.policy, head.policy];
  if (before === undefined || after === undefined) return withEntries(head, base, head, taken);
  const policy: PolicyDocument = structuredClone(after);
  for (const edit of taken) {
    if (edit.kind === "enabled") policy.enabled = before.enabled;
    if (edit.kind === "pre-screen") {
      const value = before.rules.preScreen[edit.field];
      if (value === undefined) delete policy.rules.preScreen[edit.field];
      else (policy.rules.preScreen as Record<string, unknown>)[edit.field] = structuredClone(value);
    }
  }
  const moved = new Set(edits.filter((edit) => edit.kind === "rule-moved").map((edit) => (edit as { id: string }).id));
  const back = new Set(taken.filter((edit) => edit.kind === "rule-moved" || edit.kind === "rule-removed").map((edit) => (edit as { id: string }).id));
  const dropped = new Set(taken.filter((edit) => edit.kind === "rule-added").map((edit) => (edit as { id: string }).id));
  const restored = new Set(taken.filter((edit) => edit.kind === "rule-modified").map((edit) => (edit as { id: string }).id));
  const baseRule = (id: string) => before.rules.postScreen.find((rule) => rule.id === id)!;
  const contentOf = (rule: RuleDocument) => (restored.has(rule.id) ? structuredClone(baseRule(rule.id)) : rule);
  const headIds = new Set(after.rules.postScreen.map((rule) => rule.id));
  // Rules in their base place in head: common to both and not moved.
  const anchored = (id: string) => headIds.has(id) && !moved.has(id);
  const rules = policy.rules.postScreen.filter((rule) => !dropped.has(rule.id) && !back.has(rule.id)).map(contentOf);
  const putBack = before.rules.postScreen.filter((rule) => back.has(rule.id));
  for (const rule of putBack) {
    const baseIndex = before.rules.postScreen.indexOf(rule);
    let at = 0;
    for (let index = baseIndex - 1; index >= 0; index--) {
      const previous = before.rules.postScreen[index]!;
      const placed = rules.findIndex((candidate) => candidate.id === previous.id);
      if (placed >= 0 && (anchored(previous.id) || back.has(previous.id))) {
        at = placed + 1;
        break;
      }
    }
    rules.splice(at, 0, contentOf(structuredClone(rule)));
  }
  policy.rules.postScreen = rules;
  return withEntries({ ...head, policy }, base, head, taken);
}

/** The entries of head, those of each address whose edit is taken back as base has them. */
function withEntries(subject: DecisionSubject, base: DecisionSubject, head: DecisionSubject, taken: readonly Edit[]): DecisionSubject {
  const keys = new Set(taken.filter((edit) => edit.kind === "address-entry").map((edit) => addressKey((edit as { chain: string }).chain, (edit as { address: string }).address)));
  if (keys.size === 0) return subject;
  const ofKey = (entry: AddressEntryDocument) => keys.has(addressKey(entry.chain, entry.address));
  const entries = [...(head.addressEntries ?? []).filter((entry) => !ofKey(entry)), ...(base.addressEntries ?? []).filter(ofKey)];
  return { ...subject, addressEntries: entries };
}
