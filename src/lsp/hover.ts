/**
 * Hover on a rule's id: what the rule decides, in the words `decide` uses for
 * conditions (core/semantics/describe.ts), and what lint says of its reach:
 * the rule's shadowed-rule and unreachable-rule findings, as lint words them.
 * Hover on an address entry's address: its action, where it applies, and its
 * expiry in days (expired-address-entry's reading of `expiresAt`).
 */
import type { Hover, Position, Range } from "vscode-languageserver/node.js";
import type { EditorLint } from "../app/editor-workspace.js";
import { parseExpiry } from "../core/checks/expired-address-entry.js";
import { formatPath } from "../core/diagnostic.js";
import type { FileRole } from "../core/layout.js";
import { readWhenTerms, type Term } from "../core/semantics/conditions.js";
import { describeCondition, describeSignalOf, describeValue } from "../core/semantics/describe.js";
import { RISK_LEVELS } from "../core/semantics/signals.js";
import { isRecord } from "../core/config.js";
import type { ParsedDocument } from "../core/document.js";
import { toLspRange } from "./diagnostics.js";
import { casesReaching, policyTests } from "./test-reach.js";
import { isVendor, type Vendor } from "../core/vendors.js";
import { contains, parsedDocument, placedItems, type PlacedItem } from "./rules.js";

/** The findings that say whether a rule can decide at all (policy-language.md section 5.3). */
const REACH_CODES: ReadonlySet<string> = new Set(["shadowed-rule", "unreachable-rule"]);

export function hoverAt(text: string, file: string, role: FileRole, lint: EditorLint, position: Position, now: Date): Hover | null {
  if (role.kind === "addresses") return entryHover(text, position, now);
  if (role.kind !== "policy") return null;
  const document = parsedDocument(text);
  if (!document) return null;
  const rules = placedItems(document, ["rules", "postScreen"], "id");
  const rule = rules.find((item) => Object.hasOwn(item.value, "id") && contains(item.nameRange, position));
  if (!rule) return thresholdHover(document, rules, position);
  const data = document.data as Record<string, unknown>;
  const vendor = isVendor(data.providerType) ? data.providerType : role.providerType;
  const lines = [`**${String(rule.value.id)}**: rule ${rule.index + 1} of ${rules.length}`, "", decisionInWords(rule.value, vendor)];
  if (typeof rule.value.description === "string") lines.push("", rule.value.description);
  const rulePath = formatPath(["rules", "postScreen", rule.index]);
  const reach = lint.result.diagnostics.filter((d) => d.file === file && REACH_CODES.has(d.code) && (d.path === rulePath || d.path.startsWith(`${rulePath}.`)));
  lines.push("", ...(reach.length > 0 ? reach.map((d) => `${d.code}: ${d.message}`) : ["No earlier rule shadows it or leaves it unreachable (lint)."]));
  const tests = policyTests(lint, file, now);
  const cases = casesReaching(tests.tests).get(String(rule.value.id)) ?? 0;
  lines.push("", tests.files.length === 0 ? "No test file tests this policy." : `${cases} test case${cases === 1 ? "" : "s"} of ${tests.files.join(", ")} reach${cases === 1 ? "es" : ""} it.`);
  return { contents: { kind: "markdown", value: lines.join("\n") }, range: rule.nameRange };
}

/** `BLOCK when riskScore >= 4 and any of: exposure mixer any >= 15%; cluster = privacy_wallet`. */
function decisionInWords(rule: Record<string, unknown>, vendor: Vendor | undefined): string {
  const action = typeof rule.action === "string" ? rule.action : "(no action)";
  const when = vendor === undefined ? undefined : readWhenTerms(rule.when, vendor);
  if (!when) return `${action}; its conditions cannot be read (see the findings)`;
  const conditions = (terms: readonly Term[]): string => terms.map((term) => describeCondition(term.condition.kind, term.written)).join(" and ");
  const parts = when.all.length > 0 ? [conditions(when.all)] : [];
  if (when.anyOf) parts.push(`any of: ${when.anyOf.map(conditions).join("; ")}`);
  return parts.length === 0 ? `${action} every screening` : `${action} when ${parts.join(" and ")}`;
}


const DAY_MS = 24 * 60 * 60 * 1000;

