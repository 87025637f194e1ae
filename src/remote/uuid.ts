import { UsageError } from "./errors.js";
import { toOneLine } from "./redact.js";

/**
 * The identifier format of admin-api.md, Resources: exactly 36 characters,
 * lowercase hex groups 8-4-4-4-12 separated by hyphens. No version or variant
 * nibble is checked: the interface does not ask for one.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True when `value` is an identifier in the format of admin-api.md. */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/**
 * Returns `value` when it is a UUID in the format of admin-api.md; otherwise
 * throws a {@link UsageError} naming `what` (e.g. `environmentId`). Called on
 * every identifier before a path is built, so nothing from a file reaches a URL
 * unchecked (toolkit.md, Remote behaviour).
 */
export function assertUuid(value: unknown, what: string): string {
  if (isUuid(value)) return value;
  throw new UsageError(`${what} ${describeValue(value)} is not a UUID (36 characters, lowercase hex 8-4-4-4-12)`, {
    parameter: what,
  });
}

function describeValue(value: unknown): string {
  if (typeof value !== "string") return `(a ${value === null ? "null" : typeof value})`;
  const hint = value.length === 36 && value.toLowerCase() !== value ? ", has uppercase letters" : "";
  return `${JSON.stringify(toOneLine(value, 60))} (${value.length} characters${hint})`;
}
