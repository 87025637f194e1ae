/**
 * The `screenpol test` use case (semantics.md section 3): find the test files
 * (the config's tests folder, or the named paths), read them bounded, lint
 * them as the lint does (a malformed file is its findings, exit 2), load the
 * policy and address entries of every (environment, vendor, scope) they name
 * (a lint error there is its findings, exit 1), and run every case; with
 * coverage asked, prove which uncovered rules are unreachable.
 */
import { join, resolve } from "node:path";
import type { Config } from "../core/config.js";
import { TEST_FILE_NAME } from "../core/layout.js";
import { lintFails, lintSources, withParse, type LintResult, type SourceFile } from "../core/lint.js";
import { readPolicyTest, runPolicyTests, type PolicyTest, type TestRun, type TestSubject } from "../core/semantics/index.js";
import { uncoveredRules, withReachability, type PolicyCoverage } from "../core/semantics/run-tests.js";
import { isMissingPath } from "../workspace/named-path.js";
import { collectPaths, listPolicyFiles, readSources } from "../workspace/repository.js";
import { loadSubjects, subjectKey, workingTreeReader, type SubjectTarget } from "./decision-subjects.js";
import { openPathDisplay, showPaths } from "./display-paths.js";
import { UsageError } from "./errors.js";
import { openWorkspace } from "./workspace-config.js";

export interface PolicyTestRequest {
  /** Test files or folders (searched for `*.test.yaml`); none: the config's tests folder. */
  paths?: readonly string[];
  /** Where relative paths start and the repository root is searched from; default process.cwd(). */
  cwd?: string;
  /** The clock for address entries' `expiresAt`; default now. */
  now?: Date;
  /**
   * `--coverage`: prove which uncovered rules no screening can reach
   * (docs/semantics.md, "Reachability of rules"), so that they are reported
   * as unreachable, not as missing a case. The solver is loaded only when
   * some rule is uncovered.
   */
  reachability?: boolean;
}

export type PolicyTestOutcome =
  /** A test file is malformed: its findings (exit 2). */
  | { kind: "malformed"; lint: LintResult }
  /** A tested policy or address file has a lint error: its findings (exit 1). */
  | { kind: "findings"; lint: LintResult }
  /** The default tests folder holds no test file. */
  | { kind: "none"; folder: string }
  | { kind: "ran"; run: TestRun; files: number };

export async function runPolicyTestFiles(request: PolicyTestRequest = {}): Promise<PolicyTestOutcome> {
  const cwd = request.cwd ?? process.cwd();
  const paths = request.paths ?? [];
  const now = request.now ?? new Date();
  const { root, config } = await openWorkspace(cwd);
  const display = await openPathDisplay(root);
  const sources = await readTestSources(root, cwd, paths, config);
  if (sources.length === 0) {
    if (paths.length > 0) throw new UsageError(`no test files in ${paths.map((path) => JSON.stringify(path)).join(", ")}: test files are named *.test.yaml`);
    return { kind: "none", folder: display.show(config.paths.tests) };
  }

  // One parse per file: the lint reuses it, and the cases are read from it.
  const parsed = sources.map((source) => withParse(source));
  const lint = lintSources(parsed, { config, now, knownPolicies: await listPolicyFiles(root, config) });
  if (lintFails(lint)) return { kind: "malformed", lint: showPaths(lint, display) };

  const tests: PolicyTest[] = parsed.map((source) => readPolicyTest(display.show(source.file), source.parsed!.document!));
  const targets = uniqueTargets(tests);
  const load = await loadSubjects(config, targets, workingTreeReader(root), { now });
  if (load.kind === "findings") return { kind: "findings", lint: showPaths(load.lint, display) };
  const subjects: TestSubject[] = tests.map((test) => {
    const loaded = load.subjects.get(subjectKey(test))!;
    return { test, subject: loaded.subject, policyFile: display.show(loaded.policyFile) };
  });
  const run = runPolicyTests(subjects, now);
  return { kind: "ran", run: request.reachability === true ? await withProvenReachability(run, subjects, now) : run, files: tests.length };
}

/**
 * The run with every tested policy's uncovered rules asked of the prover,
 * one policy after another, the solver closed before this returns. A policy
 * with no uncovered rule is not asked, and when none has one z3 is not loaded.
 */
async function withProvenReachability(run: TestRun, subjects: readonly TestSubject[], now: Date): Promise<TestRun> {
  const asked = run.coverage.map((coverage) => {
    // runPolicyTests made one coverage entry per tested policy, from these subjects.
    const { subject } = subjects.find(({ test }) => test.environment === coverage.environment && test.providerType === coverage.providerType && test.scope === coverage.scope)!;
    return { coverage, subject, ask: uncoveredRules(coverage, subject).length > 0 };
  });
  if (!asked.some(({ ask }) => ask)) return { ...run, coverage: run.coverage.map((coverage) => withReachability(coverage, undefined)) };
  const [{ reachabilityOf }, { withSolver }] = await Promise.all([import("./reachability.js"), import("./solver.js")]);
  const coverage = await withSolver(async () => {
    const proven: PolicyCoverage[] = [];
    for (const { coverage, subject, ask } of asked) proven.push(withReachability(coverage, ask ? await reachabilityOf(subject, { now: now.getTime() }) : undefined));
    return proven;
  });
  return { ...run, coverage };
}

/** The test files to run, read bounded: named files as given, named folders and the tests folder searched for `*.test.yaml`. */
async function readTestSources(root: string, cwd: string, paths: readonly string[], config: Config): Promise<SourceFile[]> {
  const missing = (await Promise.all(paths.map(async (path) => ((await isMissingPath(resolve(cwd, path))) ? path : undefined)))).filter((path) => path !== undefined);
  if (missing.length > 0) throw new UsageError(`no test files at ${missing.map((path) => JSON.stringify(path)).join(", ")}: no such file or folder`);
  const folder = join(root, config.paths.tests);
  if (paths.length === 0 && (await isMissingPath(folder))) return [];
  const selection = await collectPaths(root, cwd, paths.length > 0 ? paths : [folder], config);
  const named = new Set(selection.named.filter((path) => !selection.emptyFolders.includes(path)));
  // A file named on the command line is a test file because the user says so; found in a folder, its name says it.
  const files = selection.files.filter((file) => named.has(file) || TEST_FILE_NAME.test(file));
  return readSources({ ...selection, files });
}

function uniqueTargets(tests: readonly PolicyTest[]): SubjectTarget[] {
  const targets = new Map<string, SubjectTarget>();
  for (const { environment, providerType, scope } of tests) targets.set(subjectKey({ environment, providerType, scope }), { environment, providerType, scope });
  return [...targets.values()];
}
