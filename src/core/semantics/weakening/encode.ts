/**
 * A DecisionSubject as constraints over the finite screening space (space.ts):
 * the decision procedure of semantics.md section 2, step by step, as nested
 * if-then-else giving the index of the deciding (action, by).
 *
 * The z3 Context comes in as a parameter and only z3's types are imported
 * (`import type`, erased at build): core stays free of the solver module,
 * which only src/app/weakening.ts loads (lazily), and this translation sits
 * beside the decision procedure it mirrors.
 *
 * A number is encoded as the index of its interval between the bounds the
 * policies compare it with (Numeric): the bounds are the very doubles `decide`
 * compares, so the solver tells apart exactly what `decide` tells apart.
 */
import type { Arith, Bool, Context, Model } from "z3-solver";
import type { Action } from "../../vendors.js";
import type { Condition } from "../conditions.js";
import { STRICTNESS } from "../decision.js";
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVELS, type ScopedScreening, type Signals, type Transfer } from "../signals.js";
import { compileSubject, tokenKey, type DecisionSubject } from "../subject.js";
import type { DecisionRef } from "./model.js";
import { exposureKey, indicatorKey, otherAddress, otherChain, otherToken, type ScreeningSpace } from "./space.js";

type Z3 = Context<"main">;
type IntTerm = Arith<"main">;
type Z3Bool = Bool<"main">;

interface Optional {
  present: Z3Bool;
  value: IntTerm;
}

/**
 * A number read as the index of its interval between the bounds the
 * policies compare it with (`cuts`, ascending): index 2i+1 is the bound
 * cuts[i] itself, 2i the open interval below it, 2k the interval above the
 * last. Every value of one interval meets the same conditions, so the index
 * is all `decide` can tell apart, and an integer is cheaper for z3 than a
 * rational.
 */
interface Numeric extends Optional {
  cuts: readonly number[];
  min: number;
  max: number;
}

/** One solver variable per value of the space; `present` false is "the vendor returned none". */
export interface SpaceVariables {
  /** Index into space.targets, or targets.length for any other address. */
  target: IntTerm;
  /** Index into space.chains, or chains.length for any other chain. */
  chain: IntTerm;
  /** TRANSACTION only: index into space.tokens, then native, then any other. */
  token?: IntTerm;
  amount?: Numeric;
  riskScore: Numeric;
  exposures: Map<string, Numeric>;
  cluster: Optional;
  riskLevel: Optional;
  indicators: Map<string, Numeric>;
  entity: Optional;
}

/** The variables of the space and the constraints that keep them in it. */
export function declareSpace(z3: Z3, space: ScreeningSpace): { variables: SpaceVariables; constraints: Z3Bool[] } {
  const constraints: Z3Bool[] = [];
  const enumeration = (name: string, size: number): IntTerm => {
    const variable = z3.Int.const(name);
    constraints.push(variable.ge(0), variable.le(size - 1));
    return variable;
  };
  const real = (name: string, bounds: readonly number[] | undefined, min: number, max = Infinity): Numeric => {
    const cuts = [...new Set(bounds ?? [])].filter((cut) => cut >= min && cut <= max).sort((a, b) => a - b);
    const value = z3.Int.const(name);
    const k = cuts.length;
    // The interval below the first bound is empty when the bound is the minimum; above the last, when it is the maximum.
    constraints.push(value.ge(k > 0 && cuts[0] === min ? 1 : 0), value.le(k > 0 && cuts[k - 1] === max ? 2 * k - 1 : 2 * k));
    return { present: z3.Bool.const(`${name}?`), value, cuts, min, max };
  };
  const category = (name: string, named: number, other: string | undefined): Optional => {
    const value = enumeration(name, named + (other === undefined ? 0 : 1));
    return { present: z3.Bool.const(`${name}?`), value };
  };

  const target = enumeration("target", space.targets.length + 1);
  const chain = enumeration("chain", space.chains.length + 1);
  space.targets.forEach((named, index) => constraints.push(z3.Implies(target.eq(index), chain.eq(space.chains.indexOf(named.chain)))));
  const variables: SpaceVariables = {
    target,
    chain,
    riskScore: real("riskScore", space.bounds.riskScore, MIN_RISK_SCORE, MAX_RISK_SCORE),
    exposures: new Map(
      space.exposures.map(({ category: name, direction }, index) => [exposureKey(name, direction), real(`exposure${index}`, space.bounds.exposure.get(exposureKey(name, direction)), 0, 100)]),
    ),
    cluster: category("cluster", space.clusters.length, space.otherCluster),
    riskLevel: { present: z3.Bool.const("riskLevel?"), value: enumeration("riskLevel", RISK_LEVELS.length) },
    indicators: new Map(space.indicators.map(({ category: name, riskType }, index) => [indicatorKey(name, riskType), real(`indicator${index}`, space.bounds.indicator.get(indicatorKey(name, riskType)), 0)])),
    entity: category("entity", space.entities.length, space.otherEntity),
  };
  if (space.scope === "TRANSACTION") {
    variables.token = enumeration("token", space.tokens.length + 2);
    variables.amount = real("amountUsd", space.bounds.amountUsd, 0);
  }
  return { variables, constraints };
}

export interface EncodedDecision {
  /** Every (action, by) the subject can decide, indexed as `code` says. */
  outcomes: DecisionRef[];
  /** The index into `outcomes` of the decision, as a function of the space's variables. */
  code: IntTerm;
}

