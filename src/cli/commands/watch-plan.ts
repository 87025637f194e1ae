/**
 * `screenpol watch --plan [--env NAME]... [paths..]`: on every save, the
 * findings, or (when there are none) the plan against the live copy read once
 * at start.
 */
import { startWatchPlan } from "../../app/watch-plan.js";
import { formatPlanPretty } from "../../core/formats/plan-pretty.js";
import { formatWatchedTests } from "../../core/formats/policy-tests.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { countBySeverity } from "../../core/formats/report.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { findingCounts, reportStart } from "../redraw.js";
import type { RemoteFlags } from "../remote-options.js";


export interface WatchPlanFlags extends RemoteFlags {
  env?: string[];
  /** `--no-test` sets it false. */
  test?: boolean;
  /** `--no-clear` sets it false. */
  clear?: boolean;
}

export async function watchPlanCommand(paths: string[], flags: WatchPlanFlags, io: CliIo): Promise<ExitCode> {
  const interactive = io.stdout.isTTY === true;
  const color = shouldUseColor(io.env, interactive);
  let reports = 0;
  const handle = await startWatchPlan({
    cwd: io.cwd,
    env: io.env,
    environments: flags.env ?? [],
    paths,
    tokenFile: flags.tokenFile,
    onSecret: (secret: string) => io.addSecret?.(secret),
    baseUrl: flags.baseUrl,
    tests: flags.test !== false,
    onUpdate({ lint, plan, changed, tests }) {
      const { errors, warnings } = countBySeverity(lint.diagnostics);
      const header = changed.length > 0 ? `changed: ${changed.join(", ")}\n` : "";
      const body = plan
        ? `${warnings > 0 ? formatPretty(lint, { color }) : ""}${formatPlanPretty(plan, { color, hint: "Push with `screenpol push`." })}`
        : `${formatPretty(lint, { color })}(no plan while the files have errors)\n`;
      const testBlock = tests ? `\n${formatWatchedTests(tests, { color })}` : "";
      const footer = `[${new Date().toLocaleTimeString("en-GB")}] ${findingCounts(errors, warnings, lint.filesLinted)}; planned against the live copy read at start; watching (Ctrl-C to stop)\n`;
      io.stdout.write(`${reportStart(interactive, flags.clear !== false, reports++ === 0)}${header}${body}${testBlock}${footer}`);
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
