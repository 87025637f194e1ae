/**
 * The CLI's main entry run inside the test's own process: the bundle of this
 * run's build (dist/bin/main.cjs, what bin/screenpol.js runs), its `main` given
 * the streams, environment and working folder (src/cli/io.ts) a spawned CLI
 * would have, and none of a process's start-up (a node and a bundle per run,
 * about half a CPU-second). For what only a process shows, use run-cli.ts:
 * exit codes as a shell sees them, signals, Ctrl-C, real stdio and TTYs, what
 * a process inherits, the code cache of bin/screenpol.js.
 *
 * Loading the bundle sets V8's `--liftoff-only` in this process, as it does in
 * every CLI (src/cli/main.ts says why). What the CLI reads of the process
 * itself rather than of its injected environment (the user's cache folder,
 * lint's thread count) is this process's, which global setup gave the spawned
 * CLIs too.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { Readable } from "node:stream";
import { BUILD_ROOT, type CliRun } from "./run-cli.js";

interface InjectedIo {
  stdout: { write(chunk: string | Uint8Array): boolean };
  stderr: { write(chunk: string | Uint8Array): boolean };
  stdin: NodeJS.ReadableStream;
  env: Record<string, string | undefined>;
  cwd: string;
  waitForInterrupt(): Promise<void>;
}
type Main = (argv: readonly string[], io: InjectedIo) => Promise<number>;

let bundleMain: Main | undefined;
function main(): Main {
  bundleMain ??= (createRequire(import.meta.url)(join(BUILD_ROOT, "dist/bin/main.cjs")) as { main: Main }).main;
  return bundleMain;
}

/**
 * `screenpol <args>` in this process, as {@link runCli} runs it in a child: the
 * same environment (this process's, without colour settings or an API token,
 * then `env`; undefined removes), standard input `input`, never a terminal, and
 * no Ctrl-C.
 */
export async function runCliInProcess(args: string[], options: { cwd: string; env?: Record<string, string | undefined>; input?: string }): Promise<CliRun> {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, SCREENPOL_API_TOKEN: undefined, ...options.env };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const decoder = { stdout: new TextDecoder(), stderr: new TextDecoder() };
  const output = { stdout: "", stderr: "" };
  const sink = (name: "stdout" | "stderr") => ({
    write(chunk: string | Uint8Array): boolean {
      output[name] += typeof chunk === "string" ? chunk : decoder[name].decode(chunk, { stream: true });
      return true;
    },
  });
  const code = await main()(args, {
    stdout: sink("stdout"),
    stderr: sink("stderr"),
    stdin: Readable.from([Buffer.from(options.input ?? "")]),
    env,
    cwd: options.cwd,
    // Never interrupted: a command that waits for Ctrl-C (emulator, watch, lsp) is a process's test.
    waitForInterrupt: () => new Promise<void>(() => undefined),
  });
  return { code, stdout: output.stdout, stderr: output.stderr };
}
