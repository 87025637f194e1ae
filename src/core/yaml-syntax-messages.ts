/**
 * yaml's syntax errors in words a policy author can act on: what happened, on
 * which line, and what to type instead. yaml's own sentence follows in
 * parentheses, `(YAML: ...)`, so that an engineer can still search for it.
 * Pure text work: document.ts hands over the error's code, message and offset,
 * and no yaml type crosses into this file (style.md, habit 3).
 *
 * The cases are the ones newcomers hit (docs/codes/yaml-syntax.md, Common
 * mistakes): an unquoted `: ` or a leading `@`, `` ` ``, `%`, `*`, `&` in a
 * value; a line indented less or more than its neighbours; a list item without
 * its `- `; no space after a key's `:`. Anything else keeps yaml's sentence.
 */

/** One of yaml's errors, as document.ts reads it. */
export interface YamlSyntaxError {
  /** yaml's error code (`BLOCK_AS_IMPLICIT_KEY`, `BAD_INDENT`...). */
  code: string;
  /** yaml's message, its first line. */
  message: string;
  /** Where yaml puts it in the text. */
  offset: number;
}

/** The error in plain words, and whether it names the cause of the whole line (then yaml's other errors on it are echoes). */
export interface ExplainedError {
  message: string;
  namesCause: boolean;
}

/** A line of the text: where it starts, its text (without the line break), and its indentation in spaces. */
interface Line {
  /** 1-based. */
  number: number;
  start: number;
  text: string;
  indent: number;
}

/**
 * The error in words: a known newcomer mistake gets a sentence with the fix and
 * yaml's own words after it; any other error keeps yaml's sentence, lowercased
 * to read as the rest of screenpol's messages.
 */
export function explainYamlError(error: YamlSyntaxError, text: string, lineOf: (offset: number) => number): ExplainedError {
  const yamlWords = lowerFirst(error.message);
  const plain = explain(error, { text, lineOf });
  return plain === undefined ? { message: yamlWords, namesCause: false } : { message: `${plain} (YAML: ${yamlWords})`, namesCause: true };
}

/** The text and its line numbers (document.ts's line counter: a lookup, not a count from the start). */
interface Source {
  text: string;
  lineOf(offset: number): number;
}

/**
 * How far up or down a message looks for the line it names. A broken 1 MiB file
 * has hundreds of thousands of errors: each must cost a few lines, not the file;
 * and a line further away than this is no help to the reader anyway.
 */
const MAX_LINES_AWAY = 100;

/** The codes some case below explains; for any other, no line of the text is read (a broken file has hundreds of thousands). */
const EXPLAINED_CODES: ReadonlySet<string> = new Set([
  "TAB_AS_INDENT",
  "BLOCK_AS_IMPLICIT_KEY",
  "BAD_INDENT",
  "MISSING_CHAR",
  "MULTILINE_IMPLICIT_KEY",
  "UNEXPECTED_TOKEN",
  "BAD_SCALAR_START",
  "BAD_ALIAS",
]);

function explain(error: YamlSyntaxError, source: Source): string | undefined {
  if (!EXPLAINED_CODES.has(error.code)) return undefined;
  // Only the one UNEXPECTED_TOKEN an alias leaves (`*see the review`); a broken flow list makes one per token.
  if (error.code === "UNEXPECTED_TOKEN" && error.message !== "Unexpected scalar at node end") return undefined;
  const line = lineAt(source, error.offset);
  const column = error.offset - line.start;
  const rest = withoutComment(line.text.slice(column)).trimEnd();
  switch (error.code) {
    case "TAB_AS_INDENT":
      return "this line is indented with a tab, and YAML allows only spaces: indent with spaces";
    case "BLOCK_AS_IMPLICIT_KEY":
      if (error.message.startsWith("Nested mappings")) {
        if (/: |:$/.test(rest) && !/^[?-] /.test(rest)) return colonInValue(line, column, rest);
        return indentedMoreThanKey(source, line);
      }
      if (error.message.startsWith("A block sequence")) return dedentedListItem(source, line);
      return undefined;
    case "BAD_INDENT":
      if (error.message.startsWith("All mapping items")) return misalignedLine(source, line);
      return undefined;
    case "MISSING_CHAR":
      if (error.message.startsWith("Sequence item without")) return misalignedLine(source, line);
      if (error.message.startsWith("Implicit map keys need to be followed")) return gluedKey(rest);
      return undefined;
    case "MULTILINE_IMPLICIT_KEY":
      return gluedKey(rest);
    case "UNEXPECTED_TOKEN": {
      // `description: *see the review`: an alias, then text yaml cannot place.
      const value = valueAfterKey(line);
      return value?.text.startsWith("*") ? aliasMark("*", line, value.column, value.text, "an alias (a reference to an &anchor)") : undefined;
    }
    case "BAD_SCALAR_START": {
      const first = rest.charAt(0);
      return `a value cannot start with "${first}" unless it is in quotes: put the value in quotes${suggestQuoted(line, column, rest)}`;
    }
    case "BAD_ALIAS": {
      const mark = rest.charAt(0);
      return aliasMark(mark, line, column, rest, mark === "&" ? "an anchor (a name for this value)" : "an alias (a reference to an &anchor)");
    }
    default:
      return undefined;
  }
}

