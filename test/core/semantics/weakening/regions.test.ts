/**
 * The regions and causes of a weakening check (regions.ts) are exact
 * (docs/semantics.md, "Causes and regions of a weakening"), held against the
 * interval partition (the oracle of style.md habit 12) and decide() on
 * generated pairs of versions:
 * - the regions name the partition's transitions, no more, no fewer;
 * - every representative screening of the partition (one per cell) with a
 *   transition lies in a box of that transition and of no other, and one
 *   without a transition lies in no box (complete, and no box claims a
 *   screening that decides otherwise);
 * - screenings drawn inside each box, at its values' samples and at random
 *   numbers of its intervals, and random screenings anywhere, decide as
 *   their box (or absence of one) says;
 * - the cause of each part: head with the cause's edits taken back decides
 *   base's action at every screening drawn inside it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide, type AddressEntryDocument, type DecisionSubject, type PolicyDocument, type RuleDocument, type Screening } from "../../../../src/core/semantics/index.js";
import { STRICTNESS } from "../../../../src/core/semantics/decision.js";
import { boxHolds, consistentContext, pointOf, screeningAt, type Box, type BoxSpace } from "../../../../src/core/semantics/weakening/box-space.js";
import { editKey, takeBack, type Edit } from "../../../../src/core/semantics/weakening/edits.js";
import { countRepresentatives, representativeScreenings } from "../../../../src/core/semantics/weakening/partition.js";
import { comparePartition } from "../../../../src/core/semantics/weakening/partition.js";
import { pairRegions, RegionsBeyondBound, type PairRegions } from "../../../../src/core/semantics/weakening/regions.js";
import { completePair } from "../../../../src/core/semantics/weakening/verdict.js";
import { NOW, drawScreenings, screeningPools } from "../../../helpers/screening-arbitraries.js";
import { versions } from "../../../helpers/version-pairs.js";

const POOLS = screeningPools(400);
const key = (from: { action: string; by: string }, to: { action: string; by: string }) => `${from.action} (${from.by}) -> ${to.action} (${to.by})`;

/** A mulberry32 generator: the points drawn in a box are reproducible from the pair's run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Screenings inside a box: a consistent point drawn per dimension, at its samples and then with every number moved to a random one of its interval. */
function screeningsIn(boxSpace: BoxSpace, box: Box, count: number, next: () => number): Screening[] {
  const screenings: Screening[] = [];
  for (let attempt = 0; attempt < count * 4 && screenings.length < count * 2; attempt++) {
    const point = box.map((values) => values[Math.floor(next() * values.length)]!);
    if (!consistentContext(boxSpace, point[0]!, point[1]!)) continue;
    const sampled = screeningAt(boxSpace, point);
    screenings.push(sampled);
    const moved = structuredClone(sampled);
    const inside = (at: number) => {
      const value = boxSpace.dimensions[at]!.values[point[at]!]!;
      if (value.kind !== "interval") return undefined;
      const { low, high, lowIncluded, highIncluded } = value.interval;
      if (low === high) return low;
      const top = Number.isFinite(high) ? high : low + 1000;
      const drawn = low + (top - low) * next();
      return (drawn === low && !lowIncluded) || (drawn === high && !highIncluded) ? (low + top) / 2 : drawn;
    };
    boxSpace.dimensions.forEach((dimension, at) => {
      const number = inside(at);
      if (number === undefined) return;
      if (dimension.kind === "amountUsd") moved.transfer!.amountUsd = number;
      if (dimension.kind === "riskScore") moved.signals!.riskScore = number;
      if (dimension.kind === "exposure") moved.signals!.exposures = moved.signals!.exposures!.map((exposure) => (exposure.category === dimension.category && exposure.direction === dimension.direction ? { ...exposure, percent: number } : exposure));
      if (dimension.kind === "indicator") moved.signals!.indicators = moved.signals!.indicators!.map((indicator) => (indicator.category === dimension.category && indicator.riskType === dimension.riskType ? { ...indicator, volumeUsd: number } : indicator));
    });
    screenings.push(moved);
  }
  return screenings;
}

