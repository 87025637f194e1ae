import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  STEPS,
  coverHolds,
  decide,
  readScreening,
  readWhen,
  type AddressEntryDocument,
  type Decision,
  type DecisionSubject,
  type PolicyDocument,
  type Screening,
  type Signals,
  type TokenRef,
} from "../../../src/core/semantics/index.js";
import { subjectLintErrors } from "../../helpers/lint-subject.js";
import { NOW, anyCase, decisionCase, signals } from "../../helpers/screening-arbitraries.js";

const RUNS = { numRuns: 400 };
const EARLY_STEPS = ["sanctions-floor", "address-entry", "policy-disabled", "pre-screen"];

const at = (subject: DecisionSubject, screening: Screening, trace = false): Decision => decide(subject, screening, { now: NOW, trace });

/**
 * THE TEST ORACLE: semantics.md section 2 restated as plainly as possible, sharing
 * nothing with src/core/semantics but its types. It exists only to be compared
 * with `decide`; where the spec leaves room it follows docs/decisions.md ("The
 * decision procedure under test"): an unknown amount is not below a minimum, a
 * transfer without a token (or without a transfer) moves the native coin, an
 * entry applies strictly before expiresAt, the first applicable entry in file
 * order wins.
 */
function oracle(subject: DecisionSubject, screening: Screening, now: number): { action: string; by: string } {
  // 1. Sanctions floor.
  if (screening.sanctioned === true) return { action: "BLOCK", by: "sanctions-floor" };
  // 2. Address entry of this address and chain, scope ALL or this scope, not past expiresAt.
  const sameAddress = (entry: AddressEntryDocument) =>
    entry.chain === screening.chain && (screening.chain === "EVM" ? entry.address.toLowerCase() === screening.address.toLowerCase() : entry.address === screening.address);
  for (const entry of subject.addressEntries ?? []) {
    if (!sameAddress(entry)) continue;
    if (entry.scope !== "ALL" && entry.scope !== subject.scope) continue;
    if (entry.expiresAt !== undefined && !(now < Date.parse(entry.expiresAt))) continue;
    return { action: entry.action, by: "address-entry" };
  }
  // 3. Disabled or no policy.
  const policy = subject.policy;
  if (policy === undefined || policy.enabled === false) return { action: "ALLOW", by: "policy-disabled" };
  // 4. preScreen gating.
  const pre = policy.rules.preScreen;
  if (pre.chains !== undefined && !pre.chains.includes(screening.chain)) return { action: "ALLOW", by: "pre-screen" };
  if (subject.scope === "TRANSACTION") {
    const amount = screening.transfer?.amountUsd;
    if (pre.minAmountUsd !== undefined && amount !== undefined && amount < pre.minAmountUsd) return { action: "ALLOW", by: "pre-screen" };
    if (pre.tokens !== undefined) {
      const sent = screening.transfer?.token;
      const same = (listed: TokenRef) =>
        sent !== undefined &&
        listed.chain === sent.chain &&
        listed.networkId === sent.networkId &&
        (sent.chain === "EVM" ? listed.contractAddress.toLowerCase() === sent.contractAddress.toLowerCase() : listed.contractAddress === sent.contractAddress);
      if (!pre.tokens.some(same)) return { action: "ALLOW", by: "pre-screen" };
    }
  }
  // 5. First postScreen rule whose when holds.
  for (const rule of policy.rules.postScreen) {
    if (oracleWhen(rule.when as Record<string, unknown>, screening.signals ?? {})) return { action: rule.action, by: rule.id };
  }
  // 6. Terminal ALLOW.
  return { action: "ALLOW", by: "terminal-allow" };
}

function oracleWhen(when: Record<string, unknown>, s: Signals): boolean {
  for (const [key, value] of Object.entries(when)) {
    if (key === "anyOf") {
      if (!(value as Record<string, unknown>[]).some((alternative) => oracleWhen(alternative, s))) return false;
    } else if (!oracleCondition(key, value as Record<string, never>, s)) {
      return false;
    }
  }
  return true;
}

