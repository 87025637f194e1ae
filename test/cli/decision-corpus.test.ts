/**
 * The decision corpus (test/fixtures/decisions/) through `screenpol test`, the
 * built CLI, as a user runs it: ONE generated repository holding every case
 * (an environment per case, its policy and address files, a test file with
 * the case), one process for the whole corpus. The in-process engines run the
 * same corpus in test/core/semantics/decision-corpus.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { readIsoDateTime } from "../../src/core/iso-date.js";
import type { AddressEntryDocument } from "../../src/core/semantics/index.js";
import { MIN_DECISION_CASES, readDecisionCorpus, type DecisionCase } from "../helpers/decision-corpus.js";
import { runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const corpus = readDecisionCorpus();
/**
 * `screenpol test` refuses a test of a policy that has no file (unknown-policy,
 * docs/semantics.md "Policy tests"): the cases that decide with no policy
 * file run in the in-process engines only.
 */
const tested = corpus.cases.filter((item) => item.subject.policy !== undefined);
const withoutPolicy = corpus.cases.length - tested.length;

/** One clock for the run: the one most cases are decided at. */
const RUN_NOW = mostCommon(tested.map((item) => item.now));

interface Report {
  passed: number;
  failed: number;
  cases: Array<{ file: string; name: string; ok: boolean; expected: { action: string; by: string | null }; actual: { action: string; by: string } }>;
}

let repo: TempRepo;
let run: CliRun;
const environments: string[] = [];

beforeAll(async () => {
  repo = makeTempRepo({ samples: false });
  const config: Record<string, { id: string; kind: "sandbox" }> = {};
  tested.forEach((item, index) => {
    const environment = `case-${String(index + 1).padStart(3, "0")}`;
    environments.push(environment);
    config[environment] = { id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`, kind: "sandbox" };
    const { providerType, scope, policy, addressEntries = [] } = item.subject;
    const folder = `policies/${environment}/${providerType}`;
    repo.write(`${folder}/${scope}.yaml`, stringify(policy));
    if (addressEntries.length > 0) repo.write(`${folder}/addresses.yaml`, stringify({ providerType, entries: addressEntries.map((entry) => atRunClock(entry, item)) }));
    repo.write(`tests/${environment}/${providerType}/${scope}.test.yaml`, stringify({ environment, providerType, scope, cases: [{ name: item.name, screening: item.screening, expect: item.want }] }));
  });
  repo.write("screenpol.config.yaml", stringify({ environments: config }));
  run = await runCli(["test", "--now", new Date(RUN_NOW).toISOString(), "--format", "json"], { cwd: repo.dir, timeoutMs: 120_000 });
}, 150_000);

afterAll(() => repo?.remove());

describe("screenpol test on the decision corpus", () => {
  it("runs every case with a policy file, in one process", () => {
    expect(tested.length + withoutPolicy).toBe(corpus.written);
    expect(tested.length).toBeGreaterThanOrEqual(MIN_DECISION_CASES);
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout) as Report;
    expect(report.cases.map((result) => result.file).sort()).toEqual(tested.map((item, index) => `tests/${environments[index]}/${item.subject.providerType}/${item.subject.scope}.test.yaml`).sort());
    expect({ passed: report.passed, failed: report.failed, code: run.code }).toEqual({ passed: tested.length, failed: 0, code: 0 });
  });

  it.each(tested.map((item, index) => ({ item, index, title: `${item.file.replace("test/fixtures/decisions/", "")}: ${item.name}` })))("$title", ({ item, index }) => {
    const report = JSON.parse(run.stdout) as Report;
    const result = report.cases.find((candidate) => candidate.file.startsWith(`tests/${environments[index]}/`));
    expect(result).toMatchObject({ name: item.name, ok: true, actual: item.want });
  });
});

/**
 * The entry as it reads at the run's clock: a case decided at another clock
 * has its expiries moved by the difference, so that each entry is in force
 * at the run's clock exactly when it is at the case's. An entry of a case at
 * the run's clock is written as it is.
 */
function atRunClock(entry: AddressEntryDocument, item: DecisionCase): AddressEntryDocument {
  if (item.now === RUN_NOW || entry.expiresAt === undefined) return entry;
  const reading = readIsoDateTime(entry.expiresAt);
  if (!reading.ok) throw new Error(`${item.file}: ${item.name}: expiresAt ${entry.expiresAt} is not a date-time`);
  return { ...entry, expiresAt: new Date(reading.time + RUN_NOW - item.now).toISOString() };
}

function mostCommon(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
