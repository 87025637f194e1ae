/**
 * A plan as a pull-request comment: a heading, the weakenings (semantics.md
 * section 5: the comment leads with them), a summary table (one row per
 * policy, with the weakening check's verdict), and one collapsible
 * `<details>` block per change holding its diff.
 *
 * GitHub refuses a comment over 65,535 characters (its documented limit for an
 * issue or pull-request comment body). The rendering stays under it: rows
 * first, then diffs in plan order while they fit; a diff too large for what is
 * left is cut at a line boundary, and from there on the comment says, in a
 * note at the end, how many diffs (and rows) it left out and where to find the
 * full plan. Lengths are counted in UTF-16 code units, which never undercounts
 * characters.
 */
import { countByKind, describeScopeEntriesChange, entryName, hasChanges, scopeEntriesChange, unchangedCounts, type Plan, type PlanEntry, type PlanKind } from "../plan/index.js";
import { docsUrl } from "../codes.js";
import type { Diagnostic } from "../diagnostic.js";
import { describeVerdict, entryVerdictLines, TRAFFIC_HEADING, trafficLines, UNDECIDED_HEADING, undecidedLines, UNREACHED_HEADING, unreachedLines, weakeningCount, WEAKENINGS_HEADING, weakeningLines } from "./plan-weakening.js";

/** GitHub's limit on a comment body. */
export const GITHUB_COMMENT_LIMIT = 65_535;

export interface PlanMarkdownOptions {
  /** Upper bound of the output's length; default {@link GITHUB_COMMENT_LIMIT}. */
  limit?: number;
  /** First line, e.g. a marker a CI step finds its earlier comment by. */
  title?: string;
  /** A table row for each unchanged entry too; by default they are one count in the summary line. */
  showUnchanged?: boolean;
  /**
   * Counts, names and verdicts only: no diff, no change in words, no weakening
   * example (thresholds, allow-listed addresses), for a public repository's
   * comment (the action's `comment: summary`).
   */
  summary?: boolean;
}

const ICON: Record<PlanKind | "affected", string> = { create: "➕ create", update: "✏️ update", unchanged: "✔️ unchanged", "live-only": "⚠️ live-only", affected: "🔗 affected" };

/** Room kept for the truncation note and the closing lines. */
const RESERVE = 600;
/** A diff is only worth cutting into when at least this much of it can be shown. */
const MIN_PARTIAL = 1_500;
/** Weakening lines listed before the comment points at the full plan: the rest of the comment needs room too. */
const MAX_LISTED_WEAKENINGS = 50;

