/**
 * pull against the emulator on loopback: canonical files at their layout
 * paths, pull-then-plan shows nothing, local changes are never overwritten
 * without --force, and a kill -9 never leaves a half-written file.
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import fc from "fast-check";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runPlan } from "../../src/app/plan.js";
import { LocalChangesError, runPull } from "../../src/app/pull.js";
import { parseYaml } from "../../src/core/document.js";
import { lintText } from "../../src/core/lint.js";
import { anyCommentsOn } from "../helpers/commented-yaml.js";
import { expectCommentsAttached } from "../helpers/comment-owners.js";
import { killDuringWrite } from "../helpers/kill-mid-write.js";
import { BIN, PROJECT_ROOT } from "../helpers/run-cli.js";
import { ALL_SCOPES_TOKEN, setUp, type Setup } from "../cli/plan-harness.js";

const LIVE_FILES = [
  "policies/live/vendorAWalletScreening/SIGN_IN.yaml",
  "policies/live/vendorAWalletScreening/TRANSACTION.yaml",
  "policies/live/vendorAWalletScreening/addresses.yaml",
  "policies/live/vendorBAddressScreening/SIGN_IN.yaml",
  "policies/live/vendorBAddressScreening/addresses.yaml",
];

/** Runs of `pull` allowed per kill point for the kill to land inside a write (proven by its temporary left behind). */
const MAX_KILL_ATTEMPTS = 5;

function git(dir: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=screenpol test", "-c", "user.email=test@example.invalid", "-c", "commit.gpgsign=false", ...args], { cwd: dir, encoding: "utf8" });
}

