/**
 * Reading a decision subject once (subject.ts): what an address entry with an
 * expiry that does not read means, and a rule that does not read.
 */
import { describe, expect, it } from "vitest";
import { compileSubject, decide, type DecisionSubject } from "../../../src/core/semantics/index.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

const subjectWith = (expiresAt: string | undefined): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "SIGN_IN",
  policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen: [{ id: "block-all", when: {}, action: "BLOCK" }] } },
  addressEntries: [{ address: ADDRESS, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury", ...(expiresAt === undefined ? {} : { expiresAt }) }],
});

describe("an address entry's expiry", () => {
  it("none: the entry applies; in the future: it applies; one that does not read: it never applies (lint reports it)", () => {
    const by = (expiresAt: string | undefined) => decide(subjectWith(expiresAt), { chain: "EVM", address: ADDRESS }, { now: NOW }).by;
    expect([by(undefined), by("2027-01-01"), by("2020-01-01"), by("2027-02-30")]).toEqual(["address-entry", "address-entry", "block-all", "block-all"]);
  });
});

describe("two entries for one address", () => {
  const subjectOf = (entries: DecisionSubject["addressEntries"]): DecisionSubject => ({ ...subjectWith(undefined), addressEntries: entries });
  const entry = (action: "ALLOW" | "BLOCK", address: string, expiresAt?: string) => ({ address, chain: "EVM", action, scope: "ALL" as const, reason: action, ...(expiresAt ? { expiresAt } : {}) });
  const decided = (entries: DecisionSubject["addressEntries"]) => decide(subjectOf(entries), { chain: "EVM", address: ADDRESS.toLowerCase() }, { now: NOW });

  it("both live: the first in file order decides, whatever the EVM address's case (the second is kept, not in its place)", () => {
    expect(decided([entry("ALLOW", ADDRESS), entry("BLOCK", ADDRESS.toLowerCase())])).toMatchObject({ action: "ALLOW", by: "address-entry" });
    expect(decided([entry("BLOCK", ADDRESS.toLowerCase()), entry("ALLOW", ADDRESS)])).toMatchObject({ action: "BLOCK", by: "address-entry" });
  });

  it("the first expired: the second decides", () => {
    expect(decided([entry("BLOCK", ADDRESS, "2020-01-01"), entry("ALLOW", ADDRESS)])).toMatchObject({ action: "ALLOW", by: "address-entry" });
  });
});

describe("a rule that does not read", () => {
  it("is a TypeError that names the rule and says to lint first", () => {
    const broken: DecisionSubject = {
      providerType: "vendorAWalletScreening",
      scope: "TRANSACTION",
      policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen: [{ id: "block-level", when: { riskLevel: { atLeast: "high" } }, action: "BLOCK" }] } },
    };
    expect(() => compileSubject(broken)).toThrow(new TypeError("rule block-level of the vendorAWalletScreening TRANSACTION policy is not valid; lint it first"));
  });
});
