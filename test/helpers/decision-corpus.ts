/**
 * The decision corpus (style.md, "One corpus, every engine"): decision cases
 * as data under test/fixtures/decisions/, read strictly, so that a typo in a
 * case fails loudly instead of testing nothing. The format is described in
 * test/fixtures/decisions/README.md.
 *
 * Every case is counted twice: by the reader, and by its `- name:` line in
 * the raw text. The runners compare the two, so a case the reader drops (a
 * flow-style case, a file it does not find) fails them too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, Screening } from "../../src/core/semantics/index.js";
import type { Verdict } from "../../src/core/semantics/weakening/model.js";
import { isScope, isVendor, type Action, type Scope, type Vendor } from "../../src/core/vendors.js";

const CORPUS_ROOT = join(import.meta.dirname, "../fixtures/decisions");
const REPOSITORY_ROOT = join(import.meta.dirname, "../..");

/** style.md: a harness that finds no cases fails; the issue asks for at least this many decision cases. */
export const MIN_DECISION_CASES = 150;

interface DecisionRef {
  action: Action;
  by: string;
}

export interface DecisionCase {
  /** Repository-relative path of the corpus file. */
  file: string;
  name: string;
  subject: DecisionSubject;
  screening: Screening;
  /** Epoch milliseconds. */
  now: number;
  want: DecisionRef;
}

interface WantedTransition {
  from: DecisionRef;
  to: DecisionRef;
  /** Members the engine's example must have (toMatchObject). */
  example?: Record<string, unknown>;
  /** describeTransition's words for the engine's transition. */
  says?: string;
}

export interface WeakeningCase {
  file: string;
  name: string;
  /** Undefined: that version has no policy and no address entries. */
  base: DecisionSubject | undefined;
  head: DecisionSubject | undefined;
  now: number;
  want: { verdict: Verdict; transitions: WantedTransition[] };
}

interface Corpus<T> {
  cases: T[];
  files: string[];
  /** `- name:` lines in the raw text of the files: what the reader must have found. */
  written: number;
}

const ACTIONS: readonly string[] = ["ALLOW", "ALERT", "BLOCK"];
const VERDICTS: readonly string[] = ["equivalent", "stricter", "weaker", "mixed", "added", "removed"];
const NOW_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

class CorpusError extends Error {}

type Record_ = Record<string, unknown>;

/** The object at `where`, with every required key and no key outside `required` and `optional`. */
function strict(value: unknown, where: string, required: readonly string[], optional: readonly string[] = []): Record_ {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new CorpusError(`${where}: expected a mapping, got ${JSON.stringify(value)}`);
  const record = value as Record_;
  for (const key of Object.keys(record)) {
    if (!required.includes(key) && !optional.includes(key)) throw new CorpusError(`${where}: unknown key "${key}" (allowed: ${[...required, ...optional].join(", ")})`);
  }
  for (const key of required) if (!Object.hasOwn(record, key)) throw new CorpusError(`${where}: missing "${key}"`);
  return record;
}

