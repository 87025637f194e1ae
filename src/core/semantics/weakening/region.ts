/**
 * The region of one screening in the z3 encoding (encode.ts): the
 * constraints that hold the space's variables to the screening's own values,
 * each number to the interval between bounds it lies in, each name to itself
 * or to "any other", and an absent value's interval or category too, so
 * that the region is one point of the space and an encoding that read an
 * absent value would show. Every version decides the point one way, so a
 * comparison pinned to it lists at most one transition: the decision corpus
 * holds the encoding to its cases through it (the screening is never decided
 * here).
 *
 * Pure, and z3's types only, as encode.ts.
 */
import type { Bool, Context } from "z3-solver";
import { observe } from "../conditions.js";
import { RISK_LEVELS, type Screening } from "../signals.js";
import { addressKey, tokenKey } from "../subject.js";
import type { SpaceVariables } from "./encode.js";
import { exposureKey, indicatorKey, type ScreeningSpace } from "./space.js";

type Z3 = Context<"main">;
type Z3Bool = Bool<"main">;
type Numeric = SpaceVariables["riskScore"];

/**
 * The screening's region as one constraint. A sanctioned screening's region
 * is empty: the encoding leaves the floor out, as it decides alike on every
 * version (encode.ts, encodeDecision).
 */
export function regionOf(z3: Z3, space: ScreeningSpace, variables: SpaceVariables, screening: Screening): Z3Bool {
  if (screening.sanctioned === true) return z3.Bool.val(false);
  const pins: Z3Bool[] = [];
  const one = (values: readonly Z3Bool[], index: number) => pins.push(values[index]!);
  const number = (numeric: Numeric | undefined, value: number | undefined) => {
    if (numeric === undefined) return;
    // An absent number's interval is pinned too, to the lowest the space has (that of its minimum), so that the region is one point of the space.
    const index = intervalOf(numeric.cuts, value ?? numeric.min);
    pins.push(value === undefined ? z3.Not(numeric.present) : numeric.present);
    numeric.atLeast.forEach((atLeast, at) => pins.push(at < index ? atLeast : z3.Not(atLeast)));
  };
  const category = (variable: SpaceVariables["cluster"], named: readonly string[], value: string | undefined) => {
    pins.push(value === undefined ? z3.Not(variable.present) : variable.present);
    // A category no condition names is the space's "any other" (its last value); an absent one is pinned to the first.
    one(variable.value, value === undefined ? 0 : named.includes(value) ? named.indexOf(value) : named.length);
  };

  const key = addressKey(screening.chain, screening.address);
  const target = space.targets.findIndex((named) => named.key === key);
  one(variables.target, target < 0 ? space.targets.length : target);
  one(variables.chain, space.chains.includes(screening.chain) ? space.chains.indexOf(screening.chain) : space.chains.length);
  if (variables.token !== undefined && variables.amount !== undefined) {
    number(variables.amount, screening.transfer?.amountUsd);
    const token = screening.transfer?.token;
    // Tokens: the listed ones, then native, then any other (space.ts).
    const listed = token === undefined ? -1 : space.tokenKeys.indexOf(tokenKey(token));
    one(variables.token, token === undefined ? space.tokens.length : listed >= 0 ? listed : space.tokens.length + 1);
  }

  const signals = screening.signals;
  number(variables.riskScore, signals?.riskScore);
  for (const { category: name, direction } of space.exposures) {
    const largest = observe({ kind: "exposure", category: name, direction, minPercent: 0 }, signals);
    number(variables.exposures.get(exposureKey(name, direction)), largest as number | undefined);
  }
  category(variables.cluster, space.clusters, signals?.cluster?.category);
  pins.push(signals?.riskLevel === undefined ? z3.Not(variables.riskLevel.present) : variables.riskLevel.present);
  one(variables.riskLevel.value, signals?.riskLevel === undefined ? 0 : RISK_LEVELS.indexOf(signals.riskLevel));
  for (const { category: name, riskType } of space.indicators) {
    const largest = observe({ kind: "indicator", category: name, riskType, minVolumeUsd: 0 }, signals);
    number(variables.indicators.get(indicatorKey(name, riskType)), largest as number | undefined);
  }
  category(variables.entity, space.entities, signals?.entity?.category);
  return z3.And(...pins);
}

/** The index of the interval `value` lies in between `cuts` (ascending): 2i+1 at cuts[i], 2i below it (encode.ts, Numeric). */
function intervalOf(cuts: readonly number[], value: number): number {
  const at = cuts.indexOf(value);
  if (at >= 0) return 2 * at + 1;
  return 2 * cuts.filter((cut) => cut < value).length;
}
