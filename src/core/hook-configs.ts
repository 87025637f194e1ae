/**
 * screenpol's commit hook added to a team's existing hook configuration
 * (`screenpol init` in a repository that has one; docs/integrations.md, "A
 * team's repository"). The file is read with the yaml library's
 * Document API and screenpol's entry is placed after the last one there, so
 * every byte the team wrote (comments, quoting, indentation) stays where it
 * was; only when the file's shape leaves no place to add it that way is the
 * whole document re-rendered, its comments still kept. A file that already
 * runs screenpol is never touched.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, type Node, type ToStringOptions } from "yaml";

export type HookMerge =
  /** `text` is the file with screenpol's hook added. */
  | { outcome: "added"; text: string }
  /** The file already runs screenpol; left as it is. */
  | { outcome: "present" }
  /** Not a configuration init can add to (not YAML, not a mapping); left as it is, `reason` says why. */
  | { outcome: "unreadable"; reason: string };

/** A line above the added entry: whoever reads the file later knows where it came from. */
const ADDED_BY = " Added by screenpol init: lint the staged policies and run their tests (docs/integrations.md).";

/** Mentions screenpol as a command or a hook id: the team already runs it, however they spelled it. */
const RUNS_SCREENPOL = /screenpol/i;

/**
 * Appends the `repos:` entry of `template` (init's own .pre-commit-config.yaml)
 * to `existing`.
 */
export function mergePreCommitConfig(existing: string, template: string): HookMerge {
  const doc = parseDocument(existing);
  if (doc.errors.length > 0) return { outcome: "unreadable", reason: `it is not valid YAML (${firstLine(doc.errors[0]!.message)})` };
  const contents = doc.contents;
  if (contents !== null && !isMap(contents) && !(isScalar(contents) && contents.value === null)) return { outcome: "unreadable", reason: "it is not a mapping with `repos:`" };
  const repos = doc.get("repos", true);
  if (repos !== undefined && repos !== null && !isSeq(repos)) return { outcome: "unreadable", reason: "its `repos:` is not a list" };
  if (RUNS_SCREENPOL.test(JSON.stringify(isSeq(repos) ? repos.toJSON() : []))) return { outcome: "present" };

  const entry = (parseDocument(template).get("repos", true) as { items: Node[] }).items[0]!;
  entry.commentBefore = ADDED_BY;
  return appended(doc, existing, ["repos"], entry);
}

/**
 * Adds the `pre-commit:` command of `template` (init's own lefthook.yml) to
 * `existing`'s `pre-commit.commands`.
 */
export function mergeLefthookConfig(existing: string, template: string): HookMerge {
  const doc = parseDocument(existing);
  if (doc.errors.length > 0) return { outcome: "unreadable", reason: `it is not valid YAML (${firstLine(doc.errors[0]!.message)})` };
  if (doc.contents !== null && !isMap(doc.contents)) return { outcome: "unreadable", reason: "it is not a mapping of hooks" };
  const preCommit = doc.get("pre-commit", true);
  if (RUNS_SCREENPOL.test(JSON.stringify(preCommit === undefined || preCommit === null ? null : (preCommit as Node).toJSON()))) return { outcome: "present" };
  if (preCommit !== undefined && preCommit !== null && !isMap(preCommit)) return { outcome: "unreadable", reason: "its `pre-commit:` is not a mapping" };
  const commands = doc.getIn(["pre-commit", "commands"], true);
  if (commands !== undefined && commands !== null && !isMap(commands)) return { outcome: "unreadable", reason: "its `pre-commit.commands:` is not a mapping" };

  // Every command of the template (lint, then the policy tests), each appended after the one before.
  const templateCommands = parseDocument(template).getIn(["pre-commit", "commands"], true) as { items: Array<{ key: unknown; value: Node }> };
  const [first] = templateCommands.items;
  if (first !== undefined && isScalar(first.key)) first.key.commentBefore = ADDED_BY;
  let text = existing;
  for (const pair of templateCommands.items) {
    const merged = appended(text === existing ? doc : parseDocument(text), text, ["pre-commit", "commands"], pair);
    if (merged.outcome !== "added") return merged;
    text = merged.text;
  }
  return { outcome: "added", text };
}

