import { startWatch } from "../../app/watch.js";
import { countBySeverity } from "../../core/formats/report.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { formatWatchedTests } from "../../core/formats/policy-tests.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { findingCounts, reportStart } from "../redraw.js";


export interface WatchFlags {
  /** `--no-test` sets it false: the policy tests are not re-run. */
  test?: boolean;
  /** `--no-clear` sets it false: each report is appended, the scrollback kept. */
  clear?: boolean;
}

export async function watchCommand(paths: string[], flags: WatchFlags, io: CliIo): Promise<ExitCode> {
  const interactive = io.stdout.isTTY === true;
  const color = shouldUseColor(io.env, interactive);
  let reports = 0;
  const handle = await startWatch({
    paths,
    cwd: io.cwd,
    tests: flags.test !== false,
    onResult(result, changed, tests) {
      const { errors, warnings } = countBySeverity(result.diagnostics);
      const header = changed.length > 0 ? `changed: ${changed.join(", ")}\n` : "";
      const footer = `[${new Date().toLocaleTimeString("en-GB")}] ${findingCounts(errors, warnings, result.filesLinted)}; watching for changes (Ctrl-C to stop)\n`;
      io.stdout.write(`${reportStart(interactive, flags.clear !== false, reports++ === 0)}${header}${formatPretty(result, { color })}${tests ? `\n${formatWatchedTests(tests, { color })}` : ""}${footer}`);
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
