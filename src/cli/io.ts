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
  /** Redacts `secret` from every later write: a stored login's token, a device code, once they are known. */
  addSecret?(secret: string): void;
  /**
   * Writes to stdout past the redactor: only `screenpol auth token`, whose
   * output is the secret a script asked for (docs/sign-in.md).
   */
  writeSecret?(chunk: string): void;
}

export function processIo(): CliIo {
  // `screenpol plan | head`: the reader left, so nothing more can be shown. Stop quietly, as
  // cat and git do, instead of a stack trace for the unhandled EPIPE.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      process.exit(typeof process.exitCode === "number" ? process.exitCode : 0);
    });
  }
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
