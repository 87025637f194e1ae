/**
 * The reviewer's lines and the JSON view of a reachability answer
 * (src/core/formats/reachability.ts), on answers written out by hand: the
 * formatter is pure, the engines are tested in test/app/reachability-*.
 */
import { describe, expect, it } from "vitest";
import { reachabilityJson, reachabilityLines } from "../../../src/core/formats/reachability.js";
import type { SubjectReachability } from "../../../src/core/semantics/weakening/model.js";

const example = { scope: "TRANSACTION" as const, chain: "OTHER", address: "unlisted-address-1", signals: { cluster: { category: "exchange" } } };
const locate = ({ index }: { index: number }) => `policies/sandbox/vendor-a.transaction.yaml:${12 + 4 * index}:5`;

const answer: SubjectReachability = {
  rules: [
    { id: "allow-partners", index: 0, action: "ALLOW", status: "reachable", example },
    { id: "alert-mixers", index: 1, action: "ALERT", status: "unreachable", takers: [{ action: "ALLOW", by: "allow-partners", example }], lessStrict: true },
    {
      id: "block-exchange",
      index: 2,
      action: "BLOCK",
      status: "unreachable",
      takers: [
        { action: "BLOCK", by: "block-score", example },
        { action: "ALLOW", by: "allow-partners", example },
      ],
      lessStrict: false,
    },
    { id: "never", index: 3, action: "BLOCK", status: "unreachable", takers: [], lessStrict: false },
    { id: "catch-all", index: 4, action: "ALERT", status: "reachable", example },
    { id: "after", index: 5, action: "BLOCK", status: "unreachable", takers: [{ action: "ALERT", by: "catch-all", example }], lessStrict: true, afterCatchAll: "catch-all" },
  ],
};

describe("reachabilityLines", () => {
  it("says per unreached rule who takes its matches, the less strict ones marked, and nothing of reachable rules or those below a catch-all", () => {
    expect(reachabilityLines(answer, { locate })).toEqual([
      "rule alert-mixers (policies/sandbox/vendor-a.transaction.yaml:16:5) is never reached: every screening it matches is decided earlier by allow-partners (ALLOW, less strict)",
      "rule block-exchange (policies/sandbox/vendor-a.transaction.yaml:20:5) is never reached: every screening it matches is decided earlier by block-score (BLOCK) and allow-partners (ALLOW, less strict)",
      "rule never (policies/sandbox/vendor-a.transaction.yaml:24:5) is never reached: no screening matches its conditions",
    ]);
  });

  it("lists the rules below a catch-all when asked, and names a rule by its position without a locator", () => {
    expect(reachabilityLines(answer, { includeCatchAll: true }).at(-1)).toBe(
      "rule after (rules.postScreen[5]) is never reached: every screening it matches is decided earlier by catch-all (ALERT, less strict) (below catch-all, which matches every screening)",
    );
  });

  it("says a disabled policy in one line, not once per rule", () => {
    const disabled: SubjectReachability = {
      rules: [
        { id: "a", index: 0, action: "ALLOW", status: "unreachable", takers: [{ action: "ALLOW", by: "policy-disabled", example }], lessStrict: false },
        { id: "b", index: 1, action: "BLOCK", status: "unreachable", takers: [{ action: "ALLOW", by: "policy-disabled", example }], lessStrict: true },
      ],
    };
    expect(reachabilityLines(disabled)).toEqual(["the policy is disabled (enabled: false): none of its 2 rules is reached; every screening is allowed (policy-disabled)"]);
  });

  it("says which rules were not decided within the bound, and why", () => {
    const cut: SubjectReachability = {
      rules: [
        { id: "a", index: 0, action: "ALLOW", status: "reachable", example },
        { id: "b", index: 1, action: "BLOCK", status: "unknown" },
      ],
      reason: "not decided within the time limit of 10000 ms per policy (z3: timeout)",
    };
    expect(reachabilityLines(cut)).toEqual(["reachability of rule b not decided: not decided within the time limit of 10000 ms per policy (z3: timeout)"]);
  });
});

describe("reachabilityJson", () => {
  it("keeps every answer, the catch-all case included, with locations and examples", () => {
    const json = reachabilityJson(answer, { locate });
    expect(json.rules.map((rule) => [rule.id, rule.status])).toEqual([
      ["allow-partners", "reachable"],
      ["alert-mixers", "unreachable"],
      ["block-exchange", "unreachable"],
      ["never", "unreachable"],
      ["catch-all", "reachable"],
      ["after", "unreachable"],
    ]);
    expect(json.rules[1]).toEqual({
      id: "alert-mixers",
      index: 1,
      action: "ALERT",
      location: "policies/sandbox/vendor-a.transaction.yaml:16:5",
      status: "unreachable",
      takers: [{ action: "ALLOW", by: "allow-partners", example }],
      lessStrict: true,
      afterCatchAll: null,
    });
    expect(json.rules[5]!.afterCatchAll).toBe("catch-all");
    expect(json.rules[0]).toEqual({ id: "allow-partners", index: 0, action: "ALLOW", location: "policies/sandbox/vendor-a.transaction.yaml:12:5", status: "reachable", example });
    expect("reason" in json).toBe(false);
  });
});

describe("compare's markdown comment", () => {
  it("lists head's unreached rules under their own heading, after the weakenings and before the other policies", async () => {
    const { formatCompareMarkdown } = await import("../../../src/core/formats/compare.js");
    const policy = { environment: "sandbox", providerType: "vendorAWalletScreening" as const, scope: "TRANSACTION" as const, verdict: "stricter" as const, transitions: [], reachability: answer, rulePlaces: answer.rules.map(locate) };
    const lines = formatCompareMarkdown([policy], { base: "main (abc1234)", head: "working tree" }, { deny: false }).split("\n");
    const heading = lines.indexOf("#### Rules of head no screening reaches");
    expect(heading).toBeGreaterThan(0);
    expect(lines[heading + 2]).toBe(
      "- sandbox/vendorAWalletScreening/TRANSACTION: rule alert-mixers (policies/sandbox/vendor-a.transaction.yaml:16:5) is never reached: every screening it matches is decided earlier by allow-partners (ALLOW, less strict)",
    );
    expect(lines.indexOf("#### Other changed policies")).toBeGreaterThan(heading);
  });
});
