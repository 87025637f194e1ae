/**
 * webhook-event (policy-language.md section 7): an event name must be
 * `<resource>.<action>`, lowercase letters, digits and `_` on each side of
 * exactly one dot (admin-api.md, Events: user.created, wallet.linked).
 */
import { isRecord } from "../config.js";
import type { CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "webhook-event",
  appliesTo: ["webhooks"],
  run(file: CheckedFile): Finding[] {
    const webhooks = isRecord(file.data) ? file.data.webhooks : undefined;
    if (!Array.isArray(webhooks)) return [];
    const findings: Finding[] = [];
    webhooks.forEach((webhook: unknown, index) => {
      const events = isRecord(webhook) ? webhook.events : undefined;
      if (!Array.isArray(events)) return;
      events.forEach((event: unknown, eventIndex) => {
        if (typeof event !== "string") return;
        const problem = eventNameProblem(event);
        if (problem !== undefined) findings.push({ code: "webhook-event", path: ["webhooks", index, "events", eventIndex], message: problem });
      });
    });
    return findings;
  },
};

/** policy-language.md section 7: `<resource>.<action>`. */
const EVENT_NAME = /^[a-z0-9_]+\.[a-z0-9_]+$/;

/** Why `name` is not an event name, with a suggestion when the fix is obvious; undefined when valid. */
export function eventNameProblem(name: string): string | undefined {
  if (EVENT_NAME.test(name)) return undefined;
  if (name.trim() === "") return "is empty; an event name is <resource>.<action>, for example user.created";
  const suggestion = suggestEventName(name);
  const hint = suggestion ? `: did you mean ${suggestion}?` : "";
  const dots = name.split(".").length - 1;
  let problem: string;
  if (dots === 0) problem = "has no dot";
  else if (dots > 1) problem = `has ${dots} dots`;
  else if (name.startsWith(".") || name.endsWith(".")) problem = "has nothing on one side of the dot";
  else if (/[A-Z]/.test(name)) problem = "has uppercase letters";
  else {
    const bad = [...name].find((c) => !/[a-z0-9_.]/.test(c)) ?? "";
    problem = `holds ${bad === " " ? "a space" : JSON.stringify(bad)}`;
  }
  return `event ${JSON.stringify(name)} ${problem}; an event name is <resource>.<action> in lowercase letters, digits and _ around exactly one dot${hint}`;
}

/**
 * The obvious repair, if any: case, surrounding spaces, `-` or a space for `_`,
 * and `:` or `/` used as the one separator. Anything needing a guess (two dots, no
 * separator at all) gets no suggestion.
 */
export function suggestEventName(name: string): string | undefined {
  let candidate = name.trim().toLowerCase();
  if (!candidate.includes(".")) {
    const separators = candidate.match(/[:/]/g) ?? [];
    if (separators.length === 1) candidate = candidate.replace(/[:/]/, ".");
  }
  candidate = candidate
    .split(".")
    .map((part) => part.trim().replace(/[\s-]+/g, "_"))
    .join(".");
  return candidate !== name && EVENT_NAME.test(candidate) ? candidate : undefined;
}
