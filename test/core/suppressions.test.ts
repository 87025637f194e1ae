/**
 * Suppression comments (suppressions.ts) on one file's findings, in-process: what
 * `lint` counts, what it lists as suppressed with the file's reason, and the exact
 * line, columns and sentence of every finding about a suppression. The CLI's view
 * of the same (exit codes, formats) is test/cli/suppressions.test.ts; these are the
 * cases the mutation run (docs/testing.md) found no in-process test of.
 */
import { describe, expect, it } from "vitest";
import type { Code, Diagnostic } from "../../src/core/diagnostic.js";
import { applySuppressions } from "../../src/core/suppressions.js";

const FILE = "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml";

/** A finding of `code` at the start of `line` (1-based), as a check reports it. */
function finding(code: Code, line: number, severity: Diagnostic["severity"] = "warning"): Diagnostic {
  return { file: FILE, line, column: 5, endLine: line, endColumn: 9, severity, code, message: `${code} on line ${line}`, path: "rules.postScreen[1].id" };
}

/** A finding about the suppression comment on `line`, from `column` to just past its last character. */
function aboutComment(code: "invalid-suppression" | "unused-suppression", line: number, column: number, endColumn: number, message: string): Diagnostic {
  return { file: FILE, line, column, endLine: line, endColumn, severity: code === "invalid-suppression" ? "error" : "warning", code, message, path: "" };
}

/** Lines 1..n of a policy-like file, the comment on `commentLine` (1-based). */
function textWith(comment: string, commentLine = 2, lines = 5): string {
  return Array.from({ length: lines }, (_, index) => (index + 1 === commentLine ? `  ${comment}` : `key${index + 1}: value`)).join("\n") + "\n";
}

describe("a file without suppression comments", () => {
  it("keeps every finding, in order, and suppresses none", () => {
    const found = [finding("unreachable-rule", 3), finding("schema", 1, "error")];
    const result = applySuppressions(FILE, "key: value # an ordinary comment\n", found);
    expect(result).toEqual({ diagnostics: found, suppressed: [] });
    // A copy: the caller's array is not the result's.
    expect(result.diagnostics).not.toBe(found);
  });
});

