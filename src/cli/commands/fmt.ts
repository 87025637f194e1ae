/**
 * `screenpol fmt [--check] [--diff] [paths..]`: rewrite policy, address-entry,
 * webhook and policy-test files in the canonical form `pull` writes, comments
 * kept. Prints each file it changed (or, with --check, would change), as
 * `terraform fmt` does. Exit 0; 1 under --check when a file is not canonical;
 * 2 when a file could not be read or formatted (it is left as it was).
 */
import { runFmt } from "../../app/fmt.js";
import { formatDiff } from "../../core/fmt/format-file.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface FmtFlags {
  check?: boolean;
  diff?: boolean;
}

export async function fmtCommand(paths: string[], flags: FmtFlags, io: CliIo): Promise<ExitCode> {
  const check = flags.check === true || flags.diff === true;
  const run = await runFmt({ paths, cwd: io.cwd, check });
  const changed = run.files.filter((file) => file.after !== undefined);
  for (const file of run.files) {
    if (file.problem !== undefined) {
      io.stderr.write(`screenpol: fmt: ${file.file}: ${file.problem}\n`);
      continue;
    }
    io.stdout.write(flags.diff ? formatDiff(file.file, file.before, file.after!) : `${file.file}\n`);
  }
  if (run.files.some((file) => file.problem !== undefined)) return EXIT.usage;
  // --diff alone shows the changes without failing; --check is the gate.
  return flags.check === true && changed.length > 0 ? EXIT.findings : EXIT.ok;
}
