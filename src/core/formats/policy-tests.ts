/**
 * The reports of `screenpol test` (semantics.md section 3): pretty (failures,
 * then coverage when asked, then `N passed, N failed` as the last line), JSON
 * (version 1), JUnit XML (one testsuite per file) and GitHub workflow commands
 * (an annotation per failing case). Pure: the same run gives the same bytes.
 */
import type { CaseResult, PolicyCoverage, TestRun, UnreachableRule } from "../semantics/run-tests.js";
import type { WatchedTests } from "../semantics/test-session.js";
import { coverageFigure, coveragePercent, overallCoverage, uncoveredItems, unreachableItems } from "../semantics/run-tests.js";
import { escapeData, escapeProperty } from "./github.js";
import { escapeAttribute, escapeText } from "./junit.js";
import { printable } from "./pretty.js";

import type { TestFormatName } from "./index.js";

export interface TestReportOptions {
  /** Pretty and JUnit: list the uncovered rules and steps (JSON always carries them). */
  coverage: boolean;
  color?: boolean;
}

export function formatTestRun(format: TestFormatName, run: TestRun, options: TestReportOptions): string {
  if (format === "json") return formatTestJson(run, options);
  if (format === "junit") return formatTestJunit(run, options);
  if (format === "github") return formatTestGithub(run);
  return formatTestPretty(run, options);
}

/** `BLOCK by block-mixers`; an expectation without `by` is the action alone. */
function decisionText(decision: { action: string; by?: string }): string {
  return decision.by === undefined ? decision.action : `${decision.action} by ${decision.by}`;
}

// The width of "expected: ": the why's further lines sit under its first.
const WHY_INDENT = " ".repeat(10);

function failureLines(result: CaseResult): string[] {
  const lines = [`expected: ${decisionText(result.expected)}`, `actual:   ${decisionText(result.actual)}`];
  if (result.missingRule !== undefined) lines.push(result.missingRule);
  // Addresses and entry reasons come from files: no control character reaches the terminal or the XML.
  const why = (result.why ?? []).map(printable);
  if (why.length > 0) lines.push(`why:      ${why[0]}`, ...why.slice(1).map((line) => `${WHY_INDENT}${line}`));
  return lines;
}

export function formatTestPretty(run: TestRun, options: TestReportOptions): string {
  const red = (text: string): string => (options.color ? `\x1b[31m${text}\x1b[0m` : text);
  const out: string[] = [];
  for (const result of run.cases) {
    if (result.ok) continue;
    out.push(`${red("FAIL")} ${result.file}:${result.line}  ${result.name}`, ...failureLines(result).map((line) => `  ${line}`), "");
  }
  if (options.coverage) {
    out.push("coverage: rules and steps reached, and those no case reached, per policy");
    for (const policy of run.coverage) out.push(`  ${policy.environment} ${policy.providerType} ${policy.scope}: ${figureText(policy)}: ${coverageText(policy)}`);
    const overall = overallCoverage(run.coverage);
    out.push(`  overall: ${coveragePercent(overall)} (${overall.covered} of ${overall.total})`, "");
  }
  out.push(`${run.passed} passed, ${run.failed} failed`);
  return `${out.join("\n")}\n`;
}

/** `60.0% (3 of 5)`; a policy no test file tests says so: `0.0% (0 of 4), no test file`. */
function figureText(policy: PolicyCoverage): string {
  const figure = coverageFigure(policy);
  return `${coveragePercent(figure)} (${figure.covered} of ${figure.total})${policy.tested === false ? ", no test file" : ""}`;
}

/**
 * `pre-screen, alert-score; unreachable: block-exchange (taken by
 * allow-partners)`: the items a case could still reach, then the rules proven
 * unreachable (docs/semantics.md, "Reachability of rules"), which no case
 * can.
 */
function coverageText(policy: PolicyCoverage): string {
  const unreachable = (policy.unreachable ?? []).map(unreachableText);
  if (policy.uncovered.length === 0 && unreachable.length === 0) return "full coverage";
  const parts = policy.uncovered.length === 0 ? [] : [policy.uncovered.join(", ")];
  if (unreachable.length > 0) parts.push(`unreachable: ${unreachable.join(", ")}`);
  return parts.join("; ");
}

/** `block-exchange (taken by allow-partners)`; a rule no screening matches at all says so. */
function unreachableText(rule: UnreachableRule): string {
  return `${rule.by} (${rule.takenBy.length === 0 ? "no screening matches it" : `taken by ${rule.takenBy.join(", ")}`})`;
}

/**
 * The tests block of a watch redraw: a line per test file not run, right below
 * the findings that say why, then the failures and `N passed, N failed` as
 * `screenpol test` prints them, counted over every test file that ran.
 */
