/**
 * The interval partition (src/core/semantics/weakening/partition.ts): its
 * bound, and its soundness: every screening, generated or uniformly random,
 * decides on (base, head) like some representative, so the enumeration misses
 * no behaviour. The named cases of the weakening check are data in
 * test/fixtures/decisions/weakening/, run against the partition and z3 by
 * test/core/semantics/decision-corpus.test.ts.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { decide, readScreening, type DecisionSubject, type PolicyDocument, type RuleDocument, type Screening, type Signals } from "../../../../src/core/semantics/index.js";
import { comparePartition, countRepresentatives, reachabilityPartition, representativeScreenings } from "../../../../src/core/semantics/weakening/partition.js";
import { CATEGORIES, type Scope, type Vendor } from "../../../../src/core/vendors.js";
import { NOW, addressEntries, policy, screening } from "../../../helpers/screening-arbitraries.js";

const VENDOR_A = "vendorAWalletScreening" as const;
const ROOT = join(import.meta.dirname, "../../../..");

function policyA(postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}, enabled = true): PolicyDocument {
  return { providerType: VENDOR_A, scope: "TRANSACTION", schemaVersion: 2, enabled, rules: { preScreen, postScreen } };
}

function subject(policyDocument: PolicyDocument | undefined, addressEntries: DecisionSubject["addressEntries"] = []): DecisionSubject {
  return { providerType: VENDOR_A, scope: "TRANSACTION", ...(policyDocument ? { policy: policyDocument } : {}), addressEntries };
}

const compare = (base: DecisionSubject | undefined, head: DecisionSubject | undefined) => comparePartition(base, head, { now: NOW });

const SCORE_7: RuleDocument = { id: "block-score", when: { riskScore: { gte: 7 } }, action: "BLOCK" };

describe("comparePartition: its bound", () => {
  it("beyond maxScreenings the answer is unknown with the bound, never equivalent", () => {
    // Identical versions: the walk cuts each context as decided alike (one representative each, and the sanctioned one): 2 in all.
    const result = comparePartition(subject(policyA([SCORE_7])), subject(policyA([SCORE_7])), { now: NOW, maxScreenings: 1 });
    expect(result.verdict).toBe("unknown");
    expect(result.transitions).toEqual([]);
    expect(result.reason).toMatch(/more than 1 representative screenings/);
  });

  it("stops when the caller's bound says so, read every few steps, and answers unknown, never a partial verdict", () => {
    // A pair whose partition answers: 40 rules, every threshold of the base raised in head.
    const rules = Array.from({ length: 40 }, (_, index): RuleDocument => ({ id: `r${index}`, when: { riskScore: { gte: index / 4 } }, action: index % 2 ? "ALERT" : "BLOCK" }));
    const raised = rules.map((rule, index): RuleDocument => ({ ...rule, when: { riskScore: { gte: index / 4 + 0.1 } } }));
    expect(compare(subject(policyA(rules)), subject(policyA(raised))).verdict).toBe("weaker");
    let readings = 0;
    const stop = () => ++readings > 3;
    const result = comparePartition(subject(policyA(rules)), subject(policyA(raised)), { now: NOW, stop });
    expect(result).toEqual({ verdict: "unknown", transitions: [], reason: "the caller's bound was reached before the interval partition was walked" });
    // Read until it said stop, and never after.
    expect(readings).toBe(4);
    readings = 0;
    const reachability = reachabilityPartition(subject(policyA(rules)), { now: NOW, stop });
    expect(reachability.reason).toBe("the caller's bound was reached before the interval partition was walked");
    expect(reachability.rules.map((rule) => rule.status)).toEqual(rules.map(() => "unknown"));
    expect(readings).toBe(4);
  });
});

describe("the partition's count against its bound, and the examples it keeps", () => {
  const rule = (id: string, gte: number, action: RuleDocument["action"] = "BLOCK"): RuleDocument => ({ id, when: { riskScore: { gte } }, action });
  const boundOf = (maxScreenings: number) => `the interval partition has more than ${maxScreenings} representative screenings (the bound, maxScreenings)`;
  const raisedBase = subject(policyA([rule("s", 7)]));
  const raisedHead = subject(policyA([rule("s", 8)]));

  it("no policy on either side is equivalent, with nothing to walk", () => {
    expect(comparePartition(undefined, undefined, { now: NOW })).toEqual({ verdict: "equivalent", transitions: [] });
    expect([...representativeScreenings(undefined, undefined)]).toEqual([]);
  });

  it("a comparison walked in exactly maxScreenings steps answers; one fewer is unknown with the bound; the example is the first found, the threshold", () => {
    const answered = comparePartition(raisedBase, raisedHead, { now: NOW, maxScreenings: 5 });
    expect(answered).toEqual({ verdict: "weaker", transitions: [{ from: { action: "BLOCK", by: "s" }, to: { action: "ALLOW", by: "terminal-allow" }, example: expect.objectContaining({ signals: { riskScore: 7 } }) }] });
    expect(comparePartition(raisedBase, raisedHead, { now: NOW, maxScreenings: 4 })).toEqual({ verdict: "unknown", transitions: [], reason: boundOf(4) });
  });

  it("reachability walked in exactly maxScreenings steps answers, one fewer is unknown, for every rule: all reachable (one walk), and one shadowed (its takers walked too)", () => {
    const reachable = subject(policyA([rule("a", 7), rule("b", 3, "ALERT")]));
    expect(reachabilityPartition(reachable, { now: NOW, maxScreenings: 5 }).rules.map((answer) => [answer.id, answer.status, answer.status === "reachable" ? answer.example.signals : undefined])).toEqual([
      ["a", "reachable", { riskScore: 7 }],
      ["b", "reachable", { riskScore: 3 }],
    ]);
    expect(reachabilityPartition(reachable, { now: NOW, maxScreenings: 4 })).toEqual({ rules: ["a", "b"].map((id, index) => expect.objectContaining({ id, index, status: "unknown" })), reason: boundOf(4) });
    const shadowed = subject(policyA([rule("a", 3), rule("b", 7, "ALERT")]));
    const answered = reachabilityPartition(shadowed, { now: NOW, maxScreenings: 7 });
    expect(answered.reason).toBeUndefined();
    // b is taken by a from 7 up: the taker's example is the first screening b matches.
    expect(answered.rules[1]).toMatchObject({ id: "b", status: "unreachable", takers: [{ action: "BLOCK", by: "a", example: { signals: { riskScore: 7 } } }] });
    expect(reachabilityPartition(shadowed, { now: NOW, maxScreenings: 6 }).reason).toBe(boundOf(6));
  });

  it("a disabled policy's rule is taken by `enabled: false` alone: the sanctioned screening, which the floor decides, names no taker", () => {
    const disabled = reachabilityPartition(subject(policyA([rule("a", 3)], {}, false)), { now: NOW });
    expect(disabled.rules).toMatchObject([{ id: "a", status: "unreachable", takers: [{ action: "ALLOW", by: "policy-disabled" }] }]);
    expect(disabled.rules[0]).toMatchObject({ takers: { length: 1 } });
  });

  it("identical versions: each context cut as decided alike counts once, so two steps answer", () => {
    expect(comparePartition(raisedBase, raisedBase, { now: NOW, maxScreenings: 2 })).toEqual({ verdict: "equivalent", transitions: [] });
  });

  it("of several screenings with one transition (or one deciding rule, or one taker) the example is the first found: absent signals first, thresholds first", () => {
    const either: RuleDocument = { id: "s", when: { anyOf: [{ riskScore: { gte: 7 } }, { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }] }, action: "BLOCK" };
    const mixer10 = { exposures: [{ category: "mixer", direction: "direct", percent: 10 }] };
    // BLOCK -> ALLOW on the score from 7 and on the mixer exposure from 10, alone or together: the score, read first, absent first.
    expect(compare(subject(policyA([either])), subject(policyA([]))).transitions.map((transition) => transition.example.signals)).toEqual([mixer10]);
    const taken: RuleDocument = { id: "t", when: { anyOf: [{ riskScore: { gte: 8 } }, { exposure: { category: "mixer", direction: "direct", minPercent: 20 } }] }, action: "ALERT" };
    const reachability = reachabilityPartition(subject(policyA([either, taken])), { now: NOW });
    expect(reachability.rules.map((answer) => (answer.status === "reachable" ? answer.example.signals : answer.status === "unreachable" ? answer.takers.map((taker) => taker.example.signals) : undefined))).toEqual([mixer10, [{ exposures: [{ category: "mixer", direction: "direct", percent: 20 }] }]]);
  });
});

describe("representativeScreenings: the walk over the signals", () => {
  it("goes deeper only while a rule is open: from a score of 8 both versions block whatever the exposure, so it is not walked there", () => {
    const base = subject(policyA([SCORE_7]));
    const head = subject(policyA([{ ...SCORE_7, when: { riskScore: { gte: 8 } } }, { id: "alert-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 10 } }, action: "ALERT" }]));
    const mixer = (percent: number) => [{ category: "mixer", direction: "direct", percent }];
    // Absent first, then each class: thresholds first, then below the lowest.
    expect([...representativeScreenings(base, head, NOW)].map((screening) => (screening.sanctioned === true ? "sanctioned" : (screening.signals ?? null)))).toEqual([
      null,
      { exposures: mixer(10) },
      { exposures: mixer(0) },
      { riskScore: 7 },
      { riskScore: 7, exposures: mixer(10) },
      { riskScore: 7, exposures: mixer(0) },
      { riskScore: 8 },
      { riskScore: 0 },
      { riskScore: 0, exposures: mixer(10) },
      { riskScore: 0, exposures: mixer(0) },
      "sanctioned",
    ]);
  });
});

describe("representativeScreenings: the contexts a pair is walked in", () => {
  it("without a clock, every one: the chains named and one other, per chain its entries' addresses and one other, each amount and token class", () => {
    const USDT_MIXED = { chain: "EVM", networkId: 1, contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7" };
    const entry = (chain: string, address: string, action: "ALLOW" | "ALERT" | "BLOCK") => ({ chain, address, action, scope: "ALL" as const, reason: "r" });
    // Both preferred EVM samples are entries here: the other EVM address is a made one.
    const entries = [entry("EVM", "0x52908400098527886E0F7030069857D2E4169EE7", "ALLOW"), entry("EVM", "0x293cCC84a99fcbD790367AeDf45495e35A9833AB", "BLOCK"), entry("SOL", "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "ALERT")];
    const gated = (minAmountUsd: number) => policyA([SCORE_7], { chains: ["EVM", "SOL"], minAmountUsd, tokens: [USDT_MIXED] });
    const contexts = [...representativeScreenings(subject(gated(100), entries), subject(gated(250), entries))].filter((screening) => screening.sanctioned !== true);
    const distinct = <T>(values: T[]) => [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];
    expect(distinct(contexts.map(({ chain, address }) => `${chain} ${address}`))).toEqual([
      "EVM 0x52908400098527886E0F7030069857D2E4169EE7",
      "EVM 0x293cCC84a99fcbD790367AeDf45495e35A9833AB",
      "EVM 0x0000000000000000000000000000000000000001",
      "SOL 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      "SOL other-address-1",
      "BTC other-address-1",
    ]);
    // Absent, each minimum, then below the lowest, between the two and above the highest.
    expect(distinct(contexts.map((screening) => screening.transfer?.amountUsd ?? null))).toEqual([null, 100, 250, 0, 175, 251]);
    // Native, the listed one, one other.
    expect(distinct(contexts.map((screening) => screening.transfer?.token?.contractAddress ?? null))).toEqual([null, USDT_MIXED.contractAddress, "0x6B175474E89094C44Da98b954EedeAC495271d0F"]);
    expect(distinct(contexts.map(({ chain, address, transfer }) => ({ chain, address, transfer })))).toHaveLength(6 * 6 * 3);
    // A SIGN_IN pair has no transfer at all; an unnamed EVM address is the preferred sample.
    const signIn = (gte: number): DecisionSubject => ({ providerType: VENDOR_A, scope: "SIGN_IN", policy: { providerType: VENDOR_A, scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { preScreen: {}, postScreen: [{ ...SCORE_7, when: { riskScore: { gte } } }] } }, addressEntries: [] });
    expect(distinct([...representativeScreenings(signIn(7), signIn(8))].map(({ chain, address, transfer }) => ({ chain, address, transfer })))).toEqual([{ chain: "EVM", address: "0x52908400098527886E0F7030069857D2E4169EE7", transfer: undefined }]);
    // Without gates a transfer has neither an amount nor a token to tell apart: one, empty.
    expect(distinct([...representativeScreenings(subject(policyA([SCORE_7])), subject(policyA([])))].map((screening) => screening.transfer))).toStrictEqual([{}]);
    // Every preferred chain and token sample taken: made ones.
    const DAI = { chain: "EVM", networkId: 1, contractAddress: "0x6B175474E89094C44Da98b954EedeAC495271d0F" };
    const everyChain = subject(policyA([SCORE_7], { chains: ["EVM", "BTC", "SOL", "OTHER"], tokens: [DAI] }));
    const walked = [...representativeScreenings(everyChain, subject(policyA([])))];
    expect(distinct(walked.map(({ chain }) => chain))).toEqual(["EVM", "BTC", "SOL", "OTHER", "OTHER_1"]);
    expect(distinct(walked.map((screening) => screening.transfer?.token?.contractAddress ?? null))).toEqual([null, DAI.contractAddress, "0x0000000000000000000000000000000000000001"]);
    // The made sample skips an address an entry already has.
    const made = [entries[0]!, entries[1]!, entry("EVM", "0x0000000000000000000000000000000000000001", "ALERT")];
    expect(distinct([...representativeScreenings(subject(policyA([SCORE_7]), made), subject(policyA([]), made))].map(({ address }) => address))).toEqual([...made.map((listed) => listed.address), "0x0000000000000000000000000000000000000002", "other-address-1"]);
  });
});

describe("comparePartition: the sample policies", () => {
  const samples = (["sandbox", "live"] as const).flatMap((environment) =>
    (["vendorAWalletScreening", "vendorBAddressScreening"] as const).flatMap((vendor) => {
      const folder = join(ROOT, "policies", environment, vendor);
      const entries = parse(readFileSync(join(folder, "addresses.yaml"), "utf8")).entries;
      return (["SIGN_IN", "TRANSACTION"] as const).map((scope) => ({
        name: `${environment}/${vendor}/${scope}`,
        subject: { providerType: vendor, scope, policy: parse(readFileSync(join(folder, `${scope}.yaml`), "utf8")) as PolicyDocument, addressEntries: entries } satisfies DecisionSubject,
      }));
    }),
  );

  it.each(samples)("$name against itself is equivalent", ({ subject: sample }) => {
    expect(comparePartition(sample, { ...sample }, { now: NOW })).toEqual({ verdict: "equivalent", transitions: [] });
    expect(countRepresentatives(sample, sample, NOW)).toBeLessThan(200_000);
  });

  it.each(samples)("$name: every representative is a screening `decide` and `test` read", ({ subject: sample }) => {
    let checked = 0;
    for (const representative of representativeScreenings(sample, sample, NOW)) {
      const reading = readScreening(representative, sample.providerType, sample.scope);
      expect(reading.ok ? [] : reading.findings, JSON.stringify(representative)).toEqual([]);
      if (++checked >= 3000) break;
    }
  });

  it("live against sandbox: every example reproduces its transition through decide", () => {
    for (const scope of ["SIGN_IN", "TRANSACTION"] as const) {
      for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"] as const) {
        const base = samples.find((sample) => sample.name === `live/${vendor}/${scope}`)!.subject;
        const head = samples.find((sample) => sample.name === `sandbox/${vendor}/${scope}`)!.subject;
        const result = comparePartition(base, head, { now: NOW });
        expect(result.verdict).not.toBe("unknown");
        for (const { from, to, example } of result.transitions) {
          expect(readScreening(example, vendor, scope).ok).toBe(true);
          expect(decide(base, example, { now: NOW })).toEqual(from);
          expect(decide(head, example, { now: NOW })).toEqual(to);
        }
      }
    }
  });
});

/** Uniformly random signals of the vendor: any category, any value in range, no pools. */
function uniformSignals(vendor: Vendor): fc.Arbitrary<Signals> {
  const category = fc.constantFrom(...CATEGORIES[vendor]);
  if (vendor === VENDOR_A) {
    return fc.record(
      {
        riskScore: fc.double({ min: 0, max: 10, noNaN: true }),
        exposures: fc.array(fc.record({ category, direction: fc.constantFrom("direct" as const, "indirect" as const), percent: fc.double({ min: 0, max: 100, noNaN: true }) }), { maxLength: 4 }),
        cluster: fc.record({ category }),
      },
      { requiredKeys: [] },
    );
  }
  return fc.record(
    {
      riskLevel: fc.constantFrom("low" as const, "medium" as const, "high" as const, "severe" as const),
      indicators: fc.array(fc.record({ category, riskType: fc.constantFrom("ownership" as const, "counterparty" as const, "indirect" as const), volumeUsd: fc.double({ min: 0, max: 1e7, noNaN: true }) }), { maxLength: 4 }),
      entity: fc.record({ category }),
    },
    { requiredKeys: [] },
  );
}

