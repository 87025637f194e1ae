/**
 * The bound of one question of the weakening check or of reachability
 * (docs/semantics.md, "The bound of the weakening check"): the caller's
 * deadline, read by the loops whose length grows with the rules (the
 * encoding's ladder, the partition's walk, the examples' candidates) so that
 * a pair of a thousand rules stops at its bound instead of long after it.
 * Core reads no clock: the caller's predicate does (src/app/verify.ts, TimeBound).
 */

/** Says whether the caller's bound has been reached; read every so many steps, so it may read a clock. */
export type StopWhen = () => boolean;

/** Thrown by a step once the bound has been reached; the caller answers `unknown` with the bound. */
export class BoundReached extends Error {
  constructor() {
    super("the bound of the question was reached");
    this.name = "BoundReached";
  }
}

/**
 * Steps between two readings of the predicate: a step costs microseconds
 * (a rule encoded, a screening decided on both versions), a reading of the
 * clock a fraction of one.
 */
const STEPS_PER_READING = 32;

/** A step counter for one loop: every STEPS_PER_READING steps it asks `stop`, and throws BoundReached once it says yes. */
export function boundedSteps(stop: StopWhen | undefined): () => void {
  if (stop === undefined) return () => undefined;
  let steps = 0;
  return () => {
    steps += 1;
    if (steps % STEPS_PER_READING === 0 && stop()) throw new BoundReached();
  };
}
