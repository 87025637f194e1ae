/**
 * Git, hooks and child processes for the integration tests: every repository is a
 * throwaway one in the OS temp dir, with Git's global and system configuration
 * shut out so that a developer's hooksPath or templates cannot change the result.
 */
import { execFileSync, spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** An environment for Git in a test: a fixed identity, no global or system config. */
export function gitEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), "screenpol-home-"));
  const globalConfig = join(home, ".gitconfig");
  writeFileSync(globalConfig, "[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n");
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOME: home,
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Policy Author",
    GIT_AUTHOR_EMAIL: "author@example.com",
    GIT_COMMITTER_NAME: "Policy Author",
    GIT_COMMITTER_EMAIL: "author@example.com",
    // Colours and terminal detection off, so output is plain text to match.
    NO_COLOR: "1",
    FORCE_COLOR: undefined,
    TERM: "dumb",
    // A hook run by a CI system must not be skipped by a variable of the outer run.
    HUSKY: undefined,
    // vitest sets NODE_ENV=test, which switches lint-staged's listr2 output to JSON events.
    NODE_ENV: undefined,
    SCREENPOL_API_TOKEN: undefined,
    ...extra,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env as NodeJS.ProcessEnv;
}

export function git(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export interface Run {
  code: number | null;
  /** stdout and stderr interleaved as they arrived: what a user sees in the terminal. */
  output: string;
}

/** Runs a command to completion, bounded in time (killed, with a note in the output, when it overruns). */
export function run(command: string, args: readonly string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[test: killed after ${options.timeoutMs ?? 30_000} ms]\n`;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The full path of an executable on PATH, or undefined. */
export function findExecutable(name: string, path = process.env.PATH ?? ""): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Says loudly, in the test output, that a test did not run and why. */
export function announceSkip(what: string, why: string, fix: string): void {
  const bar = "!".repeat(78);
  process.stderr.write(`\n${bar}\n!!! SKIPPED: ${what}\n!!! ${why}\n!!! ${fix}\n${bar}\n\n`);
}
