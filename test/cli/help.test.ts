/**
 * `--help` a person can use (docs/decisions.md,
 * "Issue 14: help a person can use"): every command that runs has examples
 * and says its exit codes; every example names only options and subcommands
 * that exist; repeatable options print no `(default: [])`; no internal
 * jargon. Through the real CLI, as a user types it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_DOCS, COMMAND_HELP, commandPath } from "../../src/cli/help.js";
import { buildProgram } from "../../src/cli/program.js";
import { DOCS_CODES_URL, PACKAGE_VERSION } from "../helpers/docs-url.js";
import { runCliInProcess } from "../helpers/run-cli-in-process.js";
import { BIN, BUILD_ROOT, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";

const io = { stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd: PROJECT_ROOT } as never;

function leafCommands(command: Command): Command[] {
  return command.commands.flatMap((sub) => (sub.commands.length > 0 ? leafCommands(sub) : [sub]));
}

const program = buildProgram(io, { code: 0 });
const leaves = leafCommands(program);

describe("screenpol --help", () => {
  it("has an entry of examples and exit codes for every command that runs, and none for a command that does not exist", () => {
    expect(leaves.map(commandPath).sort()).toEqual(Object.keys(COMMAND_HELP).sort());
  });

  it.each(leaves.map((command) => [commandPath(command), command] as const))("%s: every example runs that command with options it has", (path, command) => {
    const help = COMMAND_HELP[path]!;
    expect(help.examples.length).toBeGreaterThan(0);
    expect(help.exitCodes[0]![0]).toBe(0);
    const long = new Set(command.options.flatMap((option: Option) => [option.long, option.short].filter(Boolean)));
    for (const [example] of help.examples) {
      expect(example.startsWith(`screenpol ${path}`), example).toBe(true);
      for (const flag of example.match(/(?<=\s)--?[a-z][\w-]*/g) ?? []) expect(long, `${example}: ${flag}`).toContain(flag);
    }
  });

  it("prints them after the options, and the codes the command can end with", async () => {
    const plan = await runCli(["plan", "--help"], { cwd: PROJECT_ROOT });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain("\nExamples:\n  $ screenpol plan                             # what a push would change, with diffs\n");
    expect(plan.stdout).toContain("\nExit codes:\n  0  planned\n  1  the files have errors, or a weakening under --deny-weakening or --deny-live-weakening\n");
    expect(plan.stdout).toContain("  5  with --detailed-exitcode: changes are pending\n");
    const push = await runCli(["push", "--help"], { cwd: PROJECT_ROOT });
    expect(push.stdout).toContain("  3  conflict: a live policy changed since the plan; nothing was written over it\n");
    // Read by a pager or `head` that stops early: no stack trace, no error.
    const { spawnSync } = await import("node:child_process");
    const piped = spawnSync("bash", ["-c", `"${process.execPath}" "${BIN}" plan --help | head -1`], { encoding: "utf8" });
    expect(piped.stdout).toBe("Usage: screenpol plan [options] [paths...]\n");
    expect(piped.stderr).toBe("");
    const root = await runCli(["--help"], { cwd: PROJECT_ROOT });
    expect(root.stdout).toContain("Exit codes: 0 success, 1 findings, 2 usage or configuration, 3 conflict, 4 remote failure, 5 changes pending");
  });

  it("names each command's docs page where it is installed and at this version's tag, and `screenpol explain` where findings have codes", async () => {
    for (const path of Object.keys(COMMAND_DOCS)) expect(leaves.map(commandPath), path).toContain(path);
    for (const page of Object.values(COMMAND_DOCS)) expect(existsSync(join(PROJECT_ROOT, page)), page).toBe(true);
    const decide = await runCli(["decide", "--help"], { cwd: PROJECT_ROOT });
    // A spec file the team does not have is named nowhere; the installed page and the tagged URL are.
    expect(decide.stdout).not.toMatch(/\bsemantics\.md section|\(docs\/[a-z-]+\.md\)/);
    expect(decide.stdout.trimEnd().endsWith(`\nDocs:\n  ${join(BUILD_ROOT, "docs/semantics.md")}\n  https://github.com/screenpol/screenpol/blob/v${PACKAGE_VERSION}/docs/semantics.md`)).toBe(true);
    const lint = await runCli(["lint", "--help"], { cwd: PROJECT_ROOT });
    expect(lint.stdout).toContain(`\nDocs:\n  screenpol explain <code>   the page of a finding's code, offline\n  ${join(BUILD_ROOT, "docs/codes/README.md")}\n  ${DOCS_CODES_URL}/README.md\n`);
  });

  // Every command's page (about 35) through the CLI's main entry in this process (test/helpers/run-cli-in-process.ts,
  // which prints what the spawned CLI prints): a process each took 20 s on a loaded 2-core machine.
  it("says no `(default: [])` for a repeatable option, no internal jargon, and no docs file outside its Docs lines", async () => {
    const all = [["--help"], ...leaves.map((command) => [...commandPath(command).split(" "), "--help"])];
    for (const args of all) {
      const run = await runCliInProcess(args, { cwd: PROJECT_ROOT });
      expect(run.code, args.join(" ")).toBe(0);
      expect(run.stdout, args.join(" ")).not.toContain("(default: [])");
      expect(run.stdout, args.join(" ")).not.toMatch(/\boperation \d/);
      // A docs file is named only under Docs:, where it is installed and at the tag, never as a bare path the reader may not have.
      expect(run.stdout.split("\nDocs:\n")[0], args.join(" ")).not.toMatch(/\.md\b/);
    }
  }, 60_000);
});
