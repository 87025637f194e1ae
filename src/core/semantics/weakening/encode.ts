/**
 * A DecisionSubject as constraints over the finite screening space (space.ts):
 * the decision procedure of semantics.md section 2, step by step, as one
 * Boolean per outcome (action, by) that holds when that outcome decides.
 *
 * The z3 Context comes in as a parameter and only z3's types are imported
 * (`import type`, erased at build): core stays free of the solver module,
 * which only src/app/solver.ts loads (lazily), and this translation sits
 * beside the decision procedure it mirrors.
 *
 * Everything is propositional, because every domain is finite by
 * construction: an enumeration (address, chain, token, category, risk level)
 * is one Boolean per value, exactly one true; a number is the index of its
 * interval between the bounds the policies compare it with (Numeric),
 * order-encoded (one Boolean "the index is at least t" per t, each implying
 * the one below). The bounds are the very doubles `decide` compares, so the
 * solver tells apart exactly what `decide` tells apart. Pure SAT took the
 * 40-rule pair's solver calls from 0.85 to 1.1 s to about 0.45 s against
 * integers (BENCHMARKS.md, "The weakening check"); integers had taken it from
 * 2.9 s with rationals.
 */
import type { Bool, Context, Model } from "z3-solver";
import { ACTIONS, type Action } from "../../vendors.js";
import type { Condition, When } from "../conditions.js";
import { STRICTNESS } from "../decision.js";
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, type ScopedScreening, type Signals, type Transfer } from "../signals.js";
import { compileSubject, tokenKey, type DecisionSubject } from "../subject.js";
import { boundedSteps, type StopWhen } from "./bound.js";
import type { DecisionRef } from "./model.js";
import { exposureKey, indicatorKey, otherAddress, otherChain, otherToken, screeningSpace, type ScreeningSpace } from "./space.js";

type Z3 = Context<"main">;
type Z3Bool = Bool<"main">;

/** One Boolean per value of a finite domain, exactly one of them true. */
type OneOf = Z3Bool[];

interface Optional {
  present: Z3Bool;
}

/**
 * A number read as the index of its interval between the bounds the
 * policies compare it with (`cuts`, ascending): index 2i+1 is the bound
 * cuts[i] itself, 2i the open interval below it, 2k the interval above the
 * last. Every value of one interval meets the same conditions, so the index
 * is all `decide` can tell apart. `atLeast[t - 1]` holds when the index is at
 * least t (t = 1..2k), so a condition is one literal.
 */
interface Numeric extends Optional {
  atLeast: Z3Bool[];
  cuts: readonly number[];
  min: number;
  max: number;
}

interface Category extends Optional {
  value: OneOf;
}

/** The solver's variables of the space; `present` false is "the vendor returned none". */
export interface SpaceVariables {
  /** Over space.targets, then any other address. */
  target: OneOf;
  /** Over space.chains, then any other chain. */
  chain: OneOf;
  /** TRANSACTION only: over space.tokens, then native, then any other. */
  token?: OneOf;
  amount?: Numeric;
  riskScore: Numeric;
  exposures: Map<string, Numeric>;
  cluster: Category;
  riskLevel: Category;
  indicators: Map<string, Numeric>;
  entity: Category;
}

