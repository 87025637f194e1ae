/**
 * `replay --max-skipped N|P%` as commander parses it: a refusal is an
 * InvalidArgumentError, one line naming the flag (exit 2 through main).
 */
import { InvalidArgumentError } from "commander";
import { readSkippedBound, type SkippedBound } from "../core/replay/skipped-bound.js";

export function skippedBound(text: string): SkippedBound {
  const bound = readSkippedBound(text);
  if (!bound) throw new InvalidArgumentError("It must be a whole number of lines or a percentage from 0% to 100%, e.g. 100 or 0.5%.");
  return bound;
}