describe("pairRegions: exact against the interval partition", () => {
  it("on generated pairs: the partition's transitions, every cell in the box of its own transition only, every drawn screening as its box says, every cause restoring its part", { timeout: 300_000 }, () => {
    let checked = 0;
    let withTransitions = 0;
    let run = 0;
    fc.assert(
      fc.property(versions(), ({ vendor, scope, base: drawnBase, head: drawnHead }) => {
        const { base, head } = completePair(drawnBase, drawnHead)!;
        // The oracle walks every cell: pairs with too many are left to the engines' own tests (never counted).
        fc.pre(countRepresentatives(base, head, NOW, 4_000) <= 4_000);
        run++;
        const regions = pairRegions(base, head, { now: NOW });
        const partition = comparePartition(base, head, { now: NOW });
        expect(regions.transitions.map((transition) => key(transition.from, transition.to)).sort()).toEqual(partition.transitions.map((transition) => key(transition.from, transition.to)).sort());
        if (regions.transitions.length > 0) withTransitions++;

        const regionOf = (screening: Screening) => {
          const point = pointOf(regions.boxSpace, screening);
          return regions.transitions.flatMap((transition) => transition.boxes.filter((box) => boxHolds(box, point)).map(() => key(transition.from, transition.to)));
        };
        const expectAsDecided = (screening: Screening) => {
          const [from, to] = [decide(base, screening, { now: NOW }), decide(head, screening, { now: NOW })];
          const changes = STRICTNESS[from.action] !== STRICTNESS[to.action];
          expect({ screening, boxes: regionOf(screening) }).toEqual({ screening, boxes: changes ? [key(from, to)] : [] });
        };
        for (const representative of representativeScreenings(base, head, NOW)) if (representative.sanctioned !== true) expectAsDecided(representative);
        for (const drawn of drawScreenings(POOLS, vendor, scope, 60, run)) if (drawn.sanctioned !== true) expectAsDecided(drawn);

        const next = random(run);
        for (const transition of regions.transitions) {
          for (const box of transition.boxes.slice(0, 8)) {
            for (const inside of screeningsIn(regions.boxSpace, box, 3, next)) {
              const [from, to] = [decide(base, inside, { now: NOW }), decide(head, inside, { now: NOW })];
              expect({ inside, decided: key(from, to) }).toEqual({ inside, decided: key(transition.from, transition.to) });
            }
          }
        }
        for (const cause of regions.causes) {
          // Taking the cause back restores base's action; or, where each of two edits makes the change alone, the cause alone makes head's.
          const restored: DecisionSubject = takeBack(base, head, regions.edits, cause.edits);
          const alone: DecisionSubject = takeBack(base, head, regions.edits, regions.edits.filter((edit) => !cause.edits.includes(edit)));
          for (const part of cause.transitions) {
            for (const box of part.boxes.slice(0, 4)) {
              for (const inside of screeningsIn(regions.boxSpace, box, 2, next)) {
                const restores = decide(restored, inside, { now: NOW }).action === part.from.action;
                const makes = cause.edits.length === 1 && decide(alone, inside, { now: NOW }).action === part.to.action;
                expect({ inside, cause: cause.edits, explained: restores || makes }).toEqual({ inside, cause: cause.edits, explained: true });
              }
            }
          }
        }
        checked++;
      }),
      { numRuns: 260, seed: 24 },
    );
    // Guards against a vacuous pass: the issue asks for at least 200 pairs, most with a transition.
    expect(checked).toBeGreaterThanOrEqual(200);
    expect(withTransitions).toBeGreaterThan(100);
  });

  it("head with every edit taken back decides as base on every cell of generated pairs", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(versions(), ({ base: drawnBase, head: drawnHead }) => {
        const { base, head } = completePair(drawnBase, drawnHead)!;
        fc.pre(countRepresentatives(base, head, NOW, 4_000) <= 4_000);
        const regions = pairRegions(base, head, { now: NOW });
        const restored = takeBack(base, head, regions.edits, regions.edits);
        for (const representative of representativeScreenings(base, restored, NOW)) {
          const [before, after] = [decide(base, representative, { now: NOW }), decide(restored, representative, { now: NOW })];
          expect({ representative, after }).toEqual({ representative, after: before });
        }
      }),
      { numRuns: 150, seed: 25 },
    );
  });
});

