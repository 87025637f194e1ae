/**
 * The exact interval partition (semantics.md section 5, "an exact partition of
 * each signal's thresholds into intervals"): a finite set of representative
 * screenings such that every possible screening decides exactly like one of
 * them on both versions of a policy. Running each representative through
 * `decide` on both versions is then a proof, not a sample: the test oracle of
 * the z3 prover (style.md habit 12) and an exact method in its own right.
 *
 * Why it is exact:
 * - A condition reads one value per signal (conditions.ts `observe`: the score,
 *   the level, the category, or the highest percent (volume) of one exposure
 *   (indicator) category and direction (risk type)), and compares it with
 *   constants. Per such value, the points where any condition of either
 *   version changes truth cut its range into finitely many classes; one value
 *   per class (kept by the truth of every such comparison, evaluated with the
 *   decision's own `satisfies`) stands for the whole class. `any` reads two
 *   values (direct, indirect), each partitioned on its own.
 * - Steps 1 to 4 of semantics.md section 2 (floor, address entry, disabled or
 *   absent policy, preScreen) read only the chain, address, transfer and
 *   `sanctioned`, never the signals; step 5 reads only the signals. So the
 *   screening factors into a context (chain, address, amount, token) and the
 *   signals, and per pair of (context decided before the vendor, or not) on
 *   base and head one context suffices.
 * Nothing here decides: every decision is `decide`'s.
 */
import { CATEGORIES, type Scope, type Vendor } from "../../vendors.js";
import { readWhenTerms, satisfies, type Condition } from "../conditions.js";
import { decide } from "../decide.js";
import { STRICTNESS, type Decision } from "../decision.js";
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, type Exposure, type Indicator, type ScopedScreening, type Signals, type TokenRef } from "../signals.js";
import { addressKey, tokenKey, type DecisionSubject } from "../subject.js";
import type { DecisionRef, SubjectComparison, Transition, Verdict } from "./model.js";

/** Representative screenings above which the partition gives up with `unknown` (a bound on time, about 2 s per million). */
export const DEFAULT_MAX_SCREENINGS = 2_000_000;

export interface PartitionOptions {
  /** The clock for address entries' `expiresAt`, as `decide` takes it. */
  now: number | Date;
  maxScreenings?: number;
}

/** The steps decided before the vendor is consulted (semantics.md section 2, steps 1 to 4). */
const BEFORE_VENDOR: ReadonlySet<string> = new Set(["sanctions-floor", "address-entry", "policy-disabled", "pre-screen"]);

/** One signal value the rules read, with its candidate values (undefined: absent) and the comparisons made on it. */
interface Dimension {
  candidates: Array<number | string | undefined>;
  atoms: Condition[];
  /** Writes a value into the signals being built. */
  put(signals: MutableSignals, value: number | string): void;
}

interface MutableSignals {
  riskScore?: number;
  exposures?: Exposure[];
  cluster?: { category: string };
  riskLevel?: Signals["riskLevel"];
  indicators?: Indicator[];
  entity?: { category: string };
}

interface Context {
  chain: string;
  address: string;
  transfer?: { amountUsd?: number; token?: TokenRef };
}

/** The partition of a (base, head) pair: its contexts and signal values, and how many screenings they make. */
interface Partition {
  scope: Scope;
  /** Contexts, each with whether the signals can change either side's decision. */
  contexts: Array<{ context: Context; readsSignals: boolean }>;
  /** Per dimension, the values kept: one per class. */
  values: Array<{ dimension: Dimension; values: Array<number | string | undefined> }>;
  count: number;
}

/**
 * Compares two versions of one subject over every screening, exactly.
 * `added` when base has no policy and head has one, `removed` the reverse (as
 * the z3 prover reads it), whatever the transitions; otherwise from the
 * transitions: `equivalent`, `stricter`, `weaker` or `mixed`. Beyond
 * `maxScreenings` representatives: `unknown` with the bound, never a partial
 * answer. Transitions list weakenings first, each with the first example
 * found (thresholds come first in each signal's values, absent signals first).
 */