/** The variables of the space and the constraints that keep them in it. */
export function declareSpace(z3: Z3, space: ScreeningSpace): { variables: SpaceVariables; constraints: Z3Bool[] } {
  const constraints: Z3Bool[] = [];
  const oneOf = (name: string, size: number): OneOf => {
    const values = Array.from({ length: size }, (_, index) => z3.Bool.const(`${name}=${index}`));
    constraints.push(anyOf(z3, values));
    if (size > 1) constraints.push(z3.AtMost(values as [Z3Bool, ...Z3Bool[]], 1));
    return values;
  };
  const real = (name: string, bounds: readonly number[] | undefined, min: number, max = Infinity): Numeric => {
    const cuts = [...new Set(bounds ?? [])].filter((cut) => cut >= min && cut <= max).sort((a, b) => a - b);
    const k = cuts.length;
    const atLeast = Array.from({ length: 2 * k }, (_, index) => z3.Bool.const(`${name}>=${index + 1}`));
    for (let index = 1; index < atLeast.length; index++) constraints.push(z3.Implies(atLeast[index]!, atLeast[index - 1]!));
    // The interval below the first bound is empty when the bound is the minimum; above the last, when it is the maximum.
    if (k > 0 && cuts[0] === min) constraints.push(atLeast[0]!);
    if (k > 0 && cuts[k - 1] === max) constraints.push(z3.Not(atLeast[2 * k - 1]!));
    return { present: z3.Bool.const(`${name}?`), atLeast, cuts, min, max };
  };
  const category = (name: string, named: number, other: string | undefined): Category => ({ present: z3.Bool.const(`${name}?`), value: oneOf(name, named + (other === undefined ? 0 : 1)) });

  const target = oneOf("target", space.targets.length + 1);
  const chain = oneOf("chain", space.chains.length + 1);
  space.targets.forEach((named, index) => constraints.push(z3.Implies(target[index]!, chain[space.chains.indexOf(named.chain)]!)));
  const variables: SpaceVariables = {
    target,
    chain,
    riskScore: real("riskScore", space.bounds.riskScore, MIN_RISK_SCORE, MAX_RISK_SCORE),
    exposures: new Map(
      space.exposures.map(({ category: name, direction }, index) => [exposureKey(name, direction), real(`exposure${index}`, space.bounds.exposure.get(exposureKey(name, direction)), 0, 100)]),
    ),
    cluster: category("cluster", space.clusters.length, space.otherCluster),
    riskLevel: { present: z3.Bool.const("riskLevel?"), value: oneOf("riskLevel", RISK_LEVELS.length) },
    indicators: new Map(space.indicators.map(({ category: name, riskType }, index) => [indicatorKey(name, riskType), real(`indicator${index}`, space.bounds.indicator.get(indicatorKey(name, riskType)), 0)])),
    entity: category("entity", space.entities.length, space.otherEntity),
  };
  if (space.scope === "TRANSACTION") {
    variables.token = oneOf("token", space.tokens.length + 2);
    variables.amount = real("amountUsd", space.bounds.amountUsd, 0);
  }
  return { variables, constraints };
}

export interface EncodedDecision {
  /** Every (action, by) the subject can decide. */
  outcomes: DecisionRef[];
  /** decides[i] holds when outcomes[i] is the decision, as a function of the space's variables: exactly one holds. */
  decides: Z3Bool[];
  /** decide()'s steps in order, each with the guard that makes it decide when no earlier one holds. */
  ladder: Array<{ guard: Z3Bool; outcome: number }>;
  /** noneAfter[k]: no guard of steps 0..k holds (a fresh variable), for every step but the last, which always holds. */
  noneAfter: Z3Bool[];
  /** What the fresh variables mean: add them to every solver that reads `decides`. */
  definitions: Z3Bool[];
}

/**
 * What every question to the solver starts from (src/app/verify.ts): its
 * subjects (a pair of versions, or one policy) over one screening space,
 * each subject's decision encoded over the same variables.
 */
export interface EncodedSubjects {
  space: ScreeningSpace;
  variables: SpaceVariables;
  /** Keep the variables in the space, then define each decision's fresh variables (EncodedDecision, `definitions`), in the subjects' order. */
  constraints: Z3Bool[];
  /** One per subject, in their order. */
  decisions: EncodedDecision[];
}

