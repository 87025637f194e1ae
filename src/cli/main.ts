/**
 * The one place that turns outcomes into exit codes (toolkit.md, Exit codes)
 * and errors into one readable line. Commands return; nothing here exits.
 */
import { setFlagsFromString } from "node:v8";
import { CommanderError } from "commander";
import { ClusterUnreachableError, ConfigError, ConflictError, CredentialStoreError, EngineDisagreement, GitError, LoginExpiredError, SecretInResponseError, UsageError } from "../app/errors.js";
import { invocationSecrets } from "../app/secrets.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { processIo, type CliIo } from "./io.js";
import { buildProgram } from "./program.js";
import { redactingIo } from "./redacting-io.js";

/**
 * undici parses HTTP with llhttp compiled to WebAssembly, and V8 then re-compiles
 * that module with its optimising tier in the background; a process waits for
 * that before it exits, 100 to 150 ms after the last request of a short command.
 * The baseline tier is plenty for a CLI's few responses. Set before undici loads.
 */
setFlagsFromString("--liftoff-only");

export async function main(argv: readonly string[], given: CliIo = processIo()): Promise<ExitCode> {
  // The language server's comparison process (cli/comparison-process.ts; lsp/weakening-lens.ts starts it with this
  // flag, which no one else has a use for, so it is not in commander's help): this entry point again, run for each comparison.
  if (argv.length === 2 && argv[0] === "lsp" && argv[1] === "--comparison-process") {
    const { runComparisonProcess } = await import("./comparison-process.js");
    return runComparisonProcess(given, main);
  }
  // Every command writes through `io`: whatever it prints passes the redactor (cli/redacting-io.ts).
  const { io, addSecrets } = redactingIo(given, await invocationSecrets({ env: given.env }));
  const result: { code: ExitCode } = { code: EXIT.ok };
  const program = buildProgram(io, result);
  // The token file is known once commander has parsed the chosen command's options.
  program.hook("preAction", async (_program, action) => {
    const tokenFile: unknown = action.opts().tokenFile;
    if (typeof tokenFile === "string") addSecrets(await invocationSecrets({ env: io.env, tokenFile }));
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return result.code;
  } catch (error) {
    return reportFailure(error, io);
  }
}

function reportFailure(error: unknown, io: CliIo): ExitCode {
  if (error instanceof CommanderError) {
    // commander already printed its message (through configureOutput).
    return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const { code, message } = classify(error);
  io.stderr.write(`screenpol: ${message}\n`);
  if (io.env.SCREENPOL_DEBUG && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
  return code;
}

function classify(error: unknown): { code: ExitCode; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof GitError || error instanceof CredentialStoreError) return { code: EXIT.usage, message };
  if (error instanceof LoginExpiredError || error instanceof ClusterUnreachableError) return { code: EXIT.remote, message };
  if (error instanceof ConflictError) return { code: EXIT.conflict, message };
  if (error instanceof SecretInResponseError) return { code: EXIT.remote, message };
  // Its message is the whole line: which pair, what was wrong, that nothing was reported.
  if (error instanceof EngineDisagreement) return { code: EXIT.internal, message };
  if (error instanceof Error && error.name === "RemoteError") {
    const remote = error as Error & { kind?: string; code?: string };
    return { code: remote.kind === "conflict" && remote.code === "revision_mismatch" ? EXIT.conflict : EXIT.remote, message };
  }
  // Not the user's input: a bug of screenpol's, the same line and exit code as bin/screenpol.js's last resort (README, "Exit codes").
  return { code: EXIT.internal, message: `internal error: ${message.split("\n")[0]} (set SCREENPOL_DEBUG=1 for details, and please report it)` };
}
