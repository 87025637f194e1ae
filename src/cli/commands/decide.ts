import { runDecide, type DecideOutcome, type DecideVersion } from "../../app/decide.js";
import { UsageError } from "../../app/errors.js";
import { formatDecisionJson } from "../../core/formats/decision-json.js";
import { formatDecisionPretty } from "../../core/formats/decision-pretty.js";
import { formatReport, shouldUseColor } from "../../core/formats/index.js";
import { sortDiagnostics } from "../../core/formats/report.js";
import type { Scope, Vendor } from "../../core/vendors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import type { RemoteFlags } from "../remote-options.js";
import { VERSION } from "../version.js";

export interface DecideFlags extends RemoteFlags {
  env: string;
  /** Read from the screening when not given (docs/semantics.md, "decide"). */
  vendor?: Vendor;
  scope?: Scope;
  format: "pretty" | "json";
  now?: Date;
  /** A Git revision whose files decide (offline). */
  ref?: string;
  /** The live revision decides. */
  live?: boolean;
  allMatches?: boolean;
}

/**
 * Exit 0 whenever a decision is printed from files that pass lint, BLOCK
 * included: like `opa eval`, the verdict is the output, not a failure. 1 when
 * the files have lint errors (a version that decides is decided from all the
 * same, its findings listed; one that cannot be decided is not), 2 when the
 * screening cannot be read, an unknown ref, or both --ref and --live; 4 when
 * the live revision cannot be read.
 */
export async function decideCommand(input: string, flags: DecideFlags, io: CliIo): Promise<ExitCode> {
  if (flags.ref !== undefined && flags.live === true) throw new UsageError("decide reads one version: --ref <git-rev> or --live, not both");
  const version: DecideVersion =
    flags.live === true
      ? { kind: "live", env: io.env, tokenFile: flags.tokenFile, baseUrl: flags.baseUrl, onSecret: (secret) => io.addSecret?.(secret) }
      : flags.ref !== undefined
        ? { kind: "git", ref: flags.ref }
        : { kind: "working-tree" };
  const outcome: DecideOutcome = await runDecide({
    cwd: io.cwd,
    input,
    ...(io.stdin === undefined ? {} : { stdin: io.stdin as AsyncIterable<Buffer> }),
    environment: flags.env,
    providerType: flags.vendor,
    scope: flags.scope,
    now: flags.now ?? new Date(),
    version,
    allMatches: flags.allMatches === true,
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
      if (outcome.inferred !== undefined) {
        const { environment, subject } = outcome.report;
        io.stderr.write(`screenpol: decided against ${environment}/${subject.providerType}/${subject.scope} (${outcome.inferred})\n`);
      }
      io.stdout.write(flags.format === "json" ? formatDecisionJson(outcome.report) : formatDecisionPretty(outcome.report, { color }));
      if (!outcome.hasErrors) return EXIT.ok;
      io.stderr.write("screenpol: the files decided from have lint errors, listed with the decision\n");
      return EXIT.findings;
  }
}
