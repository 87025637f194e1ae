/**
 * `screenpol explain`: the page of a code (docs/codes/<code>.md, shipped in the
 * package) for a terminal, as `rustc --explain` prints its own: the Markdown as
 * written, headings and code blocks kept, with only what a terminal cannot follow
 * taken out. And the list of codes, from CODE_INFO, for `explain` without one.
 */
import { CODE_INFO } from "../codes.js";
import { CODES, type Code } from "../diagnostic.js";

export interface CodePageOptions {
  /** Bold headings (decide with `shouldUseColor`); no escape codes otherwise. */
  color: boolean;
}

/** A line that is only an HTML comment: the fixture-example markers, for the docs test, not the reader. */
const COMMENT_LINE = /^\s*<!--.*-->\s*$/;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^#{1,6} /;
const LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** The page as a terminal shows it; ends with one newline. */
export function formatCodePage(markdown: string, options: CodePageOptions): string {
  const out: string[] = [];
  let inFence = false;
  let droppedComment = false;
  for (const line of markdown.replace(/\r\n/g, "\n").replace(/\n+$/, "").split("\n")) {
    const fence = FENCE.test(line);
    if (!inFence && !fence && COMMENT_LINE.test(line)) {
      droppedComment = true;
      continue;
    }
    // A dropped marker between two blank lines would leave two blank lines in a row.
    if (droppedComment && line === "" && out.at(-1) === "") continue;
    droppedComment = false;
    if (inFence || fence) {
      out.push(line);
      if (fence) inFence = !inFence;
      continue;
    }
    const text = line.replace(LINK, (_link, label: string, target: string) => linkForTerminal(label, target));
    out.push(options.color && HEADING.test(text) ? `\x1b[1m${text}\x1b[0m` : text);
  }
  return `${out.join("\n")}\n`;
}

/**
 * A Markdown link as a terminal reader can follow it: another code's page by the
 * command that prints it, the index by `screenpol explain`, a web address written
 * out. A path into the repository (the fixtures the examples come from) is not in
 * the package, and its label already names it.
 */
function linkForTerminal(label: string, target: string): string {
  if (/^https?:\/\//.test(target)) return `${label} (${target})`;
  if (target === "README.md") return `${label}: \`screenpol explain\``;
  const page = /^([a-z]+(?:-[a-z]+)*)\.md$/.exec(target)?.[1];
  if (page !== undefined && (CODES as readonly string[]).includes(page)) {
    return label.includes(page) ? label : `${label} (\`screenpol explain ${page}\`)`;
  }
  return label;
}

/** Every code with its severity and one-sentence summary, in the order of docs/codes/README.md; ends with a hint. */
export function formatCodeList(): string {
  const width = Math.max(...CODES.map((code) => code.length));
  const lines = CODES.map((code: Code) => {
    const { severity, summary } = CODE_INFO[code];
    return `${code.padEnd(width)}  ${severity.padEnd("warning".length)}  ${summary}`;
  });
  return `${lines.join("\n")}\n\nRun \`screenpol explain <code>\` for a code's page: what it catches, why it matters, how to fix it.\n`;
}
