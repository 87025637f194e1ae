/**
 * `--help` a person can use (docs/decisions.md,
 * "Issue 14: help a person can use"): every command that runs has examples
 * and says its exit codes; every example names only options and subcommands
 * that exist; repeatable options print no `(default: [])`; no internal
 * jargon. Through the real CLI, as a user types it.
 */
import type { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { COMMAND_HELP, commandPath } from "../../src/cli/help.js";
import { buildProgram } from "../../src/cli/program.js";
import { BIN, PROJECT_ROOT, runCli } from "../helpers/run-cli.js";

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
    expect(plan.stdout).toContain("\nExit codes:\n  0  planned\n  1  the files have errors, or a weakening under --deny-weakening\n");
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

  // One process per command (about 35), four at a time: one after another they took 20 s on a loaded 2-core machine.
  it("says no `(default: [])` for a repeatable option, and no internal jargon", async () => {
    const all = [["--help"], ...leaves.map((command) => [...commandPath(command).split(" "), "--help"])];
    for (let start = 0; start < all.length; start += 4) {
      const batch = all.slice(start, start + 4);
      const runs = await Promise.all(batch.map((args) => runCli(args, { cwd: PROJECT_ROOT })));
      for (const [index, run] of runs.entries()) {
        const args = batch[index]!;
        expect(run.code, args.join(" ")).toBe(0);
        expect(run.stdout, args.join(" ")).not.toContain("(default: [])");
        expect(run.stdout, args.join(" ")).not.toMatch(/\boperation \d/);
      }
    }
  }, 60_000);
});
