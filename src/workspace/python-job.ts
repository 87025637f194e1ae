/**
 * A Python script shipped in the package, run as a job (docs/replay.md,
 * "Ray"): its input a JSON document on standard input, its answer a JSON
 * document on standard output, and a failure one line on standard error
 * beginning `screenpol-job: `, with the script's exit code. Whatever else a
 * library prints on standard error (Ray's start-up lines) is not ours to show.
 */
import { spawn } from "node:child_process";

export type PythonJobResult =
  | { kind: "done"; stdout: string }
  /** The script said why it stopped: its one line and exit code. */
  | { kind: "failed"; code: number; message: string }
  /** The interpreter could not be started (no such file, not executable). */
  | { kind: "no-python"; message: string };

const FAILURE_PREFIX = "screenpol-job: ";

/**
 * `onLine`: each whole line of standard error as it arrives (a job's progress
 * lines), before the failure line is looked for at the end.
 */
export function runPythonJob(
  python: string,
  script: string,
  args: readonly string[],
  input: string,
  env: Readonly<Record<string, string | undefined>>,
  onLine?: (line: string) => void,
): Promise<PythonJobResult> {
  return new Promise((resolve) => {
    // -u: the answer is written whole before exit even if the process is cut short; -I would hide the venv's own site-packages, so not used.
    const child = spawn(python, ["-u", script, ...args], { stdio: ["pipe", "pipe", "pipe"], env: { ...env, PYTHONDONTWRITEBYTECODE: "1" } as NodeJS.ProcessEnv });
    const stdout: Buffer[] = [];
    let stderr = "";
    let partial = "";
    let settled = false;
    const settle = (result: PythonJobResult): void => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    child.on("error", (error: NodeJS.ErrnoException) => settle({ kind: "no-python", message: error.code ?? error.message }));
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      // Only the tail is ever read: a chatty library cannot grow this without bound.
      stderr = (stderr + chunk).slice(-64 * 1024);
      if (onLine === undefined) return;
      const lines = (partial + chunk).split("\n");
      // The unfinished last line waits for its end, bounded as the tail is.
      partial = lines.pop()!.slice(-64 * 1024);
      for (const line of lines) onLine(line);
    });
    // A script that exits before reading all of its input closes the pipe: its own exit code says why.
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
    child.on("close", (code, signal) => {
      if (code === 0) return settle({ kind: "done", stdout: Buffer.concat(stdout).toString("utf8") });
      const said = stderr
        .split("\n")
        .reverse()
        .find((line) => line.startsWith(FAILURE_PREFIX));
      const last = stderr.trim().split("\n").pop()?.trim();
      settle({ kind: "failed", code: code ?? -1, message: said?.slice(FAILURE_PREFIX.length).trim() ?? (signal ? `ended by ${signal}` : last || `exit ${code}`) });
    });
  });
}
