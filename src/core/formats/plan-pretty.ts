/**
 * The terminal rendering of a plan: the weakenings first (semantics.md
 * section 5: what a reviewer must see before any diff), then one line per
 * policy (create / update / unchanged / live-only, with the live revision),
 * the one-line summary, the weakening check's verdict, and the unified diff
 * of canonical YAML, coloured when asked.
 */
import { countByKind, entryName, hasChanges, type Plan, type PlanEntry, type PlanKind } from "../plan/index.js";
import { entryVerdictLines, UNDECIDED_HEADING, undecidedLines, UNREACHED_HEADING, unreachedLines, WEAKENINGS_HEADING, weakeningLines } from "./plan-weakening.js";

export interface PlanPrettyOptions {
  /** ANSI colours (decide with shouldUseColor). */
  color: boolean;
  /** Print the diffs (default true); push prints the list only. */
  diffs?: boolean;
  /** Print unchanged entries (default true). */
  unchanged?: boolean;
  /** The closing hint, e.g. "Run `screenpol push` to apply."; default that. */
  hint?: string;
}

const SYMBOL: Record<PlanKind, string> = { create: "+", update: "~", unchanged: "=", "live-only": "!" };
const COLOR: Record<PlanKind, string> = { create: "32", update: "33", unchanged: "2", "live-only": "35" };

type Paint = (code: string, text: string) => string;

export function formatPlanPretty(plan: Plan, options: PlanPrettyOptions): string {
  const paint: Paint = (code, text) => (options.color && text !== "" ? `\x1b[${code}m${text}\x1b[0m` : text);
  const entries = options.unchanged === false ? plan.entries.filter((entry) => entry.kind !== "unchanged") : plan.entries;
  const width = Math.max(0, ...entries.map((entry) => entryName(entry).length));
  const blocks: string[] = [];
  for (const entry of entries) {
    const lines = [headline(entry, width, paint), `    ${entry.summary.text}`, ...entryVerdictLines(entry).map((line) => `    ${line}`)];
    if (entry.resource === "policy" && entry.kind !== "live-only") {
      const count = entry.addressEntryCount;
      if (count.live !== count.planned && count.planned !== null) lines.push(`    addressEntryCount ${count.live ?? "-"} -> ${count.planned}`);
    }
    if (options.diffs !== false && entry.diff !== "") lines.push(indent(colorDiff(entry.diff, paint), "    "));
    blocks.push(lines.join("\n"));
  }
  const counts = countByKind(plan);
  const totals = `Plan: ${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged, ${counts["live-only"]} live-only.`;
  const next = options.hint ?? "Run `screenpol push` to apply.";
  const hint = hasChanges(plan) ? (next === "" ? "" : ` ${next}`) : " No changes: the live policies match the files.";
  const environments = plan.environments.map((environment) => `${environment.name} (${environment.kind})`).join(", ");
  const head = paint("1", `screenpol plan: ${environments || "no environments"}`);
  const first: string[] = [];
  const weakenings = weakeningLines(plan);
  if (weakenings.length > 0) first.push([paint("1;31", WEAKENINGS_HEADING), ...weakenings.map((line) => `  ${line}`)].join("\n"));
  const undecided = undecidedLines(plan);
  if (undecided.length > 0) first.push([paint("1;33", UNDECIDED_HEADING), ...undecided.map((line) => `  ${line}`)].join("\n"));
  const unreached = unreachedLines(plan);
  if (unreached.length > 0) first.push([paint("1;33", UNREACHED_HEADING), ...unreached.map((line) => `  ${line}`)].join("\n"));
  return `${[head, ...first, ...blocks, paint("1", totals) + hint].join("\n\n")}\n`;
}

function headline(entry: PlanEntry, width: number, paint: Paint): string {
  const kind = `${SYMBOL[entry.kind]} ${entry.kind}`.padEnd(11);
  const revision = entry.kind === "create" ? "not live yet" : `live revision ${entry.baseRevision}`;
  return `${paint(COLOR[entry.kind], kind)} ${paint("1", entryName(entry).padEnd(width))}  ${paint("2", revision)}`;
}

/** Colours a unified diff line by line: headers bold, hunks cyan, removals red, additions green. */
export function colorDiff(diff: string, paint: Paint): string {
  return diff
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => {
      if (line.startsWith("---") || line.startsWith("+++")) return paint("1", line);
      if (line.startsWith("@@")) return paint("36", line);
      if (line.startsWith("-")) return paint("31", line);
      if (line.startsWith("+")) return paint("32", line);
      return line;
    })
    .join("\n");
}

function indent(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => (line === "" ? line : `${prefix}${line}`))
    .join("\n");
}