describe("pull", () => {
  let setup: Setup;
  beforeEach(async () => {
    setup = await setUp();
  });
  afterEach(() => setup.close());

  const pull = (options: { environment?: string; force?: boolean } = {}) =>
    runPull({ cwd: setup.repo.dir, env: {}, environment: options.environment ?? "live", force: options.force, client: setup.harness.client() });

  it("writes the live policies and address entries, canonical, at their layout paths; then plan shows no change", async () => {
    rmSync(join(setup.repo.dir, "policies"), { recursive: true });
    // The sample repository keeps the schemas beside the policies; the modeline points there.
    cpSync(join(PROJECT_ROOT, "schemas"), join(setup.repo.dir, "schemas"), { recursive: true });
    const report = await pull();
    expect(report.files.map((file) => `${file.status} ${file.path} ${file.revision}`)).toEqual([
      "created policies/live/vendorAWalletScreening/SIGN_IN.yaml 12",
      "created policies/live/vendorAWalletScreening/TRANSACTION.yaml 17",
      "created policies/live/vendorAWalletScreening/addresses.yaml 5",
      "created policies/live/vendorBAddressScreening/SIGN_IN.yaml 6",
      "created policies/live/vendorBAddressScreening/addresses.yaml 3",
    ]);
    const text = readFileSync(join(setup.repo.dir, LIVE_FILES[1]!), "utf8");
    expect(text.split("\n").slice(0, 4)).toEqual([
      "# yaml-language-server: $schema=../../../schemas/policy-vendorAWalletScreening-v2.schema.json",
      "#",
      "# live/vendorAWalletScreening/TRANSACTION, as pulled from the service by `screenpol pull` (canonical form).",
      "# Edit it here; review with `screenpol plan`, apply with `screenpol push`.",
    ]);
    for (const path of LIVE_FILES) {
      const errors = lintText(path, readFileSync(join(setup.repo.dir, path), "utf8"), { now: new Date("2026-11-01T00:00:00Z") }).filter((d) => d.severity === "error");
      expect(errors, path).toEqual([]);
    }
    const plan = await runPlan({ cwd: setup.repo.dir, env: {}, environments: ["live"], client: setup.harness.client() });
    expect(plan.kind).toBe("plan");
    if (plan.kind === "plan") expect(plan.plan.entries.map((entry) => entry.kind)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged", "unchanged"]);
    // A second pull finds nothing to do.
    expect((await pull()).files.every((file) => file.status === "unchanged")).toBe(true);
  });

  it("pull then plan through the CLI: no change (exit 0 with --detailed-exitcode)", async () => {
    rmSync(join(setup.repo.dir, "policies"), { recursive: true });
    const pulled = await setup.cli(["pull", "--env", "sandbox"]);
    expect(pulled.stderr).toBe("");
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toMatch(/created   policies\/sandbox\/vendorAWalletScreening\/TRANSACTION.yaml +\(live revision 9\)/);
    // Without a schemas/ folder in the repository, the modeline names the schema's published id.
    expect(readFileSync(join(setup.repo.dir, "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml"), "utf8")).toMatch(
      /^# yaml-language-server: \$schema=https:\/\/screenpol.dev\/schemas\/policy-vendorAWalletScreening-v2.schema.json\n/,
    );
    expect(pulled.stdout).toContain("Pulled sandbox: 4 created, 0 updated, 0 unchanged. `screenpol plan --env sandbox` now shows no change.");
    const plan = await setup.cli(["plan", "--env", "sandbox", "--detailed-exitcode"]);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("Plan: 0 to create, 0 to update, 4 unchanged, 0 live-only.");
  });

  it("leaves a file that already holds the live content alone, comments and all", async () => {
    const path = join(setup.repo.dir, "policies/live/vendorAWalletScreening/SIGN_IN.yaml");
    const before = readFileSync(path, "utf8");
    const report = await pull({ force: true });
    expect(report.files.find((file) => file.path.endsWith("vendorAWalletScreening/SIGN_IN.yaml"))?.status).toBe("unchanged");
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(report.files.find((file) => file.path.endsWith("vendorAWalletScreening/TRANSACTION.yaml"))?.status).toBe("updated");
    expect(report.localOnly).toEqual(["policies/live/vendorBAddressScreening/TRANSACTION.yaml"]);
  });

  it("pulling over a file keeps its header and its comments where the content did not change", async () => {
    rmSync(join(setup.repo.dir, "policies"), { recursive: true });
    await pull();
    const path = join(setup.repo.dir, LIVE_FILES[1]!);
    const pulled = readFileSync(path, "utf8");
    const commented = pulled
      .replace(/^# live\/vendorAWalletScreening\/TRANSACTION, as pulled[^\n]*\n/m, "# Owner: compliance engineering (COMP-1180).\n")
      .replace("enabled: true\n", "enabled: true # never disabled without a ticket\n")
      .replace("  postScreen:\n", "  # Reviewed every quarter.\n  postScreen:\n");
    expect(commented).not.toBe(pulled);
    // A local edit of a threshold: the live copy wins on pull --force, the comments stay.
    writeFileSync(path, commented.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
    const report = await pull({ force: true });
    expect(report.files.find((file) => file.path === LIVE_FILES[1])?.status).toBe("updated");
    expect(readFileSync(path, "utf8")).toBe(commented);
  });

  it("pulling over a commented file keeps every comment on the key, rule, entry or block it was on, wherever it stood", async () => {
    rmSync(join(setup.repo.dir, "policies"), { recursive: true });
    await pull();
    // A local edit in each file, so that the live copy differs and pull merges the file's comments into it.
    const files = [
      { path: LIVE_FILES[1]!, kind: "policy" as const, edit: (text: string) => text.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }") },
      { path: LIVE_FILES[2]!, kind: "addresses" as const, edit: (text: string) => text.replace("reviewed by J. Okafor 2026-09", "reviewed 2026-10") },
    ];
    const pulled = files.map((file) => readFileSync(join(setup.repo.dir, file.path), "utf8"));
    const samples = files.map((file, index) => fc.sample(anyCommentsOn(pulled[index]!), { numRuns: 4, seed: 23 + index }));
    for (let round = 0; round < 4; round++) {
      const commented = files.map((file, index) => samples[index]![round]!);
      files.forEach((file, index) => {
        const edited = file.edit(commented[index]!);
        expect(edited, file.path).not.toBe(commented[index]);
        writeFileSync(join(setup.repo.dir, file.path), edited);
      });
      const report = await pull({ force: true });
      files.forEach((file, index) => {
        expect(report.files.find((written) => written.path === file.path)?.status, file.path).toBe("updated");
        const merged = readFileSync(join(setup.repo.dir, file.path), "utf8");
        expect(parse(merged), file.path).toEqual(parse(pulled[index]!));
        expectCommentsAttached(commented[index]!, merged, file.kind);
      });
    }
  });

  it("a comment at the end of a rule stays where it is, with no blank line added, pull after pull", async () => {
    rmSync(join(setup.repo.dir, "policies"), { recursive: true });
    await pull();
    const path = join(setup.repo.dir, LIVE_FILES[1]!);
    const pulled = readFileSync(path, "utf8");
    const commented = pulled.replace("        riskScore: { gte: 8 }\n      action: BLOCK\n", "        riskScore: { gte: 8 }\n      action: BLOCK\n      # reviewed 2026-09\n");
    expect(commented).not.toBe(pulled);
    for (let run = 0; run < 3; run++) {
      writeFileSync(path, commented.replace("riskScore: { gte: 8 }", "riskScore: { gte: 9 }"));
      expect((await pull({ force: true })).files.find((file) => file.path === LIVE_FILES[1])?.status).toBe("updated");
      expect(readFileSync(path, "utf8")).toBe(commented);
    }
  });

  it("outside Git, refuses to overwrite a differing file unless --force, and then writes nothing", async () => {
    const before = Object.fromEntries(LIVE_FILES.map((path) => [path, readFileSync(join(setup.repo.dir, path), "utf8")]));
    const error = await pull().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(LocalChangesError);
    expect((error as Error).message).toMatch(/^refusing to overwrite policies\/live\/vendorAWalletScreening\/TRANSACTION.yaml, .*this is not a Git repository\. Nothing was written/);
    for (const path of LIVE_FILES) expect(readFileSync(join(setup.repo.dir, path), "utf8")).toBe(before[path]);
    const forced = await pull({ force: true });
    expect(forced.files.filter((file) => file.status === "updated").map((file) => file.path)).toEqual([
      "policies/live/vendorAWalletScreening/TRANSACTION.yaml",
      "policies/live/vendorAWalletScreening/addresses.yaml",
      "policies/live/vendorBAddressScreening/SIGN_IN.yaml",
    ]);
  });

  it("in Git, overwrites clean tracked files, refuses modified or untracked ones (exit 2 from the CLI)", async () => {
    const dir = setup.repo.dir;
    git(dir, "init", "-q");
    git(dir, "add", "-A");
    git(dir, "commit", "-q", "-m", "policies");
    // Clean and tracked: Git holds the old content, so pull may replace it.
    expect((await pull({ environment: "sandbox" })).files.filter((file) => file.status === "updated").map((file) => file.path)).toEqual([
      "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
    ]);
    // Modified: refused.
    const modified = join(dir, "policies/live/vendorBAddressScreening/SIGN_IN.yaml");
    writeFileSync(modified, `${readFileSync(modified, "utf8")}# work in progress\n`);
    const run = await setup.cli(["pull", "--env", "live"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("refusing to overwrite policies/live/vendorBAddressScreening/SIGN_IN.yaml: they have changes Git does not hold");
    expect(run.stderr).not.toContain("TRANSACTION.yaml");
    // Untracked and differing: refused as well.
    git(dir, "checkout", "--", ".");
    rmSync(join(dir, "policies/live/vendorAWalletScreening/addresses.yaml"));
    git(dir, "rm", "-q", "--cached", "policies/live/vendorAWalletScreening/addresses.yaml");
    git(dir, "commit", "-q", "-m", "drop addresses");
    writeFileSync(join(dir, "policies/live/vendorAWalletScreening/addresses.yaml"), "providerType: vendorAWalletScreening\nentries: []\n");
    const untracked = await setup.cli(["pull", "--env", "live"]);
    expect(untracked.code).toBe(2);
    expect(untracked.stderr).toContain("refusing to overwrite policies/live/vendorAWalletScreening/addresses.yaml");
    const forced = await setup.cli(["pull", "--env", "live", "--force"]);
    expect(forced.code).toBe(0);
  });

  it("a kill -9 during the writes leaves every file whole: the ones written new, the interrupted one and the rest old", async () => {
    // The content a completed pull writes, from a separate copy.
    const reference = await setUp();
    let expected: Record<string, string>;
    try {
      await runPull({ cwd: reference.repo.dir, env: {}, environment: "live", force: true, client: setup.harness.client() });
      expected = Object.fromEntries(LIVE_FILES.map((path) => [path, readFileSync(join(reference.repo.dir, path), "utf8")]));
    } finally {
      reference.repo.remove();
      await reference.harness.close();
    }
    const original = Object.fromEntries(LIVE_FILES.map((path) => [path, readFileSync(join(PROJECT_ROOT, path), "utf8")]));
    const changed = LIVE_FILES.filter((path) => expected[path] !== original[path]);
    expect(changed.length).toBeGreaterThan(1);
    const env = { ...process.env, SCREENPOL_API_TOKEN: ALL_SCOPES_TOKEN, SCREENPOL_BASE_URL: setup.harness.running.baseUrl };
    const folders = [...new Set(LIVE_FILES.map((path) => dirname(join(setup.repo.dir, path))))];
    const interrupted: string[] = [];
    let attempts = 0;
    // One kill per written file: at the moment its temporary appears (the nth of the run).
    for (let nth = 1; nth <= changed.length; nth++) {
      let proven = false;
      for (let attempt = 0; attempt < MAX_KILL_ATTEMPTS && !proven; attempt++, attempts++) {
        for (const path of LIVE_FILES) writeFileSync(join(setup.repo.dir, path), original[path]!);
        const child = spawn(process.execPath, [BIN, "pull", "--env", "live", "--force"], { cwd: setup.repo.dir, env, stdio: "ignore" });
        const outcome = await killDuringWrite(child, { dirs: folders, nth });
        // Whatever the moment, every file is the old or the new one, whole.
        const now = Object.fromEntries(LIVE_FILES.map((path) => [path, readFileSync(join(setup.repo.dir, path), "utf8")]));
        for (const path of LIVE_FILES) {
          expect(parseYaml(now[path]!).problems, path).toEqual([]);
          expect([original[path], expected[path]], `${path} after a kill at write ${nth}`).toContain(now[path]);
        }
        for (const left of outcome.left) rmSync(join(left.dir, left.name));
        // Proof that the kill landed mid-write: exactly one temporary left, of a file the pull changes.
        if (outcome.left.length === 0) continue;
        expect(outcome.left, "one write at a time").toHaveLength(1);
        const target = relative(setup.repo.dir, outcome.left[0]!.target);
        expect(changed).toContain(target);
        // The interrupted file and those after it are old; those before it, new.
        const position = changed.indexOf(target);
        for (const [index, path] of changed.entries()) expect(now[path], `${path}, write ${index + 1}; killed in write ${position + 1}`).toBe(index < position ? expected[path] : original[path]);
        interrupted.push(target);
        proven = true;
      }
      expect(proven, `no kill landed during write ${nth} in ${MAX_KILL_ATTEMPTS} runs`).toBe(true);
    }
    // The kills did land in different writes.
    expect(new Set(interrupted).size, `interrupted ${interrupted.join(", ")} in ${attempts} runs`).toBeGreaterThan(1);
    // No temporary file is ever picked up as a policy (*.tmp is not YAML).
    const folder = join(setup.repo.dir, "policies/live/vendorAWalletScreening");
    for (const name of readdirSync(folder)) expect(name.endsWith(".yaml")).toBe(true);
    expect(existsSync(join(setup.repo.dir, "policies/live/vendorBAddressScreening/TRANSACTION.yaml"))).toBe(true);
  });
});
