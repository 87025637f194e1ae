/**
 * Hover on a policy test case's name: what `screenpol test` says of it, run
 * as watch runs the tests (core/semantics/test-session.ts) over the editor's
 * lint: passes or fails, the decision (action and the rule or step that
 * took it), and for a failing case why, in `test`'s words.
 */
import type { Hover, Position } from "vscode-languageserver/node.js";
import type { EditorLint } from "../app/editor-workspace.js";
import type { FileRole } from "../core/layout.js";
import { createTestSession } from "../core/semantics/test-session.js";
import { contains, parsedDocument, placedItems } from "./rules.js";

export function testCaseHover(text: string, file: string, role: FileRole, lint: EditorLint, position: Position, now: Date): Hover | null {
  if (role.kind !== "policy-test") return null;
  const document = parsedDocument(text);
  if (!document) return null;
  const hovered = placedItems(document, ["cases"], "name").find((item) => Object.hasOwn(item.value, "name") && contains(item.nameRange, position));
  if (!hovered) return null;
  const tests = createTestSession(lint.config).rerun({ lint: lint.result, tests: new Map([[file, document]]), changed: [file], now });
  const notRun = tests.notRun.find((entry) => entry.file === file);
  if (notRun) return { contents: { kind: "markdown", value: `Not run: ${notRun.reason}.` }, range: hovered.nameRange };
  const line = document.locate(["cases", hovered.index], "key").line;
  const result = tests.run.cases.find((one) => one.file === file && one.line === line);
  if (!result) return null;
  const decided = `${result.actual.action} by ${result.actual.by}`;
  const expected = `${result.expected.action}${result.expected.by === undefined ? "" : ` by ${result.expected.by}`}`;
  const lines = result.ok ? [`**passes**: decided ${decided}`] : [`**fails**: expected ${expected}, decided ${decided}`, ...(result.missingRule ? ["", result.missingRule] : []), ...(result.why ? ["", ...result.why.map((why) => `    ${why}`)] : [])];
  return { contents: { kind: "markdown", value: lines.join("\n") }, range: hovered.nameRange };
}
