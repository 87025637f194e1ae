/**
 * `screenpol login` as a running process: its codes read from stderr as they
 * are printed, so a test can act on them (approve, deny, stop the server,
 * press Ctrl-C) while the login waits. Bounded: killed after `timeoutMs`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { BIN, type CliRun } from "./run-cli.js";

export interface LoginCodes {
  userCode: string;
  verificationUri: string;
  verificationUriComplete: string;
}

export interface LoginSession {
  child: ChildProcess;
  /** Resolves once the code and the address are printed. */
  codes: Promise<LoginCodes>;
  exited: Promise<CliRun>;
}

export function startLoginProcess(args: readonly string[], options: { cwd: string; env: Record<string, string | undefined>; timeoutMs?: number }): LoginSession {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, SCREENPOL_API_TOKEN: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const child = spawn(process.execPath, [BIN, "login", ...args], { cwd: options.cwd, env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let announce: ((codes: LoginCodes) => void) | undefined;
  let giveUp: ((error: Error) => void) | undefined;
  // A login that ends before it shows any code fails the test at once, with its stderr, rather than leaving it waiting.
  const codes = new Promise<LoginCodes>((resolve, reject) => {
    announce = resolve;
    giveUp = reject;
  });
  // Only a test that waits for the codes hears the rejection; the others must not see it as unhandled.
  codes.catch(() => undefined);
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    const match = /one-time code: (\S+)\nThen open (\S+) and enter it \(or open (\S+)\)\./.exec(stderr);
    if (match) announce?.({ userCode: match[1]!, verificationUri: match[2]!, verificationUriComplete: match[3]! });
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 30_000);
  const exited = new Promise<CliRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      giveUp?.(new Error(`screenpol login exited ${code} before showing a code: ${stderr}`));
      resolve({ code, stdout, stderr });
    });
  });
  return { child, codes, exited };
}
