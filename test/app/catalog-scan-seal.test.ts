/**
 * The catalog snapshot's scan seal (docs/catalog.md, tokens.meta.json
 * `secretScan`): `catalog sync` scans the tokens.json it writes for secrets
 * and, when it finds none, seals the meta; `lint` then does not scan that
 * tokens.json again. A tokens.json changed after the sync, or a meta edited to
 * describe it, no longer matches the seal and is scanned as before. The
 * emulator serves the catalog on loopback; the sync and the lint are the real
 * ones, on a copy of the sample repository (whose TRANSACTION policies list
 * tokens, so lint reads the snapshot).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { syncCatalog } from "../../src/app/catalog.js";
import { runLint } from "../../src/app/lint.js";
import { secretScanSeal, snapshotPaths } from "../../src/workspace/catalog-store.js";
import { startCatalogEmulator, type CatalogEmulator } from "./catalog-emulator.js";
import { PROJECT_ROOT } from "../helpers/project-root.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

/** 300 tokens: 3 pages of 100. */
const SIZE = 300;
const NOW = new Date("2026-11-26T08:00:00Z");
/** A logo URL that carries an access token in its query: secret-in-file's finding. */
const LEAKY_LOGO = "https://cdn.example.com/l.png?access_token=Zq8xV2mN4pL7rT1w";

let live: CatalogEmulator;
let repo: TempRepo | undefined;

beforeAll(async () => {
  live = await startCatalogEmulator(SIZE);
});
afterAll(() => live.close());
afterEach(() => repo?.remove());

async function syncedRepo(): Promise<{ repo: TempRepo; tokensPath: string; metaPath: string }> {
  repo = makeTempRepo();
  const paths = snapshotPaths(repo.dir, "catalog");
  await syncCatalog({ client: live.client(), paths, source: live.baseUrl, limit: 100, now: () => NOW });
  return { repo, tokensPath: paths.tokens, metaPath: paths.meta };
}

function readMeta(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
}

function catalogFindings(diagnostics: ReadonlyArray<{ file: string; line: number; column: number; code: string }>) {
  return diagnostics.filter((d) => d.file.startsWith("catalog/")).map(({ file, line, column, code }) => ({ file, line, column, code }));
}

/** Line 4 of tokens.json (its third token) with a leaky logo URL; returns the column of the finding. */
function plantSecret(tokensPath: string): number {
  const lines = readFileSync(tokensPath, "utf8").split("\n");
  lines[3] = lines[3]!.replace(/"decimals"/, `"logoURI":${JSON.stringify(LEAKY_LOGO)},"decimals"`);
  writeFileSync(tokensPath, lines.join("\n"));
  return lines[3]!.indexOf("?access_token=") + 1;
}

