/** `screenpol onramps` against the emulator: the merchant name in the URLs, and parameters refused before sending. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lines, SEED_IDS, startAdminHarness, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
beforeAll(async () => {
  harness = await startAdminHarness();
});
afterAll(() => harness.close());

describe("screenpol onramps", () => {
  it("prints provider, name and URL, the merchant name appended where the provider supports it (exit 0)", async () => {
    const run = await harness.run(["onramps", "--env", "live", "--merchant-name", "Acme Pay", "--currency", "EUR"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [header, ...rows] = lines(run.stdout);
    expect(header).toMatch(/^PROVIDER {2,}NAME {2,}URL$/);
    expect(rows.map((row) => row.split(/ {2,}/))).toEqual([
      ["banxa", "Banxa", "https://checkout.banxa.example/?currency=EUR&merchantName=Acme+Pay"],
      ["coinbaseOnramp", "Coinbase Onramp", "https://pay.coinbase.example/buy?currency=EUR"],
      ["cryptoDotCom", "Crypto.com Pay", "https://pay.crypto.example/onramp?currency=EUR&merchantName=Acme+Pay"],
    ]);
  });

  it("prints one JSON document with --json", async () => {
    const run = await harness.run(["onramps", "--env", "sandbox", "--json"]);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as { environmentId: string; onramps: Array<{ provider: string }> };
    expect(document.environmentId).toBe(SEED_IDS.sandboxEnvironment);
    expect(document.onramps.map((onramp) => onramp.provider)).toEqual(["banxa", "coinbaseOnramp"]);
  });

  it("refuses a parameter outside the documented characters or length: one line, exit 2, no request", async () => {
    const before = harness.requests();
    const invalid = await harness.run(["onramps", "--env", "live", "--merchant-name", "Acme <script>"]);
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toBe("");
    expect(invalid.stderr).toBe(
      "screenpol: --merchant-name contains the character \"<\" (U+003C) at position 6; allowed are letters A-Z a-z, digits, space and _ . , : ! ? & % @ / ' -\n",
    );
    const tooLong = await harness.run(["onramps", "--env", "live", "--wallet-address", "a".repeat(256)]);
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toBe("screenpol: --wallet-address is 256 characters long; at most 255 are allowed\n");
    const token = await harness.run(["onramps", "--env", "live", "--crypto-token", "USDC\n"]);
    expect(token.code).toBe(2);
    expect(lines(token.stderr)).toEqual([expect.stringMatching(/^screenpol: --crypto-token contains the character U\+000A at position 5;/)]);
    expect(harness.requests()).toBe(before);
  });
});
