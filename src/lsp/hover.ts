/**
 * Hover on a rule's id: what the rule decides, in the words `decide` uses for
 * conditions (core/semantics/describe.ts), and what lint says of its reach:
 * the rule's shadowed-rule and unreachable-rule findings, as lint words them.
 */
import type { Hover, Position } from "vscode-languageserver/node.js";
import type { EditorLint } from "../app/editor-workspace.js";
import { formatPath } from "../core/diagnostic.js";
import type { FileRole } from "../core/layout.js";
import { readWhenTerms, type Term } from "../core/semantics/conditions.js";
import { describeCondition } from "../core/semantics/describe.js";
import { isVendor, type Vendor } from "../core/vendors.js";
import { contains, parsedDocument, placedItems } from "./rules.js";

/** The findings that say whether a rule can decide at all (policy-language.md section 5.3). */
const REACH_CODES: ReadonlySet<string> = new Set(["shadowed-rule", "unreachable-rule"]);

export function hoverAt(text: string, file: string, role: FileRole, lint: EditorLint, position: Position): Hover | null {
  if (role.kind !== "policy") return null;
  const document = parsedDocument(text);
  if (!document) return null;
  const rules = placedItems(document, ["rules", "postScreen"], "id");
  const rule = rules.find((item) => Object.hasOwn(item.value, "id") && contains(item.nameRange, position));
  if (!rule) return null;
  const data = document.data as Record<string, unknown>;
  const vendor = isVendor(data.providerType) ? data.providerType : role.providerType;
  const lines = [`**${String(rule.value.id)}**: rule ${rule.index + 1} of ${rules.length}`, "", decisionInWords(rule.value, vendor)];
  if (typeof rule.value.description === "string") lines.push("", rule.value.description);
  const rulePath = formatPath(["rules", "postScreen", rule.index]);
  const reach = lint.result.diagnostics.filter((d) => d.file === file && REACH_CODES.has(d.code) && (d.path === rulePath || d.path.startsWith(`${rulePath}.`)));
  lines.push("", ...(reach.length > 0 ? reach.map((d) => `${d.code}: ${d.message}`) : ["No earlier rule shadows it or leaves it unreachable (lint)."]));
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

