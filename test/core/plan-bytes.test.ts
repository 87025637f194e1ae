/**
 * A plan's diffs and summaries, pinned to the byte on one environment where
 * everything happens at once: a policy created, a policy updated (disabled,
 * preScreen members changed, rules added, removed, modified, an action
 * changed, a rule moved, a multi-line description), address entries added,
 * removed and changed. Reviewers read these bytes in a terminal and in a pull
 * request: a change here is a change of what they see.
 */
import { describe, expect, it } from "vitest";
import { computePlan, type Plan } from "../../src/core/plan/index.js";

const lines = (...text: string[]): string => `${text.join("\n")}\n`;

const V = "vendorAWalletScreening" as const;
const rule = (id: string, action: string, extra: Record<string, unknown> = {}) => ({ id, when: { riskScore: { gte: 5 } }, action, ...extra });
const LIVE_RULES = {
  preScreen: { chains: ["EVM", "SOL"], minAmountUsd: 250 },
  postScreen: [rule("a", "BLOCK"), rule("b", "ALERT"), rule("c", "ALERT"), rule("d", "ALLOW"), rule("e", "ALERT", { description: "old" })],
};
const LOCAL_RULES = {
  preScreen: { chains: ["EVM"], minAmountUsd: 250, exposureDepth: 2 },
  postScreen: [rule("c", "ALERT"), rule("a", "BLOCK"), rule("b", "BLOCK"), rule("e", "ALERT", { description: "new\nmulti-line" }), rule("f", "ALLOW")],
};

function everythingAtOnce(): Plan {
  return computePlan({
    environments: [{ name: "sandbox", id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" }],
    policiesFolder: "policies",
    now: new Date("2026-11-01T12:00:00Z"),
    local: [
      { resource: "policy", path: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", fileSha256: "h1", environment: "sandbox", providerType: V, scope: "TRANSACTION", data: { providerType: V, scope: "TRANSACTION", schemaVersion: 2, enabled: false, rules: LOCAL_RULES } },
      { resource: "policy", path: "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml", fileSha256: "h2", environment: "sandbox", providerType: V, scope: "SIGN_IN", data: { providerType: V, scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: { postScreen: [rule("only", "BLOCK")] } } },
      {
        resource: "addresses",
        path: "policies/sandbox/vendorAWalletScreening/addresses.yaml",
        fileSha256: "h3",
        environment: "sandbox",
        providerType: V,
        data: { providerType: V, entries: [{ address: "0xabc", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "new reason" }, { address: "bc1q", chain: "BTC", action: "ALLOW", scope: "SIGN_IN" }] },
      },
    ],
    live: [
      { resource: "policy", environment: "sandbox", providerType: V, scope: "TRANSACTION", policy: { revision: 7, schemaVersion: 2, enabled: true, rules: LIVE_RULES, addressEntryCount: 1 } },
      { resource: "policy", environment: "sandbox", providerType: V, scope: "SIGN_IN", policy: null },
      {
        resource: "addresses",
        environment: "sandbox",
        providerType: V,
        entries: { revision: 3, entries: [{ address: "0xabc", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "old reason" }, { address: "0xdef", chain: "EVM", action: "ALLOW", scope: "ALL" }] },
      },
    ],
  });
}

describe("plan diffs and summaries, byte for byte", () => {
  const [create, update, addresses] = everythingAtOnce().entries;

  it("a created policy: the whole canonical file, added", () => {
    expect(create!.kind).toBe("create");
    expect(create!.summary.text).toBe("new policy: 1 rule, enabled, schemaVersion 2");
    expect(create!.diff).toBe(
      lines(
        "--- policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml\tnot live",
        "+++ policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml\tlocal",
        "@@ -0,0 +1,10 @@",
        "+providerType: vendorAWalletScreening",
        "+scope: SIGN_IN",
        "+schemaVersion: 2",
        "+enabled: true",
        "+rules:",
        "+  postScreen:",
        "+    - id: only",
        "+      when:",
        "+        riskScore: { gte: 5 }",
        "+      action: BLOCK",
      ),
    );
  });

  it("an updated policy: every kind of change in one summary line, and the diff against the live revision", () => {
    expect(update!.kind).toBe("update");
    expect(update!.summary).toEqual({
      text: "DISABLED (enabled true -> false); preScreen changed (chains, exposureDepth); 1 rule added (f); 1 rule removed (d); b: action ALERT -> BLOCK; 1 rule modified (e); 1 rule moved (c): order decides the first match",
      rulesAdded: ["f"],
      rulesRemoved: ["d"],
      rulesModified: ["b", "e"],
      rulesReordered: ["c"],
      actionsChanged: [{ id: "b", from: "ALERT", to: "BLOCK" }],
      preScreenChanged: ["chains", "exposureDepth"],
      enabledChanged: { from: true, to: false },
    });
    expect(update!.diff).toBe(
      lines(
        "--- policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml\tlive revision 7",
        "+++ policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml\tlocal",
        "@@ -1,12 +1,18 @@",
        " providerType: vendorAWalletScreening",
        " scope: TRANSACTION",
        " schemaVersion: 2",
        "-enabled: true",
        "+enabled: false",
        " rules:",
        "   preScreen:",
        "-    chains: [EVM, SOL]",
        "+    chains: [EVM]",
        "     minAmountUsd: 250",
        "+    exposureDepth: 2",
        "   postScreen:",
        "+    - id: c",
        "+      when:",
        "+        riskScore: { gte: 5 }",
        "+      action: ALERT",
        "+",
        "     - id: a",
        "       when:",
        "         riskScore: { gte: 5 }",
        "@@ -15,20 +21,15 @@",
        "     - id: b",
        "       when:",
        "         riskScore: { gte: 5 }",
        "-      action: ALERT",
        "+      action: BLOCK",
        " ",
        "-    - id: c",
        "+    - id: e",
        '+      description: "new\\nmulti-line"',
        "       when:",
        "         riskScore: { gte: 5 }",
        "       action: ALERT",
        " ",
        "-    - id: d",
        "+    - id: f",
        "       when:",
        "         riskScore: { gte: 5 }",
        "       action: ALLOW",
        "-",
        "-    - id: e",
        "-      description: old",
        "-      when:",
        "-        riskScore: { gte: 5 }",
        "-      action: ALERT",
      ),
    );
  });

  it("address entries: added, removed and changed, identified by (chain, address, scope)", () => {
    expect(addresses!.kind).toBe("update");
    expect(addresses!.summary.text).toBe("1 entry added (ALLOW BTC bc1q (SIGN_IN)); 1 entry removed (ALLOW EVM 0xdef (ALL)); 1 entry changed (BLOCK EVM 0xabc (ALL))");
    expect(addresses!.diff).toBe(
      lines(
        "--- policies/sandbox/vendorAWalletScreening/addresses.yaml\tlive revision 3",
        "+++ policies/sandbox/vendorAWalletScreening/addresses.yaml\tlocal",
        "@@ -1,12 +1,12 @@",
        " providerType: vendorAWalletScreening",
        " entries:",
        '+  - address: "bc1q"',
        "+    chain: BTC",
        "+    action: ALLOW",
        "+    scope: SIGN_IN",
        "+",
        '   - address: "0xabc"',
        "     chain: EVM",
        "     action: BLOCK",
        "     scope: ALL",
        '-    reason: "old reason"',
        "-",
        '-  - address: "0xdef"',
        "-    chain: EVM",
        "-    action: ALLOW",
        "-    scope: ALL",
        '+    reason: "new reason"',
      ),
    );
  });
});
