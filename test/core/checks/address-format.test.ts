import { describe, expect, it } from "vitest";
import { addressProblem, base58Decode, bech32Decode, segwitProblem, toChecksumAddress } from "../../../src/core/checks/address-format.js";

describe("EIP-55 (test vectors of the EIP)", () => {
  const checksummed = [
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
    "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
  ];
  it.each(checksummed)("checksums %s", (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace("0X", "0x"))).toBe(address);
    expect(addressProblem("EVM", address)).toBeUndefined();
  });
  it.each([
    "0x52908400098527886E0F7030069857D2E4169EE7",
    "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
    "0xde709f2102306220921060314715629080e2fb77",
    "0x27b1fdb04752bbc536007a920d24acb045561c26",
  ])("accepts the single-case %s", (address) => {
    expect(addressProblem("EVM", address)).toBeUndefined();
  });
  it("names the checksummed form on a mismatch", () => {
    expect(addressProblem("EVM", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toMatch(
      /^EIP-55 checksum mismatch: did you mean 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\?/,
    );
  });
  it("explains the shape", () => {
    expect(addressProblem("EVM", "0x1234")).toMatch(/has 4 hex digits after 0x; an EVM address has exactly 40/);
    expect(addressProblem("EVM", `0x${"ab".repeat(32)}`)).toMatch(/transaction hash or a key/);
    expect(addressProblem("EVM", "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toMatch(/lowercase "0x"/);
    expect(addressProblem("EVM", " 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toMatch(/spaces/);
    expect(addressProblem("EVM", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toMatch(/not an EVM address/);
  });
});

describe("bech32 and bech32m (BIP-173, BIP-350 test vectors)", () => {
  it.each(["A12UEL5L", "a12uel5l", "an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs", "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw", "split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w", "?1ezyfcl"])(
    "valid bech32 %s",
    (text) => {
      const decoded = bech32Decode(text);
      expect(typeof decoded === "object" && decoded.encoding).toBe("bech32");
    },
  );
  it.each(["A1LQFN3A", "a1lqfn3a", "abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx", "split1checkupstagehandshakeupstreamerranterredcaperredlc445v", "?1v759aa"])(
    "valid bech32m %s",
    (text) => {
      const decoded = bech32Decode(text);
      expect(typeof decoded === "object" && decoded.encoding).toBe("bech32m");
    },
  );
  it.each(["A1G7SGD8", "10a06t8", "1qzzfhee", "a12UEL5L", "li1dgmt3", "abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxx"])("invalid %s", (text) => {
    expect(typeof bech32Decode(text)).toBe("string");
  });

  it.each([
    "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
    "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
    "BC1SW50QGDZ25J",
    "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
    "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
  ])("valid mainnet segwit address %s", (address) => {
    expect(segwitProblem(address)).toBeUndefined();
    expect(addressProblem("BTC", address)).toBeUndefined();
  });
  it.each([
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", /version 1 address with a bech32 checksum/],
    ["BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", /version 16 address with a bech32 checksum/],
    ["bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", /version 0 address with a bech32m checksum/],
    ["BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", /witness version/],
    ["bc1pw5dgrnzv", /14 to 74/],
    ["bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", /74/],
    ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", /16-byte version 0/],
    ["bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", /"o".*bech32 character set/],
    ["bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", /padding|checksum/],
    ["bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx", /bech32 checksum mismatch/],
    ["bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", /mixes upper and lower case/],
  ])("invalid %s", (address, message) => {
    expect(addressProblem("BTC", address)).toMatch(message);
  });
  it("names a testnet address", () => {
    expect(addressProblem("BTC", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")).toMatch(/testnet/);
    expect(addressProblem("BTC", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn")).toMatch(/testnet/);
  });
});

describe("base58 and base58check", () => {
  it("decodes leading 1s as zero bytes", () => {
    expect([...(base58Decode("1112") ?? [])]).toEqual([0, 0, 0, 1]);
    expect(base58Decode("0OIl")).toBeUndefined();
  });
  it.each(["1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"])("valid %s", (address) => {
    expect(addressProblem("BTC", address)).toBeUndefined();
  });
  it("rejects a broken checksum, a bad length and a character outside the alphabet", () => {
    expect(addressProblem("BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")).toMatch(/base58check checksum mismatch/);
    expect(addressProblem("BTC", "1BvBMSEYstWetqTF")).toMatch(/26 to 35/);
    expect(addressProblem("BTC", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVl2")).toMatch(/"l"/);
  });
});

describe("Solana", () => {
  it("accepts base58 of 32 to 44 characters", () => {
    expect(addressProblem("SOL", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")).toBeUndefined();
    expect(addressProblem("SOL", "11111111111111111111111111111111")).toBeUndefined();
  });
  it("rejects other lengths and characters", () => {
    expect(addressProblem("SOL", "1".repeat(31))).toMatch(/31 characters/);
    expect(addressProblem("SOL", "1".repeat(45))).toMatch(/45 characters/);
    expect(addressProblem("SOL", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDtIv")).toMatch(/"I"/);
  });
});

it("does not check chains without a known format", () => {
  expect(addressProblem("TRON", "anything at all")).toBeUndefined();
});
