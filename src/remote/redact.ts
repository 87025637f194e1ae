/**
 * Keeping the API token out of every string the client produces, and keeping
 * server-supplied text to one printable line. toolkit.md, Configuration and
 * secrets: the token is "never printed, never in an error message, a log, a plan
 * file or a report".
 */
import { createSecretRedactor, ELLIPSIS } from "../core/secret-redactor.js";

/** A function that removes every occurrence of one secret from a string. */
export type Redactor = (text: string) => string;

/**
 * Builds a redactor for `secret`: the core's one redactor (core/secret-redactor.ts),
 * so the client's errors hide the token in every form the CLI's output does
 * (as sent, percent-encoded, JSON-escaped, base64 at any offset). An empty or
 * very short secret redacts nothing.
 */
export function createRedactor(secret: string): Redactor {
  return createSecretRedactor([secret]).redact;
}

/**
 * Redacts the message and stack of an error and of its `cause` chain, in place.
 * Errors from inside the client carry text we did not write (a JSON parser's
 * message quotes the body it choked on; a server may echo the header it
 * rejected), so every error leaving the client passes through here.
 */
export function redactErrorInPlace(error: unknown, redact: Redactor): void {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // The chain is short in practice; the bound only guards against a cycle we missed.
  for (let depth = 0; depth < 8 && current instanceof Error && !seen.has(current); depth++) {
    seen.add(current);
    rewriteProperty(current, "message", redact);
    rewriteProperty(current, "stack", redact);
    current = current.cause;
  }
}

function rewriteProperty(error: Error, key: "message" | "stack", redact: Redactor): void {
  const value = error[key];
  if (typeof value !== "string") return;
  const redacted = redact(value);
  if (redacted === value) return;
  try {
    error[key] = redacted;
  } catch {
    // A frozen foreign error keeps its text; ours are never frozen.
  }
}

/**
 * Returns a copy of a parsed JSON value with the secret redacted in every string,
 * keys included. Used on server-supplied error bodies, which the client keeps
 * (the merge-conflict payload) and a caller may print.
 */
export function redactJson(value: unknown, redact: Redactor): unknown {
  if (typeof value === "string") return redact(value);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, redact));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [redact(key), redactJson(member, redact)]));
  }
  return value;
}

/** Longest server-supplied text kept in a message; a body can be arbitrarily long. */
const MAX_DISPLAY_LENGTH = 300;

/**
 * Makes untrusted text safe to put inside a one-line message: control
 * characters (newlines, terminal escapes) become spaces, runs of whitespace
 * collapse, and the result is cut at {@link MAX_DISPLAY_LENGTH} characters.
 */
export function toOneLine(text: string, maxLength: number = MAX_DISPLAY_LENGTH): string {
  // eslint-disable-next-line no-control-regex
  const printable = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").replace(/\s+/g, " ").trim();
  return printable.length > maxLength ? `${printable.slice(0, maxLength - 1)}${ELLIPSIS}` : printable;
}
