/**
 * `screenpol catalog sync|diff` against a hostile service, as a user runs them
 * (the built bin, a real process): every bound reached, every value the meta
 * could not keep and every echo of the API token ends in one line on stderr and
 * exit 4, nothing on stdout, the snapshot untouched (docs/decisions.md,
 * Catalog sync bounds). Bad bounds on the command line are exit 2 before any request.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogOf, endlessCatalog, HOSTILE_TOKEN, useHostileCatalog, type HostileCatalog } from "../app/hostile-catalog.js";
import { runCli } from "../helpers/run-cli.js";

const context = useHostileCatalog();

const catalogCli = (args: string[]) => runCli(["catalog", ...args, "--base-url", context.service.baseUrl], { cwd: context.repo.dir, env: { SCREENPOL_API_TOKEN: HOSTILE_TOKEN }, timeoutMs: 30_000 });

/** Syncs the sane catalog, then returns a check that the pair is byte for byte the same and alone in its folder. */
async function keptSnapshot(): Promise<() => void> {
  expect((await catalogCli(["sync"])).code).toBe(0);
  context.service.requests.length = 0;
  const before = readFileSync(context.repo.paths.tokens, "utf8") + readFileSync(context.repo.paths.meta, "utf8");
  return () => {
    expect(readFileSync(context.repo.paths.tokens, "utf8") + readFileSync(context.repo.paths.meta, "utf8")).toBe(before);
    expect(readdirSync(context.repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
  };
}

describe("screenpol catalog sync: bounds", () => {
  it("pages that never end: --max-tokens 500 ends it with one line, exit 4; the snapshot untouched, no temporary left", async () => {
    const unchanged = await keptSnapshot();
    context.service.answer = endlessCatalog();
    const run = await catalogCli(["sync", "--max-tokens", "500"]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr: "screenpol: GET token catalog: more than 500 tokens (--max-tokens) after 6 pages; raise --max-tokens if the catalog is really that large; catalog/tokens.json left unchanged\n",
    });
    expect(context.service.requests).toHaveLength(6);
    unchanged();
  });

  it("pages that never end, slowly: --max-seconds 1 ends it with one line, exit 4; the snapshot untouched", async () => {
    const unchanged = await keptSnapshot();
    const endless = endlessCatalog();
    context.service.answer = async (query) => {
      await new Promise((resolve) => setTimeout(resolve, 25));
      return endless(query);
    };
    const run = await catalogCli(["sync", "--max-seconds", "1", "--json"]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^screenpol: GET token catalog: not complete after 1 s \(--max-seconds\) and \d+ requests; raise --max-seconds if the service is really that slow; catalog\/tokens.json left unchanged\n$/);
    unchanged();
  });

  it.each([
    ["--max-tokens", "0", "option '--max-tokens <n>' argument '0' is invalid. It must be a whole number from 1 to 100000000."],
    ["--max-tokens", "100000001", "option '--max-tokens <n>' argument '100000001' is invalid. It must be a whole number from 1 to 100000000."],
    ["--max-tokens", "1.5", "option '--max-tokens <n>' argument '1.5' is invalid. It must be a whole number from 1 to 100000000."],
    ["--max-tokens", "1e6", "option '--max-tokens <n>' argument '1e6' is invalid. It must be a whole number from 1 to 100000000."],
    ["--max-tokens", "-1", "option '--max-tokens <n>' argument '-1' is invalid. It must be a whole number from 1 to 100000000."],
    ["--max-seconds", "0", "option '--max-seconds <n>' argument '0' is invalid. It must be a whole number from 1 to 86400."],
    ["--max-seconds", "10m", "option '--max-seconds <n>' argument '10m' is invalid. It must be a whole number from 1 to 86400."],
  ])("%s %s: exit 2, one line, no request", async (flag, value, message) => {
    for (const command of ["sync", "diff"]) {
      const run = await catalogCli([command, `${flag}=${value}`]);
      expect(run).toEqual({ code: 2, stdout: "", stderr: `screenpol: ${message}\n` });
    }
    expect(context.service.requests).toHaveLength(0);
  });

  it("an ETag longer than 4,096 characters: exit 4, nothing saved; then sync and diff against a sane service work and poll", async () => {
    const sane = catalogOf(10);
    context.service.answer = (query) => ({ ...sane(query), etag: `"${"x".repeat(5000)}"` });
    const run = await catalogCli(["sync"]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr: "screenpol: GET token catalog first page: invalid response: the ETag is 5002 characters long; at most 4096 can be saved and sent back; catalog/tokens.json left unchanged\n",
    });
    expect(existsSync(context.repo.paths.dir)).toBe(false);

    context.service.answer = sane;
    expect(await catalogCli(["sync"])).toMatchObject({ code: 0, stderr: "" });
    expect((await catalogCli(["sync"])).stdout).toMatch(/^catalog unchanged \(304, version /);
    expect((await catalogCli(["diff"])).stdout).toMatch(/^catalog diff: no changes \(304, version /);
  });

  it("the API token echoed in the version: --json prints nothing, one line on stderr without the token, exit 4, no file", async () => {
    context.service.answer = catalogOf(10, `v-${HOSTILE_TOKEN}`);
    const run = await catalogCli(["sync", "--json"]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr: "screenpol: GET token catalog first page: invalid response: the version echoes the API token; refused rather than saved; catalog/tokens.json left unchanged\n",
    });
    expect(existsSync(context.repo.paths.dir)).toBe(false);
  });
});

describe("screenpol catalog diff: bounds", () => {
  it("pages that never end: --max-tokens ends it with one line, exit 4", async () => {
    await keptSnapshot();
    context.service.answer = endlessCatalog();
    const run = await catalogCli(["diff", "--max-tokens", "300"]);
    expect(run).toEqual({
      code: 4,
      stdout: "",
      stderr: "screenpol: GET token catalog: more than 300 tokens (--max-tokens) after 4 pages; raise --max-tokens if the catalog is really that large\n",
    });
  });

  it("the API token echoed in a token's fields: --json prints nothing, exit 4", async () => {
    await keptSnapshot();
    context.service.answer = (query) => {
      const answer = catalogOf(12, "v-sane-2")(query);
      (answer.body as { tokens: Array<Record<string, unknown>> }).tokens[11]!.name = `Token ${HOSTILE_TOKEN}`;
      return answer;
    };
    const run = await catalogCli(["diff", "--json"]);
    expect(run).toEqual({ code: 4, stdout: "", stderr: "screenpol: GET token catalog: invalid response: page 1 echoes the API token in a token's fields; refused rather than written\n" });
  });
});
