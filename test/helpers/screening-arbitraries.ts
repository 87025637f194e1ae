/**
 * fast-check arbitraries of VALID decision inputs (semantics.md sections 1 and 2):
 * policies of both vendors and rule languages, address entries and screenings.
 * Thresholds and signal values are drawn from the same small pools, and signal
 * values also a hair either side of them, so that bounds are hit, not only
 * approached; addresses and tokens come from a short list so that entries and
 * preScreen tokens match often.
 */
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AddressEntryDocument, ConditionSetDocument, DecisionSubject, PolicyDocument, RuleDocument, Screening, Signals, TokenRef } from "../../src/core/semantics/index.js";
import { RISK_LEVELS, RISK_TYPES } from "../../src/core/semantics/index.js";
import { matchesEveryScoredScreening } from "../../src/core/checks/catch-all.js";
import { findShadowing } from "../../src/core/checks/shadowed-rule.js";
import { CATEGORIES, type Scope, type Vendor } from "../../src/core/vendors.js";

interface DecisionPools {
  addresses: Record<string, string[]>;
  tokens: TokenRef[];
}

export const POOLS: DecisionPools = JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/semantics/decision-pools.json"), "utf8"));

/** The clock every generated case is decided at; expiries are drawn around it. */
export const NOW = Date.parse("2026-11-23T12:00:00Z");

export const CHAINS = Object.keys(POOLS.addresses);
/** Chains a preScreen may list: every pool chain but the last, which stays unlisted. */
const LISTABLE_CHAINS = CHAINS.slice(0, -1);

/** The thresholds rules and preScreens are drawn with; signal values are drawn at them and a hair either side. */
export const RISK_SCORES = [0, 2, 3.5, 5, 7, 8.5, 10];
export const PERCENTS = [0, 1, 5, 10, 12.5, 50, 100];
export const VOLUMES = [0, 500, 1000, 5000];
const MIN_AMOUNTS = [0, 50, 250, 1000];
/** A few categories per vendor, so that a signal's category is often a rule's. */
const FREQUENT: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["mixer", "ransomware", "gambling", "privacy_wallet"],
  vendorBAddressScreening: ["mixing_service", "ransomware", "gambling", "theft"],
};
const HAIR = 0.000001;

/** A category of the vendor, mostly one of a few, so that a signal's category is often a rule's. */
export function category(vendor: Vendor): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FREQUENT[vendor]) }, { weight: 1, arbitrary: fc.constantFrom(...CATEGORIES[vendor]) });
}

/** A threshold of the pool, or a value a hair either side of one, or anywhere in [min, max]. */
function near(pool: readonly number[], min: number, max: number): fc.Arbitrary<number> {
  const clamp = (value: number) => Math.min(max, Math.max(min, value));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pool) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...pool), fc.constantFrom(-HAIR, HAIR)).map(([value, hair]) => clamp(value + hair)) },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => (Object.is(value, -0) ? 0 : value)) },
  );
}

/** The same text with each letter's case flipped or kept at random: an EVM address as a wallet might send it. */
export function anyCase(text: string): fc.Arbitrary<string> {
  return fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((flips) =>
    [...text].map((char, index) => (flips[index] ? (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()) : char)).join(""),
  );
}

function conditionArbitraries(vendor: Vendor): Record<string, fc.Arbitrary<unknown>> {
  if (vendor === "vendorAWalletScreening") {
    return {
      riskScore: fc
        .record({ gte: fc.constantFrom(...RISK_SCORES), lte: fc.constantFrom(...RISK_SCORES) }, { requiredKeys: [] })
        .filter((bounds) => Object.keys(bounds).length > 0),
      exposure: fc.record({ category: category(vendor), direction: fc.constantFrom("direct", "indirect", "any"), minPercent: fc.constantFrom(...PERCENTS) }),
      cluster: fc.record({ category: category(vendor) }),
    };
  }
  return {
    riskLevel: fc.record({ atLeast: fc.constantFrom(...RISK_LEVELS) }),
    indicator: fc.record({ category: category(vendor), riskType: fc.constantFrom(...RISK_TYPES), minVolumeUsd: fc.constantFrom(...VOLUMES) }),
    entity: fc.record({ category: category(vendor) }),
  };
}

