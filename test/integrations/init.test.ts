/**
 * `screenpol init`: a working repository in an empty folder that lints clean as
 * written, whose hook and workflow files are the ones docs/integrations.md
 * shows, and that never overwrites anything.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INSTALL_COMMAND, releaseTarballUrl } from "../../src/core/install-source.js";
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
  ".github/workflows/screenpol-apply.yml",
  ".github/workflows/screenpol-drift.yml",
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
    expect(init.stdout).toContain(`${SCAFFOLD.map((path) => `created ${path}`).join("\n")}\n\nNext:\n`);
    // Before the first plan against an environment that already has policies: pull them.
    expect(init.stdout).toContain("  4. screenpol fmt --check              # canonical form, as pull writes it (screenpol fmt fixes it, comments kept)\n");
    expect(init.stdout).toContain("  5. screenpol pull --env sandbox       # first, when the environment already has policies: plan against what is live\n");
    expect(Object.keys(snapshot(dir)).sort()).toEqual([...SCAFFOLD].sort());

    // Clean but for the one thing left to do: the placeholder environment id, a warning (exit 0).
    const lint = await runCli(["lint"], { cwd: dir });
    expect(lint.stdout).toMatch(
      /^screenpol\.config\.yaml:\d+:9  warning  environments\.sandbox\.id: 00000000-0000-4000-8000-000000000000 is the placeholder `screenpol init` wrote, and no environment has it: replace it with the id of environment "sandbox" from the dashboard \(`plan` and `push` fail until then\)  placeholder-environment-id\n/,
    );
    expect(lint.stdout).toContain("✖ 1 problem (0 errors, 1 warning)");
    expect(lint.code).toBe(0);
    const json = JSON.parse((await runCli(["lint", "--format", "json"], { cwd: dir })).stdout) as { files: number; diagnostics: Array<{ code: string }> };
    expect(json.files).toBe(5);
    expect(json.diagnostics.map((d) => d.code)).toEqual(["placeholder-environment-id"]);
    // A team's CI gate (`--max-warnings 0`) holds until the id is replaced, then passes.
    expect((await runCli(["lint", "--max-warnings", "0"], { cwd: dir })).code).toBe(1);
    const config = join(dir, "screenpol.config.yaml");
    writeFileSync(config, readFileSync(config, "utf8").replace("00000000-0000-4000-8000-000000000000", "3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01"));
    const replaced = await runCli(["lint", "--max-warnings", "0"], { cwd: dir });
    expect(replaced.stdout).toContain("✔ 5 files linted, no problems");
    expect(replaced.code).toBe(0);
    // And in canonical form: `screenpol fmt --check` (a hook, a CI step) passes on it too.
    expect(await runCli(["fmt", "--check"], { cwd: dir })).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("creates the folder it is given, and lints clean as staged in a new Git repository", async () => {
    const target = join(dir, "policies-repo");
    expect((await runCli(["init", "policies-repo"], { cwd: dir })).code).toBe(0);
    const env = gitEnv();
    git(target, env, "init", "-q");
    git(target, env, "add", "-A");
    const staged = await runCli(["lint", "--staged", "--format", "json"], { cwd: target });
    expect(staged.code).toBe(0);
    expect(JSON.parse(staged.stdout)).toMatchObject({ files: 5, diagnostics: [{ code: "placeholder-environment-id", file: "screenpol.config.yaml" }] });
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

  it("writes the local pre-commit hook, and the pull-request and apply workflows, of docs/integrations.md", async () => {
    await runCli(["init"], { cwd: dir });
    expect(readFileSync(join(dir, ".pre-commit-config.yaml"), "utf8")).toBe(snippet("pre-commit-local"));
    expect(readFileSync(join(dir, ".github/workflows/screenpol.yml"), "utf8")).toBe(snippet("github-workflow").replace("@v0.1.0", `@v${VERSION}`));
    expect(readFileSync(join(dir, ".github/workflows/screenpol-apply.yml"), "utf8")).toBe(snippet("github-apply-workflow"));
    expect(readFileSync(join(dir, ".github/workflows/screenpol-drift.yml"), "utf8")).toBe(snippet("github-drift-workflow"));

    // The workflow runs this repository's action, on pull requests, with the permissions it needs.
    const workflow = parse(readFileSync(join(dir, ".github/workflows/screenpol.yml"), "utf8")) as any;
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(workflow.permissions).toEqual({ contents: "read", "security-events": "write", "pull-requests": "write" });
    const step = workflow.jobs.screenpol.steps.find((s: { uses?: string }) => s.uses?.startsWith("screenpol/screenpol@"));
    expect(step.uses).toBe(`screenpol/screenpol@v${VERSION}`);
    const action = parse(readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8")) as { inputs: Record<string, unknown> };
    for (const input of Object.keys(step.with)) expect(Object.keys(action.inputs)).toContain(input);

    // The apply workflow: on a merged pull request only, the artifact the action uploads, pushed as reviewed.
    const apply = parse(readFileSync(join(dir, ".github/workflows/screenpol-apply.yml"), "utf8")) as any;
    expect(apply.on).toEqual({ pull_request: { types: ["closed"] } });
    expect(apply.jobs.apply.if).toBe("github.event.pull_request.merged == true");
    const scripts = apply.jobs.apply.steps.map((s: { run?: string }) => s.run ?? "").join("\n");
    expect(scripts).toContain("gh run download \"$run_id\" --name screenpol-plan");
    expect(scripts).toContain('./node_modules/.bin/screenpol push --plan "$RUNNER_TEMP/screenpol-plan/plan.json" --yes');
    // Shell steps read the event only through env: (a branch name cannot inject shell code).
    expect(scripts).not.toContain("${{");
    const actionText = readFileSync(join(PROJECT_ROOT, "action.yml"), "utf8");
    expect(actionText).toContain("name: screenpol-plan");

    // Every third-party action pinned by commit, with its release.
    // The drift check: on a schedule and by hand, never on a pull request.
    const drift = parse(readFileSync(join(dir, ".github/workflows/screenpol-drift.yml"), "utf8")) as any;
    expect(drift.on).toEqual({ schedule: [{ cron: "17 6 * * *" }], workflow_dispatch: null });
    expect(drift.permissions).toEqual({ contents: "read" });

    for (const file of [".github/workflows/screenpol.yml", ".github/workflows/screenpol-apply.yml", ".github/workflows/screenpol-drift.yml"]) {
      const uses = [...readFileSync(join(dir, file), "utf8").matchAll(/uses: (\S+)(.*)$/gm)].filter((match) => !match[1]!.startsWith("screenpol/"));
      expect(uses.length).toBeGreaterThan(0);
      for (const [line, reference, comment] of uses) {
        expect(reference, line).toMatch(/^actions\/[\w-]+@[0-9a-f]{40}$/);
        expect(comment, line).toMatch(/^ # v\d+\.\d+\.\d+$/);
      }
    }
  });

  it.skipIf(!findExecutable("pre-commit"))("writes a .pre-commit-config.yaml that pre-commit accepts", async () => {
    await runCli(["init"], { cwd: dir });
    const result = await run(findExecutable("pre-commit")!, ["validate-config", ".pre-commit-config.yaml"], { cwd: dir, env: gitEnv({ PRE_COMMIT_HOME: join(dir, ".cache") }) });
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });

  it("next steps install the release tarball only when package.json lacks screenpol, and replace a registry version of it", async () => {
    const nextSteps = async (): Promise<string[]> => {
      const init = await runCli(["init", "--ci", "none"], { cwd: dir });
      expect(init.code).toBe(0);
      return init.stdout.split("\nNext:\n")[1]!.split("\n").slice(1, 3);
    };
    const install = `  2. ${INSTALL_COMMAND}   # the hook and CI run this version`;
    expect(await nextSteps()).toEqual([install, "  3. screenpol lint                     # passes as scaffolded"]);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "policies", private: true, devDependencies: { husky: "^9.0.0" } }));
    expect(await nextSteps()).toEqual([install, "  3. screenpol lint                     # passes as scaffolded"]);

    // Installed already, from its tarball, a Git tag or a folder: nothing to install.
    for (const spec of [releaseTarballUrl(), "github:screenpol/screenpol#v0.1.0", "file:../screenpol"]) {
      for (const field of ["devDependencies", "dependencies"]) {
        writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "policies", private: true, [field]: { screenpol: spec } }));
        expect(await nextSteps(), `${field}: ${spec}`).toEqual(["  2. screenpol lint                     # passes as scaffolded", "  3. screenpol fmt --check              # canonical form, as pull writes it (screenpol fmt fixes it, comments kept)"]);
      }
    }

    // By a registry version: the registry resolves it by name, which may be someone else's package.
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "policies", private: true, devDependencies: { screenpol: "^0.1.0" } }));
    expect((await nextSteps())[0]).toBe(`  2. ${INSTALL_COMMAND}   # replaces "screenpol": "^0.1.0" in devDependencies, the npm registry's package of that name, which may not be ours`);
  });

  it("in an existing repository: keeps what exists, appends the missing lines to .gitignore, creates the rest", async () => {
    writeFileSync(join(dir, ".gitignore"), "node_modules/\ndist\n.env"); // no final newline
    mkdirSync(join(dir, ".github/workflows"), { recursive: true });
    const ci = "name: ci\non: push\njobs: {}\n";
    writeFileSync(join(dir, ".github/workflows/ci.yml"), ci);
    writeFileSync(join(dir, "screenpol.config.yaml"), "# mine\nenvironments:\n  sandbox:\n    id: 3f0c2a9e-8b1d-4c7a-9e2f-5a6b7c8d9e01\n    kind: sandbox\n");
    const config = readFileSync(join(dir, "screenpol.config.yaml"), "utf8");
    const init = await runCli(["init"], { cwd: dir });
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    expect(init.stdout.split("\n\nNext:")[0]).toBe(
      [
        "kept     screenpol.config.yaml",
        ...SCAFFOLD.slice(1, -1).map((path) => `created  ${path}`),
        "appended .gitignore",
      ].join("\n"),
    );
    expect(readFileSync(join(dir, "screenpol.config.yaml"), "utf8")).toBe(config);
    expect(readFileSync(join(dir, ".github/workflows/ci.yml"), "utf8")).toBe(ci);
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe(
      "node_modules/\ndist\n.env\n\n# Added by screenpol init.\n.screenpol-emulator*.json\n*.sarif\nplan.json\n*.token\n.screenpol-cache*\n",
    );
    // The config kept is the team's own, with its own ids: nothing left to replace.
    expect((await runCli(["lint", "--max-warnings", "0"], { cwd: dir })).code).toBe(0);
  });

  it("a second run keeps every file as it is, edited or not, and says so", async () => {
    await runCli(["init"], { cwd: dir });
    writeFileSync(join(dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"), "# edited by hand\n");
    const before = snapshot(dir);
    const again = await runCli(["init"], { cwd: dir });
    expect(again.code).toBe(0);
    // The hook configuration says why it is kept: it already runs screenpol (test/integrations/init-team-hooks.test.ts).
    expect(again.stdout.split("\n\nNext:")[0]).toBe(SCAFFOLD.map((path) => `kept ${path}${path === ".pre-commit-config.yaml" ? "  (it already runs screenpol)" : ""}`).join("\n"));
    expect(snapshot(dir)).toEqual(before);
  });

  it("--force overwrites every scaffold file, and only those", async () => {
    await runCli(["init"], { cwd: dir });
    writeFileSync(join(dir, "policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml"), "# edited by hand\n");
    writeFileSync(join(dir, "notes.md"), "mine\n");
    const fresh = mkdtempSync(join(tmpdir(), "screenpol-init-fresh-"));
    try {
      await runCli(["init"], { cwd: fresh });
      const forced = await runCli(["init", "--force"], { cwd: dir });
      expect(forced.code).toBe(0);
      expect(forced.stdout.split("\n\nNext:")[0]).toBe(SCAFFOLD.map((path) => `overwrote ${path}`).join("\n"));
      expect(snapshot(dir)).toEqual({ ...snapshot(fresh), "notes.md": "mine\n" });
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("never writes through a folder linked out of the repository: exit 2, one line, nothing written anywhere", async () => {
    const outside = mkdtempSync(join(tmpdir(), "screenpol-init-outside-"));
    try {
      // A fresh init would create the examples through the link; --force would overwrite what is out there.
      symlinkSync(outside, join(dir, "policies"));
      const refusal = `screenpol: cannot write policies/sandbox/vendorAWalletScreening/SIGN_IN.yaml in ${dir}: policies leads outside the repository through a symbolic link; nothing was written\n`;
      expect(await runCli(["init"], { cwd: dir })).toEqual({ code: 2, stdout: "", stderr: refusal });
      expect(readdirSync(outside)).toEqual([]);
      expect(readdirSync(dir)).toEqual(["policies"]);

      rmSync(join(dir, "policies"));
      mkdirSync(join(dir, "policies"));
      mkdirSync(join(outside, "vendorAWalletScreening"));
      writeFileSync(join(outside, "vendorAWalletScreening/SIGN_IN.yaml"), "theirs\n");
      symlinkSync(outside, join(dir, "policies/sandbox"));
      const forced = await runCli(["init", "--force"], { cwd: dir });
      expect(forced).toEqual({ code: 2, stdout: "", stderr: refusal.replace(": policies leads", ": policies/sandbox leads") });
      expect(snapshot(outside)).toEqual({ "vendorAWalletScreening/SIGN_IN.yaml": "theirs\n" });
      expect(readdirSync(dir)).toEqual(["policies"]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    // A link that stays inside the repository is written through, as the reads follow it.
    rmSync(join(dir, "policies"), { recursive: true });
    mkdirSync(join(dir, "shared"));
    symlinkSync(join(dir, "shared"), join(dir, "policies"));
    const inside = await runCli(["init"], { cwd: dir });
    expect(inside.code).toBe(0);
    expect(readdirSync(join(dir, "shared/sandbox"))).toEqual(["vendorAWalletScreening", "vendorBAddressScreening"]);
  });

  it("--env and --kind: one environment each, with its own placeholder id and example policies", async () => {
    const init = await runCli(["init", "--env", "staging", "--env", "production", "--kind", "sandbox", "--kind", "live"], { cwd: dir });
    expect(init.stderr).toBe("");
    const data = parse(readFileSync(join(dir, "screenpol.config.yaml"), "utf8")) as { environments: Record<string, { id: string; kind: string }> };
    expect(data.environments).toEqual({
      staging: { id: "00000000-0000-4000-8000-000000000000", kind: "sandbox" },
      production: { id: "00000000-0000-4000-8000-000000000001", kind: "live" },
    });
    expect(readdirSync(join(dir, "policies")).sort()).toEqual(["production", "staging"]);
    const lint = await runCli(["lint", "--format", "json"], { cwd: dir });
    expect(lint.code).toBe(0);
    const findings = (JSON.parse(lint.stdout) as { files: number; diagnostics: Array<{ code: string; path: string }> });
    expect(findings.files).toBe(9);
    expect(findings.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual(["placeholder-environment-id environments.staging.id", "placeholder-environment-id environments.production.id"]);
    expect(readFileSync(join(dir, "policies/production/vendorBAddressScreening/SIGN_IN.yaml"), "utf8")).toMatch(
      /^# yaml-language-server: \$schema=https:\/\/screenpol\.dev\/schemas\/policy-vendorBAddressScreening\.schema\.json\n# Example policy: vendorB address screening of addresses signing in, production\.\n/,
    );
  });

  it("refuses bad --env and --kind values before writing anything: exit 2", async () => {
    for (const [args, message] of [
      [["--env", "Prod"], '--env "Prod" is not an environment name'],
      [["--env", "a", "--env", "a"], '--env "a" is given twice'],
      [["--env", "a", "--kind", "staging"], '--kind must be sandbox or live, not "staging"'],
      [["--env", "a", "--kind", "live", "--kind", "live"], "--kind is given 2 times for 1 --env"],
      [["--hooks", "git"], "argument 'git' is invalid"],
    ] as const) {
      const run = await runCli(["init", ...args], { cwd: dir });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr, args.join(" ")).toContain(message);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it("--hooks husky, lefthook or none, and --ci none, write those hooks and no workflow", async () => {
    await runCli(["init", "--hooks", "husky", "--ci", "none"], { cwd: dir });
    expect(readFileSync(join(dir, ".husky/pre-commit"), "utf8")).toBe(snippet("husky-pre-commit"));
    expect(existsSync(join(dir, ".github"))).toBe(false);
    expect(existsSync(join(dir, ".pre-commit-config.yaml"))).toBe(false);
    const lefthook = mkdtempSync(join(tmpdir(), "screenpol-init-lefthook-"));
    try {
      const run = await runCli(["init", "--hooks", "lefthook"], { cwd: lefthook });
      expect(run.stdout).toContain("npx lefthook install");
      expect(readFileSync(join(lefthook, "lefthook.yml"), "utf8")).toBe(snippet("lefthook"));
      rmSync(lefthook, { recursive: true, force: true });
      const none = await runCli(["init", "--hooks", "none", "--ci", "none"], { cwd: dir });
      expect(none.code).toBe(0);
    } finally {
      rmSync(lefthook, { recursive: true, force: true });
    }
  });
});
