/**
 * What changed, in words a reviewer reads: the one-line summary of a policy
 * (rules added, removed, modified, moved; actions, enabled, schemaVersion,
 * preScreen) and of a set of address entries. Both sides are canonical.
 */
import { plural } from "../plural.js";
import { diffArrays } from "diff";
import { canonicalJson, entryKey, type PolicyContent } from "../canonical.js";
import { isRecord } from "../config.js";
import type { AddressEntriesSummary, PolicySummary } from "./model.js";

/** The summary of a live policy with no local file. */
export function liveOnlySummary(): PolicySummary {
  return {
    text: "live only: no local file; push leaves it alone (`screenpol pull` adopts it)",
    rulesAdded: [],
    rulesRemoved: [],
    rulesModified: [],
    rulesReordered: [],
    actionsChanged: [],
    preScreenChanged: [],
  };
}

/** The summary of a policy not live yet. */
export function createSummary(content: PolicyContent): PolicySummary {
  const ids = ruleIds(content.rules);
  const state = content.enabled === false ? "disabled" : "enabled";
  return {
    text: `new policy: ${plural(ids.length, "rule")}, ${state}, schemaVersion ${String(content.schemaVersion)}`,
    rulesAdded: ids,
    rulesRemoved: [],
    rulesModified: [],
    rulesReordered: [],
    actionsChanged: [],
    preScreenChanged: Object.keys(preScreenOf(content.rules)),
  };
}

/** The semantic difference of two policy contents (both canonical). */
export function summarisePolicyChange(before: PolicyContent, after: PolicyContent): PolicySummary {
  const beforeRules = rulesById(before.rules);
  const afterRules = rulesById(after.rules);
  const rulesAdded = [...afterRules.keys()].filter((id) => !beforeRules.has(id));
  const rulesRemoved = [...beforeRules.keys()].filter((id) => !afterRules.has(id));
  const common = [...afterRules.keys()].filter((id) => beforeRules.has(id));
  const rulesModified = common.filter((id) => canonicalJson(beforeRules.get(id)) !== canonicalJson(afterRules.get(id)));
  const actionsChanged = common
    .map((id) => ({ id, from: actionOf(beforeRules.get(id)), to: actionOf(afterRules.get(id)) }))
    .filter((change) => change.from !== change.to);
  // Rules kept in both, in each version's order: the same ids, so the ones
  // outside a longest common subsequence are the ones that moved.
  const beforeOrder = [...beforeRules.keys()].filter((id) => afterRules.has(id));
  const kept = new Set(diffArrays(beforeOrder, common).flatMap((change) => (change.added || change.removed ? [] : change.value)));
  const rulesReordered = common.filter((id) => !kept.has(id));
  const beforePre = preScreenOf(before.rules);
  const afterPre = preScreenOf(after.rules);
  const preScreenChanged = [...new Set([...Object.keys(beforePre), ...Object.keys(afterPre)])].filter(
    (key) => canonicalJson(beforePre[key]) !== canonicalJson(afterPre[key]),
  );
  const summary: PolicySummary = { text: "", rulesAdded, rulesRemoved, rulesModified, rulesReordered, actionsChanged, preScreenChanged };
  if (before.enabled !== after.enabled) summary.enabledChanged = { from: before.enabled, to: after.enabled };
  if (before.schemaVersion !== after.schemaVersion) summary.schemaVersionChanged = { from: before.schemaVersion, to: after.schemaVersion };
  const beforeAll = isRecord(before.rules) ? before.rules : {};
  const afterAll = isRecord(after.rules) ? after.rules : {};
  const otherRules = [...new Set([...Object.keys(beforeAll), ...Object.keys(afterAll)])].filter(
    (key) => key !== "preScreen" && key !== "postScreen" && canonicalJson(beforeAll[key]) !== canonicalJson(afterAll[key]),
  );
  summary.text = describePolicySummary(summary, otherRules);
  return summary;
}