/** Hover on an entry's address: what it does where (its scope: ALL is both scopes), and its expiry in days. */
function entryHover(text: string, position: Position, now: Date): Hover | null {
  const document = parsedDocument(text);
  if (!document) return null;
  const entry = placedItems(document, ["entries"], "address").find((item) => Object.hasOwn(item.value, "address") && contains(item.nameRange, position));
  if (!entry) return null;
  const { address, chain, action, scope, expiresAt, reason } = entry.value;
  const where = scope === "ALL" ? "both scopes (SIGN_IN and TRANSACTION)" : typeof scope === "string" ? `${scope} only` : "(no scope)";
  const lines = [`**${String(address)}**${typeof chain === "string" ? ` (${chain})` : ""}: ${typeof action === "string" ? action : "(no action)"} in ${where}`, "", expiryInWords(expiresAt, now)];
  if (typeof reason === "string") lines.push("", reason);
  return { contents: { kind: "markdown", value: lines.join("\n") }, range: entry.nameRange };
}

/** `expires in 12 days (2027-12-31T23:59:59Z)`, `expired 3 days ago (...)`, `no expiry`; whole days, rounded down. */
function expiryInWords(expiresAt: unknown, now: Date): string {
  if (typeof expiresAt !== "string") return "No expiry.";
  const expiry = parseExpiry(expiresAt);
  if (expiry === undefined) return `Expiry ${expiresAt} is not a date-time (see the findings).`;
  const days = Math.floor(Math.abs(expiry - now.getTime()) / DAY_MS);
  const count = `${days} day${days === 1 ? "" : "s"}`;
  return expiry > now.getTime() ? `Expires in ${count} (${expiresAt}).` : `Expired ${count} ago (${expiresAt}): it no longer applies.`;
}

/** The members of a condition that hold its threshold (policy-language.md, the conditions). */
const THRESHOLDS: Readonly<Record<string, readonly string[]>> = { riskScore: ["gte", "lte"], riskLevel: ["atLeast"], exposure: ["minPercent"], indicator: ["minVolumeUsd"] };

interface PlacedThreshold {
  /** The signal and member, e.g. `exposure mixer direct minPercent`: thresholds of one kind compare. */
  signal: string;
  key: string;
  value: number | string;
  rule: string;
  action: string;
  range: Range;
}

/**
 * Hover on a threshold of a condition (`minPercent: 15`): the same signal's
 * thresholds in every rule of the policy, in order, this one marked, so that
 * a reader sees which rule a value between them reaches first.
 */
function thresholdHover(document: ParsedDocument, rules: readonly PlacedItem[], position: Position): Hover | null {
  const all = rules.flatMap((rule) => thresholdsOf(document, rule));
  const hovered = all.find((threshold) => contains(threshold.range, position));
  if (!hovered) return null;
  const same = all.filter((threshold) => threshold.signal === hovered.signal).sort((a, b) => order(a.value) - order(b.value));
  const lines = same.map((threshold) => {
    const text = `${describeValue(hovered.key, threshold.value as number | string)}: ${threshold.rule} (${threshold.action})`;
    return threshold === hovered ? `- **${text}** (here)` : `- ${text}`;
  });
  return { contents: { kind: "markdown", value: [`**${hovered.signal}** in this policy's rules, lowest first:`, "", ...lines].join("\n") }, range: hovered.range };
}

function thresholdsOf(document: ParsedDocument, rule: PlacedItem): PlacedThreshold[] {
  const when = rule.value.when;
  if (!isRecord(when)) return [];
  const groups: Array<{ path: Array<string | number>; terms: Record<string, unknown> }> = [{ path: ["when"], terms: when }];
  if (Array.isArray(when.anyOf)) when.anyOf.forEach((alternative, index) => isRecord(alternative) && groups.push({ path: ["when", "anyOf", index], terms: alternative }));
  const found: PlacedThreshold[] = [];
  for (const { path, terms } of groups) {
    for (const [key, written] of Object.entries(terms)) {
      if (!isRecord(written) || !THRESHOLDS[key]) continue;
      for (const member of THRESHOLDS[key]) {
        const value = written[member];
        if (typeof value !== "number" && typeof value !== "string") continue;
        found.push({
          signal: `${describeSignalOf(key, written)} ${member}`,
          key,
          value,
          rule: typeof rule.value.id === "string" ? rule.value.id : `rule ${rule.index + 1}`,
          action: typeof rule.value.action === "string" ? rule.value.action : "(no action)",
          range: toLspRange(document.locate(["rules", "postScreen", rule.index, ...path, key, member], "value")),
        });
      }
    }
  }
  return found;
}

/** Numbers as they are; a risk level by its place in RISK_LEVELS. */
function order(value: number | string): number {
  return typeof value === "number" ? value : (RISK_LEVELS as readonly string[]).indexOf(value);
}
