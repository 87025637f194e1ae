/** A throwaway copy of the sample repository (or an empty folder) in the OS temp dir. */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PROJECT_ROOT } from "./project-root.js";

export interface TempRepo {
  dir: string;
  write(path: string, content: string | Uint8Array): string;
  remove(): void;
}

/** `extra`: more entries of the checkout to copy beside the samples (e.g. `schemas`). */
export function makeTempRepo(options: { samples?: boolean; extra?: readonly string[] } = {}): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), "screenpol-test-"));
  if (options.samples !== false) {
    for (const entry of ["screenpol.config.yaml", "policies", "webhooks", ...(options.extra ?? [])]) cpSync(join(PROJECT_ROOT, entry), join(dir, entry), { recursive: true });
  }
  return {
    dir,
    write(path, content) {
      const full = join(dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
      return full;
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
