/**
 * `screenpol lsp --stdio`: the language server (src/lsp/server.ts) on
 * standard input and output. Its libraries load only here: `lint` never
 * pays for them (test/cli/lint-loads.test.ts). Exit 0 after the client's
 * `shutdown` then `exit`; 1 when the client exits or goes away without
 * `shutdown` (LSP 3.17, "Exit Notification"); 2 without --stdio.
 */
import { UsageError } from "../../app/errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface LspFlags {
  stdio?: boolean;
  /** Internal: the server's own comparison process (cli/comparison-process.ts), started by the server with an IPC channel. */
  comparisonProcess?: boolean;
}

export async function lspCommand(flags: LspFlags, io: CliIo): Promise<ExitCode> {
  if (flags.comparisonProcess === true) {
    const { runComparisonProcess } = await import("../comparison-process.js");
    return runComparisonProcess(io.env);
  }
  if (flags.stdio !== true || io.stdin === undefined) {
    throw new UsageError("screenpol lsp speaks the Language Server Protocol on standard input and output only: run `screenpol lsp --stdio` from the editor (`screenpol lsp --help` names the setup page)");
  }
  const { runLanguageServer } = await import("../../lsp/server.js");
  const code = await runLanguageServer({ input: io.stdin, output: io.stdout });
  return code === 0 ? EXIT.ok : EXIT.findings;
}
