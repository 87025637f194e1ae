/**
 * A secret cut short for one line (cli/table.ts, remote/redact.ts toOneLine
 * end a cut with "…") leaves its first characters, which no whole form
 * matches; the redactor still finds them.
 */
import { describe, expect, it } from "vitest";
import { createSecretRedactor, ELLIPSIS, REDACTED } from "../../src/core/secret-redactor.js";
import { toOneLine } from "../../src/remote/redact.js";
import { printable } from "../../src/cli/table.js";

const token = "spt_Cut/Short+Token=value_5678";
const redactor = createSecretRedactor([token]);

describe("a secret cut short by an ellipsis", () => {
  it.each([
    ["a table cell", printable(`${"x".repeat(180)} ${token} tail`)],
    ["a one-line message", toOneLine(`${"x".repeat(280)} ${token} tail`)],
    ["its base64 form in a table cell", printable(`${"x".repeat(170)} ${Buffer.from(`u:${token}`).toString("base64")}`)],
  ])("is redacted in %s, ellipsis kept", (_where, text) => {
    expect(text.endsWith(ELLIPSIS)).toBe(true);
    expect(redactor.contains(text)).toBe(true);
    const redacted = redactor.redact(text);
    expect(redacted.endsWith(`${REDACTED}${ELLIPSIS}`)).toBe(true);
    expect(redacted).not.toContain(token.slice(0, 8));
    expect(redactor.contains(redacted)).toBe(false);
  });

  it("leaves a short cut (a public prefix) and an ellipsis after other text alone", () => {
    for (const text of [`see ${token.slice(0, 7)}${ELLIPSIS}`, `GET environment 3f0c${ELLIPSIS}`, `${ELLIPSIS}${token.slice(0, 12)}`]) {
      expect(redactor.contains(text)).toBe(false);
      expect(redactor.redact(text)).toBe(text);
    }
  });

  it("redacts each of several cuts, and whole forms beside them", () => {
    const text = `a ${token.slice(0, 10)}${ELLIPSIS} b ${token} c ${encodeURIComponent(token).slice(0, 14)}${ELLIPSIS}`;
    expect(redactor.redact(text)).toBe(`a ${REDACTED}${ELLIPSIS} b ${REDACTED} c ${REDACTED}${ELLIPSIS}`);
  });
});

describe("a secret escaped for a Markdown comment", () => {
  it("is redacted HTML-escaped and with its pipes escaped", () => {
    const secret = "spt_a&b<c>d|e\"f_0123";
    const markdown = createSecretRedactor([secret]);
    const html = secret.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    for (const form of [html, html.replace(/\|/g, "\\|"), html.replace(/"/g, "&quot;")]) {
      expect(markdown.redact(`| ${form} |`)).toBe(`| ${REDACTED} |`);
    }
  });
});
