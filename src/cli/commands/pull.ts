/**
 * `screenpol pull --env NAME [--force]`: write the live policies and address
 * entries of one environment as canonical files, each atomically.
 */
import { runPull, type PulledFile, type PullReport } from "../../app/pull.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import type { CliIo } from "../io.js";
import type { RemoteFlags } from "../remote-options.js";

export interface PullFlags extends RemoteFlags {
  env?: string;
  force?: boolean;
}

export async function pullCommand(flags: PullFlags, io: CliIo): Promise<ExitCode> {
  const report = await runPull({ cwd: io.cwd, env: io.env, environment: flags.env, force: flags.force === true, tokenFile: flags.tokenFile, baseUrl: flags.baseUrl, onSecret: (secret) => io.addSecret?.(secret) });
  io.stdout.write(`${pullReportLines(report).join("\n")}\n`);
  return EXIT.ok;
}

/** A pull as it is reported: a line per file, then the count (init --from-live reports its pulls the same way). */
export function pullReportLines(report: PullReport): string[] {
  const width = Math.max(0, ...report.files.map((file) => file.path.length));
  const lines = report.files.map((file) => `${file.status.padEnd(9)} ${file.path.padEnd(width)}  (live revision ${file.revision}${file.replacedExample ? "; it was init's example" : ""})`);
  for (const path of report.removedExamples) lines.push(`${"removed".padEnd(9)} ${path}  (init's example, nothing live behind it)`);
  for (const path of report.localOnly) lines.push(`${"kept".padEnd(9)} ${path}  (nothing live behind it; left as it is)`);
  const count = (status: PulledFile["status"]): number => report.files.filter((file) => file.status === status).length;
  lines.push("");
  lines.push(
    `Pulled ${report.environment.name}: ${count("created")} created, ${count("updated")} updated, ${count("unchanged")} unchanged` +
      (report.removedExamples.length > 0 ? `, ${report.removedExamples.length} ${report.removedExamples.length === 1 ? "example" : "examples"} removed` : "") +
      (report.localOnly.length > 0
        ? `, ${report.localOnly.length} local only (\`screenpol plan\` shows them as changes).`
        : `. \`screenpol plan --env ${report.environment.name}\` now shows no change.`),
  );
  return lines;
}