function conditionSet(vendor: Vendor, minKeys: number): fc.Arbitrary<ConditionSetDocument> {
  const conditions = conditionArbitraries(vendor);
  return fc
    .subarray(Object.keys(conditions), { minLength: minKeys, maxLength: 2 })
    .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, conditions[key]!]))) as fc.Arbitrary<ConditionSetDocument>);
}

function when(vendor: Vendor, schemaVersion: 1 | 2): fc.Arbitrary<RuleDocument["when"]> {
  const plain = conditionSet(vendor, 0);
  if (schemaVersion === 1) return plain;
  return fc.oneof(
    plain,
    fc.tuple(plain, fc.array(conditionSet(vendor, 1), { minLength: 1, maxLength: 3 })).map(([all, anyOf]) => ({ ...all, anyOf })),
  );
}

/**
 * postScreen rules as drawn, lint errors and all (an ALLOW of every address, a
 * rule shadowed by a weaker one, an empty score range): for properties of lint
 * itself, which must see what it refuses.
 */
export function anyRules(vendor: Vendor, schemaVersion: 1 | 2): fc.Arbitrary<RuleDocument[]> {
  return fc
    .array(fc.record({ when: when(vendor, schemaVersion), action: fc.constantFrom("BLOCK", "ALERT", "ALLOW") as fc.Arbitrary<RuleDocument["action"]> }), { maxLength: 5 })
    .map((drawn) => drawn.map((rule, index) => ({ id: `rule-${index + 1}`, when: rule.when, action: rule.action })));
}

function rules(vendor: Vendor, schemaVersion: 1 | 2): fc.Arbitrary<RuleDocument[]> {
  return anyRules(vendor, schemaVersion)
    .map((drawn) =>
      drawn.map((rule) => ({
        ...rule,
        // An ALLOW of every (scored) address writes the terminal ALLOW down, which lint refuses (policy-language.md 5.3).
        action: rule.action === "ALLOW" && matchesEveryScoredScreening(rule.when, vendor) ? "ALERT" : rule.action,
      })),
    )
    // A stricter rule under a weaker one that covers it is a lint error (shadowed-rule): not a valid policy.
    .filter((drawn) => drawn.every((_, index) => findShadowing(drawn, index, vendor) === undefined));
}

/** A value a third of the time: every preScreen member set at once would gate most screenings before a rule is reached. */
function seldom<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

function preScreen(vendor: Vendor, scope: Scope): fc.Arbitrary<PolicyDocument["rules"]["preScreen"]> {
  const transaction = scope === "TRANSACTION";
  return fc
    .record({
      chains: seldom(fc.subarray(LISTABLE_CHAINS, { minLength: 1 })),
      minAmountUsd: transaction ? seldom(fc.constantFrom(...MIN_AMOUNTS)) : fc.constant(undefined),
      tokens: transaction ? seldom(fc.subarray(POOLS.tokens, { minLength: 1 })) : fc.constant(undefined),
      exposureDepth: vendor === "vendorAWalletScreening" ? seldom(fc.integer({ min: 1, max: 5 })) : fc.constant(undefined),
      includeIndirect: vendor === "vendorBAddressScreening" ? seldom(fc.boolean()) : fc.constant(undefined),
    })
    .map((drawn) => Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== undefined)));
}

export function policy(vendor: Vendor, scope: Scope): fc.Arbitrary<PolicyDocument> {
  return fc.constantFrom(1 as const, 2 as const).chain((schemaVersion) =>
    fc.record({
      providerType: fc.constant(vendor),
      scope: fc.constant(scope),
      schemaVersion: fc.constant(schemaVersion),
      enabled: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      rules: fc.record({ preScreen: preScreen(vendor, scope), postScreen: rules(vendor, schemaVersion) }),
    }),
  );
}

/** An address of the pool as an entry would write it: EVM as checksummed, all lower or all upper hex (the only valid spellings). */
function entryAddress(): fc.Arbitrary<{ chain: string; address: string }> {
  return fc.constantFrom(...CHAINS.flatMap((chain) => POOLS.addresses[chain]!.map((address) => ({ chain, address })))).chain(({ chain, address }) =>
    chain === "EVM" ? fc.constantFrom(address, address.toLowerCase(), `0x${address.slice(2).toUpperCase()}`).map((spelt) => ({ chain, address: spelt })) : fc.constant({ chain, address }),
  );
}

