/**
 * The redactor is linear in the text and the secrets: a secret of any length
 * is found in any text without exhausting V8 (the redactor was one regular
 * expression built from every form, and a secret of about 2,500 characters
 * killed the process with "RegExpCompiler Allocation failed"). And it finds
 * at least what that regular expression found, in every uniformly escaped
 * text: the expression is kept here as the oracle for short secrets.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { createSecretRedactor, ELLIPSIS, REDACTED } from "../../src/core/secret-redactor.js";

/** A secret of `length` characters of visible ASCII, the escapable ones included; the same for the same seed. */
function secretOf(length: number, seed: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~+/="&<>|';
  let state = seed;
  let secret = "";
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    secret += alphabet[state % alphabet.length];
  }
  return secret;
}

const html = (text: string): string => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const json = (text: string): string => JSON.stringify(text).slice(1, -1);

describe("secrets of any length", () => {
  it.each([
    ["1 KiB", 1024],
    ["10 KiB", 10 * 1024],
    ["100 KiB", 100 * 1024],
    ["2 MB", 2 * 1024 * 1024],
  ])("a %s secret is redacted in every form from a text of several MB", { timeout: 60_000 }, (_size, length) => {
    const secret = secretOf(length, length);
    const redactor = createSecretRedactor([secret]);
    const filler = "ordinary output line, nothing secret in it\n".repeat(Math.ceil(1_000_000 / 43));
    const forms = [
      secret,
      encodeURIComponent(secret),
      json(json(secret)).replace(/\//g, "\\/"),
      html(secret),
      Buffer.from(`user:${secret}`).toString("base64"),
      Buffer.from(`{"t":"${secret}"}`).toString("base64url"),
    ];
    const cut = `${secret.slice(0, Math.floor(length / 2))}${ELLIPSIS}`;
    const text = [filler, ...forms, cut, filler].join("\n");

    expect(redactor.contains(text)).toBe(true);
    const redacted = redactor.redact(text);
    expect(redactor.contains(redacted)).toBe(false);
    // No form keeps a 16-character run of the secret; each form is one mark; the filler is untouched.
    for (const start of [0, Math.floor(length / 2), length - 16]) expect(redacted).not.toContain(secret.slice(start, start + 16));
    expect(redacted.split(REDACTED).length - 1).toBe(forms.length + 1);
    expect(redacted.startsWith(filler)).toBe(true);
    expect(redacted.endsWith(filler)).toBe(true);
    expect(redacted).toContain(`\n${REDACTED}${ELLIPSIS}\n`);
  });

  it("builds a redactor of several 2 MB secrets and scans a 10 MB text that holds none of them", { timeout: 60_000 }, () => {
    const secrets = [1, 2, 3].map((seed) => secretOf(2 * 1024 * 1024, seed));
    const redactor = createSecretRedactor(secrets);
    // Every character of the alphabet and many ellipses, so that prefixes are tried everywhere.
    const text = `${secretOf(4096, 99)}${ELLIPSIS}\\&amp;\n`.repeat(2400);
    expect(redactor.redact(text)).toBe(text);
    expect(redactor.contains(text)).toBe(false);
  });

  it("redacts a secret that repeats itself, in a text made of it, whole", () => {
    const secret = "ab".repeat(50_000);
    const redactor = createSecretRedactor([secret]);
    expect(redactor.redact(`x ${"ab".repeat(1_000_000)} y`)).toBe(`x ${REDACTED} y`);
    expect(redactor.redact(`x ${"ab".repeat(40_000)}${ELLIPSIS}`)).toBe(`x ${REDACTED}${ELLIPSIS}`);
  });
});

describe("the linear redactor against the regular expression it replaced", () => {
  const alphabet = ["a", "b", "Z", "0", "\\", "&", ";", '"', "<", ">", "q", "u", "o", "t", "m", "p", "l", "g", "/", "|", " ", "é"];
  const escapings: Record<string, (text: string) => string> = {
    json,
    jsonWithSlashes: (text) => json(text).replace(/\//g, "\\/"),
    html,
    htmlKeepingQuotes: (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
    markdownCell: (text) => text.replace(/\|/g, "\\|"),
  };
  const embeddings: Record<string, (secret: string) => string> = {
    raw: (secret) => secret,
    percent: (secret) => encodeURIComponent(secret),
    json,
    base64: (secret) => Buffer.from(`u:${secret}`).toString("base64"),
    base64url: (secret) => Buffer.from(`{"t":"${secret}"}`).toString("base64url"),
  };
  const cutAt = (text: string, at: number): string => `${text.slice(0, at % (text.length + 1))}${ELLIPSIS}`;

  it("finds everything the regular expression found, and leaves nothing it would find, in uniformly escaped text", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...alphabet), { minLength: 4, maxLength: 14 }).map((units) => units.join("")),
        fc.array(fc.constantFrom(...alphabet, ELLIPSIS), { maxLength: 8 }).map((units) => units.join("")),
        fc.array(fc.constantFrom(...alphabet, ELLIPSIS), { maxLength: 8 }).map((units) => units.join("")),
        fc.constantFrom(...Object.keys(embeddings)),
        fc.array(fc.constantFrom(...Object.keys(escapings)), { maxLength: 3 }),
        fc.option(fc.record({ at: fc.nat(), afterEscaping: fc.boolean() }), { nil: undefined }),
        (secret, before, after, embedding, layers, cut) => {
          let text = `${before}${embeddings[embedding]!(secret)}${after}`;
          if (cut !== undefined && !cut.afterEscaping) text = cutAt(text, cut.at);
          for (const layer of layers) text = escapings[layer]!(text);
          if (cut !== undefined && cut.afterEscaping) text = cutAt(text, cut.at);
          const linear = createSecretRedactor([secret]);
          const oracle = regularExpressionRedactor(secret);
          if (oracle.test(text)) expect(linear.contains(text)).toBe(true);
          expect(oracle.test(linear.redact(text))).toBe(false);
        },
      ),
      { numRuns: 3000, seed: 22 },
    );
  }, 120_000);
});

