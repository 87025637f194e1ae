/**
 * duplicate-address-entry (policy-language.md section 6): the same (address,
 * chain) twice in one addresses.yaml. Entries belong to (environment, vendor), so
 * a second entry can only contradict or shadow the first.
 */
import { isRecord } from "../config.js";
import type { CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "duplicate-address-entry",
  appliesTo: ["addresses"],
  run(file: CheckedFile): Finding[] {
    const entries = isRecord(file.data) ? file.data.entries : undefined;
    if (!Array.isArray(entries)) return [];
    const findings: Finding[] = [];
    const seen = new Map<string, { index: number; action: unknown }>();
    entries.forEach((entry: unknown, index) => {
      if (!isRecord(entry)) return;
      const { address, chain, action } = entry;
      if (typeof address !== "string" || typeof chain !== "string" || address === "") return;
      const key = `${chain}\u0000${addressIdentity(chain, address)}`;
      const earlier = seen.get(key);
      if (!earlier) {
        seen.set(key, { index, action });
        return;
      }
      const disagreement =
        typeof action === "string" && typeof earlier.action === "string" && action !== earlier.action
          ? ` and the two disagree (${earlier.action} there, ${action} here)`
          : "";
      findings.push({
        code: "duplicate-address-entry",
        path: ["entries", index, "address"],
        message: `${address} on ${chain} is already listed at entries[${earlier.index}]${disagreement}; an address has one entry per (environment, vendor)`,
      });
    });
    return findings;
  },
};

/**
 * The form two spellings of one address share: EVM hex is case-insensitive (the
 * EIP-55 case is a checksum, not identity) and so is bech32 (BIP-173); base58
 * (Solana, Bitcoin 1.../3...) is case-sensitive.
 */
export function addressIdentity(chain: string, address: string): string {
  if (chain === "EVM") return address.toLowerCase();
  if (chain === "BTC" && /^bc1/i.test(address)) return address.toLowerCase();
  return address;
}
