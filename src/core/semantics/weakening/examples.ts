/**
 * Readable counterexamples (docs/decisions.md,
 * "The weakening check: z3 over a finite screening space"): a solver's
 * screening made into one a reviewer recognises, then checked against the
 * decision procedure, the one meaning both engines share (style.md habit 12).
 *
 * First every signal and transfer detail that does not change the transition
 * is left out; then each number is moved to a value of its signal's bounds in
 * either version (the threshold itself first), kept only when `decide` still
 * gives the same transition. The candidates hold one value of every interval
 * the bounds cut the signal's range into (the bounds, the midpoints between
 * them, and one beyond each end), so some candidate always keeps the
 * transition and the solver's rational never has to be printed.
 */
import { MAX_RISK_SCORE, MIN_RISK_SCORE, type ScopedScreening, type Signals } from "../signals.js";
import type { DecisionSubject } from "../subject.js";
import { boundedSteps, type StopWhen } from "./bound.js";
import { exampleDisagreement } from "./decided-as-reported.js";
import type { DecisionRef } from "./model.js";
import { exposureKey, indicatorKey, type ScreeningSpace } from "./space.js";

export interface TransitionRefs {
  from: DecisionRef;
  to: DecisionRef;
}

/** Do base and head decide the screening as `from` and `to`? */
export function reproduces(base: DecisionSubject, head: DecisionSubject, screening: ScopedScreening, transition: TransitionRefs, now: number): boolean {
  return exampleDisagreement(base, head, screening, transition, now) === undefined;
}

/**
 * The readable example of a transition, from the engine's screening. Throws
 * EngineDisagreement when the screening does not reproduce the transition
 * through `decide`: the engine and the decision procedure disagree, a bug.
 * Each candidate is decided on both versions, and a signal has two per bound
 * of either version: `stop` is read as they are tried (bound.ts). `within`:
 * a candidate must also lie there (the part of a region one cause explains).
 */
export function readableExample(
  base: DecisionSubject,
  head: DecisionSubject,
  space: ScreeningSpace,
  found: ScopedScreening,
  transition: TransitionRefs,
  now: number,
  stop?: StopWhen,
  within: (candidate: ScopedScreening) => boolean = () => true,
): ScopedScreening {
  const step = boundedSteps(stop);
  const keeps = (candidate: ScopedScreening) => {
    step();
    return reproduces(base, head, candidate, transition, now) && within(candidate);
  };
  if (!keeps(found)) throw exampleDisagreement(base, head, found, transition, now)!;
  let example = structuredClone(found);
  for (const drop of dropCandidates(example)) {
    const candidate = drop(structuredClone(example));
    if (keeps(candidate)) example = candidate;
  }
  for (const snap of snapCandidates(example, space)) {
    for (const value of snap.values) {
      const candidate = structuredClone(example);
      snap.set(candidate, value);
      if (keeps(candidate)) {
        example = candidate;
        break;
      }
    }
  }
  if (!keeps(example)) throw exampleDisagreement(base, head, example, transition, now)!;
  return example;
}

type Edit = (screening: ScopedScreening) => ScopedScreening;

/** Ways to leave one thing out: each signal, each exposure or indicator, the amount, the token. */
function dropCandidates(screening: ScopedScreening): Edit[] {
  const edits: Edit[] = [];
  const signals = screening.signals;
  // Each edit is given a copy of the example to change (readableExample clones it first).
  const withSignals = (change: (signals: Signals) => void): Edit => (candidate) => {
    const next = candidate.signals!;
    change(next);
    const cleaned = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));
    if (Object.keys(cleaned).length === 0) delete candidate.signals;
    else candidate.signals = cleaned as Signals;
    return candidate;
  };
  if (signals) {
    for (const key of ["riskScore", "cluster", "riskLevel", "entity"] as const) if (signals[key] !== undefined) edits.push(withSignals((next) => delete next[key]));
    (signals.exposures ?? []).forEach((exposure) =>
      edits.push(withSignals((next) => (next.exposures = next.exposures?.filter((other) => other.category !== exposure.category || other.direction !== exposure.direction)))),
    );
    (signals.indicators ?? []).forEach((indicator) =>
      edits.push(withSignals((next) => (next.indicators = next.indicators?.filter((other) => other.category !== indicator.category || other.riskType !== indicator.riskType)))),
    );
  }
  const transfer = screening.transfer;
  const withTransfer = (key: "amountUsd" | "token"): Edit => (candidate) => {
    const next = { ...candidate.transfer };
    delete next[key];
    if (Object.keys(next).length === 0) delete candidate.transfer;
    else candidate.transfer = next;
    return candidate;
  };
  if (transfer?.amountUsd !== undefined) edits.push(withTransfer("amountUsd"));
  return edits;
}

interface Snap {
  values: number[];
  set: (screening: ScopedScreening, value: number) => void;
}

/** The bounds first, then one value inside every interval between and beyond them. */
export function candidateValues(bounds: readonly number[], min: number, max: number): number[] {
  const sorted = [...new Set(bounds)].sort((a, b) => a - b);
  const values = [...sorted];
  for (let index = 0; index + 1 < sorted.length; index += 1) values.push((sorted[index]! + sorted[index + 1]!) / 2);
  if (sorted.length > 0) {
    const lowest = sorted[0]!;
    const highest = sorted[sorted.length - 1]!;
    values.push(Math.max(min, lowest - 1), (Math.max(min, lowest - 1) + lowest) / 2, Math.min(max, highest + 1), (Math.min(max, highest + 1) + highest) / 2);
  }
  values.push(min, max);
  return [...new Set(values.filter((value) => value >= min && value <= max))];
}

function snapCandidates(screening: ScopedScreening, space: ScreeningSpace): Snap[] {
  const snaps: Snap[] = [];
  const signals = screening.signals;
  if (signals?.riskScore !== undefined) {
    snaps.push({ values: candidateValues(space.bounds.riskScore, MIN_RISK_SCORE, MAX_RISK_SCORE), set: (candidate, value) => (candidate.signals!.riskScore = value) });
  }
  (signals?.exposures ?? []).forEach((exposure, index) => {
    snaps.push({
      values: candidateValues(space.bounds.exposure.get(exposureKey(exposure.category, exposure.direction)) ?? [], 0, 100),
      set: (candidate, value) => (candidate.signals!.exposures = candidate.signals!.exposures!.map((other, at) => (at === index ? { ...other, percent: value } : other))),
    });
  });
  (signals?.indicators ?? []).forEach((indicator, index) => {
    const bounds = space.bounds.indicator.get(indicatorKey(indicator.category, indicator.riskType)) ?? [];
    snaps.push({
      values: candidateValues(bounds, 0, Math.max(1, ...bounds) * 2),
      set: (candidate, value) => (candidate.signals!.indicators = candidate.signals!.indicators!.map((other, at) => (at === index ? { ...other, volumeUsd: value } : other))),
    });
  });
  if (screening.transfer?.amountUsd !== undefined) {
    const bounds = space.bounds.amountUsd;
    snaps.push({ values: candidateValues(bounds, 0, Math.max(1, ...bounds) * 2), set: (candidate, value) => (candidate.transfer!.amountUsd = value) });
  }
  return snaps;
}
