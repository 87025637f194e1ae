/**
 * Where `compare --format github|sarif` annotates a transition (locate.ts):
 * the head's part that decides its example, in the order the doc comment
 * gives, at the line and column of that part in the head's own text. Each
 * case is a transition whose earlier choices do not apply, so that a choice
 * skipped, reordered or pointed at the wrong index or key moves the place.
 */
import { describe, expect, it } from "vitest";
import { parseYaml, type ParsedDocument } from "../../../../src/core/document.js";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument } from "../../../../src/core/semantics/index.js";
import { locatePolicy, locateRules, locateTransition, type HeadSource } from "../../../../src/core/semantics/weakening/locate.js";
import type { Transition } from "../../../../src/core/semantics/weakening/model.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const POLICY_FILE = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";
const ADDRESSES_FILE = "policies/sandbox/vendorAWalletScreening/addresses.yaml";
const CONFIG_FILE = "screenpol.config.yaml";

const POLICY = `# the head version
providerType: vendorAWalletScreening
scope: TRANSACTION
schemaVersion: 1
enabled: true
rules:
  preScreen:
    minAmountUsd: 250
  postScreen:
    - id: block-high-score
      when: { riskScore: { gte: 9 } }
      action: BLOCK
    - id: alert-mid-score
      when: { riskScore: { gte: 5 } }
      action: ALERT
`;

const ADDRESSES = `providerType: vendorAWalletScreening
entries:
  - address: "0x00000000000000000000000000000000000000aa"
    chain: EVM
    action: BLOCK
    scope: ALL
    reason: "first entry, not this screening's"
  - address: "0x00000000000000000000000000000000000000bb"
    chain: EVM
    action: ALLOW
    scope: TRANSACTION
    reason: "the entry that decides"
`;

function parsed(text: string): ParsedDocument {
  const result = parseYaml(text);
  if (result.document === undefined) throw new Error(result.problems.map((problem) => problem.message).join("; "));
  return result.document;
}

function head(options: { policy?: boolean; addresses?: boolean } = {}): HeadSource {
  const policy = options.policy === false ? undefined : parsed(POLICY);
  const addresses = options.addresses === false ? undefined : parsed(ADDRESSES);
  const subject: DecisionSubject = {
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    policy: policy?.data as PolicyDocument | undefined,
    addressEntries: (addresses?.data as { entries: AddressEntryDocument[] } | undefined)?.entries,
  };
  return { subject, policy: { file: POLICY_FILE, document: policy }, addresses: { file: ADDRESSES_FILE, document: addresses }, configFile: CONFIG_FILE };
}

const screening = { scope: "TRANSACTION" as const, chain: "EVM", address: "0x00000000000000000000000000000000000000bb", transfer: { amountUsd: 1000 }, signals: { riskScore: 6 } };
const transition = (from: Transition["from"], to: Transition["to"], example: Transition["example"] = screening): Transition => ({ from, to, example });

