/**
 * `fmt` is idempotent and its check agrees with its write (docs/decisions.md,
 * "fmt and lint --fix"): over generated policies of both vendors, address
 * entries, policy tests and webhook files, each with a unique comment in
 * every position, formatting once keeps the data and every comment,
 * formatting the result changes no byte, and "would fmt change these bytes"
 * is yes exactly when the bytes fmt writes differ. The counterexamples found
 * on the way are named cases below.
 */
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { canonicalAddressEntries, canonicalJson, canonicalPolicy } from "../../src/core/canonical.js";
import { findComments } from "../../src/core/document.js";
import { formatBytes, keepComments, type FormattableKind } from "../../src/core/fmt/format-file.js";
import { anyCommentedFile } from "../helpers/commented-yaml.js";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The data as fmt may rewrite it: pull's order for policies and address entries, nothing else. */
function content(text: string, kind: FormattableKind): string {
  const data = parse(text, { version: "1.2" }) as unknown;
  return canonicalJson(kind === "policy" ? canonicalPolicy(data, { keepServerManaged: true }) : kind === "addresses" ? canonicalAddressEntries(data, { keepServerManaged: true }) : data);
}

const comments = (text: string): string[] => findComments(text).map(({ text: comment }) => comment.trim()).sort();

/** fmt once: the same data and comments; fmt again: not a byte changes, and "changed" says so. */
function assertIdempotent(text: string, kind: FormattableKind): string {
  const once = formatBytes(bytes(text), kind);
  if (!once.ok) throw new Error(`refused: ${once.reason}\n${text}`);
  expect(once.changed).toBe(once.text !== text);
  expect(content(once.text, kind)).toBe(content(text, kind));
  expect(comments(once.text)).toEqual(comments(text));
  const twice = formatBytes(bytes(once.text), kind);
  expect(twice).toEqual({ ok: true, text: once.text, changed: false });
  return once.text;
}

describe("fmt: idempotent, every comment kept, check and write agree", () => {
  it("holds over generated files with a comment in every position", () => {
    fc.assert(
      fc.property(anyCommentedFile, ({ kind, text }) => {
        assertIdempotent(text, kind);
      }),
      { numRuns: 250, seed: 22 },
    );
  });

  it("keeps a comment at the end of a rule where it is, above the blank line between rules, run after run", () => {
    const text = `providerType: vendorAWalletScreening
scope: SIGN_IN
rules:
  postScreen:
    - id: a
      action: BLOCK
      # the end of rule a

    - id: b
      action: ALERT
`;
    expect(assertIdempotent(text, "policy")).toBe(text);
  });

  it("a comment after a blank line at the end of a rule stays, with its blank line", () => {
    const text = `providerType: vendorAWalletScreening
rules:
  postScreen:
    - id: a
      action: BLOCK

      # about rule b, at the indentation of rule a

    - id: b
      action: ALERT
`;
    expect(assertIdempotent(text, "policy")).toBe(`providerType: vendorAWalletScreening
rules:
  postScreen:
    - id: a
      action: BLOCK

      # about rule b, at the indentation of rule a

    - id: b
      action: ALERT
`);
  });

  it("comments at the end of an address entry travel with it when entries are sorted; one at the next key's level goes above that key", () => {
    const text = `  # c1
entries:
  # c2
- note: []
  # c3

  # c4
- {expiresAt: "no", action: "", note: "", reason: "no", address: ""}
  # c5
providerType: vendorAWalletScreening
`;
    expect(assertIdempotent(text, "addresses")).toBe(`# c5
providerType: vendorAWalletScreening
# c1
entries:
  - address: ""
    action: ""
    reason: "no"
    expiresAt: "no"
    note: ""

  # c2
  - note: []
    # c3

    # c4
`);
  });

  it("a comment after a document written in flow style ends the document", () => {
    const text = "{providerType: vendorAWalletScreening, scope: SIGN_IN, environment: sandbox}\n  # c1\n";
    expect(assertIdempotent(text, "policy-test")).toBe("providerType: vendorAWalletScreening\nscope: SIGN_IN\nenvironment: sandbox\n\n# c1\n");
  });

  it("a trailing comment stays on its key's line, also after `key:` with a block below it", () => {
    const text = `providerType: vendorAWalletScreening
scope: SIGN_IN
rules:
  preScreen: # screened before the vendor is asked
    chains: [EVM, SOL] # the chains we serve
`;
    expect(assertIdempotent(text, "policy")).toBe(text);
  });

  it("a folded description keeps its author's lines, CRLF files too; a fold whose lines are not all one indent is written on one line", () => {
    const folded = `providerType: vendorAWalletScreening
scope: SIGN_IN
rules:
  postScreen:
    - id: a
      description: >-
        Licensed gambling operators are part
        of our customer base.
      action: ALLOW
`;
    expect(assertIdempotent(folded, "policy")).toBe(folded);
    const crlf = formatBytes(new TextEncoder().encode(folded.replaceAll("\n", "\r\n")), "policy");
    expect(crlf.ok && crlf.text).toBe(folded);
    const indented = folded.replace("        of our", "          of our");
    expect(assertIdempotent(indented, "policy")).toContain('      description: "Licensed gambling operators are part\\n  of our customer base."\n');
  });

  it("pull into a file that folds a description keeps the fold while the description is the same", () => {
    const existing = `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 2
enabled: true
rules:
  postScreen:
    - id: a
      description: >-
        Licensed gambling operators are part
        of our customer base.
      when:
        riskScore: { lte: 2 }
      action: ALLOW
`;
    const pulled = existing.replace(/>-\n\s+Licensed gambling operators are part\n\s+/, "Licensed gambling operators are part ").replace("lte: 2", "lte: 3");
    expect(keepComments(existing, pulled, "policy")).toBe(existing.replace("lte: 2", "lte: 3"));
  });

  it("the header stays first with one blank line below it; a comment directly above the first key moves with that key, its blank line too", () => {
    const text = `# yaml-language-server: $schema=x.json


# Owner: compliance.
enabled: true
providerType: vendorAWalletScreening
`;
    expect(assertIdempotent(text, "policy")).toBe(`# yaml-language-server: $schema=x.json

providerType: vendorAWalletScreening

# Owner: compliance.
enabled: true
`);
  });

  it("bytes fmt would change: a byte-order mark and CRLF line ends count; bytes that are not UTF-8 are refused", () => {
    const canonical = "providerType: vendorAWalletScreening\nscope: SIGN_IN # the scope\n";
    expect(formatBytes(bytes(canonical), "policy")).toEqual({ ok: true, text: canonical, changed: false });
    expect(formatBytes(bytes(`\ufeff${canonical}`), "policy")).toEqual({ ok: true, text: canonical, changed: true });
    expect(formatBytes(bytes(canonical.replaceAll("\n", "\r\n")), "policy")).toEqual({ ok: true, text: canonical, changed: true });
    expect(formatBytes(new Uint8Array([...bytes("scope: SIGN_IN # caf"), 0xe9, 0x0a]), "policy")).toEqual({ ok: false, reason: "file is not valid UTF-8 text; not formatted" });
  });
});
