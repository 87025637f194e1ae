/**
 * The `screenpol test` use case (semantics.md section 3): find the test files
 * (the config's tests folder, or the named paths), read them bounded, lint
 * them as the lint does (a malformed file is its findings, exit 2), load the
 * policy and address entries of every (environment, vendor, scope) they name
 * (a lint error there is its findings, exit 1), and run every case; with
 * coverage asked, prove which uncovered rules are unreachable and list every
 * policy of the run's scope, the untested ones at 0%. A named policy or
 * address file stands for the test files that test it (the pre-commit hook
 * names staged files).
 */
import { join, resolve } from "node:path";
import type { Config } from "../core/config.js";
import { classifyPath, TEST_FILE_NAME } from "../core/layout.js";
import { lintFails, lintSources, withParse, type LintResult, type SourceFile } from "../core/lint.js";
import { readPolicyTest, runPolicyTests, type PolicyTest, type TestRun, type TestSubject } from "../core/semantics/index.js";
import { uncoveredRules, untestedCoverage, withReachability, type PolicyCoverage } from "../core/semantics/run-tests.js";
import { isScope, isVendor } from "../core/vendors.js";
import { isMissingPath } from "../workspace/named-path.js";
import { readStagedSources } from "../workspace/git-index.js";
import { canonicalPath, collectPaths, listPolicyFiles, readSources, toRepositoryPath, YAML_FILE } from "../workspace/repository.js";
import { loadSubjects, policyFileOf, subjectKey, workingTreeReader, type SourceReader, type SubjectTarget } from "./decision-subjects.js";
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
   * as unreachable, not as missing a case, and list every policy of the
   * scope (docs/semantics.md, "Coverage"), one no test file tests at 0%. The
   * solver is loaded only when some tested rule is uncovered.
   */
  coverage?: boolean;
  /** `--run`: only the cases whose name this matches are run (and counted, and cover). */
  select?: RegExp;
  /**
   * `--staged`: test files, policies and address entries as staged in the Git
   * index, as the commit will hold them (a hook that does not hide unstaged
   * changes: husky, lefthook).
   */
  staged?: boolean;
}

export type PolicyTestOutcome =
  /** A test file is malformed: its findings (exit 2). */
  | { kind: "malformed"; lint: LintResult }
  /** A tested policy or address file has a lint error: its findings (exit 1). */
  | { kind: "findings"; lint: LintResult }
  /** The default tests folder holds no test file; with coverage asked, `run` lists every policy at 0%. */
  | { kind: "none"; folder: string; run: TestRun }
  /** Only policy or address files were named, and no test file tests them. */
  | { kind: "untested"; policyFiles: string[]; run: TestRun }
  | { kind: "ran"; run: TestRun; files: number };

export async function runPolicyTestFiles(request: PolicyTestRequest = {}): Promise<PolicyTestOutcome> {
  const cwd = request.cwd ?? process.cwd();
  const paths = request.paths ?? [];
  const now = request.now ?? new Date();
  const { root, config } = await openWorkspace(cwd);
  const display = await openPathDisplay(root);
  const named = await splitNamedPaths(root, cwd, paths, config);
  const files = request.staged === true ? await stagedFiles(root, cwd, config) : workingTreeFiles(root, cwd, config);
  const sources = await readTestSources(files, named, config);
  const noRun = { passed: 0, failed: 0, cases: [], files: [], coverage: [] };
  if (sources.length === 0) {
    if (named.testPaths.length > 0) throw new UsageError(`no test files in ${named.testPaths.map((path) => JSON.stringify(path)).join(", ")}: test files are named *.test.yaml`);
    // The scope is what was named, or the whole repository: nothing tested, everything in it at 0%.
    const untested = request.coverage === true ? await coverageScope(files, config, named, []) : [];
    const load = await loadSubjects(config, untested, files.read, { now });
    if (load.kind === "findings") return { kind: "findings", lint: showPaths(load.lint, display) };
    const run = { ...noRun, coverage: untested.map((target) => untestedCoverage(target, load.subjects.get(subjectKey(target))!.subject)) };
    if (named.policyFiles.length > 0) return { kind: "untested", policyFiles: named.policyFiles.map((file) => display.show(file)), run };
    return { kind: "none", folder: display.show(config.paths.tests), run };
  }

  // One parse per file: the lint reuses it, and the cases are read from it.
  const parsed = sources.map((source) => withParse(source));
  const lint = lintSources(parsed, { config, now, knownPolicies: await files.policyFiles() });
  if (lintFails(lint)) return { kind: "malformed", lint: showPaths(lint, display) };

  const select = request.select;
  const tests: PolicyTest[] = parsed
    .map((source) => readPolicyTest(display.show(source.file), source.parsed!.document!))
    .map((test) => (select === undefined ? test : { ...test, cases: test.cases.filter((testCase) => select.test(testCase.name)) }));
  const targets = uniqueTargets(tests);
  const untested = request.coverage === true ? await coverageScope(files, config, named, targets) : [];
  const load = await loadSubjects(config, [...targets, ...untested], files.read, { now });
  if (load.kind === "findings") return { kind: "findings", lint: showPaths(load.lint, display) };
  const subjects: TestSubject[] = tests.map((test) => {
    const loaded = load.subjects.get(subjectKey(test))!;
    return { test, subject: loaded.subject, policyFile: display.show(loaded.policyFile) };
  });
  const tested = runPolicyTests(subjects, now);
  const run = request.coverage === true ? await withProvenReachability(tested, subjects, now) : tested;
  const coverage = [...run.coverage, ...untested.map((target) => untestedCoverage(target, load.subjects.get(subjectKey(target))!.subject))];
  return { kind: "ran", run: { ...run, coverage }, files: tests.length };
}

