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
 * - The signal values are chosen one at a time and a subtree stops as soon as
 *   both decisions are fixed (`screeningsOf`): the plain product runs to
 *   millions for the sample policies.
 * Nothing here decides: every decision is `decide`'s (docs/decisions.md,
 * "The interval partition").
 */
import { canonicalJson } from "../../canonical.js";
import { CATEGORIES, type Scope, type Vendor } from "../../vendors.js";
import { observe, readWhenTerms, satisfies, type Condition, type When } from "../conditions.js";
import { decide } from "../decide.js";
import { BEFORE_VENDOR, STRICTNESS, type Decision } from "../decision.js";
import { EXPOSURE_DIRECTIONS, MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, type Exposure, type Indicator, type ScopedScreening, type Screening, type Signals, type TokenRef } from "../signals.js";
import { addressKey, compileSubject, tokenKey, type DecisionSubject } from "../subject.js";
import { boundedSteps, BoundReached, type StopWhen } from "./bound.js";
import type { DecisionRef, RuleReachability, RuleRef, SubjectComparison, SubjectReachability, Taker, Transition } from "./model.js";
import { catchAllsAbove, matchingSubject, ruleRefOf, takesMatches, unreachableRule } from "./reachability.js";
import { completePair, isWeakening, verdictOf } from "./verdict.js";

/** Representative screenings above which the partition gives up with `unknown` (a bound on time: about 10 s per million, both versions decided). */
export const DEFAULT_MAX_SCREENINGS = 2_000_000;

export interface PartitionOptions {
  /** The clock for address entries' `expiresAt`, as `decide` takes it. */
  now: number | Date;
  maxScreenings?: number;
  /** The caller's bound (bound.ts), read as the partition is built and walked: once reached, the answer is `unknown`. */
  stop?: StopWhen;
}

/** The reason of an `unknown` the caller's bound cut short; the caller, which knows its bound, says it in its own words. */
const STOPPED = "the caller's bound was reached before the interval partition was walked";


