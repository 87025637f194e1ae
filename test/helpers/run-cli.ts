/** Runs the built CLI as a user would: a real process, real exit code, real streams. */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { inject } from "vitest";
// The type of inject("screenpolBuildRoot") (ProvidedContext).
import type {} from "../global-setup.js";

export { PROJECT_ROOT } from "./project-root.js";

/**
 * The package as this run built it (test/global-setup.ts): bin/, dist/ and
 * package.json of its own, the checkout's other entries linked. Anything that
 * runs or imports the build (the bin, dist/..., `import "screenpol"`, an action
 * or hook that calls bin/screenpol.js) goes through here, never through the
 * checkout's dist/, which a build elsewhere may have left stale.
 */
export const BUILD_ROOT: string = builtPackageRoot();
/** bin/screenpol.js of this run's build. */
export const BIN = join(BUILD_ROOT, "bin/screenpol.js");

function builtPackageRoot(): string {
  const root = inject("screenpolBuildRoot");
  if (!root) throw new Error("no build of this run: tests run through vitest with test/global-setup.ts (vitest.config.ts), which builds once per run");
  return root;
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `bin`: another install's bin/screenpol.js (a copy of the build, changed); this run's {@link BIN} by default. */
export function runCli(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; input?: string; timeoutMs?: number; bin?: string }): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, SCREENPOL_API_TOKEN: undefined, ...options.env };
    for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
    const child = spawn(process.execPath, [options.bin ?? BIN, ...args], { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ["pipe", "pipe", "pipe"] });
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
