/**
 * The sample repository's policy tests (tests/<env>/<vendor>/<scope>.test.yaml,
 * semantics.md section 3) hold against the sample policies and address entries,
 * and together reach every rule and step that can be reached: the coverage
 * `screenpol test --coverage` reports. Decided here directly, so the files are
 * checked before (and apart from) the runner that will read them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { loadSubjects, workingTreeReader, subjectKey, type LoadedSubject, type SubjectTarget } from "../../src/app/decision-subjects.js";
import { toConfig } from "../../src/core/config.js";
import { decide, readScreening } from "../../src/core/semantics/index.js";
import { PROJECT_ROOT } from "../helpers/run-cli.js";

/** The runner's clock is the current date; the samples' entries must hold from this day on. */
const NOW = new Date("2026-11-23T00:00:00Z");
const MODELINE = "# yaml-language-server: $schema=../../../schemas/policy-test.schema.json";

interface PolicyTestFile extends SubjectTarget {
  cases: Array<{ name: string; screening: unknown; expect: { action: string; by: string } }>;
}

const config = toConfig(parse(readFileSync(join(PROJECT_ROOT, "screenpol.config.yaml"), "utf8")));
const testFiles = (readdirSync(join(PROJECT_ROOT, "tests"), { recursive: true }) as string[]).filter((file) => file.endsWith(".test.yaml")).sort();
const texts = new Map(testFiles.map((file) => [file, readFileSync(join(PROJECT_ROOT, "tests", file), "utf8")]));
const tests = testFiles.map((file) => ({ file, ...(parse(texts.get(file)!) as PolicyTestFile) }));
const samplePolicies = (readdirSync(join(PROJECT_ROOT, config.paths.policies), { recursive: true }) as string[])
  .filter((file) => /(SIGN_IN|TRANSACTION)\.yaml$/.test(file))
  .map((file) => file.replace(/\.yaml$/, ".test.yaml"))
  .sort();

const load = await loadSubjects(config, tests, workingTreeReader(PROJECT_ROOT), { now: NOW });
const subjects = load.kind === "subjects" ? load.subjects : new Map<string, LoadedSubject>();

/** What a case can reach, by the coverage definition shared with `screenpol test --coverage`. */
function coverable(loaded: LoadedSubject): string[] {
  const { subject } = loaded;
  const reachable = ["sanctions-floor"];
  if ((subject.addressEntries ?? []).some((entry) => entry.scope === "ALL" || entry.scope === subject.scope)) reachable.push("address-entry");
  const policy = subject.policy;
  if (policy === undefined || !policy.enabled) return [...reachable, "policy-disabled"];
  const pre = policy.rules.preScreen;
  const transaction = subject.scope === "TRANSACTION";
  if (pre.chains !== undefined || (transaction && (pre.tokens !== undefined || (pre.minAmountUsd ?? 0) > 0))) reachable.push("pre-screen");
  reachable.push(...policy.rules.postScreen.map((rule) => rule.id));
  if (!policy.rules.postScreen.some((rule) => Object.keys(rule.when).length === 0)) reachable.push("terminal-allow");
  return reachable;
}

describe("the sample policy tests", () => {
  it("load: the sample policies and address entries lint clean", () => {
    expect(load.kind === "findings" ? load.lint.diagnostics.filter((diagnostic) => diagnostic.severity === "error") : []).toEqual([]);
  });

  it("exist for every sample policy, one file each, named by its identity", () => {
    expect(testFiles).toEqual(samplePolicies);
    for (const test of tests) expect(test.file).toBe(`${test.environment}/${test.providerType}/${test.scope}.test.yaml`);
  });

  it("start with the modeline of the policy-test schema", () => {
    for (const [file, text] of texts) expect(text.split("\n")[0], file).toBe(MODELINE);
  });
});

describe.each(tests)("tests/$file", (test) => {
  const loaded = subjects.get(subjectKey(test))!;

  it.each(test.cases)("$name", (testCase) => {
    const reading = readScreening(testCase.screening, test.providerType, test.scope);
    expect(reading.ok ? [] : reading.findings).toEqual([]);
    if (!reading.ok) return;
    const { action, by, trace } = decide(loaded.subject, reading.screening, { now: NOW, trace: true });
    expect({ action, by }).toEqual(testCase.expect);
    // The runner decides at the current date: an entry that expires would make this case fail one day.
    const entry = trace?.find((step) => step.step === "address-entry");
    expect(entry?.step === "address-entry" ? entry.entry?.expiresAt : undefined).toBeUndefined();
  });

  it("reaches every rule and step that can be reached", () => {
    const reached = new Set(test.cases.map((testCase) => testCase.expect.by));
    expect([...new Set(coverable(loaded))].filter((by) => !reached.has(by))).toEqual([]);
  });
});
