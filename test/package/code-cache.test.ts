/**
 * bin/screenpol.js runs the CLI bundle with a V8 code cache per command in the
 * user's cache folder (docs/decisions.md, "Issue 14: start-up"). What a user
 * would notice: the same output with and without it, a cache folder of their
 * own (0700, files 0600), and no command ever failing because of the cache.
 * Each test gives the CLI a cache folder of its own through XDG_CACHE_HOME.
 */
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_ROOT, runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";

let repo: TempRepo;
let home: string;
beforeEach(() => {
  repo = makeTempRepo();
  home = mkdtempSync(join(tmpdir(), "screenpol-code-cache-"));
});
afterEach(() => {
  repo.remove();
  rmSync(home, { recursive: true, force: true });
});

const folder = () => join(home, "screenpol", "v8");
const lint = (env: Record<string, string> = {}): Promise<CliRun> =>
  runCli(["lint", POLICY], { cwd: repo.dir, env: { XDG_CACHE_HOME: home, SCREENPOL_CODE_CACHE: "debug", ...env } });
/** stderr without the cache's own debug lines: what the command itself said. */
const ownStderr = (run: CliRun) => run.stderr.replace(/^screenpol: code cache: .*\n/gm, "");

describe("the V8 code cache of bin/screenpol.js", () => {
  it("is written by a command's first run and used by the next, the output the same", async () => {
    const first = await lint();
    expect(first.code).toBe(0);
    expect(first.stdout).toBe("✔ 1 file linted, no problems\n");
    const [file] = readdirSync(folder());
    expect(file).toMatch(/^lint\.[^/]+\.bin$/);
    expect(first.stderr).toBe(`screenpol: code cache: written ${join(folder(), file!)}\n`);
    expect(statSync(folder()).mode & 0o777).toBe(0o700);
    expect(statSync(join(folder(), file!)).mode & 0o777).toBe(0o600);

    const second = await lint();
    expect(second).toEqual({ code: 0, stdout: first.stdout, stderr: `screenpol: code cache: used ${join(folder(), file!)}\n` });
    // Another command compiles other code: a cache of its own (`--version` alone never runs the bundle: below).
    const help = await runCli(["--help"], { cwd: repo.dir, env: { XDG_CACHE_HOME: home } });
    expect(help.code).toBe(0);
    const files = readdirSync(folder());
    expect(files).toHaveLength(2);
    expect(files).toContain(file!);
    expect(files.find((name) => name !== file)).toMatch(/^other\..+\.bin$/);
  });

  it("compiles normally when the cache is not V8's (corrupt), and writes a good one in its place", async () => {
    await lint();
    const [file] = readdirSync(folder());
    writeFileSync(join(folder(), file!), "not a code cache");
    const run = await lint();
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("✔ 1 file linted, no problems\n");
    expect(run.stderr).toBe(`screenpol: code cache: rejected, written again ${join(folder(), file!)}\n`);
    expect(readFileSync(join(folder(), file!)).length).toBeGreaterThan(10_000);
    expect((await lint()).stderr).toContain("code cache: used");
  });

  it("leaves alone a folder others may write to, and a findings run keeps its exit code", async () => {
    await lint();
    chmodSync(folder(), 0o777);
    repo.write(POLICY, readFileSync(join(repo.dir, POLICY), "utf8").replace("action: BLOCK", "action: block"));
    const run = await lint();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('"block" is not one of BLOCK, ALERT, ALLOW');
    expect(run.stderr).toBe(`screenpol: code cache: not used: ${folder()} is not this user's alone\n`);
  });

  it("never fails a command: no folder can be made, or it is turned off", async () => {
    writeFileSync(join(home, "screenpol"), "a file where the folder would go");
    const blocked = await lint();
    expect(blocked.code).toBe(0);
    expect(blocked.stdout).toBe("✔ 1 file linted, no problems\n");
    expect(blocked.stderr).toMatch(/^screenpol: code cache: not used: (EEXIST|ENOTDIR)/);
    expect(ownStderr(blocked)).toBe("");

    rmSync(join(home, "screenpol"));
    const off = await runCli(["lint", POLICY], { cwd: repo.dir, env: { XDG_CACHE_HOME: home, SCREENPOL_CODE_CACHE: "off" } });
    expect(off).toEqual({ code: 0, stdout: "✔ 1 file linted, no problems\n", stderr: "" });
    expect(readdirSync(home)).toEqual([]);
  });
});

describe("screenpol --version", () => {
  it("is answered from package.json before the bundle loads: a bundle that throws as it loads, and no code cache", async () => {
    // A copy of the build whose bundle fails the moment it runs: only a run that never loads it can print the version.
    const copy = mkdtempSync(join(tmpdir(), "screenpol-version-"));
    try {
      for (const entry of ["bin", "dist", "package.json"]) cpSync(join(BUILD_ROOT, entry), join(copy, entry), { recursive: true });
      symlinkSync(join(BUILD_ROOT, "node_modules"), join(copy, "node_modules"), "dir");
      writeFileSync(join(copy, "dist", "bin", "main.cjs"), 'throw new Error("the bundle was loaded");\n');
      const bin = join(copy, "bin", "screenpol.js");
      const env = { XDG_CACHE_HOME: home, SCREENPOL_CODE_CACHE: "debug" };
      const { version } = JSON.parse(readFileSync(join(copy, "package.json"), "utf8")) as { version: string };
      for (const flag of ["--version", "-v"]) expect(await runCli([flag], { cwd: repo.dir, env, bin })).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
      expect(readdirSync(home)).toEqual([]);
      // Anything else still runs the bundle (here, the broken one: proof the copy is what ran).
      const other = await runCli(["--version", "lint"], { cwd: repo.dir, env, bin });
      expect(other.stderr).toContain("the bundle was loaded");
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
