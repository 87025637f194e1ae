/**
 * Redaction as a property of the streams, not of each command: main() hands
 * every command this io, so every write of every command (its output, its
 * errors, commander's own messages, a stack under SCREENPOL_DEBUG) passes the
 * one redactor of core/secret-redactor.ts. A command added later cannot forget
 * it. Commands write whole lines or documents, so a secret is never split
 * across two writes.
 */
import { createSecretRedactor, type SecretRedactor } from "../core/secret-redactor.js";
import type { CliIo } from "./io.js";

export interface RedactingIo {
  /** The io to give commands: its stdout and stderr redact every secret known so far. */
  io: CliIo;
  /** Adds secrets (once the command's `--token-file` is known); later writes redact them too. */
  addSecrets(secrets: readonly string[]): void;
}

export function redactingIo(inner: CliIo, secrets: readonly string[]): RedactingIo {
  const known: string[] = [...secrets];
  let redactor: SecretRedactor = createSecretRedactor(known);
  const redact = (chunk: string): string => redactor.redact(chunk);
  const stdout = inner.stdout;
  const stderr = inner.stderr;
  const io: CliIo = {
    env: inner.env,
    cwd: inner.cwd,
    ...(inner.stdin === undefined ? {} : { stdin: inner.stdin }),
    waitForInterrupt: () => inner.waitForInterrupt(),
    addSecret: (secret) => addSecrets([secret]),
    // The one way around the redactor, for the command whose output is the secret (auth token).
    writeSecret: (chunk) => void stdout.write(chunk),
    stdout: {
      write: (chunk) => stdout.write(redact(chunk)),
      // Getters: a terminal's width changes while watch runs.
      get isTTY() {
        return stdout.isTTY;
      },
      get columns() {
        return stdout.columns;
      },
    },
    stderr: {
      write: (chunk) => stderr.write(redact(chunk)),
      get isTTY() {
        return stderr.isTTY;
      },
    },
  };
  function addSecrets(more: readonly string[]): void {
    known.push(...more);
    redactor = createSecretRedactor(known);
  }
  return { io, addSecrets };
}
