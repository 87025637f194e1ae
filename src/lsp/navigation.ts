/**
 * From a policy test file to what it tests (semantics.md section 3): go to
 * definition on a case's `by:` opens the rule of that id in the tested policy,
 * on the header (`environment`, `providerType`, `scope`) the policy file; and
 * `by:` completes with the policy's rule ids and the steps of a decision.
 * The policy is read as the lint has it: its open buffer, else the file on disk.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { CompletionItem, Location, Position } from "vscode-languageserver/node.js";
import type { EditorLint } from "../app/editor-workspace.js";
import { isRecord } from "../core/config.js";
import { policyPathOf, type FileRole } from "../core/layout.js";
import { STEPS } from "../core/semantics/decision.js";
import { isScope, isVendor } from "../core/vendors.js";
import { toLspRange } from "./diagnostics.js";
import { contains, parsedDocument, placedItems } from "./rules.js";

const HEADER_KEYS = ["environment", "providerType", "scope"] as const;
/** LSP's CompletionItemKind: a rule (Function), a step of the decision (EnumMember). */
const RULE_ITEM = 3;
const STEP_ITEM = 20;

export function definitionAt(text: string, role: FileRole, root: string, lint: EditorLint, position: Position): Location | null {
  if (role.kind !== "policy-test") return null;
  const document = parsedDocument(text);
  const policyFile = document ? testedPolicy(document.data, lint) : undefined;
  if (!document || policyFile === undefined) return null;
  const uri = pathToFileURL(join(root, policyFile)).href;
  if (HEADER_KEYS.some((key) => isRecord(document.data) && Object.hasOwn(document.data, key) && contains(toLspRange(document.locate([key], "value")), position))) {
    return { uri, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
  }
  const cases = placedItems(document, ["cases"], "name");
  const hit = cases.find((item) => {
    const expect = item.value.expect;
    return isRecord(expect) && typeof expect.by === "string" && contains(toLspRange(document.locate(["cases", item.index, "expect", "by"], "value")), position);
  });
  if (!hit) return null;
  const by = (hit.value.expect as Record<string, unknown>).by as string;
  const rule = policyRules(policyFile, lint).find((item) => item.value.id === by);
  return rule ? { uri, range: rule.nameRange } : null;
}

/** After `by:` on a test case's line: the tested policy's rule ids, then the steps. */
export function completionsAt(text: string, role: FileRole, lint: EditorLint, position: Position): CompletionItem[] {
  if (role.kind !== "policy-test") return [];
  const line = text.split("\n")[position.line] ?? "";
  if (!/\bby:\s*[a-z0-9-]*$/.test(line.slice(0, position.character))) return [];
  // The header is read from the text as typed: the rest of the file may not parse while a case is being written.
  const header = Object.fromEntries(HEADER_KEYS.map((key) => [key, new RegExp(`^${key}:\\s*["']?([\\w-]+)`, "m").exec(text)?.[1]]));
  const policyFile = testedPolicy(header, lint);
  const rules = policyFile === undefined ? [] : policyRules(policyFile, lint).filter((item) => typeof item.value.id === "string");
  return [
    ...rules.map((item, order): CompletionItem => ({ label: item.value.id as string, kind: RULE_ITEM, detail: typeof item.value.action === "string" ? item.value.action : undefined, sortText: `0${String(order).padStart(4, "0")}` })),
    ...STEPS.map((step, order): CompletionItem => ({ label: step, kind: STEP_ITEM, detail: "a step of the decision", sortText: `1${order}` })),
  ];
}

function testedPolicy(header: unknown, lint: EditorLint): string | undefined {
  if (!isRecord(header)) return undefined;
  const { environment, providerType, scope } = header;
  if (typeof environment !== "string" || !isVendor(providerType) || !isScope(scope)) return undefined;
  return policyPathOf(lint.config, environment, providerType, scope);
}

function policyRules(policyFile: string, lint: EditorLint): ReturnType<typeof placedItems> {
  const text = lint.result.sources.get(policyFile);
  const document = text === undefined ? undefined : parsedDocument(text);
  return document ? placedItems(document, ["rules", "postScreen"], "id") : [];
}