/** The subjects over the screening space of them all, each decision encoded in turn (`stop` read as each ladder is built). */
export function encodeSubjects(z3: Z3, subjects: readonly DecisionSubject[], now: number, stop?: StopWhen): EncodedSubjects {
  const space = screeningSpace(subjects);
  const { variables, constraints } = declareSpace(z3, space);
  const decisions = subjects.map((subject) => encodeDecision(z3, space, variables, subject, now, stop));
  return { space, variables, constraints: [...constraints, ...decisions.flatMap((decision) => decision.definitions)], decisions };
}

/**
 * decide()'s order for one subject (semantics.md section 2): a ladder of
 * (guard, outcome) steps, the first whose guard holds deciding. The
 * sanctions floor is left out: it is the same BLOCK in every version, so it
 * can change no decision. The clock is fixed at `now`, so each entry is
 * active or not. `stop` is read as the ladder is built (bound.ts).
 *
 * "No earlier guard holds" is one fresh Boolean per step, defined by the one
 * before it. Written as And(noneBefore, Not(guard)) nested step after step,
 * it was a term as deep as the ladder, which z3's simplifier flattened into
 * one conjunction per step: quadratic in the rules, seconds at 200 of them
 * before the solver was asked (BENCHMARKS.md, "The weakening check").
 */
export function encodeDecision(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, subject: DecisionSubject, now: number, stop?: StopWhen): EncodedDecision {
  const compiled = compileSubject(subject);
  const step = boundedSteps(stop);
  const outcomes: DecisionRef[] = [];
  const outcomeIndex = new Map<string, number>();
  const ladder: Array<{ guard: Z3Bool; outcome: number }> = [];
  const rung = (guard: Z3Bool, action: Action, by: string) => {
    const key = `${action}\u0000${by}`;
    let index = outcomeIndex.get(key);
    if (index === undefined) {
      index = outcomes.push({ action, by }) - 1;
      outcomeIndex.set(key, index);
    }
    ladder.push({ guard, outcome: index });
  };

  space.targets.forEach((named, index) => {
    step();
    const entry = compiled.entries.get(named.key)?.find((candidate) => now < candidate.expiresAt);
    if (entry) rung(variables.target[index]!, entry.entry.action, "address-entry");
  });
  const policy = subject.policy;
  if (policy === undefined || !policy.enabled) rung(z3.Bool.val(true), "ALLOW", "policy-disabled");
  else {
    rung(gated(z3, space, variables, subject), "ALLOW", "pre-screen");
    for (const rule of compiled.rules) {
      step();
      rung(whenHolds(z3, space, variables, rule.when), rule.action, rule.id);
    }
    rung(z3.Bool.val(true), "ALLOW", "terminal-allow");
  }

  const reaching: Z3Bool[][] = outcomes.map(() => []);
  const noneAfter: Z3Bool[] = [];
  const definitions: Z3Bool[] = [];
  let noneBefore: Z3Bool = z3.Bool.val(true);
  ladder.forEach(({ guard, outcome }, index) => {
    step();
    reaching[outcome]!.push(z3.And(noneBefore, guard));
    if (index === ladder.length - 1) return;
    const next = z3.Bool.fresh("none-after");
    definitions.push(next.eq(z3.And(noneBefore, z3.Not(guard))));
    noneAfter.push(next);
    noneBefore = next;
  });
  return { outcomes, decides: reaching.map((ways) => anyOf(z3, ways)), ladder, noneAfter, definitions };
}

/**
 * Arguments per z3 Or (And) call. z3-solver spreads a call's arguments into
 * JavaScript calls of its own, and some hundred thousand of them overflow
 * the stack: a longer list is folded into a balanced tree of calls, about
 * two levels deep for a million terms.
 */
const MAX_ARGUMENTS = 1_000;

/** The disjunction of `terms` (false when there are none), flat up to MAX_ARGUMENTS. */
export function anyOf(z3: Z3, terms: readonly Z3Bool[]): Z3Bool {
  return folded(terms, z3.Bool.val(false), (group) => z3.Or(...group));
}