export function formatPlanMarkdown(plan: Plan, options: PlanMarkdownOptions = {}): string {
  if (options.summary) return formatPlanSummary(plan, options);
  const limit = options.limit ?? GITHUB_COMMENT_LIMIT;
  const counts = countByKind(plan);
  const { unchanged, affected } = unchangedCounts(plan);
  const affectedPart = affected > 0 ? `${affected} affected by address entries, ` : "";
  const environments = plan.environments.map((environment) => `\`${environment.name}\` (${environment.kind})`).join(", ");
  const head = [
    options.title ?? "### screenpol plan",
    "",
    ...leadingSection(`**⚠️ ${WEAKENINGS_HEADING}**`, weakeningLines(plan)),
    ...leadingSection(`**${TRAFFIC_HEADING}**`, trafficLines(plan)),
    ...approvalParagraph(plan),
    ...leadingSection(`**${UNDECIDED_HEADING}**`, undecidedLines(plan)),
    ...leadingSection(`**${UNREACHED_HEADING}**`, unreachedLines(plan)),
    `Environments: ${environments || "none"}. **${counts.create} to create, ${counts.update} to update**, ${affectedPart}${unchanged} unchanged, ${counts["live-only"]} live-only.`,
    "",
  ].join("\n");
  const tableHead = "| | Policy | Live revision | Change |\n|---|---|---|---|\n";
  const budget = limit - RESERVE;

  let out = head;
  const rows = plan.entries.map((entry) => ({ entry, entriesChange: entry.resource === "policy" && entry.kind !== "live-only" ? scopeEntriesChange(plan, entry) : undefined }));
  const shown = options.showUnchanged ? rows : rows.filter(({ entry, entriesChange }) => entry.kind !== "unchanged" || entriesChange !== undefined);
  if (shown.length > 0) out += tableHead;
  let rowsLeftOut = 0;
  for (const { entry, entriesChange } of shown) {
    const row = tableRow(entry, entriesChange ? describeScopeEntriesChange(entriesChange) : undefined);
    if (out.length + row.length > budget * 0.5) {
      // The table may take half the comment; the diffs need the rest.
      rowsLeftOut++;
      continue;
    }
    out += row;
  }
  if (rowsLeftOut > 0) out += `| | *${rowsLeftOut} more rows not shown* | | |\n`;
  if (!hasChanges(plan)) out += "\nNo changes: the live policies match the files.\n";

  const changed = plan.entries.filter((entry) => entry.diff !== "");
  let diffsLeftOut = 0;
  let cut = false;
  for (const entry of changed) {
    if (cut) {
      diffsLeftOut++;
      continue;
    }
    const block = detailsBlock(entry, entry.diff);
    if (out.length + block.length <= budget) {
      out += block;
      continue;
    }
    const room = budget - out.length - detailsBlock(entry, "").length - 80;
    if (room >= MIN_PARTIAL) {
      const partial = cutAtLine(entry.diff, room);
      out += detailsBlock(entry, `${partial}\n... (diff cut here: the comment would exceed GitHub's limit)\n`);
    } else {
      diffsLeftOut++;
    }
    cut = true;
  }
  if (diffsLeftOut > 0 || rowsLeftOut > 0 || cut) {
    const what = [
      diffsLeftOut > 0 ? `${diffsLeftOut} of ${changed.length} diffs are not shown` : "",
      rowsLeftOut > 0 ? `${rowsLeftOut} table rows are not shown` : "",
      cut && diffsLeftOut === 0 && rowsLeftOut === 0 ? "one diff is cut short" : "",
    ].filter((part) => part !== "");
    out += `\n> [!NOTE]\n> This comment is truncated: ${what.join("; ")}, to stay within GitHub's ${GITHUB_COMMENT_LIMIT.toLocaleString("en-US")}-character limit. Run \`screenpol plan\` locally or read the plan.json artifact for the full plan.\n`;
  }
  return out;
}

function formatPlanSummary(plan: Plan, options: PlanMarkdownOptions): string {
  const counts = countByKind(plan);
  const { unchanged, affected } = unchangedCounts(plan);
  const affectedPart = affected > 0 ? `${affected} affected by address entries, ` : "";
  const environments = plan.environments.map((environment) => `\`${environment.name}\` (${environment.kind})`).join(", ");
  const transitions = weakeningCount(plan);
  const lines = [options.title ?? "### screenpol plan", ""];
  if (transitions > 0) lines.push(`**⚠️ ${transitions} weakening transition${transitions === 1 ? "" : "s"}**: a screening decided less strictly once pushed than live now.`, "");
  lines.push(...approvalParagraph(plan));
  lines.push(`Environments: ${environments || "none"}. **${counts.create} to create, ${counts.update} to update**, ${affectedPart}${unchanged} unchanged, ${counts["live-only"]} live-only.`, "");
  const rows = plan.entries.filter((entry) => entry.kind !== "unchanged" || (entry.resource === "policy" && scopeEntriesChange(plan, entry) !== undefined));
  if (rows.length > 0) {
    lines.push("| | Policy | Live revision | Weakening check |", "|---|---|---|---|");
    for (const entry of rows) {
      const affectedEntry = entry.kind === "unchanged";
      const verdict = entry.resource === "policy" && entry.weakening ? describeVerdict(entry.weakening, { listed: false }) : "";
      lines.push(`| ${ICON[affectedEntry ? "affected" : entry.kind]} | \`${entryName(entry)}\` | ${entry.kind === "create" ? "not live" : String(entry.baseRevision)} | ${escapeCell(verdict)} |`);
    }
    lines.push("");
  }
  if (!hasChanges(plan)) lines.push("No changes: the live policies match the files.", "");
  lines.push("Diffs, thresholds and addresses are left out of this comment: run `screenpol plan`, or read the plan.json artifact.");
  return `${lines.join("\n")}\n`;
}

