/** The snapshot's canonical form, the diff by identity, and the index's nearest candidates. */
import { describe, expect, it } from "vitest";
import { indexCatalog, type CatalogToken } from "../../src/core/catalog.js";
import { countChanges, diffCatalogs } from "../../src/core/catalog-diff.js";
import { canonicalWalker, compareKeys, parseTokensText, snapshotKey, tokenLine, toCatalogMeta } from "../../src/core/catalog-snapshot.js";
import { lintText } from "../../src/core/lint.js";

const USDC_ETH: CatalogToken = { chain: "EVM", networkId: 1, contractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", symbol: "USDC", name: "USD Coin", decimals: 6, tokenId: "t1" };
const USDC_POLYGON: CatalogToken = { chain: "EVM", networkId: 137, contractAddress: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", symbol: "USDC", name: "USD Coin", decimals: 6, tokenId: "t2" };
const WETH_BASE: CatalogToken = { chain: "EVM", networkId: 8453, contractAddress: "0x4200000000000000000000000000000000000006", symbol: "WETH", name: "Wrapped Ether", decimals: 18, tokenId: "t3" };
const WETH_OP: CatalogToken = { ...WETH_BASE, networkId: 10, tokenId: "t4" };
const USDC_SOL: CatalogToken = { chain: "SOL", networkId: 101, contractAddress: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", symbol: "USDC", name: "USD Coin", decimals: 6, tokenId: "t5" };
const CATALOG = [USDC_ETH, USDC_POLYGON, WETH_BASE, WETH_OP, USDC_SOL];

const linesOf = (tokens: CatalogToken[]) => new Map(tokens.map((token) => [snapshotKey(token), tokenLine(token)]));
/** Walks a text as the sync does (line by line); the lines visited, or undefined when it is not canonical. */
function walk(text: string, trusted = false): string[] | undefined {
  const visited: string[] = [];
  const walker = canonicalWalker((_key, line) => visited.push(line), trusted);
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  for (const line of lines) walker.line(line);
  return walker.end() ? visited : undefined;
}
/** Canonical lines in snapshot order. */
const sortedLines = (tokens: CatalogToken[]) => [...linesOf(tokens)].sort((a, b) => compareKeys(a[0], b[0])).map(([, line]) => line);

describe("snapshot form", () => {
  it("one line per token, documented members only, identity first, whatever order they came in", () => {
    const shuffled = { tokenId: "t1", decimals: 6, name: "USD Coin", symbol: "USDC", contractAddress: USDC_ETH.contractAddress, networkId: 1, chain: "EVM", extra: "dropped" };
    expect(tokenLine(shuffled as CatalogToken)).toBe(
      '{"chain":"EVM","networkId":1,"contractAddress":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48","symbol":"USDC","name":"USD Coin","decimals":6,"tokenId":"t1"}',
    );
  });

  it("sorted by chain, then networkId numerically (negative too), then address (EVM case-insensitively), never by locale", () => {
    const lower: CatalogToken = { ...USDC_ETH, contractAddress: "0x0000000000000000000000000000000000000001", tokenId: "t9" };
    const negative: CatalogToken = { ...WETH_OP, networkId: -5, tokenId: "t8" };
    const big: CatalogToken = { ...WETH_OP, networkId: 728126428, tokenId: "t7" };
    const lines = sortedLines([USDC_SOL, WETH_BASE, big, USDC_POLYGON, WETH_OP, USDC_ETH, lower, negative]);
    expect(lines.map((line) => line.match(/"tokenId":"(t\d)"/)![1])).toEqual(["t8", "t9", "t1", "t4", "t2", "t3", "t7", "t5"]);
  });

  it("the canonical text is a JSON array that parses back to the same tokens, and walks back line by line", () => {
    const text = `[\n${sortedLines(CATALOG).join(",\n")}\n]\n`;
    expect(JSON.parse(text)).toHaveLength(5);
    expect(text.split("\n")).toHaveLength(5 + 3);
    const parsed = parseTokensText(text);
    expect(parsed.ok && parsed.tokens.map((token) => token.tokenId).sort()).toEqual(["t1", "t2", "t3", "t4", "t5"]);
    expect(walk(text)).toEqual(sortedLines(CATALOG));
    expect(walk(text, true)).toEqual(sortedLines(CATALOG));
    expect(walk(text.replace(/\n/g, "\r\n"))).toEqual(sortedLines(CATALOG));
    expect(walk("[]\n")).toEqual([]);
  });

  it("a layout other than the canonical one is not walked (the caller parses it whole); untrusted lines are canonicalised", () => {
    expect(walk(JSON.stringify(CATALOG, null, 2))).toBeUndefined();
    const lines = sortedLines(CATALOG);
    expect(walk(`[\n${[...lines].reverse().join(",\n")}\n]\n`)).toBeUndefined();
    expect(walk(`[\n${[lines[0], lines[0]].join(",\n")}\n]\n`)).toBeUndefined();
    expect(walk(`[\n${lines.join(",\n")}\n`)).toBeUndefined();
    // Members in another order: the same token, read as its canonical line unless the file is trusted.
    const reordered = lines.map((line) => JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(line)).reverse())));
    expect(walk(`[\n${reordered.join(",\n")}\n]\n`)).toEqual(lines);
  });

  it("reads a meta record only in the current format", () => {
    const meta = { format: 1, version: "v", etag: '"e"', limit: 100, source: "http://127.0.0.1:4010/api/v0", syncedAt: "2026-11-21T12:00:00Z", tokenCount: 1, pages: 1, sha256: "a".repeat(64) };
    expect(toCatalogMeta(meta)).toEqual(meta);
    expect(toCatalogMeta({ ...meta, etag: null })).toMatchObject({ etag: null });
    expect(toCatalogMeta({ ...meta, format: 2 })).toBeUndefined();
    expect(toCatalogMeta({ ...meta, limit: 101 })).toBeUndefined();
    expect(toCatalogMeta({ ...meta, sha256: "nothex" })).toBeUndefined();
  });
});

