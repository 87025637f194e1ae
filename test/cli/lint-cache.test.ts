/**
 * `lint --cache` (docs/decisions.md, "Issue 14: lint --cache"): a second run
 * takes unchanged files from the cache and prints the same bytes; each input
 * of the key invalidates it; a corrupt cache is discarded with a warning and
 * written again, never trusted. A cache from anywhere but this machine (a
 * commit, a copy, an edit) hides no finding (README, screenpol lint, The lint
 * cache).
 */
import { createHash, createHmac } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lintCacheKey, type LintCacheInputs } from "../../src/app/lint-cache.js";
import { edit, git, makeCommittedRepo } from "../helpers/committed-repo.js";
import { BIN, BUILD_ROOT, runCli } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
let repo: TempRepo;
afterEach(() => repo.remove());

const lint = (...args: string[]) => runCli(["lint", "--format", "json", ...args], { cwd: repo.dir, env: { SCREENPOL_DEBUG: "1" } });
/** stderr's cache line: "N files from the cache, M linted". */
const cacheLine = (stderr: string) => /lint: (\d+ files?) from the cache, (\d+) linted/.exec(stderr)?.slice(1).join(" / ");

describe("screenpol lint --cache", () => {
  it("takes the unchanged config, policy and webhook files from the cache on the next run, with the same output to the byte", async () => {
    repo = makeTempRepo({ extra: ["catalog", "tests"] });
    const plain = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    const first = await lint("--cache");
    expect(cacheLine(first.stderr)).toBe("0 files / 23");
    expect(existsSync(join(repo.dir, ".screenpol-cache"))).toBe(true);
    const second = await lint("--cache");
    expect(cacheLine(second.stderr)).toBe("11 files / 12");
    expect(second.stdout).toBe(plain.stdout);
    expect(second.code).toBe(plain.code);
  });

  it("lints a file again when its text changes, and reports what the change broke", async () => {
    repo = makeTempRepo();
    await lint("--cache");
    repo.write(POLICY, readFileSync(join(repo.dir, POLICY), "utf8").replace("riskScore: { gte: 9 }", "riskLevel: { atLeast: severe }"));
    const run = await lint("--cache");
    expect(cacheLine(run.stderr)).toBe("10 files / 5");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).diagnostics.map((d: { code: string }) => d.code)).toContain("cross-vendor-field");
    expect(run.stdout).toBe((await runCli(["lint", "--format", "json"], { cwd: repo.dir })).stdout);
  });

  it("is discarded when the config, or the catalog snapshot, changes", async () => {
    repo = makeTempRepo({ extra: ["catalog"] });
    await lint("--cache");
    expect(cacheLine((await lint("--cache")).stderr)).toBe("11 files / 4");
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
    expect(run.stderr).toContain(
      `screenpol: warning: ignoring the lint cache at ${join(repo.dir, ".screenpol-cache")}: it is not a signed lint cache of this screenpol (an older format, or not a cache); it is written again\n`,
    );
    expect(cacheLine(run.stderr)).toBe("0 files / 15");
    expect(run.stdout).toBe((await runCli(["lint", "--format", "json"], { cwd: repo.dir })).stdout);
    const [signature, ...json] = readFileSync(join(repo.dir, ".screenpol-cache"), "utf8").split("\n");
    expect(signature).toMatch(/^screenpol-lint-cache 3 hmac-sha256:[0-9a-f]{64}$/);
    expect(() => JSON.parse(json.join("\n"))).not.toThrow();
    expect(cacheLine((await lint("--cache")).stderr)).toBe("11 files / 4");
  });

  it("a folder where the cache file goes (committed, say) costs the cache, not the run: one warning, the findings and exit code of a plain lint", async () => {
    repo = makeTempRepo();
    repo.write(".screenpol-cache/placeholder", "");
    const run = await lint("--cache");
    expect(run.code).toBe(0);
    expect(run.stderr.split("\n").filter((line) => line.startsWith("screenpol: "))).toEqual([
      `screenpol: warning: ignoring the lint cache at ${join(repo.dir, ".screenpol-cache")}: it is a folder`,
      "screenpol: lint: 0 files from the cache, 15 linted",
      "screenpol: lint: 0 worker threads started, 0 answered",
    ]);
    expect(run.stdout).toBe((await runCli(["lint", "--format", "json"], { cwd: repo.dir })).stdout);
  });

  it("--cache-location: a file, or a folder to keep .screenpol-cache in", async () => {
    repo = makeTempRepo();
    mkdirSync(join(repo.dir, "build"));
    await lint("--cache-location", "build");
    expect(existsSync(join(repo.dir, "build/.screenpol-cache"))).toBe(true);
    await lint("--cache-location", "lint.cache");
    expect(existsSync(join(repo.dir, "lint.cache"))).toBe(true);
    expect(cacheLine((await lint("--cache-location", "build")).stderr)).toBe("11 files / 4");
  });
});

