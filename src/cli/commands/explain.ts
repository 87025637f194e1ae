/**
 * `screenpol explain [code]` (as `rustc --explain`): the page of a diagnostic code
 * from the docs the package ships, so that it reads the same offline, in an
 * air-gapped CI, as the link every finding carries. No network, no solver.
 */
import { UsageError } from "../../app/errors.js";
import { readInstalledCodePage } from "../../app/installed-docs.js";
import { CODES, type Code } from "../../core/diagnostic.js";
import { formatCodeList, formatCodePage } from "../../core/formats/code-page.js";
import { shouldUseColor } from "../../core/formats/pretty.js";
import { closest } from "../../core/suggest.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export async function explainCommand(code: string | undefined, io: CliIo): Promise<ExitCode> {
  if (code === undefined) {
    io.stdout.write(formatCodeList());
    return EXIT.ok;
  }
  if (!isCode(code)) {
    const suggestion = closest(code, CODES);
    throw new UsageError(`${code} is not a screenpol code${suggestion ? ` (did you mean ${suggestion}?)` : ""}; \`screenpol explain\` lists the codes`);
  }
  const page = await readInstalledCodePage(code);
  io.stdout.write(formatCodePage(page, { color: shouldUseColor(io.env, io.stdout.isTTY === true) }));
  return EXIT.ok;
}

function isCode(name: string): name is Code {
  return (CODES as readonly string[]).includes(name);
}
