/**
 * The catalog sync protocol (admin-api.md, operation 2; toolkit.md, Token catalog
 * sync) against the emulator on loopback: every request counted where the
 * emulator receives it, every fault injected through the emulator.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { diffCatalog, MAX_RESTARTS, syncCatalog } from "../../src/app/catalog.js";
import { ConfigError, UsageError } from "../../src/app/errors.js";
import { RemoteError } from "../../src/remote/index.js";
import { readSnapshot } from "../../src/workspace/catalog-store.js";
import { NO_SETTINGS_TOKEN, renamedToken, startCatalogEmulator, tempCatalogRepo, type CatalogEmulator, type TempCatalogRepo } from "./catalog-emulator.js";

/** 2,000 tokens: 20 pages of 100. */
const SIZE = 2000;

let live: CatalogEmulator;
let repo: TempCatalogRepo;

beforeAll(async () => {
  live = await startCatalogEmulator(SIZE);
});
afterAll(() => live.close());
beforeEach(() => {
  repo = tempCatalogRepo();
  live.requests.length = 0;
  live.sleeps.length = 0;
  live.beforeCatalogRequest = undefined;
  live.emulator.faults.clear();
});
afterEach(() => repo.remove());

const NOW = new Date("2026-11-21T12:00:00Z");
const sync = (options: { limit?: number; token?: string; maxRestarts?: number } = {}) =>
  syncCatalog({ client: live.client({ token: options.token }), paths: repo.paths, source: live.baseUrl, limit: options.limit, maxRestarts: options.maxRestarts, now: () => NOW });

/** The files, byte for byte, to compare before and after a failure. */
function files(): { tokens: string; meta: string } {
  return { tokens: readFileSync(repo.paths.tokens, "utf8"), meta: readFileSync(repo.paths.meta, "utf8") };
}

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

