/**
 * What a command may touch of the process: streams, environment, working folder.
 * Injected, so commands run in-process in tests and never call process.exit.
 */
export interface CliIo {
  stdout: { write(chunk: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(chunk: string): unknown; isTTY?: boolean };
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
  /**
   * Resolves when the user interrupts (Ctrl-C or SIGTERM). Registered only by the
   * long-running commands that ask, so Ctrl-C still ends any other command at once.
   */
  waitForInterrupt(): Promise<void>;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    waitForInterrupt: () =>
      new Promise((resolve) => {
        process.once("SIGINT", () => resolve());
        process.once("SIGTERM", () => resolve());
      }),
  };
}
