/**
 * The walk of the regions (constant-boxes.ts), in process, where its own
 * figures show: the boxes it yields and the estimate of their number made
 * before it starts (Knuth's estimator, by random descents). On a walk whose
 * every branch is alike and kept the estimator is exact, so the estimate is
 * the count: this holds the weighting of each descent, a kept leaf counted
 * as its context group's boxes. regions.test.ts holds the boxes themselves
 * against the interval partition and decide().
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument } from "../../../../src/core/semantics/index.js";
import { STRICTNESS } from "../../../../src/core/semantics/decision.js";
import { boxSpaceOf } from "../../../../src/core/semantics/weakening/box-space.js";
import { constantBoxes, estimateConstantBoxes, type Judge } from "../../../../src/core/semantics/weakening/constant-boxes.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const rule = (id: string, riskScore: { gte: number; lte: number }): RuleDocument => ({ id, when: { riskScore }, action: "BLOCK" });

/** Three BLOCK bands narrowed, and an expired entry that names an address (so the space has one) without deciding it. */
function subject(narrowed: boolean): DecisionSubject {
  const top = (band: number) => (narrowed ? band + 0.5 : band + 1.5);
  return {
    providerType: "vendorAWalletScreening",
    scope: "SIGN_IN",
    policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen: [rule("a", { gte: 1, lte: top(1) }), rule("b", { gte: 4, lte: top(4) }), rule("c", { gte: 7, lte: top(7) })] } },
    addressEntries: [{ address: "0x00000000000000000000000000000000000000aa", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r", expiresAt: "2020-01-01T00:00:00Z" }],
  };
}

/** Where base and head decide with different strictness. */
const transitions: Judge = ([from, to]) => (from === undefined || to === undefined ? "refine" : STRICTNESS[from] === STRICTNESS[to] ? "drop" : "keep");

describe("constantBoxes and its estimate", () => {
  const subjects = [subject(false), subject(true)];
  const boxSpace = boxSpaceOf(subjects);
  const options = { now: NOW, judge: transitions, step: () => undefined };

  it("yields a box per band a narrowing gave up and per context box of the vendor: the named address is only on its own chain, so the context is two boxes", () => {
    const boxes = [...constantBoxes(boxSpace, subjects, options)];
    const said = boxes.map(({ box, decisions }) => `${box[0]!.length} address(es) x ${box[1]!.length} chain(s), ${decisions.map((decision) => `${decision!.action} ${decision!.by}`).join(" -> ")}`);
    // The address on EVM with any other; any other address on any other chain.
    expect(said).toEqual([
      "2 address(es) x 1 chain(s), BLOCK a -> ALLOW terminal-allow",
      "1 address(es) x 1 chain(s), BLOCK a -> ALLOW terminal-allow",
      "2 address(es) x 1 chain(s), BLOCK b -> ALLOW terminal-allow",
      "1 address(es) x 1 chain(s), BLOCK b -> ALLOW terminal-allow",
      "2 address(es) x 1 chain(s), BLOCK c -> ALLOW terminal-allow",
      "1 address(es) x 1 chain(s), BLOCK c -> ALLOW terminal-allow",
    ]);
  });

  it("estimates a walk whose every branch is alike exactly, each kept leaf weighed by its context boxes; the same each time (seeded)", () => {
    // Kept wherever both are fixed, dropped nowhere: every descent splits the score alike and ends in a kept leaf.
    const fixed: Judge = (actions) => (actions.includes(undefined) ? "refine" : "keep");
    const all = { ...options, judge: fixed };
    const count = [...constantBoxes(boxSpace, subjects, all)].length;
    // Two context boxes times the score's classes the rules tell apart: in no band, and each band's kept part and given-up part.
    expect(count).toBe(2 * 7);
    expect(estimateConstantBoxes(boxSpace, subjects, all)).toBe(count);
    // With the walk's own judge some descents end in dropped leaves: an estimate, the same on every call.
    expect(estimateConstantBoxes(boxSpace, subjects, options)).toBe(estimateConstantBoxes(boxSpace, subjects, options));
  });
});
