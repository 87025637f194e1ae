/**
 * The check every weakening answer passes before it is reported
 * (decided-as-reported.ts): each example decided through decide() on both
 * versions, the verdict the one its transitions give. Broken answers are made
 * by hand from a real one (the gap between lte 6 and gte 7, read by the
 * interval partition); each must throw EngineDisagreement with its one line.
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument } from "../../../../src/core/semantics/index.js";
import { checkDecidedAsReported } from "../../../../src/core/semantics/weakening/decided-as-reported.js";
import type { SubjectComparison } from "../../../../src/core/semantics/weakening/model.js";
import { explainComparison } from "../../../../src/core/semantics/weakening/explain.js";
import { comparePartition } from "../../../../src/core/semantics/weakening/partition.js";
import { disagreementOf } from "../../../helpers/engine-disagreement.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");

const subject = (postScreen: RuleDocument[]): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "SIGN_IN",
  policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen } },
});
const every = subject([{ id: "alert-any-score", when: { riskScore: { gte: 0 } }, action: "ALERT" }]);
const split = subject([
  { id: "alert-low-score", when: { riskScore: { lte: 6 } }, action: "ALERT" },
  { id: "alert-high-score", when: { riskScore: { gte: 7 } }, action: "ALERT" },
]);
/** ALERT (alert-any-score) -> ALLOW (terminal-allow) at 6.5: weaker. */
const weakening = (): SubjectComparison => structuredClone(comparePartition(every, split, { now: NOW }));

