/**
 * A policy test file (semantics.md section 3): a header naming one policy by
 * its identity (environment, providerType, scope) and cases, each a screening
 * with the decision it must get. Pure: findings by document path for the lint
 * (which places them), cases with their lines for the runner.
 */
import type { Finding } from "../checks/check.js";
import { isRecord } from "../config.js";
import type { ParsedDocument } from "../document.js";
import { validateWithSchema } from "../validate.js";
import { isScope, isVendor, type Action, type Scope, type Vendor } from "../vendors.js";
import { readScreening } from "./screening-input.js";
import type { Screening } from "./signals.js";

export interface PolicyTestCase {
  /** 0-based position in `cases`. */
  index: number;
  name: string;
  /** 1-based line where the case starts (its list item). */
  line: number;
  screening: Screening;
  expect: { action: Action; by?: string };
}

export interface PolicyTest {
  /** Repository-relative path. */
  file: string;
  environment: string;
  providerType: Vendor;
  scope: Scope;
  /** 1-based line of the header (its `environment` key), where a missing policy is reported. */
  line: number;
  cases: PolicyTestCase[];
}

/**
 * Everything wrong with a test file's data except what needs other files (the
 * config's environments, the policy file: the `unknown-policy` check): the
 * header and case shapes, each screening read as its vendor's and the header's
 * scope, and a case name used twice.
 */
export function policyTestFindings(data: unknown): Finding[] {
  const findings = validateWithSchema("policy-test", data);
  if (!isRecord(data) || !Array.isArray(data.cases)) return findings;
  const vendor = isVendor(data.providerType) ? data.providerType : undefined;
  const scope = isScope(data.scope) ? data.scope : undefined;
  const firstByName = new Map<string, number>();
  for (const [index, item] of data.cases.entries()) {
    if (!isRecord(item)) continue;
    // The header decides how a screening reads; with a bad header its schema finding is the answer.
    if (vendor && scope && isRecord(item.screening)) {
      const reading = readScreening(item.screening, vendor, scope, ["cases", index, "screening"]);
      if (!reading.ok) findings.push(...reading.findings);
    }
    if (typeof item.name !== "string" || item.name === "") continue;
    const first = firstByName.get(item.name);
    if (first === undefined) firstByName.set(item.name, index);
    else findings.push({ code: "duplicate-case-name", path: ["cases", index, "name"], message: `case "${item.name}" is already the name of cases[${first}]; give each case its own name` });
  }
  return findings;
}

/**
 * The cases of a test file whose findings hold no error (the caller linted
 * it), with the lines the runner reports them at.
 */
export function readPolicyTest(file: string, document: ParsedDocument): PolicyTest {
  const data = document.data as { environment: string; providerType: Vendor; scope: Scope; cases: Array<{ name: string; screening: Screening; expect: PolicyTestCase["expect"] }> };
  return {
    file,
    environment: data.environment,
    providerType: data.providerType,
    scope: data.scope,
    line: document.locate(["environment"], "key").line,
    cases: data.cases.map((item, index) => ({
      index,
      name: item.name,
      line: document.locate(["cases", index], "key").line,
      screening: item.screening,
      expect: item.expect.by === undefined ? { action: item.expect.action } : { action: item.expect.action, by: item.expect.by },
    })),
  };
}