/** The named paths: test files and folders, and the policies named by their policy or address file. */
interface NamedPaths {
  testPaths: string[];
  /** The named files under the policies folder, repository-relative, once each. */
  policyFiles: string[];
  /** The policies they name: a policy file's, both scopes of an address file's (none for a file off the layout). */
  policies: SubjectTarget[];
}

/**
 * A named file under the policies folder is a policy or address file, not a
 * test file: it stands for the test files that test the policies it names
 * (policy-language.md section 1), none when it is off the layout (the lint
 * says why). Anything else named is a test path, run whatever its name.
 */
async function splitNamedPaths(root: string, cwd: string, paths: readonly string[], config: Config): Promise<NamedPaths> {
  const named: NamedPaths = { testPaths: [], policyFiles: [], policies: [] };
  for (const path of paths) {
    const file = toRepositoryPath(root, resolve(cwd, path));
    const role = classifyPath(file, config);
    if (role.kind !== "policy" && role.kind !== "addresses") {
      named.testPaths.push(path);
      continue;
    }
    if (named.policyFiles.includes(file)) continue;
    named.policyFiles.push(file);
    const { environment, providerType, scope } = role;
    if (role.layoutProblem !== undefined || environment === undefined || !isVendor(providerType)) continue;
    const scopes = role.kind === "policy" ? (isScope(scope) ? [scope] : []) : (["SIGN_IN", "TRANSACTION"] as const);
    for (const each of scopes) named.policies.push({ environment, providerType, scope: each });
  }
  return named;
}

/**
 * The policies a coverage covers, those `tested` leaves out: the named ones
 * when any path was named, else every policy file of the repository. An
 * address file's scope without a policy file is no policy.
 */
