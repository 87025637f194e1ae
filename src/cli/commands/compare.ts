/**
 * `screenpol compare --base <git-ref> [--head <git-ref>] [paths..] [--format
 * pretty|json] [--deny-weakening] [--now ISO]`: the weakening check of every
 * changed policy between two Git revisions (semantics.md section 5). Exit 0
 * when the comparison ran, whatever it found; 1 when either version has lint
 * errors, or under --deny-weakening when a policy is weaker, mixed, unknown or
 * loses a decision by its removal; 2 for usage, config or an unknown ref.
 */
import { runCompare } from "../../app/compare.js";
import { UsageError } from "../../app/errors.js";
import { formatCompareJson, formatComparePretty, isDeniedWeakening } from "../../core/formats/compare.js";
import { formatJson } from "../../core/formats/json.js";
import { formatPretty, shouldUseColor } from "../../core/formats/pretty.js";
import { readIsoDateTime } from "../../core/iso-date.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";

export interface CompareFlags {
  base: string;
  head?: string;
  format: "pretty" | "json";
  denyWeakening?: boolean;
  now?: string;
}

export async function compareCommand(paths: string[], flags: CompareFlags, io: CliIo): Promise<ExitCode> {
  const now = flags.now === undefined ? new Date() : readNow(flags.now);
  const run = await runCompare({ cwd: io.cwd, base: flags.base, head: flags.head, paths, now });
  if (run.kind === "findings") {
    if (flags.format === "json") io.stdout.write(formatJson(run.lint));
    else io.stdout.write(formatPretty(run.lint, { color: shouldUseColor(io.env, io.stdout.isTTY === true) }));
    io.stderr.write(`screenpol: the ${run.side} version (${run.label}) has lint errors; fix them first (nothing was compared)\n`);
    return EXIT.findings;
  }
  io.stdout.write(flags.format === "json" ? formatCompareJson(run.policies) : formatComparePretty(run.policies, run.labels));
  if (flags.denyWeakening === true) {
    const denied = run.policies.filter(isDeniedWeakening);
    if (denied.length > 0) {
      const names = denied.map((policy) => `${policy.environment}/${policy.providerType}/${policy.scope} (${policy.verdict})`).join(", ");
      io.stderr.write(`screenpol: --deny-weakening: ${names}\n`);
      return EXIT.findings;
    }
  }
  return EXIT.ok;
}

function readNow(text: string): Date {
  const reading = readIsoDateTime(text);
  if (!reading.ok) throw new UsageError(`--now must be an ISO 8601 date or date-time, e.g. 2026-11-23T12:00:00Z, not "${text}"`);
  return new Date(reading.time);
}
