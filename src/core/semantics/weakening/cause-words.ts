/**
 * Causes and decisions in words a compliance reviewer reads without knowing
 * the decision procedure (docs/semantics.md, "Causes and regions of a
 * weakening"): one headline per cause ("rule block-high-score: riskScore gte
 * raised from 7 to 8", "alert-obfuscation now comes before block-mixers",
 * "minAmountUsd raised from 100 to 250: transfers of at least 100 and under
 * 250 USD are no longer screened"), and the steps before the rules said as
 * what they do ("not screened: amountUsd below minAmountUsd 250").
 */
import { canonicalJson } from "../../canonical.js";
import type { Scope } from "../../vendors.js";
import { describeCondition } from "../describe.js";
import { decide } from "../decide.js";
import type { ScopedScreening, TokenRef } from "../signals.js";
import type { AddressEntryDocument, ConditionSetDocument, DecisionSubject, RuleDocument } from "../subject.js";
import type { Edit } from "./edits.js";
import type { CauseEdit, DecisionRef } from "./model.js";

/** The headline of a cause: its edit's sentence, or each edit's joined, said to act only together. */
export function describeCause(edits: readonly Edit[], scope: Scope): string {
  if (edits.length === 1) return describeEdit(edits[0]!, scope);
  return `together (no one of them alone): ${edits.map((edit) => describeEdit(edit, scope)).join("; ")}`;
}

/** An edit as a cause names it in JSON: its kind and what it is about. */
export function causeEditOf(edit: Edit): CauseEdit {
  switch (edit.kind) {
    case "policy-added":
    case "policy-removed":
    case "enabled":
      return { kind: edit.kind };
    case "pre-screen":
      return { kind: edit.kind, field: edit.field };
    case "address-entry":
      return { kind: edit.kind, chain: edit.chain, address: edit.address };
    default:
      return { kind: edit.kind, rule: edit.id };
  }
}

function describeEdit(edit: Edit, scope: Scope): string {
  switch (edit.kind) {
    case "policy-added":
      return "policy added: screenings the address entries do not decide are now screened by its rules";
    case "policy-removed":
      return "policy removed: screenings the address entries do not decide are no longer screened";
    case "enabled":
      return edit.to ? "policy enabled: screenings are screened by its rules again" : "policy disabled (enabled: false): screenings the address entries do not decide are no longer screened";
    case "pre-screen":
      return describePreScreen(edit.field, edit.from, edit.to);
    case "rule-modified":
      return `rule ${edit.id}: ${describeRuleChange(edit.from, edit.to)}`;
    case "rule-moved": {
      const parts = [...(edit.before.length > 0 ? [`before ${edit.before.join(", ")}`] : []), ...(edit.after.length > 0 ? [`after ${edit.after.join(", ")}`] : [])];
      return `${edit.id} now comes ${parts.join(" and ")}`;
    }
    case "rule-added":
      return `rule ${edit.id} added (${edit.rule.action} when ${describeWhen(edit.rule.when)})`;
    case "rule-removed":
      return `rule ${edit.id} removed (it decided ${edit.rule.action} when ${describeWhen(edit.rule.when)})`;
    case "address-entry":
      return describeEntryChange(edit.chain, edit.address, edit.from, edit.to, scope);
  }
}

function describePreScreen(field: "chains" | "minAmountUsd" | "tokens", from: unknown, to: unknown): string {
  if (field === "minAmountUsd") {
    const [before, after] = [from as number | undefined, to as number | undefined];
    if (before === undefined) return `minAmountUsd ${after} set: transfers under ${after} USD are no longer screened`;
    if (after === undefined) return `minAmountUsd ${before} removed: transfers under ${before} USD are screened again`;
    return after > before
      ? `minAmountUsd raised from ${before} to ${after}: transfers of at least ${before} and under ${after} USD are no longer screened`
      : `minAmountUsd lowered from ${before} to ${after}: transfers of at least ${after} and under ${before} USD are screened again`;
  }
  if (field === "chains") {
    const [before, after] = [from as string[] | undefined, to as string[] | undefined];
    if (before === undefined) return `preScreen chains set to ${after!.join(", ")}: addresses on any other chain are no longer screened`;
    if (after === undefined) return `preScreen chains (${before.join(", ")}) removed: addresses on every chain are screened`;
    return listChange("preScreen chains", before, after, (chain) => chain, "addresses on", "chain");
  }
  const spell = (token: TokenRef) => `${token.chain}:${token.networkId}:${token.contractAddress}`;
  const [before, after] = [from as TokenRef[] | undefined, to as TokenRef[] | undefined];
  if (before === undefined) return `preScreen tokens set to ${after!.map(spell).join(", ")}: transfers of the native coin or any other token are no longer screened`;
  if (after === undefined) return `preScreen tokens (${before.map(spell).join(", ")}) removed: transfers of every token are screened`;
  return listChange("preScreen tokens", before.map(spell), after.map(spell), (token) => token, "transfers of", "token");
}

function listChange(what: string, before: readonly string[], after: readonly string[], spell: (value: string) => string, subject: string, noun: string): string {
  const removed = before.filter((value) => !after.includes(value));
  const added = after.filter((value) => !before.includes(value));
  const parts = [
    ...(removed.length > 0 ? [`${removed.map(spell).join(", ")} removed: ${subject} ${removed.length === 1 ? `that ${noun}` : `those ${noun}s`} are no longer screened`] : []),
    ...(added.length > 0 ? [`${added.map(spell).join(", ")} added: ${subject} ${added.length === 1 ? `that ${noun}` : `those ${noun}s`} are screened`] : []),
  ];
  return `${what}: ${parts.join("; ")}`;
}

