/**
 * `lint --cache`'s metadata strategy (app/lint-cache.ts; ESLint's default):
 * a file whose size, modification time and inode are its entry's is not read;
 * one whose metadata moved is hashed, and linted only when its text moved.
 * The trade-off ESLint documents (an edit that keeps the size and puts the old
 * time back goes unseen) and `--cache-strategy content`, which hashes every
 * file; Git's racy-clean rule for files written just before a lint; and a
 * cache that holds the cross-file checks' inputs and the parsed config, not
 * whole documents.
 */
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
/** A rule condition, and one of the same length that breaks the sanctions floor (an error). */
const CLEAN = "riskScore: { gte: 9 }";
const BROKEN = "OFAC: { list: sdn }".padEnd(CLEAN.length);
let repo: TempRepo;
afterEach(() => repo.remove());

const lint = (...args: string[]) => runCli(["lint", "--format", "json", ...args], { cwd: repo.dir, env: { SCREENPOL_DEBUG: "1" } });
const plainLint = (format = "json") => runCli(["lint", "--format", format], { cwd: repo.dir });
/** stderr's cache line: "N files from the cache, M linted". */
const cacheLine = (stderr: string) => /lint: (\d+ files?) from the cache, (\d+) linted/.exec(stderr)?.slice(1).join(" / ");
const codes = (stdout: string): string[] => JSON.parse(stdout).diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`);
/** An hour ago, and half an hour ago: times well before any lint of the test (none racy). */
const HOUR_AGO = Math.floor(Date.now() / 1000) - 3600;
const HALF_HOUR_AGO = Math.floor(Date.now() / 1000) - 1800;
/** The repository's files but `except` given an old time, as a checkout that has not been touched for a while. */
const age = (...except: string[]) => {
  const files = readdirSync(repo.dir, { recursive: true, encoding: "utf8" }).filter((file) => /\.ya?ml$/.test(file) && !except.includes(file));
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) utimesSync(join(repo.dir, file), HOUR_AGO, HOUR_AGO);
};
/** The cache's JSON (after its signature line). */
const cacheContent = () => {
  const text = readFileSync(join(repo.dir, ".screenpol-cache"), "utf8");
  return JSON.parse(text.slice(text.indexOf("\n") + 1)) as {
    config?: { value: { environments: Array<{ name: string }> } };
    files: Record<string, { stamp?: { size: number; mtimeMs: number; ino: number }; result: { diagnostics: unknown[]; checked?: { data: unknown } } }>;
  };
};
/** Rewrites POLICY in place (same inode), the same size, and puts its old time back. */
const editKeepingMetadata = (time: number) => {
  const path = join(repo.dir, POLICY);
  const before = statSync(path);
  writeFileSync(path, readFileSync(path, "utf8").replace(CLEAN, BROKEN));
  utimesSync(path, time, time);
  const after = statSync(path);
  expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino]);
};

describe("screenpol lint --cache, metadata first", () => {
  it("an edit that keeps the size and puts the old time back goes unseen by the default strategy (ESLint's trade-off); --cache-strategy content reads and reports it", async () => {
    repo = makeTempRepo();
    age();
    expect((await lint("--cache")).code).toBe(0);
    editKeepingMetadata(HOUR_AGO);
    const metadata = await lint("--cache");
    expect([metadata.code, codes(metadata.stdout), cacheLine(metadata.stderr)]).toEqual([0, [], "11 files / 4"]);
    const content = await lint("--cache-strategy", "content");
    const plain = await plainLint();
    expect(codes(content.stdout)).toContain(`${POLICY} sanctions-floor`);
    expect([content.code, content.stdout]).toEqual([1, plain.stdout]);
    expect(cacheLine(content.stderr)).toBe("10 files / 5");
  });

  it("a file whose time is not safely before the cache's writing (modified during the lint, or a clock ahead) is hashed on the next run, so the same edit is seen (Git's racy-clean rule)", async () => {
    repo = makeTempRepo();
    age(POLICY);
    // A minute ahead, in whole seconds (a time utimes sets exactly): never older than the save's margin.
    const time = Math.floor(Date.now() / 1000) + 60;
    utimesSync(join(repo.dir, POLICY), time, time);
    expect((await lint("--cache")).code).toBe(0);
    expect(cacheContent().files[POLICY]!.stamp).toBeUndefined();
    editKeepingMetadata(time);
    const run = await lint("--cache");
    expect(codes(run.stdout)).toContain(`${POLICY} sanctions-floor`);
    expect([run.code, run.stdout]).toEqual([1, (await plainLint()).stdout]);
  });

  it("a touched but unchanged file is not linted again, and its entry takes its new time", async () => {
    repo = makeTempRepo();
    age();
    await lint("--cache");
    expect(cacheContent().files[POLICY]!.stamp!.mtimeMs).toBe(statSync(join(repo.dir, POLICY)).mtimeMs);
    utimesSync(join(repo.dir, POLICY), HALF_HOUR_AGO, HALF_HOUR_AGO);
    const run = await lint("--cache");
    expect(cacheLine(run.stderr)).toBe("11 files / 4");
    expect([run.code, run.stdout]).toEqual([0, (await plainLint()).stdout]);
    expect(cacheContent().files[POLICY]!.stamp!.mtimeMs).toBe(statSync(join(repo.dir, POLICY)).mtimeMs);
  });

  it("a cross-file finding in a file left unread is shown as a plain lint shows it, code frame included", async () => {
    repo = makeTempRepo();
    const twin = POLICY.replace(/\.yaml$/, ".yml");
    repo.write(twin, readFileSync(join(repo.dir, POLICY)));
    age();
    await lint("--cache");
    const run = await runCli(["lint", "--cache"], { cwd: repo.dir, env: { SCREENPOL_DEBUG: "1" } });
    expect(cacheLine(run.stderr)).toBe("12 files / 4");
    const plain = await plainLint("pretty");
    expect(plain.stdout).toContain("duplicate-policy");
    expect([run.code, run.stdout]).toEqual([plain.code, plain.stdout]);
  });

  it("keeps the config as parsed and only what the cross-file checks read of each file, not its document", async () => {
    repo = makeTempRepo();
    await lint("--cache");
    const cache = cacheContent();
    expect(cache.config?.value.environments.map((environment) => environment.name)).toEqual(["sandbox", "live"]);
    expect(cache.files[POLICY]!.result.checked!.data).toEqual({ providerType: "vendorAWalletScreening", scope: "SIGN_IN" });
    expect(readFileSync(join(repo.dir, ".screenpol-cache"), "utf8")).not.toContain(CLEAN);
    // The config's lint comes from the cache too: 11 of the 15 files.
    expect(cacheLine((await lint("--cache")).stderr)).toBe("11 files / 4");
  });

  it("a cache written for other inputs (the config changed): the files its metadata vouched for are read and linted, the output of a plain lint (junit: one case per file)", async () => {
    repo = makeTempRepo();
    age();
    await lint("--cache");
    const configFile = join(repo.dir, "screenpol.config.yaml");
    // The config as parsed is in the key (a comment alone is not): the sandbox made live.
    writeFileSync(configFile, readFileSync(configFile, "utf8").replace("kind: sandbox", "kind: live"));
    const run = await runCli(["lint", "--cache", "--format", "junit"], { cwd: repo.dir, env: { SCREENPOL_DEBUG: "1" } });
    expect(cacheLine(run.stderr)).toBe("0 files / 15");
    const plain = await plainLint("junit");
    expect([run.code, run.stdout]).toEqual([plain.code, plain.stdout]);
  });

  it("a staged lint's config is never kept as the parse of the working tree's: the next lint of the working tree reads its own", async () => {
    repo = makeCommittedRepo().repo;
    const config = readFileSync(join(repo.dir, "screenpol.config.yaml"), "utf8");
    // Staged: a config without the live environment; the working tree keeps it.
    repo.write("screenpol.config.yaml", config.replace(/\n  live:\n    id: [0-9a-f-]+\n    kind: live\n/, "\n"));
    git(repo.dir, "add", "screenpol.config.yaml");
    repo.write("screenpol.config.yaml", config);
    const staged = await lint("--staged", "--cache");
    expect(codes(staged.stdout).length).toBeGreaterThan(0);
    const run = await lint("--cache");
    expect([run.code, run.stdout]).toEqual([0, (await plainLint()).stdout]);
    expect(codes(run.stdout)).toEqual([]);
  });

  it("--cache-strategy other than metadata or content: one line, exit 2", async () => {
    repo = makeTempRepo();
    const run = await runCli(["lint", "--cache-strategy", "mtime"], { cwd: repo.dir });
    expect([run.code, run.stdout, run.stderr.trim().split("\n")]).toEqual([2, "", ['screenpol: --cache-strategy must be one of metadata, content, not "mtime"']]);
  });
});
