/**
 * `screenpol init`: a working repository in an empty folder that lints clean as
 * written, whose hook and workflow files are the ones docs/integrations.md
 * shows, and that never overwrites anything.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PROJECT_ROOT, runCli } from "../helpers/run-cli.js";
import { snippet } from "./support/docs.js";
import { findExecutable, git, gitEnv, run } from "./support/git.js";

const VERSION = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string }).version;

const SCAFFOLD = [
  "screenpol.config.yaml",
  "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml",
  "policies/sandbox/vendorAWalletScreening/TRANSACTION.yaml",
  "policies/sandbox/vendorBAddressScreening/SIGN_IN.yaml",
  "policies/sandbox/vendorBAddressScreening/TRANSACTION.yaml",
  ".pre-commit-config.yaml",
  ".github/workflows/screenpol.yml",
  ".gitignore",
];

/** Every file under `dir`, relative, with its content: a picture of a folder to compare before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[relative(dir, path)] = readFileSync(path, "utf8");
    }
  };
  walk(dir);
  return out;
}

describe("screenpol init", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "screenpol-init-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("scaffolds an empty folder that `screenpol lint` passes at once", async () => {
    const init = await runCli(["init"], { cwd: dir });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout).toContain(SCAFFOLD.map((path) => `created  ${path}`).join("\n"));
    expect(Object.keys(snapshot(dir)).sort()).toEqual([...SCAFFOLD].sort());

    const lint = await runCli(["lint", "--max-warnings", "0"], { cwd: dir });
    expect(lint.stdout).toContain("✔ 5 files linted, no problems");
    expect(lint.code).toBe(0);
    const json = JSON.parse((await runCli(["lint", "--format", "json"], { cwd: dir })).stdout) as { files: number; diagnostics: unknown[] };
    expect(json).toMatchObject({ files: 5, diagnostics: [] });
  });

  it("creates the folder it is given, and lints clean as staged in a new Git repository", async () => {
    const target = join(dir, "policies-repo");
    expect((await runCli(["init", "policies-repo"], { cwd: dir })).code).toBe(0);
    const env = gitEnv();
    git(target, env, "init", "-q");
    git(target, env, "add", "-A");
    const staged = await runCli(["lint", "--staged", "--max-warnings", "0"], { cwd: target });
    expect(staged.stdout).toContain("✔ 5 files linted, no problems");
    expect(staged.code).toBe(0);
  });

  it("writes one example policy per vendor and scope, and a sandbox environment with a placeholder id to replace", async () => {
    await runCli(["init"], { cwd: dir });
    const config = readFileSync(join(dir, "screenpol.config.yaml"), "utf8");
    const data = parse(config) as { environments: Record<string, { id: string; kind: string }> };
    expect(data.environments).toEqual({ sandbox: { id: "00000000-0000-4000-8000-000000000000", kind: "sandbox" } });
    // A valid UUID (toolkit.md: lowercase 8-4-4-4-12), with a comment right above it saying to replace it.
    expect(data.environments.sandbox!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(config).toMatch(/# REPLACE this placeholder[^\n]*\n(\s*#[^\n]*\n)*\s+id: 00000000-/);
    for (const vendor of ["vendorAWalletScreening", "vendorBAddressScreening"]) {
      for (const scope of ["SIGN_IN", "TRANSACTION"]) {
        const policy = parse(readFileSync(join(dir, `policies/sandbox/${vendor}/${scope}.yaml`), "utf8")) as Record<string, unknown>;
        expect(policy).toMatchObject({ providerType: vendor, scope, enabled: true });
      }
    }
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toContain(".screenpol-emulator*.json");
  });

  it("writes the pre-commit config and the workflow of docs/integrations.md", async () => {
    await runCli(["init"], { cwd: dir });
    expect(readFileSync(join(dir, ".pre-commit-config.yaml"), "utf8")).toBe(snippet("pre-commit-remote").replace("rev: v0.1.0", `rev: v${VERSION}`));
    expect(readFileSync(join(dir, ".github/workflows/screenpol.yml"), "utf8")).toBe(snippet("github-workflow").replace("@v0.1.0", `@v${VERSION}`));

    // The hook it names is the one this repository publishes.
    const hooks = parse(readFileSync(join(PROJECT_ROOT, ".pre-commit-hooks.yaml"), "utf8")) as Array<{ id: string }>;
    const preCommit = parse(readFileSync(join(dir, ".pre-commit-config.yaml"), "utf8")) as { repos: Array<{ repo: string; rev: string; hooks: Array<{ id: string }> }> };
    expect(hooks.map((hook) => hook.id)).toContain(preCommit.repos[0]!.hooks[0]!.id);

    // The workflow runs this repository's action, on pull requests, with the permissions it needs.
    const workflow = parse(readFileSync(join(dir, ".github/workflows/screenpol.yml"), "utf8")) as any;
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(workflow.permissions).toEqual({ contents: "read", "security-events": "write", "pull-requests": "write" });
    const step = workflow.jobs.screenpol.steps.find((s: { uses?: string }) => s.uses?.startsWith("screenpol/screenpol@"));
    expect(step.uses).toBe(`screenpol/screenpol@v${VERSION}`);
    const action = parse(readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8")) as { inputs: Record<string, unknown> };
    for (const input of Object.keys(step.with)) expect(Object.keys(action.inputs)).toContain(input);
  });

  it.skipIf(!findExecutable("pre-commit"))("writes a .pre-commit-config.yaml that pre-commit accepts", async () => {
    await runCli(["init"], { cwd: dir });
    const result = await run(findExecutable("pre-commit")!, ["validate-config", ".pre-commit-config.yaml"], { cwd: dir, env: gitEnv({ PRE_COMMIT_HOME: join(dir, ".cache") }) });
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });

  it("refuses to overwrite: exit 2, names every existing file, writes nothing", async () => {
    writeFileSync(join(dir, ".gitignore"), "my own\n");
    writeFileSync(join(dir, "screenpol.config.yaml"), "environments: {}\n");
    writeFileSync(join(dir, "README.md"), "# mine\n");
    const before = snapshot(dir);
    const init = await runCli(["init"], { cwd: dir });
    expect(init.code).toBe(2);
    expect(init.stdout).toBe("");
    expect(init.stderr).toMatch(/^screenpol: refusing to overwrite screenpol\.config\.yaml, \.gitignore in .*; nothing was written/);
    expect(snapshot(dir)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual([".gitignore", "README.md", "screenpol.config.yaml"]);
  });

  it("refuses a second run over its own scaffold, leaving every file as it was", async () => {
    await runCli(["init"], { cwd: dir });
    writeFileSync(join(dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"), "# edited by hand\n");
    const before = snapshot(dir);
    const again = await runCli(["init"], { cwd: dir });
    expect(again.code).toBe(2);
    for (const path of SCAFFOLD) expect(again.stderr).toContain(path);
    expect(snapshot(dir)).toEqual(before);
  });
});