export function comparePartition(base: DecisionSubject | undefined, head: DecisionSubject | undefined, options: PartitionOptions): SubjectComparison {
  const pair = completePair(base, head);
  if (pair === undefined) return { verdict: "equivalent", transitions: [] };
  const maxScreenings = options.maxScreenings ?? DEFAULT_MAX_SCREENINGS;
  const partition = partitionOf(pair.base, pair.head, options.now);
  if (partition.count > maxScreenings) {
    return { verdict: "unknown", transitions: [], reason: `the interval partition has ${partition.count} representative screenings, above the bound of ${maxScreenings} (maxScreenings)` };
  }
  const found = new Map<string, Transition>();
  for (const screening of screeningsOf(partition)) {
    const from = decide(pair.base, screening, { now: options.now });
    const to = decide(pair.head, screening, { now: options.now });
    if (STRICTNESS[from.action] === STRICTNESS[to.action]) continue;
    const key = `${from.action}\u0000${from.by}\u0000${to.action}\u0000${to.by}`;
    if (!found.has(key)) found.set(key, { from: refOf(from), to: refOf(to), example: screening });
  }
  const transitions = [...found.values()];
  const weaker = transitions.some(isWeakening);
  const stricter = transitions.some((transition) => !isWeakening(transition));
  return { verdict: verdictOf(pair.base, pair.head, weaker, stricter), transitions: [...transitions.filter(isWeakening), ...transitions.filter((transition) => !isWeakening(transition))] };
}

/**
 * The representative screenings of a pair, lazily: every screening decides on
 * both versions like one of them. For tests; `comparePartition` bounds the count first.
 */
export function* representativeScreenings(base: DecisionSubject | undefined, head: DecisionSubject | undefined, now: number | Date): Generator<ScopedScreening> {
  const pair = completePair(base, head);
  if (pair === undefined) return;
  yield* screeningsOf(partitionOf(pair.base, pair.head, now));
}

/** How many representatives the pair has, without making them. */
export function countRepresentatives(base: DecisionSubject | undefined, head: DecisionSubject | undefined, now: number | Date): number {
  const pair = completePair(base, head);
  return pair === undefined ? 0 : partitionOf(pair.base, pair.head, now).count;
}

function refOf(decision: Decision): DecisionRef {
  return { action: decision.action, by: decision.by };
}

function isWeakening(transition: Transition): boolean {
  return STRICTNESS[transition.to.action] < STRICTNESS[transition.from.action];
}

function verdictOf(base: DecisionSubject, head: DecisionSubject, weaker: boolean, stricter: boolean): Verdict {
  if (base.policy === undefined && head.policy !== undefined) return "added";
  if (base.policy !== undefined && head.policy === undefined) return "removed";
  if (weaker && stricter) return "mixed";
  if (weaker) return "weaker";
  if (stricter) return "stricter";
  return "equivalent";
}

/** A missing side is the same (vendor, scope) with no policy and no address entries. */
function completePair(base: DecisionSubject | undefined, head: DecisionSubject | undefined): { base: DecisionSubject; head: DecisionSubject } | undefined {
  const known = base ?? head;
  if (known === undefined) return undefined;
  const none: DecisionSubject = { providerType: known.providerType, scope: known.scope };
  return { base: base ?? none, head: head ?? none };
}

function partitionOf(base: DecisionSubject, head: DecisionSubject, now: number | Date): Partition {
  const dimensions = dimensionsOf(base.providerType, [base, head]);
  const values = dimensions.map((dimension) => ({ dimension, values: classRepresentatives(dimension) }));
  const signalCount = values.reduce((product, { values }) => product * values.length, 1);
  const contexts = contextsOf(base, head, now);
  const count = 1 + contexts.reduce((sum, { readsSignals }) => sum + (readsSignals ? signalCount : 1), 0);
  return { scope: base.scope, contexts, values, count };
}

function* screeningsOf(partition: Partition): Generator<ScopedScreening> {
  const { scope, contexts, values } = partition;
  for (const { context, readsSignals } of contexts) {
    if (!readsSignals) {
      yield { scope, ...context };
      continue;
    }
    // An odometer over the dimensions, the last turning fastest; every index starts at the absent value.
    const indices = values.map(() => 0);
    for (;;) {
      const signals: MutableSignals = {};
      values.forEach(({ dimension, values: kept }, position) => {
        const value = kept[indices[position]!];
        if (value !== undefined) dimension.put(signals, value);
      });
      yield Object.keys(signals).length === 0 ? { scope, ...context } : { scope, ...context, signals };
      let position = values.length - 1;
      while (position >= 0 && indices[position]! + 1 >= values[position]!.values.length) indices[position--] = 0;
      if (position < 0) break;
      indices[position]!++;
    }
  }
  // The sanctions floor decides alone (step 1): one screening stands for every sanctioned one.
  const first = contexts[0]!.context;
  yield { scope, ...first, sanctioned: true };
}

