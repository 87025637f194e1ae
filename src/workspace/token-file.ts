/**
 * Reading the `--token-file`: a regular file, or a pipe (`--token-file <(pass
 * show screenpol)`), read non-blocking until its writer closes. A token is a few
 * hundred bytes; 64 KiB and 10 s bound a wrong path (`/dev/zero`, a FIFO whose
 * writer never finishes) without refusing any real token (docs/decisions.md).
 *
 * The CLI reads it twice in one run (once for the redactor of its output,
 * app/secrets.ts; once to send it, app/connect.ts), and a pipe gives its content
 * only once: so the first read's outcome is kept for the rest of the process.
 */
import { readError } from "./bounded-read.js";
import { readRequiredTextFile, type TextReadOptions } from "./repository.js";

const TOKEN_FILE_READ: TextReadOptions = { maxBytes: 64 * 1024, pipes: { timeoutMs: 10_000 } };

const readOnce = new Map<string, Promise<string>>();

/** The file's text; fails with an error whose `code` is the errno code, or the reason in words (resolveToken prints it). */
export function readTokenFile(path: string): Promise<string> {
  let pending = readOnce.get(path);
  if (pending === undefined) {
    pending = readRequiredTextFile(path, tokenFileError, TOKEN_FILE_READ);
    readOnce.set(path, pending);
  }
  return pending;
}

function tokenFileError(reason: string, cause: unknown): Error {
  const error = readError(reason, cause);
  error.code ??= reason;
  return error;
}
