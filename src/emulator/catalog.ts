/**
 * The token catalog (admin-api.md, operation 2): real tokens across chains and
 * networks, including every token the sample policies reference, then
 * deterministic synthetic tokens up to the configured size. Pages, opaque
 * cursors, per-page ETags and the content hash `version` live here.
 */
import { createHash } from "node:crypto";
import { indexCatalog, type TokenCatalogIndex } from "../core/catalog.js";
import { NETWORK_ID_RANGE, rangeProblem, TOKEN_DECIMALS_RANGE } from "./bounds.js";
import { uuidFrom } from "./ids.js";
import type { CatalogState, CatalogToken } from "./model.js";

/** Default catalog size of the CLI: a few thousand, as a real multi-chain catalog holds. */
export const DEFAULT_CATALOG_SIZE = 3000;

type Curated = [chain: string, networkId: number, contractAddress: string, symbol: string, name: string, decimals: number];

/**
 * Real tokens. The same symbol on several networks (USDC on Ethereum, Polygon,
 * Base, Arbitrum, OP, BNB, Avalanche, Solana) and the same contract address on
 * two networks (WETH on Base and OP) show why identity is (chain, network,
 * address) and never the symbol (admin-api.md, Token catalog entry). The five
 * tokens referenced by policies/*\/*\/TRANSACTION.yaml come first.
 */
