/**
 * screenpol replay --live: the working tree against the live policy and
 * address entries, read from the emulator on loopback through a counting
 * front: a fixed number of GETs, whatever the number of screenings.
 */
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../helpers/run-cli.js";
import { SANDBOX_ID, setUp, type Setup } from "./plan-harness.js";

const SAMPLE = "examples/replay/sandbox-vendorA-transaction.jsonl";
const TARGET = ["--env", "sandbox", "--vendor", "vendorAWalletScreening", "--scope", "TRANSACTION"];

describe("screenpol replay --live", () => {
  let setup: Setup;
  let server: Server;
  let seen: string[];
  let baseUrl: string;
  beforeEach(async () => {
    setup = await setUp();
    setup.repo.write(SAMPLE, readFileSync(join(PROJECT_ROOT, SAMPLE)));
    seen = [];
    const handler = setup.harness.emulator.handler;
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v0`;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await setup.close();
  });

  it("decides against the live revision with one GET each for the environment, the policy and the address entries", async () => {
    // Live sandbox TRANSACTION has minAmountUsd 100, the file 250: a transfer of exactly 100 USD is no longer screened.
    const run = await setup.cli(["replay", SAMPLE, ...TARGET, "--live", "--format", "json"], { env: { SCREENPOL_BASE_URL: baseUrl } });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect([report.screenings, report.changed]).toEqual([30, 1]);
    expect(report.transitions).toEqual([{ from: "BLOCK", to: "ALLOW", count: 1 }]);
    expect(report.samples).toEqual([{ line: 24, environment: "sandbox", providerType: "vendorAWalletScreening", scope: "TRANSACTION", from: { action: "BLOCK", by: "block-severe-risk-score" }, to: { action: "ALLOW", by: "pre-screen" } }]);
    expect(seen.sort()).toEqual([
      `GET /api/v0/environments/${SANDBOX_ID}`,
      `GET /api/v0/environments/${SANDBOX_ID}/screeningAddressEntries/vendorAWalletScreening`,
      `GET /api/v0/environments/${SANDBOX_ID}/screeningPolicies/vendorAWalletScreening/TRANSACTION`,
    ]);
    const pretty = await setup.cli(["replay", SAMPLE, ...TARGET, "--live"], { env: { SCREENPOL_BASE_URL: baseUrl } });
    expect(pretty.stdout.split("\n").slice(0, 5)).toEqual([
      "Replay of sandbox/vendorAWalletScreening/TRANSACTION: base live revision 9, head working tree",
      "30 screenings, 1 changed, 0 lines skipped",
      "",
      "Weaker (less strict) decisions:",
      "  BLOCK -> ALLOW: 1",
    ]);
  });

  it("reads the live versions once, however many screenings there are", async () => {
    const lines = readFileSync(join(PROJECT_ROOT, SAMPLE), "utf8");
    setup.repo.write("many.jsonl", lines.repeat(200));
    const run = await setup.cli(["replay", "many.jsonl", ...TARGET, "--live", "--format", "json"], { env: { SCREENPOL_BASE_URL: baseUrl } });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).screenings).toBe(6000);
    expect(seen).toHaveLength(3);
  });

  it("exits 4 when the service cannot be read, and 2 without a token", async () => {
    const down = await setup.cli(["replay", SAMPLE, ...TARGET, "--live"], { env: { SCREENPOL_BASE_URL: "http://127.0.0.1:9/api/v0" } });
    expect(down.code).toBe(4);
    expect(down.stdout).toBe("");
    const noToken = await setup.cli(["replay", SAMPLE, ...TARGET, "--live"], { env: { SCREENPOL_API_TOKEN: undefined, SCREENPOL_BASE_URL: baseUrl } });
    expect(noToken.code).toBe(2);
    expect(seen).toEqual([]);
  });
});