/**
 * An alias whose anchor the file never defines: nearly always text that starts
 * with `*` (a bullet, a footnote mark). `name` is the alias's name.
 */
export function explainUnresolvedAlias(name: string, offset: number, text: string, lineOf: (offset: number) => number, yamlWords: string): string {
  const line = lineAt({ text, lineOf }, offset);
  const column = offset - line.start;
  const rest = withoutComment(line.text.slice(column)).trimEnd();
  return (
    `"*${name}" is read as a YAML alias, a reference to an anchor "&${name}" that this file does not define; ` +
    `to write text that starts with "*", put it in quotes${suggestQuoted(line, column, rest)} (YAML: ${lowerFirst(yamlWords)})`
  );
}

/** `scope:SIGN_IN`: without a space, the colon is part of a plain scalar, not a key's end. */
function gluedKey(rest: string): string | undefined {
  const glued = /^([A-Za-z_$][\w$.-]*):(\S.*)$/.exec(rest);
  if (!glued) return undefined;
  return `"${rest}" needs a space after the colon to be a key and its value: write "${glued[1]}: ${glued[2]}"`;
}

function aliasMark(mark: string, line: Line, column: number, rest: string, role: string): string {
  return `"${mark}" at the start of a value marks ${role} in YAML; to write text that starts with "${mark}", put it in quotes${suggestQuoted(line, column, rest)}`;
}

/** `description: Block: high risk`: the second `: ` starts a key inside the value. */
function colonInValue(line: Line, column: number, rest: string): string {
  const key = keyBefore(line, column);
  const subject = key === undefined ? "this value" : `the value of "${key}"`;
  return `${subject} contains ": ", which YAML reads as the start of another key; put the whole value in quotes${suggestQuoted(line, column, rest)}`;
}

/** `- id: a` followed by a line indented deeper than `id`: YAML reads that line as part of the value `a`. */
function indentedMoreThanKey(source: Source, line: Line): string | undefined {
  const next = nextContentLine(source, line);
  const key = contentColumn(line);
  if (next === undefined || next.indent <= key) return undefined;
  return `line ${next.number} is indented more than "${keyName(line)}" on line ${line.number}, so YAML reads it as part of this value; line it up with "${keyName(line)}" (column ${key + 1})`;
}

/** `- id: b` with its `-` left of the list item above it. */
function dedentedListItem(source: Source, line: Line): string | undefined {
  const item = previousContentLine(source, line, (candidate) => /^\s*- /.test(candidate.text) && candidate.indent > line.indent);
  if (item === undefined) return undefined;
  return `this list item is indented less than the one on line ${item.number}: line up its "-" with column ${item.indent + 1}, as above`;
}

/**
 * A line that matches no column of the lines above it: a key left of its
 * siblings, a key under a list item left of the item's first key, or a list
 * entry without its `- `.
 */