/**
 * The attack: on their own machine, someone lints a clean policy with --cache,
 * makes the policy break the sanctions floor, and edits the cache so that the
 * new text's hash carries the clean result, signed again with their own key
 * when the cache is signed. Then the cache travels: committed with
 * `git add -f`, or copied. Each "machine" is a user cache folder of its own.
 */
describe("screenpol lint --cache with a cache from elsewhere", () => {
  const machines: string[] = [];
  const others: TempRepo[] = [];
  afterEach(() => {
    for (const folder of machines.splice(0)) rmSync(folder, { recursive: true, force: true });
    for (const other of others.splice(0)) other.remove();
  });
  const machine = (): string => {
    const folder = mkdtempSync(join(tmpdir(), "screenpol-machine-"));
    machines.push(folder);
    return folder;
  };
  const keyOf = (home: string) => join(home, "screenpol/lint-cache.key");
  const lintOn = (home: string, cwd: string, ...args: string[]) =>
    runCli(["lint", "--format", "json", ...args], { cwd, env: { SCREENPOL_DEBUG: "1", XDG_CACHE_HOME: home } });
  const codes = (stdout: string): string[] => JSON.parse(stdout).diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`);
  const warnings = (stderr: string): string[] => stderr.split("\n").filter((line) => line.startsWith("screenpol: warning:"));
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
  const SANCTIONS_ERROR = `${POLICY} sanctions-floor`;

  /** Lints on `home`, breaks the sanctions floor in POLICY, and makes the cache claim the old result for the new text. */
  async function forgeCache(dir: string, home: string, options: { signWith?: string } = {}): Promise<void> {
    expect((await lintOn(home, dir, "--cache")).code).toBe(0);
    const clean = readFileSync(join(dir, POLICY), "utf8");
    const forger = { dir, write: (path: string, content: string) => writeFileSync(join(dir, path), content), remove: () => undefined };
    edit(forger, POLICY, "riskScore: { gte: 9 }", "OFAC: { list: sdn }");
    const cacheFile = join(dir, ".screenpol-cache");
    const cached = readFileSync(cacheFile, "utf8");
    let forged = cached.replace(sha256(clean), sha256(readFileSync(join(dir, POLICY), "utf8")));
    expect(forged).not.toBe(cached);
    const lineEnd = forged.indexOf("\n");
    const signature = /^screenpol-lint-cache (\d+) hmac-sha256:[0-9a-f]{64}$/.exec(forged.slice(0, lineEnd));
    if (signature && options.signWith) {
      const body = forged.slice(lineEnd + 1);
      forged = `screenpol-lint-cache ${signature[1]} hmac-sha256:${createHmac("sha256", readFileSync(keyOf(options.signWith))).update(body).digest("hex")}\n${body}`;
    }
    writeFileSync(cacheFile, forged);
  }

  it("a forged cache committed with git add -f: a fresh clone's lint --cache refuses it, reports the sanctions-floor error and exits 1, and leaves the file as committed", async () => {
    const committed = makeCommittedRepo();
    repo = committed.repo;
    const attacker = machine();
    await forgeCache(repo.dir, attacker, { signWith: attacker });
    expect((await lintOn(attacker, repo.dir, "--cache")).code, "the forgery works on the machine that signed it").toBe(0);
    repo.write(".gitignore", ".screenpol-cache*\n");
    git(repo.dir, "add", "-f", ".gitignore", ".screenpol-cache", POLICY);
    git(repo.dir, "commit", "-qm", "a harmless change");

    const clone = makeTempRepo({ samples: false });
    others.push(clone);
    git(clone.dir, "clone", "-q", repo.dir, "checkout");
    const checkout = join(clone.dir, "checkout");
    const committedCache = readFileSync(join(checkout, ".screenpol-cache"));
    const ci = machine();
    const plain = await lintOn(ci, checkout);
    expect([plain.code, codes(plain.stdout)]).toEqual([1, [SANCTIONS_ERROR]]);

    const cached = await lintOn(ci, checkout, "--cache");
    expect([cached.code, codes(cached.stdout)]).toEqual([1, [SANCTIONS_ERROR]]);
    expect(cached.stdout).toBe(plain.stdout);
    expect(warnings(cached.stderr)).toEqual([
      `screenpol: warning: not using the lint cache at ${join(checkout, ".screenpol-cache")}: Git tracks it, and a cache written on another machine can hide findings; untrack it (\`git rm --cached\`) and keep it ignored`,
    ]);
    expect(readFileSync(join(checkout, ".screenpol-cache"))).toEqual(committedCache);
    expect(git(checkout, "status", "--porcelain")).toBe("");
  });

  it("a forged cache copied from another machine (signed with that machine's key): discarded with one warning, the finding reported, a cache of this machine's written", async () => {
    repo = makeTempRepo();
    const attacker = machine();
    await forgeCache(repo.dir, attacker, { signWith: attacker });
    expect((await lintOn(attacker, repo.dir, "--cache")).code, "the forgery works on the machine that signed it").toBe(0);
    const victim = machine();
    const run = await lintOn(victim, repo.dir, "--cache");
    expect([run.code, codes(run.stdout)]).toEqual([1, [SANCTIONS_ERROR]]);
    expect(warnings(run.stderr)).toEqual([
      `screenpol: warning: ignoring the lint cache at ${join(repo.dir, ".screenpol-cache")}: its signature does not match this machine's key (it was written on another machine, or altered since); it is written again`,
    ]);
    expect(cacheLine(run.stderr)).toBe("0 files / 15");
    const next = await lintOn(victim, repo.dir, "--cache");
    expect([next.code, codes(next.stdout), warnings(next.stderr), cacheLine(next.stderr)]).toEqual([1, [SANCTIONS_ERROR], [], "11 files / 4"]);
  });

  it("a cache altered on the same machine (not signed again): discarded with one warning, the finding reported", async () => {
    repo = makeTempRepo();
    const home = machine();
    await forgeCache(repo.dir, home);
    const run = await lintOn(home, repo.dir, "--cache");
    expect([run.code, codes(run.stdout)]).toEqual([1, [SANCTIONS_ERROR]]);
    expect(warnings(run.stderr)).toEqual([
      `screenpol: warning: ignoring the lint cache at ${join(repo.dir, ".screenpol-cache")}: its signature does not match this machine's key (it was written on another machine, or altered since); it is written again`,
    ]);
  });

  it("a key others can read (mode 0644) is not trusted: the cache is neither read nor written, one warning, the finding reported", async () => {
    repo = makeTempRepo();
    const home = machine();
    // Anyone who could read the key could have signed this.
    await forgeCache(repo.dir, home, { signWith: home });
    const forged = readFileSync(join(repo.dir, ".screenpol-cache"));
    chmodSync(keyOf(home), 0o644);
    const run = await lintOn(home, repo.dir, "--cache");
    expect([run.code, codes(run.stdout)]).toEqual([1, [SANCTIONS_ERROR]]);
    expect(warnings(run.stderr)).toEqual([
      `screenpol: warning: not using the lint cache: the key ${keyOf(home)} is readable or writable by others (mode 0644), so a cache it signs proves nothing; remove it (the next run makes a new one)`,
    ]);
    expect(cacheLine(run.stderr)).toBe("0 files / 15");
    expect(readFileSync(join(repo.dir, ".screenpol-cache"))).toEqual(forged);
    rmSync(keyOf(home));
    const next = await lintOn(home, repo.dir, "--cache");
    expect([next.code, codes(next.stdout), warnings(next.stderr).length]).toEqual([1, [SANCTIONS_ERROR], 1]);
    expect(statSync(keyOf(home)).mode & 0o777).toBe(0o600);
  });
});

