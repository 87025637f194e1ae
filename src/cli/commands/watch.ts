import { startWatch } from "../../app/watch.js";
import { countBySeverity } from "../../core/formats/report.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { formatWatchedTests } from "../../core/formats/policy-tests.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

/** Clears the screen and scrollback, then homes the cursor: a redraw, not a scroll. */
const CLEAR_SCREEN = "\u001b[2J\u001b[3J\u001b[H";

export interface WatchFlags {
  /** `--no-test` sets it false: the policy tests are not re-run. */
  test?: boolean;
}

export async function watchCommand(paths: string[], flags: WatchFlags, io: CliIo): Promise<ExitCode> {
  const interactive = io.stdout.isTTY === true;
  const color = shouldUseColor(io.env, interactive);
  const handle = await startWatch({
    paths,
    cwd: io.cwd,
    tests: flags.test !== false,
    onResult(result, changed, tests) {
      const { errors, warnings } = countBySeverity(result.diagnostics);
      const header = changed.length > 0 ? `changed: ${changed.join(", ")}\n` : "";
      const footer = `[${new Date().toLocaleTimeString("en-GB")}] ${errors} errors, ${warnings} warnings in ${result.filesLinted} files; watching for changes (Ctrl-C to stop)\n`;
      io.stdout.write(`${interactive ? CLEAR_SCREEN : ""}${header}${formatPretty(result, { color })}${tests ? `\n${formatWatchedTests(tests, { color })}` : ""}${footer}`);
    },
    onError(error) {
      io.stderr.write(`screenpol: watch: ${error.message}\n`);
    },
  });
  await handle.ready;
  await io.waitForInterrupt();
  await handle.close();
  return EXIT.ok;
}
