/**
 * Where a weakening is written in the head version, so that `compare
 * --format github|sarif` annotates a line a reviewer can act on (toolkit.md:
 * every finding at the right file:line:column, in every format). Pure: the
 * caller parses the head's files; the deciding address entry is found by
 * `decide`, the one decision procedure.
 */
import { formatPath, type DocPath } from "../../diagnostic.js";
import type { ParsedDocument, TextRange } from "../../document.js";
import { decide } from "../decide.js";
import type { DecisionSubject } from "../subject.js";
import type { Transition } from "./model.js";

/** A span of one file, and the document path it names ("" for the whole file). */
export interface SourcePlace extends TextRange {
  file: string;
  path: string;
}

/** The head version of one (environment, vendor, scope), as files. */
export interface HeadSource {
  subject: DecisionSubject;
  /** The policy file; `document` undefined when head has no such file. */
  policy: { file: string; document?: ParsedDocument };
  addresses: { file: string; document?: ParsedDocument };
  /** Where a finding goes when head has neither file (a removed policy with no address entries): the config. */
  configFile: string;
}

const FIRST_LINE: TextRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/**
 * The head's part that decides the transition's example: the rule that now
 * decides (its id); else the address entry that now decides (its action); else the base's
 * deciding rule where head still has it (its conditions changed); else
 * `enabled` or `preScreen` for those steps; else line 1 of the policy file,
 * the addresses file or the config, the first that exists in head.
 */
export function locateTransition(head: HeadSource, transition: Transition, now: number): SourcePlace {
  const { from, to } = transition;
  const policy = head.policy.document;
  const rules = head.subject.policy?.rules.postScreen ?? [];
  const ruleIndex = (id: string) => rules.findIndex((rule) => rule.id === id);
  if (policy !== undefined && ruleIndex(to.by) >= 0) return placeOf(head.policy.file, policy, ["rules", "postScreen", ruleIndex(to.by), "id"]);
  if (to.by === "address-entry" && head.addresses.document !== undefined) {
    const decision = decide(head.subject, transition.example, { now, trace: true });
    const step = decision.trace?.find((entry) => entry.step === "address-entry");
    const index = step?.step === "address-entry" ? step.entry?.index : undefined;
    if (index !== undefined) return placeOf(head.addresses.file, head.addresses.document, ["entries", index, "action"]);
  }
  if (policy !== undefined && ruleIndex(from.by) >= 0) return placeOf(head.policy.file, policy, ["rules", "postScreen", ruleIndex(from.by), "id"]);
  if (policy !== undefined && to.by === "policy-disabled") return placeOf(head.policy.file, policy, ["enabled"]);
  if (policy !== undefined && to.by === "pre-screen") return placeOf(head.policy.file, policy, ["rules", "preScreen"], "key");
  return locatePolicy(head);
}

/** A finding about the policy as a whole (one not decided in time): line 1 of the first of its files head has. */
export function locatePolicy(head: HeadSource): SourcePlace {
  if (head.policy.document !== undefined) return { file: head.policy.file, ...FIRST_LINE, path: "" };
  if (head.addresses.document !== undefined) return { file: head.addresses.file, ...FIRST_LINE, path: "" };
  return { file: head.configFile, ...FIRST_LINE, path: "" };
}

/** `file:line:column` of each postScreen rule's id in head, by index; empty when head has no policy file. */
export function locateRules(head: HeadSource): string[] {
  const policy = head.policy.document;
  if (policy === undefined) return [];
  return (head.subject.policy?.rules.postScreen ?? []).map((_, index) => {
    const place = placeOf(head.policy.file, policy, ["rules", "postScreen", index, "id"]);
    return `${place.file}:${place.line}:${place.column}`;
  });
}

function placeOf(file: string, document: ParsedDocument, path: DocPath, target: "key" | "value" = "value"): SourcePlace {
  return { file, ...document.locate(path, target), path: formatPath(path) };
}