function misalignedLine(source: Source, line: Line): string | undefined {
  const above = previousContentLine(source, line, () => true);
  if (above === undefined) return undefined;
  if (/^\s*- /.test(above.text) && above.indent === line.indent && !/^\s*- /.test(line.text)) {
    const entry = withoutComment(line.text.trim()).trimEnd();
    return `this line is in the list above but has no "- ": write "- ${entry}"`;
  }
  const target = contentColumn(above);
  if (line.indent > target && valueAfterKey(above)?.text) {
    const name = keyName(above);
    return `this line is indented more than "${name}" on line ${above.number} above it (column ${line.indent + 1}, "${name}" at column ${target + 1}): line it up with "${name}"`;
  }
  if (line.indent < target && line.indent > above.indent) {
    const name = keyName(above);
    return `this line is indented less than "${name}" on line ${above.number} above it (column ${line.indent + 1}, "${name}" at column ${target + 1}): line it up with "${name}"${/^\s*- /.test(above.text) ? ', or start a new list item with "- "' : ""}`;
  }
  if (line.indent < target) {
    const parent = previousContentLine(source, line, (candidate) => candidate.indent < line.indent);
    const name = keyName(above);
    const alternative = parent === undefined ? "" : `, or with "${keyName(parent)}" (column ${contentColumn(parent) + 1}) if it belongs to that level`;
    return `this line is indented less than "${name}" on line ${above.number} above it (column ${line.indent + 1}, "${name}" at column ${target + 1}): line it up with "${name}"${alternative}`;
  }
  return undefined;
}

/** ` key: "value"` when the value stands alone after its key on the line, else nothing. */
function suggestQuoted(line: Line, column: number, rest: string): string {
  const key = keyBefore(line, column);
  return key === undefined ? "" : `: ${key}: ${JSON.stringify(rest)}`;
}

/** The value of a `key: value` line (after an optional `- `): where it starts and its text before any comment. */
function valueAfterKey(line: Line): { column: number; text: string } | undefined {
  const prefix = /^\s*(?:- +)?[A-Za-z_$][\w$.-]*: +/.exec(line.text);
  if (!prefix) return undefined;
  return { column: prefix[0].length, text: withoutComment(line.text.slice(prefix[0].length)).trimEnd() };
}

/** The key of `key: <value at column>` (after an optional `- `), or undefined when the value does not follow a plain key. */
function keyBefore(line: Line, column: number): string | undefined {
  return /^\s*(?:- +)?([A-Za-z_$][\w$.-]*): +$/.exec(line.text.slice(0, column))?.[1];
}

/** The first word of a line's content: its key, or what it holds. */
function keyName(line: Line): string {
  const content = line.text.slice(contentColumn(line));
  return /^([^:\s#]+)/.exec(content)?.[1] ?? content.trim();
}

/** The 0-based column of a line's content: after its indentation and any `- ` marks. */
function contentColumn(line: Line): number {
  return /^[ ]*(?:-[ ]+)*/.exec(line.text)![0].length;
}

function lineAt(source: Source, offset: number): Line {
  const { text } = source;
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  let end = text.indexOf("\n", start);
  if (end === -1) end = text.length;
  const body = text.slice(start, end).replace(/\r$/, "");
  return { number: source.lineOf(start), start, text: body, indent: /^ */.exec(body)![0].length };
}

/** A line that holds more than white space and a comment. */
function isContent(line: Line): boolean {
  const trimmed = line.text.trim();
  return trimmed !== "" && !trimmed.startsWith("#");
}

function previousContentLine(source: Source, line: Line, accept: (candidate: Line) => boolean): Line | undefined {
  let start = line.start;
  for (let away = 0; away < MAX_LINES_AWAY && start > 0; away++) {
    const previous = lineAt(source, start - 1);
    if (isContent(previous) && accept(previous)) return previous;
    start = previous.start;
  }
  return undefined;
}

function nextContentLine(source: Source, line: Line): Line | undefined {
  let end = source.text.indexOf("\n", line.start);
  for (let away = 0; away < MAX_LINES_AWAY && end !== -1; away++) {
    const next = lineAt(source, end + 1);
    if (isContent(next)) return next;
    end = source.text.indexOf("\n", end + 1);
  }
  return undefined;
}

/** The text before a ` #` comment (a plain scalar cannot hold one). */
function withoutComment(text: string): string {
  const at = text.search(/(?:^|\s)#/);
  return at === -1 ? text : text.slice(0, at);
}

function lowerFirst(message: string): string {
  return message.charAt(0).toLowerCase() + message.slice(1);
}