describe("catalog sync: the polling protocol", () => {
  it("reads every page into a sorted, one-token-per-line snapshot with its meta", async () => {
    const result = await sync({ limit: 100 });
    expect(result).toMatchObject({ outcome: "updated", firstStatus: 200, pages: 20, tokens: SIZE, requests: 20, restarts: 0, previousVersion: null });
    expect(result.changes).toEqual({ added: SIZE, removed: 0, changed: 0 });
    expect(live.requests).toHaveLength(20);
    expect(live.requests[0]!.ifNoneMatch).toBeUndefined();
    const text = readFileSync(repo.paths.tokens, "utf8");
    const lines = text.split("\n");
    expect(lines[0]).toBe("[");
    expect(lines.at(-2)).toBe("]");
    expect(lines).toHaveLength(SIZE + 3);
    const snapshot = await readSnapshot(repo.paths);
    if (snapshot.status !== "ok") throw new Error(snapshot.status);
    expect(snapshot.meta).toMatchObject({ version: result.version, etag: result.etag, limit: 100, tokenCount: SIZE, pages: 20, syncedAt: NOW.toISOString(), source: live.baseUrl });
    const order = snapshot.tokens.map((token) => [token.chain, token.networkId, token.chain === "EVM" ? token.contractAddress.toLowerCase() : token.contractAddress] as const);
    const sorted = [...order].sort((a, b) => (a[0] !== b[0] ? (a[0] < b[0] ? -1 : 1) : a[1] !== b[1] ? a[1] - b[1] : a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0));
    expect(order).toEqual(sorted);
  });

  it("304: one request with the saved ETag on the first page, files untouched", async () => {
    const first = await sync({ limit: 100 });
    const before = files();
    live.requests.length = 0;
    const again = await sync();
    expect(again).toMatchObject({ outcome: "unchanged", firstStatus: 304, requests: 1, version: first.version, limit: 100 });
    expect(live.requests).toEqual([{ url: "/api/v0/tokenCatalog?limit=100", ifNoneMatch: first.etag }]);
    expect(files()).toEqual(before);
  });

  it("304 after a writer was killed between the renames: the pending meta is renamed into place, strays removed", async () => {
    const { renameSync, writeFileSync } = await import("node:fs");
    const { spawnSync } = await import("node:child_process");
    await sync({ limit: 100 });
    const meta = readFileSync(repo.paths.meta, "utf8");
    // The crash state: the new meta still a temporary, an older meta in place, a dead writer's lock and tokens temporary.
    renameSync(repo.paths.meta, `${repo.paths.dir}/.tokens.meta.json.4242.0badf00d.tmp`);
    writeFileSync(repo.paths.meta, meta.replace(/"sha256": "[0-9a-f]+"/, `"sha256": "${"0".repeat(64)}"`).replace(/"version": "[^"]+"/, '"version": "older"'));
    const deadPid = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(`${repo.paths.dir}/.tokens.lock`, `${deadPid}\n`);
    writeFileSync(`${repo.paths.dir}/.tokens.json.4242.0badf00d.tmp`, "[\n{");
    live.requests.length = 0;
    expect(await sync()).toMatchObject({ outcome: "unchanged", firstStatus: 304, requests: 1 });
    expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
    expect(readFileSync(repo.paths.meta, "utf8")).toBe(meta);
  });

  it("200 with the same version: one request, snapshot kept; the ETag of a new limit is saved for the next poll", async () => {
    await sync({ limit: 100 });
    const before = files();
    live.requests.length = 0;
    const other = await sync({ limit: 40 });
    // A different limit: the saved ETag (bound to limit 100) is not sent.
    expect(live.requests).toEqual([{ url: "/api/v0/tokenCatalog?limit=40", ifNoneMatch: undefined }]);
    expect(other).toMatchObject({ outcome: "unchanged", firstStatus: 200, requests: 1, metaRefreshed: true, limit: 40 });
    expect(readFileSync(repo.paths.tokens, "utf8")).toBe(before.tokens);
    const snapshot = await readSnapshot(repo.paths);
    expect(snapshot.status === "ok" && snapshot.meta).toMatchObject({ limit: 40, etag: other.etag, syncedAt: NOW.toISOString() });
    live.requests.length = 0;
    // Now the saved limit is 40 and its ETag matches: 304.
    expect(await sync()).toMatchObject({ outcome: "unchanged", firstStatus: 304, requests: 1 });
    expect(live.requests[0]!.ifNoneMatch).toBe(other.etag);
  });

  it("a new version: reads all pages and replaces tokens.json and meta together, counting +/-/~", async () => {
    const first = await sync({ limit: 100 });
    const snapshot = await readSnapshot(repo.paths);
    if (snapshot.status !== "ok") throw new Error(snapshot.status);
    const [gone, edited] = snapshot.tokens.filter((token) => token.tokenId !== "test-token-d1");
    await live.changeCatalog({ remove: [gone!.tokenId], upsert: [renamedToken("v2"), { ...edited, name: `${edited!.name} v2` }] });
    live.requests.length = 0;
    const second = await sync();
    expect(second).toMatchObject({ outcome: "updated", firstStatus: 200, previousVersion: first.version, requests: 20, pages: 20, tokens: SIZE });
    expect(second.changes).toEqual({ added: 1, removed: 1, changed: 1 });
    expect(second.version).not.toBe(first.version);
    // The ETag went on the first page only.
    expect(live.requests.map((request) => request.ifNoneMatch)).toEqual([first.etag, ...Array(19).fill(undefined)]);
    const after = await readSnapshot(repo.paths);
    expect(after.status === "ok" && after.meta?.version).toBe(second.version);
    // Restore the live catalog for the other tests.
    await live.changeCatalog({ remove: ["test-token-d1"], upsert: [gone, edited] });
  });

  it("the catalog changes mid-read: the partial read is discarded and restarted from the first page", async () => {
    live.beforeCatalogRequest = async (n) => {
      if (n === 7) await live.changeCatalog({ upsert: [renamedToken("mid-read")] });
    };
    const result = await sync({ limit: 100 });
    // 2,001 tokens now: 21 pages.
    expect(result).toMatchObject({ outcome: "updated", restarts: 1, pages: 21, tokens: SIZE + 1, requests: 7 + 21 });
    // 6 pages of the first read, page 7 reports the new version, then a whole read of 21.
    expect(live.requests).toHaveLength(7 + 21);
    expect(live.requests[7]!.url).toBe("/api/v0/tokenCatalog?limit=100");
    const snapshot = await readSnapshot(repo.paths);
    expect(snapshot.status === "ok" && snapshot.tokens.some((token) => token.name === "Test mid-read")).toBe(true);
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });

  it("a catalog that keeps changing: gives up after the bounded restarts, snapshot untouched", async () => {
    await sync({ limit: 100 });
    const before = files();
    await live.changeCatalog({ upsert: [renamedToken("start")] });
    let change = 0;
    // Every third request changes the catalog again: no read can finish.
    live.beforeCatalogRequest = async (n) => {
      if (n % 3 === 0) await live.changeCatalog({ upsert: [renamedToken(`churn ${++change}`)] });
    };
    live.requests.length = 0;
    const error = await errorOf(sync());
    expect(error).toBeInstanceOf(RemoteError);
    expect(error.message).toMatch(new RegExp(`changed during ${MAX_RESTARTS + 1} consecutive reads.*catalog/tokens.json left unchanged$`));
    expect(files()).toEqual(before);
    live.beforeCatalogRequest = undefined;
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });
});

describe("catalog sync: faults", () => {
  it("429 then success: retried after the Retry-After wait", async () => {
    live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "429", count: 1, retryAfter: 2 });
    const result = await sync({ limit: 100 });
    expect(result).toMatchObject({ outcome: "updated", pages: 20, tokens: SIZE });
    expect(live.requests).toHaveLength(21);
    expect(live.sleeps).toEqual([2000]);
  });

  it("503 three times then success", async () => {
    live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "503", count: 3 });
    const result = await sync({ limit: 100 });
    expect(result).toMatchObject({ outcome: "updated", tokens: SIZE });
    expect(live.requests).toHaveLength(23);
    expect(live.sleeps).toHaveLength(3);
  });

  it("500 forever: bounded retries, then a remote error; the snapshot is untouched", async () => {
    await sync({ limit: 100 });
    await live.changeCatalog({ upsert: [renamedToken("unseen")] });
    const before = files();
    live.requests.length = 0;
    live.beforeCatalogRequest = (n) => {
      if (n === 3) live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "500", count: "always" });
    };
    const error = await errorOf(sync());
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).kind).toBe("server");
    expect(error.message).toMatch(/^GET token catalog next page: 500 Internal Server Error \(gave up after 5 attempts\); catalog\/tokens.json left unchanged$/);
    expect(live.requests).toHaveLength(2 + 5);
    expect(files()).toEqual(before);
    expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });

  it("a dropped connection on page 7 of 20: retried, the snapshot is complete", async () => {
    live.beforeCatalogRequest = (n) => {
      if (n === 7) live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "drop", count: 1 });
    };
    const result = await sync({ limit: 100 });
    expect(result).toMatchObject({ outcome: "updated", pages: 20, tokens: SIZE, requests: 20 });
    expect(live.requests).toHaveLength(21);
    expect(live.requests[6]!.url).toBe(live.requests[7]!.url);
  });

  it("connections dropped for good mid-read: a network error, no snapshot written", async () => {
    live.beforeCatalogRequest = (n) => {
      if (n === 7) live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "drop", count: "always" });
    };
    const error = await errorOf(sync({ limit: 100 }));
    expect((error as RemoteError).kind).toBe("network");
    expect(existsSync(repo.paths.tokens)).toBe(false);
    expect(existsSync(repo.paths.dir)).toBe(false);
  });

  it("400 for an invalid cursor: one clear line, the snapshot untouched", async () => {
    await sync({ limit: 100 });
    await live.changeCatalog({ upsert: [renamedToken("cursor")] });
    const before = files();
    live.requests.length = 0;
    live.beforeCatalogRequest = (n, request) => {
      if (n === 4) request.url = (request.url ?? "").replace(/cursor=[^&]*/, "cursor=c1.zz.000000000000");
    };
    const error = await errorOf(sync());
    expect((error as RemoteError).kind).toBe("badRequest");
    expect(error.message).toMatch(/^GET token catalog next page: 400 cursor is invalid.*; catalog\/tokens.json left unchanged$/);
    expect(error.message).not.toMatch(/\n/);
    expect(live.requests).toHaveLength(4);
    expect(files()).toEqual(before);
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });

  it("403 without environment.settings.read names the scope; 401 for an unknown token", async () => {
    const forbidden = await errorOf(sync({ token: NO_SETTINGS_TOKEN }));
    expect((forbidden as RemoteError).kind).toBe("forbidden");
    expect(forbidden.message).toContain("environment.settings.read");
    const unauthorised = await errorOf(sync({ token: "dyn_not_a_known_token_000000" }));
    expect((unauthorised as RemoteError).kind).toBe("auth");
    expect(live.requests).toHaveLength(2);
  });

  it.each([0, 101, 1.5, -1, Number.NaN])("limit %s is refused before any request", async (limit) => {
    const error = await errorOf(sync({ limit }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toMatch(/^--limit must be an integer from 1 to 100/);
    expect(live.requests).toHaveLength(0);
  });

  it("an unwritable catalog folder: a configuration error, nothing half-written", async () => {
    const { writeFileSync, chmodSync, mkdirSync } = await import("node:fs");
    if (process.getuid?.() === 0) {
      // root ignores permissions; a file where the folder should be fails for everyone.
      writeFileSync(repo.paths.dir, "not a folder");
    } else {
      mkdirSync(repo.paths.dir);
      chmodSync(repo.paths.dir, 0o500);
    }
    const error = await errorOf(sync({ limit: 100 }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(/catalog/);
  });
});

describe("catalog diff", () => {
  it("304 when nothing changed: one request, no differences", async () => {
    await sync({ limit: 100 });
    live.requests.length = 0;
    const result = await diffCatalog({ client: live.client(), paths: repo.paths, source: live.baseUrl });
    expect(result).toMatchObject({ how: "notModified", requests: 1, diff: { added: [], removed: [], changed: [] } });
  });

  it("added, removed and changed by (chain, networkId, contractAddress), with the fields that changed", async () => {
    await sync({ limit: 100 });
    const snapshot = await readSnapshot(repo.paths);
    if (snapshot.status !== "ok") throw new Error(snapshot.status);
    const [gone, edited] = snapshot.tokens;
    await live.changeCatalog({ remove: [gone!.tokenId], upsert: [renamedToken("diff"), { ...edited, decimals: 2, logoURI: undefined }] });
    const before = files();
    const result = await diffCatalog({ client: live.client(), paths: repo.paths, source: live.baseUrl });
    expect(result.how).toBe("read");
    expect(result.diff.added.map((token) => token.tokenId)).toEqual(["test-token-d1"]);
    expect(result.diff.removed).toEqual([gone]);
    expect(result.diff.changed).toHaveLength(1);
    expect(result.diff.changed[0]!.token.contractAddress).toBe(edited!.contractAddress);
    const fields = result.diff.changed[0]!.fields;
    expect(fields.find((field) => field.field === "decimals")).toEqual({ field: "decimals", from: edited!.decimals, to: 2 });
    // diff writes nothing.
    expect(files()).toEqual(before);
    await live.changeCatalog({ remove: ["test-token-d1"], upsert: [gone, edited] });
  });
});
