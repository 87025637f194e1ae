/**
 * The policy test runner (semantics.md section 3): every case decided by the
 * one decision procedure (decide.ts) against the subject of its file's policy,
 * compared with what it expects, and the coverage of each tested policy. Pure:
 * the clock comes in as `now`.
 */
import { matchesEveryScreening } from "../checks/catch-all.js";
import type { Action } from "../vendors.js";
import { decide, traceRuleOf } from "./decide.js";
import { explainDecision } from "./describe.js";
import { STEPS, type Decision } from "./decision.js";
import type { DecisionSubject } from "./subject.js";
import type { PolicyTest } from "./test-file.js";
import type { SubjectReachability } from "./weakening/model.js";

/** A test file and the subject of the policy it names. */
export interface TestSubject {
  test: PolicyTest;
  subject: DecisionSubject;
  /** Repository-relative path of the policy file, for messages. */
  policyFile: string;
}

export interface CaseResult {
  file: string;
  line: number;
  name: string;
  ok: boolean;
  expected: { action: Action; by?: string };
  actual: Decision;
  /** Set when `expect.by` names a rule the policy does not hold: the case fails, whatever the decision. */
  missingRule?: string;
  /** A failing case's decision in words (describe.ts explainDecision): why it was taken, and what the expected rule or step saw. */
  why?: string[];
}

/** A coverable rule or step of a tested policy that no case reached. */
export interface UncoveredItem {
  environment: string;
  providerType: string;
  scope: string;
  by: string;
}

export interface PolicyCoverage {
  environment: string;
  providerType: string;
  scope: string;
  /** Every coverable item, in decision order. */
  coverable: string[];
  /** The coverable items no case reached, those proven unreachable excepted when `unreachable` is set. */
  uncovered: string[];
  /**
   * False for a policy of the coverage's scope that no test file tests
   * (docs/semantics.md, "Coverage"): every item uncovered, reachability not asked.
   */
  tested?: boolean;
  /**
   * Set once reachability was asked (`test --coverage`; docs/semantics.md,
   * "Reachability of rules"): the uncovered rules no screening can reach,
   * each with the rules that take its matches (none: no screening matches
   * it). No case can cover them.
   */
  unreachable?: UnreachableRule[];
}

export interface UnreachableRule {
  by: string;
  takenBy: string[];
}

export interface TestRun {
  passed: number;
  failed: number;
  cases: CaseResult[];
  /** The test files run, in order, with the policy each tests. */
  files: Array<{ file: string; environment: string; providerType: string; scope: string }>;
  /** One entry per tested policy, in the order of the first file that tests it. */
  coverage: PolicyCoverage[];
}

function policyKey(policy: { environment: string; providerType: string; scope: string }): string {
  return `${policy.environment}\u0000${policy.providerType}\u0000${policy.scope}`;
}

/** Runs every case of every file, in order. Failing cases keep the decision's trace, for the report. */
export function runPolicyTests(tests: readonly TestSubject[], now: Date): TestRun {
  const cases: CaseResult[] = [];
  const reached = new Map<string, { subject: DecisionSubject; test: PolicyTest; by: Set<string> }>();
  for (const { test, subject, policyFile } of tests) {
    const key = policyKey(test);
    let policy = reached.get(key);
    if (policy === undefined) {
      policy = { subject, test, by: new Set() };
      reached.set(key, policy);
    }
    const ruleIds = new Set(subject.policy?.rules.postScreen.map((rule) => rule.id) ?? []);
    for (const testCase of test.cases) {
      const actual = decide(subject, testCase.screening, { now });
      policy.by.add(actual.by);
      const expectedBy = testCase.expect.by;
      const missingRule = expectedBy !== undefined && !(STEPS as readonly string[]).includes(expectedBy) && !ruleIds.has(expectedBy) ? expectedBy : undefined;
      const ok = missingRule === undefined && actual.action === testCase.expect.action && (expectedBy === undefined || expectedBy === actual.by);
      if (ok) {
        cases.push({ file: test.file, line: testCase.line, name: testCase.name, ok, expected: testCase.expect, actual });
        continue;
      }
      // Only a failing case pays for the trace: replay-sized suites are mostly green.
      const traced = decide(subject, testCase.screening, { now, trace: true });
      const expectedRule = expectedBy !== undefined && ruleIds.has(expectedBy) ? traceRuleOf(subject, expectedBy, testCase.screening) : undefined;
      cases.push({
        file: test.file,
        line: testCase.line,
        name: testCase.name,
        ok,
        expected: testCase.expect,
        actual: traced,
        ...(missingRule === undefined ? {} : { missingRule: `rule ${missingRule} does not exist in ${policyFile}` }),
        why: explainDecision(traced, { subject, screening: testCase.screening, policyFile }, { by: expectedBy, rule: expectedRule }),
      });
    }
  }
  const coverage = [...reached.values()].map(({ subject, test, by }) => {
    const coverable = coverableItems(subject);
    return { environment: test.environment, providerType: test.providerType, scope: test.scope, coverable, uncovered: coverable.filter((item) => !by.has(item)) };
  });
  const passed = cases.filter((result) => result.ok).length;
  const files = tests.map(({ test }) => ({ file: test.file, environment: test.environment, providerType: test.providerType, scope: test.scope }));
  return { passed, failed: cases.length - passed, cases, files, coverage };
}

/**
 * What a test suite of one policy can reach, in decision order (the coverage
 * definition in docs/semantics.md): the floor always; address-entry when an
 * entry of this scope or ALL exists; policy-disabled alone when the policy is
 * absent or disabled; pre-screen when it gates anything; every rule; the
 * terminal ALLOW unless a rule matches every screening. Only `{}` (or an `anyOf`
 * with an empty alternative and nothing beside it) does: a rule on `riskScore
 * {gte: 0}` or `riskLevel {atLeast: low}` lets a screening without that signal
 * through to the terminal ALLOW (semantics.md section 2), and a suite should be
 * told to try one.
 */