/**
 * `existing` with `item` appended to the block collection at `path`: written
 * in the text right after the collection's last item, at its indentation,
 * when the collection is a block one with items; else the document with the
 * item added, re-rendered. Either way the result is checked to read back as
 * the old data plus the item.
 */
function appended(doc: Document, existing: string, path: string[], item: Node | { key: unknown; value: Node }): HookMerge {
  const expected = new Document(doc.toJSON());
  const collection = doc.getIn(path, true);
  addTo(expected, path, item);

  const spliced = spliceAfterLast(existing, collection, item);
  if (spliced !== undefined && readsAs(spliced, expected)) return { outcome: "added", text: spliced };

  addTo(doc, path, item);
  const rendered = doc.toString(renderOptions(existing));
  if (!readsAs(rendered, expected)) return { outcome: "unreadable", reason: "screenpol's hook could not be added without changing what is there" };
  return { outcome: "added", text: rendered };
}

function addTo(doc: Document, path: string[], item: Node | { key: unknown; value: Node }): void {
  // An empty file (or one of comments only) has no mapping yet to add to.
  if (!isMap(doc.contents)) doc.contents = doc.createNode({});
  const collection = doc.getIn(path, true);
  // An empty flow collection (`repos: []`) becomes a block one: one entry per line, as the rest of the file.
  if ((isSeq(collection) || isMap(collection)) && !(collection.flow === true && collection.items.length === 0)) {
    (collection.items as unknown[]).push(item);
    return;
  }
  // No collection yet (or an empty value): one holding the item.
  const created = "key" in item ? doc.createNode({}) : doc.createNode([]);
  (created.items as unknown[]).push(item);
  doc.setIn(path, created);
}

/** The text with `item` written after the last item of the block collection `collection`, or undefined where there is none. */
function spliceAfterLast(text: string, collection: unknown, item: Node | { key: unknown; value: Node }): string | undefined {
  if (!(isSeq(collection) || isMap(collection)) || collection.flow || collection.items.length === 0) return undefined;
  const first = collection.items[0]!;
  const last = collection.items.at(-1)!;
  const firstStart = isSeq(collection) ? (first as Node).range?.[0] : ((first as { key: Node }).key.range?.[0]);
  const lastEnd = isSeq(collection) ? (last as Node).range?.[1] : ((last as { value: Node | null }).value?.range?.[1]);
  if (firstStart === undefined || lastEnd === undefined) return undefined;
  // The column of the first item's `-` (a list) or key (a mapping): the new item's.
  const lineStart = text.lastIndexOf("\n", firstStart - 1) + 1;
  const prefix = text.slice(lineStart, firstStart);
  const indent = isSeq(collection) ? /^( *)- +$/.exec(prefix)?.[1] : /^( *)$/.exec(prefix)?.[1];
  if (indent === undefined) return undefined;

  const alone = new Document(isSeq(collection) ? [] : {});
  (alone.contents as { items: unknown[] }).items.push(item);
  const block = alone
    .toString(renderOptions(text))
    .split("\n")
    .map((line) => (line === "" ? line : `${indent}${line}`))
    .join("\n");
  const before = text.slice(0, lastEnd);
  const separator = before.endsWith("\n") ? "" : "\n";
  return `${before}${separator}${block}${text.slice(lastEnd)}`;
}

/** The existing file's list indentation (`- ` under its key, or level with it) and no folding of long lines. */
function renderOptions(text: string): ToStringOptions {
  // The first list under a key, comment and blank lines between allowed: is its `-` further in than the key?
  const list = /^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*( *)- /m.exec(text);
  return { lineWidth: 0, flowCollectionPadding: false, indentSeq: list === null || list[2]!.length > list[1]!.length };
}

function readsAs(text: string, expected: Document): boolean {
  const doc = parseDocument(text);
  return doc.errors.length === 0 && JSON.stringify(doc.toJSON()) === JSON.stringify(expected.toJSON());
}

function firstLine(message: string): string {
  return message.split("\n")[0]!;
}