function text(value: unknown, where: string): string {
  if (typeof value !== "string" || value === "") throw new CorpusError(`${where}: expected a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

function decisionRef(value: unknown, where: string): DecisionRef {
  const record = strict(value, where, ["action", "by"]);
  if (!ACTIONS.includes(record.action as string)) throw new CorpusError(`${where}.action: expected ALLOW, ALERT or BLOCK, got ${JSON.stringify(record.action)}`);
  return { action: record.action as Action, by: text(record.by, `${where}.by`) };
}

function clock(value: unknown, where: string): number {
  // The clock is written as YAML text; a bare date-time would be read as a string anyway, but quoting is not required.
  const written = text(value, where);
  if (!NOW_PATTERN.test(written)) throw new CorpusError(`${where}: expected a UTC date-time such as 2026-11-23T12:00:00Z, got ${written}`);
  return Date.parse(written);
}

/** The named policies of a file, each a complete policy document (lint checks it). */
function namedPolicies(value: unknown, where: string): Map<string, PolicyDocument> {
  if (value === undefined) return new Map();
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new CorpusError(`${where}: expected a mapping of policy names to policy documents`);
  const record = value as Record_;
  return new Map(Object.entries(record).map(([name, document]) => [name, strict(document, `${where}.${name}`, ["providerType", "scope", "schemaVersion", "enabled", "rules"]) as unknown as PolicyDocument]));
}

function policyNamed(policies: Map<string, PolicyDocument>, value: unknown, where: string): PolicyDocument | undefined {
  if (value === null || value === undefined) return undefined;
  const name = text(value, where);
  const policy = policies.get(name);
  if (policy === undefined) throw new CorpusError(`${where}: no policy named "${name}" in this file's policies (${[...policies.keys()].join(", ")})`);
  return policy;
}

function entries(value: unknown, where: string): AddressEntryDocument[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new CorpusError(`${where}: expected a list of address entries`);
  return value.map((entry, index) => strict(entry, `${where}[${index}]`, ["address", "chain", "action", "scope", "reason"], ["expiresAt"]) as unknown as AddressEntryDocument);
}

function identity(record: Record_, defaults: Record_, where: string): { providerType: Vendor; scope: Scope } {
  const providerType = record.providerType ?? defaults.providerType;
  const scope = record.scope ?? defaults.scope;
  if (!isVendor(providerType)) throw new CorpusError(`${where}: providerType must be vendorAWalletScreening or vendorBAddressScreening, got ${JSON.stringify(providerType)}`);
  if (!isScope(scope)) throw new CorpusError(`${where}: scope must be SIGN_IN or TRANSACTION, got ${JSON.stringify(scope)}`);
  return { providerType, scope };
}

function subjectOf(providerType: Vendor, scope: Scope, policy: PolicyDocument | undefined, addressEntries: AddressEntryDocument[], where: string): DecisionSubject {
  if (policy !== undefined && (policy.providerType !== providerType || policy.scope !== scope)) {
    throw new CorpusError(`${where}: the policy is a ${policy.providerType} ${policy.scope} policy, the case is decided as ${providerType} ${scope}`);
  }
  return policy === undefined ? { providerType, scope, addressEntries } : { providerType, scope, policy, addressEntries };
}

function corpusFiles(folder: string): string[] {
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".yaml"))
    .map((entry) => join(folder, entry.name))
    .sort();
  if (files.length === 0) throw new CorpusError(`no corpus file (*.yaml) in ${relative(REPOSITORY_ROOT, folder)}`);
  return files;
}

/** A case's `key: null` takes the file's default for that key away (a SIGN_IN case in a TRANSACTION file has no transfer). */
function withoutNulls(screening: Record_): Record_ {
  return Object.fromEntries(Object.entries(screening).filter(([, value]) => value !== null));
}

/**
 * The `- name:` lines of every file of the folder but its README, whatever
 * its extension: a case in a file the reader does not take (`.yml`) is
 * counted, and the counts then differ.
 */
function writtenCases(folder: string): number {
  let written = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isFile() && entry.name !== "README.md") written += readFileSync(join(folder, entry.name), "utf8").match(/^\s*- name:/gm)?.length ?? 0;
  }
  return written;
}

function read<T>(folder: string, readFile: (data: unknown, file: string) => T[]): Corpus<T> {
  const cases: T[] = [];
  const files: string[] = [];
  const written = writtenCases(folder);
  for (const path of corpusFiles(folder)) {
    const file = relative(REPOSITORY_ROOT, path);
    const raw = readFileSync(path, "utf8");
    files.push(file);
    try {
      cases.push(...readFile(parse(raw, { uniqueKeys: true }), file));
    } catch (error) {
      if (error instanceof CorpusError) throw new CorpusError(`${file}: ${error.message}`);
      throw error;
    }
  }
  const names = new Map<string, string>();
  for (const item of cases as Array<{ name: string; file: string }>) {
    const first = names.get(item.name);
    if (first !== undefined) throw new CorpusError(`${item.file}: case "${item.name}" is already a case of ${first}: give each case its own name`);
    names.set(item.name, item.file);
  }
  return { cases, files, written };
}

