/**
 * The one parser of every integer flag (`--port`, `--limit`, `--max-warnings`,
 * ...): commander calls it through `Option.argParser`, and a refusal is an
 * {@link InvalidArgumentError}, which commander reports as one line naming the
 * flag (exit 2 through main). Digits only, as a person types a count: no sign,
 * fraction, exponent, unit or surrounding space, so "1.5", "1e3", "-1", "10m",
 * " 7" and "" are refused the same way as an out-of-range value.
 */
import { InvalidArgumentError } from "commander";

/** An inclusive range of whole numbers. */
export interface WholeNumberRange {
  readonly min: number;
  readonly max: number;
}

/** Beyond 15 digits a number may not survive `Number()` exactly; every range here is far below. */
const DIGITS = /^\d{1,15}$/;

/** An `argParser` accepting a whole number in `range`. */
export function wholeNumber(range: WholeNumberRange): (text: string) => number {
  const expected = range.max >= Number.MAX_SAFE_INTEGER ? `a whole number of at least ${range.min}` : `a whole number from ${range.min} to ${range.max}`;
  return function parseWholeNumber(text) {
    const value = DIGITS.test(text) ? Number(text) : Number.NaN;
    if (!(value >= range.min && value <= range.max)) throw new InvalidArgumentError(`It must be ${expected}.`);
    return value;
  };
}
