/**
 * The vocabulary of the weakening check (verdict.ts) and a transition in one
 * line (describe.ts), in process: which transitions weaken, which verdicts
 * the guards refuse, the order transitions are reported in whichever engine
 * found them, and the words of an example.
 */
import { describe, expect, it } from "vitest";
import type { DecisionSubject, RuleDocument, ScopedScreening } from "../../../../src/core/semantics/index.js";
import { describeExample, describeTransition } from "../../../../src/core/semantics/weakening/describe.js";
import type { Transition, Verdict } from "../../../../src/core/semantics/weakening/model.js";
import { completePair, inDecisionOrder, isRefusedWeakening, isWeakening, verdictOf } from "../../../../src/core/semantics/weakening/verdict.js";

const rule = (id: string, action: RuleDocument["action"]): RuleDocument => ({ id, when: { riskScore: { gte: 1 } }, action });
const subject = (postScreen: RuleDocument[]): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  policy: { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 1, enabled: true, rules: { preScreen: {}, postScreen } },
});
const example: ScopedScreening = { scope: "TRANSACTION", chain: "EVM", address: "0x00000000000000000000000000000000000000aa" };
const move = (from: string, to: string): Transition => {
  const [fromAction, fromBy] = from.split(" ") as [Transition["from"]["action"], string];
  const [toAction, toBy] = to.split(" ") as [Transition["to"]["action"], string];
  return { from: { action: fromAction, by: fromBy }, to: { action: toAction, by: toBy }, example };
};

describe("isWeakening: the action less strict (ALLOW < ALERT < BLOCK)", () => {
  it("down is a weakening; up, and the same action by another rule, are not", () => {
    expect(isWeakening(move("BLOCK block-a", "ALERT alert-b"))).toBe(true);
    expect(isWeakening(move("ALERT alert-b", "ALLOW terminal-allow"))).toBe(true);
    expect(isWeakening(move("ALLOW terminal-allow", "BLOCK block-a"))).toBe(false);
    expect(isWeakening(move("ALERT alert-b", "ALERT alert-c"))).toBe(false);
  });
});

describe("isRefusedWeakening: what --deny-weakening and push refuse", () => {
  it("weaker, mixed and unknown, whatever the transitions; equivalent and stricter not", () => {
    const refused = (verdict: Verdict, transitions: Transition[] = []) => isRefusedWeakening({ verdict, transitions });
    expect(["weaker", "mixed", "unknown"].map((verdict) => refused(verdict as Verdict))).toEqual([true, true, true]);
    expect(["equivalent", "stricter", "added", "removed"].map((verdict) => refused(verdict as Verdict))).toEqual([false, false, false, false]);
    expect(refused("stricter", [move("ALLOW terminal-allow", "BLOCK block-a")])).toBe(false);
  });

  it("a policy removed or added is refused when one of its transitions weakens", () => {
    expect(isRefusedWeakening({ verdict: "removed", transitions: [move("ALLOW terminal-allow", "ALERT alert-b"), move("BLOCK block-a", "ALLOW policy-disabled")] })).toBe(true);
    expect(isRefusedWeakening({ verdict: "added", transitions: [move("ALLOW policy-disabled", "BLOCK block-a")] })).toBe(false);
  });
});

describe("verdictOf and completePair", () => {
  it("added or removed by the policy files, else by the directions", () => {
    const [some, none] = [subject([]), { providerType: "vendorAWalletScreening", scope: "TRANSACTION" } as DecisionSubject];
    expect(verdictOf(none, some, true, true)).toBe("added");
    expect(verdictOf(some, none, false, false)).toBe("removed");
    expect([verdictOf(some, some, true, true), verdictOf(some, some, true, false), verdictOf(some, some, false, true), verdictOf(some, some, false, false)]).toEqual(["mixed", "weaker", "stricter", "equivalent"]);
  });

  it("a missing side is the same vendor and scope with nothing; both missing is no pair", () => {
    const some = subject([rule("block-a", "BLOCK")]);
    expect(completePair(some, undefined)).toEqual({ base: some, head: { providerType: "vendorAWalletScreening", scope: "TRANSACTION" } });
    expect(completePair(undefined, some)).toEqual({ base: { providerType: "vendorAWalletScreening", scope: "TRANSACTION" }, head: some });
    expect(completePair(undefined, undefined)).toBeUndefined();
  });
});

