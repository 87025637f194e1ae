/**
 * The decision corpus (test/fixtures/decisions/, style.md "One corpus, every
 * engine") against every engine that decides in-process: `decide()`, the
 * interval partition (the representative of the case's cell must be one it
 * yields and must decide the case's `want`), and the z3 encoding (the case's
 * subject against an always-ALLOW head, the screening's region pinned: exactly
 * the transition from `want`, none when `want` is an ALLOW or the floor), and
 * the SQL the subject compiles to, run on DuckDB over the screening as the
 * DuckDB replay engine reads it (docs/replay.md).
 * `screenpol test` runs the same corpus through the CLI in
 * test/cli/decision-corpus.test.ts. The named weakening cases
 * (test/fixtures/decisions/weakening/) run against the partition and z3, each
 * on its own, and each example compare prints is decided by the SQL as its
 * transition says.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSolver } from "../../../src/app/solver.js";
import { compareWithPartition, compareWithSolver } from "../../../src/app/weakening.js";
import { screeningsFromText, sqlString } from "../../../src/core/replay/sql-input.js";
import { compileSubject, decide, readScreening, type DecisionSubject, type Screening } from "../../../src/core/semantics/index.js";
import { compileDecisionSql, sqlDialect } from "../../../src/core/semantics/sql/index.js";
import { describeTransition } from "../../../src/core/semantics/weakening/describe.js";
import type { DecisionRef, SubjectComparison } from "../../../src/core/semantics/weakening/model.js";
import { comparePartition, representativeOf, representativeScreenings } from "../../../src/core/semantics/weakening/partition.js";
import { completePair, inDecisionOrder, isWeakening } from "../../../src/core/semantics/weakening/verdict.js";
import { openSqlSession, type SqlSession } from "../../../src/workspace/duckdb.js";
import { MAX_LINE_BYTES } from "../../../src/workspace/replay-input.js";
import { MIN_DECISION_CASES, readDecisionCorpus, readWeakeningCorpus, type DecisionCase, type WeakeningCase } from "../../helpers/decision-corpus.js";
import { subjectLintErrors } from "../../helpers/lint-subject.js";

afterAll(closeSolver);

/** The SQL engine (docs/replay.md): one DuckDB for the file, the screening read by the engine's own reader, decided by the compiled SQL. */
let sql: SqlSession;
beforeAll(async () => {
  sql = await openSqlSession({ threads: 1 });
});
afterAll(() => sql?.close());

async function decideWithSql(subject: DecisionSubject, screening: Screening, now: number): Promise<{ action: string; by: string } | "not read"> {
  const lines = `(SELECT 1 AS line, ${sqlString(JSON.stringify(screening))} AS text)`;
  const relation = `(SELECT * FROM (${screeningsFromText(lines, subject.providerType, subject.scope, MAX_LINE_BYTES)}) WHERE ok)`;
  const rows = await sql.all(compileDecisionSql(compileSubject(subject), { dialect: sqlDialect("duckdb"), now, relation }));
  return rows.length === 1 ? { action: String(rows[0]!.action), by: String(rows[0]!.decided_by) } : "not read";
}

const corpus = readDecisionCorpus();
const weakening = readWeakeningCorpus();
const shown = (item: DecisionCase | WeakeningCase) => ({ ...item, title: `${item.file.replace("test/fixtures/decisions/", "")}: ${item.name}` });

