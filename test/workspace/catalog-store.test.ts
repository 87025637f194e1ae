/**
 * The snapshot pair on disk (workspace/catalog-store.ts): replaced together,
 * verified on every read, recovered after a crash between the two renames.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CatalogToken } from "../../src/core/catalog.js";
import { compareKeys, renderMeta, snapshotKey, tokenLine } from "../../src/core/catalog-snapshot.js";
import { commitMeta, inspectSnapshot, readSnapshot, sha256OfText, SnapshotBusyError, snapshotFromTexts } from "../../src/workspace/catalog-store.js";
import { commitSnapshot } from "../helpers/commit-snapshot.js";
import { metaDraft, tempCatalogRepo, type TempCatalogRepo } from "../app/catalog-emulator.js";

const token = (n: number, extra: Partial<CatalogToken> = {}): CatalogToken => ({
  chain: n % 2 === 0 ? "EVM" : "SOL",
  networkId: n % 3,
  contractAddress: `0x${n.toString(16).padStart(40, "0")}`,
  symbol: `T${n}`,
  name: `Token ${n}`,
  decimals: 18,
  tokenId: `id-${n}`,
  ...extra,
});

const entriesOf = (tokens: CatalogToken[]) =>
  tokens
    .map((token) => [snapshotKey(token), tokenLine(token)] as const)
    .sort((a, b) => compareKeys(a[0], b[0]))
    .map(([, line]) => line);
const draft = metaDraft;

let repo: TempCatalogRepo;
beforeEach(() => {
  repo = tempCatalogRepo();
});
afterEach(() => repo.remove());

describe("catalog store", () => {
  it("writes both files, the meta bound to tokens.json by its hash; reads them back verified", async () => {
    const tokens = [token(1), token(2), token(3, { logoURI: "https://x.example/a.png" })];
    const meta = await commitSnapshot(repo.paths, entriesOf(tokens), draft("v1", 3));
    const text = readFileSync(repo.paths.tokens, "utf8");
    expect(meta.sha256).toBe(sha256OfText(text));
    expect(readFileSync(repo.paths.meta, "utf8")).toBe(renderMeta(meta));
    expect(text.split("\n")).toHaveLength(6);
    const snapshot = await readSnapshot(repo.paths);
    expect(snapshot).toMatchObject({ status: "ok", meta });
    expect(snapshot.status === "ok" && snapshot.tokens).toHaveLength(3);
    // Nothing else is left in the folder: no temporaries, no lock.
    expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
  });

  it("an empty catalog is []", async () => {
    await commitSnapshot(repo.paths, [], draft("empty", 0));
    expect(readFileSync(repo.paths.tokens, "utf8")).toBe("[]\n");
    expect(await readSnapshot(repo.paths)).toMatchObject({ status: "ok", tokens: [] });
  });

  it("a tokens.json edited by hand: the tokens are used, the meta is reported as not describing it", async () => {
    await commitSnapshot(repo.paths, entriesOf([token(1), token(2)]), draft("v1", 2));
    writeFileSync(repo.paths.tokens, JSON.stringify([token(1), token(2), token(4)], null, 2));
    const snapshot = await readSnapshot(repo.paths);
    expect(snapshot).toMatchObject({ status: "ok", meta: undefined });
    expect(snapshot.status === "ok" && snapshot.metaProblem).toMatch(/does not describe this catalog\/tokens.json/);
    expect(snapshot.status === "ok" && snapshot.tokens).toHaveLength(3);
  });

  it("CRLF line ends (a Windows checkout) still verify", async () => {
    await commitSnapshot(repo.paths, entriesOf([token(1), token(2)]), draft("v1", 2));
    writeFileSync(repo.paths.tokens, readFileSync(repo.paths.tokens, "utf8").replace(/\n/g, "\r\n"));
    expect((await inspectSnapshot(repo.paths)).status === "present" && (await inspectSnapshot(repo.paths) as { meta?: unknown }).meta).toBeTruthy();
  });

  it("missing, invalid JSON, not tokens, no meta", async () => {
    expect(await readSnapshot(repo.paths)).toEqual({ status: "missing" });
    mkdirSync(repo.paths.dir);
    writeFileSync(repo.paths.tokens, "[{");
    expect(await readSnapshot(repo.paths)).toMatchObject({ status: "invalid", reason: expect.stringMatching(/^catalog\/tokens.json is not valid JSON/) });
    writeFileSync(repo.paths.tokens, JSON.stringify([{ chain: "EVM" }]));
    expect(await readSnapshot(repo.paths)).toMatchObject({ status: "invalid", reason: expect.stringMatching(/invalid token at index 0/) });
    writeFileSync(repo.paths.tokens, JSON.stringify([token(1)]));
    expect(await readSnapshot(repo.paths)).toMatchObject({ status: "ok", meta: undefined, metaProblem: "catalog/tokens.meta.json is missing" });
  });

  it("a crash between the two renames (new tokens.json, old meta, new meta still a temporary) reads as the new pair, and the next write completes it", async () => {
    await commitSnapshot(repo.paths, entriesOf([token(1)]), draft("old", 1));
    const oldMeta = readFileSync(repo.paths.meta, "utf8");
    // Produce the new pair elsewhere, then lay out the crash state by hand.
    const other = tempCatalogRepo();
    try {
      const newMeta = await commitSnapshot(other.paths, entriesOf([token(1), token(2)]), draft("new", 2));
      renameSync(other.paths.tokens, repo.paths.tokens);
      writeFileSync(`${repo.paths.dir}/.tokens.meta.json.99999.abcd1234.tmp`, renderMeta(newMeta));
      expect(readFileSync(repo.paths.meta, "utf8")).toBe(oldMeta);
      const snapshot = await readSnapshot(repo.paths);
      expect(snapshot).toMatchObject({ status: "ok", meta: { version: "new", tokenCount: 2 } });
      // A later write first rolls the pending meta forward and clears the temporaries.
      await commitMeta(repo.paths, { ...newMeta, etag: '"refreshed"' });
      expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
      expect(await readSnapshot(repo.paths)).toMatchObject({ status: "ok", meta: { version: "new", etag: '"refreshed"' } });
      await commitSnapshot(repo.paths, entriesOf([token(1), token(2), token(3)]), draft("newer", 3));
      expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
      expect(await readSnapshot(repo.paths)).toMatchObject({ status: "ok", meta: { version: "newer" } });
    } finally {
      other.remove();
    }
  });

  it("stray temporaries of a killed writer are ignored by readers and removed by the next writer", async () => {
    await commitSnapshot(repo.paths, entriesOf([token(1)]), draft("v1", 1));
    writeFileSync(`${repo.paths.dir}/.tokens.json.424242.deadbeef.tmp`, "[\n{\"chain\":");
    expect(await readSnapshot(repo.paths)).toMatchObject({ status: "ok", meta: { version: "v1" } });
    await commitSnapshot(repo.paths, entriesOf([token(1), token(5)]), draft("v2", 2));
    expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
  });

  it("one writer at a time: a live lock holder refuses a second writer; a dead one's lock is taken over", async () => {
    mkdirSync(repo.paths.dir);
    // A running process that is not this one: the parent of the test runner, or pid 1.
    writeFileSync(`${repo.paths.dir}/.tokens.lock`, `${process.ppid || 1}\n`);
    await expect(commitSnapshot(repo.paths, entriesOf([token(1)]), draft("v1", 1))).rejects.toBeInstanceOf(SnapshotBusyError);
    // A pid that has exited.
    const exited = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout;
    writeFileSync(`${repo.paths.dir}/.tokens.lock`, `${exited}\n`);
    await commitSnapshot(repo.paths, entriesOf([token(1)]), draft("v1", 1));
    expect(readdirSync(repo.paths.dir).sort()).toEqual(["tokens.json", "tokens.meta.json"]);
  });

  it("the staged copies (texts) verify the same way", () => {
    const text = "[\n" + entriesOf([token(1)]).join(",\n") + "\n]\n";
    const meta = { ...draft("v1", 1), sha256: sha256OfText(text) };
    expect(snapshotFromTexts(text, renderMeta(meta), repo.paths)).toMatchObject({ status: "ok", meta });
    expect(snapshotFromTexts(text, renderMeta({ ...meta, sha256: "0".repeat(64) }), repo.paths)).toMatchObject({ status: "ok", meta: undefined });
  });
});