describe("regions far beyond their bound are not walked", () => {
  /** Four rules over narrow score bands and four categories' exposure, head raising every exposure minimum: some fifty boxes. */
  const pair = (): [DecisionSubject, DecisionSubject] => {
    const categories = ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"];
    const rules = (raise: number) =>
      Array.from({ length: 4 }, (_, index) => ({
        id: `rule-${index + 1}`,
        when: { anyOf: [{ riskScore: { gte: index / 2, lte: index / 2 + 0.25 } }, { exposure: { category: categories[index % 6]!, direction: "any", minPercent: 12 - index + raise } }] },
        action: index % 2 === 0 ? "BLOCK" : "ALERT",
      }));
    const subject = (raise: number): DecisionSubject => ({
      providerType: "vendorAWalletScreening",
      scope: "SIGN_IN",
      policy: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen: rules(raise) } } as DecisionSubject["policy"],
      addressEntries: [],
    });
    return [subject(0), subject(0.5)];
  };

  it("a walk estimated (by sampling, before it starts) to need more boxes than the bound gives up at once and says so; within its bound the same pair is walked", () => {
    const [base, head] = pair();
    expect(() => pairRegions(base, head, { now: NOW, maxBoxes: 10 })).toThrow(/^the regions need more than 10 boxes \(about [\d,]+ by sampling the walk\)$/);
    const walked = pairRegions(base, head, { now: NOW });
    expect(walked.transitions.length).toBeGreaterThan(0);
  });

  it("within the estimate the walk itself stops at the bound: the pair's 194 boxes are walked with a bound of 194, and one fewer gives up naming the bound alone", () => {
    const [base, head] = pair();
    // The sampled estimate is about 50, so bounds from 50 up start the walk and the count decides.
    expect(pairRegions(base, head, { now: NOW, maxBoxes: 194 }).transitions.length).toBeGreaterThan(0);
    const beyond = () => pairRegions(base, head, { now: NOW, maxBoxes: 193 });
    expect(beyond).toThrow(RegionsBeyondBound);
    expect(beyond).toThrow(expect.objectContaining({ name: "RegionsBeyondBound", message: "the regions need more than 193 boxes", maxBoxes: 193 }));
  });
});

/**
 * The cause of each part, case by case (docs/semantics.md, "Causes and
 * regions of a weakening"): the edits whose taking back alone restores
 * base's action; where none does, the one edit that decides the part in
 * head and alone gives head's action there; the causes ordered by their
 * first edit, then the fewer edits first. A cause is read where a reviewer
 * reads it: at a screening, the cause whose boxes hold it.
 */