/** Around NOW: a second either side, the instant itself (also as another offset spells it), a millisecond after, dates only. */
const EXPIRIES = ["2026-11-23T11:59:59Z", "2026-11-23T12:00:00Z", "2026-11-23T13:00:00+01:00", "2026-11-23T12:00:00.001Z", "2026-11-23T12:00:01Z", "2026-01-31", "2027-12-31"];

/** Address entries of (environment, vendor): one per (address, chain), every scope, expired or not. */
export function addressEntries(): fc.Arbitrary<AddressEntryDocument[]> {
  const entry = fc.record(
    {
      target: entryAddress(),
      action: fc.constantFrom("ALLOW", "BLOCK") as fc.Arbitrary<AddressEntryDocument["action"]>,
      scope: fc.constantFrom("ALL", "SIGN_IN", "TRANSACTION") as fc.Arbitrary<AddressEntryDocument["scope"]>,
      expiresAt: fc.constantFrom(...EXPIRIES),
    },
    { requiredKeys: ["target", "action", "scope"] },
  );
  return fc
    .uniqueArray(entry, { maxLength: 4, selector: (drawn) => `${drawn.target.chain}/${drawn.target.address.toLowerCase()}` })
    .map((drawn) =>
      drawn.map(({ target, action, scope, expiresAt }) => ({
        address: target.address,
        chain: target.chain,
        action,
        scope,
        reason: "generated for a property test",
        ...(expiresAt === undefined ? {} : { expiresAt }),
      })),
    );
}

export function signals(vendor: Vendor): fc.Arbitrary<Signals> {
  if (vendor === "vendorAWalletScreening") {
    return fc.record(
      {
        riskScore: near(RISK_SCORES, 0, 10),
        exposures: fc.array(fc.record({ category: category(vendor), direction: fc.constantFrom("direct", "indirect") as fc.Arbitrary<"direct" | "indirect">, percent: near(PERCENTS, 0, 100) }), { maxLength: 3 }),
        cluster: fc.record({ category: category(vendor) }),
      },
      { requiredKeys: [] },
    );
  }
  return fc.record(
    {
      riskLevel: fc.constantFrom(...RISK_LEVELS),
      indicators: fc.array(fc.record({ category: category(vendor), riskType: fc.constantFrom(...RISK_TYPES), volumeUsd: near(VOLUMES, 0, 1e7) }), { maxLength: 3 }),
      entity: fc.record({ category: category(vendor) }),
    },
    { requiredKeys: [] },
  );
}

/** A token of the pool (EVM contract in any case), or one no preScreen lists. */
function token(): fc.Arbitrary<TokenRef> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...POOLS.tokens).chain((known) => (known.chain === "EVM" ? anyCase(known.contractAddress).map((contractAddress) => ({ ...known, contractAddress })) : fc.constant(known))) },
    { weight: 1, arbitrary: fc.constant({ chain: "EVM", networkId: 1, contractAddress: "0x6B175474E89094C44Da98b954EedeAC495271d0F" }) },
  );
}

/** The address a screening is for: one of the pool, an EVM one in any case. */
export function screenedAddress(): fc.Arbitrary<{ chain: string; address: string }> {
  // Mostly EVM, the one chain every generated preScreen may list and the one with case to get wrong.
  const chain = fc.oneof({ weight: 4, arbitrary: fc.constant("EVM") }, { weight: 3, arbitrary: fc.constantFrom(...CHAINS) });
  return chain.chain((chain) =>
    fc.constantFrom(...POOLS.addresses[chain]!).chain((address) => (chain === "EVM" ? anyCase(address) : fc.constant(address)).map((spelt) => ({ chain, address: spelt }))),
  );
}

/** A TRANSACTION's transfer: an amount around the preScreen minimums, a token of the pool; either may be absent. */
export function transfer(): fc.Arbitrary<NonNullable<Screening["transfer"]>> {
  return fc
    .record({
      amountUsd: fc.option(near([...MIN_AMOUNTS, 49.99, 1200], 0, 1e6), { nil: undefined, freq: 6 }),
      token: fc.option(token(), { nil: undefined, freq: 4 }),
    })
    .map((drawn) => Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== undefined)));
}