/** One signal value the rules read, with its candidate values (undefined: absent) and the comparisons made on it. */
interface Dimension {
  key: string;
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

/** A condition as the comparisons it makes: it holds when one of them does (two for an exposure in `any` direction). */
type Parts = Array<{ dimension: number; atom: Condition }>;

/** A rule's `when` over parts: every `all` condition and one `anyOf` alternative in full. */
interface RuleParts {
  /** The rule's id, action and `when` as canonical JSON: two rules with the same key decide the same screenings the same way. */
  key: string;
  /** The decision it makes: action and id. */
  decides: string;
  all: Parts[];
  anyOf?: Parts[][];
  /** Per dimension, the comparisons the rule makes on it. */
  reads: Map<number, Condition[]>;
}

/** The partition of a (base, head) pair: its contexts, and per signal value the values kept. */
interface Partition {
  scope: Scope;
  /** Contexts, each with, per side, whether the signals can change its decision. */
  contexts: Array<{ context: Context; reads: [boolean, boolean] }>;
  /** In the order the rules first read them; per dimension the values kept, one per class, absent first. */
  values: Array<{ dimension: Dimension; values: Array<number | string | undefined> }>;
  /** The rules of base and head over the dimensions. */
  rules: [RuleParts[], RuleParts[]];
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
  const step = boundedSteps(options.stop);
  const found = new Map<string, Transition>();
  let count = 0;
  try {
    for (const screening of screeningsOf(partitionOf(pair.base, pair.head, options.now, step), step, () => true, true)) {
      // A part cut as decided alike counts as one representative: the budget bounds the walk, not only what it yields.
      if (++count > maxScreenings) {
        return { verdict: "unknown", transitions: [], reason: `the interval partition has more than ${maxScreenings} representative screenings (the bound, maxScreenings)` };
      }
      if (screening === ALIKE) continue;
      step();
      const from = decide(pair.base, screening, { now: options.now });
      const to = decide(pair.head, screening, { now: options.now });
      if (STRICTNESS[from.action] === STRICTNESS[to.action]) continue;
      const key = `${from.action}\u0000${from.by}\u0000${to.action}\u0000${to.by}`;
      if (!found.has(key)) found.set(key, { from: refOf(from), to: refOf(to), example: screening });
    }
  } catch (error) {
    if (error instanceof BoundReached) return { verdict: "unknown", transitions: [], reason: STOPPED };
    throw error;
  }
  const transitions = [...found.values()];
  const weaker = transitions.some(isWeakening);
  const stricter = transitions.some((transition) => !isWeakening(transition));
  return { verdict: verdictOf(pair.base, pair.head, weaker, stricter), transitions: [...transitions.filter(isWeakening), ...transitions.filter((transition) => !isWeakening(transition))] };
}

/**
 * The representative screenings of a pair, lazily: every screening decides on
 * both versions like one of them. With `now`, at that clock (contexts the
 * address entries and gates decide alike are one); without, at every clock
 * (each context kept, more screenings). For tests; `comparePartition` bounds the count.
 */
export function* representativeScreenings(base: DecisionSubject | undefined, head: DecisionSubject | undefined, now?: number | Date): Generator<ScopedScreening> {
  const pair = completePair(base, head);
  if (pair === undefined) return;
  yield* screeningsOf(partitionOf(pair.base, pair.head, now, () => undefined), () => undefined);
}

/** How many representatives the pair has, counted up to `limit` (then `limit + 1`). */
export function countRepresentatives(base: DecisionSubject | undefined, head: DecisionSubject | undefined, now?: number | Date, limit = DEFAULT_MAX_SCREENINGS): number {
  let count = 0;
  for (const _ of representativeScreenings(base, head, now)) if (++count > limit) break;
  return count;
}

/**
 * Reachability of every postScreen rule (docs/semantics.md,
 * "Reachability of rules"), exactly, by the partition: a rule is reachable
 * when some representative screening of the subject is decided by it; the
 * takers of one that is not are the decisions (those `takesMatches` counts)
 * of the representatives of (subject, the rule alone) that the rule alone
 * decides by the rule, i.e. that it matches (reachability.ts,
 * `matchingSubject`). Sanctioned screenings are left out, as the z3 prover
 * leaves the floor out. Beyond `maxScreenings` representatives in all, every
 * rule is `unknown`.
 */
export function reachabilityPartition(subject: DecisionSubject, options: PartitionOptions): SubjectReachability {
  const rules = compileSubject(subject).rules.map(ruleRefOf);
  try {
    return reachabilityWithin(subject, rules, options);
  } catch (error) {
    if (error instanceof BoundReached) return { rules: rules.map((rule) => ({ ...rule, status: "unknown" })), reason: STOPPED };
    throw error;
  }
}

function reachabilityWithin(subject: DecisionSubject, rules: readonly RuleRef[], options: PartitionOptions): SubjectReachability {
  const maxScreenings = options.maxScreenings ?? DEFAULT_MAX_SCREENINGS;
  const step = boundedSteps(options.stop);
  const tooMany = (): SubjectReachability => ({
    rules: rules.map((rule) => ({ ...rule, status: "unknown" })),
    reason: `the interval partition has more than ${maxScreenings} representative screenings (the bound, maxScreenings)`,
  });
  let count = 0;
  const decided = new Map<string, ScopedScreening>();
  for (const screening of screeningsOf(partitionOf(subject, subject, options.now, step), step)) {
    if (++count > maxScreenings) return tooMany();
    step();
    if (screening.sanctioned === true) continue;
    const decision = decide(subject, screening, { now: options.now });
    if (!decided.has(decision.by)) decided.set(decision.by, screening);
  }
  const catchAlls = catchAllsAbove(subject);
  const answers: RuleReachability[] = [];
  for (const rule of rules) {
    const example = decided.get(rule.id);
    if (example !== undefined) {
      answers.push({ ...rule, status: "reachable", example });
      continue;
    }
    const alone = matchingSubject(subject, rule);
    const takers = new Map<string, Taker>();
    const partition = partitionOf(subject, alone, options.now, step);
    // Only the screenings the rule matches can name a taker: where its `when` is already false, nothing below is walked.
    const matched = partition.rules[1][0]!;
    const mayMatch = (valueOf: ValueOf) => truthOf(matched, valueOf) !== FALSE;
    for (const screening of screeningsOf(partition, step, mayMatch)) {
      if (++count > maxScreenings) return tooMany();
      step();
      if (screening.sanctioned === true || decide(alone, screening, { now: options.now }).by !== rule.id) continue;
      const decision = decide(subject, screening, { now: options.now });
      if (!takesMatches(subject, decision)) continue;
      const key = `${decision.action}\u0000${decision.by}`;
      if (!takers.has(key)) takers.set(key, { ...refOf(decision), example: screening });
    }
    answers.push(unreachableRule(subject, rule, [...takers.values()], catchAlls[rule.index]));
  }
  return { rules: answers };
}

function refOf(decision: Decision): DecisionRef {
  return { action: decision.action, by: decision.by };
}


/** `step` is called per unit of work whose count grows with the rules (bound.ts); it throws to stop. */
function partitionOf(base: DecisionSubject, head: DecisionSubject, now: number | Date | undefined, step: () => void): Partition {
  const { dimensions, rules } = dimensionsOf(base.providerType, [base, head]);
  const values = dimensions.map((dimension) => ({ dimension, values: classRepresentatives(dimension, step) }));
  return { scope: base.scope, contexts: contextsOf(base, head, now), values, rules };
}

/**
 * The screenings of a partition: per context, a walk over the signal values
 * in order (absent first), which stops going deeper as soon as the values
 * chosen so far fix the decision on both sides (the first rule that can still
 * hold holds whatever the rest; or none can), the rest left absent. Without
 * that cut the product of every signal's classes runs to millions for the
 * sample policies. The decisions themselves are `decide`'s.
 */
function screeningsOf(partition: Partition, step: () => void, wanted?: (valueOf: ValueOf) => boolean): Generator<ScopedScreening>;
function screeningsOf(partition: Partition, step: () => void, wanted: (valueOf: ValueOf) => boolean, cutAlike: true): Generator<ScopedScreening | typeof ALIKE>;
function* screeningsOf(partition: Partition, step: () => void, wanted: (valueOf: ValueOf) => boolean = () => true, cutAlike = false): Generator<ScopedScreening | typeof ALIKE> {
  const { scope, contexts, values, rules } = partition;
  const chosen: number[] = values.map(() => 0);
  const valueAt = (dimension: number, depth: number): number | string | undefined | null =>
    dimension >= depth ? null : values[dimension]!.values[chosen[dimension]!];
  const screeningOf = (context: Context): ScopedScreening => {
    const signals: MutableSignals = {};
    values.forEach(({ dimension, values: kept }, position) => {
      const value = kept[chosen[position]!];
      if (value !== undefined) dimension.put(signals, value);
    });
    return Object.keys(signals).length === 0 ? { scope, ...context } : { scope, ...context, signals };
  };
  function* walk(context: Context, reads: [boolean, boolean], depth: number): Generator<ScopedScreening | typeof ALIKE> {
    step();
    const valueOf = (dimension: number) => valueAt(dimension, depth);
    if (!wanted(valueOf)) return;
    // Where both sides are left with the same rules to decide by, they decide every screening below alike: no change there.
    if (cutAlike && reads[0] && reads[1] && sameRemainder(rules[0], rules[1], valueOf)) {
      yield ALIKE;
      return;
    }
    const open = reads.flatMap((read, side) => (read ? openRules(rules[side]!, valueOf) : []));
    if (open.length === 0 || depth === values.length) {
      yield screeningOf(context);
      return;
    }
    // Only the comparisons of the rules still open can tell this value's classes apart.
    const atoms = open.flatMap((rule) => rule.reads.get(depth) ?? []);
    const seen = new Set<string>();
    for (let index = 0; index < values[depth]!.values.length; index++) {
      step();
      const value = values[depth]!.values[index];
      const signature = value === undefined ? "absent" : atoms.map((atom) => (satisfies(atom, value) ? "1" : "0")).join("");
      if (seen.has(signature)) continue;
      seen.add(signature);
      chosen[depth] = index;
      yield* walk(context, reads, depth + 1);
    }
    chosen[depth] = 0;
  }
  for (const { context, reads } of contexts) yield* walk(context, reads, 0);
  // The sanctions floor decides alone (step 1): one screening stands for every sanctioned one.
  yield { scope, ...contexts[0]!.context, sanctioned: true };
}

/**
 * The rules whose truth still matters once some values are chosen (the rest
 * null): those not yet false before the first that already holds. Empty when
 * the postScreen outcome is fixed whatever the values not yet chosen.
 * Three-valued: a comparison on a value not chosen is unknown; `satisfies`
 * makes each comparison.
 */
function openRules(rules: readonly RuleParts[], valueOf: ValueOf): RuleParts[] {
  const open: RuleParts[] = [];
  for (const rule of rules) {
    const truth = truthOf(rule, valueOf);
    if (truth === TRUE) return open;
    if (truth === UNKNOWN) open.push(rule);
  }
  return open;
}

/** Yielded by the walk, when asked, for a part where both sides decide every screening alike (sameRemainder), instead of its representatives. */
const ALIKE = Symbol("decided alike");

/**
 * Whether two lists of rules decide alike whatever the values not chosen
 * yet: the same rules still open, in the same order, and the same first one
 * already holding after them (or none: the terminal ALLOW). The decision is
 * the first open rule that holds, else that one, on both.
 */
function sameRemainder(base: readonly RuleParts[], head: readonly RuleParts[], valueOf: ValueOf): boolean {
  const remainder = (rules: readonly RuleParts[]): string[] => {
    const keys: string[] = [];
    for (const rule of rules) {
      const truth = truthOf(rule, valueOf);
      if (truth === TRUE) return [...keys, `decided by ${rule.decides}`];
      if (truth === UNKNOWN) keys.push(rule.key);
    }
    return keys;
  };
  const [a, b] = [remainder(base), remainder(head)];
  return a.length === b.length && a.every((key, index) => key === b[index]);
}

/** A value chosen for a dimension (undefined: absent), or null: not chosen yet. */
type ValueOf = (dimension: number) => number | string | undefined | null;

const FALSE = 0;
const UNKNOWN = 0.5;
const TRUE = 1;

/** Whether a rule's `when` holds for the values chosen so far: TRUE, FALSE, or UNKNOWN while a value it reads is not chosen. */
function truthOf(rule: RuleParts, valueOf: ValueOf): number {
  const part = (parts: Parts) =>
    parts.reduce((truth, { dimension, atom }) => {
      const value = valueOf(dimension);
      return Math.max(truth, value === null ? UNKNOWN : satisfies(atom, value) ? TRUE : FALSE);
    }, FALSE);
  const every = (conditions: readonly Parts[]) => conditions.reduce((truth, parts) => Math.min(truth, part(parts)), TRUE);
  const truth = every(rule.all);
  return rule.anyOf === undefined ? truth : Math.min(truth, rule.anyOf.reduce((some, alternative) => Math.max(some, every(alternative)), FALSE));
}

/** The `when` of every rule of a subject, in order. */
function whensOf(subject: DecisionSubject): When[] {
  return (subject.policy?.rules.postScreen ?? []).map((rule) => {
    const when = readWhenTerms(rule.when, subject.providerType);
    if (when === undefined) throw new TypeError(`rule ${rule.id} of the ${subject.providerType} ${subject.scope} policy is not valid; lint it first`);
    return when;
  });
}

/**
 * The signal values the rules of either version read (in the order the rules
 * first read them, base and head in step), each with its candidates: absent
 * first, then every threshold ascending (the examples a reviewer recognises),
 * then a value below the lowest, between each two and above the highest
 * within the signal's range; and both versions' rules over them.
 */
function dimensionsOf(vendor: Vendor, subjects: [DecisionSubject, DecisionSubject]): { dimensions: Dimension[]; rules: [RuleParts[], RuleParts[]] } {
  const whens = subjects.map(whensOf) as [When[], When[]];
  const dimensions: Dimension[] = [];
  const byKey = new Map<string, number>();
  const thresholds = new Map<string, Array<number | string>>();
  const dimensionOf = (key: string, make: () => Omit<Dimension, "key" | "candidates" | "atoms">): number => {
    let index = byKey.get(key);
    if (index === undefined) {
      index = dimensions.push({ key, candidates: [], atoms: [], ...make() }) - 1;
      byKey.set(key, index);
      thresholds.set(key, []);
    }
    return index;
  };
  const partsOf = (condition: Condition): Parts => {
    switch (condition.kind) {
      case "riskScore": {
        const dimension = dimensionOf("riskScore", () => ({ put: (signals, value) => (signals.riskScore = value as number) }));
        thresholds.get("riskScore")!.push(condition.low, condition.high);
        return [{ dimension, atom: condition }];
      }
      case "riskLevel":
        return [{ dimension: dimensionOf("riskLevel", () => ({ put: (signals, value) => (signals.riskLevel = value as Signals["riskLevel"]) })), atom: condition }];
      case "cluster":
      case "entity": {
        const kind = condition.kind;
        const dimension = dimensionOf(kind, () => ({ put: (signals, value) => (signals[kind] = { category: value as string }) }));
        thresholds.get(kind)!.push(condition.category);
        return [{ dimension, atom: condition }];
      }
      case "exposure": {
        const { category } = condition;
        // Per direction, `any` compares that direction's highest percent like a condition on it alone.
        return EXPOSURE_DIRECTIONS.filter((direction) => condition.direction === "any" || condition.direction === direction).map((direction) => {
          const key = `exposure\u0000${category}\u0000${direction}`;
          const dimension = dimensionOf(key, () => ({ put: (signals, value) => (signals.exposures ??= []).push({ category, direction, percent: value as number }) }));
          thresholds.get(key)!.push(condition.minPercent);
          return { dimension, atom: { ...condition, direction } };
        });
      }
      case "indicator": {
        const { category, riskType } = condition;
        const key = `indicator\u0000${category}\u0000${riskType}`;
        const dimension = dimensionOf(key, () => ({ put: (signals, value) => (signals.indicators ??= []).push({ category, riskType, volumeUsd: value as number }) }));
        thresholds.get(key)!.push(condition.minVolumeUsd);
        return [{ dimension, atom: condition }];
      }
    }
  };
  const rulesOf = (when: When, document: { id: string; action: string; when: unknown }): RuleParts => {
    const rule: RuleParts = { key: canonicalJson([document.id, document.action, document.when]), decides: `${document.action} ${document.id}`, all: when.all.map((term) => partsOf(term.condition)), reads: new Map() };
    if (when.anyOf !== undefined) rule.anyOf = when.anyOf.map((alternative) => alternative.map((term) => partsOf(term.condition)));
    for (const { dimension, atom } of [...rule.all, ...(rule.anyOf ?? []).flat()].flat()) {
      const atoms = rule.reads.get(dimension);
      if (atoms) atoms.push(atom);
      else rule.reads.set(dimension, [atom]);
    }
    return rule;
  };
  const rules: [RuleParts[], RuleParts[]] = [[], []];
  for (let index = 0; index < Math.max(whens[0].length, whens[1].length); index++) {
    for (const side of [0, 1] as const) {
      const when = whens[side][index];
      if (when !== undefined) rules[side].push(rulesOf(when, subjects[side].policy!.rules.postScreen[index]!));
    }
  }
  for (const side of [0, 1] as const) {
    for (const rule of rules[side]) for (const parts of [...rule.all, ...(rule.anyOf ?? []).flat()]) for (const { dimension, atom } of parts) dimensions[dimension]!.atoms.push(atom);
  }
  for (const dimension of dimensions) dimension.candidates = [undefined, ...candidatesOf(vendor, dimension, thresholds.get(dimension.key)!)];
  return { dimensions, rules };
}

/** A dimension's candidate values (besides absent): its thresholds first, then the values between. */
function candidatesOf(vendor: Vendor, dimension: Dimension, written: ReadonlyArray<number | string>): Array<number | string> {
  const key = dimension.key;
  const cuts = written as readonly number[];
  if (key === "riskScore") return between(cuts, MIN_RISK_SCORE, MAX_RISK_SCORE);
  if (key === "riskLevel") return [...RISK_LEVELS];
  if (key === "cluster" || key === "entity") {
    const named = unique(written as readonly string[]);
    const other = CATEGORIES[vendor].find((category) => !named.includes(category));
    return [...named, ...(other === undefined ? [] : [other])];
  }
  if (key.startsWith("exposure")) return between(cuts, 0, 100);
  return between(cuts, 0, Math.max(...cuts) + 1);
}

/**
 * The thresholds ascending, then a value below the lowest, between each two, and above the highest, within [min, max]:
 * one in every open interval between two consecutive thresholds whatever they bound (`lte: 6` and `gte: 7` leave
 * 6 < x < 7 to neither), the thresholds first because they are the examples a reviewer recognises.
 */
function between(thresholds: readonly number[], min: number, max: number): number[] {
  const cuts = unique(thresholds).sort((a, b) => a - b);
  const values = [...cuts];
  if (min < cuts[0]!) values.push(min);
  for (let index = 0; index + 1 < cuts.length; index++) values.push((cuts[index]! + cuts[index + 1]!) / 2);
  if (cuts[cuts.length - 1]! < max) values.push(max);
  return values;
}

/** One candidate per class: the first with each combination of the comparisons' truth (absent is its own class). */
function classRepresentatives(dimension: Dimension, step: () => void): Array<number | string | undefined> {
  const seen = new Set<string>();
  const kept: Array<number | string | undefined> = [];
  for (const value of dimension.candidates) {
    step();
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
 * either version's entries on the chain and one other; amounts: absent, each
 * minimum, and one below the lowest, between each two and above the highest;
 * tokens: native, each listed one and one other.
 */
function contextsOf(base: DecisionSubject, head: DecisionSubject, now: number | Date | undefined): Array<{ context: Context; reads: [boolean, boolean] }> {
  const subjects = [base, head];
  const entries = subjects.flatMap((subject) => subject.addressEntries ?? []);
  const named = unique([...subjects.flatMap((subject) => subject.policy?.rules.preScreen.chains ?? []), ...entries.map((entry) => entry.chain)]);
  const chains = [...named, firstNotIn(["EVM", "BTC", "SOL", "OTHER"], named, (index) => `OTHER_${index}`)];
  const transfers = base.scope === "TRANSACTION" ? transfersOf(subjects) : [undefined];

  const classes = new Map<string, { context: Context; reads: [boolean, boolean] }>();
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
        if (now === undefined) {
          // No clock, no collapsing: an entry's expiry decides differently at another one.
          classes.set(String(classes.size), { context, reads: [true, true] });
          continue;
        }
        const { key, reads } = contextClass([base, head], context, now);
        if (!classes.has(key)) classes.set(key, { context, reads });
      }
    }
  }
  return [...classes.values()];
}