/**
 * The previous redactor's one regular expression (its whole and cut patterns
 * over the same forms), for secrets short enough to compile; only its skip of
 * a split escape before an ellipsis is narrowed, as said there.
 */
function regularExpressionRedactor(secret: string): { test(text: string): boolean } {
  const forms = [...new Set(previousFormsOf(secret))].sort((a, b) => b.length - a.length);
  const unit = (character: string, first: boolean): string => {
    const backslashes = first ? "" : "\\\\*";
    switch (character) {
      case "\\":
        return "\\\\+";
      case '"':
        return `${backslashes}(?:"|&quot;)`;
      case "&":
        return "&(?:amp;)*";
      case "<":
        return "(?:<|&lt;)";
      case ">":
        return "(?:>|&gt;)";
      default:
        return `${backslashes}${character.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    }
  };
  const units = (form: string): string[] => [...Array(form.length).keys()].map((index) => unit(form[index]!, index === 0));
  const whole = forms.map((form) => units(form).join(""));
  const cut = forms
    .filter((form) => form.length > 8)
    .map((form) => {
      const all = units(form);
      const optional = all.slice(8, -1).reduceRight((rest, next) => `(?:${next}${rest})?`, "");
      // A split escape has no `;`: the previous skip also took the tail of a whole entity, so an entity's
      // letters counted as the secret's (`&amp;aaaaa&amp;…` as 8 characters of `&aaaaa&aaa`).
      return `${all.slice(0, 8).join("")}${optional}[^\\s${ELLIPSIS};]{0,5}(?=${ELLIPSIS})`;
    });
  const pattern = new RegExp([...whole, ...cut].join("|"));
  return { test: (text) => pattern.test(text) };
}

function previousFormsOf(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, "+")];
  const escaped = JSON.stringify(secret).slice(1, -1);
  forms.push(escaped, escaped.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  const bytes = Buffer.from(secret, "utf8");
  for (let offset = 0; offset < 3; offset++) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const inner = encoded.slice(Math.ceil((offset * 4) / 3), Math.floor(((offset + bytes.length) * 4) / 3));
    if (inner.length < 8) continue;
    forms.push(inner, inner.replace(/\+/g, "-").replace(/\//g, "_"));
  }
  return forms.filter((form) => form.length >= 4);
}
