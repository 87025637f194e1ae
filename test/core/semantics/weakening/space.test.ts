/**
 * The finite screening space of a weakening check (space.ts), in process:
 * every value a condition, a gate or an address entry of either version can
 * tell apart, each once, and the "any other" values beside them.
 */
import { describe, expect, it } from "vitest";
import type { AddressEntryDocument, DecisionSubject, PolicyDocument, RuleDocument } from "../../../../src/core/semantics/index.js";
import { conditionsOf, otherAddress, otherChain, otherToken, screeningSpace } from "../../../../src/core/semantics/weakening/space.js";
import { CATEGORIES } from "../../../../src/core/vendors.js";

const USDT = { chain: "EVM", networkId: 1, contractAddress: "0xdac17f958d2ee523a2206206994597c13d831ec7" };
const USDC = { chain: "EVM", networkId: 137, contractAddress: "0x2791bca1f2de4661ed88a30c99a7a9449aa84174" };

function subject(postScreen: RuleDocument[], options: { scope?: DecisionSubject["scope"]; preScreen?: PolicyDocument["rules"]["preScreen"]; entries?: AddressEntryDocument[]; vendor?: DecisionSubject["providerType"] } = {}): DecisionSubject {
  const [providerType, scope] = [options.vendor ?? "vendorAWalletScreening", options.scope ?? "TRANSACTION"];
  return { providerType, scope, policy: { providerType, scope, schemaVersion: 1, enabled: true, rules: { preScreen: options.preScreen ?? {}, postScreen } }, addressEntries: options.entries };
}
const entry = (address: string, over: Partial<AddressEntryDocument> = {}): AddressEntryDocument => ({ address, chain: "EVM", action: "ALLOW", scope: "ALL", reason: "r", ...over });

