/**
 * lint's findings as LSP diagnostics: the one place where screenpol's 1-based
 * lines and columns become the protocol's 0-based ones (core/diagnostic.ts;
 * style.md, "converted only at the edge where a format wants otherwise").
 * Columns count UTF-16 code units on both sides, so only the base changes.
 */
import type { Diagnostic as LspDiagnostic, Range } from "vscode-languageserver/node.js";
import { docsUrl } from "../core/codes.js";
import type { Diagnostic } from "../core/diagnostic.js";

/** LSP's DiagnosticSeverity: Error 1, Warning 2. */
const SEVERITY = { error: 1, warning: 2 } as const;

/** What a code action reads back from a diagnostic the client sends (the finding's document path). */
export interface DiagnosticData {
  path: string;
}

export function toLspRange(d: Pick<Diagnostic, "line" | "column" | "endLine" | "endColumn">): Range {
  return { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } };
}

export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  const data: DiagnosticData = { path: d.path };
  return {
    range: toLspRange(d),
    severity: SEVERITY[d.severity],
    code: d.code,
    codeDescription: { href: docsUrl(d.code) },
    source: "screenpol",
    message: d.message,
    data,
  };
}