/** What changed in a rule: each threshold moved, the action, else its conditions in full. */
function describeRuleChange(from: RuleDocument, to: RuleDocument): string {
  const parts: string[] = [];
  if (canonicalJson(from.when) !== canonicalJson(to.when)) {
    const thresholds = thresholdChanges(from.when, to.when);
    parts.push(...(thresholds ?? [`conditions changed from ${describeWhen(from.when)} to ${describeWhen(to.when)}`]));
  }
  if (from.action !== to.action) parts.push(`action changed from ${from.action} to ${to.action}`);
  return parts.join(", ");
}

/** Each number that moved where the two `when`s are otherwise the same (`riskScore gte raised from 7 to 8`); undefined when more changed. */
function thresholdChanges(from: RuleDocument["when"], to: RuleDocument["when"]): string[] | undefined {
  const changes: string[] = [];
  const same = (a: unknown, b: unknown, path: string[]): boolean => {
    if (typeof a === "number" && typeof b === "number") {
      if (a !== b) {
        // The condition's key is the step before the field, inside an anyOf alternative too (anyOf, 1, exposure, minPercent).
        const [key, field] = [path.at(-2), path.at(-1)];
        const signal = key === "exposure" || key === "indicator" ? `${key} ${conditionName(a, b, path, from)}` : key;
        changes.push(`${signal} ${field} ${b > a ? "raised" : "lowered"} from ${a} to ${b}`);
      }
      return true;
    }
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return a === b;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], [...path, key])) return false;
    return true;
  };
  return same(from, to, []) && changes.length > 0 ? changes : undefined;
}

function conditionName(_a: number, _b: number, path: readonly string[], when: RuleDocument["when"]): string {
  let node: unknown = when;
  for (const part of path.slice(0, -1)) node = (node as Record<string, unknown>)[part];
  const written = node as { category?: string; direction?: string; riskType?: string };
  return [written.category, written.direction ?? written.riskType].filter((word) => word !== undefined).join(" ");
}

/** A `when` as conditions joined with "and", each `anyOf` alternative in parentheses joined with "or". */
function describeWhen(when: RuleDocument["when"]): string {
  const set = (conditions: ConditionSetDocument) => Object.entries(conditions).map(([key, value]) => describeCondition(key, value as Record<string, unknown>));
  const { anyOf, ...all } = when;
  const parts = set(all);
  if (anyOf !== undefined) parts.push(`(${anyOf.map((alternative) => set(alternative).join(" and ")).join(" or ")})`);
  return parts.length === 0 ? "every screening" : parts.join(" and ");
}

function describeEntryChange(chain: string, address: string, from: readonly AddressEntryDocument[], to: readonly AddressEntryDocument[], scope: Scope): string {
  const name = `address entry ${address} on ${chain}`;
  const terms = (entry: AddressEntryDocument) => `${entry.action}, ${entry.scope}, ${entry.expiresAt === undefined ? "no expiry" : `until ${entry.expiresAt}`}`;
  const effect = (entry: AddressEntryDocument) =>
    entry.action === "ALLOW" ? `exempts it from every ${scope} rule; the sanctions floor still applies` : `blocks it in ${scope} whatever the rules say`;
  const [before, after] = [from[0], to[0]];
  if (before === undefined && after !== undefined) return `${name} (${terms(after)}) added: it ${effect(after)}`;
  if (after === undefined && before !== undefined) return `${name} (${terms(before)}) removed: its ${scope} screenings go to the rules again`;
  const changes: string[] = [];
  if (before!.action !== after!.action) changes.push(`action changed from ${before!.action} to ${after!.action}`);
  if (before!.scope !== after!.scope) changes.push(`scope changed from ${before!.scope} to ${after!.scope}`);
  if (before!.expiresAt !== after!.expiresAt) changes.push(`expiry changed from ${before!.expiresAt ?? "none"} to ${after!.expiresAt ?? "none"}`);
  return `${name}: ${changes.join(", ") || "entries changed"} (now ${terms(after!)}): it ${effect(after!)}`;
}

/**
 * A decision in words: a rule as `BLOCK (block-mixers)`; a step as what it
 * does, with why for preScreen (the gate that holds for the example on the
 * subject that made the decision).
 */
export function describeDecision(decision: DecisionRef, subject: DecisionSubject, example: ScopedScreening, now: number): string {
  switch (decision.by) {
    case "pre-screen":
      return `not screened: ${gateWords(subject, example, now)}`;
    case "policy-disabled":
      return subject.policy === undefined ? "not screened: no policy" : "not screened: policy disabled";
    case "terminal-allow":
      return "allowed: no rule matches";
    case "address-entry":
      return decision.action === "ALLOW" ? "allowed by the address entry" : "blocked by the address entry";
    case "sanctions-floor":
      return "blocked by the sanctions floor";
    default:
      return `${decision.action} (${decision.by})`;
  }
}

function gateWords(subject: DecisionSubject, example: ScopedScreening, now: number): string {
  const trace = decide(subject, example, { now, trace: true }).trace ?? [];
  const step = trace.find((entry) => entry.step === "pre-screen");
  const gate = step?.step === "pre-screen" ? step.gate : undefined;
  if (gate === undefined) return "preScreen";
  switch (gate.gate) {
    case "chains":
      return `chain not in preScreen chains (${gate.chains.join(", ")})`;
    case "minAmountUsd":
      return `amountUsd below minAmountUsd ${gate.minAmountUsd}`;
    case "tokens":
      return gate.token === "native" ? "the native coin is not in preScreen tokens" : "token not in preScreen tokens";
  }
}
