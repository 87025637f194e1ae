/**
 * Files that are not what they seem (docs/decisions.md): a link out of the
 * repository, a FIFO, a device, a link loop. `lint` reports each as a
 * read-error naming the path as given, never prints a link target's content,
 * and never hangs: each run is bounded by a kill timer, so a regression fails.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, runCli, type CliRun } from "../helpers/run-cli.js";
import { makeTempRepo, type TempRepo } from "../helpers/temp-repo.js";

const POLICY = "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml";
const FOLDER = "policies/sandbox/vendorAWalletScreening";
/** What an outside file holds: neither line may reach any output. */
const MARKER = "OUTSIDE_MARKER_7f3a";
const SECRET = "hunter2-do-not-print";
const OUTSIDE_TEXT = `${MARKER}: ${SECRET}\nsecond_${MARKER}: [${SECRET}]\n`;
/** Long enough for a loaded machine; a hang is killed at this point and the test fails. */
const RUN_MS = 30_000;
const TEST_MS = 90_000;

const mkfifo = (path: string): void => void execFileSync("mkfifo", [path]);
const output = (run: CliRun): string => run.stdout + run.stderr;
const lint = (repo: TempRepo, args: string[], cwd = repo.dir): Promise<CliRun> => runCli(["lint", ...args], { cwd, timeoutMs: RUN_MS });