describe("the decision corpus is all there", () => {
  it(`holds at least ${MIN_DECISION_CASES} cases, each read (counted by its \`- name:\` line)`, () => {
    expect(corpus.cases.length).toBe(corpus.written);
    expect(corpus.cases.length).toBeGreaterThanOrEqual(MIN_DECISION_CASES);
  });

  it("covers every step of the decision order, both vendors, both scopes and both schema versions", () => {
    const by = new Set(corpus.cases.map((item) => item.want.by));
    for (const step of ["sanctions-floor", "address-entry", "policy-disabled", "pre-screen", "terminal-allow"]) expect(by, step).toContain(step);
    expect(corpus.cases.some((item) => item.subject.policy?.rules.postScreen.some((rule) => rule.id === item.want.by))).toBe(true);
    for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"]) {
      for (const scope of ["SIGN_IN", "TRANSACTION"]) expect(corpus.cases.filter((item) => item.subject.providerType === vendor && item.subject.scope === scope).length, `${vendor} ${scope}`).toBeGreaterThan(0);
      for (const version of [1, 2]) expect(corpus.cases.filter((item) => item.subject.providerType === vendor && item.subject.policy?.schemaVersion === version).length, `${vendor} v${version}`).toBeGreaterThan(0);
    }
  });

  it("holds the named weakening cases, each read", () => {
    expect(weakening.cases.length).toBe(weakening.written);
    expect(weakening.cases.length).toBeGreaterThan(0);
  });
});

describe("the corpus reader", () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
  const folderWith = (files: Record<string, string>) => {
    const folder = mkdtempSync(join(tmpdir(), "screenpol-corpus-"));
    folders.push(folder);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return folder;
  };
  const file = (cases: string) => ["providerType: vendorAWalletScreening", "scope: SIGN_IN", "now: 2026-11-23T12:00:00Z", "cases:", cases, ""].join("\n");

  it("fails loudly on a typo, naming the file, the case and the key", () => {
    const folder = folderWith({ "typo.yaml": file("  - name: a typo\n    screening: { chain: EVM, address: x }\n    wnat: { action: ALLOW, by: policy-disabled }") });
    expect(() => readDecisionCorpus(folder)).toThrow(/typo\.yaml: cases\[0\]: unknown key "wnat" \(allowed: name, want, /);
  });

  it("fails on a folder with no corpus file: a harness that finds no cases does not pass", () => {
    expect(() => readDecisionCorpus(folderWith({ "README.md": "- name: not a case" }))).toThrow(/no corpus file \(\*\.yaml\)/);
  });

  it("counts the cases in the raw text on its own, so that a case written otherwise (flow style, a .yml file) shows", () => {
    const one = "  - name: one\n    want: { action: ALLOW, by: policy-disabled }";
    const flow = readDecisionCorpus(folderWith({ "a.yaml": file(`${one}\n  - { name: two, want: { action: ALLOW, by: policy-disabled } }`) }));
    expect({ read: flow.cases.length, written: flow.written }).toEqual({ read: 2, written: 1 });
    const yml = readDecisionCorpus(folderWith({ "a.yaml": file(one), "b.yml": file(one.replace("one", "two")) }));
    expect({ read: yml.cases.length, written: yml.written }).toEqual({ read: 1, written: 2 });
  });
});

describe.each(corpus.cases.map(shown))("$title", (item) => {
  it("is a policy lint accepts and a screening decide reads", () => {
    expect(subjectLintErrors(item.subject, new Date(item.now))).toEqual([]);
    const reading = readScreening(item.screening, item.subject.providerType, item.subject.scope);
    expect(reading.ok ? [] : reading.findings).toEqual([]);
  });

  it("decide()", () => {
    expect(decide(item.subject, item.screening, { now: item.now })).toEqual(item.want);
  });

  it("the compiled SQL on DuckDB", async () => {
    expect(await decideWithSql(item.subject, item.screening, item.now)).toEqual(item.want);
  });

  it("the interval partition: the representative of its cell", () => {
    const representative = representativeOf(item.subject, item.screening, item.now);
    expect([...representativeScreenings(item.subject, item.subject, item.now)]).toContainEqual(representative);
    expect(decide(item.subject, representative, { now: item.now })).toEqual(item.want);
  });

  it("z3: against an always-ALLOW head, its region pinned", async () => {
    const result = await compareWithSolver(item.subject, undefined, { now: item.now, region: item.screening });
    // The head allows everything by policy-disabled; the floor, kept by every version, is no change.
    const changes = item.want.action === "ALLOW" || item.want.by === "sanctions-floor" ? [] : [`${item.want.action} (${item.want.by}) -> ALLOW (policy-disabled)`];
    expect(result.transitions.map(pair)).toEqual(changes);
  });

  if (item.want.action === "ALLOW") {
    it("z3: against an always-BLOCK head, its region pinned (the region is not empty)", async () => {
      const result = await compareWithSolver(item.subject, alwaysBlock(item.subject), { now: item.now, region: item.screening });
      expect(result.transitions.map(pair)).toEqual([`ALLOW (${item.want.by}) -> BLOCK (block-everything)`]);
    });
  }
});