describe("pairRegions: the cause of each part, case by case", () => {
  const EVM_ADDRESS = "0x00000000000000000000000000000000000000aa";
  const rule = (id: string, riskScore: { gte: number; lte?: number }, action: RuleDocument["action"] = "BLOCK"): RuleDocument => ({ id, when: { riskScore }, action });
  const subject = (postScreen: RuleDocument[], options: { scope?: "SIGN_IN" | "TRANSACTION"; preScreen?: PolicyDocument["rules"]["preScreen"]; enabled?: boolean; entries?: AddressEntryDocument[] } = {}): DecisionSubject => {
    const scope = options.scope ?? "SIGN_IN";
    return {
      providerType: "vendorAWalletScreening",
      scope,
      policy: { providerType: "vendorAWalletScreening", scope, schemaVersion: 1, enabled: options.enabled ?? true, rules: { preScreen: options.preScreen ?? {}, postScreen } },
      addressEntries: options.entries ?? [],
    };
  };
  const allowed: AddressEntryDocument = { address: EVM_ADDRESS, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "our treasury" };
  const screening = (riskScore: number, options: { address?: string; amountUsd?: number } = {}): Screening =>
    ({
      address: options.address ?? "0x00000000000000000000000000000000000000bb",
      chain: "EVM",
      ...(options.amountUsd === undefined ? {} : { transfer: { amountUsd: options.amountUsd } }),
      signals: { riskScore },
    }) as Screening;
  const words = (edits: readonly Edit[]) => edits.map((edit) => editKey(edit).replaceAll("\u0000", " "));
  /** The causes in their order, each with its transitions as `from (by) -> to (by)`. */
  const causesOf = (regions: PairRegions) => regions.causes.map((cause) => ({ edits: words(cause.edits), transitions: cause.transitions.map((part) => key(part.from, part.to)) }));
  /** The cause whose boxes hold the screening: exactly one, or none where nothing changes. */
  const causeAt = (regions: PairRegions, at: Screening) => {
    const point = pointOf(regions.boxSpace, at);
    const holding = regions.causes.filter((cause) => cause.transitions.some((part) => part.boxes.some((box) => boxHolds(box, point))));
    expect(holding.length).toBeLessThanOrEqual(1);
    return holding.length === 0 ? undefined : words(holding[0]!.edits);
  };

  it("an allow entry added where the rule's minimum was raised too: the entry decides it and alone allows it, so it is the cause there; elsewhere the raise", () => {
    const regions = pairRegions(subject([rule("r", { gte: 5 })]), subject([rule("r", { gte: 8 })], { entries: [allowed] }), { now: NOW });
    expect(causesOf(regions)).toEqual([
      { edits: ["rule-modified r"], transitions: ["BLOCK (r) -> ALLOW (terminal-allow)"] },
      { edits: [`address-entry EVM ${EVM_ADDRESS}`], transitions: ["BLOCK (r) -> ALLOW (address-entry)"] },
    ]);
    // Neither taken back alone restores BLOCK at 6 on the entry's address: each weakens it alone.
    expect(causeAt(regions, screening(6, { address: EVM_ADDRESS }))).toEqual([`address-entry EVM ${EVM_ADDRESS}`]);
    expect(causeAt(regions, screening(9, { address: EVM_ADDRESS }))).toEqual([`address-entry EVM ${EVM_ADDRESS}`]);
    expect(causeAt(regions, screening(6))).toEqual(["rule-modified r"]);
    expect(causeAt(regions, screening(9))).toBeUndefined();
    expect(causeAt(regions, screening(4, { address: EVM_ADDRESS }))).toBeUndefined();
  });

  it("a minimum amount added where the rule's minimum was raised too: the pre-screen gate decides it, so it is the cause below the amount", () => {
    const base = subject([rule("r", { gte: 5 })], { scope: "TRANSACTION" });
    const head = subject([rule("r", { gte: 8 })], { scope: "TRANSACTION", preScreen: { minAmountUsd: 100 } });
    const regions = pairRegions(base, head, { now: NOW });
    expect(causeAt(regions, screening(6, { amountUsd: 50 }))).toEqual(["pre-screen minAmountUsd"]);
    expect(causeAt(regions, screening(9, { amountUsd: 50 }))).toEqual(["pre-screen minAmountUsd"]);
    expect(causeAt(regions, screening(6, { amountUsd: 500 }))).toEqual(["rule-modified r"]);
    expect(causeAt(regions, screening(9, { amountUsd: 500 }))).toBeUndefined();
    expect(causesOf(regions).map((cause) => cause.edits)).toEqual([["pre-screen minAmountUsd"], ["rule-modified r"]]);
  });

  it("where an allow entry decides, it is the cause though a gate or `enabled` added with it would allow the same screening alone", () => {
    const entry = `address-entry EVM ${EVM_ADDRESS}`;
    const gated = pairRegions(subject([rule("r", { gte: 5 })], { scope: "TRANSACTION" }), subject([rule("r", { gte: 5 })], { scope: "TRANSACTION", preScreen: { minAmountUsd: 100 }, entries: [allowed] }), { now: NOW });
    expect(causeAt(gated, screening(6, { address: EVM_ADDRESS, amountUsd: 50 }))).toEqual([entry]);
    expect(causeAt(gated, screening(6, { amountUsd: 50 }))).toEqual(["pre-screen minAmountUsd"]);
    const disabled = pairRegions(subject([rule("r", { gte: 5 })]), subject([rule("r", { gte: 5 })], { enabled: false, entries: [allowed] }), { now: NOW });
    expect(causeAt(disabled, screening(6, { address: EVM_ADDRESS }))).toEqual([entry]);
    expect(causeAt(disabled, screening(6))).toEqual(["enabled"]);
  });

  it("the policy disabled where the rule's minimum was raised too: `enabled` decides it, so it is the cause wherever base blocked", () => {
    const regions = pairRegions(subject([rule("r", { gte: 5 })]), subject([rule("r", { gte: 8 })], { enabled: false }), { now: NOW });
    expect(causesOf(regions)).toEqual([{ edits: ["enabled"], transitions: ["BLOCK (r) -> ALLOW (policy-disabled)"] }]);
    expect(causeAt(regions, screening(6))).toEqual(["enabled"]);
    expect(causeAt(regions, screening(9))).toEqual(["enabled"]);
  });

  it("an ALERT rule added ahead of a raised BLOCK: the added rule decides it and alone alerts, so it is the cause on the whole band", () => {
    const regions = pairRegions(subject([rule("r", { gte: 5 })]), subject([rule("q", { gte: 5 }, "ALERT"), rule("r", { gte: 8 })]), { now: NOW });
    expect(causesOf(regions)).toEqual([{ edits: ["rule-added q"], transitions: ["BLOCK (r) -> ALERT (q)"] }]);
    expect(causeAt(regions, screening(6))).toEqual(["rule-added q"]);
    expect(causeAt(regions, screening(9))).toEqual(["rule-added q"]);
  });

  it("where no single edit taken back restores base's action and the rule deciding in head does not decide so alone: the edits that restore it together, none of which can be spared", () => {
    // d moved ahead of b and made an ALLOW of [2, 6]; a, which alerted on [2, 6] ahead of d, removed.
    const base = subject([rule("b", { gte: 8 }, "ALLOW"), rule("a", { gte: 2, lte: 6 }, "ALERT"), rule("d", { gte: 2 })]);
    const head = subject([rule("d", { gte: 2, lte: 6 }, "ALLOW"), rule("b", { gte: 8 }, "ALLOW")]);
    const regions = pairRegions(base, head, { now: NOW });
    expect(words(regions.edits)).toEqual(["rule-moved d", "rule-modified d", "rule-removed a"]);
    // At 4: a alone back sits behind d's ALLOW; d's move alone back brings its BLOCK, its change alone back a BLOCK ahead of all.
    expect(causeAt(regions, screening(4))).toEqual(["rule-moved d", "rule-removed a"]);
    expect(decide(takeBack(base, head, regions.edits, regions.edits.filter((edit) => edit.kind !== "rule-modified")), screening(4), { now: NOW })).toEqual({ action: "ALERT", by: "a" });
    // At 7 taking back either of d's edits alone brings its BLOCK back.
    expect(causeAt(regions, screening(7))).toEqual(["rule-moved d", "rule-modified d"]);
    // Same first edit, as many edits: in the walk's order (lower scores first).
    expect(causesOf(regions)).toEqual([
      { edits: ["rule-moved d", "rule-removed a"], transitions: ["ALERT (a) -> ALLOW (d)"] },
      { edits: ["rule-moved d", "rule-modified d"], transitions: ["BLOCK (d) -> ALLOW (terminal-allow)"] },
    ]);
  });

  it("two rules that each block a band, both narrowed: both are the cause there, since taking back either alone restores it; causes ordered by first edit, then fewer edits first", () => {
    const base = subject([rule("a", { gte: 5, lte: 6.5 }), rule("b", { gte: 7, lte: 8 }), rule("c", { gte: 5, lte: 6 })]);
    const head = subject([rule("a", { gte: 5, lte: 5.5 }), rule("b", { gte: 7, lte: 7.5 }), rule("c", { gte: 5, lte: 5.5 })]);
    const regions = pairRegions(base, head, { now: NOW });
    expect(causeAt(regions, screening(5.8))).toEqual(["rule-modified a", "rule-modified c"]);
    expect(causeAt(regions, screening(6.2))).toEqual(["rule-modified a"]);
    expect(causeAt(regions, screening(7.8))).toEqual(["rule-modified b"]);
    expect(causeAt(regions, screening(5.2))).toBeUndefined();
    expect(causesOf(regions)).toEqual([
      { edits: ["rule-modified a"], transitions: ["BLOCK (a) -> ALLOW (terminal-allow)"] },
      { edits: ["rule-modified a", "rule-modified c"], transitions: ["BLOCK (a) -> ALLOW (terminal-allow)"] },
      { edits: ["rule-modified b"], transitions: ["BLOCK (b) -> ALLOW (terminal-allow)"] },
    ]);
  });
});