/**
 * decide()'s order for one subject (semantics.md section 2). The sanctions
 * floor is left out: it is the same BLOCK in every version, so it can change
 * no decision. The clock is fixed at `now`, so each entry is active or not.
 */
export function encodeDecision(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, subject: DecisionSubject, now: number): EncodedDecision {
  const compiled = compileSubject(subject);
  const outcomes: DecisionRef[] = [];
  const codeOf = (action: Action, by: string): IntTerm => {
    let index = outcomes.findIndex((outcome) => outcome.action === action && outcome.by === by);
    if (index < 0) index = outcomes.push({ action, by }) - 1;
    return z3.Int.val(index);
  };

  let code: IntTerm = codeOf("ALLOW", "terminal-allow");
  for (const rule of [...compiled.rules].reverse()) {
    const all = z3.And(...rule.when.all.map((term) => conditionHolds(z3, space, variables, term.condition)));
    const holds = rule.when.anyOf === undefined ? all : z3.And(all, z3.Or(...rule.when.anyOf.map((alternative) => z3.And(...alternative.map((term) => conditionHolds(z3, space, variables, term.condition))))));
    code = z3.If(holds, codeOf(rule.action, rule.id), code);
  }
  code = z3.If(gated(z3, space, variables, subject), codeOf("ALLOW", "pre-screen"), code);
  const policy = subject.policy;
  if (policy === undefined || !policy.enabled) code = codeOf("ALLOW", "policy-disabled");
  space.targets.forEach((named, index) => {
    const entry = compiled.entries.get(named.key)?.find((candidate) => now < candidate.expiresAt);
    if (entry) code = z3.If(variables.target.eq(index), codeOf(entry.entry.action, "address-entry"), code);
  });
  return { outcomes, code };
}

/** The strictness (ALLOW 0 < ALERT 1 < BLOCK 2) of the decision `code` indexes. */
export function strictnessOf(z3: Z3, decision: EncodedDecision, code: IntTerm): IntTerm {
  let strictness: IntTerm = z3.Int.val(0);
  decision.outcomes.forEach((outcome, index) => {
    if (STRICTNESS[outcome.action] > 0) strictness = z3.If(code.eq(index), z3.Int.val(STRICTNESS[outcome.action]), strictness);
  });
  return strictness;
}

/** preScreen gating (semantics.md section 2, step 4). */
function gated(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, subject: DecisionSubject): Z3Bool {
  const preScreen = subject.policy?.rules.preScreen;
  const gates: Z3Bool[] = [];
  if (preScreen?.chains) gates.push(z3.Not(z3.Or(...preScreen.chains.map((chain) => variables.chain.eq(space.chains.indexOf(chain))))));
  if (space.scope === "TRANSACTION" && variables.amount && variables.token) {
    if (preScreen?.minAmountUsd !== undefined) gates.push(z3.And(variables.amount.present, variables.amount.value.lt(pointOf(variables.amount, preScreen.minAmountUsd))));
    if (preScreen?.tokens) {
      const token = variables.token;
      gates.push(z3.Not(z3.Or(...preScreen.tokens.map((listed) => token.eq(space.tokenKeys.indexOf(tokenKey(listed)))))));
    }
  }
  return gates.length === 0 ? z3.Bool.val(false) : z3.Or(...gates);
}

/** The interval index of a bound of this number (2i+1 for cuts[i]). */
function pointOf(numeric: Numeric, bound: number): number {
  const index = numeric.cuts.indexOf(bound);
  if (index < 0) throw new Error(`weakening check: ${bound} is not a bound of its signal (a bug in weakening/space.ts)`);
  return 2 * index + 1;
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
  const atLeast = (signal: Numeric | undefined, bound: number) => (signal ? z3.And(signal.present, signal.value.ge(pointOf(signal, bound))) : z3.Bool.val(false));
  switch (condition.kind) {
    case "riskScore": {
      const { present, value } = variables.riskScore;
      return z3.And(present, value.ge(pointOf(variables.riskScore, condition.low)), value.le(pointOf(variables.riskScore, condition.high)));
    }
    case "riskLevel":
      return z3.And(variables.riskLevel.present, variables.riskLevel.value.ge(condition.atLeast));
    case "exposure": {
      const directions = condition.direction === "any" ? (["direct", "indirect"] as const) : [condition.direction];
      return z3.Or(...directions.map((direction) => atLeast(variables.exposures.get(exposureKey(condition.category, direction)), condition.minPercent)));
    }
    case "indicator":
      return atLeast(variables.indicators.get(indicatorKey(condition.category, condition.riskType)), condition.minVolumeUsd);
    case "cluster":
      return z3.And(variables.cluster.present, variables.cluster.value.eq(space.clusters.indexOf(condition.category)));
    case "entity":
      return z3.And(variables.entity.present, variables.entity.value.eq(space.entities.indexOf(condition.category)));
  }
}

/**
 * The screening a model describes, complete and valid: every signal the
 * model says is present, the "any other" values spelt as names no version
 * uses. Numbers are the model's own (examples.ts snaps them to bounds).
 */
export function screeningOfModel(z3: Z3, model: Model<"main">, space: ScreeningSpace, variables: SpaceVariables): ScopedScreening {
  const integer = (variable: IntTerm) => Number(model.eval(variable, true).toString());
  const isTrue = (variable: Z3Bool) => z3.isTrue(model.eval(variable, true));
  const optional = (signal: Numeric | undefined) => (signal && isTrue(signal.present) ? valueOfInterval(signal, integer(signal.value)) : undefined);

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
