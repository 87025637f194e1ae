/**
 * plan and pull against the emulator when the working tree holds files that
 * are not what they seem (docs/decisions.md): every one is a read-error or a
 * refusal naming the path, never a hang, never a link target's content, and
 * pull never writes through a link out of the repository.
 */
import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setUp, type Setup } from "./plan-harness.js";

const FOLDER = "policies/sandbox/vendorAWalletScreening";
const MARKER = "OUTSIDE_MARKER_9c1e";
const OUTSIDE_TEXT = `${MARKER}: hunter2\n`;
const TEST_MS = 120_000;

const mkfifo = (path: string): void => void execFileSync("mkfifo", [path]);

interface JsonFinding { file: string; code: string; message: string }

describe("plan and pull: files that are not what they seem", () => {
  let setup: Setup;
  let outside: string;
  beforeEach(async () => {
    setup = await setUp();
    outside = mkdtempSync(join(tmpdir(), "screenpol-outside-"));
    writeFileSync(join(outside, "secret.yaml"), OUTSIDE_TEXT);
  });
  afterEach(async () => {
    await setup.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it("plan: a link out, a FIFO, a link to /dev/zero, a link loop and a file over 1 MiB are findings, and no plan is made", async () => {
    const dir = setup.repo.dir;
    rmSync(join(dir, FOLDER, "SIGN_IN.yaml"));
    symlinkSync(join(outside, "secret.yaml"), join(dir, FOLDER, "SIGN_IN.yaml"));
    rmSync(join(dir, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"));
    mkfifo(join(dir, "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml"));
    symlinkSync("/dev/zero", join(dir, "policies/live/vendorAWalletScreening/zero.yaml"));
    symlinkSync("loop.yaml", join(dir, "policies/live/vendorAWalletScreening/loop.yaml"));
    writeFileSync(join(dir, FOLDER, "TRANSACTION.yaml"), `# ${"x".repeat(1024 * 1024)}\n`);
    const before = setup.harness.emulator.store.state.policies.map((policy) => policy.revision);

    const json = await setup.cli(["plan", "--format", "json"]);
    expect(json.code).toBe(1);
    const diagnostics = (JSON.parse(json.stdout) as { diagnostics: JsonFinding[] }).diagnostics;
    expect(diagnostics.map((d) => `${d.file} ${d.code} ${d.message}`)).toEqual([
      "policies/live/vendorAWalletScreening/loop.yaml read-error too many levels of symbolic links (a link loop?)",
      "policies/live/vendorAWalletScreening/zero.yaml read-error leads outside the repository through a symbolic link; not read",
      `${FOLDER}/SIGN_IN.yaml read-error leads outside the repository through a symbolic link; not read`,
      `${FOLDER}/TRANSACTION.yaml read-error file is 1.0 MiB, over the 1 MiB limit for a policy file; not read`,
      "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml read-error is a named pipe (FIFO), not a regular file; not read",
    ]);
    const pretty = await setup.cli(["plan"]);
    expect(pretty.code).toBe(1);
    expect(pretty.stdout).toContain(`${FOLDER}/SIGN_IN.yaml`);
    for (const run of [json, pretty]) expect(run.stdout + run.stderr).not.toContain(MARKER);
    expect(setup.harness.emulator.store.state.policies.map((policy) => policy.revision)).toEqual(before);
  }, TEST_MS);

  it("pull: a FIFO at a layout path is a local change it will not replace without --force, and never waits on it", async () => {
    const fifo = join(setup.repo.dir, FOLDER, "SIGN_IN.yaml");
    rmSync(fifo);
    mkfifo(fifo);
    const refused = await setup.cli(["pull", "--env", "sandbox"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`refusing to overwrite ${FOLDER}/SIGN_IN.yaml`);
    expect(lstatSync(fifo).isFIFO()).toBe(true);
    const forced = await setup.cli(["pull", "--env", "sandbox", "--force"]);
    expect(forced.code).toBe(0);
    expect(lstatSync(fifo).isFile()).toBe(true);
    expect(readFileSync(fifo, "utf8")).toContain("scope: SIGN_IN");
  }, TEST_MS);

  it("pull: an environment folder that links out of the repository is refused; nothing is written there", async () => {
    const folder = join(setup.repo.dir, "policies/sandbox");
    rmSync(folder, { recursive: true });
    symlinkSync(outside, folder);
    const run = await setup.cli(["pull", "--env", "sandbox", "--force"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/refusing to write policies\/sandbox\/vendor\w+\/\w+\.yaml: its folder leads outside the repository through a symbolic link/);
    expect(readdirSync(outside)).toEqual(["secret.yaml"]);
  }, TEST_MS);
});
