/**
 * Asking before a consequential change (an MFA reset, a push to a `live`
 * environment): `--yes` skips the question; on a terminal the question is asked
 * on stderr and answered on stdin; anywhere else there is nobody to answer, so
 * the command refuses rather than guess (toolkit.md: "a live environment needs
 * --yes or an interactive confirmation").
 */
import { createInterface } from "node:readline";
import { UsageError } from "../app/errors.js";
import type { CliIo } from "./io.js";

/** True when a person can answer a question: stdin is a terminal. */
export function isInteractive(io: CliIo): boolean {
  return io.stdin?.isTTY === true;
}

/**
 * Resolves to true when the change may go ahead: `yes` given, or the person at
 * the terminal answered y or yes. Throws a {@link UsageError} (exit 2) with
 * `refusal` when there is no terminal and no `yes`.
 */
export async function confirmOrRefuse(io: CliIo, options: { yes: boolean | undefined; question: string; refusal: string }): Promise<boolean> {
  if (options.yes === true) return true;
  if (!isInteractive(io)) throw new UsageError(options.refusal);
  return askYesNo(io, options.question);
}

/** Asks `question [y/N] ` on stderr and reads one line from stdin; anything but y or yes (or end of input) is no. */
export async function askYesNo(io: CliIo, question: string): Promise<boolean> {
  const input = io.stdin;
  if (input === undefined) return false;
  io.stderr.write(`${question} [y/N] `);
  const lines = createInterface({ input, terminal: false, crlfDelay: Infinity });
  try {
    for await (const line of lines) return /^\s*y(es)?\s*$/i.test(line);
    return false;
  } finally {
    lines.close();
  }
}
