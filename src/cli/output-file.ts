/**
 * `-o, --output-file FILE` of lint, test, compare and plan: one run writes the
 * report in `--format` (SARIF, JUnit, JSON, Markdown) to FILE for CI to
 * upload, and the readable report to the terminal for the person reading the
 * log. The file is written whole (app/output-target.ts); a path that cannot be
 * written, or that is a file screenpol reads (app/output-target.ts), is refused
 * before the command does anything else (exit 2).
 */
import { stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { UsageError } from "../app/errors.js";
import { refuseOutputOverInputs, writeOutputFile } from "../app/output-target.js";
import type { CliIo } from "./io.js";

export interface ReportSink {
  /** Whether the report asked for goes to a file: it is then rendered without colour. */
  readonly toFile: boolean;
  /**
   * The report in the format asked for: to the file when there is one, the
   * terminal then getting `readable()` (the pretty report); else to stdout.
   */
  write(report: string, readable: () => string): Promise<void>;
}

/** `inputs`: the paths named on the command line, which the report must not replace either. */
export async function openReportSink(io: CliIo, outputFile: string | undefined, inputs: readonly string[]): Promise<ReportSink> {
  if (outputFile === undefined) {
    return {
      toFile: false,
      write: async (report) => {
        io.stdout.write(report);
      },
    };
  }
  const path = resolve(io.cwd, outputFile);
  await refuseUnwritable(path, outputFile);
  await refuseOutputOverInputs({ cwd: io.cwd, path: outputFile, option: "--output-file", inputs });
  return {
    toFile: true,
    write: async (report, readable) => {
      await writeOutputFile(path, report);
      io.stdout.write(readable());
    },
  };
}

async function refuseUnwritable(path: string, given: string): Promise<void> {
  const target = await stat(path).catch(() => undefined);
  if (target?.isDirectory()) throw new UsageError(`--output-file ${given} is a folder; name a file`);
  const folder = await stat(dirname(path)).catch(() => undefined);
  if (!folder?.isDirectory()) throw new UsageError(`--output-file ${given}: the folder ${dirname(path)} does not exist`);
}
