/**
 * unknown-token (policy-language.md section 3): when a token catalog snapshot
 * exists, a `rules.preScreen.tokens` reference that is not in it is an error. A
 * reference to a token the service does not list never matches a transfer, so
 * transfers of the intended token would skip the vendor check without anyone
 * noticing.
 *
 * Identity is (chain, networkId, contractAddress), never the symbol (admin-api.md,
 * Token catalog entry); EVM addresses compare case-insensitively (catalog.ts). The
 * message names the nearest candidates the index offers: the same address on
 * another chain or network (a wrong networkId), the same symbol on the referenced
 * network (another network's address), an address a character or two away (a
 * typo).
 *
 * Not in a SIGN_IN policy, where `tokens` itself is a scope-field error.
 * Without a snapshot the check is skipped (the CLI says so once on stderr).
 * Items that are not a complete reference (a bare string, a missing or mistyped
 * member) are left to the schema and token-by-symbol.
 */
import type { CatalogToken } from "../catalog.js";
import { isRecord } from "../config.js";
import type { FileCheck, Finding } from "./check.js";
import { ownMember, preScreenOf } from "./policy-parts.js";

export const check: FileCheck = {
  code: "unknown-token",
  appliesTo: ["policy"],
  run(file, context) {
    const catalog = context.catalog;
    // In a SIGN_IN policy the whole `tokens` list is already a scope-field error.
    if (!catalog || file.scope === "SIGN_IN") return [];
    const tokens = ownMember(preScreenOf(file.data), "tokens");
    if (!Array.isArray(tokens)) return [];
    const findings: Finding[] = [];
    tokens.forEach((token, index) => {
      if (!isRecord(token)) return;
      const chain = ownMember(token, "chain");
      const networkId = ownMember(token, "networkId");
      const contractAddress = ownMember(token, "contractAddress");
      if (typeof chain !== "string" || typeof contractAddress !== "string" || !Number.isSafeInteger(networkId)) return;
      if (catalog.has(chain, networkId as number, contractAddress)) return;
      findings.push({
        code: "unknown-token",
        path: ["rules", "preScreen", "tokens", index],
        message: unknownMessage(chain, networkId as number, contractAddress, catalog.candidates(chain, networkId as number, contractAddress)),
      });
    });
    return findings;
  },
};

function unknownMessage(chain: string, networkId: number, contractAddress: string, candidates: readonly CatalogToken[]): string {
  const head = `token ${contractAddress} on ${chain} network ${networkId} is not in the token catalog snapshot`;
  if (candidates.length === 0) {
    return `${head}; check the chain, networkId and contractAddress, or run \`screenpol catalog sync\` if the token was listed recently`;
  }
  const described = candidates.map((candidate) => {
    // EVM case is a checksum; elsewhere (base58) case is part of the address, so a case variant is shown in full.
    const sameAddress =
      candidate.contractAddress === contractAddress ||
      (candidate.chain === "EVM" && chain === "EVM" && candidate.contractAddress.toLowerCase() === contractAddress.toLowerCase());
    const where = `${candidate.chain} network ${candidate.networkId}`;
    return sameAddress
      ? `${candidate.symbol} (${candidate.name}) has this address on ${where}`
      : `${candidate.symbol} (${candidate.name}) on ${where} is ${candidate.contractAddress}`;
  });
  return `${head}; nearest: ${described.join("; ")}`;
}