function transfersOf(subjects: readonly DecisionSubject[]): Array<Context["transfer"]> {
  const minimums = subjects.flatMap((subject) => (subject.policy?.rules.preScreen.minAmountUsd === undefined ? [] : [subject.policy.rules.preScreen.minAmountUsd]));
  // A value inside every interval, not only each minimum: that a minimum stands for the interval above it holds
  // only while the gate compares `<`, and the partition is exact whatever a bound compares (as for the signals).
  const amounts: Array<number | undefined> = [undefined, ...(minimums.length === 0 ? [] : between(minimums, 0, Math.max(...minimums) + 1))];
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

/**
 * A context's class: the decision of each side when one is taken before the
 * vendor (steps 1 to 4 of semantics.md section 2 read only the context), else
 * "vendor"; and per side whether the signals can still change it.
 */
function contextClass(subjects: [DecisionSubject, DecisionSubject], context: Context, now: number | Date): { key: string; reads: [boolean, boolean] } {
  const sides = subjects.map((subject) => decide(subject, { ...context }, { now }));
  const key = sides.map((side) => (BEFORE_VENDOR.has(side.by) ? `${side.action}\u0000${side.by}` : "vendor")).join("\u0001");
  return { key, reads: [!BEFORE_VENDOR.has(sides[0]!.by), !BEFORE_VENDOR.has(sides[1]!.by)] };
}

/**
 * The representative that stands for `screening` in the partition of a
 * subject against itself at `now`: the one `representativeScreenings` yields
 * for the screening's cell, found by the partition's own classes, not by
 * deciding the screening. Its context is the partition's context of the same
 * class (the floor's one screening for a sanctioned screening); its signals
 * are the walk's choices (`screeningsOf`): per signal value, while some rule
 * is still open, the first kept value the open rules' comparisons cannot tell
 * from the screening's own value; the rest absent. The decision corpus holds
 * the partition to its cases through it. Throws when the partition has no
 * such class: then it is not exact.
 */
export function representativeOf(subject: DecisionSubject, screening: Screening, now: number | Date): ScopedScreening {
  const { scope, contexts, values, rules } = partitionOf(subject, subject, now, () => undefined);
  if (screening.sanctioned === true) return { scope, ...contexts[0]!.context, sanctioned: true };
  const { chain, address, transfer } = screening;
  const wanted = contextClass([subject, subject], transfer === undefined ? { chain, address } : { chain, address, transfer }, now).key;
  const cell = contexts.find(({ context }) => contextClass([subject, subject], context, now).key === wanted);
  if (cell === undefined) throw new Error(`the interval partition has no context decided before the vendor as ${chain} ${address} is`);
  const chosen: number[] = values.map(() => 0);
  for (let depth = 0; depth < values.length; depth++) {
    const valueOf = (dimension: number) => (dimension >= depth ? null : values[dimension]!.values[chosen[dimension]!]);
    const open = cell.reads.flatMap((read, side) => (read ? openRules(rules[side]!, valueOf) : []));
    if (open.length === 0) break;
    const atoms = open.flatMap((rule) => rule.reads.get(depth) ?? []);
    const classOf = (value: number | string | undefined) => (value === undefined ? "absent" : atoms.map((atom) => (satisfies(atom, value) ? "1" : "0")).join(""));
    const { dimension, values: kept } = values[depth]!;
    // Every comparison on a dimension reads the same value of the signals: its first one says which.
    const own = classOf(observe(dimension.atoms[0]!, screening.signals));
    const index = kept.findIndex((value) => classOf(value) === own);
    if (index < 0) throw new Error(`the interval partition keeps no value of ${dimension.key.replaceAll("\u0000", " ")} in the class of ${JSON.stringify(screening.signals)}`);
    chosen[depth] = index;
  }
  const signals: MutableSignals = {};
  values.forEach(({ dimension, values: kept }, position) => {
    const value = kept[chosen[position]!];
    if (value !== undefined) dimension.put(signals, value);
  });
  return Object.keys(signals).length === 0 ? { scope, ...cell.context } : { scope, ...cell.context, signals };
}