async function coverageScope(files: TestFiles, config: Config, named: NamedPaths, tested: readonly SubjectTarget[]): Promise<SubjectTarget[]> {
  const policyFiles = await files.policyFiles();
  const inScope: SubjectTarget[] = [];
  if (named.testPaths.length > 0 || named.policyFiles.length > 0) inScope.push(...named.policies.filter((target) => policyFiles.has(policyFileOf(config, target))));
  else {
    for (const file of [...policyFiles].sort()) {
      const role = classifyPath(file, config);
      if (role.kind === "policy" && role.layoutProblem === undefined && role.environment !== undefined && isVendor(role.providerType) && isScope(role.scope)) {
        inScope.push({ environment: role.environment, providerType: role.providerType, scope: role.scope });
      }
    }
  }
  const seen = new Set(tested.map(subjectKey));
  return inScope.filter((target) => {
    const key = subjectKey(target);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
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

/** Where the files of a run come from: the working tree, or the Git index (`--staged`). */
interface TestFiles {
  /** The test files named (files as given, folders searched for `*.test.yaml`); a missing path is a UsageError. */
  named(paths: readonly string[]): Promise<SourceFile[]>;
  /** Every `*.test.yaml` under the tests folder; none when it is absent. */
  folder(): Promise<SourceFile[]>;
  /** The policies and address entries, for loadSubjects. */
  read: SourceReader;
  /** Repository-relative paths of the YAML files under the policies folder. */
  policyFiles(): Promise<Set<string>>;
}

function workingTreeFiles(root: string, cwd: string, config: Config): TestFiles {
  const select = async (paths: readonly string[]): Promise<SourceFile[]> => {
    const selection = await collectPaths(root, cwd, paths, config);
    const named = new Set(selection.named.filter((path) => !selection.emptyFolders.includes(path)));
    // A file named on the command line is a test file because the user says so; found in a folder, its name says it.
    const files = selection.files.filter((file) => named.has(file) || TEST_FILE_NAME.test(file));
    return readSources({ ...selection, files });
  };
  return {
    async named(paths) {
      const missing = (await Promise.all(paths.map(async (path) => ((await isMissingPath(resolve(cwd, path))) ? path : undefined)))).filter((path) => path !== undefined);
      if (missing.length > 0) throw new UsageError(`no test files at ${missing.map((path) => JSON.stringify(path)).join(", ")}: no such file or folder`);
      return select(paths);
    },
    async folder() {
      const folder = join(root, config.paths.tests);
      return (await isMissingPath(folder)) ? [] : select([folder]);
    },
    read: workingTreeReader(root),
    policyFiles: () => listPolicyFiles(root, config),
  };
}

/**
 * The files as staged, read from the index once: the test files anywhere and
 * everything under the policies folder (docs/integrations.md, "Staged content").
 * The working tree's config decides the layout.
 */
async function stagedFiles(root: string, cwd: string, config: Config): Promise<TestFiles> {
  const policiesPrefix = `${config.paths.policies}/`;
  const index = await readStagedSources(root, (path) => path.startsWith(policiesPrefix) || TEST_FILE_NAME.test(path));
  const byPath = new Map(index.map((source) => [source.file, source]));
  const tests = index.filter((source) => TEST_FILE_NAME.test(source.file));
  return {
    async named(paths) {
      const found: SourceFile[] = [];
      for (const path of paths) {
        const file = toRepositoryPath(root, await canonicalPath(resolve(cwd, path)));
        // A file named is a test file because the user says so; under a named folder, its name says it.
        const staged = byPath.get(file) ?? tests.filter((source) => file === "" || source.file.startsWith(`${file}/`));
        const each = Array.isArray(staged) ? staged : [staged];
        if (each.length === 0) throw new UsageError(`no test files at ${JSON.stringify(path)}: not in the Git index (not added, or not tracked)`);
        for (const source of each) if (!found.includes(source)) found.push(source);
      }
      return found;
    },
    folder: async () => tests.filter((source) => source.file.startsWith(`${config.paths.tests}/`)),
    read: async (file) => byPath.get(file),
    policyFiles: async () => new Set(index.filter((source) => source.file.startsWith(policiesPrefix) && YAML_FILE.test(source.file)).map((source) => source.file)),
  };
}

/**
 * The test files to run: named files as given, named folders and the tests
 * folder searched for `*.test.yaml`; for a named policy, the test files of the
 * tests folder whose header names it.
 */
async function readTestSources(files: TestFiles, named: NamedPaths, config: Config): Promise<SourceFile[]> {
  const paths = named.testPaths;
  const everything = paths.length === 0 && named.policyFiles.length === 0;
  const fromPaths = paths.length > 0 ? await files.named(paths) : [];
  if (!everything && named.policies.length === 0) return fromPaths;
  const fromFolder = await files.folder();
  if (everything) return fromFolder;
  const wanted = new Set(named.policies.map(subjectKey));
  // Parsed here to read the header; the run reuses the parse.
  const testing = fromFolder.map((source) => withParse(source)).filter((source) => {
    // A file whose header cannot be read tests nothing named; `screenpol lint` reports it.
    const data: unknown = source.parsed?.document?.data;
    return typeof data === "object" && data !== null && wanted.has(subjectKey(data as SubjectTarget));
  });
  const chosen = new Set(fromPaths.map((source) => source.file));
  return [...fromPaths, ...testing.filter((source) => !chosen.has(source.file))];
}

function uniqueTargets(tests: readonly PolicyTest[]): SubjectTarget[] {
  const targets = new Map<string, SubjectTarget>();
  for (const { environment, providerType, scope } of tests) targets.set(subjectKey({ environment, providerType, scope }), { environment, providerType, scope });
  return [...targets.values()];
}
