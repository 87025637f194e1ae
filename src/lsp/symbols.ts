/** The outline: a policy's postScreen rules by id, an address-entries file's entries by address. */
import type { DocumentSymbol } from "vscode-languageserver/node.js";
import type { FileRole } from "../core/layout.js";
import { parsedDocument, placedItems } from "./rules.js";

/** LSP's SymbolKind: a rule decides (Function), an entry is a fixed value (Constant). */
const RULE_SYMBOL = 12;
const ENTRY_SYMBOL = 14;

export function documentSymbols(text: string, role: FileRole): DocumentSymbol[] {
  if (role.kind !== "policy" && role.kind !== "addresses") return [];
  const document = parsedDocument(text);
  if (!document) return [];
  if (role.kind === "policy") {
    return placedItems(document, ["rules", "postScreen"], "id").map((rule) => ({
      name: typeof rule.value.id === "string" && rule.value.id !== "" ? rule.value.id : `rule ${rule.index + 1}`,
      ...(typeof rule.value.action === "string" ? { detail: rule.value.action } : {}),
      kind: RULE_SYMBOL,
      range: rule.range,
      selectionRange: rule.nameRange,
    }));
  }
  return placedItems(document, ["entries"], "address").map((entry) => ({
    name: typeof entry.value.address === "string" && entry.value.address !== "" ? entry.value.address : `entry ${entry.index + 1}`,
    detail: [entry.value.action, entry.value.scope].filter((part) => typeof part === "string").join(" "),
    kind: ENTRY_SYMBOL,
    range: entry.range,
    selectionRange: entry.nameRange,
  }));
}
