import { describe, expect, it } from "vitest";
import { formatCodePage } from "../../../src/core/formats/code-page.js";

const ESC = "\x1b";

describe("formatCodePage", () => {
  it("keeps a fenced block byte for byte: a YAML comment is no heading, a marker or link in it stays", () => {
    const page = ["# `schema`: Schema violation", "", "```yaml", "# a YAML comment, not a heading", "<!-- kept -->", "see: [x](schema.md)", "```", ""].join("\n");
    expect(formatCodePage(page, { color: true })).toBe(
      [`${ESC}[1m# \`schema\`: Schema violation${ESC}[0m`, "", "```yaml", "# a YAML comment, not a heading", "<!-- kept -->", "see: [x](schema.md)", "```", ""].join("\n"),
    );
  });

  it("drops marker lines without leaving two blank lines, and words each kind of link for a terminal", () => {
    const page = [
      "Text.",
      "",
      "<!-- fixture-examples: fail-a pass-b -->",
      "",
      "See [`duplicate-key`](duplicate-key.md), [the other rule](shadowed-rule.md), [a file](../../test/fixtures/x/), [a site](https://example.com/a) and [nothing](nothing.md).",
      "<!-- /fixture-examples -->",
      "",
      "[All codes](README.md)",
    ].join("\r\n");
    expect(formatCodePage(page, { color: false })).toBe(
      [
        "Text.",
        "",
        "See `duplicate-key`, the other rule (`screenpol explain shadowed-rule`), a file, a site (https://example.com/a) and nothing.",
        "",
        "All codes: `screenpol explain`",
        "",
      ].join("\n"),
    );
  });
});
