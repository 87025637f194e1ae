import { describe, expect, it } from "vitest";
import { bodyHash } from "../../src/core/canonical.js";
import type { EnvironmentConfig } from "../../src/core/config.js";
import { formatPlanMarkdown, GITHUB_COMMENT_LIMIT } from "../../src/core/formats/plan-markdown.js";
import { formatPlanPretty } from "../../src/core/formats/plan-pretty.js";
import {
  computePlan,
  countByKind,
  hasChanges,
  parsePlan,
  summarisePolicyChange,
  type LiveRecord,
  type LocalDocument,
  type Plan,
  type PolicyPlanEntry,
} from "../../src/core/plan/index.js";

const SANDBOX: EnvironmentConfig = { name: "sandbox", id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" };
const NOW = new Date("2026-11-01T12:00:00Z");

function rules(postScreen: Array<Record<string, unknown>>, preScreen: Record<string, unknown> = { chains: ["EVM"] }) {
  return { preScreen, postScreen };
}
const BLOCK = { id: "block-high", when: { riskScore: { gte: 8 } }, action: "BLOCK" };
const ALERT = { id: "alert-mixer", when: { exposure: { category: "mixer", direction: "any", minPercent: 5 } }, action: "ALERT" };
const ALLOW = { id: "allow-gambling", when: { cluster: { category: "gambling" }, riskScore: { lte: 2 } }, action: "ALLOW" };

function localPolicy(scope: "SIGN_IN" | "TRANSACTION", content: { rules: unknown; enabled?: boolean; schemaVersion?: number }): LocalDocument {
  return {
    resource: "policy",
    path: `policies/sandbox/vendorAWalletScreening/${scope}.yaml`,
    fileSha256: `hash-of-${scope}`,
    environment: "sandbox",
    providerType: "vendorAWalletScreening",
    scope,
    data: { providerType: "vendorAWalletScreening", scope, schemaVersion: content.schemaVersion ?? 2, enabled: content.enabled ?? true, rules: content.rules },
  };
}

function livePolicy(scope: "SIGN_IN" | "TRANSACTION", revision: number, content: { rules: unknown; enabled?: boolean; schemaVersion?: number } | null): LiveRecord {
  return {
    resource: "policy",
    environment: "sandbox",
    providerType: "vendorAWalletScreening",
    scope,
    policy: content && { revision, schemaVersion: content.schemaVersion ?? 2, enabled: content.enabled ?? true, rules: content.rules, addressEntryCount: 1 },
  };
}

function plan(local: LocalDocument[], live: LiveRecord[]): Plan {
  return computePlan({ environments: [SANDBOX], local, live, policiesFolder: "policies", now: NOW, files: { a: "b" } });
}

describe("computePlan", () => {
  it("classifies each policy: create, update, unchanged, live-only", () => {
    const result = plan(
      [localPolicy("SIGN_IN", { rules: rules([BLOCK]) }), localPolicy("TRANSACTION", { rules: rules([BLOCK, ALERT]) })],
      [
        livePolicy("SIGN_IN", 4, { rules: rules([BLOCK]) }),
        livePolicy("TRANSACTION", 9, { rules: rules([BLOCK]) }),
        { resource: "policy", environment: "sandbox", providerType: "vendorBAddressScreening", scope: "SIGN_IN", policy: { revision: 2, schemaVersion: 1, enabled: true, rules: rules([]) } },
        { resource: "policy", environment: "sandbox", providerType: "vendorBAddressScreening", scope: "TRANSACTION", policy: null },
      ],
    );
    expect(result.entries.map((entry) => [entry.kind, entry.providerType, entry.resource === "policy" ? entry.scope : "addresses", entry.baseRevision])).toEqual([
      ["unchanged", "vendorAWalletScreening", "SIGN_IN", 4],
      ["update", "vendorAWalletScreening", "TRANSACTION", 9],
      ["live-only", "vendorBAddressScreening", "SIGN_IN", 2],
    ]);
    expect(countByKind(result)).toEqual({ create: 0, update: 1, unchanged: 1, "live-only": 1 });
    expect(hasChanges(result)).toBe(true);
    expect(result.formatVersion).toBe(1);
    expect(result.createdAt).toBe(NOW.toISOString());
    const liveOnly = result.entries[2]!;
    expect(liveOnly.body).toBeNull();
    expect(liveOnly.path).toBe("policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml");
  });

  it("sends revision 0 to create, and the base revision to update, with the body's hash", () => {
    const result = plan([localPolicy("SIGN_IN", { rules: rules([BLOCK]) }), localPolicy("TRANSACTION", { rules: rules([ALERT]) })], [livePolicy("TRANSACTION", 9, { rules: rules([BLOCK]) })]);
    const [create, update] = result.entries as PolicyPlanEntry[];
    expect(create!.kind).toBe("create");
    expect(create!.body).toEqual({ revision: 0, schemaVersion: 2, rules: rules([BLOCK]), enabled: true });
    expect(create!.base).toBeNull();
    expect(create!.diff).toContain("+++ policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml\tlocal");
    expect(create!.summary.text).toBe("new policy: 1 rule, enabled, schemaVersion 2");
    expect(update!.kind).toBe("update");
    expect(update!.body!.revision).toBe(9);
    expect(update!.bodySha256).toBe(bodyHash(update!.body));
    expect(update!.diff).toMatch(/^--- policies\/sandbox\/vendorAWalletScreening\/TRANSACTION.yaml\tlive revision 9\n\+\+\+ /);
    expect(update!.diff).toContain("-    - id: block-high");
    expect(update!.diff).toContain("+    - id: alert-mixer");
  });

  it("ignores comments and key order: a differently written but equal policy is unchanged", () => {
    const local = localPolicy("SIGN_IN", { rules: { postScreen: [{ action: "BLOCK", when: { riskScore: { gte: 8.0 } }, id: "block-high" }], preScreen: { chains: ["EVM"] } } });
    const result = plan([local], [livePolicy("SIGN_IN", 4, { rules: rules([BLOCK]) })]);
    expect(result.entries[0]!.kind).toBe("unchanged");
    expect(result.entries[0]!.diff).toBe("");
    expect(hasChanges(result)).toBe(false);
  });

  it("plans address entries as their own entries, and the addressEntryCount they imply", () => {
    const entries = [
      { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "treasury" },
      { address: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", chain: "BTC", action: "BLOCK", scope: "SIGN_IN", reason: "takeover" },
      { address: "bc1qexpired", chain: "BTC", action: "BLOCK", scope: "ALL", reason: "old", expiresAt: "2026-01-01" },
    ];
    const result = plan(
      [
        localPolicy("SIGN_IN", { rules: rules([BLOCK]) }),
        { resource: "addresses", path: "policies/sandbox/vendorAWalletScreening/addresses.yaml", fileSha256: "h", environment: "sandbox", providerType: "vendorAWalletScreening", data: { providerType: "vendorAWalletScreening", entries } },
      ],
      [
        livePolicy("SIGN_IN", 4, { rules: rules([BLOCK]) }),
        { resource: "addresses", environment: "sandbox", providerType: "vendorAWalletScreening", entries: { revision: 3, entries: [entries[0]] } },
      ],
    );
    const [policy, addresses] = result.entries;
    expect(policy!.resource === "policy" && policy!.addressEntryCount).toEqual({ live: 1, planned: 2 });
    expect(addresses!.resource).toBe("addresses");
    expect(addresses!.kind).toBe("update");
    expect(addresses!.baseRevision).toBe(3);
    expect(addresses!.body).toMatchObject({ revision: 3 });
    expect(addresses!.summary.text).toBe(
      "2 entries added (BLOCK BTC bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq (SIGN_IN); BLOCK BTC bc1qexpired (ALL))",
    );
  });

  it("creates address entries with revision 0 when none are live, and reports live-only entries", () => {
    const local: LocalDocument = { resource: "addresses", path: "policies/sandbox/vendorAWalletScreening/addresses.yaml", fileSha256: "h", environment: "sandbox", providerType: "vendorAWalletScreening", data: { entries: [{ address: "a", chain: "EVM", action: "BLOCK", scope: "ALL", reason: "r" }] } };
    const result = plan([local], [
      { resource: "addresses", environment: "sandbox", providerType: "vendorAWalletScreening", entries: { revision: 0, entries: [] } },
      { resource: "addresses", environment: "sandbox", providerType: "vendorBAddressScreening", entries: { revision: 2, entries: [{ address: "b", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r" }] } },
    ]);
    expect(result.entries.map((entry) => [entry.kind, entry.providerType, entry.baseRevision, entry.body?.revision])).toEqual([
      ["create", "vendorAWalletScreening", 0, 0],
      ["live-only", "vendorBAddressScreening", 2, undefined],
    ]);
  });
});

describe("summarisePolicyChange", () => {
  const content = (postScreen: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) => ({ schemaVersion: 2, enabled: true, rules: rules(postScreen), ...extra });

  it("names rules added, removed, modified, moved, actions changed, enabled flipped and preScreen changes", () => {
    const LAST = { id: "alert-last", when: { riskScore: { gte: 5 } }, action: "ALERT" };
    const before = content([BLOCK, ALERT, ALLOW, LAST]);
    const after = {
      schemaVersion: 1,
      enabled: false,
      rules: rules([LAST, { ...BLOCK, action: "ALERT" }, ALLOW, { id: "new-rule", when: {}, action: "ALERT" }], { chains: ["EVM", "SOL"], minAmountUsd: 10 }),
    };
    const summary = summarisePolicyChange(before, after);
    expect(summary.rulesAdded).toEqual(["new-rule"]);
    expect(summary.rulesRemoved).toEqual(["alert-mixer"]);
    expect(summary.rulesModified).toEqual(["block-high"]);
    expect(summary.actionsChanged).toEqual([{ id: "block-high", from: "BLOCK", to: "ALERT" }]);
    // Of block-high, allow-gambling, alert-last, the one that moved is alert-last (to the top).
    expect(summary.rulesReordered).toEqual(["alert-last"]);
    expect(summary.enabledChanged).toEqual({ from: true, to: false });
    expect(summary.schemaVersionChanged).toEqual({ from: 2, to: 1 });
    expect(summary.preScreenChanged).toEqual(["chains", "minAmountUsd"]);
    expect(summary.text).toBe(
      "DISABLED (enabled true -> false); schemaVersion 2 -> 1; preScreen changed (chains, minAmountUsd); 1 rule added (new-rule); 1 rule removed (alert-mixer); block-high: action BLOCK -> ALERT; 1 rule moved (alert-last): order decides the first match",
    );
  });

  it("says no changes when there are none", () => {
    expect(summarisePolicyChange(content([BLOCK]), content([BLOCK])).text).toBe("no changes");
  });
});

describe("parsePlan", () => {
  const made = plan([localPolicy("SIGN_IN", { rules: rules([BLOCK]) })], []);

  it("reads back what computePlan wrote", () => {
    const parsed = parsePlan(JSON.stringify(made));
    expect(parsed).toEqual({ ok: true, plan: made });
  });

  it("refuses a body edited after the plan was made", () => {
    const edited = JSON.parse(JSON.stringify(made)) as any;
    edited.entries[0].body.enabled = false;
    expect(parsePlan(JSON.stringify(edited))).toEqual({
      ok: false,
      reason: "entries[0]: sandbox/vendorAWalletScreening/SIGN_IN: the body does not match its recorded hash (the plan was edited after it was made)",
    });
  });

  it("refuses a body whose revision is not the base revision, another format version, and non-JSON", () => {
    const edited = JSON.parse(JSON.stringify(made)) as any;
    edited.entries[0].body.revision = 7;
    expect(parsePlan(JSON.stringify(edited)).ok).toBe(false);
    expect(parsePlan(JSON.stringify({ ...made, formatVersion: 2 }))).toMatchObject({ ok: false, reason: expect.stringContaining("formatVersion is 2") });
    expect(parsePlan("{")).toEqual({ ok: false, reason: "it is not JSON" });
  });
});

describe("plan formats", () => {
  const bigRules = (n: number) => rules(Array.from({ length: n }, (_, i) => ({ id: `rule-${i}`, description: `d${i} `.repeat(20), when: { riskScore: { gte: i % 10 } }, action: "ALERT" })));

  it("pretty: one headline per policy with the live revision, the summary, the diff; colour only when asked", () => {
    const result = plan([localPolicy("SIGN_IN", { rules: rules([BLOCK]) }), localPolicy("TRANSACTION", { rules: rules([ALERT]) })], [livePolicy("TRANSACTION", 9, { rules: rules([BLOCK]) })]);
    const text = formatPlanPretty(result, { color: false });
    expect(text).toContain("+ create    sandbox/vendorAWalletScreening/SIGN_IN      not live yet");
    expect(text).toContain("~ update    sandbox/vendorAWalletScreening/TRANSACTION  live revision 9");
    expect(text).toContain("Plan: 1 to create, 1 to update, 0 unchanged, 0 live-only.");
    expect(text).not.toContain("\x1b[");
    expect(formatPlanPretty(result, { color: true })).toContain("\x1b[32m+    - id: alert-mixer\x1b[0m");
  });

  it("markdown: a summary table and collapsible diffs", () => {
    const result = plan([localPolicy("TRANSACTION", { rules: rules([ALERT]) })], [livePolicy("TRANSACTION", 9, { rules: rules([BLOCK]) }), livePolicy("SIGN_IN", 2, { rules: rules([]) })]);
    const text = formatPlanMarkdown(result);
    expect(text).toContain("| | Policy | Live revision | Change |");
    expect(text).toContain("| ✏️ update | `sandbox/vendorAWalletScreening/TRANSACTION` | 9 | 1 rule added (alert-mixer); 1 rule removed (block-high) |");
    expect(text).toContain("| ⚠️ live-only | `sandbox/vendorAWalletScreening/SIGN_IN` | 2 |");
    expect(text).toContain("<details><summary><code>sandbox/vendorAWalletScreening/TRANSACTION</code>: update (live revision 9)</summary>");
    expect(text).toContain("```diff\n--- policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml\tlive revision 9");
    expect(text).not.toContain("truncated");
  });

  it("markdown: stays within GitHub's comment limit, with a clear note", () => {
    const environments = Array.from({ length: 30 }, (_, i): EnvironmentConfig => ({ name: `env-${i}`, id: `3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d${String(i).padStart(4, "0")}`, kind: "sandbox" }));
    const local: LocalDocument[] = environments.map((environment) => ({
      resource: "policy",
      path: `policies/${environment.name}/vendorAWalletScreening/SIGN_IN.yaml`,
      fileSha256: "h",
      environment: environment.name,
      providerType: "vendorAWalletScreening",
      scope: "SIGN_IN",
      data: { providerType: "vendorAWalletScreening", scope: "SIGN_IN", schemaVersion: 2, enabled: true, rules: bigRules(40) },
    }));
    const big = computePlan({ environments, local, live: [], policiesFolder: "policies" });
    expect(big.entries.map((entry) => entry.diff).join("").length).toBeGreaterThan(GITHUB_COMMENT_LIMIT * 2);
    const text = formatPlanMarkdown(big);
    expect(text.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(text).toMatch(/This comment is truncated: \d+ of 30 diffs are not shown, to stay within GitHub's 65,535-character limit/);
    expect(text.split("<details>").length - 1).toBe(text.split("</details>").length - 1);
    // Every row is still there: the table is small.
    expect(text.split("\n").filter((line) => line.startsWith("| ➕ create")).length).toBe(30);
    const tiny = formatPlanMarkdown(big, { limit: 3_000 });
    expect(tiny.length).toBeLessThanOrEqual(3_000);
    expect(tiny).toContain("more rows not shown");
  });

  it("markdown: a diff holding backticks cannot break out of its code block", () => {
    const result = plan([localPolicy("SIGN_IN", { rules: rules([{ ...BLOCK, description: "see ```sh\nrm -rf``` and </details>" }]) })], []);
    const text = formatPlanMarkdown(result);
    expect(text).toContain("````diff\n");
    expect(text.match(/<\/details>/g)!.length).toBe(1 + 1);
  });
});
