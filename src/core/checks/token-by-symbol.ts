/**
 * token-by-symbol (policy-language.md section 3; admin-api.md, Token catalog
 * entry): a token is identified by chain, network and contract address. A symbol
 * is not unique (the same symbol exists on several networks, and anyone can deploy
 * a token under a known symbol), so a reference by symbol can screen the wrong asset.
 *
 * Reported: a `symbol` key in an item of `rules.preScreen.tokens` (at the key, also
 * when the item lacks the other fields: the schema still names what is missing),
 * and an item written as a bare short string such as `USDC` (at the item). A bare
 * string counts as a symbol when it is at most MAX_SYMBOL_LENGTH characters and not
 * `0x...`; a longer string is more likely an address, and the schema's "must be a
 * map" says enough there.
 */
import { isRecord } from "../config.js";
import type { FileCheck, Finding } from "./check.js";
import { ownMember, preScreenOf } from "./policy-parts.js";

/** Far above any ticker symbol, far below any EVM (42) or Solana (32..44) address. */
const MAX_SYMBOL_LENGTH = 20;

const SYMBOL_KEY_MESSAGE =
  "a token is identified by chain, networkId and contractAddress, never by symbol: the same symbol exists on several networks";

export const check: FileCheck = {
  code: "token-by-symbol",
  appliesTo: ["policy"],
  run(file) {
    const tokens = ownMember(preScreenOf(file.data), "tokens");
    if (!Array.isArray(tokens)) return [];
    const findings: Finding[] = [];
    tokens.forEach((token, index) => {
      const path = ["rules", "preScreen", "tokens", index];
      if (typeof token === "string" && looksLikeSymbol(token)) {
        findings.push({
          code: "token-by-symbol",
          path,
          message:
            `${JSON.stringify(token)} names a token by symbol, and the same symbol exists on several networks; ` +
            "write the token as {chain, networkId, contractAddress}, as in the token catalog",
          target: "value",
        });
      } else if (isRecord(token) && Object.hasOwn(token, "symbol")) {
        findings.push({ code: "token-by-symbol", path: [...path, "symbol"], message: SYMBOL_KEY_MESSAGE, target: "key" });
      }
    });
    return findings;
  },
};

function looksLikeSymbol(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== "" && trimmed.length <= MAX_SYMBOL_LENGTH && !/^0x/i.test(trimmed);
}