describe("checkDecidedAsReported", () => {
  it("lets a true answer through, unknown with no transitions too", () => {
    expect(weakening()).toMatchObject({ verdict: "weaker", transitions: [{ example: { signals: { riskScore: 6.5 } } }] });
    expect(() => checkDecidedAsReported(every, split, weakening(), NOW)).not.toThrow();
    expect(() => checkDecidedAsReported(every, every, { verdict: "equivalent", transitions: [] }, NOW)).not.toThrow();
    expect(() => checkDecidedAsReported(every, split, { verdict: "unknown", transitions: [], reason: "the bound" }, NOW)).not.toThrow();
    expect(() => checkDecidedAsReported(undefined, split, { verdict: "added", transitions: [] }, NOW)).not.toThrow();
  });

  it("refuses an example that decide() gives another transition, naming the pair, both transitions and the example", () => {
    const broken = weakening();
    broken.transitions[0]!.example = { scope: "SIGN_IN", chain: "OTHER", address: "unlisted-address-1", signals: { riskScore: 6 } };
    const disagreement = disagreementOf(() => checkDecidedAsReported(every, split, broken, NOW));
    expect(disagreement.message).toBe(
      "internal error: the weakening check's example for vendorAWalletScreening SIGN_IN is not decided as reported " +
        '(ALERT (alert-any-score) -> ALLOW (terminal-allow) reported, decide() gives ALERT (alert-any-score) -> ALERT (alert-low-score) for {"scope":"SIGN_IN","chain":"OTHER","address":"unlisted-address-1","signals":{"riskScore":6}}); ' +
        "nothing was reported; please report it",
    );
    expect(disagreement.example).toEqual(broken.transitions[0]!.example);
    expect(disagreement.in("sandbox").message).toMatch(/^internal error: the weakening check's example for sandbox vendorAWalletScreening SIGN_IN is not decided as reported \(/);
    expect(disagreement.in("sandbox").pair).toEqual({ environment: "sandbox", providerType: "vendorAWalletScreening", scope: "SIGN_IN" });
  });

  it("refuses a transition whose `from` or `to` is not what its example gives", () => {
    const broken = weakening();
    broken.transitions[0]!.from = { action: "BLOCK", by: "alert-any-score" };
    expect(disagreementOf(() => checkDecidedAsReported(every, split, broken, NOW)).detail).toMatch(/^BLOCK \(alert-any-score\) -> ALLOW \(terminal-allow\) reported, decide\(\) gives ALERT \(alert-any-score\) -> ALLOW \(terminal-allow\) for /);
    const swapped = weakening();
    // The same answer for the mirror pair: its example goes the other way.
    expect(disagreementOf(() => checkDecidedAsReported(split, every, swapped, NOW)).part).toBe("example");
  });

  it("refuses a verdict its transitions do not give: a weakening reported as equivalent, or as stricter", () => {
    for (const verdict of ["equivalent", "stricter", "mixed"] as const) {
      const broken = { ...weakening(), verdict };
      expect(disagreementOf(() => checkDecidedAsReported(every, split, broken, NOW)).message).toBe(
        `internal error: the weakening check's verdict for vendorAWalletScreening SIGN_IN is not the one its transitions give (${verdict} reported, its transitions give weaker); nothing was reported; please report it`,
      );
    }
    // `added` is the policy's arrival, whatever the transitions: here both sides have one.
    expect(disagreementOf(() => checkDecidedAsReported(every, split, { ...weakening(), verdict: "added" }, NOW)).detail).toBe("added reported, its transitions give weaker");
  });

  it("refuses a transition that changes no action, and transitions beside unknown", () => {
    const same = weakening();
    same.transitions.push({ from: { action: "ALERT", by: "alert-any-score" }, to: { action: "ALERT", by: "alert-low-score" }, example: { scope: "SIGN_IN", chain: "OTHER", address: "unlisted-address-1", signals: { riskScore: 0 } } });
    const noAction = disagreementOf(() => checkDecidedAsReported(every, split, same, NOW));
    expect({ part: noAction.part, detail: noAction.detail, name: noAction.name }).toEqual({ part: "verdict", detail: "the transition ALERT (alert-any-score) -> ALERT (alert-low-score) changes no action", name: "EngineDisagreement" });
    const beside = disagreementOf(() => checkDecidedAsReported(every, split, { ...weakening(), verdict: "unknown" }, NOW));
    expect({ part: beside.part, detail: beside.detail }).toEqual({ part: "verdict", detail: "unknown reported with 1 transition" });
  });

  it("refuses an entry's transition whose action is not the entry's, though `by` is", () => {
    const entry = { address: "0x00000000000000000000000000000000000000aa", chain: "EVM", action: "BLOCK" as const, scope: "ALL" as const, reason: "drainer" };
    const blocked: DecisionSubject = { ...every, addressEntries: [entry] };
    const example = { scope: "SIGN_IN" as const, chain: "EVM", address: entry.address, signals: { riskScore: 1 } };
    const report: SubjectComparison = { verdict: "weaker", transitions: [{ from: { action: "ALERT", by: "alert-any-score" }, to: { action: "ALLOW", by: "address-entry" }, example }] };
    expect(disagreementOf(() => checkDecidedAsReported(every, blocked, report, NOW)).detail).toBe(
      `ALERT (alert-any-score) -> ALLOW (address-entry) reported, decide() gives ALERT (alert-any-score) -> BLOCK (address-entry) for ${JSON.stringify(example)}`,
    );
  });

  it("no side at all: nothing to check, whatever the answer", () => {
    expect(() => checkDecidedAsReported(undefined, undefined, { ...weakening(), verdict: "equivalent" }, NOW)).not.toThrow();
  });
});

describe("checkDecidedAsReported: the regions and causes", () => {
  const head = subject([
    { id: "block-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, action: "BLOCK" },
    { id: "alert-score", when: { riskScore: { gte: 8 } }, action: "ALERT" },
  ]);
  const base = subject([
    { id: "block-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }, action: "BLOCK" },
    { id: "alert-score", when: { riskScore: { gte: 6 } }, action: "ALERT" },
  ]);
  const explained = (): SubjectComparison => structuredClone(explainComparison(base, head, comparePartition(base, head, { now: NOW }), NOW));

  it("lets an explained answer through: its regions and causes hold", () => {
    const answer = explained();
    expect(answer.causes?.length).toBe(2);
    expect(() => checkDecidedAsReported(base, head, answer, NOW)).not.toThrow();
  });

  it("refuses a transition's example outside its regions", () => {
    const broken = explained();
    const [first, second] = broken.transitions;
    first!.regions = second!.regions;
    const error = disagreementOf(() => checkDecidedAsReported(base, head, broken, NOW));
    expect({ part: error.part, detail: error.detail }).toEqual({ part: "region", detail: `the example of ${first!.from.action} (${first!.from.by}) -> ${first!.to.action} (${first!.to.by}) lies in none of its regions: ${JSON.stringify(first!.example)}` });
  });

  it("refuses a cause that names a transition the comparison does not list", () => {
    const broken = explained();
    broken.causes![1]!.transitions[0]!.to = { action: "BLOCK", by: "block-elsewhere" };
    const error = disagreementOf(() => checkDecidedAsReported(base, head, broken, NOW));
    expect(error.part).toBe("region");
    expect(error.detail).toMatch(/^the cause "rule block-mixer: exposure mixer direct minPercent lowered from 20 to 10" names \w+ \([\w-]+\) -> BLOCK \(block-elsewhere\), which the comparison does not list$/);
  });

  it("refuses a cause's example that decide() gives another transition, or that lies outside its part's regions", () => {
    const moved = explained();
    const part = moved.causes![0]!.transitions[0]!;
    part.example = { ...part.example, signals: { riskScore: 1 } };
    expect(disagreementOf(() => checkDecidedAsReported(base, head, moved, NOW)).part).toBe("example");
    const outside = explained();
    const [one, two] = [outside.causes![0]!.transitions[0]!, outside.causes![1]!.transitions[0]!];
    one.regions = two.regions;
    expect(disagreementOf(() => checkDecidedAsReported(base, head, outside, NOW)).part).toBe("region");
  });
});
