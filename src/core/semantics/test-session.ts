/**
 * Policy tests for watch mode, beside the lint session (core/lint.ts): each
 * test file's last result is kept, and a batch of saves re-runs only the files
 * it affects, so the counts are always the whole suite's. Pure: the watch
 * passes what its lint session holds (data, findings, the test files' parses)
 * and the clock; nothing is read here.
 */
import type { Config } from "../config.js";
import type { ParsedDocument } from "../document.js";
import { addressesPathOf, policyPathOf } from "../layout.js";
import { filesWithoutMeaning, type LintResult } from "../lint.js";
import { mergeTestRuns, runPolicyTests, type TestRun } from "./run-tests.js";
import type { AddressEntryDocument, PolicyDocument } from "./subject.js";
import { readPolicyTest } from "./test-file.js";

/** A test file whose cases were not run, and why (a lint error, a missing policy). */
export interface TestsNotRun {
  file: string;
  reason: string;
}

export interface WatchedTests {
  /** Every test file that ran, the cached ones included, in path order. */
  run: TestRun;
  notRun: TestsNotRun[];
}

export interface TestSessionInput {
  /** The lint session's result, paths repository-relative. */
  lint: LintResult;
  /** Every test file the lint session holds, with its parse when it read cleanly. */
  tests: ReadonlyMap<string, ParsedDocument | undefined>;
  /** Repository-relative paths saved or removed since the last call. */
  changed: readonly string[];
  now: Date;
}

export interface TestSession {
  rerun(input: TestSessionInput): WatchedTests;
}

type FileOutcome = { kind: "ran"; run: TestRun } | { kind: "not-run"; reason: string };

/**
 * `show` turns a repository-relative path into the one the output names, as
 * the lint's paths are shown (app/display-paths.ts).
 */
export function createTestSession(config: Config, show: (file: string) => string = (file) => file): TestSession {
  const outcomes = new Map<string, FileOutcome>();
  return {
    rerun({ lint, tests, changed, now }) {
      for (const file of outcomes.keys()) if (!tests.has(file)) outcomes.delete(file);
      const saved = new Set(changed);
      const failing = filesWithoutMeaning(lint);
      for (const diagnostic of lint.diagnostics) if (diagnostic.severity === "error") failing.add(diagnostic.file);
      for (const [file, document] of tests) {
        if (document === undefined || failing.has(file)) {
          outcomes.set(file, { kind: "not-run", reason: "it has errors" });
          continue;
        }
        // Without errors the header is valid (the test file's schema).
        const test = readPolicyTest(show(file), document);
        const policyFile = policyPathOf(config, test.environment, test.providerType, test.scope);
        const addressesFile = addressesPathOf(config, test.environment, test.providerType);
        // Checked on every batch, not only for saved files: a cross-file finding
        // (duplicate-policy) can land on the policy when another file is saved.
        const reason = [policyFile, addressesFile].filter((path) => failing.has(path)).map((path) => `${show(path)} has errors`)[0] ??
          (lint.data.has(policyFile) ? undefined : `no policy file ${show(policyFile)} among the watched files`);
        if (reason !== undefined) {
          outcomes.set(file, { kind: "not-run", reason });
          continue;
        }
        const known = outcomes.get(file);
        if (known?.kind === "ran" && !saved.has(file) && !saved.has(policyFile) && !saved.has(addressesFile)) continue;
        const policy = lint.data.get(policyFile) as PolicyDocument;
        const addresses = lint.data.get(addressesFile) as { entries: AddressEntryDocument[] } | undefined;
        const subject = { providerType: test.providerType, scope: test.scope, policy, addressEntries: addresses?.entries ?? [] };
        outcomes.set(file, { kind: "ran", run: runPolicyTests([{ test, subject, policyFile: show(policyFile) }], now) });
      }
      const ordered = [...outcomes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return {
        run: mergeTestRuns(ordered.flatMap(([, outcome]) => (outcome.kind === "ran" ? [outcome.run] : []))),
        notRun: ordered.flatMap(([file, outcome]) => (outcome.kind === "not-run" ? [{ file: show(file), reason: outcome.reason }] : [])),
      };
    },
  };
}
