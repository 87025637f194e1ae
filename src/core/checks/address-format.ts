/**
 * address-format (policy-language.md section 6): an address entry's address must
 * be valid for its chain. EVM: `0x` + 40 hex digits, with a valid EIP-55 checksum
 * when mixed-case. SOL: base58, 32 to 44 characters. BTC: bech32/bech32m `bc1...`
 * (BIP-173, BIP-350) or base58check `1...`/`3...`. Other chains have no known
 * format and are not checked.
 *
 * The checksums are verified, not only the shapes: a mistyped address still has
 * the right shape, and an entry that names the wrong address blocks or allows
 * nobody.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { isRecord } from "../config.js";
import type { CheckedFile, FileCheck, Finding } from "./check.js";

export const check: FileCheck = {
  code: "address-format",
  appliesTo: ["addresses"],
  run(file: CheckedFile): Finding[] {
    const entries = isRecord(file.data) ? file.data.entries : undefined;
    if (!Array.isArray(entries)) return [];
    const findings: Finding[] = [];
    entries.forEach((entry: unknown, index) => {
      if (!isRecord(entry)) return;
      const { address, chain } = entry;
      const path = ["entries", index, "address"];
      if (typeof address === "number") {
        // YAML 1.2 reads an unquoted 0x... as a hexadecimal integer and loses digits;
        // the schema's "must be a string" (which this claims) would not say why.
        const message =
          chain === "EVM"
            ? 'YAML read this unquoted address as a number (0x... is hexadecimal to YAML) and lost its digits: put the address in quotes, address: "0x..."'
            : "YAML read this unquoted address as a number: put the address in quotes";
        findings.push({ code: "address-format", path, message });
        return;
      }
      if (typeof address !== "string" || typeof chain !== "string" || address === "") return;
      const problem = addressProblem(chain, address);
      if (problem !== undefined) findings.push({ code: "address-format", path, message: problem });
    });
    return findings;
  },
};

/**
 * What is wrong with `address` as an address of `chain`, in a sentence; undefined
 * when it is valid or the chain has no known format.
 */
export function addressProblem(chain: string, address: string): string | undefined {
  if (address.trim() !== address) return "has spaces before or after the address; remove them";
  switch (chain) {
    case "EVM":
      return evmProblem(address);
    case "SOL":
      return solanaProblem(address);
    case "BTC":
      return bitcoinProblem(address);
    default:
      return undefined;
  }
}

// ---------------------------------------------------------------------------
// EVM: EIP-55

const HEX40 = /^[0-9a-fA-F]{40}$/;

function evmProblem(address: string): string | undefined {
  if (/^0X/.test(address)) return `starts with "0X"; an EVM address starts with a lowercase "0x"`;
  if (!address.startsWith("0x")) {
    if (HEX40.test(address)) return `an EVM address starts with 0x: did you mean 0x${address}?`;
    return `is not an EVM address: expected 0x followed by 40 hex digits${otherChainHint(address, "EVM")}`;
  }
  const hex = address.slice(2);
  const bad = [...hex].find((c) => !/[0-9a-fA-F]/.test(c));
  if (bad !== undefined) return `holds ${quoteChar(bad)}, which is not a hex digit; an EVM address is 0x followed by 40 hex digits (0-9, a-f)`;
  if (hex.length !== 40) {
    return `has ${hex.length} hex digits after 0x; an EVM address has exactly 40${hex.length === 64 ? " (64 digits is a transaction hash or a key, not an address)" : ""}`;
  }
  const isMixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (!isMixedCase) return undefined;
  const expected = toChecksumAddress(address);
  if (expected === address) return undefined;
  return (
    `EIP-55 checksum mismatch: did you mean ${expected}? ` +
    "A failing checksum usually means a mistyped character, so compare the address with a trusted source before changing its case"
  );
}

/** The EIP-55 mixed-case checksum form of a `0x` + 40 hex address (any case). */
export function toChecksumAddress(address: string): string {
  const lower = address.replace(/^0x/i, "").toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charAt(i);
    // EIP-55: uppercase a letter when the matching nibble of keccak256(lowercase hex) is >= 8.
    out += /[a-f]/.test(c) && Number.parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

// ---------------------------------------------------------------------------
// Base58 (Solana, Bitcoin legacy)

const BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function firstNonBase58(text: string): string | undefined {
  return [...text].find((c) => !BASE58_ALPHABET.includes(c));
}

/** Base58 text -> bytes (leading `1`s are leading zero bytes); undefined for a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  const bytes: number[] = [];
  for (const char of text) {
    let carry = BASE58_ALPHABET.indexOf(char);
    if (carry < 0) return undefined;
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] ?? 0) * 58;
      bytes[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  for (let i = 0; i < text.length && text.charAt(i) === "1"; i++) bytes.push(0);
  return Uint8Array.from(bytes.reverse());
}

function solanaProblem(address: string): string | undefined {
  const bad = firstNonBase58(address);
  if (bad !== undefined) {
    const hint = otherChainHint(address, "SOL");
    return hint
      ? `is not a Solana address${hint}`
      : `holds ${quoteChar(bad)}, which is not in the base58 alphabet (Solana addresses never contain 0, O, I or l)`;
  }
  // 32 to 44: the base58 length of a 32-byte public key (policy-language.md section 6).
  if (address.length < 32 || address.length > 44) {
    return `is ${address.length} characters; a Solana address is 32 to 44 base58 characters`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Bitcoin: bech32 / bech32m (BIP-173, BIP-350) and base58check (1..., 3...)

const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3] as const;
/** The checksum constants: BIP-173 (bech32) and BIP-350 (bech32m). */
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

export type Bech32Encoding = "bech32" | "bech32m";

function bech32Polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i++) {
      if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i] ?? 0;
    }
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const codes = [...hrp].map((c) => c.charCodeAt(0));
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)];
}

