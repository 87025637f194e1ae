/**
 * `screenpol explain [code]` (as `rustc --explain`): the page of a diagnostic code
 * from the docs the package ships, so that it reads the same offline, in an
 * air-gapped CI, as the link every finding carries. No network, no solver.
 */
import { join } from "node:path";
import { UsageError } from "../../app/errors.js";
import { docsPath, docsUrl } from "../../core/codes.js";
import { CODES, type Code } from "../../core/diagnostic.js";
import { formatCodeList, formatCodePage } from "../../core/formats/code-page.js";
import { shouldUseColor } from "../../core/formats/pretty.js";
import { closest } from "../../core/suggest.js";
import { readBounded } from "../../workspace/bounded-read.js";
import { packageRoot } from "../../workspace/package-root.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

/** A page is a few KiB; this only keeps a damaged install from filling memory. */
const MAX_PAGE_BYTES = 1 << 20;

export async function explainCommand(code: string | undefined, io: CliIo): Promise<ExitCode> {
  if (code === undefined) {
    io.stdout.write(formatCodeList());
    return EXIT.ok;
  }
  if (!isCode(code)) {
    const suggestion = closest(code, CODES);
    throw new UsageError(`${code} is not a screenpol code${suggestion ? ` (did you mean ${suggestion}?)` : ""}; \`screenpol explain\` lists the codes`);
  }
  const root = packageRoot();
  const online = `it is online at ${docsUrl(code)}`;
  if (root === undefined) throw new UsageError(`the page of ${code} is not installed (no screenpol package.json above its code); ${online}`);
  const path = join(root, docsPath(code));
  const read = await readBounded(path, { maxBytes: MAX_PAGE_BYTES });
  if (!read.ok) throw new UsageError(`the page of ${code} is not installed (${path}: ${read.reason}); ${online}`);
  io.stdout.write(formatCodePage(read.bytes.toString("utf8"), { color: shouldUseColor(io.env, io.stdout.isTTY === true) }));
  return EXIT.ok;
}

function isCode(name: string): name is Code {
  return (CODES as readonly string[]).includes(name);
}