describe("locateTransition: the head's part that decides the example", () => {
  it("the rule that now decides: its id, in the policy file", () => {
    expect(locateTransition(head(), transition({ action: "ALLOW", by: "terminal-allow" }, { action: "ALERT", by: "alert-mid-score" }), NOW)).toEqual({
      file: POLICY_FILE,
      line: 13,
      column: 11,
      endLine: 13,
      endColumn: 26,
      path: "rules.postScreen[1].id",
    });
  });

  it("the first rule now decides: its id too (index 0 is a place)", () => {
    const at = locateTransition(head(), transition({ action: "ALERT", by: "alert-mid-score" }, { action: "BLOCK", by: "block-high-score" }), NOW);
    expect(at).toMatchObject({ file: POLICY_FILE, line: 10, column: 11, path: "rules.postScreen[0].id" });
  });

  it("the address entry that now decides (found by decide's trace, not the first entry): its action, in the addresses file", () => {
    expect(locateTransition(head(), transition({ action: "ALERT", by: "alert-mid-score" }, { action: "ALLOW", by: "address-entry" }), NOW)).toEqual({
      file: ADDRESSES_FILE,
      line: 10,
      column: 13,
      endLine: 10,
      endColumn: 18,
      path: "entries[1].action",
    });
  });

  it("an address entry decides but head has no addresses file: the base's deciding rule, which head still has", () => {
    const at = locateTransition(head({ addresses: false }), transition({ action: "BLOCK", by: "block-high-score" }, { action: "ALLOW", by: "address-entry" }), NOW);
    expect(at).toMatchObject({ file: POLICY_FILE, line: 10, column: 11, path: "rules.postScreen[0].id" });
  });

  it("an address entry decides, known to the subject, but no addresses document to point into: the next choice, never a place in no text", () => {
    const source = head();
    const at = locateTransition({ ...source, addresses: { file: ADDRESSES_FILE } }, transition({ action: "BLOCK", by: "block-high-score" }, { action: "ALLOW", by: "address-entry" }), NOW);
    expect(at).toMatchObject({ file: POLICY_FILE, line: 10, path: "rules.postScreen[0].id" });
  });

  it("an address entry named, but none decides the example in head (an engine's slip): the next choice, not a crash", () => {
    const elsewhere = { ...screening, address: "0x00000000000000000000000000000000000000cc" };
    const at = locateTransition(head(), transition({ action: "BLOCK", by: "block-high-score" }, { action: "ALLOW", by: "address-entry" }, elsewhere), NOW);
    expect(at).toMatchObject({ file: POLICY_FILE, line: 10, path: "rules.postScreen[0].id" });
    // Decided by the floor before any entry is looked at: no entry step in the trace at all.
    const floored = locateTransition(head(), transition({ action: "BLOCK", by: "block-high-score" }, { action: "ALLOW", by: "address-entry" }, { ...screening, sanctioned: true }), NOW);
    expect(floored).toMatchObject({ file: POLICY_FILE, line: 10, path: "rules.postScreen[0].id" });
  });

  it("the subject's rules without the policy text they were read from: no place in no text, line 1 of the addresses file", () => {
    const source = { ...head(), policy: { file: POLICY_FILE } };
    for (const [from, to] of [["alert-mid-score", "block-high-score"], ["block-high-score", "policy-disabled"], ["block-high-score", "pre-screen"]] as const) {
      const at = locateTransition(source, transition({ action: "ALERT", by: from }, { action: "ALLOW", by: to }), NOW);
      expect(at, `${from} -> ${to}`).toEqual({ file: ADDRESSES_FILE, line: 1, column: 1, endLine: 1, endColumn: 1, path: "" });
    }
  });

  it("terminal ALLOW now, the base's rule still in head (its conditions changed): that rule's id", () => {
    const at = locateTransition(head(), transition({ action: "BLOCK", by: "block-high-score" }, { action: "ALLOW", by: "terminal-allow" }), NOW);
    expect(at).toMatchObject({ file: POLICY_FILE, line: 10, column: 11, endColumn: 27, path: "rules.postScreen[0].id" });
  });

  it("the policy disabled in head: its `enabled` value", () => {
    const at = locateTransition(head(), transition({ action: "BLOCK", by: "block-removed" }, { action: "ALLOW", by: "policy-disabled" }), NOW);
    expect(at).toEqual({ file: POLICY_FILE, line: 5, column: 10, endLine: 5, endColumn: 14, path: "enabled" });
  });

  it("not screened by a preScreen gate in head: the `preScreen` key", () => {
    const at = locateTransition(head(), transition({ action: "BLOCK", by: "block-removed" }, { action: "ALLOW", by: "pre-screen" }), NOW);
    expect(at).toEqual({ file: POLICY_FILE, line: 7, column: 3, endLine: 7, endColumn: 12, path: "rules.preScreen" });
  });

  it("nothing of head's decides it (a rule removed, terminal ALLOW): line 1 of the policy file", () => {
    const at = locateTransition(head(), transition({ action: "BLOCK", by: "block-removed" }, { action: "ALLOW", by: "terminal-allow" }), NOW);
    expect(at).toEqual({ file: POLICY_FILE, line: 1, column: 1, endLine: 1, endColumn: 1, path: "" });
  });

  it("without a policy file in head, a rule's or a step's name finds no place there: line 1 of the addresses file", () => {
    for (const to of ["alert-mid-score", "policy-disabled", "pre-screen"]) {
      const at = locateTransition(head({ policy: false }), transition({ action: "BLOCK", by: "block-high-score" }, { action: "ALLOW", by: to }), NOW);
      expect(at, to).toEqual({ file: ADDRESSES_FILE, line: 1, column: 1, endLine: 1, endColumn: 1, path: "" });
    }
  });
});

describe("locatePolicy: line 1 of the first file head has", () => {
  it("the policy file, else the addresses file, else the config", () => {
    const first = { line: 1, column: 1, endLine: 1, endColumn: 1, path: "" };
    expect(locatePolicy(head())).toEqual({ file: POLICY_FILE, ...first });
    expect(locatePolicy(head({ policy: false }))).toEqual({ file: ADDRESSES_FILE, ...first });
    expect(locatePolicy(head({ policy: false, addresses: false }))).toEqual({ file: CONFIG_FILE, ...first });
  });
});

describe("locateRules: each postScreen rule's id, by index", () => {
  it("file:line:column of each, in the rules' order; none without a policy file", () => {
    expect(locateRules(head())).toEqual([`${POLICY_FILE}:10:11`, `${POLICY_FILE}:13:11`]);
    expect(locateRules(head({ policy: false }))).toEqual([]);
    // The subject's rules without the text they were read from: nothing to point at.
    expect(locateRules({ ...head(), policy: { file: POLICY_FILE } })).toEqual([]);
    // A policy text whose subject has no policy (it did not read as one): no rule to place.
    const source = head();
    expect(locateRules({ ...source, subject: { ...source.subject, policy: undefined } })).toEqual([]);
  });
});
