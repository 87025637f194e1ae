import { describe, expect, it } from "vitest";
import type { EnvironmentConfig } from "../../src/core/config.js";
import { formatPlanMarkdown } from "../../src/core/formats/plan-markdown.js";
import { formatPlanPretty } from "../../src/core/formats/plan-pretty.js";
import { computePlan, describeScopeEntriesChange, scopeEntriesChange, unchangedCounts, type LiveRecord, type LocalDocument, type Plan, type PolicyPlanEntry } from "../../src/core/plan/index.js";

const SANDBOX: EnvironmentConfig = { name: "sandbox", id: "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01", kind: "sandbox" };
const VENDOR = "vendorAWalletScreening";
const RULES = { preScreen: { chains: ["EVM"] }, postScreen: [{ id: "block-high", when: { riskScore: { gte: 8 } }, action: "BLOCK" }] };

const entry = (address: string, scope: string, action = "BLOCK") => ({ address, chain: "EVM", action, scope, reason: "r" });

function planOf(liveEntries: unknown[], localEntries: unknown[]): Plan {
  const local: LocalDocument[] = (["SIGN_IN", "TRANSACTION"] as const).map((scope) => ({
    resource: "policy",
    path: `policies/sandbox/${VENDOR}/${scope}.yaml`,
    fileSha256: scope,
    environment: "sandbox",
    providerType: VENDOR,
    scope,
    data: { providerType: VENDOR, scope, schemaVersion: 2, enabled: true, rules: RULES },
  }));
  local.push({ resource: "addresses", path: `policies/sandbox/${VENDOR}/addresses.yaml`, fileSha256: "a", environment: "sandbox", providerType: VENDOR, data: { providerType: VENDOR, entries: localEntries } });
  const live: LiveRecord[] = (["SIGN_IN", "TRANSACTION"] as const).map((scope, index) => ({
    resource: "policy",
    environment: "sandbox",
    providerType: VENDOR,
    scope,
    policy: { revision: 4 + index, schemaVersion: 2, enabled: true, rules: RULES, addressEntryCount: 1 },
  }));
  live.push({ resource: "addresses", environment: "sandbox", providerType: VENDOR, entries: { revision: 3, entries: liveEntries } });
  return computePlan({ environments: [SANDBOX], local, live, policiesFolder: "policies" });
}

const policy = (plan: Plan, scope: string) => plan.entries.find((e): e is PolicyPlanEntry => e.resource === "policy" && e.scope === scope)!;

describe("what address entries do to each scope's unchanged policy", () => {
  it("counts an entry for ALL in both scopes and a narrowed one only in its own", () => {
    const plan = planOf([], [entry("0xa", "ALL"), entry("0xb", "TRANSACTION")]);
    expect(scopeEntriesChange(plan, policy(plan, "SIGN_IN"))).toEqual({ added: 1, removed: 0, changed: 0 });
    expect(scopeEntriesChange(plan, policy(plan, "TRANSACTION"))).toEqual({ added: 2, removed: 0, changed: 0 });
    expect(unchangedCounts(plan)).toEqual({ unchanged: 0, affected: 2 });
  });

  it("says a replacement that keeps the count the same, which a count alone hides", () => {
    const plan = planOf([entry("0xa", "SIGN_IN"), entry("0xc", "SIGN_IN", "ALLOW")], [entry("0xb", "SIGN_IN"), entry("0xc", "SIGN_IN", "BLOCK")]);
    const change = scopeEntriesChange(plan, policy(plan, "SIGN_IN"))!;
    expect(describeScopeEntriesChange(change)).toBe("address entries changed: +1, -1 and 1 changed for this scope");
    // TRANSACTION's entries did not move: it is plainly unchanged.
    expect(scopeEntriesChange(plan, policy(plan, "TRANSACTION"))).toBeUndefined();
    expect(unchangedCounts(plan)).toEqual({ unchanged: 1, affected: 1 });
  });

  it("renders the affected policy in words, and the rest as one count line", () => {
    const plan = planOf([entry("0xa", "SIGN_IN")], [entry("0xa", "SIGN_IN"), entry("0xb", "SIGN_IN")]);
    const text = formatPlanPretty(plan, { color: false, diffs: false, unchangedHint: "--show-unchanged lists them" });
    expect(text).toBe(
      [
        "screenpol plan: sandbox (sandbox)",
        "",
        "~ affected  sandbox/vendorAWalletScreening/SIGN_IN    live revision 4\n    address entries changed: +1 for this scope",
        "",
        "~ update    sandbox/vendorAWalletScreening/addresses  live revision 3\n    1 entry added (BLOCK EVM 0xb (SIGN_IN))",
        "",
        "= 1 unchanged (--show-unchanged lists them)",
        "",
        "Plan: 0 to create, 1 to update, 1 affected by address entries, 1 unchanged, 0 live-only. Run `screenpol push` to apply.",
        "",
      ].join("\n"),
    );
    expect(formatPlanPretty(plan, { color: false, unchanged: "omit" })).not.toContain("= 1 unchanged");
    expect(formatPlanPretty(plan, { color: false, unchanged: "list" })).toContain("= unchanged sandbox/vendorAWalletScreening/TRANSACTION  live revision 5\n    no changes\n");
    const markdown = formatPlanMarkdown(plan);
    expect(markdown).toContain("| 🔗 affected | `sandbox/vendorAWalletScreening/SIGN_IN` | 4 | address entries changed: +1 for this scope |\n");
    expect(markdown).not.toContain("TRANSACTION");
    expect(formatPlanMarkdown(plan, { showUnchanged: true })).toContain("| ✔️ unchanged | `sandbox/vendorAWalletScreening/TRANSACTION` | 5 | no changes |\n");
  });
});