describe("screeningSpace", () => {
  it("vendorA: targets, chains, tokens, exposures (any as both directions), clusters and every bound, each once and sorted", () => {
    const base = subject(
      [
        { id: "block-score", when: { riskScore: { gte: 8 } }, action: "BLOCK" },
        { id: "alert-mixer", when: { exposure: { category: "mixer", direction: "any", minPercent: 20 }, riskScore: { gte: 3, lte: 6 } }, action: "ALERT" },
        { id: "block-cluster", when: { anyOf: [{ cluster: { category: "gambling" } }, { exposure: { category: "scam", direction: "direct", minPercent: 5 } }] }, action: "BLOCK" },
      ],
      {
        preScreen: { chains: ["EVM", "SOL"], minAmountUsd: 250, tokens: [USDT, USDC] },
        entries: [entry("0x00000000000000000000000000000000000000AA"), entry("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", { chain: "SOL", scope: "TRANSACTION" }), entry("0x00000000000000000000000000000000000000cc", { scope: "SIGN_IN" })],
      },
    );
    const head = subject([{ id: "alert-mixer", when: { exposure: { category: "mixer", direction: "direct", minPercent: 40 } }, action: "ALERT" }], {
      // USDT again, its contract spelt in capitals: the same token, as the first version writes it.
      preScreen: { chains: ["BTC"], minAmountUsd: 100, tokens: [{ ...USDT, contractAddress: `0x${USDT.contractAddress.slice(2).toUpperCase()}` }] },
      // The same EVM address in other case: one target, as the first entry writes it.
      entries: [entry("0x00000000000000000000000000000000000000aa", { action: "BLOCK" }), entry("TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf", { chain: "TRON" })],
    });
    const space = screeningSpace([base, head]);
    expect({ ...space, bounds: undefined }).toEqual({
      vendor: "vendorAWalletScreening",
      scope: "TRANSACTION",
      targets: [
        { chain: "EVM", address: "0x00000000000000000000000000000000000000AA", key: expect.any(String) },
        { chain: "SOL", address: "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM", key: expect.any(String) },
        { chain: "TRON", address: "TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf", key: expect.any(String) },
      ],
      chains: ["EVM", "SOL", "TRON", "BTC"],
      tokens: [USDT, USDC],
      tokenKeys: [expect.any(String), expect.any(String)],
      exposures: [
        { category: "mixer", direction: "direct" },
        { category: "mixer", direction: "indirect" },
        { category: "scam", direction: "direct" },
      ],
      indicators: [],
      clusters: ["gambling"],
      otherCluster: CATEGORIES.vendorAWalletScreening.find((category) => category !== "gambling"),
      entities: [],
      otherEntity: CATEGORIES.vendorAWalletScreening[0],
      bounds: undefined,
    });
    expect(new Set(space.targets.map((target) => target.key)).size).toBe(3);
    expect(space.bounds.riskScore).toEqual([...new Set([3, 6, 8, ...conditionsOf(base).flatMap((condition) => (condition.kind === "riskScore" ? [condition.low, condition.high] : []))])].sort((a, b) => a - b));
    expect(space.bounds.amountUsd).toEqual([100, 250]);
    expect(Object.fromEntries([...space.bounds.exposure].map(([key, values]) => [key.replace("\u0000", " "), values]))).toEqual({ "mixer direct": [20, 40], "mixer indirect": [20], "scam direct": [5] });
  });

  it("vendorB: indicators by category and risk type with their volumes, entities; riskLevel adds no value", () => {
    const rule = (id: string, when: RuleDocument["when"]): RuleDocument => ({ id, when, action: "BLOCK" });
    const space = screeningSpace([
      subject([rule("a", { indicator: { category: "fraud_shop", riskType: "ownership", minVolumeUsd: 5000 } }), rule("b", { entity: { category: "gambling" }, riskLevel: { atLeast: "high" } })], { vendor: "vendorBAddressScreening" }),
      subject([rule("a", { indicator: { category: "fraud_shop", riskType: "ownership", minVolumeUsd: 1000 } }), rule("c", { indicator: { category: "fraud_shop", riskType: "counterparty", minVolumeUsd: 1 } })], { vendor: "vendorBAddressScreening" }),
    ]);
    expect(space.indicators).toEqual([
      { category: "fraud_shop", riskType: "ownership" },
      { category: "fraud_shop", riskType: "counterparty" },
    ]);
    expect(Object.fromEntries([...space.bounds.indicator].map(([key, values]) => [key.replace("\u0000", " "), values]))).toEqual({ "fraud_shop ownership": [1000, 5000], "fraud_shop counterparty": [1] });
    expect({ entities: space.entities, otherEntity: space.otherEntity, clusters: space.clusters, riskScore: space.bounds.riskScore }).toEqual({
      entities: ["gambling"],
      otherEntity: CATEGORIES.vendorBAddressScreening.find((category) => category !== "gambling"),
      clusters: [],
      riskScore: [],
    });
  });

  it("SIGN_IN reads no token or amount: neither is in its space; its chains are", () => {
    const space = screeningSpace([subject([], { scope: "SIGN_IN", preScreen: { chains: ["EVM"], minAmountUsd: 250, tokens: [USDT] } })]);
    expect({ chains: space.chains, tokens: space.tokens, amountUsd: space.bounds.amountUsd }).toEqual({ chains: ["EVM"], tokens: [], amountUsd: [] });
  });

  it("refuses no subject, subjects of two vendors or scopes, and a rule it cannot read", () => {
    expect(() => screeningSpace([])).toThrow("screeningSpace needs a subject");
    expect(() => screeningSpace([subject([]), subject([], { scope: "SIGN_IN" })])).toThrow("the subjects of one weakening check share vendor and scope");
    expect(() => screeningSpace([subject([]), subject([], { vendor: "vendorBAddressScreening" })])).toThrow("share vendor and scope");
    expect(() => conditionsOf(subject([{ id: "broken", when: { nonsense: 1 } as never, action: "BLOCK" }]))).toThrow("rule broken of the vendorAWalletScreening TRANSACTION policy is not valid; lint it first");
  });
});

describe("the any-other values", () => {
  const space = screeningSpace([subject([], { preScreen: { chains: ["OTHER", "OTHER1"], tokens: [{ chain: "EVM", networkId: 1, contractAddress: `0x${"1".padStart(40, "0")}` }] }, entries: [entry(`0x${"1".padStart(40, "0")}`), entry("unlisted-address-1", { chain: "SOL" })] })]);

  it("a chain, an address and a token no version names, past those that are named", () => {
    expect(otherChain(space)).toBe("OTHER2");
    expect(otherChain(screeningSpace([subject([])]))).toBe("OTHER");
    expect(otherAddress(space, "EVM")).toBe(`0x${"2".padStart(40, "0")}`);
    expect(otherAddress(space, "SOL")).toBe("unlisted-address-2");
    expect(otherAddress(space, "TRON")).toBe("unlisted-address-1");
    expect(otherToken(space)).toEqual({ chain: "EVM", networkId: 1, contractAddress: `0x${"2".padStart(40, "0")}` });
  });
});