describe("a suppression with a reason", () => {
  it("hides the finding of its code on the next line, which the result lists with the reason", () => {
    const unreachable = finding("unreachable-rule", 3);
    const result = applySuppressions(FILE, textWith("# screenpol-disable-next-line unreachable-rule -- kept for the Q3 audit trail (COMP-1201)"), [unreachable]);
    expect(result).toEqual({ diagnostics: [], suppressed: [{ ...unreachable, justification: "kept for the Q3 audit trail (COMP-1201)" }] });
  });

  it("keeps a ` -- ` inside its reason, and drops the spaces around the reason", () => {
    const unreachable = finding("unreachable-rule", 3);
    const result = applySuppressions(FILE, textWith("# screenpol-disable-next-line unreachable-rule --   kept -- see COMP-1201   "), [unreachable]);
    expect(result.suppressed.map((d) => d.justification)).toEqual(["kept -- see COMP-1201"]);
  });

  it("may be written without a space after the `#`, and may name several codes, a trailing comma included", () => {
    const found = [finding("unreachable-rule", 3), finding("shadowed-rule", 3, "error")];
    const result = applySuppressions(FILE, textWith("#screenpol-disable-next-line unreachable-rule, shadowed-rule, -- both kept"), found);
    expect(result.diagnostics).toEqual([]);
    expect(result.suppressed.map((d) => d.code)).toEqual(["unreachable-rule", "shadowed-rule"]);
  });

  it("hides an error-level finding of a suppressible code (raised by the config's severity)", () => {
    const raised = finding("unreachable-rule", 3, "error");
    const result = applySuppressions(FILE, textWith("# screenpol-disable-next-line unreachable-rule -- kept"), [raised]);
    expect(result).toEqual({ diagnostics: [], suppressed: [{ ...raised, justification: "kept" }] });
  });

  it("leaves a finding of another code on its line, and its own code two lines down, and says it matched nothing", () => {
    const otherCode = finding("shadowed-rule", 3, "error");
    const twoLinesDown = finding("unreachable-rule", 4);
    const comment = "# screenpol-disable-next-line unreachable-rule -- kept";
    const result = applySuppressions(FILE, textWith(comment), [otherCode, twoLinesDown]);
    expect(result).toEqual({
      diagnostics: [
        otherCode,
        twoLinesDown,
        aboutComment("unused-suppression", 2, 3, 3 + comment.length, "the suppression of unreachable-rule matches no finding on line 3; remove it, so that it cannot hide the next one"),
      ],
      suppressed: [],
    });
  });

  it("for the whole file hides its codes on any line, and when unused says so of the file", () => {
    const found = [finding("unreachable-rule", 1), finding("unreachable-rule", 5)];
    const used = applySuppressions(FILE, textWith("# screenpol-disable-file unreachable-rule -- archive copy", 3), found);
    expect(used.diagnostics).toEqual([]);
    expect(used.suppressed.map((d) => d.line)).toEqual([1, 5]);

    const comment = "# screenpol-disable-file shadowed-rule -- archive copy";
    const unused = applySuppressions(FILE, textWith(comment, 3), found);
    expect(unused.diagnostics).toEqual([
      ...found,
      aboutComment("unused-suppression", 3, 3, 3 + comment.length, "the suppression of shadowed-rule matches no finding in this file; remove it, so that it cannot hide the next one"),
    ]);
  });

  it("ends at its last character: trailing spaces are not part of the finding about it", () => {
    const comment = "# screenpol-disable-next-line unreachable-rule -- kept";
    const result = applySuppressions(FILE, textWith(`${comment}      `), []);
    expect(result.diagnostics.map((d) => [d.line, d.column, d.endColumn])).toEqual([[2, 3, 3 + comment.length]]);
  });
});

describe("a comment that is not a suppression", () => {
  it("quoting one after other words, or with a second `#`, suppresses nothing and is not reported", () => {
    const unreachable = finding("unreachable-rule", 3);
    for (const comment of ["# see: # screenpol-disable-next-line unreachable-rule -- kept", "## screenpol-disable-next-line unreachable-rule -- kept"]) {
      expect(applySuppressions(FILE, textWith(comment), [unreachable]), comment).toEqual({ diagnostics: [unreachable], suppressed: [] });
    }
  });
});

