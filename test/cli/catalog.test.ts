/**
 * `screenpol catalog sync|diff` as a user runs them (the built bin, a real
 * process) against the emulator on loopback, and `screenpol lint` with and
 * without the snapshot. Includes the `kill -9` during the write.
 */
import { spawn } from "node:child_process";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runLint } from "../../src/app/lint.js";
import { main } from "../../src/cli/main.js";
import type { CliIo } from "../../src/cli/io.js";
import { readSnapshot, snapshotPaths } from "../../src/workspace/catalog-store.js";
import { NO_SETTINGS_TOKEN, READ_ONLY_TOKEN, renamedToken, startCatalogEmulator, tempCatalogRepo, type CatalogEmulator, type TempCatalogRepo } from "../app/catalog-emulator.js";
import { killDuringWrite, type KillOutcome } from "../helpers/kill-mid-write.js";
import { BIN, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";

let live: CatalogEmulator;
let repo: TempCatalogRepo;

beforeAll(async () => {
  live = await startCatalogEmulator(1000);
});
afterAll(() => live.close());
beforeEach(() => {
  repo = tempCatalogRepo();
  live.requests.length = 0;
  live.beforeCatalogRequest = undefined;
  live.emulator.faults.clear();
});
afterEach(() => repo.remove());

const catalogCli = (args: string[], token = READ_ONLY_TOKEN) =>
  runCli(["catalog", ...args, "--base-url", live.baseUrl], { cwd: repo.dir, env: { SCREENPOL_API_TOKEN: token }, timeoutMs: 30_000 });

describe("screenpol catalog sync", () => {
  it("writes the snapshot, then polls with one request; one line each off a terminal", async () => {
    const first = await catalogCli(["sync"]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^catalog updated: \+1000 -0 ~0 tokens \(version [0-9a-f]{12}; 1000 tokens in 10 pages\)\n$/);
    live.requests.length = 0;
    const second = await catalogCli(["sync"]);
    expect(second.stdout).toMatch(/^catalog unchanged \(304, version [0-9a-f]{12}\)\n$/);
    expect(second.code).toBe(0);
    expect(live.requests).toHaveLength(1);
  });

  it("loads only the bundled undici: Node's built-in copy (behind the fetch globals) is never loaded, full sync or 304", async () => {
    // What a process loaded, read as it exits (timing-free): Node lists every internal module it ran.
    const report = join(repo.dir, "modules.txt");
    const preload = join(repo.dir, "preload.cjs");
    writeFileSync(
      preload,
      `process.on("exit", () => require("node:fs").appendFileSync(${JSON.stringify(report)}, process.moduleLoadList.includes("NativeModule internal/deps/undici/undici") + "\\n"));\n`,
    );
    const env = { SCREENPOL_API_TOKEN: READ_ONLY_TOKEN, NODE_OPTIONS: `--require ${preload}` };
    const first = await runCli(["catalog", "sync", "--base-url", live.baseUrl], { cwd: repo.dir, env, timeoutMs: 30_000 });
    expect(first.stdout).toMatch(/^catalog updated: \+1000 -0 ~0 tokens/);
    const second = await runCli(["catalog", "sync", "--base-url", live.baseUrl], { cwd: repo.dir, env, timeoutMs: 30_000 });
    expect(second).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout).toMatch(/^catalog unchanged \(304, version [0-9a-f]{12}\)\n$/);
    expect(readFileSync(report, "utf8")).toBe("false\nfalse\n");
  });

  it("--json prints one JSON object", async () => {
    const run = await catalogCli(["sync", "--limit", "50", "--json"]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ outcome: "updated", status: 200, added: 1000, removed: 0, changed: 0, tokens: 1000, pages: 20, requests: 20, limit: 50, files: ["catalog/tokens.json", "catalog/tokens.meta.json"] });
    await live.changeCatalog({ upsert: [renamedToken("cli")] });
    const again = JSON.parse((await catalogCli(["sync", "--json"])).stdout);
    expect(again).toMatchObject({ outcome: "updated", added: 1, removed: 0, changed: 0, previousVersion: result.version, limit: 50 });
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });

  it.each(["0", "101", "1.5", "ten"])("--limit %s: exit 2, one line, and the emulator saw no request", async (limit) => {
    const run = await catalogCli(["sync", "--limit", limit]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`screenpol: option '--limit <n>' argument '${limit}' is invalid. It must be a whole number from 1 to 100.\n`);
    expect(run.stdout).toBe("");
    expect(live.requests).toHaveLength(0);
  });

  it("403: exit 4 and one line naming the missing scope", async () => {
    const run = await catalogCli(["sync"], NO_SETTINGS_TOKEN);
    expect(run.code).toBe(4);
    expect(run.stderr).toBe(
      "screenpol: GET token catalog first page: 403 Access Forbidden (the API token from SCREENPOL_API_TOKEN lacks the scope environment.settings.read); catalog/tokens.json left unchanged\n",
    );
    expect(run.stderr).not.toContain(NO_SETTINGS_TOKEN);
  });

  it("401: exit 4", async () => {
    const run = await catalogCli(["sync"], "dyn_unknown_token_1234567890");
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/^screenpol: GET token catalog first page: 401 Unauthorized \(the API token from SCREENPOL_API_TOKEN is missing, malformed, invalid or revoked\); catalog\/tokens.json left unchanged\n$/);
  });

  it("500 forever: exit 4 after the bounded retries, the snapshot untouched", async () => {
    expect((await catalogCli(["sync"])).code).toBe(0);
    const before = readFileSync(repo.paths.tokens, "utf8") + readFileSync(repo.paths.meta, "utf8");
    await live.changeCatalog({ upsert: [renamedToken("never seen")] });
    live.requests.length = 0;
    // Retry-After: 0 keeps the five attempts quick.
    live.beforeCatalogRequest = (n) => {
      if (n === 2) live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "500", count: "always", retryAfter: 0 });
    };
    const run = await catalogCli(["sync"]);
    expect(run.code).toBe(4);
    expect(run.stderr).toBe("screenpol: GET token catalog next page: 500 Internal Server Error (gave up after 5 attempts); catalog/tokens.json left unchanged\n");
    expect(live.requests).toHaveLength(1 + 5);
    expect(readFileSync(repo.paths.tokens, "utf8") + readFileSync(repo.paths.meta, "utf8")).toBe(before);
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });

  it("a progress bar on a terminal, redrawn in place on stderr and cleared; the result line on stdout", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      stdout: { write: (chunk: string) => out.push(chunk), isTTY: true },
      stderr: { write: (chunk: string) => err.push(chunk), isTTY: true },
      env: { SCREENPOL_API_TOKEN: READ_ONLY_TOKEN },
      cwd: repo.dir,
      waitForInterrupt: () => new Promise(() => undefined),
    };
    // A slow page now and then, so the bar gets drawn more than once.
    live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "delay", delayMs: 100, count: 4 });
    expect(await main(["catalog", "sync", "--limit", "20", "--base-url", live.baseUrl], io)).toBe(0);
    const stderr = err.join("");
    expect(stderr).toMatch(/^\r\x1b\[2Kcatalog sync \[[ #]{24}\] 1 pages, 20 tokens/);
    expect(stderr).toMatch(/\r\x1b\[2K$/);
    expect(stderr).not.toContain("\n");
    expect(out.join("")).toMatch(/^catalog updated: \+1000 -0 ~0 tokens/);
    // With a snapshot, the bar knows roughly how far it is.
    await live.changeCatalog({ upsert: [renamedToken("tty")] });
    err.length = 0;
    live.emulator.faults.add({ route: "GET /tokenCatalog", kind: "delay", delayMs: 100, count: 4 });
    expect(await main(["catalog", "sync", "--base-url", live.baseUrl], io)).toBe(0);
    expect(err.join("")).toMatch(/\[#+-*\] \d+ pages, [\d,]+ \/ ~1,000 tokens/);
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });
});

describe("screenpol catalog diff", () => {
  it("lists what changed by identity, and says when nothing did", async () => {
    await catalogCli(["sync"]);
    expect((await catalogCli(["diff"])).stdout).toMatch(/^catalog diff: no changes \(304, version [0-9a-f]{12}\)\n$/);
    await live.changeCatalog({ upsert: [renamedToken("diff")] });
    const run = await catalogCli(["diff"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\+ EVM 1 0x00000000000000000000000000000000000000d1 TST "Test diff" \(decimals 18\)\ncatalog diff: \+1 -0 ~0 tokens \(snapshot version [0-9a-f]{12}, live version [0-9a-f]{12}\)\n$/);
    const json = JSON.parse((await catalogCli(["diff", "--json"])).stdout);
    expect(json).toMatchObject({ how: "read", added: [{ tokenId: "test-token-d1" }], removed: [], changed: [] });
    await live.changeCatalog({ remove: ["test-token-d1"] });
  });
});

describe("screenpol lint and the snapshot", () => {
  let samples: TempCatalogRepo;
  beforeEach(() => {
    samples = tempCatalogRepo();
    for (const entry of ["screenpol.config.yaml", "policies", "webhooks"]) cpSync(join(PROJECT_ROOT, entry), join(samples.dir, entry), { recursive: true });
  });
  afterEach(() => samples.remove());

  it("without a snapshot: one info line on stderr (pretty), none in JSON or SARIF, exit 0", async () => {
    const pretty = await runCli(["lint"], { cwd: samples.dir });
    expect(pretty.code).toBe(0);
    expect(pretty.stderr).toBe("screenpol: no token catalog snapshot (catalog/tokens.json); token references not checked — run screenpol catalog sync\n");
    // Said once per repository on this machine, not on every lint after init.
    expect(await runCli(["lint"], { cwd: samples.dir })).toMatchObject({ code: 0, stderr: "" });
    // Another repository is told once too; a cache folder that cannot be written means the line every time.
    const other = tempCatalogRepo();
    try {
      for (const entry of ["screenpol.config.yaml", "policies", "webhooks"]) cpSync(join(PROJECT_ROOT, entry), join(other.dir, entry), { recursive: true });
      // A JSON lint shows no line, so it does not count as said.
      expect((await runCli(["lint", "--format", "json"], { cwd: other.dir })).stderr).toBe("");
      expect((await runCli(["lint"], { cwd: other.dir })).stderr).toContain("no token catalog snapshot");
      const unwritable = join(other.dir, "cache-is-a-file");
      writeFileSync(unwritable, "");
      for (let run = 0; run < 2; run++) expect((await runCli(["lint"], { cwd: other.dir, env: { XDG_CACHE_HOME: unwritable } })).stderr).toContain("no token catalog snapshot");
    } finally {
      other.remove();
    }
    for (const format of ["json", "sarif"]) {
      const run = await runCli(["lint", "--format", format], { cwd: samples.dir });
      expect(run.stderr).toBe("");
      expect(run.stdout).not.toContain("no token catalog snapshot");
      expect(run.code).toBe(0);
    }
  });

  it("with the sample snapshot: references checked, an unknown one is an error at its line", async () => {
    cpSync(join(PROJECT_ROOT, "catalog"), join(samples.dir, "catalog"), { recursive: true });
    expect(await runCli(["lint"], { cwd: samples.dir })).toMatchObject({ code: 0, stderr: "" });
    const file = join(samples.dir, "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(file, readFileSync(file, "utf8").replace("networkId: 137", "networkId: 1"));
    const run = await runCli(["lint", "--format", "json"], { cwd: samples.dir });
    expect(run.code).toBe(1);
    const [finding] = JSON.parse(run.stdout).diagnostics;
    expect(finding).toMatchObject({ file: "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml", line: 22, column: 9, code: "unknown-token" });
    expect(finding.message).toContain("USDC (USD Coin) has this address on EVM network 137");
  });

  it("the repository's sample snapshot holds every sample reference and is the emulator's seeded catalog", async () => {
    const run = await runLint({ cwd: PROJECT_ROOT });
    expect(run.catalog.status).toBe("loaded");
    expect(run.diagnostics).toEqual([]);
    const sample = await readSnapshot(snapshotPaths(PROJECT_ROOT, "catalog"));
    const seeded = await startCatalogEmulator(3000);
    try {
      const page = await seeded.client().getTokenCatalogPage({ limit: 1 });
      expect(sample.status === "ok" && sample.meta?.version).toBe(page.status === 200 && page.page.version);
    } finally {
      await seeded.close();
    }
  });
});

describe("kill -9 during the write", () => {
  /** Large enough that writing takes a while: 40,000 tokens, about 10 MB. */
  const SIZE = 40_000;
  /** Runs of `catalog sync` allowed per round for the kill to land inside the write (proven by a temporary left behind). */
  const MAX_KILL_ATTEMPTS = 4;
  let big: CatalogEmulator;
  beforeAll(async () => {
    big = await startCatalogEmulator(SIZE);
  }, 60_000);
  afterAll(async () => {
    await big?.close();
  });

  it("leaves the old snapshot or the new one, never a torn file or a mismatched meta; the next sync completes", async () => {
    const sync = (dir: string) => spawn(process.execPath, [BIN, "catalog", "sync", "--base-url", big.baseUrl], { cwd: dir, env: { ...process.env, SCREENPOL_API_TOKEN: READ_ONLY_TOKEN }, stdio: ["ignore", "ignore", "pipe"] });
    const finish = (child: ReturnType<typeof spawn>) =>
      new Promise<number | null>((resolve) => {
        let stderr = "";
        child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        child.on("close", (code) => {
          if (code !== 0 && code !== null) process.stderr.write(`catalog sync exited ${code}: ${stderr}\n`);
          resolve(code);
        });
      });
    expect(await finish(sync(repo.dir))).toBe(0);
    const outcomes: string[] = [];
    // The kill points: when the tokens temporary appears (its write just begun), a while into that
    // write, and when the meta temporary appears (the tokens written, no rename yet).
    const rounds = [{ nth: 1, afterMs: 0 }, { nth: 1, afterMs: 30 }, { nth: 2, afterMs: 0 }];
    for (const [round, point] of rounds.entries()) {
      let old = { tokens: "", meta: "" };
      let outcome: KillOutcome | undefined;
      // A run whose kill came too late (the sync completed) proves nothing: again, with a new change to download.
      for (let attempt = 0; attempt < MAX_KILL_ATTEMPTS && !outcome?.left.length; attempt++) {
        old = { tokens: readFileSync(repo.paths.tokens, "utf8"), meta: readFileSync(repo.paths.meta, "utf8") };
        await big.changeCatalog({ upsert: [renamedToken(`kill round ${round}, attempt ${attempt}`)] });
        const child = sync(repo.dir);
        const exited = finish(child);
        outcome = await killDuringWrite(child, { dirs: [repo.paths.dir], nth: point.nth, afterMs: point.afterMs / 2 ** attempt });
        await exited;
      }
      const left = outcome!.left.map((temporary) => temporary.target);
      expect(left.length, `round ${round + 1}: no kill landed inside the write in ${MAX_KILL_ATTEMPTS} runs`).toBeGreaterThan(0);

      const killed = readFileSync(repo.paths.tokens, "utf8");
      const snapshot = await readSnapshot(repo.paths);
      if (snapshot.status !== "ok" || !snapshot.meta) throw new Error(`the pair does not verify: ${JSON.stringify(snapshot.status === "ok" ? snapshot.metaProblem : snapshot)}`);
      expect(snapshot.meta.tokenCount).toBe(snapshot.tokens.length);
      const killedMeta = snapshot.meta;

      // The next sync completes the job (it writes exactly what an uninterrupted sync writes) and leaves nothing behind.
      expect(await finish(sync(repo.dir))).toBe(0);
      const next = readFileSync(repo.paths.tokens, "utf8");
      expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
      if (left.includes(repo.paths.tokens)) {
        // Killed before tokens.json was renamed: the old pair, whole.
        expect(killed, "tokens.json is the old file, whole").toBe(old.tokens);
        expect(killedMeta.sha256).toBe(JSON.parse(old.meta).sha256);
        expect(readFileSync(repo.paths.meta, "utf8")).not.toBe(old.meta);
        outcomes.push("old");
      } else {
        // Killed between the two renames: the new tokens, with the new meta still pending in its temporary (found by the reader).
        expect(left).toEqual([repo.paths.meta]);
        expect(killed, "tokens.json is the new file, whole").toBe(next);
        expect(killedMeta.sha256).toBe(JSON.parse(readFileSync(repo.paths.meta, "utf8")).sha256);
        outcomes.push("new");
      }
    }
    expect(outcomes).toHaveLength(3);
    await big.changeCatalog({ remove: ["test-token-d1"] });
  }, 240_000);
});
