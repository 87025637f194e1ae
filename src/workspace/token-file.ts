/**
 * Reading the `--token-file`. The CLI reads it twice in one run (once for the
 * redactor of its output, app/secrets.ts; once to send it, app/connect.ts),
 * and a pipe such as `--token-file <(pass show screenpol)` gives its content
 * only once: so what is not a regular file is read once per process and kept.
 */
import { readFile, stat } from "node:fs/promises";

const readOnce = new Map<string, Promise<string>>();

/** The file's text; fails as `readFile` does (ENOENT, EACCES, EISDIR...). */
export async function readTokenFile(path: string): Promise<string> {
  if ((await stat(path)).isFile()) return readFile(path, "utf8");
  let pending = readOnce.get(path);
  if (pending === undefined) {
    pending = readFile(path, "utf8");
    readOnce.set(path, pending);
  }
  return pending;
}