/** The conditions of every rule of both versions. */
function conditionsOf(subjects: readonly DecisionSubject[]): Condition[] {
  const conditions: Condition[] = [];
  for (const subject of subjects) {
    for (const rule of subject.policy?.rules.postScreen ?? []) {
      const when = readWhenTerms(rule.when, subject.providerType);
      if (when === undefined) throw new TypeError(`rule ${rule.id} of the ${subject.providerType} ${subject.scope} policy is not valid; lint it first`);
      for (const term of [...when.all, ...(when.anyOf ?? []).flat()]) conditions.push(term.condition);
    }
  }
  return conditions;
}

/**
 * The signal values the rules of either version read, each with its
 * candidates: absent first, then every threshold ascending (the examples a
 * reviewer recognises), then a value below the lowest, between each two and
 * above the highest within the signal's range.
 */
function dimensionsOf(vendor: Vendor, subjects: readonly DecisionSubject[]): Dimension[] {
  const conditions = conditionsOf(subjects);
  const dimensions: Dimension[] = [];
  const ofKind = <K extends Condition["kind"]>(kind: K) => conditions.filter((condition): condition is Extract<Condition, { kind: K }> => condition.kind === kind);

  const scores = ofKind("riskScore");
  if (scores.length > 0) {
    dimensions.push({
      candidates: [undefined, ...between(scores.flatMap((condition) => [condition.low, condition.high]), MIN_RISK_SCORE, MAX_RISK_SCORE)],
      atoms: scores,
      put: (signals, value) => (signals.riskScore = value as number),
    });
  }
  const levels = ofKind("riskLevel");
  if (levels.length > 0) {
    dimensions.push({ candidates: [undefined, ...RISK_LEVELS], atoms: levels, put: (signals, value) => (signals.riskLevel = value as Signals["riskLevel"]) });
  }
  for (const kind of ["cluster", "entity"] as const) {
    const named = ofKind(kind);
    if (named.length === 0) continue;
    const categories = unique(named.map((condition) => condition.category));
    const other = CATEGORIES[vendor].find((category) => !categories.includes(category));
    dimensions.push({
      candidates: [undefined, ...categories, ...(other === undefined ? [] : [other])],
      atoms: named,
      put: (signals, value) => (signals[kind] = { category: value as string }),
    });
  }
  const exposures = ofKind("exposure");
  for (const category of unique(exposures.map((condition) => condition.category))) {
    for (const direction of ["direct", "indirect"] as const) {
      const reading = exposures.filter((condition) => condition.category === category && (condition.direction === direction || condition.direction === "any"));
      if (reading.length === 0) continue;
      dimensions.push({
        candidates: [undefined, ...between(reading.map((condition) => condition.minPercent), 0, 100)],
        // Per direction, `any` compares this direction's highest percent like a condition on it alone.
        atoms: reading.map((condition) => ({ ...condition, direction })),
        put: (signals, value) => (signals.exposures ??= []).push({ category, direction, percent: value as number }),
      });
    }
  }
  const indicators = ofKind("indicator");
  for (const key of unique(indicators.map((condition) => `${condition.category}\u0000${condition.riskType}`))) {
    const reading = indicators.filter((condition) => `${condition.category}\u0000${condition.riskType}` === key);
    const { category, riskType } = reading[0]!;
    const thresholds = reading.map((condition) => condition.minVolumeUsd);
    dimensions.push({
      candidates: [undefined, ...between(thresholds, 0, Math.max(...thresholds) + 1)],
      atoms: reading,
      put: (signals, value) => (signals.indicators ??= []).push({ category, riskType, volumeUsd: value as number }),
    });
  }
  return dimensions;
}

/** The thresholds ascending, then a value below the lowest, between each two, and above the highest, within [min, max]. */
function between(thresholds: readonly number[], min: number, max: number): number[] {
  const cuts = unique(thresholds).sort((a, b) => a - b);
  const values = [...cuts];
  if (min < cuts[0]!) values.push(min);
  for (let index = 0; index + 1 < cuts.length; index++) values.push((cuts[index]! + cuts[index + 1]!) / 2);
  if (cuts[cuts.length - 1]! < max) values.push(max);
  return values;
}

/** One candidate per class: the first with each combination of the comparisons' truth (absent is its own class). */
function classRepresentatives(dimension: Dimension): Array<number | string | undefined> {
  const seen = new Set<string>();
  const kept: Array<number | string | undefined> = [];
  for (const value of dimension.candidates) {
    const signature = value === undefined ? "absent" : dimension.atoms.map((atom) => (satisfies(atom, value) ? "1" : "0")).join("");
    if (seen.has(signature)) continue;
    seen.add(signature);
    kept.push(value);
  }
  return kept;
}