interface JsonFinding { file: string; line: number; column: number; code: string; message: string }
const findings = (run: CliRun): string[] =>
  (JSON.parse(run.stdout) as { diagnostics: JsonFinding[] }).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code} ${d.message}`);

describe("lint: files that are not what they seem", () => {
  let repo: TempRepo;
  let outside: string;
  beforeEach(() => {
    repo = makeTempRepo();
    outside = mkdtempSync(join(tmpdir(), "screenpol-outside-"));
    writeFileSync(join(outside, "secret.yaml"), OUTSIDE_TEXT);
  });
  afterEach(() => {
    repo.remove();
    rmSync(outside, { recursive: true, force: true });
  });

  it("a policy that links to a file outside the repository is a read-error naming the link; the target's content is in no format", async () => {
    rmSync(join(repo.dir, POLICY));
    symlinkSync(join(outside, "secret.yaml"), join(repo.dir, POLICY));
    const json = await lint(repo, ["--format", "json"]);
    expect(json.code).toBe(1);
    expect(findings(json)).toEqual([`${POLICY}:1:1 read-error leads outside the repository through a symbolic link; not read`]);
    for (const format of ["pretty", "json", "github", "sarif"]) {
      const run = await lint(repo, ["--format", format]);
      expect(run.code, format).toBe(1);
      expect(run.stdout, format).toContain(POLICY);
      expect(output(run), format).not.toContain(MARKER);
      expect(output(run), format).not.toContain(SECRET);
      expect(output(run), format).not.toContain(outside);
    }
    // Named on the command line, the same.
    const named = await lint(repo, ["--format", "json", POLICY]);
    expect(findings(named)).toEqual([`${POLICY}:1:1 read-error leads outside the repository through a symbolic link; not read`]);
  }, TEST_MS);

  it("a link to a folder outside the repository is never walked: named, found, or as the webhooks folder itself", async () => {
    symlinkSync(outside, join(repo.dir, "policies/shared"));
    const named = await lint(repo, ["--format", "json", "policies/shared"]);
    expect(named.code).toBe(1);
    expect(findings(named)).toEqual(["policies/shared:1:1 read-error leads outside the repository through a symbolic link; not read"]);
    expect(output(named)).not.toContain(MARKER);

    // The default layout: a link out with a YAML name is refused, and the webhooks folder as a link out is not walked.
    symlinkSync(outside, join(repo.dir, FOLDER, "more.yaml"));
    rmSync(join(repo.dir, "webhooks"), { recursive: true });
    symlinkSync(outside, join(repo.dir, "webhooks"));
    const whole = await lint(repo, ["--format", "json"]);
    expect(whole.code).toBe(1);
    expect(findings(whole)).toEqual([
      `${FOLDER}/more.yaml:1:1 read-error leads outside the repository through a symbolic link; not read`,
      "webhooks:1:1 read-error leads outside the repository through a symbolic link; not read",
    ]);
    expect(output(whole)).not.toContain(MARKER);
  }, TEST_MS);

  it("a FIFO, a link to a FIFO, a link to /dev/zero and a link loop are read-errors, and lint finishes", async () => {
    mkfifo(join(repo.dir, FOLDER, "pipe.yaml"));
    mkfifo(join(repo.dir, FOLDER, "pipe-target"));
    symlinkSync("pipe-target", join(repo.dir, FOLDER, "to-pipe.yaml"));
    symlinkSync("/dev/zero", join(repo.dir, FOLDER, "zero.yaml"));
    symlinkSync("loop-b.yaml", join(repo.dir, FOLDER, "loop-a.yaml"));
    symlinkSync("loop-a.yaml", join(repo.dir, FOLDER, "loop-b.yaml"));
    const run = await lint(repo, ["--format", "json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(findings(run)).toEqual([
      `${FOLDER}/loop-a.yaml:1:1 read-error too many levels of symbolic links (a link loop?)`,
      `${FOLDER}/loop-b.yaml:1:1 read-error too many levels of symbolic links (a link loop?)`,
      `${FOLDER}/pipe.yaml:1:1 read-error is a named pipe (FIFO), not a regular file; not read`,
      `${FOLDER}/to-pipe.yaml:1:1 read-error is a named pipe (FIFO), not a regular file; not read`,
      `${FOLDER}/zero.yaml:1:1 read-error leads outside the repository through a symbolic link; not read`,
    ]);
    // Named one by one on the command line, the same.
    const named = await lint(repo, ["--format", "json", `${FOLDER}/pipe.yaml`, `${FOLDER}/to-pipe.yaml`]);
    expect(named.code).toBe(1);
    expect(findings(named)).toHaveLength(2);
  }, TEST_MS);

  it("a device named on the command line outside the repository is refused, not read until memory runs out", async () => {
    const run = await lint(repo, ["--format", "json", "/dev/zero"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    expect(findings(run)).toEqual(["/dev/zero:1:1 read-error is a character device, not a regular file; not read"]);
  }, TEST_MS);

  it("screenpol.config.yaml linking out of the repository: lint reports it, plan refuses with exit 2, neither shows its content", async () => {
    rmSync(join(repo.dir, "screenpol.config.yaml"));
    symlinkSync(join(outside, "secret.yaml"), join(repo.dir, "screenpol.config.yaml"));
    const run = await lint(repo, ["--format", "json"]);
    expect(run.code).toBe(1);
    expect(findings(run)).toContain("screenpol.config.yaml:1:1 read-error leads outside the repository through a symbolic link; not read");
    expect(output(run)).not.toContain(MARKER);
    const plan = await runCli(["plan"], { cwd: repo.dir, timeoutMs: RUN_MS, env: { SCREENPOL_API_TOKEN: "sp_test_token" } });
    expect(plan.code).toBe(2);
    expect(plan.stderr).toContain("screenpol.config.yaml: leads outside the repository through a symbolic link; not read");
    expect(output(plan)).not.toContain(MARKER);
  }, TEST_MS);

  it("a FIFO or a link out as the token catalog snapshot: lint says the snapshot cannot be read, and finishes", async () => {
    mkdirSync(join(repo.dir, "catalog"));
    mkfifo(join(repo.dir, "catalog/tokens.json"));
    const run = await lint(repo, []);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "screenpol: catalog/tokens.json cannot be read (is a named pipe (FIFO), not a regular file; not read); token references not checked — run screenpol catalog sync\n",
    );
    rmSync(join(repo.dir, "catalog/tokens.json"));
    writeFileSync(join(outside, "tokens.json"), `{"${MARKER}": "${SECRET}"}\n`);
    symlinkSync(join(outside, "tokens.json"), join(repo.dir, "catalog/tokens.json"));
    const linked = await lint(repo, []);
    expect(linked.code).toBe(0);
    expect(linked.stderr).toContain("catalog/tokens.json cannot be read (leads outside the repository through a symbolic link; not read)");
    expect(output(linked)).not.toContain(MARKER);
  }, TEST_MS);

  it("push --plan refuses a FIFO and a device instead of waiting on them", async () => {
    mkfifo(join(repo.dir, "plan.json"));
    const fifo = await runCli(["push", "--plan", "plan.json"], { cwd: repo.dir, timeoutMs: RUN_MS });
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toBe("screenpol: cannot read the plan plan.json (is a named pipe (FIFO), not a regular file; not read)\n");
    const zero = await runCli(["push", "--plan", "/dev/zero"], { cwd: repo.dir, timeoutMs: RUN_MS });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toBe("screenpol: cannot read the plan /dev/zero (is a character device, not a regular file; not read)\n");
  }, TEST_MS);

  it("--token-file: a FIFO with no writer reads as empty at once; a pipe that never ends is cut at 64 KiB", async () => {
    mkfifo(join(repo.dir, "token.pipe"));
    const fifo = await runCli(["doctor", "--env", "sandbox", "--token-file", "token.pipe"], { cwd: repo.dir, timeoutMs: RUN_MS });
    expect(fifo.code).toBe(2);
    expect(fifo.stderr).toContain("the token file token.pipe is empty");
    // Process substitution, as a user writes it: the writer is there, and never stops.
    const endless = await runShell(`exec "${process.execPath}" "${BIN}" doctor --env sandbox --token-file <(yes ${MARKER})`, repo.dir);
    expect(endless.code).toBe(2);
    expect(endless.stderr).toMatch(/^screenpol: cannot read the token file \/dev\/fd\/\d+ \(is over 64 KiB; not read\)\n$/);
    expect(output(endless)).not.toContain(MARKER);
  }, TEST_MS);
});

/** `bash -c script`, killed after RUN_MS. */
function runShell(script: string, cwd: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, SCREENPOL_API_TOKEN: "", NO_COLOR: "1" } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_MS);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