export function formatWatchedTests(tests: WatchedTests, options: { color?: boolean }): string {
  const notRun = tests.notRun.map(({ file, reason }) => `${file}: tests not run: ${reason}\n`).join("");
  return `${notRun}${formatTestPretty(tests.run, { coverage: false, color: options.color })}`;
}

/** With coverage asked, `unreachable` lists the rules proven unreachable, which `uncovered` then leaves out. */
export function formatTestJson(run: TestRun, options: Pick<TestReportOptions, "coverage"> = { coverage: false }): string {
  const report = {
    version: 1,
    passed: run.passed,
    failed: run.failed,
    cases: run.cases.map((result) => ({
      file: result.file,
      line: result.line,
      name: result.name,
      ok: result.ok,
      expected: { action: result.expected.action, by: result.expected.by ?? null },
      actual: { action: result.actual.action, by: result.actual.by },
      // Failing cases only: the decision in the words of the pretty report (docs/semantics.md).
      ...(result.why === undefined ? {} : { why: result.why }),
    })),
    uncovered: uncoveredItems(run),
    ...(options.coverage ? { unreachable: unreachableItems(run), coverage: coverageJson(run) } : {}),
  };
  return `${JSON.stringify(report)}\n`;
}

/**
 * `{"percent","covered","total","policies":[{"environment","providerType","scope","tested","percent","covered","total"}]}`:
 * `percent` is the number the pretty report prints, one decimal rounded down.
 */
function coverageJson(run: TestRun): object {
  const overall = overallCoverage(run.coverage);
  return {
    percent: Number.parseFloat(coveragePercent(overall)),
    ...overall,
    policies: run.coverage.map((policy) => {
      const figure = coverageFigure(policy);
      return { environment: policy.environment, providerType: policy.providerType, scope: policy.scope, tested: policy.tested !== false, percent: Number.parseFloat(coveragePercent(figure)), ...figure };
    }),
  };
}

/**
 * One `::error` workflow command per failing case, at its file and line
 * (its list item), which the runner shows as an annotation on the test file:
 * the title is the case's name, the message what was expected, what was
 * decided and why, as the pretty report says it. Passing cases print nothing.
 */
export function formatTestGithub(run: TestRun): string {
  return run.cases
    .filter((result) => !result.ok)
    .map((result) => `::error file=${escapeProperty(result.file)},line=${result.line},title=${escapeProperty(`screenpol test: ${printable(result.name)}`)}::${escapeData(failureLines(result).join("\n"))}\n`)
    .join("");
}

/**
 * One `<testsuite>` per test file (named by its path) and one `<testcase>` per
 * case, `classname` the file as JUnit viewers group by it; a failing case holds
 * one `<failure>`. With coverage asked for, the uncovered items of each policy
 * go to the `<system-out>` of the suites that test it.
 */
export function formatTestJunit(run: TestRun, options: TestReportOptions): string {
  const byFile = new Map<string, CaseResult[]>();
  for (const result of run.cases) byFile.set(result.file, [...(byFile.get(result.file) ?? []), result]);
  const counts = (results: readonly CaseResult[]): string => `tests="${results.length}" failures="${results.filter((result) => !result.ok).length}" errors="0" skipped="0"`;
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites name="screenpol test" ${counts(run.cases)}>`];
  for (const [file, results] of byFile) {
    lines.push(`  <testsuite name="${escapeAttribute(file)}" ${counts(results)}>`);
    for (const result of results) {
      const open = `    <testcase classname="${escapeAttribute(file)}" name="${escapeAttribute(result.name)}" file="${escapeAttribute(file)}" line="${result.line}"`;
      if (result.ok) {
        lines.push(`${open}/>`);
        continue;
      }
      const message = result.missingRule ?? `expected ${decisionText(result.expected)}, got ${decisionText(result.actual)}`;
      lines.push(`${open}>`, `      <failure message="${escapeAttribute(message)}" type="decision">${escapeText([`${file}:${result.line}`, ...failureLines(result)].join("\n"))}</failure>`, "    </testcase>");
    }
    if (options.coverage) {
      const tested = run.files.find((entry) => entry.file === file);
      const uncovered = uncoveredItems(run).filter((item) => item.environment === tested?.environment && item.providerType === tested.providerType && item.scope === tested.scope);
      const unreachable = unreachableItems(run).filter((item) => item.environment === tested?.environment && item.providerType === tested.providerType && item.scope === tested.scope);
      const notes = [
        ...uncovered.map((item) => `not reached: ${item.environment} ${item.providerType} ${item.scope} ${item.by}`),
        ...unreachable.map((item) => `unreachable: ${item.environment} ${item.providerType} ${item.scope} ${unreachableText(item)}`),
      ];
      if (notes.length > 0) lines.push(`    <system-out>${escapeText(notes.join("\n"))}</system-out>`);
    }
    lines.push("  </testsuite>");
  }
  lines.push("</testsuites>");
  return `${lines.join("\n")}\n`;
}
