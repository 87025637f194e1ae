/** Runs the built CLI as a user would: a real process, real exit code, real streams. */
import { spawn } from "node:child_process";
import { join } from "node:path";

export const PROJECT_ROOT = join(import.meta.dirname, "../..");
export const BIN = join(PROJECT_ROOT, "bin/screenpol.js");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; input?: string; timeoutMs?: number }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, SCREENPOL_API_TOKEN: undefined, ...options.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 15_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}
