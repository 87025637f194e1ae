/**
 * The decisive content of a subject (weakening/decisive-content.ts): equal
 * for versions that differ only in what no step of the decision reads, so
 * that the weakening check may answer `equivalent` without a solver; and
 * different for each kind of change that can move a decision. The property
 * holds it to decide(): equal content, the same action for every screening.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide, type AddressEntryDocument, type DecisionSubject, type PolicyDocument, type RuleDocument } from "../../../../src/core/semantics/index.js";
import { decisiveContent } from "../../../../src/core/semantics/weakening/decisive-content.js";
import { NOW, screening } from "../../../helpers/screening-arbitraries.js";
import { versions } from "../../../helpers/version-pairs.js";

const blockScore: RuleDocument = { id: "block-high-score", description: "scores from 7", when: { riskScore: { gte: 7 } }, action: "BLOCK" };
const alertMixers: RuleDocument = { id: "alert-mixers", when: { exposure: { category: "mixer", direction: "any", minPercent: 10 }, riskScore: { lte: 9 } }, action: "ALERT" };
const entry: AddressEntryDocument = { address: "0x52908400098527886E0F7030069857D2E4169EE7", chain: "EVM", action: "ALLOW", scope: "ALL", reason: "known customer" };

function policy(postScreen: RuleDocument[], preScreen: PolicyDocument["rules"]["preScreen"] = {}, enabled = true): PolicyDocument {
  return { providerType: "vendorAWalletScreening", scope: "TRANSACTION", schemaVersion: 2, enabled, rules: { preScreen, postScreen } };
}
const subject = (document: PolicyDocument | undefined, addressEntries: AddressEntryDocument[] = []): DecisionSubject => ({
  providerType: "vendorAWalletScreening",
  scope: "TRANSACTION",
  ...(document ? { policy: document } : {}),
  addressEntries,
});
const content = (one: DecisionSubject) => decisiveContent(one, NOW);
const usdc = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48" };

describe("decisiveContent", () => {
  const base = subject(policy([blockScore, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100 }), [entry]);

  it("is the same when only ids, descriptions, key order, reasons, set order and address case change", () => {
    const renamed = subject(
      policy(
        [
          { action: "BLOCK", when: { riskScore: { gte: 7 } }, id: "block-scores-from-7", description: "new words" },
          { ...alertMixers, id: "alert-any-mixer", when: { riskScore: { lte: 9 }, exposure: { minPercent: 10, direction: "any", category: "mixer" } } },
        ],
        { minAmountUsd: 100, chains: ["SOL", "EVM"], exposureDepth: 3 },
      ),
      [{ ...entry, address: entry.address.toLowerCase(), reason: "another reason" }],
    );
    expect(content(renamed)).toBe(content(base));
  });

  it("leaves out entries of the other scope and entries expired at the clock", () => {
    const unused: AddressEntryDocument[] = [
      { ...entry, address: "0x293cCC84a99fcbD790367AeDf45495e35A9833AB", scope: "SIGN_IN" },
      { ...entry, address: "0x000000000000000000000000000000000000dEaD", expiresAt: "2026-01-01" },
    ];
    expect(content(subject(base.policy, [entry, ...unused]))).toBe(content(base));
    // At a clock before the expiry the entry is in force: the content differs.
    expect(decisiveContent(subject(base.policy, [entry, ...unused]), Date.parse("2025-12-31T00:00:00Z"))).not.toBe(decisiveContent(base, Date.parse("2025-12-31T00:00:00Z")));
  });

  it("an entry expiring at the clock itself is not in force (it applies strictly before)", () => {
    const at = (expiresAt: string) => subject(policy([blockScore]), [{ ...entry, expiresAt }]);
    expect(content(at(new Date(NOW).toISOString()))).toBe(content(subject(policy([blockScore]))));
    expect(content(at(new Date(NOW + 1).toISOString()))).not.toBe(content(subject(policy([blockScore]))));
  });

  it("the same entries in another file order are the same content; another action for one of them is not", () => {
    const [a, b, c] = [
      entry,
      { ...entry, address: "0x00000000000000000000000000000000000000bb", action: "BLOCK" as const },
      { ...entry, chain: "SOL", address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM" },
    ];
    const of = (entries: AddressEntryDocument[]) => content(subject(policy([blockScore]), entries));
    expect(new Set([of([a, b, c]), of([c, a, b]), of([b, c, a]), of([c, b, a])]).size).toBe(1);
    expect(of([a, b, c])).not.toBe(of([a, { ...b, action: "ALLOW" }, c]));
  });

  it("differs when an anyOf alternative changes, and not when the alternatives' own conditions are reordered", () => {
    const either = (minPercent: number, ordered = true): RuleDocument => ({
      id: "alert-either",
      when: { anyOf: [{ riskScore: { gte: 8 } }, ordered ? { exposure: { category: "mixer", direction: "any", minPercent }, riskScore: { lte: 9 } } : { riskScore: { lte: 9 }, exposure: { category: "mixer", direction: "any", minPercent } }] },
      action: "ALERT",
    });
    expect(content(subject(policy([either(10)])))).not.toBe(content(subject(policy([either(20)]))));
    expect(content(subject(policy([either(10)])))).toBe(content(subject(policy([either(10, false)]))));
  });

  it("differs for every kind of change that can move a decision", () => {
    const changed: DecisionSubject[] = [
      subject(policy([{ ...blockScore, when: { riskScore: { gte: 8 } } }, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100 }), [entry]),
      subject(policy([{ ...blockScore, action: "ALERT" }, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100 }), [entry]),
      subject(policy([alertMixers, blockScore], { chains: ["EVM", "SOL"], minAmountUsd: 100 }), [entry]),
      subject(policy([blockScore, alertMixers], { chains: ["EVM"], minAmountUsd: 100 }), [entry]),
      subject(policy([blockScore, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 250 }), [entry]),
      subject(policy([blockScore, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100 }, false), [entry]),
      subject(policy([blockScore, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100, tokens: [usdc] }), [entry]),
      subject(policy([blockScore, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100 }), [{ ...entry, action: "BLOCK" }]),
      subject(policy([blockScore, alertMixers], { chains: ["EVM", "SOL"], minAmountUsd: 100 }), []),
      subject(undefined, [entry]),
    ];
    for (const other of changed) expect(content(other)).not.toBe(content(base));
  });

  it("differs when preScreen tokens change, and not when only their order or a contract's spelling does", () => {
    const usdt = { chain: "EVM", networkId: 1, contractAddress: "0xdAC17F958D2ee523a2206206994597C13D831ec7" };
    const withTokens = (tokens: Array<typeof usdc>) => subject(policy([blockScore], { chains: ["EVM"], tokens }));
    expect(content(withTokens([usdc]))).not.toBe(content(withTokens([usdc, usdt])));
    expect(content(withTokens([usdc]))).not.toBe(content(withTokens([usdt])));
    expect(content(withTokens([usdc, usdt]))).toBe(content(withTokens([usdt, { ...usdc, contractAddress: usdc.contractAddress.toLowerCase() }])));
  });

  it("equal content decides every screening alike (generated pairs, renamed rules)", () => {
    const renamedPairs = versions().map(({ vendor, scope, base: one, head }) => {
      const renamed = head.policy && { ...head.policy, rules: { ...head.policy.rules, postScreen: head.policy.rules.postScreen.map((rule, index) => ({ ...rule, id: `renamed-${index}` })) } };
      return { vendor, scope, base: one, head: { ...head, policy: renamed } };
    });
    let equal = 0;
    fc.assert(
      fc.property(
        renamedPairs.chain((pair) => fc.record({ pair: fc.constant(pair), screenings: fc.array(screening(pair.vendor, pair.scope), { minLength: 50, maxLength: 50 }) })),
        ({ pair, screenings }) => {
          if (content(pair.base) !== content(pair.head)) return;
          equal++;
          for (const drawn of screenings) expect(decide(pair.head, drawn, { now: NOW }).action).toBe(decide(pair.base, drawn, { now: NOW }).action);
        },
      ),
      { numRuns: 200 },
    );
    // The "none" mutation and unchanged entries make equal content often enough to prove something.
    expect(equal).toBeGreaterThan(10);
  });
});
