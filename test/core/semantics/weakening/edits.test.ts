/**
 * The edits between two versions and the head with some taken back
 * (edits.ts), in process: each edit taken back alone leaves exactly the
 * others; all taken back decide as base (the same decisive content); none
 * taken back is head; and the keys that group transitions by cause.
 */
import { describe, expect, it } from "vitest";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, RuleDocument } from "../../../../src/core/semantics/index.js";
import { decisiveContent } from "../../../../src/core/semantics/weakening/decisive-content.js";
import { editKey, editsBetween, takeBack, type Edit } from "../../../../src/core/semantics/weakening/edits.js";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const rule = (id: string, gte: number, action: RuleDocument["action"] = "ALERT"): RuleDocument => ({ id, when: { riskScore: { gte } }, action });
const entry = (address: string, action: AddressEntryDocument["action"], chain = "EVM"): AddressEntryDocument => ({ address, chain, action, scope: "ALL", reason: "r" });

function subject(postScreen: RuleDocument[], options: { preScreen?: PolicyDocument["rules"]["preScreen"]; enabled?: boolean; entries?: AddressEntryDocument[] } = {}): DecisionSubject {
  return {
    providerType: "vendorAWalletScreening",
    scope: "TRANSACTION",
    policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 1, enabled: options.enabled ?? true, rules: { preScreen: options.preScreen ?? {}, postScreen } },
    addressEntries: options.entries ?? [],
  };
}

const base = subject([rule("a", 9, "BLOCK"), rule("b", 7), rule("c", 5), rule("d", 3)], {
  preScreen: { minAmountUsd: 100, chains: ["EVM"] },
  entries: [entry("0x00000000000000000000000000000000000000aa", "ALLOW"), entry("0x00000000000000000000000000000000000000bb", "BLOCK")],
});
const head = subject([rule("c", 5), rule("a", 9, "BLOCK"), rule("b", 8), rule("e", 1)], {
  preScreen: { minAmountUsd: 250 },
  enabled: false,
  entries: [entry("0x00000000000000000000000000000000000000AA", "BLOCK"), entry("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", "ALLOW", "SOL")],
});
/** An edit's key, an address key's separator made a space. */
const keyOf = (edit: Edit) => editKey(edit).replaceAll("\u0000", " ");
const keys = (from: DecisionSubject, to: DecisionSubject) => editsBetween(from, to).map(keyOf);

describe("editsBetween and editKey", () => {
  it("every edit, in a reviewer's order, each with its key", () => {
    expect(keys(base, head)).toEqual([
      "enabled",
      "pre-screen chains",
      "pre-screen minAmountUsd",
      "rule-moved c",
      "rule-modified b",
      "rule-added e",
      "rule-removed d",
      "address-entry EVM 0x00000000000000000000000000000000000000aa",
      // Head's addresses first, then those only base has.
      "address-entry SOL 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM",
      "address-entry EVM 0x00000000000000000000000000000000000000bb",
    ]);
  });

  it("the policy added or removed is one edit, whatever else differs", () => {
    const none: DecisionSubject = { providerType: "vendorAWalletScreening", scope: "TRANSACTION" };
    expect(keys(none, head).slice(0, 1)).toEqual(["policy-added"]);
    expect(keys(base, none).slice(0, 1)).toEqual(["policy-removed"]);
    expect(keys(none, none)).toEqual([]);
    expect(keys(base, base)).toEqual([]);
  });

  it("tokens compared as a set, in any case; an absent field against a set one", () => {
    const token = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
    const upper = { ...token, contractAddress: `0x${token.contractAddress.slice(2).toUpperCase()}` };
    expect(keys(subject([], { preScreen: { tokens: [token, token] } }), subject([], { preScreen: { tokens: [upper] } }))).toEqual([]);
    expect(keys(subject([]), subject([], { preScreen: { tokens: [] } }))).toEqual(["pre-screen tokens"]);
    const other = { chain: "EVM", networkId: 137, contractAddress: "0x2791bca1f2de4661ed88a30c99a7a9449aa84174" };
    expect(keys(subject([], { preScreen: { tokens: [token, other] } }), subject([], { preScreen: { tokens: [other, token] } }))).toEqual([]);
  });
});

describe("takeBack", () => {
  const edits = editsBetween(base, head);

  it("nothing taken back is head; everything taken back decides as base", () => {
    expect(decisiveContent(takeBack(base, head, edits, []), NOW)).toBe(decisiveContent(head, NOW));
    expect(decisiveContent(takeBack(base, head, edits, edits), NOW)).toBe(decisiveContent(base, NOW));
  });

  it("each edit taken back alone leaves exactly the others", () => {
    for (const edit of edits) {
      const left = keys(base, takeBack(base, head, edits, [edit]));
      expect(left, keyOf(edit)).toEqual(edits.filter((other) => other !== edit).map(keyOf));
    }
  });

  it("every edit but one taken back leaves that one", () => {
    for (const edit of edits) {
      const left = keys(base, takeBack(base, head, edits, edits.filter((other) => other !== edit)));
      expect(left, keyOf(edit)).toEqual([keyOf(edit)]);
    }
  });

  it("a policy added or removed taken back is base's policy, the entries as taken", () => {
    const none: DecisionSubject = { providerType: "vendorAWalletScreening", scope: "TRANSACTION", addressEntries: [] };
    const added = editsBetween(none, head);
    expect(takeBack(none, head, added, added.slice(0, 1)).policy).toBeUndefined();
    const removed = editsBetween(base, none);
    expect(takeBack(base, none, removed, removed.slice(0, 1)).policy).toEqual(base.policy);
    expect(decisiveContent(takeBack(base, none, removed, removed), NOW)).toBe(decisiveContent(base, NOW));
    // An added policy kept, an entry taken back: head's policy, base's entries for that address.
    const withEntries: DecisionSubject = { ...none, addressEntries: [entry("0x00000000000000000000000000000000000000aa", "ALLOW")] };
    const both = editsBetween(withEntries, head);
    const entriesOnly = both.filter((edit) => edit.kind === "address-entry");
    const kept = takeBack(withEntries, head, both, entriesOnly);
    expect(kept.policy).toEqual(head.policy);
    expect(keys(withEntries, kept)).toEqual(["policy-added"]);
  });
});