describe("inDecisionOrder: weakenings first, then where base decides, then where head decides", () => {
  const base = subject([rule("block-a", "BLOCK"), rule("alert-b", "ALERT"), rule("block-a", "ALERT"), rule("alert-c", "ALERT")]);
  const head = subject([rule("alert-c", "ALERT"), rule("block-a", "BLOCK")]);

  it("the steps in decide()'s order before the rules, the rules in each policy's order (an id's first rule), terminal ALLOW last", () => {
    const shuffled = [
      move("ALLOW terminal-allow", "BLOCK block-a"),
      move("ALLOW terminal-allow", "ALERT alert-c"),
      move("ALERT alert-c", "BLOCK block-a"),
      move("ALLOW pre-screen", "BLOCK block-a"),
      move("ALLOW policy-disabled", "BLOCK block-a"),
      move("ALERT alert-b", "BLOCK block-a"),
      move("ALLOW address-entry", "BLOCK block-a"),
      move("BLOCK sanctions-floor", "BLOCK block-a"),
      move("BLOCK block-a", "ALLOW terminal-allow"),
      move("ALERT alert-c", "ALLOW pre-screen"),
      move("ALERT alert-b", "ALLOW terminal-allow"),
      move("BLOCK block-a", "ALERT alert-c"),
    ];
    expect(inDecisionOrder(base, head, shuffled).map((transition) => `${transition.from.by} -> ${transition.to.by}`)).toEqual([
      // The weakenings, by base's place then head's.
      "block-a -> alert-c",
      "block-a -> terminal-allow",
      "alert-b -> terminal-allow",
      "alert-c -> pre-screen",
      // The rest.
      "sanctions-floor -> block-a",
      "address-entry -> block-a",
      "policy-disabled -> block-a",
      "pre-screen -> block-a",
      "alert-b -> block-a",
      "alert-c -> block-a",
      "terminal-allow -> alert-c",
      "terminal-allow -> block-a",
    ]);
  });

  it("the order of the input does not matter", () => {
    const transitions = [move("ALLOW terminal-allow", "BLOCK block-a"), move("ALERT alert-b", "BLOCK block-a"), move("ALLOW terminal-allow", "ALERT alert-c")];
    const order = (list: Transition[]) => inDecisionOrder(base, head, list).map((transition) => `${transition.from.by} -> ${transition.to.by}`);
    expect(order([...transitions].reverse())).toEqual(order(transitions));
    expect(order(transitions)).toEqual(["alert-b -> block-a", "terminal-allow -> alert-c", "terminal-allow -> block-a"]);
  });
});

describe("describeTransition and describeExample", () => {
  it("a rule change with every signal the example has, in the layout's order", () => {
    const transition: Transition = {
      ...move("BLOCK block-a", "ALERT alert-b"),
      example: {
        scope: "TRANSACTION",
        chain: "EVM",
        address: "0x00000000000000000000000000000000000000aa",
        transfer: { amountUsd: 250 },
        signals: { riskScore: 8, exposures: [{ category: "mixer", direction: "direct", percent: 20 }], cluster: { category: "gambling" } },
      },
    };
    expect(describeTransition(transition)).toBe("BLOCK (block-a) -> ALERT (alert-b) when amountUsd = 250, riskScore = 8, exposure mixer direct = 20%, cluster = gambling");
  });

  it("vendorB's signals", () => {
    const example: ScopedScreening = {
      scope: "SIGN_IN",
      chain: "EVM",
      address: "0x00000000000000000000000000000000000000aa",
      signals: { riskLevel: "high", indicators: [{ category: "fraud_shop", riskType: "ownership", volumeUsd: 800 }], entity: { category: "gambling" } },
    };
    expect(describeExample({ ...move("BLOCK block-a", "ALLOW terminal-allow"), example })).toBe("when riskLevel = high, indicator fraud_shop ownership = 800 USD, entity = gambling");
  });

  it("an address entry names the address; a preScreen gate the chain and the token (native when none); no signal said so", () => {
    const bare: ScopedScreening = { scope: "TRANSACTION", chain: "SOL", address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" };
    expect(describeExample({ ...move("BLOCK block-a", "ALLOW address-entry"), example: bare })).toBe("when address 9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM on SOL");
    expect(describeExample({ ...move("BLOCK block-a", "ALLOW pre-screen"), example: bare })).toBe("when chain SOL, token native");
    const token = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
    expect(describeExample({ ...move("ALLOW pre-screen", "BLOCK block-a"), example: { ...bare, chain: "EVM", transfer: { amountUsd: 99, token } } })).toBe(
      "when chain EVM, amountUsd = 99, token EVM:1:0xdac17f958d2ee523a2206206994597c13d831ec7",
    );
    // SIGN_IN has no transfer: no token said.
    expect(describeExample({ ...move("BLOCK block-a", "ALLOW pre-screen"), example: { ...bare, scope: "SIGN_IN" } })).toBe("when chain SOL");
    expect(describeExample({ ...move("BLOCK block-a", "ALLOW terminal-allow"), example: bare })).toBe("when the vendor returns no signal");
  });
});