const pair = ({ from, to }: { from: DecisionRef; to: DecisionRef }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`;

/** A head that blocks every screening by one rule: against it an ALLOW is one transition, so an empty region cannot pass for an ALLOW. */
function alwaysBlock(subject: DecisionSubject): DecisionSubject {
  const { providerType, scope } = subject;
  return { providerType, scope, policy: { providerType, scope, schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen: [{ id: "block-everything", when: {}, action: "BLOCK" }] } } };
}

/** The transitions as the report lists them, each example reproducing its transition through decide(). */
function checkComparison(item: WeakeningCase, result: SubjectComparison): void {
  expect(result.verdict).toBe(item.want.verdict);
  // Every engine lists weakenings first.
  const weakenings = result.transitions.filter(isWeakening).length;
  expect(result.transitions.slice(0, weakenings).every(isWeakening)).toBe(true);
  const { base, head } = completePair(item.base, item.head)!;
  for (const { from, to, example } of result.transitions) {
    expect(decide(base, example, { now: item.now })).toEqual(from);
    expect(decide(head, example, { now: item.now })).toEqual(to);
  }
  const listed = inDecisionOrder(base, head, result.transitions);
  expect(listed.map(({ from, to }) => ({ from, to }))).toEqual(item.want.transitions.map(({ from, to }) => ({ from, to })));
  item.want.transitions.forEach((wanted, index) => {
    if (wanted.example !== undefined) expect(listed[index]!.example).toMatchObject(wanted.example);
    if (wanted.says !== undefined) expect(describeTransition(listed[index]!)).toBe(wanted.says);
  });
}

describe.each(weakening.cases.map(shown))("weakening: $title", (item) => {
  it("the interval partition", async () => {
    const result = await compareWithPartition(item.base, item.head, { now: item.now });
    checkComparison(item, result);
    // The partition's own answer, before its examples are made readable (examples.ts) and spelt as the solver
    // spells a chain or address no version names: the same verdict and transitions, and the same values at the
    // thresholds, chains and addresses the versions name.
    const raw = comparePartition(item.base, item.head, { now: item.now });
    expect({ verdict: raw.verdict, transitions: raw.transitions.map(({ from, to }) => ({ from, to })) }).toEqual({ verdict: result.verdict, transitions: result.transitions.map(({ from, to }) => ({ from, to })) });
    const { base, head } = completePair(item.base, item.head)!;
    const rawListed = inDecisionOrder(base, head, raw.transitions);
    const versions = [item.base, item.head].flatMap((version) => (version === undefined ? [] : [version]));
    const named = new Set([...versions.flatMap((version) => version.policy?.rules.preScreen.chains ?? []), ...versions.flatMap((version) => (version.addressEntries ?? []).flatMap((entry) => [entry.chain, entry.address]))]);
    item.want.transitions.forEach(({ example }, index) => {
      const values = Object.fromEntries(Object.entries(example ?? {}).filter(([key, value]) => key === "signals" || key === "transfer" || ((key === "chain" || key === "address") && named.has(value as string))));
      expect(rawListed[index]!.example).toMatchObject(values);
    });
  });

  it("z3", async () => {
    checkComparison(item, await compareWithSolver(item.base, item.head, { now: item.now }));
  });

  it("every example compare prints, decided by the compiled SQL on DuckDB as the transition says", async () => {
    const result = await compareWithPartition(item.base, item.head, { now: item.now });
    const { base, head } = completePair(item.base, item.head)!;
    expect(result.transitions.length).toBe(item.want.transitions.length);
    for (const { from, to, example } of result.transitions) {
      expect({ from: await decideWithSql(base, example, item.now), to: await decideWithSql(head, example, item.now) }).toEqual({ from, to });
    }
  });
});
