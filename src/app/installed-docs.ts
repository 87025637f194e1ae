/**
 * The docs pages the package ships (package.json "files"), read where screenpol
 * is installed: `screenpol explain` prints a code's page, and every command's
 * --help names its page's installed path. No network: they read the same
 * offline, in an air-gapped CI, as the versioned link every finding carries.
 */
import { join } from "node:path";
import { docsPath, docsUrl } from "../core/codes.js";
import type { Code } from "../core/diagnostic.js";
import { readBounded } from "../workspace/bounded-read.js";
import { installedFile, packageRoot } from "../workspace/package-root.js";
import { UsageError } from "./errors.js";

/** A page is a few KiB; this only keeps a damaged install from filling memory. */
const MAX_PAGE_BYTES = 1 << 20;

/** The text of a code's page as installed; a UsageError (exit 2) naming the file and the online page when it is not there. */
export async function readInstalledCodePage(code: Code): Promise<string> {
  const root = packageRoot();
  const online = `it is online at ${docsUrl(code)}`;
  if (root === undefined) throw new UsageError(`the page of ${code} is not installed (no screenpol package.json above its code); ${online}`);
  const path = join(root, docsPath(code));
  const read = await readBounded(path, { maxBytes: MAX_PAGE_BYTES });
  if (!read.ok) throw new UsageError(`the page of ${code} is not installed (${path}: ${read.reason}); ${online}`);
  return read.bytes.toString("utf8");
}

/** Where a docs file the package ships (`docs/semantics.md`) is installed; undefined when it is not there. */
export const installedDocsFile: (path: string) => string | undefined = installedFile;
