/**
 * `screenpol lsp --comparison-process` (main.ts): the language server's comparison
 * process (lsp/weakening-lens.ts, docs/editors.md). It starts once, loads z3
 * and keeps it, then answers each request on its IPC channel by running the
 * CLI's own `compare --base HEAD --format json` in this process, through the
 * same entry point as the terminal's (main.ts): the one weakening check, its
 * JSON, its one-line failures and exit codes. A save then costs the
 * comparison alone, not Node's, the bundle's and z3's start. Requests are
 * answered one at a time, in order; the server cancels one by killing this
 * process. It ends when the server does (the channel closes).
 */
import { holdSolver } from "../app/solver.js";
import type { ComparisonAnswer, ComparisonRequest } from "../lsp/weakening-lens.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import type { CliIo } from "./io.js";

function isComparisonRequest(message: unknown): message is ComparisonRequest {
  if (typeof message !== "object" || message === null) return false;
  const request = message as Record<string, unknown>;
  return typeof request.id === "number" && typeof request.root === "string" && typeof request.file === "string" && typeof request.solverTimeoutSeconds === "number";
}

export async function runComparisonProcess(io: CliIo, main: (argv: readonly string[], io: CliIo) => Promise<ExitCode>): Promise<ExitCode> {
  const send = process.send?.bind(process);
  if (send === undefined) {
    io.stderr.write("screenpol: lsp --comparison-process is started by `screenpol lsp --stdio` itself, with a channel to it\n");
    return EXIT.usage;
  }
  const env = io.env;
  const releaseSolver = holdSolver();
  let queue: Promise<void> = Promise.resolve();
  const answer = async (request: ComparisonRequest): Promise<void> => {
    let stdout = "";
    let stderr = "";
    const code = await main(["compare", "--base", "HEAD", "--format", "json", "--solver-timeout", String(request.solverTimeoutSeconds), request.file], {
      stdout: { write: (chunk: string) => (stdout += chunk) },
      stderr: { write: (chunk: string) => (stderr += chunk) },
      env,
      cwd: request.root,
      waitForInterrupt: () => new Promise<void>(() => undefined),
    });
    const reply: ComparisonAnswer = { id: request.id, code, stdout, stderr, rss: process.memoryUsage.rss() };
    send(reply);
  };
  process.on("message", (message) => {
    // A reply the server can no longer take (it is going) is dropped with it.
    if (isComparisonRequest(message)) queue = queue.then(() => answer(message)).catch(() => undefined);
  });
  // Serves until the server goes: its end closes the channel. z3's threads would keep the process alive.
  await new Promise<void>((resolve) => process.once("disconnect", resolve));
  await releaseSolver();
  return EXIT.ok;
}
