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
import { growHeapSlowly } from "../heap.js";

export interface LspFlags {
  stdio?: boolean;
}

export async function lspCommand(flags: LspFlags, io: CliIo): Promise<ExitCode> {
  if (flags.stdio !== true || io.stdin === undefined) {
    throw new UsageError("screenpol lsp speaks the Language Server Protocol on standard input and output only: run `screenpol lsp --stdio` from the editor (`screenpol lsp --help` names the setup page)");
  }
  growHeapSlowly();
  const { runLanguageServer } = await import("../../lsp/server.js");
  const code = await runLanguageServer({ input: io.stdin, output: io.stdout, lensLimitMs: lensLimitMs(io) });
  return code === 0 ? EXIT.ok : EXIT.findings;
}

/**
 * `SCREENPOL_LENS_TIMEOUT=<seconds>`: how long the weakening lens's comparison
 * may take before the lens says `unknown` (docs/editors.md; default: the
 * solver's 10 s and 20 s for Git and the lint of both versions). A value that
 * is not a whole number of seconds is said on stderr, the editor's log, and
 * the default kept.
 */
function lensLimitMs(io: CliIo): number | undefined {
  const text = io.env.SCREENPOL_LENS_TIMEOUT;
  if (text === undefined || text === "") return undefined;
  if (/^[1-9]\d{0,5}$/.test(text)) return Number(text) * 1000;
  io.stderr.write(`screenpol: SCREENPOL_LENS_TIMEOUT must be a whole number of seconds from 1, not "${text}"; the lens keeps its default\n`);
  return undefined;
}
