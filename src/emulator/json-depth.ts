/**
 * The nesting depth of JSON text, found by one linear pass over the
 * characters before anything parses it. JSON.parse itself copes with any
 * depth, but every walk after it (validation, linting, cloning, serializing)
 * may recurse, and 5,000 levels overflow the stack: a 500 for a request, a
 * crash for a state file. Bounding the text first lets all of them rely on
 * the bound.
 */

const OPEN_BRACKET = 0x5b; // [
const OPEN_BRACE = 0x7b; // {
const CLOSE_BRACKET = 0x5d; // ]
const CLOSE_BRACE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * Whether `text` nests arrays and objects more than `limit` levels deep, the
 * outermost being level 1. Brackets inside strings (escaped quotes included)
 * do not count. Text that is not JSON gets an answer too; JSON.parse judges it
 * afterwards.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if ((code === CLOSE_BRACKET || code === CLOSE_BRACE) && depth > 0) {
      depth--;
    }
  }
  return false;
}
