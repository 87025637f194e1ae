/**
 * The snippets of docs/integrations.md, as a reader copies them. Each snippet
 * the tests run is marked in the Markdown with `<!-- snippet: NAME -->` on the
 * line before its fenced block, so the tests run exactly what the page shows.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PROJECT_ROOT } from "../../helpers/run-cli.js";

export const INTEGRATIONS_DOC = join(PROJECT_ROOT, "docs/integrations.md");

export const README = join(PROJECT_ROOT, "README.md");

/** The content of the fenced block marked `<!-- snippet: name -->`, with its final newline. */
export function snippet(name: string, document: string = INTEGRATIONS_DOC): string {
  const text = readFileSync(document, "utf8");
  const marker = `<!-- snippet: ${name} -->`;
  const at = text.indexOf(marker);
  if (at === -1) throw new Error(`${document} has no ${marker}`);
  const match = /^\s*(`{3,})[^\n]*\n([\s\S]*?)^\1\s*$/m.exec(text.slice(at + marker.length));
  if (!match || match.index > 2) throw new Error(`${marker} is not followed by a fenced code block`);
  return match[2]!;
}

/** The names of every snippet marked in a document. */
export function snippetNames(document: string): string[] {
  return [...readFileSync(document, "utf8").matchAll(/<!-- snippet: ([\w-]+) -->/g)].map((match) => match[1]!);
}
