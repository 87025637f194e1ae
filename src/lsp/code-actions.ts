/**
 * Quick fixes on a finding: each fix `lint --fix` would make for it
 * (core/lint-fixes.ts), one finding at a time, and "suppress with a reason"
 * for the findings a suppression comment can hide (core/suppressions.ts):
 * never a compliance finding, a structural one, or a suppression's own.
 */
import type { CodeAction, Range, TextEdit } from "vscode-languageserver/node.js";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { EditorLint } from "../app/editor-workspace.js";
import type { Diagnostic } from "../core/diagnostic.js";
import type { FileRole } from "../core/layout.js";
import { applyFixes, fixesOf, type Fix } from "../core/lint-fixes.js";
import { isSuppressible } from "../core/suppressions.js";
import { toLspDiagnostic, toLspRange } from "./diagnostics.js";

/**
 * The comment a suppression action inserts: its reason is a placeholder for the
 * author to replace (suppressions.ts: a reviewer reads it).
 */
export const SUPPRESSION_REASON_PLACEHOLDER = "reason";

/** The actions for the file's findings that touch `range`, in the findings' order: fixes first, then suppressions. */
export function codeActionsFor(document: TextDocument, file: string, role: FileRole, lint: EditorLint, range: Range): CodeAction[] {
  const findings = lint.result.diagnostics.filter((d) => d.file === file && overlaps(toLspRange(d), range));
  const text = document.getText();
  const fixes: CodeAction[] = [];
  const suppressions: CodeAction[] = [];
  for (const d of findings) {
    for (const fix of fixesOf([d], lint.result.data.get(file), role, lint.catalog)) {
      const { text: after, applied } = applyFixes(text, [fix]);
      if (applied === 0 || after === text) continue;
      fixes.push({ title: fixTitle(fix), kind: "quickfix", diagnostics: [toLspDiagnostic(d)], isPreferred: true, edit: { changes: { [document.uri]: [minimalEdit(document, text, after)] } } });
    }
    if (isSuppressible(d)) suppressions.push(suppressionAction(document, d));
  }
  return [...fixes, ...suppressions];
}

function fixTitle(fix: Fix): string {
  switch (fix.kind) {
    case "set":
      return `Change to ${fix.value}`;
    case "rename":
      return `Rename to ${fix.to}`;
    case "add":
      return `Add ${fix.key}: ${fix.value}`;
    case "token":
      return `Name the token by its catalog entry (${fix.chain} ${fix.networkId} ${fix.contractAddress})`;
    case "quote-source":
      return "Quote the address as written";
    case "quote-text":
      return "Quote the text";
  }
}

/** `# screenpol-disable-next-line CODE -- reason` on its own line above the finding, at that line's indentation. */
function suppressionAction(document: TextDocument, d: Diagnostic): CodeAction {
  const line = d.line - 1;
  const lineText = document.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const indent = /^[ \t]*/.exec(lineText)![0];
  const newline = lineText.endsWith("\r\n") || (lineText === "" && document.getText().includes("\r\n")) ? "\r\n" : "\n";
  const comment = `${indent}# screenpol-disable-next-line ${d.code} -- ${SUPPRESSION_REASON_PLACEHOLDER}${newline}`;
  const at = { line, character: 0 };
  return { title: `Suppress ${d.code} on this line, with a reason`, kind: "quickfix", diagnostics: [toLspDiagnostic(d)], edit: { changes: { [document.uri]: [{ range: { start: at, end: at }, newText: comment }] } } };
}

/** One edit from `before` to `after`: the span between their common start and common end. */
export function minimalEdit(document: TextDocument, before: string, after: string): TextEdit {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < shorter - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  return { range: { start: document.positionAt(start), end: document.positionAt(before.length - end) }, newText: after.slice(start, after.length - end) };
}

function overlaps(a: Range, b: Range): boolean {
  const before = (x: Range["start"], y: Range["start"]): boolean => x.line < y.line || (x.line === y.line && x.character < y.character);
  // An empty range (a cursor) touching a finding counts: the cursor at its end still asks for its fixes.
  return !before(a.end, b.start) && !before(b.end, a.start);
}