function oracleCondition(key: string, c: Record<string, never>, s: Signals): boolean {
  const levels = ["low", "medium", "high", "severe"];
  switch (key) {
    case "riskScore":
      if (s.riskScore === undefined) return false;
      return (c.gte === undefined || s.riskScore >= c.gte) && (c.lte === undefined || s.riskScore <= c.lte);
    case "exposure":
      return (s.exposures ?? []).some((e) => e.category === c.category && (c.direction === "any" || e.direction === c.direction) && e.percent >= c.minPercent);
    case "cluster":
      return s.cluster !== undefined && s.cluster.category === c.category;
    case "riskLevel":
      return s.riskLevel !== undefined && levels.indexOf(s.riskLevel) >= levels.indexOf(c.atLeast);
    case "indicator":
      return (s.indicators ?? []).some((i) => i.category === c.category && i.riskType === c.riskType && i.volumeUsd >= c.minVolumeUsd);
    case "entity":
      return s.entity !== undefined && s.entity.category === c.category;
    default:
      throw new Error(`the oracle does not know the condition ${key}`);
  }
}

function withPolicy(subject: DecisionSubject, change: (policy: PolicyDocument) => PolicyDocument): DecisionSubject {
  return subject.policy ? { ...subject, policy: change(subject.policy) } : subject;
}

