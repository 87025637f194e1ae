/**
 * The parts of a policy document the checks look into, read defensively. The data
 * has passed no schema when checks run: any member may be missing, null, a list
 * where a map belongs, or an own `__proto__` key. These accessors read own
 * properties only and return undefined for anything of the wrong shape, so a
 * check never throws and never sees an inherited member.
 */
import { isRecord } from "../config.js";

/** An own member of a map, or undefined (never an inherited one such as `constructor`). */
export function ownMember(value: unknown, key: string): unknown {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** `rules.preScreen` when it is a map. */
export function preScreenOf(data: unknown): Record<string, unknown> | undefined {
  const preScreen = ownMember(ownMember(data, "rules"), "preScreen");
  return isRecord(preScreen) ? preScreen : undefined;
}

/** `rules.postScreen` when it is a list; its items may still be anything. */
export function postScreenOf(data: unknown): readonly unknown[] | undefined {
  const postScreen = ownMember(ownMember(data, "rules"), "postScreen");
  return Array.isArray(postScreen) ? postScreen : undefined;
}
