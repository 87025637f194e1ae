/**
 * The policy tests of one policy, run as watch runs them
 * (core/semantics/test-session.ts) over the editor's lint: every test file the
 * lint holds whose header names the policy, as its open buffer or the file on
 * disk has it. For the rules' "N test cases" lenses, the hover of a rule, and
 * the command the lenses run.
 */
import type { EditorLint } from "../app/editor-workspace.js";
import { isRecord } from "../core/config.js";
import type { ParsedDocument } from "../core/document.js";
import { classifyPath, policyPathOf } from "../core/layout.js";
import { createTestSession, type WatchedTests } from "../core/semantics/test-session.js";
import { isScope, isVendor } from "../core/vendors.js";
import { parsedDocument } from "./rules.js";

export interface PolicyTests {
  /** The test files of the policy, repository-relative, in path order. */
  files: string[];
  tests: WatchedTests;
}

export function policyTests(lint: EditorLint, policyFile: string, now: Date): PolicyTests {
  const documents = new Map<string, ParsedDocument | undefined>();
  for (const [file, data] of lint.result.data) {
    if (classifyPath(file, lint.config).kind !== "policy-test" || !isRecord(data)) continue;
    const { environment, providerType, scope } = data;
    if (typeof environment !== "string" || !isVendor(providerType) || !isScope(scope)) continue;
    if (policyPathOf(lint.config, environment, providerType, scope) !== policyFile) continue;
    documents.set(file, parsedDocument(lint.result.sources.get(file) ?? ""));
  }
  const files = [...documents.keys()].sort();
  return { files, tests: createTestSession(lint.config).rerun({ lint: lint.result, tests: documents, changed: files, now }) };
}

/** How many cases each rule decides (its id -> count; a rule no case reaches is absent). */
export function casesReaching(tests: WatchedTests): Map<string, number> {
  const counts = new Map<string, number>();
  for (const result of tests.run.cases) counts.set(result.actual.by, (counts.get(result.actual.by) ?? 0) + 1);
  return counts;
}

/** `12 passed, 1 failed in tests/...; not run: ...`: what the lens's command reports. */
export function testSummary(policyFile: string, { files, tests }: PolicyTests): string {
  if (files.length === 0) return `screenpol test: no test file tests ${policyFile}`;
  const notRun = tests.notRun.map((entry) => `${entry.file} not run: ${entry.reason}`);
  const ran = `${tests.run.passed} passed, ${tests.run.failed} failed in ${files.join(", ")}`;
  return `screenpol test: ${[ran, ...notRun].join("; ")}`;
}