/** The conjunction of `terms` (true when there are none), flat up to MAX_ARGUMENTS. */
export function allOf(z3: Z3, terms: readonly Z3Bool[]): Z3Bool {
  return folded(terms, z3.Bool.val(true), (group) => z3.And(...group));
}

function folded(terms: readonly Z3Bool[], none: Z3Bool, join: (group: Z3Bool[]) => Z3Bool): Z3Bool {
  if (terms.length === 0) return none;
  let level = [...terms];
  while (level.length > MAX_ARGUMENTS) {
    const next: Z3Bool[] = [];
    for (let start = 0; start < level.length; start += MAX_ARGUMENTS) next.push(join(level.slice(start, start + MAX_ARGUMENTS)));
    level = next;
  }
  return level.length === 1 ? level[0]! : join(level);
}

/**
 * A postScreen rule's `when` (semantics.md section 2): every condition
 * outside `anyOf`, and one `anyOf` alternative in full. Whether the rule
 * matches, not whether it decides: the decision also needs every step and
 * rule before it to pass (reachability.ts asks both).
 */
export function whenHolds(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, when: When): Z3Bool {
  const all = allOf(z3, when.all.map((term) => conditionHolds(z3, space, variables, term.condition)));
  if (when.anyOf === undefined) return all;
  return z3.And(all, anyOf(z3, when.anyOf.map((alternative) => allOf(z3, alternative.map((term) => conditionHolds(z3, space, variables, term.condition))))));
}

/**
 * Some screening is decided less (`weaker`) or more (`stricter`) strictly by
 * `after` than by `before`: per pair of actions, not per pair of outcomes,
 * whose count grows with the square of the rules (250,000 at 500 rules,
 * beyond what one call can take). With it, what every such screening must
 * meet (`differingGuards`), which spares the solver from proving it rule by
 * rule down a long ladder.
 */
export function changesStrictness(z3: Z3, before: EncodedDecision, after: EncodedDecision, direction: "weaker" | "stricter"): Z3Bool {
  const decidesAction = (decision: EncodedDecision, action: Action) => anyOf(z3, decision.decides.filter((_, index) => decision.outcomes[index]!.action === action));
  const pairs: Z3Bool[] = [];
  for (const from of ACTIONS) {
    for (const to of ACTIONS) {
      const change = STRICTNESS[to] - STRICTNESS[from];
      if (direction === "weaker" ? change < 0 : change > 0) pairs.push(z3.And(decidesAction(before, from), decidesAction(after, to)));
    }
  }
  return z3.And(differingGuards(z3, before, after), anyOf(z3, pairs));
}

/**
 * A screening whose action differs between the versions makes a guard of a
 * step in which the ladders differ hold. The ladders share a first part
 * (the same guards, the same actions, in order) and a last part; a screening
 * that no step in between holds for is decided in the first part by the
 * same step on both, or else passes it on both and is decided in the last
 * part by the same step on both, with the same action. So it is implied,
 * not assumed, and it narrows the search to the steps that changed: at a
 * thousand rules with one threshold raised, z3 had otherwise to prove the
 * rest of the ladders alike step by step, seconds per question.
 */
function differingGuards(z3: Z3, before: EncodedDecision, after: EncodedDecision): Z3Bool {
  const same = (left: { guard: Z3Bool; outcome: number }, right: { guard: Z3Bool; outcome: number }) =>
    left.guard.eqIdentity(right.guard) && before.outcomes[left.outcome]!.action === after.outcomes[right.outcome]!.action;
  const [ours, theirs] = [before.ladder, after.ladder];
  const shortest = Math.min(ours.length, theirs.length);
  let first = 0;
  while (first < shortest && same(ours[first]!, theirs[first]!)) first++;
  let last = 0;
  while (last < shortest - first && same(ours[ours.length - 1 - last]!, theirs[theirs.length - 1 - last]!)) last++;
  const differing = [...ours.slice(first, ours.length - last), ...theirs.slice(first, theirs.length - last)];
  return anyOf(z3, differing.map(({ guard }) => guard));
}