export function coverableItems(subject: DecisionSubject): string[] {
  const items = ["sanctions-floor"];
  if ((subject.addressEntries ?? []).some((entry) => entry.scope === "ALL" || entry.scope === subject.scope)) items.push("address-entry");
  const policy = subject.policy;
  if (policy === undefined || !policy.enabled) return [...items, "policy-disabled"];
  const preScreen = policy.rules.preScreen;
  const transaction = subject.scope === "TRANSACTION";
  if (preScreen.chains !== undefined || (transaction && (preScreen.tokens !== undefined || (preScreen.minAmountUsd ?? 0) > 0))) items.push("pre-screen");
  const rules = policy.rules.postScreen;
  items.push(...rules.map((rule) => rule.id));
  if (!rules.some((rule) => matchesEveryScreening(rule.when))) items.push("terminal-allow");
  return items;
}

/** The uncovered items of a policy that are rules: those whose reachability can be asked. */
export function uncoveredRules(coverage: PolicyCoverage, subject: DecisionSubject): string[] {
  const rules = new Set(subject.policy?.rules.postScreen.map((rule) => rule.id) ?? []);
  return coverage.uncovered.filter((item) => rules.has(item));
}

/**
 * The coverage with the rules `reachability` proves unreachable moved from
 * `uncovered` to `unreachable`; a rule it could not decide (`unknown`) stays
 * uncovered, as does every reachable one.
 */
export function withReachability(coverage: PolicyCoverage, reachability: SubjectReachability | undefined): PolicyCoverage {
  const proven = new Map<string, string[]>();
  for (const rule of reachability?.rules ?? []) if (rule.status === "unreachable") proven.set(rule.id, rule.takers.map((taker) => taker.by));
  const unreachable = coverage.uncovered.flatMap((by) => {
    const takenBy = proven.get(by);
    return takenBy === undefined ? [] : [{ by, takenBy }];
  });
  return { ...coverage, uncovered: coverage.uncovered.filter((item) => !proven.has(item)), unreachable };
}

/**
 * The coverage of a policy no test file tests: every item uncovered, so 0%
 * (docs/semantics.md, "Coverage"), listed where it used to be absent.
 */
export function untestedCoverage(policy: { environment: string; providerType: string; scope: string }, subject: DecisionSubject): PolicyCoverage {
  const coverable = coverableItems(subject);
  return { environment: policy.environment, providerType: policy.providerType, scope: policy.scope, coverable, uncovered: coverable, tested: false };
}

/** Reached and reachable items of one policy, or of all of them. */
export interface CoverageFigure {
  /** Coverable items some case reached. */
  covered: number;
  /** Coverable items, less the rules proven unreachable (no case can reach them). */
  total: number;
}

/** Covered over total, for a policy: what a threshold is compared with. */
export function coverageFigure(policy: PolicyCoverage): CoverageFigure {
  const total = policy.coverable.length - (policy.unreachable?.length ?? 0);
  return { covered: total - policy.uncovered.length, total };
}

/** Every policy's items added up: covered items of all over coverable items of all (not a mean of percentages). */
export function overallCoverage(coverage: readonly PolicyCoverage[]): CoverageFigure {
  const figures = coverage.map(coverageFigure);
  return { covered: figures.reduce((sum, figure) => sum + figure.covered, 0), total: figures.reduce((sum, figure) => sum + figure.total, 0) };
}

/**
 * The figure as a percentage, one decimal, rounded down: 99.96% prints
 * `99.9%`, never a `100.0%` that a threshold of 100 would then refuse. Nothing
 * to cover is 100%.
 */
export function coveragePercent(figure: CoverageFigure): string {
  if (figure.total === 0) return "100.0%";
  return `${(Math.floor((figure.covered * 1000) / figure.total) / 10).toFixed(1)}%`;
}

/** True when the figure is under `threshold` percent, compared exactly (not the rounded text). */
export function isUnderThreshold(figure: CoverageFigure, threshold: number): boolean {
  return figure.total > 0 && figure.covered * 100 < threshold * figure.total;
}

/** The uncovered items of every tested policy, flattened as the JSON report lists them. */
export function uncoveredItems(run: TestRun): UncoveredItem[] {
  return run.coverage.flatMap(({ environment, providerType, scope, uncovered }) => uncovered.map((by) => ({ environment, providerType, scope, by })));
}

/** The rules proven unreachable in every tested policy, flattened as the JSON report lists them. */
export function unreachableItems(run: TestRun): Array<UncoveredItem & UnreachableRule> {
  return run.coverage.flatMap(({ environment, providerType, scope, unreachable }) => (unreachable ?? []).map((rule) => ({ environment, providerType, scope, ...rule })));
}

/**
 * Runs of separate test files as one run, in the order given: counts added,
 * cases and files concatenated, the coverage of a policy tested by several of
 * them merged (an item is uncovered when no run reached it).
 */
export function mergeTestRuns(runs: readonly TestRun[]): TestRun {
  const coverage = new Map<string, PolicyCoverage>();
  for (const policy of runs.flatMap((run) => run.coverage)) {
    const key = policyKey(policy);
    const known = coverage.get(key);
    coverage.set(key, known === undefined ? policy : { ...known, uncovered: known.uncovered.filter((item) => policy.uncovered.includes(item)) });
  }
  return {
    passed: runs.reduce((sum, run) => sum + run.passed, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    cases: runs.flatMap((run) => run.cases),
    files: runs.flatMap((run) => run.files),
    coverage: [...coverage.values()],
  };
}
