import { runDecide, type DecideOutcome } from "../../app/decide.js";
import { formatDecisionJson } from "../../core/formats/decision-json.js";
import { formatDecisionPretty } from "../../core/formats/decision-pretty.js";
import { formatReport, shouldUseColor } from "../../core/formats/index.js";
import { sortDiagnostics } from "../../core/formats/report.js";
import type { Scope, Vendor } from "../../core/vendors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import { VERSION } from "../version.js";

export interface DecideFlags {
  env: string;
  vendor: Vendor;
  scope: Scope;
  format: "pretty" | "json";
  now?: Date;
}

/**
 * Exit 0 whenever a decision is printed, BLOCK included: like `opa eval`, the
 * verdict is the output, not a failure. 1 when the policy fails lint, 2 when
 * the screening cannot be read.
 */
export async function decideCommand(input: string, flags: DecideFlags, io: CliIo): Promise<ExitCode> {
  const outcome: DecideOutcome = await runDecide({
    cwd: io.cwd,
    input,
    ...(io.stdin === undefined ? {} : { stdin: io.stdin as AsyncIterable<Buffer> }),
    environment: flags.env,
    providerType: flags.vendor,
    scope: flags.scope,
    now: flags.now ?? new Date(),
  });
  const color = shouldUseColor(io.env, io.stdout.isTTY === true);
  switch (outcome.kind) {
    case "invalid-screening":
      for (const problem of sortDiagnostics(outcome.problems)) io.stderr.write(`${problem.file}:${problem.line}:${problem.column}  error  ${problem.message}  ${problem.code}\n`);
      return EXIT.usage;
    case "findings":
      io.stdout.write(formatReport(flags.format, outcome.lint, { color, toolVersion: VERSION }));
      return EXIT.findings;
    case "decided":
      io.stdout.write(flags.format === "json" ? formatDecisionJson(outcome.report) : formatDecisionPretty(outcome.report, { color }));
      return EXIT.ok;
  }
}