/** A small edit of a subject: rules swapped, dropped, a threshold moved, the policy disabled, a preScreen gate changed, an entry dropped. */
function editOf(subject: DecisionSubject): fc.Arbitrary<DecisionSubject> {
  const document = subject.policy;
  return fc.tuple(fc.integer({ min: 0, max: 6 }), fc.nat(), fc.constantFrom(-1, 1)).map(([edit, at, step]) => {
    const entries = [...(subject.addressEntries ?? [])];
    if (document === undefined || edit === 0) return { ...subject, addressEntries: entries.slice(1) };
    const rules = document.rules.postScreen.map((rule) => structuredClone(rule));
    const index = rules.length === 0 ? 0 : at % rules.length;
    const preScreen = { ...document.rules.preScreen };
    let enabled = document.enabled;
    if (edit === 1 && rules.length > 1) rules.splice(index, 2, ...rules.slice(index, index + 2).reverse());
    else if (edit === 2) rules.splice(index, 1);
    else if (edit === 3) enabled = !enabled;
    else if (edit === 4) {
      if (subject.scope === "TRANSACTION") preScreen.minAmountUsd = Math.max(0, (preScreen.minAmountUsd ?? 0) + 100 * step);
      else delete preScreen.chains;
    } else if (rules[index] !== undefined) {
      // Move every threshold of the rule by one step: a score by 1 (kept in 0..10), a percent or volume by 5.
      const move = (conditions: Record<string, Record<string, unknown>>) => {
        for (const [key, condition] of Object.entries(conditions)) {
          if (key === "anyOf") continue;
          for (const member of ["gte", "lte", "minPercent", "minVolumeUsd"]) {
            const value = condition[member];
            if (typeof value !== "number") continue;
            const max = member === "minPercent" ? 100 : member === "minVolumeUsd" ? Infinity : 10;
            condition[member] = Math.min(max, Math.max(0, value + (member === "gte" || member === "lte" ? step : 5 * step)));
          }
        }
      };
      const when = rules[index]!.when as unknown as Record<string, Record<string, unknown>> & { anyOf?: Array<Record<string, Record<string, unknown>>> };
      move(when);
      for (const alternative of when.anyOf ?? []) move(alternative);
    }
    return { ...subject, addressEntries: entries, policy: { ...document, enabled, rules: { preScreen, postScreen: rules } } };
  });
}