/** A heading and one bullet per line, at most {@link MAX_LISTED_WEAKENINGS}; nothing when there are no lines. */
/**
 * What `plan --allow-weakening` approved (docs/review-workflow.md, "Approving a
 * weakening"), under the weakenings: the reviewer sees on the pull request
 * which policies the merge will push weakened, and the fingerprint push prints.
 */
function approvalParagraph(plan: Plan): string[] {
  const approval = plan.weakeningApproval;
  if (approval === undefined || approval.policies.length === 0) return [];
  const names = approval.policies.map((policy) => `\`${policy.environment}/${policy.providerType}/${policy.scope}\``).join(", ");
  return [
    `**✅ Weakening approved** (weakening \`${approval.fingerprint.slice(0, 12)}\`): ${names}. \`push --plan\` pushes it only while the weakening against live is exactly this one.`,
    "",
  ];
}

function leadingSection(heading: string, lines: readonly string[]): string[] {
  if (lines.length === 0) return [];
  // `<` and `&` could start markup; `->` is the transition's arrow and is left as typed.
  // A line indented under the one before it (a cause's transitions) is a bullet nested under it.
  const listed = lines.slice(0, MAX_LISTED_WEAKENINGS).map((line) => `${/^ */.exec(line)![0]}- ${line.trimStart().replace(/&/g, "&amp;").replace(/</g, "&lt;")}`);
  if (lines.length > MAX_LISTED_WEAKENINGS) listed.push(`- …and ${lines.length - MAX_LISTED_WEAKENINGS} more: run \`screenpol plan\` for all of them.`);
  return [heading, "", ...listed, ""];
}

/** One row; `entriesChange` says how the address entries move the policy (its own summary would say "no changes"). */
function tableRow(entry: PlanEntry, entriesChange: string | undefined): string {
  const revision = entry.kind === "create" ? "not live" : String(entry.baseRevision);
  const affected = entry.kind === "unchanged" && entriesChange !== undefined;
  const summary = affected ? [] : [entry.summary.text];
  const change = [...summary, ...(entriesChange ? [entriesChange] : []), ...entryVerdictLines(entry)].join("; ");
  return `| ${ICON[affected ? "affected" : entry.kind]} | \`${entryName(entry)}\` | ${revision} | ${escapeCell(change)} |\n`;
}

function detailsBlock(entry: PlanEntry, diff: string): string {
  const fence = fenceFor(diff);
  const revision = entry.kind === "create" ? "not live yet" : `live revision ${entry.baseRevision}`;
  return `\n<details><summary><code>${escapeHtml(entryName(entry))}</code>: ${entry.kind} (${revision})</summary>\n\n${fence}diff\n${diff.endsWith("\n") || diff === "" ? diff : `${diff}\n`}${fence}\n\n</details>\n`;
}

/** A code fence longer than any run of backticks in the content. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

function cutAtLine(text: string, length: number): string {
  const slice = text.slice(0, length);
  const newline = slice.lastIndexOf("\n");
  return newline > 0 ? slice.slice(0, newline) : slice;
}

function escapeCell(text: string): string {
  return escapeHtml(text).replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** How many findings a comment lists before it points at the full lint output. */
const MAX_LISTED_FINDINGS = 50;

/**
 * The pull-request comment when there is no plan because the files have errors:
 * the findings as a table (file:line:column, code, message), so the comment says
 * what to fix instead of showing a stale plan.
 */
export function formatFindingsMarkdown(diagnostics: readonly Diagnostic[]): string {
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const lines = [
    "### screenpol plan: not computed",
    "",
    `The policies have ${errors} error${errors === 1 ? "" : "s"}; nothing was planned. Fix them (\`screenpol lint\`) and push again.`,
    "",
    "| where | severity | code | message |",
    "|---|---|---|---|",
    ...diagnostics.slice(0, MAX_LISTED_FINDINGS).map((d) => `| \`${escapeCell(`${d.file}:${d.line}:${d.column}`)}\` | ${d.severity} | [${d.code}](${docsUrl(d.code)}) | ${escapeCell(d.message)} |`),
  ];
  if (diagnostics.length > MAX_LISTED_FINDINGS) lines.push("", `…and ${diagnostics.length - MAX_LISTED_FINDINGS} more; run \`screenpol lint\` for all of them.`);
  return `${lines.join("\n")}\n`;
}