const CURATED: readonly Curated[] = [
  ["EVM", 1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", "USDC", "USD Coin", 6],
  ["EVM", 1, "0xdAC17F958D2ee523a2206206994597C13D831ec7", "USDT", "Tether USD", 6],
  ["EVM", 137, "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359", "USDC", "USD Coin", 6],
  ["EVM", 8453, "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "USDC", "USD Coin", 6],
  ["SOL", 101, "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "USDC", "USD Coin", 6],
  ["EVM", 1, "0x6B175474E89094C44Da98b954EedeAC495271d0F", "DAI", "Dai Stablecoin", 18],
  ["EVM", 1, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", "WETH", "Wrapped Ether", 18],
  ["EVM", 1, "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599", "WBTC", "Wrapped BTC", 8],
  ["EVM", 1, "0x514910771AF9Ca656af840dff83E8264EcF986CA", "LINK", "ChainLink Token", 18],
  ["EVM", 1, "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984", "UNI", "Uniswap", 18],
  ["EVM", 1, "0x6c3ea9036406852006290770BEdFcAbA0e23A0e8", "PYUSD", "PayPal USD", 6],
  ["EVM", 1, "0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c", "EURC", "EURC", 6],
  ["EVM", 137, "0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174", "USDC.e", "USD Coin (PoS)", 6],
  ["EVM", 137, "0xc2132D05D31c914a87C6611C10748AEb04B58e8F", "USDT", "Tether USD (PoS)", 6],
  ["EVM", 137, "0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619", "WETH", "Wrapped Ether (PoS)", 18],
  ["EVM", 137, "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", "DAI", "Dai Stablecoin (PoS)", 18],
  ["EVM", 137, "0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6", "WBTC", "Wrapped BTC (PoS)", 8],
  ["EVM", 137, "0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270", "WPOL", "Wrapped Polygon Ecosystem Token", 18],
  ["EVM", 8453, "0x4200000000000000000000000000000000000006", "WETH", "Wrapped Ether", 18],
  ["EVM", 8453, "0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb", "DAI", "Dai Stablecoin", 18],
  ["EVM", 8453, "0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA", "USDbC", "USD Base Coin", 6],
  ["EVM", 8453, "0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf", "cbBTC", "Coinbase Wrapped BTC", 8],
  ["EVM", 42161, "0xaf88d065e77c8cC2239327C5EDb3A432268e5831", "USDC", "USD Coin", 6],
  ["EVM", 42161, "0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9", "USDT", "Tether USD", 6],
  ["EVM", 42161, "0x82aF49447D8a07e3bd95BD0d56f35241523fBab1", "WETH", "Wrapped Ether", 18],
  ["EVM", 42161, "0x2f2a2543B76A4166549F7aaB2e75Bef0aefC5B0f", "WBTC", "Wrapped BTC", 8],
  ["EVM", 42161, "0x912CE59144191C1204E64559FE8253a0e49E6548", "ARB", "Arbitrum", 18],
  ["EVM", 42161, "0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1", "DAI", "Dai Stablecoin", 18],
  ["EVM", 10, "0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85", "USDC", "USD Coin", 6],
  ["EVM", 10, "0x4200000000000000000000000000000000000042", "OP", "Optimism", 18],
  ["EVM", 10, "0x4200000000000000000000000000000000000006", "WETH", "Wrapped Ether", 18],
  ["EVM", 56, "0x55d398326f99059fF775485246999027B3197955", "USDT", "Tether USD", 18],
  ["EVM", 56, "0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d", "USDC", "USD Coin", 18],
  ["EVM", 43114, "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E", "USDC", "USD Coin", 6],
  ["SOL", 101, "Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB", "USDT", "Tether USD", 6],
  ["SOL", 101, "So11111111111111111111111111111111111111112", "wSOL", "Wrapped SOL", 9],
  ["SOL", 101, "2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFsgaHQ", "PYUSD", "PayPal USD", 6],
  ["SOL", 101, "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN", "JUP", "Jupiter", 6],
  ["SOL", 101, "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263", "BONK", "Bonk", 5],
  ["TRX", 728126428, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "USDT", "Tether USD", 6],
];

/** How many real tokens the catalog always holds; a smaller requested size is raised to this. */
export const CURATED_TOKEN_COUNT = CURATED.length;

function tokenIdOf(chain: string, networkId: number, contractAddress: string): string {
  const address = chain === "EVM" ? contractAddress.toLowerCase() : contractAddress;
  return uuidFrom(`token:${chain}:${networkId}:${address}`);
}

function curatedTokens(): CatalogToken[] {
  return CURATED.map(([chain, networkId, contractAddress, symbol, name, decimals]) => ({
    chain,
    contractAddress,
    decimals,
    logoURI: `https://tokens.example/logos/${symbol.toLowerCase().replace(/[^a-z0-9]/g, "")}.png`,
    name,
    networkId,
    symbol,
    tokenId: tokenIdOf(chain, networkId, contractAddress),
  }));
}

/** Networks synthetic tokens are deployed on; most are EVM, as in real catalogs. */
const SYNTHETIC_NETWORKS: ReadonlyArray<{ chain: string; networkId: number }> = [
  { chain: "EVM", networkId: 1 },
  { chain: "EVM", networkId: 10 },
  { chain: "EVM", networkId: 56 },
  { chain: "EVM", networkId: 137 },
  { chain: "EVM", networkId: 324 },
  { chain: "EVM", networkId: 8453 },
  { chain: "EVM", networkId: 42161 },
  { chain: "EVM", networkId: 43114 },
  { chain: "EVM", networkId: 59144 },
  { chain: "SOL", networkId: 101 },
  { chain: "TRX", networkId: 728126428 },
];

const SYLLABLES = ["ka", "lo", "mi", "ra", "ven", "tor", "zen", "quo", "bi", "nex", "lu", "dra", "fi", "sol", "mar", "tek", "vo", "ix", "pa", "shi"];
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const HEX = "0123456789abcdef";

/** mulberry32: a tiny seeded PRNG, so the synthetic catalog is identical on every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const syntheticCache = new Map<number, CatalogToken[]>();

/**
 * `count` synthetic tokens: projects with a symbol, a name and decimals, each
 * deployed on one to four networks, so the same symbol recurs across networks.
 */
function syntheticTokens(count: number): CatalogToken[] {
  const cached = syntheticCache.get(count);
  if (cached) return cached;
  const random = seededRandom(0x5c2ee9);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chars = (alphabet: string, length: number): string => Array.from({ length }, () => pick([...alphabet])).join("");
  const tokens: CatalogToken[] = [];
  for (let project = 0; tokens.length < count; project++) {
    const word = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join("");
    const symbol = `${word.slice(0, 4).toUpperCase()}${project % 7 === 0 ? "" : String(project % 97)}`;
    const name = `${word.charAt(0).toUpperCase()}${word.slice(1)} ${pick(["Token", "Coin", "Finance", "Protocol", "Dollar"])}`;
    const decimals = pick([6, 8, 9, 18, 18, 18]);
    const deployments = 1 + Math.floor(random() * 4);
    const networks = new Set<(typeof SYNTHETIC_NETWORKS)[number]>();
    while (networks.size < deployments) networks.add(pick(SYNTHETIC_NETWORKS));
    for (const network of networks) {
      if (tokens.length >= count) break;
      const contractAddress =
        network.chain === "EVM" ? `0x${chars(HEX, 40)}` : network.chain === "TRX" ? `T${chars(BASE58, 33)}` : chars(BASE58, 43 + Math.floor(random() * 2));
      const token: CatalogToken = {
        chain: network.chain,
        contractAddress,
        decimals: network.chain === "SOL" ? Math.min(decimals, 9) : decimals,
        name,
        networkId: network.networkId,
        symbol,
        tokenId: tokenIdOf(network.chain, network.networkId, contractAddress),
      };
      // logoURI is optional in the interface; leave it out of some tokens so readers cope.
      if (random() < 0.7) token.logoURI = `https://tokens.example/logos/synthetic/${symbol.toLowerCase()}.png`;
      tokens.push(token);
    }
  }
  syntheticCache.set(count, tokens);
  return tokens;
}

/** Serialized pages kept per catalog version (first in, first out). */
const PAGE_CACHE_SIZE = 256;

/** The catalog as served: the tokens in page order and the hash of all of them. */
export class TokenCatalog {
  /** Hash of the entire catalog content (admin-api.md, Token catalog page `version`). */
  readonly version: string;
  private lintIndex: TokenCatalogIndex | undefined;
  private readonly pages = new Map<string, string>();

  constructor(readonly tokens: readonly CatalogToken[]) {
    this.version = createHash("sha256").update(JSON.stringify(tokens)).digest("hex");
  }

  /**
   * A page serialized once: pollers read the same few pages over and over, and
   * a page of 100 tokens is tens of kilobytes of JSON. At most
   * {@link PAGE_CACHE_SIZE} pages are kept; the cache goes with the catalog
   * when it changes.
   */
  pageJson(offset: number, limit: number, render: () => string): string {
    const key = `${offset}|${limit}`;
    let text = this.pages.get(key);
    if (text === undefined) {
      text = render();
      if (this.pages.size >= PAGE_CACHE_SIZE) this.pages.delete(this.pages.keys().next().value as string);
      this.pages.set(key, text);
    }
    return text;
  }

  /** The catalog as the linter's `unknown-token` check consults it; built once per version. */
  index(): TokenCatalogIndex {
    this.lintIndex ??= indexCatalog(this.tokens);
    return this.lintIndex;
  }
}

/** The initial catalog state for a requested size (never fewer than the real tokens). */
export function initialCatalogState(size: number): CatalogState {
  return { size: Math.max(size, CURATED_TOKEN_COUNT), upserts: [], removed: [] };
}

/**
 * What is wrong with `value` as a token of admin-api.md, Token catalog entry,
 * `where` naming it in the message; undefined when it is one. The same check
 * for a token posted to the admin endpoint and one loaded from the state file.
 */
export function catalogTokenProblem(value: unknown, where: string): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return `${where} is not an object`;
  const token = value as Record<string, unknown>;
  for (const key of ["chain", "contractAddress", "name", "symbol", "tokenId"] as const) {
    if (typeof token[key] !== "string" || token[key] === "") return `${where}.${key} must be a non-empty string`;
  }
  if (token.logoURI !== undefined && typeof token.logoURI !== "string") return `${where}.logoURI must be a string`;
  return rangeProblem(`${where}.decimals`, token.decimals, TOKEN_DECIMALS_RANGE) ?? rangeProblem(`${where}.networkId`, token.networkId, NETWORK_ID_RANGE);
}

/** Builds the served catalog from its compact stored form (model.ts, CatalogState). */
export function buildCatalog(state: CatalogState): TokenCatalog {
  const base = [...curatedTokens(), ...syntheticTokens(Math.max(0, state.size - CURATED_TOKEN_COUNT))];
  const removed = new Set(state.removed);
  const tokens = removed.size === 0 ? base : base.filter((token) => !removed.has(token.tokenId));
  const position = new Map(tokens.map((token, index) => [token.tokenId, index]));
  for (const upsert of state.upserts) {
    if (removed.has(upsert.tokenId)) continue;
    const at = position.get(upsert.tokenId);
    if (at === undefined) {
      position.set(upsert.tokenId, tokens.length);
      tokens.push(upsert);
    } else {
      tokens[at] = upsert;
    }
  }
  return new TokenCatalog(tokens);
}

/**
 * Cursor: the offset of the next page, with a check value so that a cursor
 * that was not handed out by the emulator is refused with 400 (admin-api.md,
 * Errors: "cursor invalid"). It is not bound to a catalog version: a reader
 * that continues after the catalog changed gets the current content, and every
 * page's `version` tells it the pages it holds no longer belong together.
 */
const CURSOR_PATTERN = /^c1\.([0-9a-z]{1,12})\.([0-9a-f]{12})$/;

function cursorCheck(offset: string): string {
  return createHash("sha256").update(`screenpol-emulator-cursor:${offset}`).digest("hex").slice(0, 12);
}

export function encodeCursor(offset: number): string {
  const encoded = offset.toString(36);
  return `c1.${encoded}.${cursorCheck(encoded)}`;
}

/** The offset a cursor stands for, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string): number | undefined {
  const match = CURSOR_PATTERN.exec(cursor);
  if (!match || cursorCheck(match[1]!) !== match[2]) return undefined;
  const offset = parseInt(match[1]!, 36);
  return Number.isSafeInteger(offset) && offset > 0 ? offset : undefined;
}

/**
 * The ETag of one page request: derived from the catalog version, the limit and
 * the cursor, so it only matches a later request with the same limit and cursor
 * while the catalog is unchanged (admin-api.md, operation 2, rule 2).
 */
export function pageEtag(version: string, limit: number, cursor: string | undefined): string {
  const digest = createHash("sha256").update(`${version}|${limit}|${cursor ?? ""}`).digest("hex").slice(0, 32);
  return `"${digest}"`;
}

/** RFC 9110 section 13.1.2: `*` or a list of entity tags, compared weakly. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const wanted = header.trim();
  if (wanted === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return wanted.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === bare);
}