describe("representativeScreenings: soundness", () => {
  const pairCase = fc
    .tuple(fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening") as fc.Arbitrary<Vendor>, fc.constantFrom("SIGN_IN", "TRANSACTION") as fc.Arbitrary<Scope>)
    .chain(([vendor, scope]) => {
      const side = fc.record({
        providerType: fc.constant(vendor),
        scope: fc.constant(scope),
        policy: fc.oneof({ weight: 8, arbitrary: policy(vendor, scope) }, { weight: 1, arbitrary: fc.constant(undefined) }),
        addressEntries: addressEntries(),
      });
      // Chains and addresses nothing names, and amounts anywhere, beside the pools' own.
      const elsewhere = fc.record({ chain: fc.constantFrom("EVM", "XRP", "LTC"), address: fc.stringMatching(/^0x[0-9a-fA-F]{40}$/), amountUsd: fc.double({ min: 0, max: 1e6, noNaN: true }) });
      const uniform = fc.tuple(screening(vendor, scope), uniformSignals(vendor), fc.option(elsewhere, { freq: 2 })).map(([screened, signals, place]): Screening => {
        if (place === null) return { ...screened, signals };
        const moved: Screening = { ...screened, chain: place.chain, address: place.address, signals };
        if (scope === "TRANSACTION") moved.transfer = { ...screened.transfer, amountUsd: place.amountUsd };
        return moved;
      });
      const drawn = fc.oneof(screening(vendor, scope), uniform);
      // Half the pairs are one policy and a small edit of it, as a pull request makes them; half are unrelated.
      const edited = side.chain((base) => fc.record({ base: fc.constant(base), head: editOf(base) }));
      return fc.record({ pair: fc.oneof(edited, fc.record({ base: side, head: side })), screenings: fc.array(drawn, { minLength: 20, maxLength: 40 }) }).map(({ pair, screenings }) => ({ ...pair, screenings }));
    });

  it("every screening decides on (base, head) like some representative", () => {
    fc.assert(
      fc.property(pairCase, ({ base, head, screenings }) => {
        const key = (screened: Screening) => {
          const from = decide(base, screened, { now: NOW });
          const to = decide(head, screened, { now: NOW });
          return `${from.action} ${from.by} -> ${to.action} ${to.by}`;
        };
        // Generated pairs are small: the partition stays in the tens of thousands.
        fc.pre(countRepresentatives(base, head, NOW) <= 50_000);
        const covered = new Set<string>();
        for (const representative of representativeScreenings(base, head, NOW)) covered.add(key(representative));
        for (const screened of screenings) expect(covered, JSON.stringify(screened)).toContain(key(screened));
        // Without a clock, the representatives stand for every screening at any clock (here a year on, every entry expired).
        const later = NOW + 366 * 86_400_000;
        if (countRepresentatives(base, head, undefined, 5_000) <= 5_000) {
          const atLater = (screened: Screening) => `${decide(base, screened, { now: later }).by} ${decide(head, screened, { now: later }).by}`;
          const anyClock = new Set<string>();
          for (const representative of representativeScreenings(base, head)) anyClock.add(atLater(representative));
          for (const screened of screenings) expect(anyClock).toContain(atLater(screened));
        }
        // And so the comparison lists every change of strictness a screening shows, each example reproducing.
        const result = comparePartition(base, head, { now: NOW });
        const listed = new Set(result.transitions.map(({ from, to }) => `${from.action} ${from.by} -> ${to.action} ${to.by}`));
        for (const screened of screenings) {
          const from = decide(base, screened, { now: NOW });
          const to = decide(head, screened, { now: NOW });
          if (from.action !== to.action) expect(listed).toContain(key(screened));
        }
        for (const { from, to, example } of result.transitions) {
          expect(key(example)).toBe(`${from.action} ${from.by} -> ${to.action} ${to.by}`);
          expect(readScreening(example, base.providerType, base.scope).ok, JSON.stringify(example)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
    // CPU-bound (6 to 16 s alone): tens of thousands of representatives per pair; a loaded machine needs more than the default.
  }, 90_000);
});
