/**
 * `--solver-timeout <seconds>` of every command that runs the weakening check
 * (`compare`, `plan`, `push`; docs/decisions.md, "Issue 13: weakening check speed"): the time limit per policy
 * pair, in seconds as a person types them ("10", "2.5"), read into
 * milliseconds. A refusal is commander's InvalidArgumentError (one line naming
 * the flag, exit 2). Bounded above by an hour: a limit nobody waits for is a
 * typo, and the solver's own timeout is a 32-bit count of milliseconds.
 */
import { InvalidArgumentError } from "commander";

export const SOLVER_TIMEOUT_FLAG = "--solver-timeout <seconds>";
export const SOLVER_TIMEOUT_HELP = "time limit of the weakening check per policy pair, in seconds (default 10); a pair not decided in time is reported as unknown";

const MAX_SECONDS = 3600;
const SECONDS = /^\d{1,4}(\.\d{1,3})?$/;

/** An `argParser`: "10" -> 10000; refuses 0, signs, units, exponents and more than an hour. */
export function readSolverTimeout(text: string): number {
  const seconds = SECONDS.test(text) ? Number(text) : Number.NaN;
  if (!(seconds > 0 && seconds <= MAX_SECONDS)) throw new InvalidArgumentError(`It must be a number of seconds above 0 and at most ${MAX_SECONDS}, e.g. 10 or 2.5.`);
  return Math.round(seconds * 1000);
}