describe("the generators", () => {
  it("make only valid policies, address entries and screenings", () => {
    fc.assert(
      fc.property(decisionCase(), (drawn) => {
        expect(subjectLintErrors(drawn.subject, new Date(NOW))).toEqual([]);
        const reading = readScreening(drawn.screening, drawn.subject.providerType, drawn.subject.scope);
        expect(reading.ok ? [] : reading.findings).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe("decide: invariants of semantics.md section 2", () => {
  it("a sanctioned address is blocked by the floor whatever the policy and entries", () => {
    fc.assert(
      fc.property(decisionCase(), ({ subject, screening }) => {
        expect(at(subject, { ...screening, sanctioned: true })).toEqual({ action: "BLOCK", by: "sanctions-floor" });
      }),
      RUNS,
    );
  });

  it("past the early steps, the terminal ALLOW decides exactly when no rule's when holds", () => {
    fc.assert(
      fc.property(decisionCase(), ({ subject, screening }) => {
        const decision = at(subject, screening);
        if (EARLY_STEPS.includes(decision.by)) return;
        const someRuleHolds = subject.policy!.rules.postScreen.some((rule) => coverHolds(readWhen(rule.when, subject.providerType)!, screening.signals));
        expect(decision.by === "terminal-allow").toBe(!someRuleHolds);
        if (decision.by === "terminal-allow") expect(decision.action).toBe("ALLOW");
      }),
      RUNS,
    );
  });

  it("a catch-all BLOCK on top blocks everything the early steps leave, and they keep their decision", () => {
    fc.assert(
      fc.property(decisionCase(), ({ subject, screening }) => {
        const before = at(subject, screening);
        const blocking = withPolicy(subject, (policy) => ({
          ...policy,
          rules: { ...policy.rules, postScreen: [{ id: "block-everything", when: {}, action: "BLOCK" }, ...policy.rules.postScreen] },
        }));
        const after = at(blocking, screening);
        expect(after).toEqual(EARLY_STEPS.includes(before.by) ? before : { action: "BLOCK", by: "block-everything" });
      }),
      RUNS,
    );
  });

  it("a disabled policy decides the same whatever the signals", () => {
    fc.assert(
      fc.property(decisionCase(), fc.option(signals("vendorAWalletScreening"), { nil: undefined }), fc.option(signals("vendorBAddressScreening"), { nil: undefined }), ({ subject, screening }, a, b) => {
        const disabled = withPolicy(subject, (policy) => ({ ...policy, enabled: false }));
        const other = subject.providerType === "vendorAWalletScreening" ? a : b;
        const { signals: _dropped, ...bare } = screening;
        const reSignalled = other === undefined ? bare : { ...bare, signals: other };
        expect(at(disabled, reSignalled)).toEqual(at(disabled, screening));
      }),
      RUNS,
    );
  });

  it("an EVM address entry matches the address in any case; other chains only exactly", () => {
    const withEntry = decisionCase().chain((drawn) => {
      const applicable = (drawn.subject.addressEntries ?? []).filter((entry) => (entry.scope === "ALL" || entry.scope === drawn.subject.scope) && (entry.expiresAt === undefined || NOW < Date.parse(entry.expiresAt)));
      if (applicable.length === 0) return fc.constant(undefined);
      return fc.constantFrom(...applicable).chain((entry) => anyCase(entry.address).map((address) => ({ ...drawn, entry, address })));
    });
    fc.assert(
      fc.property(withEntry, (drawn) => {
        if (drawn === undefined) return;
        const { subject, screening, entry, address } = drawn;
        const decision = at(subject, { ...screening, chain: entry.chain, address, sanctioned: false });
        const matches = entry.chain === "EVM" || address === entry.address;
        if (matches) expect(decision).toEqual({ action: entry.action, by: "address-entry" });
        // The pool holds no two addresses that differ only in case, so no other entry can match either.
        else expect(decision.by).not.toBe("address-entry");
      }),
      RUNS,
    );
  });

  it("exposureDepth and includeIndirect never change a decision", () => {
    fc.assert(
      fc.property(decisionCase(), fc.integer({ min: 1, max: 5 }), fc.boolean(), ({ subject, screening }, exposureDepth, includeIndirect) => {
        const requestOptions = subject.providerType === "vendorAWalletScreening" ? { exposureDepth } : { includeIndirect };
        const changed = withPolicy(subject, (policy) => ({ ...policy, rules: { ...policy.rules, preScreen: { ...policy.rules.preScreen, ...requestOptions } } }));
        const removed = withPolicy(subject, (policy) => {
          const { exposureDepth: _depth, includeIndirect: _indirect, ...rest } = policy.rules.preScreen;
          return { ...policy, rules: { ...policy.rules, preScreen: rest } };
        });
        const decision = at(subject, screening);
        expect(at(changed, screening)).toEqual(decision);
        expect(at(removed, screening)).toEqual(decision);
      }),
      RUNS,
    );
  });

  it("the trace agrees with the decision, ends at the deciding step and keeps the order of section 2", () => {
    const order = ["sanctions-floor", "address-entry", "policy-disabled", "pre-screen", "post-screen", "terminal-allow"];
    fc.assert(
      fc.property(decisionCase(), ({ subject, screening }) => {
        const plain = at(subject, screening);
        const { trace, ...traced } = at(subject, screening, true);
        expect(traced).toEqual(plain);
        const steps = trace!.map((entry) => entry.step);
        expect(steps).toEqual(order.slice(0, steps.length));
        expect(trace!.slice(0, -1).every((entry) => entry.outcome === "passed")).toBe(true);
        const last = trace!.at(-1)!;
        expect(last.outcome).toBe("decided");
        if ((STEPS as readonly string[]).includes(plain.by)) {
          expect(last.step).toBe(plain.by);
        } else {
          expect(last.step).toBe("post-screen");
          const rules = last.step === "post-screen" ? last.rules : [];
          expect(rules.map((rule) => rule.matched)).toEqual([...rules.slice(0, -1).map(() => false), true]);
          expect(rules.at(-1)!.id).toBe(plain.by);
        }
      }),
      RUNS,
    );
  });

  it("agrees with the test oracle on every generated case", () => {
    fc.assert(
      fc.property(decisionCase(), ({ subject, screening }) => {
        expect(at(subject, screening)).toEqual(oracle(subject, screening, NOW));
      }),
      { numRuns: 1000 },
    );
  });
});
