/** The token catalog: pages, cursors, per-page ETags, 304, and `version` following every change. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURATED_TOKEN_COUNT } from "../../src/emulator/index.js";
import type { RemoteClient, TokenCatalogEntry, TokenCatalogPageResult } from "../../src/remote/index.js";
import { startHarness, type Harness } from "./helpers.js";

const SIZE = 230;
let harness: Harness;
let client: RemoteClient;

beforeAll(async () => {
  harness = await startHarness({ seed: { catalogSize: SIZE } });
  client = harness.client();
});
afterAll(() => harness.close());

function page(result: TokenCatalogPageResult) {
  if (result.status !== 200) throw new Error(`expected 200, got ${result.status}`);
  return result;
}

async function readAll(limit: number): Promise<{ tokens: TokenCatalogEntry[]; versions: string[]; pages: number }> {
  const tokens: TokenCatalogEntry[] = [];
  const versions: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const result = page(await client.getTokenCatalogPage({ limit, ...(cursor ? { cursor } : {}) }));
    tokens.push(...result.page.tokens);
    versions.push(result.page.version);
    cursor = result.page.nextCursor ?? undefined;
    pages++;
  } while (cursor !== undefined && pages < 1000);
  return { tokens, versions, pages };
}

async function changeCatalog(body: unknown): Promise<{ version: string; size: number }> {
  const response = await fetch(`${harness.running.adminUrl}/catalog`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { version: string; size: number };
}

describe("token catalog", () => {
  it("reads every token exactly once across pages of any size", async () => {
    const full = await readAll(100);
    expect(full.pages).toBe(3);
    expect(full.tokens).toHaveLength(SIZE);
    expect(new Set(full.tokens.map((token) => token.tokenId)).size).toBe(SIZE);
    expect(new Set(full.versions).size).toBe(1);
    const small = await readAll(7);
    expect(small.pages).toBe(Math.ceil(SIZE / 7));
    expect(small.tokens).toEqual(full.tokens);
  });

  it("holds real tokens across chains and networks, the same symbol on several networks", async () => {
    const { tokens } = await readAll(100);
    const usdc = tokens.filter((token) => token.symbol === "USDC");
    expect(new Set(usdc.map((token) => `${token.chain}:${token.networkId}`))).toEqual(
      new Set(["EVM:1", "EVM:137", "EVM:8453", "EVM:42161", "EVM:10", "EVM:56", "EVM:43114", "SOL:101"]),
    );
    expect(new Set(tokens.map((token) => token.chain))).toEqual(new Set(["EVM", "SOL", "TRX"]));
    // WETH on Base and OP: one contract address, two tokens.
    const weth = tokens.filter((token) => token.contractAddress === "0x4200000000000000000000000000000000000006");
    expect(weth.map((token) => token.networkId).sort()).toEqual([10, 8453]);
    expect(tokens.some((token) => token.logoURI === undefined)).toBe(true);
  });

  it("defaults to 50 tokens and never serves fewer than the real tokens", async () => {
    expect(page(await client.getTokenCatalogPage()).page.tokens).toHaveLength(50);
    const tiny = await startHarness({ seed: { catalogSize: 3 } });
    try {
      const result = page(await tiny.client().getTokenCatalogPage({ limit: 100 }));
      expect(result.page.tokens).toHaveLength(CURATED_TOKEN_COUNT);
      expect(result.page.nextCursor).toBeNull();
    } finally {
      await tiny.close();
    }
  });

  it("is the same catalog, same version, on every start", async () => {
    const other = await startHarness({ seed: { catalogSize: SIZE } });
    try {
      const mine = page(await client.getTokenCatalogPage({ limit: 100 }));
      const theirs = page(await other.client().getTokenCatalogPage({ limit: 100 }));
      expect(theirs.page).toEqual(mine.page);
      expect(theirs.etag).toBe(mine.etag);
    } finally {
      await other.close();
    }
  });

  it("answers 304 with no body for the ETag of the same limit and cursor only", async () => {
    const first = page(await client.getTokenCatalogPage({ limit: 20 }));
    const etag = first.etag!;
    expect(await client.getTokenCatalogPage({ limit: 20, ifNoneMatch: etag })).toEqual({ status: 304, etag });
    const raw = await harness.raw("GET", "/tokenCatalog?limit=20", { headers: { "if-none-match": etag } });
    expect(raw.status).toBe(304);
    expect(raw.text).toBe("");
    expect(raw.headers.get("etag")).toBe(etag);
    // Another limit, or another page, is another request: its own ETag, a full 200.
    const otherLimit = page(await client.getTokenCatalogPage({ limit: 21, ifNoneMatch: etag }));
    expect(otherLimit.etag).not.toBe(etag);
    const second = page(await client.getTokenCatalogPage({ limit: 20, cursor: first.page.nextCursor!, ifNoneMatch: etag }));
    expect(second.etag).not.toBe(etag);
    expect(second.page.tokens[0]).not.toEqual(first.page.tokens[0]);
    // Weak comparison and lists (RFC 9110).
    expect((await harness.raw("GET", "/tokenCatalog?limit=20", { headers: { "if-none-match": `"x", W/${etag}` } })).status).toBe(304);
  });

  it("changes version and ETag when any token changes, and serves the change", async () => {
    const before = page(await client.getTokenCatalogPage({ limit: 20 }));
    const last = (await readAll(100)).tokens.at(-1)!;
    const changed = await changeCatalog({ upsert: [{ ...last, name: `${last.name} (renamed)` }] });
    expect(changed.version).not.toBe(before.page.version);
    expect(changed.size).toBe(SIZE);
    // The first page's tokens did not change, but its version and ETag did: a poller re-reads.
    const after = page(await client.getTokenCatalogPage({ limit: 20, ifNoneMatch: before.etag! }));
    expect(after.page.version).toBe(changed.version);
    expect(after.page.tokens).toEqual(before.page.tokens);
    expect(after.etag).not.toBe(before.etag);
    expect((await readAll(100)).tokens.at(-1)!.name).toBe(`${last.name} (renamed)`);
    // New tokens are appended, removed ones disappear.
    const added: TokenCatalogEntry = { chain: "EVM", contractAddress: "0x00000000000000000000000000000000000000aa", decimals: 18, name: "Test", networkId: 1, symbol: "TST", tokenId: "test-token" };
    await changeCatalog({ upsert: [added], remove: [before.page.tokens[0]!.tokenId] });
    const all = await readAll(100);
    expect(all.tokens).toHaveLength(SIZE);
    expect(all.tokens.at(-1)).toEqual(added);
    expect(all.tokens.some((token) => token.tokenId === before.page.tokens[0]!.tokenId)).toBe(false);
  });

  it("keeps a cursor valid across a change; the pages' versions show the read is torn", async () => {
    const first = page(await client.getTokenCatalogPage({ limit: 50 }));
    await changeCatalog({ remove: [first.page.tokens[1]!.tokenId] });
    const second = page(await client.getTokenCatalogPage({ limit: 50, cursor: first.page.nextCursor! }));
    expect(second.page.version).not.toBe(first.page.version);
  });

  it("refuses a cursor it did not hand out, and a catalog change it cannot read", async () => {
    const first = page(await client.getTokenCatalogPage({ limit: 10 }));
    const forged = first.page.nextCursor!.replace(/\.([0-9a-z]+)\./, ".zz.");
    await expect(client.getTokenCatalogPage({ limit: 10, cursor: forged })).rejects.toMatchObject({ kind: "badRequest", status: 400 });
    const response = await fetch(`${harness.running.adminUrl}/catalog`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"upsert":[{"symbol":"X"}]}' });
    expect(response.status).toBe(400);
  });
});
