/**
 * The terminal rendering of a plan: the weakenings first (semantics.md
 * section 5: what a reviewer must see before any diff), then one block per
 * policy that changes (create / update / live-only, with the live revision,
 * and `affected` for an unchanged policy whose address entries change), the
 * one-line summary, the weakening check's verdict, and the unified diff of
 * canonical YAML, coloured when asked. Unchanged entries are one count line
 * unless listed: in a plan of 200 policies, the 3 that change are the news.
 */
import { countByKind, describeScopeEntriesChange, entryName, hasChanges, isAffectedByEntries, scopeEntriesChange, unchangedCounts, type Plan, type PlanEntry, type PlanKind } from "../plan/index.js";
import { entryVerdictLines, TRAFFIC_HEADING, trafficLines, UNDECIDED_HEADING, undecidedLines, UNREACHED_HEADING, unreachedLines, WEAKENINGS_HEADING, weakeningLines } from "./plan-weakening.js";

export interface PlanPrettyOptions {
  /** ANSI colours (decide with shouldUseColor). */
  color: boolean;
  /** Print the diffs (default true); push prints the list only. */
  diffs?: boolean;
  /**
   * Unchanged entries: `count` (default) one line `= 5 unchanged`, `list` a
   * block each, `omit` nothing (push, which lists what it sends). Entries
   * affected through their address entries are always shown.
   */
  unchanged?: "count" | "list" | "omit";
  /** Said after the count line, e.g. "--show-unchanged lists them". */
  unchangedHint?: string;
  /** The closing hint, e.g. "Run `screenpol push` to apply."; default that. */
  hint?: string;
}

type ShownKind = PlanKind | "affected";

const SYMBOL: Record<ShownKind, string> = { create: "+", update: "~", unchanged: "=", "live-only": "!", affected: "~" };
const COLOR: Record<ShownKind, string> = { create: "32", update: "33", unchanged: "2", "live-only": "35", affected: "36" };

type Paint = (code: string, text: string) => string;

export function formatPlanPretty(plan: Plan, options: PlanPrettyOptions): string {
  const paint: Paint = (code, text) => (options.color && text !== "" ? `\x1b[${code}m${text}\x1b[0m` : text);
  const unchanged = options.unchanged ?? "count";
  const entries = unchanged === "list" ? plan.entries : plan.entries.filter((entry) => entry.kind !== "unchanged" || isAffectedByEntries(plan, entry));
  const width = Math.max(0, ...entries.map((entry) => entryName(entry).length));
  const blocks: string[] = [];
  for (const entry of entries) {
    const entriesChange = entry.resource === "policy" && entry.kind !== "live-only" ? scopeEntriesChange(plan, entry) : undefined;
    const affected = entry.kind === "unchanged" && entriesChange !== undefined;
    const lines = [headline(entry, affected ? "affected" : entry.kind, width, paint)];
    // An affected policy's own summary would say "no changes": the entries line says what moves.
    if (!affected) lines.push(`    ${entry.summary.text}`);
    if (entriesChange) lines.push(`    ${describeScopeEntriesChange(entriesChange)}`);
    lines.push(...entryVerdictLines(entry).map((line) => `    ${line}`));
    if (options.diffs !== false && entry.diff !== "") lines.push(indent(colorDiff(entry.diff, paint), "    "));
    blocks.push(lines.join("\n"));
  }
  const counts = countByKind(plan);
  const { unchanged: unchangedCount, affected: affectedCount } = unchangedCounts(plan);
  if (unchanged === "count" && unchangedCount > 0) {
    blocks.push(paint(COLOR.unchanged, `= ${unchangedCount} unchanged`) + (options.unchangedHint ? ` (${options.unchangedHint})` : ""));
  }
  const affectedPart = affectedCount > 0 ? `${affectedCount} affected by address entries, ` : "";
  const totals = `Plan: ${counts.create} to create, ${counts.update} to update, ${affectedPart}${unchangedCount} unchanged, ${counts["live-only"]} live-only.`;
  const next = options.hint ?? "Run `screenpol push` to apply.";
  const hint = hasChanges(plan) ? (next === "" ? "" : ` ${next}`) : " No changes: the live policies match the files.";
  const environments = plan.environments.map((environment) => `${environment.name} (${environment.kind})`).join(", ");
  const head = paint("1", `screenpol plan: ${environments || "no environments"}`);
  const first: string[] = [];
  const weakenings = weakeningLines(plan);
  if (weakenings.length > 0) first.push([paint("1;31", WEAKENINGS_HEADING), ...weakenings.map((line) => `  ${line}`)].join("\n"));
  const traffic = trafficLines(plan);
  if (traffic.length > 0) first.push([paint("1", TRAFFIC_HEADING), ...traffic.map((line) => `  ${line}`)].join("\n"));
  const undecided = undecidedLines(plan);
  if (undecided.length > 0) first.push([paint("1;33", UNDECIDED_HEADING), ...undecided.map((line) => `  ${line}`)].join("\n"));
  const unreached = unreachedLines(plan);
  if (unreached.length > 0) first.push([paint("1;33", UNREACHED_HEADING), ...unreached.map((line) => `  ${line}`)].join("\n"));
  return `${[head, ...first, ...blocks, paint("1", totals) + hint].join("\n\n")}\n`;
}

function headline(entry: PlanEntry, shown: ShownKind, width: number, paint: Paint): string {
  const kind = `${SYMBOL[shown]} ${shown}`.padEnd(11);
  const revision = entry.kind === "create" ? "not live yet" : `live revision ${entry.baseRevision}`;
  return `${paint(COLOR[shown], kind)} ${paint("1", entryName(entry).padEnd(width))}  ${paint("2", revision)}`;
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