describe("catalog sync seals a snapshot it scanned clean; lint skips the scan only for that file", () => {
  it("a clean sync writes the seal of these rules into the meta, and lint takes the snapshot as sealed", async () => {
    const { repo, tokensPath, metaPath } = await syncedRepo();
    const meta = readMeta(metaPath);
    expect(meta.sha256).toBe(createHash("sha256").update(readFileSync(tokensPath)).digest("hex"));
    expect(meta.secretScan).toBe(secretScanSeal(meta.sha256 as string));
    // The member comes last, after sha256: the meta's fixed order.
    expect(Object.keys(meta).slice(-2)).toEqual(["sha256", "secretScan"]);
    const run = await runLint({ cwd: repo.dir });
    expect(run.catalog).toMatchObject({ status: "loaded", secretScanSealed: true, metaProblem: undefined });
    expect(catalogFindings(run.diagnostics)).toEqual([]);
  });

  it("a secret planted in tokens.json after the sync is still reported at its line", async () => {
    const { repo, tokensPath } = await syncedRepo();
    const column = plantSecret(tokensPath);
    const run = await runLint({ cwd: repo.dir });
    expect(run.catalog).toMatchObject({ status: "loaded", secretScanSealed: false });
    expect(catalogFindings(run.diagnostics)).toEqual([{ file: "catalog/tokens.json", line: 4, column, code: "secret-in-file" }]);
  });

  it("a meta edited to describe the edited tokens.json does not carry its seal: still scanned, still reported", async () => {
    const { repo, tokensPath, metaPath } = await syncedRepo();
    const column = plantSecret(tokensPath);
    const meta = readMeta(metaPath);
    writeFileSync(metaPath, `${JSON.stringify({ ...meta, sha256: createHash("sha256").update(readFileSync(tokensPath)).digest("hex") }, null, 2)}\n`);
    const run = await runLint({ cwd: repo.dir });
    // The meta describes the file (no notice), but its seal is the old file's.
    expect(run.catalog).toMatchObject({ status: "loaded", metaProblem: undefined, secretScanSealed: false });
    expect(catalogFindings(run.diagnostics)).toEqual([{ file: "catalog/tokens.json", line: 4, column, code: "secret-in-file" }]);
  });

  it("a sealed tokens.json is not read for the scan: a secret behind a seal made for it goes unreported (the seal is no signature)", async () => {
    // The evidence that the scan is skipped, without timing: only a scan could report this secret.
    const { repo, tokensPath, metaPath } = await syncedRepo();
    plantSecret(tokensPath);
    const sha256 = createHash("sha256").update(readFileSync(tokensPath)).digest("hex");
    writeFileSync(metaPath, `${JSON.stringify({ ...readMeta(metaPath), sha256, secretScan: secretScanSeal(sha256) }, null, 2)}\n`);
    const run = await runLint({ cwd: repo.dir });
    expect(run.catalog).toMatchObject({ status: "loaded", secretScanSealed: true });
    expect(catalogFindings(run.diagnostics)).toEqual([]);
  });

  it("the meta is scanned even when tokens.json is sealed", async () => {
    const { repo, metaPath } = await syncedRepo();
    const text = readFileSync(metaPath, "utf8").replace(/"source": "http:\/\//, '"source": "https://ops:hunter2hunter2@');
    writeFileSync(metaPath, text);
    const run = await runLint({ cwd: repo.dir });
    expect(run.catalog).toMatchObject({ status: "loaded", secretScanSealed: true });
    const line = text.split("\n").findIndex((l) => l.includes('"source"')) + 1;
    expect(catalogFindings(run.diagnostics)).toEqual([{ file: "catalog/tokens.meta.json", line, column: text.split("\n")[line - 1]!.indexOf("https://ops") + 1, code: "secret-in-file" }]);
  });

  it("a catalog served with a secret in it is written without a seal, and lint reports the secret", async () => {
    const leaky = { chain: "EVM", networkId: 1, contractAddress: "0x00000000000000000000000000000000000000e7", symbol: "LKY", name: "Leaky", decimals: 18, tokenId: "test-token-e7", logoURI: LEAKY_LOGO };
    await live.changeCatalog({ upsert: [leaky] });
    try {
      const { repo, tokensPath, metaPath } = await syncedRepo();
      const meta = readMeta(metaPath);
      expect(meta.secretScan).toBeUndefined();
      expect(meta.sha256).toBe(createHash("sha256").update(readFileSync(tokensPath)).digest("hex"));
      const lines = readFileSync(tokensPath, "utf8").split("\n");
      const line = lines.findIndex((l) => l.includes("?access_token=")) + 1;
      const run = await runLint({ cwd: repo.dir });
      expect(run.catalog).toMatchObject({ status: "loaded", secretScanSealed: false, metaProblem: undefined });
      expect(catalogFindings(run.diagnostics)).toEqual([{ file: "catalog/tokens.json", line, column: lines[line - 1]!.indexOf("?access_token=") + 1, code: "secret-in-file" }]);
    } finally {
      await live.changeCatalog({ remove: ["test-token-e7"] });
    }
  });
});

describe("the sample repository's snapshot", () => {
  it("carries the seal of the secret rules this screenpol runs (a change to src/core/checks/secret-in-file.ts needs a fresh seal)", () => {
    // Refresh after changing the rules: set "secretScan" in catalog/tokens.meta.json to the value this test
    // expected, once the full scan below still finds nothing. The bench's cold lint of a policy with tokens reads it.
    const meta = JSON.parse(readFileSync(join(PROJECT_ROOT, "catalog", "tokens.meta.json"), "utf8")) as { sha256: string; secretScan?: string };
    expect(meta.secretScan).toBe(secretScanSeal(meta.sha256));
  });
});
