/** `screenpol users list` against the emulator: the table, --json, --filter, --all over several pages. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lines, SEED_IDS, startAdminHarness, type AdminHarness } from "./harness.js";

let harness: AdminHarness;
beforeAll(async () => {
  harness = await startAdminHarness();
});
afterAll(() => harness.close());

/** The sandbox users as the emulator holds them, in listing order. */
function sandboxUsers(): Array<Record<string, unknown> & { id: string; email: string }> {
  return harness.emulator.store.state.users.filter((user) => user.record.projectEnvironmentId === SEED_IDS.sandboxEnvironment).map((user) => user.record);
}

interface UsersDocument {
  environment: string;
  environmentId: string;
  count: number;
  offset: number;
  nextOffset: number | null;
  users: Array<{ id: string; email: string }>;
}

describe("screenpol users list", () => {
  it("prints one page as a table with a summary (exit 0)", async () => {
    const expected = sandboxUsers();
    const run = await harness.run(["users", "list", "--env", "sandbox", "--limit", "5", "--offset", "5"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const output = lines(run.stdout);
    expect(output[0]).toMatch(/^ID {2,}EMAIL {2,}USERNAME {2,}FIRST VISIT {2,}LAST VISIT$/);
    expect(output).toHaveLength(7);
    output.slice(1, 6).forEach((row, index) => {
      const user = expected[5 + index]!;
      expect(row.split(/ {2,}/)).toEqual([user.id, user.email, user.username, user.firstVisit, user.lastVisit]);
    });
    expect(output[6]).toBe(`users 6-10 of ${expected.length}; next page: --offset 10 (or --all)`);
  });

  it("prints one JSON document with --json", async () => {
    const expected = sandboxUsers();
    const run = await harness.run(["users", "list", "--env", "sandbox", "--limit", "3", "--json"]);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as UsersDocument;
    expect(document).toMatchObject({ environment: "sandbox", environmentId: SEED_IDS.sandboxEnvironment, count: expected.length, offset: 0, nextOffset: 3 });
    expect(document.users).toEqual(expected.slice(0, 3));
  });

  it("filters on a column with --filter COLUMN=VALUE", async () => {
    const matching = sandboxUsers().filter((user) => user.email.includes("keiko"));
    expect(matching.length).toBeGreaterThan(0);
    const run = await harness.run(["users", "list", "--env", "sandbox", "--filter", "email=keiko", "--json"]);
    expect(run.code).toBe(0);
    const document = JSON.parse(run.stdout) as UsersDocument;
    expect(document.count).toBe(matching.length);
    expect(document.users.map((user) => user.id)).toEqual(matching.map((user) => user.id));
  });

  it("walks every page with --all, one request per page", async () => {
    const expected = sandboxUsers();
    const pages = Math.ceil(expected.length / 10);
    expect(pages).toBeGreaterThan(2);
    const before = harness.requests();
    const run = await harness.run(["users", "list", "--env", "sandbox", "--all", "--limit", "10", "--json"]);
    expect(run.code).toBe(0);
    expect(harness.requests() - before).toBe(pages);
    const document = JSON.parse(run.stdout) as UsersDocument;
    expect(document).toMatchObject({ count: expected.length, offset: 0, nextOffset: null });
    expect(document.users.map((user) => user.id)).toEqual(expected.map((user) => user.id));
  });

  it("ends the --all table with the total", async () => {
    const expected = sandboxUsers();
    const run = await harness.run(["users", "list", "--env", "sandbox", "--all"]);
    expect(run.code).toBe(0);
    const output = lines(run.stdout);
    expect(output).toHaveLength(expected.length + 2);
    expect(output.at(-1)).toBe(`${expected.length} users`);
  });

  it("refuses bad flags before any request (exit 2)", async () => {
    const before = harness.requests();
    const cases: Array<[string[], string]> = [
      [["--limit", "ten"], "screenpol: option '--limit <n>' argument 'ten' is invalid. It must be a whole number from 1 to 100.\n"],
      [["--all", "--offset", "5"], "screenpol: --all reads every page from the first; it does not take --offset\n"],
      [["--filter", "keiko"], 'screenpol: --filter takes COLUMN=VALUE, e.g. --filter email=example.com, not "keiko"\n'],
      [["--limit", "500"], "screenpol: option '--limit <n>' argument '500' is invalid. It must be a whole number from 1 to 100.\n"],
    ];
    for (const [flags, message] of cases) {
      const run = await harness.run(["users", "list", "--env", "sandbox", ...flags]);
      expect({ flags, code: run.code, stderr: run.stderr }).toEqual({ flags, code: 2, stderr: message });
    }
    expect(harness.requests()).toBe(before);
  });

  it("needs --env when the config declares several environments (exit 2)", async () => {
    const run = await harness.run(["users", "list"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("screenpol: --env is required: screenpol.config.yaml declares sandbox, live\n");
  });
});
