/**
 * fmt and pull keep every comment attached to what it was on
 * (docs/decisions.md, "fmt and lint --fix"): over generated files of every
 * kind fmt rewrites (test/helpers/commented- yaml.ts: both vendors, address
 * entries, policy tests, webhooks, a unique comment above and at the end of
 * every line, at the end of blocks), each comment's owner is read before and
 * after by the rules README "screenpol fmt" states
 * (test/helpers/comment-owners.ts), and must be the same key, item or block,
 * or its nearest ancestor the canonical form writes on a line of its own (a
 * list of scalars becomes `[a, b]`); or fmt refuses the file in one line.
 * The same for pull's merge into an existing file, with the live content
 * equal to the file's data or with one rule or entry changed. A blank line
 * above a comment stays too.
 */
import fc from "fast-check";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { canonicalAddressEntries, canonicalJson, canonicalPolicy, renderAddressEntriesYaml, renderPolicyYaml } from "../../src/core/canonical.js";
import { isRecord } from "../../src/core/config.js";
import { formatBytes, keepComments, type FormattableKind } from "../../src/core/fmt/format-file.js";
import { anyCommentedFile } from "../helpers/commented-yaml.js";
import { expectCommentsAttached } from "../helpers/comment-owners.js";

/** fmt's answer: the formatted text, or a refusal in one line. */
function formatted(text: string, kind: FormattableKind): string | undefined {
  const outcome = formatBytes(new TextEncoder().encode(text), kind);
  if (outcome.ok) return outcome.text;
  expect(outcome.reason).toMatch(/^[^\n]+; not formatted( \(move it next to a key\))?$/);
  return undefined;
}

const pulledKinds = anyCommentedFile.filter((file): file is { kind: "policy" | "addresses"; text: string } => file.kind === "policy" || file.kind === "addresses");

/** The live copy pull would write for a file holding `data`, with the `nth` rule's action (or entry's reason) changed when `change`. */
function liveText(kind: "policy" | "addresses", data: Record<string, unknown>, change: boolean, nth: number): string {
  const live = structuredClone(kind === "policy" ? canonicalPolicy(data) : canonicalAddressEntries(data)) as Record<string, unknown>;
  if (change) {
    const list = kind === "policy" ? (isRecord(live.rules) ? live.rules.postScreen : undefined) : live.entries;
    // Pull matches rules by id and entries by (chain, address, scope): a rule without an id that changes is another rule.
    const items = Array.isArray(list) ? list.filter((item) => isRecord(item) && (kind === "addresses" || typeof item.id === "string")) as Record<string, unknown>[] : [];
    const item = items[nth % Math.max(1, items.length)];
    if (item && kind === "policy") item.action = item.action === "BLOCK" ? "ALERT" : "BLOCK";
    if (item && kind === "addresses") item.reason = `${String(item.reason)} (changed)`;
  }
  const options = { schema: "https://screenpol.dev/schemas/x.schema.json", header: ["as pulled"] };
  return kind === "policy" ? renderPolicyYaml(live, options) : renderAddressEntriesYaml(live, options);
}