function describePolicySummary(summary: PolicySummary, otherRules: readonly string[]): string {
  const parts: string[] = [];
  if (summary.enabledChanged) parts.push(summary.enabledChanged.to === false ? "DISABLED (enabled true -> false)" : `enabled ${String(summary.enabledChanged.from)} -> ${String(summary.enabledChanged.to)}`);
  if (summary.schemaVersionChanged) parts.push(`schemaVersion ${String(summary.schemaVersionChanged.from)} -> ${String(summary.schemaVersionChanged.to)}`);
  if (summary.preScreenChanged.length > 0) parts.push(`preScreen changed (${summary.preScreenChanged.join(", ")})`);
  if (summary.rulesAdded.length > 0) parts.push(`${plural(summary.rulesAdded.length, "rule")} added (${summary.rulesAdded.join(", ")})`);
  if (summary.rulesRemoved.length > 0) parts.push(`${plural(summary.rulesRemoved.length, "rule")} removed (${summary.rulesRemoved.join(", ")})`);
  for (const change of summary.actionsChanged) parts.push(`${change.id}: action ${String(change.from)} -> ${String(change.to)}`);
  const actionChanged = new Set(summary.actionsChanged.map((change) => change.id));
  const modified = summary.rulesModified.filter((id) => !actionChanged.has(id));
  if (modified.length > 0) parts.push(`${plural(modified.length, "rule")} modified (${modified.join(", ")})`);
  if (summary.rulesReordered.length > 0) parts.push(`${plural(summary.rulesReordered.length, "rule")} moved (${summary.rulesReordered.join(", ")}): order decides the first match`);
  if (otherRules.length > 0) parts.push(`rules changed (${otherRules.join(", ")})`);
  return parts.length > 0 ? parts.join("; ") : "no changes";
}

/** The difference of two canonical entry lists, entries identified by (chain, address, scope). */
export function summariseEntriesChange(before: readonly unknown[], after: readonly unknown[]): AddressEntriesSummary {
  const beforeByKey = new Map(before.map((entry) => [entryKey(entry), entry]));
  const afterByKey = new Map(after.map((entry) => [entryKey(entry), entry]));
  const label = (entry: unknown): string => {
    if (!isRecord(entry)) return JSON.stringify(entry);
    return `${String(entry.action)} ${String(entry.chain)} ${String(entry.address)} (${String(entry.scope)})`;
  };
  const added = [...afterByKey].filter(([key]) => !beforeByKey.has(key)).map(([, entry]) => label(entry));
  const removed = [...beforeByKey].filter(([key]) => !afterByKey.has(key)).map(([, entry]) => label(entry));
  const changed = [...afterByKey]
    .filter(([key, entry]) => beforeByKey.has(key) && canonicalJson(beforeByKey.get(key)) !== canonicalJson(entry))
    .map(([, entry]) => label(entry));
  const parts: string[] = [];
  if (added.length > 0) parts.push(`${plural(added.length, "entry", "entries")} added (${added.join("; ")})`);
  if (removed.length > 0) parts.push(`${plural(removed.length, "entry", "entries")} removed (${removed.join("; ")})`);
  if (changed.length > 0) parts.push(`${plural(changed.length, "entry", "entries")} changed (${changed.join("; ")})`);
  if (parts.length === 0) parts.push(before.length === 0 && after.length === 0 ? "no entries" : "no changes");
  return { text: parts.join("; "), added, removed, changed };
}

function rulesById(rules: unknown): Map<string, unknown> {
  const list = isRecord(rules) && Array.isArray(rules.postScreen) ? rules.postScreen : [];
  const byId = new Map<string, unknown>();
  list.forEach((rule, index) => {
    const id = isRecord(rule) && typeof rule.id === "string" ? rule.id : `#${index + 1}`;
    byId.set(byId.has(id) ? `${id}#${index + 1}` : id, rule);
  });
  return byId;
}

function ruleIds(rules: unknown): string[] {
  return [...rulesById(rules).keys()];
}

function actionOf(rule: unknown): unknown {
  return isRecord(rule) ? rule.action : undefined;
}

function preScreenOf(rules: unknown): Record<string, unknown> {
  return isRecord(rules) && isRecord(rules.preScreen) ? rules.preScreen : {};
}