export interface Bech32Decoded {
  hrp: string;
  /** 5-bit values of the data part, checksum excluded. */
  data: number[];
  encoding: Bech32Encoding;
}

/**
 * Decodes a bech32 or bech32m string (BIP-173, BIP-350), verifying its checksum.
 * Returns why it is invalid as a string; never throws.
 */
export function bech32Decode(text: string): Bech32Decoded | string {
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return "mixes upper and lower case; a bech32 address is all lowercase (or all uppercase)";
  if (text.length > 90) return `is ${text.length} characters; a bech32 string has at most 90`;
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf("1");
  if (separator < 1) return "has no human-readable part before the separator 1";
  if (separator + 7 > lower.length) return "is too short to hold a bech32 checksum (6 characters after the separator 1)";
  const hrp = lower.slice(0, separator);
  const data: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const value = BECH32_CHARSET.indexOf(char);
    if (value < 0) return `holds ${quoteChar(char)} after the separator, which is not in the bech32 character set (it never contains 1, b, i or o)`;
    data.push(value);
  }
  const polymod = bech32Polymod([...hrpExpand(hrp), ...data]);
  const encoding: Bech32Encoding | undefined = polymod === BECH32_CONST ? "bech32" : polymod === BECH32M_CONST ? "bech32m" : undefined;
  if (!encoding) return "bech32 checksum mismatch: a character is mistyped, missing or swapped";
  return { hrp, data: data.slice(0, -6), encoding };
}

/** Regroups bits (BIP-173 convertbits) without padding; undefined when the padding is not zero. */
function convertBits(data: readonly number[], from: number, to: number): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & max);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits >= from || ((acc << (to - bits)) & max) !== 0) return undefined;
  return out;
}

/**
 * Validates a mainnet segwit address (`bc1...`): checksum, witness version, the
 * encoding that version requires (v0 bech32, v1+ bech32m) and the program length.
 */
export function segwitProblem(address: string): string | undefined {
  // 14 to 74: the length range of a segwit address (BIP-173: 2..40-byte programs).
  if (address.length < 14 || address.length > 74) return `is ${address.length} characters; a bech32 Bitcoin address has 14 to 74`;
  const decoded = bech32Decode(address);
  if (typeof decoded === "string") return decoded;
  if (decoded.hrp !== "bc") return `has the prefix ${decoded.hrp}1; a mainnet Bitcoin address starts with bc1`;
  const [version, ...rest] = decoded.data;
  if (version === undefined || version > 16) return "has an invalid witness version";
  const program = convertBits(rest, 5, 8);
  if (!program) return "has invalid padding in its witness program: a character is mistyped or missing";
  if (program.length < 2 || program.length > 40) return `has a ${program.length}-byte witness program; segwit allows 2 to 40 bytes`;
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return `has a ${program.length}-byte version 0 witness program; version 0 allows 20 (P2WPKH) or 32 (P2WSH) bytes`;
  }
  if (version === 0 && decoded.encoding !== "bech32") return "is a version 0 address with a bech32m checksum; version 0 uses bech32 (BIP-350): a character is mistyped";
  if (version > 0 && decoded.encoding !== "bech32m") return `is a version ${version} address with a bech32 checksum; version 1 and later use bech32m (BIP-350): a character is mistyped`;
  return undefined;
}

function base58checkProblem(address: string): string | undefined {
  // 26 to 35: the base58 length of a 25-byte version + hash160 + checksum payload.
  if (address.length < 26 || address.length > 35) {
    return `is ${address.length} characters; a legacy (1...) or script (3...) Bitcoin address has 26 to 35`;
  }
  const bad = firstNonBase58(address);
  if (bad !== undefined) return `holds ${quoteChar(bad)}, which is not in the base58 alphabet (Bitcoin addresses never contain 0, O, I or l)`;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25) return "does not decode to a 25-byte Bitcoin address: a character is mistyped, missing or extra";
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  if (!checksum.every((byte, i) => byte === bytes[21 + i])) return "base58check checksum mismatch: a character is mistyped";
  // Version bytes: 0x00 for P2PKH (1...), 0x05 for P2SH (3...).
  const expected = address.startsWith("1") ? 0x00 : 0x05;
  if (bytes[0] !== expected) return "has a version byte that does not match its first character";
  return undefined;
}

function bitcoinProblem(address: string): string | undefined {
  const lower = address.toLowerCase();
  if (lower.startsWith("bc1")) return segwitProblem(address);
  if (address.startsWith("1") || address.startsWith("3")) return base58checkProblem(address);
  if (/^(tb1|bcrt1)/.test(lower) || /^[mn2][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) {
    return "is a Bitcoin testnet address; entries hold mainnet addresses (bc1..., 1... or 3...)";
  }
  return `is not a Bitcoin address: expected bech32 bc1... or base58 1.../3...${otherChainHint(address, "BTC")}`;
}

// ---------------------------------------------------------------------------

/** "; it looks like an EVM address: is the chain right?" when the address fits another chain. */
function otherChainHint(address: string, chain: string): string {
  if (chain !== "EVM" && /^0x[0-9a-fA-F]{40}$/.test(address)) return "; it looks like an EVM address: is the chain right?";
  if (chain !== "BTC" && /^bc1[02-9ac-hj-np-z]{11,71}$/i.test(address)) return "; it looks like a Bitcoin address: is the chain right?";
  return "";
}

function quoteChar(char: string): string {
  return char === " " ? "a space" : JSON.stringify(char);
}
