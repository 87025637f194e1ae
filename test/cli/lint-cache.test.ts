/**
 * `lint --cache` (issue 14, item 3): a second run takes unchanged files from
 * the cache and prints the same bytes; each input of the key invalidates it; a
 * corrupt cache is discarded with a warning and written again, never trusted.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lintCacheKey, type LintCacheInputs } from "../../src/app/lint-cache.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
let repo: TempRepo;
afterEach(() => repo.remove());

const lint = (...args: string[]) => runCli(["lint", "--format", "json", ...args], { cwd: repo.dir, env: { SCREENPOL_DEBUG: "1" } });
/** stderr's cache line: "N files from the cache, M linted". */
const cacheLine = (stderr: string) => /lint: (\d+ files?) from the cache, (\d+) linted/.exec(stderr)?.slice(1).join(" / ");

describe("screenpol lint --cache", () => {
  it("takes unchanged policy and webhook files from the cache on the next run, with the same output to the byte", async () => {
    repo = makeTempRepo({ extra: ["catalog", "tests"] });
    const plain = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    const first = await lint("--cache");
    expect(cacheLine(first.stderr)).toBe("0 files / 23");
    expect(existsSync(join(repo.dir, ".screenpol-cache"))).toBe(true);
    const second = await lint("--cache");
    expect(cacheLine(second.stderr)).toBe("10 files / 13");
    expect(second.stdout).toBe(plain.stdout);
    expect(second.code).toBe(plain.code);
  });

  it("lints a file again when its text changes, and reports what the change broke", async () => {
    repo = makeTempRepo();
    await lint("--cache");
    repo.write(POLICY, readFileSync(join(repo.dir, POLICY), "utf8").replace("riskScore: { gte: 9 }", "riskLevel: { atLeast: severe }"));
    const run = await lint("--cache");
    expect(cacheLine(run.stderr)).toBe("9 files / 6");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain("cross-vendor-field");
    expect(run.stdout).toBe((await runCli(["lint", "--format", "json"], { cwd: repo.dir })).stdout);
  });

  it("is discarded when the config, or the catalog snapshot, changes", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    await lint("--cache");
    expect(cacheLine((await lint("--cache")).stderr)).toBe("10 files / 5");
    repo.write("screenpol.config.yaml", `${readFileSync(join(repo.dir, "screenpol.config.yaml"), "utf8")}\n# a comment changes no layout, but the config is the config\n`);
    writeFileSync(join(repo.dir, "screenpol.config.yaml"), readFileSync(join(repo.dir, "screenpol.config.yaml"), "utf8").replace("kind: sandbox", "kind: live"));
    expect(cacheLine((await lint("--cache")).stderr)).toBe("0 files / 15");
    const meta = join(repo.dir, "catalog/tokens.meta.json");
    writeFileSync(meta, readFileSync(meta, "utf8").replace(/"version": "[0-9a-f]+"/, '"version": "0000000000000000000000000000000000000000000000000000000000000000"'));
    expect(cacheLine((await lint("--cache")).stderr)).toBe("0 files / 15");
  });

  it("keys on the version, the config, the catalog and the known policies, each on its own", () => {
    const base: LintCacheInputs = { version: "1.0.0", config: "{}", catalog: "abc 3000", knownPolicies: ["a"] };
    const key = lintCacheKey(base);
    for (const changed of [{ version: "1.0.1" }, { config: "{ }" }, { catalog: "abd 3000" }, { knownPolicies: ["a", "b"] }]) {
      expect(lintCacheKey({ ...base, ...changed }), JSON.stringify(changed)).not.toBe(key);
    }
    expect(lintCacheKey({ ...base, knownPolicies: ["a"] })).toBe(key);
  });

  it("discards a corrupt cache with one warning, lints every file, and writes a good one", async () => {
    repo = makeTempRepo();
    await lint("--cache");
    writeFileSync(join(repo.dir, ".screenpol-cache"), '{"format": 1, "key": "x", "files": {"a": {"sha256": 1}}');
    const run = await lint("--cache");
    expect(run.stderr).toContain(`screenpol: warning: ignoring the lint cache at ${join(repo.dir, ".screenpol-cache")}: it is not JSON (corrupt); it is written again\n`);
    expect(cacheLine(run.stderr)).toBe("0 files / 15");
    expect(run.stdout).toBe((await runCli(["lint", "--format", "json"], { cwd: repo.dir })).stdout);
    expect(() => JSON.parse(readFileSync(join(repo.dir, ".screenpol-cache"), "utf8"))).not.toThrow();
    expect(cacheLine((await lint("--cache")).stderr)).toBe("10 files / 5");
  });

  it("--cache-location: a file, or a folder to keep .screenpol-cache in", async () => {
    repo = makeTempRepo();
    mkdirSync(join(repo.dir, "build"));
    await lint("--cache-location", "build");
    expect(existsSync(join(repo.dir, "build/.screenpol-cache"))).toBe(true);
    await lint("--cache-location", "lint.cache");
    expect(existsSync(join(repo.dir, "lint.cache"))).toBe(true);
    expect(cacheLine((await lint("--cache-location", "build")).stderr)).toBe("10 files / 5");
  });
});
