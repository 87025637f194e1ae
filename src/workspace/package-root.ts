/**
 * The folder screenpol is installed in (its package.json, `"name": "screenpol"`),
 * found upwards from this module: dist/bin/ in the bundle, src/workspace/ under
 * vitest. What the package ships beside its code is read from there: the sample
 * repository of `demo`, the docs pages of `explain` (package.json "files").
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The package's root folder; undefined when no screenpol package.json is above this module. */
export function packageRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      if ((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string }).name === "screenpol") return dir;
    } catch {
      // Not here: look further up.
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Where a file the package ships (`docs/semantics.md`) is installed; undefined when it is not there. */
export function installedFile(path: string): string | undefined {
  const root = packageRoot();
  if (root === undefined || !existsSync(join(root, path))) return undefined;
  return join(root, path);
}