describe("every comment stays attached to its key, item or block", () => {
  it("through fmt, over generated files of every kind with a comment in every position", () => {
    fc.assert(
      fc.property(anyCommentedFile, ({ kind, text }) => {
        const out = formatted(text, kind);
        if (out !== undefined) expectCommentsAttached(text, out, kind);
      }),
      { numRuns: 250, seed: 23 },
    );
  });

  it("through pull's merge into an existing file, the live copy equal to the file's data or with one rule or entry changed", () => {
    fc.assert(
      fc.property(pulledKinds, fc.boolean(), fc.nat(), ({ kind, text }, change, nth) => {
        const data = parse(text, { version: "1.2" }) as Record<string, unknown>;
        const pulled = liveText(kind, data, change, nth);
        const merged = keepComments(text, pulled, kind);
        // The live content, exactly; the file's comments, each where it was.
        expect(canonicalJson(parse(merged, { version: "1.2" }))).toBe(canonicalJson(parse(pulled, { version: "1.2" })));
        expectCommentsAttached(text, merged, kind);
      }),
      { numRuns: 250, seed: 23 },
    );
  });

  it("pull: a rule without an id keeps its comments when another rule changes, whatever order the file wrote its keys in", () => {
    const existing = `providerType: vendorBAddressScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true
rules:
  postScreen:
    # Written before rules had ids; kept by hand.
    - action: BLOCK # the only block
      when:
        riskLevel: { atLeast: SEVERE }
    - id: alert-high
      when:
        riskLevel: { atLeast: HIGH }
      action: ALERT
`;
    const live = (parse(existing) as { rules: { postScreen: Record<string, unknown>[] } });
    live.rules.postScreen[1]!.action = "BLOCK";
    expect(keepComments(existing, renderPolicyYaml(live, { header: ["as pulled"] }), "policy")).toBe(`providerType: vendorBAddressScreening
scope: SIGN_IN
schemaVersion: 1
enabled: true
rules:
  postScreen:
    # Written before rules had ids; kept by hand.
    - when:
        riskLevel: { atLeast: SEVERE }
      action: BLOCK # the only block

    - id: alert-high
      when:
        riskLevel: { atLeast: HIGH }
      action: BLOCK
`);
  });

  it("fmt: a comment after a list item's dash alone on its line stays with that item when entries are sorted", () => {
    const text = `providerType: vendorAWalletScreening
entries:
  - # Treasury: reviewed every quarter.
    chain: EVM
    address: "0x293cCC84a99fcbD790367AeDf45495e35A9833AB"
    action: ALLOW
    scope: ALL
  -
    # A drainer (INC-2291).
    address: "0x052d4B5c1B5A2e39c7C7f9a1D84b7e0A8c7F5b2E"
    chain: EVM
    action: BLOCK
    scope: ALL
`;
    const canonical = `providerType: vendorAWalletScreening
entries:
  # A drainer (INC-2291).
  - address: "0x052d4B5c1B5A2e39c7C7f9a1D84b7e0A8c7F5b2E"
    chain: EVM
    action: BLOCK
    scope: ALL

  - address: "0x293cCC84a99fcbD790367AeDf45495e35A9833AB" # Treasury: reviewed every quarter.
    chain: EVM
    action: ALLOW
    scope: ALL
`;
    expect(formatBytes(new TextEncoder().encode(text), "addresses")).toEqual({ ok: true, text: canonical, changed: true });
    expect(formatBytes(new TextEncoder().encode(canonical), "addresses")).toEqual({ ok: true, text: canonical, changed: false });
  });

  it("fmt: an address entry's comment stays with it when its chain is not a string, whatever order the file wrote the chain's keys in", () => {
    const text = `providerType: vendorAWalletScreening
entries:
  - address: "0x2"
    chain: EVM
  # the odd one
  - address: "0x1"
    chain: {network: 1, family: EVM}
`;
    expect(formatBytes(new TextEncoder().encode(text), "addresses")).toEqual({
      ok: true,
      changed: true,
      text: `providerType: vendorAWalletScreening
entries:
  - address: "0x2"
    chain: EVM

  # the odd one
  - address: "0x1"
    chain:
      family: EVM
      network: 1
`,
    });
  });

  it("fmt: a comment line between a key and its value on the next line stays with that key, not the next one", () => {
    const text = `providerType: vendorAWalletScreening
scope: SIGN_IN
enabled:
  # on since the 2026-09 review
  true
schemaVersion: 2
`;
    expect(formatBytes(new TextEncoder().encode(text), "policy")).toEqual({
      ok: true,
      changed: true,
      text: `providerType: vendorAWalletScreening
scope: SIGN_IN
schemaVersion: 2
# on since the 2026-09 review
enabled: true
`,
    });
  });
});