/**
 * The index of the outcome a model makes the decision: that of the first
 * step whose guard holds, i.e. the first k whose noneAfter[k] is false (all
 * true: the last step). noneAfter holds up to the deciding step and not
 * after it, so a binary search reads about log2 of them. Evaluating every
 * `decides` term, each as long as the ladder, in every model had been most
 * of a large pair's time.
 */
export function outcomeOfModel(z3: Z3, model: Model<"main">, decision: EncodedDecision): number {
  const deciding = firstFailing(decision.noneAfter.length, (step) => z3.isTrue(model.eval(decision.noneAfter[step]!, true)));
  return decision.ladder[deciding]?.outcome ?? -1;
}

/** The least index in [0, length) where `holds` is false, `length` when there is none; `holds` must be true up to some index and false from it on. */
function firstFailing(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (holds(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** preScreen gating (semantics.md section 2, step 4). */
function gated(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, subject: DecisionSubject): Z3Bool {
  const preScreen = subject.policy?.rules.preScreen;
  const gates: Z3Bool[] = [];
  if (preScreen?.chains) gates.push(z3.Not(anyOf(z3, preScreen.chains.map((chain) => variables.chain[space.chains.indexOf(chain)]!))));
  if (space.scope === "TRANSACTION" && variables.amount && variables.token) {
    if (preScreen?.minAmountUsd !== undefined) gates.push(z3.And(variables.amount.present, z3.Not(indexAtLeast(z3, variables.amount, pointOf(variables.amount, preScreen.minAmountUsd)))));
    if (preScreen?.tokens) {
      const token = variables.token;
      gates.push(z3.Not(anyOf(z3, preScreen.tokens.map((listed) => token[space.tokenKeys.indexOf(tokenKey(listed))]!))));
    }
  }
  return anyOf(z3, gates);
}

/** The interval index of a bound of this number (2i+1 for cuts[i]). */
function pointOf(numeric: Numeric, bound: number): number {
  const index = numeric.cuts.indexOf(bound);
  if (index < 0) throw new Error(`weakening check: ${bound} is not a bound of its signal (a bug in weakening/space.ts)`);
  return 2 * index + 1;
}

/** "The number's interval index is at least `index`" as one literal (or a constant at the ends). */
function indexAtLeast(z3: Z3, numeric: Numeric, index: number): Z3Bool {
  if (index <= 0) return z3.Bool.val(true);
  return numeric.atLeast[index - 1] ?? z3.Bool.val(false);
}

/** A value inside interval `index` of a number: the bound itself, a midpoint, or an end of the range. */
export function valueOfInterval(numeric: Pick<Numeric, "cuts" | "min" | "max">, index: number): number {
  const { cuts, min, max } = numeric;
  if (index % 2 === 1) return cuts[(index - 1) / 2]!;
  const below = index === 0 ? undefined : cuts[index / 2 - 1];
  const above = cuts[index / 2];
  if (below === undefined && above === undefined) return min;
  if (below === undefined) return min;
  if (above === undefined) return Number.isFinite(max) ? max : below + 1;
  return (below + above) / 2;
}

function conditionHolds(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, condition: Condition): Z3Bool {
  const atLeast = (signal: Numeric | undefined, bound: number) => (signal ? z3.And(signal.present, indexAtLeast(z3, signal, pointOf(signal, bound))) : z3.Bool.val(false));
  switch (condition.kind) {
    case "riskScore": {
      const riskScore = variables.riskScore;
      return z3.And(riskScore.present, indexAtLeast(z3, riskScore, pointOf(riskScore, condition.low)), z3.Not(indexAtLeast(z3, riskScore, pointOf(riskScore, condition.high) + 1)));
    }
    case "riskLevel":
      return z3.And(variables.riskLevel.present, z3.Or(...variables.riskLevel.value.slice(condition.atLeast)));
    case "exposure": {
      const directions = condition.direction === "any" ? (["direct", "indirect"] as const) : [condition.direction];
      return z3.Or(...directions.map((direction) => atLeast(variables.exposures.get(exposureKey(condition.category, direction)), condition.minPercent)));
    }
    case "indicator":
      return atLeast(variables.indicators.get(indicatorKey(condition.category, condition.riskType)), condition.minVolumeUsd);
    case "cluster":
      return z3.And(variables.cluster.present, variables.cluster.value[space.clusters.indexOf(condition.category)]!);
    case "entity":
      return z3.And(variables.entity.present, variables.entity.value[space.entities.indexOf(condition.category)]!);
  }
}

/**
 * The screening a model describes, complete and valid: every signal the
 * model says is present, the "any other" values spelt as names no version
 * uses. Numbers are the model's own (examples.ts snaps them to bounds).
 */
export function screeningOfModel(z3: Z3, model: Model<"main">, space: ScreeningSpace, variables: SpaceVariables): ScopedScreening {
  const isTrue = (variable: Z3Bool) => z3.isTrue(model.eval(variable, true));
  const integer = (values: OneOf) => values.findIndex(isTrue);
  // Order-encoded: "at least t" holds for t up to the index and for no t above it; a binary search reads log2 of them.
  const indexOf = (signal: Numeric) => firstFailing(signal.atLeast.length, (t) => isTrue(signal.atLeast[t]!));
  const optional = (signal: Numeric | undefined) => (signal && isTrue(signal.present) ? valueOfInterval(signal, indexOf(signal)) : undefined);

  const targetIndex = integer(variables.target);
  const named = space.targets[targetIndex];
  const chainIndex = integer(variables.chain);
  const chain = named?.chain ?? space.chains[chainIndex] ?? otherChain(space);
  const address = named?.address ?? otherAddress(space, chain);
  const screening: ScopedScreening = { scope: space.scope, chain, address };

  if (space.scope === "TRANSACTION" && variables.token && variables.amount) {
    const transfer: Transfer = {};
    const amountUsd = optional(variables.amount);
    if (amountUsd !== undefined) transfer.amountUsd = amountUsd;
    const tokenIndex = integer(variables.token);
    if (tokenIndex < space.tokens.length) transfer.token = space.tokens[tokenIndex]!;
    else if (tokenIndex === space.tokens.length + 1) transfer.token = otherToken(space);
    if (Object.keys(transfer).length > 0) screening.transfer = transfer;
  }

  const signals: Signals = {};
  if (space.vendor === "vendorAWalletScreening") {
    const riskScore = optional(variables.riskScore);
    if (riskScore !== undefined) signals.riskScore = riskScore;
    const exposures = space.exposures.flatMap(({ category, direction }) => {
      const percent = optional(variables.exposures.get(exposureKey(category, direction)));
      return percent === undefined ? [] : [{ category, direction, percent }];
    });
    if (exposures.length > 0) signals.exposures = exposures;
    if (isTrue(variables.cluster.present)) signals.cluster = { category: space.clusters[integer(variables.cluster.value)] ?? space.otherCluster! };
  } else {
    if (isTrue(variables.riskLevel.present)) signals.riskLevel = RISK_LEVELS[integer(variables.riskLevel.value)]!;
    const indicators = space.indicators.flatMap(({ category, riskType }) => {
      const volumeUsd = optional(variables.indicators.get(indicatorKey(category, riskType)));
      return volumeUsd === undefined ? [] : [{ category, riskType, volumeUsd }];
    });
    if (indicators.length > 0) signals.indicators = indicators;
    if (isTrue(variables.entity.present)) signals.entity = { category: space.entities[integer(variables.entity.value)] ?? space.otherEntity! };
  }
  if (Object.keys(signals).length > 0) screening.signals = signals;
  return screening;
}