describe("catalog diff", () => {
  it("added, removed, changed by identity, with the fields that changed; an EVM case change is a change, not a new token", () => {
    const before = linesOf([USDC_ETH, USDC_POLYGON, WETH_BASE]);
    const after = linesOf([{ ...USDC_ETH, contractAddress: USDC_ETH.contractAddress.toLowerCase() }, { ...USDC_POLYGON, name: "USDC", logoURI: "https://x.example/u.png" }, WETH_OP]);
    expect(countChanges(before, after)).toEqual({ added: 1, removed: 1, changed: 2 });
    const diff = diffCatalogs(before, after);
    expect(diff.added).toEqual([WETH_OP]);
    expect(diff.removed).toEqual([WETH_BASE]);
    expect(diff.changed.map((change) => change.fields)).toEqual([
      [{ field: "contractAddress", from: USDC_ETH.contractAddress, to: USDC_ETH.contractAddress.toLowerCase() }],
      [
        { field: "name", from: "USD Coin", to: "USDC" },
        { field: "logoURI", from: undefined, to: "https://x.example/u.png" },
      ],
    ]);
  });
});

describe("the index's nearest candidates", () => {
  const index = indexCatalog(CATALOG);

  it("knows tokens by identity, EVM addresses in any case, Solana addresses exactly", () => {
    expect(index.has("EVM", 1, USDC_ETH.contractAddress.toLowerCase())).toBe(true);
    expect(index.has("EVM", 137, USDC_ETH.contractAddress)).toBe(false);
    expect(index.has("SOL", 101, USDC_SOL.contractAddress.toLowerCase())).toBe(false);
  });

  it("the same address elsewhere, then that symbol on the referenced network", () => {
    expect(index.candidates("EVM", 137, USDC_ETH.contractAddress)).toEqual([USDC_ETH, USDC_POLYGON]);
    expect(index.candidates("EVM", 42161, WETH_BASE.contractAddress)).toEqual([WETH_BASE, WETH_OP]);
  });

  it("an address one or two characters away on the referenced network (a typo)", () => {
    expect(index.candidates("EVM", 1, `${USDC_ETH.contractAddress.slice(0, -2)}00`)).toEqual([USDC_ETH]);
    expect(index.candidates("EVM", 1, `0x${"1".repeat(40)}`)).toEqual([]);
  });
});

describe("unknown-token messages", () => {
  const policy = (tokens: string, scope = "TRANSACTION") => `providerType: vendorAWalletScreening
scope: ${scope}
schemaVersion: 1
enabled: true
rules:
  preScreen:
    tokens:
${tokens}
  postScreen:
    - id: block-high
      when: { riskScore: { gte: 8 } }
      action: BLOCK
`;
  const lint = (text: string, scope = "TRANSACTION") =>
    lintText(`policies/sandbox/vendorAWalletScreening/${scope}.yaml`, text, { catalog: indexCatalog(CATALOG) }).map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`);

  it("names the same address on another network and the symbol's address on this one", () => {
    expect(lint(policy(`      - { chain: EVM, networkId: 137, contractAddress: "${USDC_ETH.contractAddress}" }`))).toEqual([
      "unknown-token 8:9 rules.preScreen.tokens[0]: token 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 on EVM network 137 is not in the token catalog snapshot; " +
        "nearest: USDC (USD Coin) has this address on EVM network 1; USDC (USD Coin) on EVM network 137 is 0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
    ]);
  });

  it("a Solana address in the wrong case is shown in full, not as the same address", () => {
    const [message] = lint(policy(`      - { chain: SOL, networkId: 101, contractAddress: ${USDC_SOL.contractAddress.toLowerCase()} }`));
    expect(message).toContain(`USDC (USD Coin) on SOL network 101 is ${USDC_SOL.contractAddress}`);
  });

  it("nothing near: says what to check and when to sync", () => {
    const [message] = lint(policy(`      - { chain: BTC, networkId: 0, contractAddress: nothing }`));
    expect(message).toMatch(/check the chain, networkId and contractAddress, or run `screenpol catalog sync`/);
  });

  it("no catalog: no finding; a SIGN_IN policy's tokens are scope-field's, not also unknown-token's", () => {
    const text = policy(`      - { chain: EVM, networkId: 137, contractAddress: "${USDC_ETH.contractAddress}" }`);
    expect(lintText("policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", text)).toEqual([]);
    expect(lint(text.replace("scope: TRANSACTION", "scope: SIGN_IN"), "SIGN_IN").map((line) => line.split(" ")[0])).toEqual(["scope-field"]);
  });
});