/** A cache this machine signed: what is in it is still checked, and the key holds every input of a result. */
describe("screenpol lint --cache: a signed cache's content and key", () => {
  let home: string;
  let otherInstall: string | undefined;
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
    if (otherInstall) rmSync(otherInstall, { recursive: true, force: true });
    otherInstall = undefined;
  });
  const cacheFile = () => join(repo.dir, ".screenpol-cache");
  const lintWith = (bin: string, ...args: string[]) =>
    runCli(["lint", "--format", "json", ...args], { cwd: repo.dir, env: { SCREENPOL_DEBUG: "1", XDG_CACHE_HOME: home }, bin });
  const warnings = (stderr: string): string[] => stderr.split("\n").filter((line) => line.startsWith("screenpol: warning:"));

  /** Rewrites the cache's JSON with `change`, and signs it again with this machine's key: a cache only this machine could have written. */
  function resign(change: (cache: { files: Record<string, unknown> }) => void): void {
    const text = readFileSync(cacheFile(), "utf8");
    const lineEnd = text.indexOf("\n");
    const cache = JSON.parse(text.slice(lineEnd + 1)) as { files: Record<string, unknown> };
    change(cache);
    const body = `${JSON.stringify(cache)}\n`;
    const signature = createHmac("sha256", readFileSync(join(home, "screenpol/lint-cache.key"))).update(body).digest("hex");
    writeFileSync(cacheFile(), `${text.slice(0, lineEnd).replace(/[0-9a-f]{64}$/, signature)}\n${body}`);
  }

  it.each([
    ["an entry that is not an object", () => "cached"],
    ["an entry whose sha256 is not text", (entry: { sha256: string }) => ({ ...entry, sha256: 7 })],
    ["an entry whose result has no list of findings", (entry: { result: object }) => ({ ...entry, result: { ...entry.result, diagnostics: "none" } })],
  ])("%s, signed by this machine: discarded with the corrupt cache's warning, every file linted, the output of a plain lint", async (_name, malformed) => {
    home = mkdtempSync(join(tmpdir(), "screenpol-machine-"));
    repo = makeTempRepo();
    expect(cacheLine((await lintWith(BIN, "--cache")).stderr)).toBe("0 files / 15");
    resign((cache) => {
      expect(cache.files[POLICY]).toBeDefined();
      cache.files[POLICY] = malformed(cache.files[POLICY] as never);
    });
    const run = await lintWith(BIN, "--cache");
    expect(warnings(run.stderr)).toEqual([`screenpol: warning: ignoring the lint cache at ${cacheFile()}: an entry is malformed; it is written again`]);
    expect(cacheLine(run.stderr)).toBe("0 files / 15");
    const plain = await runCli(["lint", "--format", "json"], { cwd: repo.dir });
    expect([run.code, run.stdout]).toEqual([plain.code, plain.stdout]);
    const next = await lintWith(BIN, "--cache");
    expect([warnings(next.stderr), cacheLine(next.stderr)]).toEqual([[], "11 files / 4"]);
  });

  it("a screenpol of the same version with other schemas takes nothing from the cache (the schemas are part of the key)", async () => {
    home = mkdtempSync(join(tmpdir(), "screenpol-machine-"));
    repo = makeTempRepo();
    otherInstall = installWithOtherSchemas();
    expect(cacheLine((await lintWith(BIN, "--cache")).stderr)).toBe("0 files / 15");
    expect(cacheLine((await lintWith(BIN, "--cache")).stderr), "the control: the same screenpol takes them").toBe("11 files / 4");
    const other = await lintWith(join(otherInstall, "bin/screenpol.js"), "--cache");
    expect(cacheLine(other.stderr)).toBe("0 files / 15");
    // Stale, not broken: no warning.
    expect(warnings(other.stderr)).toEqual([]);
  });
});

/**
 * A copy of this run's build whose schema set differs in one title (as a build
 * of the same version from edited schemas/ would): the bundle holds the
 * schemas, so that is where the title is changed.
 */
function installWithOtherSchemas(): string {
  const root = mkdtempSync(join(tmpdir(), "screenpol-other-schemas-"));
  cpSync(BUILD_ROOT, root, { recursive: true });
  const bundle = join(root, "dist/bin/main.cjs");
  const title = "vendorAWalletScreening screening policy, schemaVersion 2";
  const text = readFileSync(bundle, "latin1");
  expect(text).toContain(`title:"${title}"`);
  writeFileSync(bundle, text.replaceAll(`title:"${title}"`, `title:"${title}, revised"`), "latin1");
  return root;
}