/** Every decision case of test/fixtures/decisions/*.yaml. */
export function readDecisionCorpus(folder = CORPUS_ROOT): Corpus<DecisionCase> {
  return read(folder, (data, file) => {
    const top = strict(data, "the file", ["now", "cases"], ["providerType", "scope", "policies", "policy", "addressEntries", "screening"]);
    const policies = namedPolicies(top.policies, "policies");
    if (!Array.isArray(top.cases) || top.cases.length === 0) throw new CorpusError("cases: expected a non-empty list");
    return top.cases.map((item, index): DecisionCase => {
      const where = `cases[${index}]`;
      const record = strict(item, where, ["name", "want"], ["providerType", "scope", "now", "policy", "addressEntries", "screening"]);
      const name = text(record.name, `${where}.name`);
      const { providerType, scope } = identity(record, top, `${where} (${name})`);
      const policy = policyNamed(policies, Object.hasOwn(record, "policy") ? record.policy : top.policy, `${where}.policy`);
      const addressEntries = entries(Object.hasOwn(record, "addressEntries") ? record.addressEntries : top.addressEntries, `${where}.addressEntries`);
      const base = top.screening === undefined ? {} : strict(top.screening, "screening", [], ["chain", "address", "transfer", "sanctioned", "signals"]);
      const own = record.screening === undefined ? {} : strict(record.screening, `${where}.screening`, [], ["chain", "address", "transfer", "sanctioned", "signals"]);
      return {
        file,
        name,
        subject: subjectOf(providerType, scope, policy, addressEntries, `${where} (${name})`),
        screening: withoutNulls({ ...base, ...own }) as unknown as Screening,
        now: clock(record.now ?? top.now, `${where}.now`),
        want: decisionRef(record.want, `${where}.want`),
      };
    });
  });
}

/** Every named weakening case of test/fixtures/decisions/weakening/*.yaml. */
export function readWeakeningCorpus(folder = join(CORPUS_ROOT, "weakening")): Corpus<WeakeningCase> {
  return read(folder, (data, file) => {
    const top = strict(data, "the file", ["providerType", "scope", "now", "cases"], ["policies"]);
    const policies = namedPolicies(top.policies, "policies");
    const { providerType, scope } = identity(top, {}, "the file");
    if (!Array.isArray(top.cases) || top.cases.length === 0) throw new CorpusError("cases: expected a non-empty list");
    return top.cases.map((item, index): WeakeningCase => {
      const where = `cases[${index}]`;
      const record = strict(item, where, ["name", "base", "head", "want"]);
      const name = text(record.name, `${where}.name`);
      const side = (value: unknown, at: string): DecisionSubject | undefined => {
        if (value === null) return undefined;
        const version = strict(value, at, [], ["policy", "addressEntries"]);
        return subjectOf(providerType, scope, policyNamed(policies, version.policy, `${at}.policy`), entries(version.addressEntries, `${at}.addressEntries`), at);
      };
      const want = strict(record.want, `${where}.want`, ["verdict", "transitions"]);
      if (!VERDICTS.includes(want.verdict as string)) throw new CorpusError(`${where}.want.verdict: expected one of ${VERDICTS.join(", ")}, got ${JSON.stringify(want.verdict)}`);
      if (!Array.isArray(want.transitions)) throw new CorpusError(`${where}.want.transitions: expected a list (empty when nothing changes)`);
      const transitions = want.transitions.map((transition, at): WantedTransition => {
        const path = `${where}.want.transitions[${at}]`;
        const written = strict(transition, path, ["from", "to"], ["example", "says"]);
        return {
          from: decisionRef(written.from, `${path}.from`),
          to: decisionRef(written.to, `${path}.to`),
          ...(written.example === undefined ? {} : { example: strict(written.example, `${path}.example`, [], ["scope", "chain", "address", "transfer", "signals"]) }),
          ...(written.says === undefined ? {} : { says: text(written.says, `${path}.says`) }),
        };
      });
      return { file, name, base: side(record.base, `${where}.base`), head: side(record.head, `${where}.head`), now: clock(top.now, "now"), want: { verdict: want.verdict as Verdict, transitions } };
    });
  });
}
