/**
 * The token catalog snapshot as the linter needs it: a lookup by identity
 * (chain, networkId, contractAddress) and by symbol for "did you mean".
 * admin-api.md, Token catalog entry: a token is identified by chain, network and
 * contract address, never by symbol.
 */

export interface CatalogToken {
  chain: string;
  networkId: number;
  contractAddress: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenId: string;
  logoURI?: string;
}

export interface TokenCatalogIndex {
  has(chain: string, networkId: number, contractAddress: string): boolean;
  /**
   * For the message of an unknown reference, at most five, nearest first: the
   * same address on another chain or network, the tokens of that symbol on the
   * referenced network, then addresses on the referenced network one or two
   * characters away (a typo).
   */
  candidates(chain: string, networkId: number, contractAddress: string): CatalogToken[];
  /** The tokens of a symbol, exactly as written (`lint --fix` replaces a reference by symbol only when there is one). */
  bySymbol(symbol: string): CatalogToken[];
  readonly size: number;
  /** The token of that identity, for the editor's hover on a reference. */
  entry(chain: string, networkId: number, contractAddress: string): CatalogToken | undefined;
  /** Every token, in the snapshot's order, for the editor's completion of a reference by symbol. */
  tokens(): readonly CatalogToken[];
}

/** EVM addresses compare case-insensitively (EIP-55 case is a checksum, not identity). */
export function tokenKey(chain: string, networkId: number, contractAddress: string): string {
  const address = chain === "EVM" ? contractAddress.toLowerCase() : contractAddress;
  return `${chain}\u0000${networkId}\u0000${address}`;
}

/** At most this many candidates are offered for an unknown reference. */
const MAX_CANDIDATES = 5;
/** Addresses of the same length differing in at most this many characters count as a likely typo. */
const MAX_TYPO_DISTANCE = 2;

export function indexCatalog(tokens: readonly CatalogToken[]): TokenCatalogIndex {
  const byKey = new Map<string, CatalogToken>();
  for (const token of tokens) byKey.set(tokenKey(token.chain, token.networkId, token.contractAddress), token);
  // Only an unknown reference needs these; built on the first one, so a clean lint never pays for them.
  let byAddress: Map<string, CatalogToken[]> | undefined;
  let byNetwork: Map<string, CatalogToken[]> | undefined;
  let bySymbol: Map<string, CatalogToken[]> | undefined;
  const group = (keyOf: (token: CatalogToken) => string): Map<string, CatalogToken[]> => {
    const groups = new Map<string, CatalogToken[]>();
    for (const token of byKey.values()) {
      const key = keyOf(token);
      const list = groups.get(key);
      if (list) list.push(token);
      else groups.set(key, [token]);
    }
    return groups;
  };
  return {
    size: byKey.size,
    has: (chain, networkId, contractAddress) => byKey.has(tokenKey(chain, networkId, contractAddress)),
    entry: (chain, networkId, contractAddress) => byKey.get(tokenKey(chain, networkId, contractAddress)),
    tokens: () => [...byKey.values()],
    bySymbol(symbol) {
      bySymbol ??= group((token) => token.symbol);
      return bySymbol.get(symbol) ?? [];
    },
    candidates(chain, networkId, contractAddress) {
      byAddress ??= group((token) => token.contractAddress.toLowerCase());
      byNetwork ??= group((token) => `${token.chain}\u0000${token.networkId}`);
      const found = new Set<CatalogToken>();
      // 1. The same contract address on another chain or network: the networkId (or chain) is likely wrong.
      const sameAddress = byAddress.get(contractAddress.toLowerCase()) ?? [];
      for (const token of sameAddress) found.add(token);
      const onNetwork = byNetwork.get(`${chain}\u0000${networkId}`) ?? [];
      // 2. On the referenced network, the tokens with those symbols: the address is likely another network's.
      const symbols = new Set(sameAddress.map((token) => token.symbol));
      for (const token of onNetwork) if (symbols.has(token.symbol)) found.add(token);
      // 3. On the referenced network, an address one or two characters away: a likely typo.
      const wanted = contractAddress.toLowerCase();
      for (const token of onNetwork) {
        if (found.size >= MAX_CANDIDATES * 2) break;
        if (isNear(token.contractAddress.toLowerCase(), wanted)) found.add(token);
      }
      return [...found].slice(0, MAX_CANDIDATES);
    },
  };
}

/** Same length and at most {@link MAX_TYPO_DISTANCE} differing characters (Hamming distance), but not equal. */
function isNear(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let differences = 0;
  for (let index = 0; index < a.length; index++) {
    if (a.charCodeAt(index) !== b.charCodeAt(index) && ++differences > MAX_TYPO_DISTANCE) return false;
  }
  return true;
}
