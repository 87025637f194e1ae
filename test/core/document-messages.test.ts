/**
 * yaml's syntax errors in plain words (core/yaml-syntax-messages.ts): for each
 * newcomer mistake of the yaml-syntax fixtures, the whole message a policy
 * author reads: what happened, what to type, then yaml's own words.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseYaml } from "../../src/core/document.js";

const FIXTURES = join(import.meta.dirname, "../fixtures/checks/yaml-syntax");

/** The problems of one fixture's policy file, as `line:column message`. */
function problemsOf(fixture: string, file: string): string[] {
  const text = readFileSync(join(FIXTURES, fixture, "policies/sandbox/vendorAWalletScreening", file), "utf8");
  return parseYaml(text).problems.map((problem) => `${problem.range.line}:${problem.range.column} ${problem.message}`);
}

describe("yaml-syntax messages a policy author can act on", () => {
  it("an unquoted `: ` in a description: quote the value, shown quoted", () => {
    expect(problemsOf("fail-colon-in-description", "TRANSACTION.yaml")).toEqual([
      '10:20 the value of "description" contains ": ", which YAML reads as the start of another key; put the whole value in quotes: ' +
        'description: "Reviewed by compliance: block direct mixer exposure" (YAML: nested mappings are not allowed in compact mappings)',
    ]);
  });

  it("a key indented less than the one above it under a list item: line it up, or start a new item", () => {
    expect(problemsOf("fail-list-item-indented-less", "TRANSACTION.yaml")).toEqual([
      '12:1 this line is indented less than "exposure" on line 11 above it (column 6, "exposure" at column 9): ' +
        'line it up with "exposure", or with "id" (column 7) if it belongs to that level (YAML: sequence item without - indicator)',
    ]);
  });

  it("a list item whose `-` is left of the item above it: one finding, not yaml's three on that line", () => {
    expect(problemsOf("fail-list-item-dash-indented-less", "TRANSACTION.yaml")).toEqual([
      '13:1 this list item is indented less than the one on line 9: line up its "-" with column 5, as above (YAML: a block sequence may not be used as an implicit map key)',
    ]);
  });

  it("keys indented more than the key on the item's first line", () => {
    expect(problemsOf("fail-key-indented-more", "TRANSACTION.yaml")).toEqual([
      '9:11 line 10 is indented more than "id" on line 9, so YAML reads it as part of this value; line it up with "id" (column 7) (YAML: nested mappings are not allowed in compact mappings)',
      '12:1 this line is indented less than "exposure" on line 11 above it (column 9, "exposure" at column 11): ' +
        'line it up with "exposure", or with "id" (column 7) if it belongs to that level (YAML: all mapping items must start at the same column)',
    ]);
  });

  it("a key between two levels: both columns it could mean", () => {
    expect(problemsOf("fail-key-indented-less", "SIGN_IN.yaml")).toEqual([
      '8:1 this line is indented less than "chains" on line 7 above it (column 2, "chains" at column 5): ' +
        'line it up with "chains", or with "rules" (column 1) if it belongs to that level (YAML: all mapping items must start at the same column)',
    ]);
  });

  it("a list entry without its `- `", () => {
    expect(problemsOf("fail-list-entry-without-dash", "SIGN_IN.yaml")).toEqual([
      '9:1 this line is in the list above but has no "- ": write "- SOL" (YAML: all mapping items must start at the same column)',
    ]);
  });

  it("no space after a key's colon", () => {
    expect(problemsOf("fail-no-space-after-colon", "SIGN_IN.yaml")).toEqual([
      '2:1 "scope:SIGN_IN" needs a space after the colon to be a key and its value: write "scope: SIGN_IN" (YAML: implicit map keys need to be followed by map values)',
    ]);
    expect(parseYaml("rules:\n  postScreen:\n    - id:block\n      action: BLOCK\n").problems.map((problem) => problem.message)).toEqual([
      '"id:block" needs a space after the colon to be a key and its value: write "id: block" (YAML: implicit keys need to be on a single line)',
    ]);
  });

  it("a tab as indentation", () => {
    expect(problemsOf("fail-tab-indent", "SIGN_IN.yaml")).toEqual([
      "6:1 this line is indented with a tab, and YAML allows only spaces: indent with spaces (YAML: tabs are not allowed as indentation)",
      "7:1 this line is indented with a tab, and YAML allows only spaces: indent with spaces (YAML: tabs are not allowed as indentation)",
    ]);
  });

  it("a value starting with `@`, a backquote or `&`: quote it, shown quoted", () => {
    expect(problemsOf("fail-value-starts-with-reserved-character", "TRANSACTION.yaml")).toEqual([
      '10:20 a value cannot start with "@" unless it is in quotes: put the value in quotes: description: "@compliance asked for this" (YAML: plain value cannot start with reserved character @)',
      '15:20 a value cannot start with "`" unless it is in quotes: put the value in quotes: description: "`minPercent` below 10 is noise" (YAML: plain value cannot start with reserved character `)',
      '20:20 "&" at the start of a value marks an anchor (a name for this value) in YAML; to write text that starts with "&", put it in quotes: description: "& also gambling" (YAML: anchor cannot be an empty string)',
    ]);
  });

  it("a value starting with `*`: an alias to nothing, whether one word or several", () => {
    expect(problemsOf("fail-value-starts-with-star", "TRANSACTION.yaml")).toEqual([
      '10:25 "*" at the start of a value marks an alias (a reference to an &anchor) in YAML; to write text that starts with "*", put it in quotes: description: "*see the review of 2026-11" (YAML: unexpected scalar at node end)',
    ]);
    expect(parseYaml("providerType: x\nreason: *urgent\n").problems).toEqual([
      {
        code: "yaml-syntax",
        message:
          '"*urgent" is read as a YAML alias, a reference to an anchor "&urgent" that this file does not define; to write text that starts with "*", put it in quotes: reason: "*urgent" ' +
          "(YAML: unresolved alias (the anchor must be set before the alias): urgent)",
        range: { line: 2, column: 9, endLine: 2, endColumn: 16 },
      },
    ]);
  });

  it("keeps yaml's own sentence for a mistake it has no plain words for", () => {
    expect(parseYaml('reason: "open\nx: 1\n').problems.map((problem) => problem.message)).toEqual(['missing closing "quote']);
  });
});