/** Sanctioned one time in ten: the floor decides alone, so more would only hide the policy. */
const sanctioned = (): fc.Arbitrary<boolean> => fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

/** A screening of its parts, the absent ones left out (as a screening file writes it). */
function screeningOf(target: { chain: string; address: string }, rest: { transfer?: Screening["transfer"]; sanctioned?: boolean; signals?: Signals }): Screening {
  const drawn: Screening = { chain: target.chain, address: target.address };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) (drawn as unknown as Record<string, unknown>)[key] = value;
  return drawn;
}

export function screening(vendor: Vendor, scope: Scope): fc.Arbitrary<Screening> {
  return fc
    .record(
      {
        target: screenedAddress(),
        transfer: scope === "TRANSACTION" ? transfer() : fc.constant(undefined),
        sanctioned: sanctioned(),
        signals: signals(vendor),
      },
      { requiredKeys: ["target"] },
    )
    .map(({ target, ...rest }) => screeningOf(target, rest));
}

/**
 * Many screenings at little cost, for properties that run thousands per case
 * (fc.sample of `screening` costs about 0.1 ms each, decide() about 1 µs):
 * pools of each independent part (address, transfer, sanctioned, signals)
 * drawn once by the arbitraries above, then combined per case by a seeded
 * generator, so that a case's screenings are reproducible from its seed and
 * follow the same distribution as `screening`, each part independent of the
 * others as in that record.
 */
export interface ScreeningPools {
  targets: Array<{ chain: string; address: string }>;
  transfers: Array<Screening["transfer"]>;
  sanctioned: Array<boolean | undefined>;
  signals: Record<Vendor, Array<Signals | undefined>>;
}

/** The pools, drawn once with a fixed seed; `size` is each pool's length (signals: per vendor). */
export function screeningPools(size: number): ScreeningPools {
  const sample = <T>(arbitrary: fc.Arbitrary<T>, seed: number): T[] => fc.sample(arbitrary, { numRuns: size, seed });
  // fc.record leaves an optional key out as fc.option does by default (one time in six): the same odds here.
  const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
  return {
    targets: sample(screenedAddress(), 1),
    transfers: sample(optional(transfer()), 2),
    sanctioned: sample(optional(sanctioned()), 3),
    signals: { vendorAWalletScreening: sample(optional(signals("vendorAWalletScreening")), 4), vendorBAddressScreening: sample(optional(signals("vendorBAddressScreening")), 5) },
  };
}

/** `count` screenings of (vendor, scope) combined from the pools by a generator seeded with `seed` (mulberry32). */
export function drawScreenings(pools: ScreeningPools, vendor: Vendor, scope: Scope, count: number, seed: number): Screening[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(pool: readonly T[]): T => pool[Math.floor(next() * pool.length)]!;
  const signalPool = pools.signals[vendor];
  return Array.from({ length: count }, () =>
    screeningOf(pick(pools.targets), {
      transfer: scope === "TRANSACTION" ? pick(pools.transfers) : undefined,
      sanctioned: pick(pools.sanctioned),
      signals: pick(signalPool),
    }),
  );
}

export interface DecisionCase {
  subject: DecisionSubject;
  screening: Screening;
}

/** A subject (policy, absent policy or a disabled one; entries) and a screening of its vendor and scope. */
export function decisionCase(): fc.Arbitrary<DecisionCase> {
  return fc
    .tuple(fc.constantFrom("vendorAWalletScreening", "vendorBAddressScreening") as fc.Arbitrary<Vendor>, fc.constantFrom("SIGN_IN", "TRANSACTION") as fc.Arbitrary<Scope>)
    .chain(([vendor, scope]) =>
      fc.record({
        subject: fc.record({
          providerType: fc.constant(vendor),
          scope: fc.constant(scope),
          policy: fc.oneof({ weight: 8, arbitrary: policy(vendor, scope) }, { weight: 1, arbitrary: fc.constant(undefined) }),
          addressEntries: addressEntries(),
        }),
        screening: screening(vendor, scope),
      }),
    );
}