/**
 * The contexts (chain, address, transfer) that matter, one per pair of
 * decisions made before the vendor (or none) on base and head. Chains: those
 * either version names (preScreen, entries) and one other; addresses: those of
 * either version's entries on the chain and one other; amounts: absent, below
 * the lowest minimum, each minimum; tokens: native, each listed one and one other.
 */
function contextsOf(base: DecisionSubject, head: DecisionSubject, now: number | Date): Array<{ context: Context; readsSignals: boolean }> {
  const subjects = [base, head];
  const entries = subjects.flatMap((subject) => subject.addressEntries ?? []);
  const named = unique([...subjects.flatMap((subject) => subject.policy?.rules.preScreen.chains ?? []), ...entries.map((entry) => entry.chain)]);
  const chains = [...named, firstNotIn(["EVM", "BTC", "SOL", "OTHER"], named, (index) => `OTHER_${index}`)];
  const transfers = base.scope === "TRANSACTION" ? transfersOf(subjects) : [undefined];

  const classes = new Map<string, { context: Context; readsSignals: boolean }>();
  for (const chain of chains) {
    const addresses = new Map<string, string>();
    for (const entry of entries) if (entry.chain === chain && !addresses.has(addressKey(chain, entry.address))) addresses.set(addressKey(chain, entry.address), entry.address);
    const otherAddress = firstNotIn(
      chain === "EVM" ? ["0x52908400098527886E0F7030069857D2E4169EE7", "0x293cCC84a99fcbD790367AeDf45495e35A9833AB"] : [],
      [...addresses.values()].map((address) => addressKey(chain, address)),
      (index) => (chain === "EVM" ? `0x${index.toString(16).padStart(40, "0")}` : `other-address-${index}`),
      (address) => addressKey(chain, address),
    );
    for (const address of [...addresses.values(), otherAddress]) {
      for (const transfer of transfers) {
        const context: Context = transfer === undefined ? { chain, address } : { chain, address, transfer };
        const screening = { ...context };
        const sides = subjects.map((subject) => decide(subject, screening, { now }));
        const key = sides.map((side) => (BEFORE_VENDOR.has(side.by) ? `${side.action}\u0000${side.by}` : "vendor")).join("\u0001");
        if (!classes.has(key)) classes.set(key, { context, readsSignals: sides.some((side) => !BEFORE_VENDOR.has(side.by)) });
      }
    }
  }
  return [...classes.values()];
}

function transfersOf(subjects: readonly DecisionSubject[]): Array<Context["transfer"]> {
  const minimums = unique(subjects.flatMap((subject) => (subject.policy?.rules.preScreen.minAmountUsd === undefined ? [] : [subject.policy.rules.preScreen.minAmountUsd]))).sort((a, b) => a - b);
  const amounts: Array<number | undefined> = [undefined, ...minimums];
  if (minimums.length > 0 && minimums[0]! > 0) amounts.push(0);
  const listed = new Map<string, TokenRef>();
  for (const subject of subjects) for (const token of subject.policy?.rules.preScreen.tokens ?? []) if (!listed.has(tokenKey(token))) listed.set(tokenKey(token), token);
  const tokens: Array<TokenRef | undefined> = [undefined];
  if (listed.size > 0) {
    tokens.push(...listed.values());
    tokens.push(
      firstNotIn(
        [{ chain: "EVM", networkId: 1, contractAddress: "0x6B175474E89094C44Da98b954EedeAC495271d0F" }],
        [...listed.keys()],
        (index) => ({ chain: "EVM", networkId: 1, contractAddress: `0x${index.toString(16).padStart(40, "0")}` }),
        tokenKey,
      ),
    );
  }
  const transfers: Array<Context["transfer"]> = [];
  for (const amountUsd of amounts) {
    for (const token of tokens) {
      const transfer: NonNullable<Context["transfer"]> = {};
      if (amountUsd !== undefined) transfer.amountUsd = amountUsd;
      if (token !== undefined) transfer.token = token;
      transfers.push(transfer);
    }
  }
  return transfers;
}

/** The first preferred value whose key is not taken, else the first made one (at most taken.length + 1 tries). */
function firstNotIn<T>(preferred: readonly T[], taken: readonly string[], make: (index: number) => T, keyOf: (value: T) => string = String): T {
  const used = new Set(taken);
  for (const value of preferred) if (!used.has(keyOf(value))) return value;
  for (let index = 1; index <= used.size + 1; index++) {
    const value = make(index);
    if (!used.has(keyOf(value))) return value;
  }
  throw new Error("unreachable: more candidates than taken keys");
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