describe("a suppression that cannot be honoured suppresses nothing, and says why at the comment", () => {
  const unreachable = finding("unreachable-rule", 3);
  const invalid = (comment: string, found: Diagnostic[] = [unreachable]) => {
    const result = applySuppressions(FILE, textWith(comment), found);
    expect(result.suppressed).toEqual([]);
    return result.diagnostics;
  };

  it("names no code", () => {
    const comment = "# screenpol-disable-next-line -- kept";
    expect(invalid(comment)).toEqual([
      unreachable,
      aboutComment("invalid-suppression", 2, 3, 3 + comment.length, "screenpol-disable-next-line names no code: write `# screenpol-disable-next-line CODE -- reason`"),
    ]);
    const file = "# screenpol-disable-file";
    expect(invalid(file)).toEqual([unreachable, aboutComment("invalid-suppression", 2, 3, 3 + file.length, "screenpol-disable-file names no code: write `# screenpol-disable-file CODE -- reason`")]);
  });

  it("gives no reason", () => {
    const comment = "# screenpol-disable-next-line unreachable-rule, shadowed-rule";
    expect(invalid(comment)).toEqual([
      unreachable,
      aboutComment(
        "invalid-suppression",
        2,
        3,
        3 + comment.length,
        "the suppression of unreachable-rule, shadowed-rule gives no reason: write `-- why` after the codes (a reviewer reads it); it suppresses nothing",
      ),
    ]);
  });

  it("ends in the separator with no reason after it, with or without a space after the `--`", () => {
    for (const comment of ["# screenpol-disable-next-line unreachable-rule --", "# screenpol-disable-next-line unreachable-rule -- "]) {
      expect(invalid(comment), comment).toEqual([
        unreachable,
        aboutComment(
          "invalid-suppression",
          2,
          3,
          3 + comment.trimEnd().length,
          "the suppression of unreachable-rule gives no reason: write `-- why` after the codes (a reviewer reads it); it suppresses nothing",
        ),
      ]);
    }
  });

  it("writes `--` against a word in its codes: that is no separator, the codes go on to the first ` -- `", () => {
    const comment = "# screenpol-disable-next-line unreachable-rule --kept -- for the audit";
    expect(invalid(comment)).toEqual([
      unreachable,
      aboutComment("invalid-suppression", 2, 3, 3 + comment.length, "unreachable-rule --kept is not a screenpol code; `screenpol explain` lists the codes"),
    ]);
  });

  it("names a code screenpol does not have, with the nearest one when there is one", () => {
    const misspelt = "# screenpol-disable-next-line unreachable-rul -- kept";
    expect(invalid(misspelt)).toEqual([
      unreachable,
      aboutComment("invalid-suppression", 2, 3, 3 + misspelt.length, "unreachable-rul is not a screenpol code (did you mean unreachable-rule?); `screenpol explain` lists the codes"),
    ]);
    const unknown = "# screenpol-disable-next-line no-such-thing-at-all -- kept";
    expect(invalid(unknown)).toEqual([unreachable, aboutComment("invalid-suppression", 2, 3, 3 + unknown.length, "no-such-thing-at-all is not a screenpol code; `screenpol explain` lists the codes")]);
  });

  it("names a compliance finding, which stays", () => {
    const floor = finding("sanctions-floor", 3, "error");
    const comment = "# screenpol-disable-next-line sanctions-floor -- the auditors agreed";
    expect(invalid(comment, [floor])).toEqual([
      floor,
      aboutComment("invalid-suppression", 2, 3, 3 + comment.length, "sanctions-floor is a compliance finding (attempt to express the sanctions floor) and cannot be suppressed: fix the policy"),
    ]);
  });

  it("names a finding of a file that has no meaning yet, which stays", () => {
    const syntax = finding("yaml-syntax", 3, "error");
    const comment = "# screenpol-disable-next-line yaml-syntax -- generated";
    expect(invalid(comment, [syntax])).toEqual([
      syntax,
      aboutComment(
        "invalid-suppression",
        2,
        3,
        3 + comment.length,
        "yaml-syntax cannot be suppressed: a file that does not parse, validate and name one policy has no meaning to accept (invalid yaml); fix the file",
      ),
    ]);
  });

  it.each(["invalid-suppression", "unused-suppression"])("names %s, a finding about suppressions, which one could otherwise hide itself with", (code) => {
    const comment = `# screenpol-disable-next-line ${code} -- stale`;
    expect(invalid(comment, [])).toEqual([aboutComment("invalid-suppression", 2, 3, 3 + comment.length, `${code} cannot be suppressed: remove or fix the suppression it reports`)]);
  });

  it("would hide a too-many-findings error, which stands for errors no suppression has seen: the finding stays", () => {
    const tooMany = finding("too-many-findings", 3, "error");
    const comment = "# screenpol-disable-next-line too-many-findings -- generated file";
    expect(invalid(comment, [tooMany])).toEqual([
      tooMany,
      aboutComment(
        "invalid-suppression",
        2,
        3,
        3 + comment.length,
        "too-many-findings cannot be suppressed where it stands for errors: no suppression has seen them, and one may be a structural or compliance finding; fix the findings shown and lint again",
      ),
    ]);
  });
});
