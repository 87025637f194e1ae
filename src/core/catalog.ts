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
  /** Tokens sharing the symbol or the address, for the message of an unknown reference. */
  candidates(chain: string, networkId: number, contractAddress: string): CatalogToken[];
  readonly size: number;
}

/** EVM addresses compare case-insensitively (EIP-55 case is a checksum, not identity). */
export function tokenKey(chain: string, networkId: number, contractAddress: string): string {
  const address = chain === "EVM" ? contractAddress.toLowerCase() : contractAddress;
  return `${chain}\u0000${networkId}\u0000${address}`;
}

export function indexCatalog(tokens: readonly CatalogToken[]): TokenCatalogIndex {
  const byKey = new Map<string, CatalogToken>();
  const byAddress = new Map<string, CatalogToken[]>();
  for (const token of tokens) {
    byKey.set(tokenKey(token.chain, token.networkId, token.contractAddress), token);
    const address = token.contractAddress.toLowerCase();
    const list = byAddress.get(address);
    if (list) list.push(token);
    else byAddress.set(address, [token]);
  }
  return {
    size: byKey.size,
    has: (chain, networkId, contractAddress) => byKey.has(tokenKey(chain, networkId, contractAddress)),
    candidates(chain, networkId, contractAddress) {
      return byAddress.get(contractAddress.toLowerCase())?.slice(0, 5) ?? [];
    },
  };
}
