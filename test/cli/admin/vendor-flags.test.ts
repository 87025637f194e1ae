/** The CLI flags of the vendor's query parameters: `users list --order-by`, the vendor's filter columns, `onramps --token-amount --include-disabled`. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lines, SEED_IDS, startAdminHarness, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
beforeAll(async () => {
  harness = await startAdminHarness();
});
afterAll(() => harness.close());

describe("screenpol users list, the vendor's query", () => {
  it("--filter email=... lists only the matching user, --order-by sorts", async () => {
    const filtered = await harness.run(["users", "list", "--env", "sandbox", "--filter", "email=blocked", "--json"]);
    expect(filtered.stderr).toBe("");
    expect(JSON.parse(filtered.stdout)).toMatchObject({ count: 1, users: [{ id: SEED_IDS.sanctionsBlockedUser }] });
    const ordered = await harness.run(["users", "list", "--env", "sandbox", "--order-by", "email:desc", "--limit", "5", "--json"]);
    expect(ordered.code).toBe(0);
    const emails = (JSON.parse(ordered.stdout) as { users: Array<{ email: string }> }).users.map((user) => user.email);
    expect(emails).toHaveLength(5);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it("refuses a column that is not the vendor's, and a bad --order-by: exit 2, no request", async () => {
    const before = harness.requests();
    const column = await harness.run(["users", "list", "--env", "sandbox", "--filter", "team=growth"]);
    expect(column.code).toBe(2);
    expect(column.stderr).toMatch(/filterColumn must be one of all, id, walletPublicKey, email/);
    const order = await harness.run(["users", "list", "--env", "sandbox", "--order-by", "password"]);
    expect(order.code).toBe(2);
    expect(lines(order.stderr)).toEqual([expect.stringMatching(/orderBy must be one of id, email/)]);
    expect(harness.requests()).toBe(before);
  });
});

describe("screenpol onramps, the vendor's parameters", () => {
  it("--include-disabled lists the disabled onramps, --token-amount prefills the amount", async () => {
    const run = await harness.run(["onramps", "--env", "sandbox", "--include-disabled", "--token-amount", "0.25", "--json"]);
    expect(run.stderr).toBe("");
    const document = JSON.parse(run.stdout) as { onramps: Array<{ provider: string; url: string }> };
    expect(document.onramps.map((onramp) => onramp.provider)).toEqual(["banxa", "coinbaseOnramp", "kraken"]);
    expect(document.onramps.every((onramp) => new URL(onramp.url).searchParams.get("tokenAmount") === "0.25")).toBe(true);
  });

  it("refuses an amount that is not a plain decimal: exit 2, no request", async () => {
    const before = harness.requests();
    const run = await harness.run(["onramps", "--env", "sandbox", "--token-amount", "-3"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^screenpol: --token-amount takes a non-negative decimal number/);
    expect(harness.requests()).toBe(before);
  });
});
