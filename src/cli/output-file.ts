/**
 * `-o, --output-file FILE` of lint, test, compare and plan: one run writes the
 * report in `--format` (SARIF, JUnit, JSON, Markdown) to FILE for CI to
 * upload, and the readable report to the terminal for the person reading the
 * log. The file is written whole (app/output-target.ts); a path that cannot be
 * written, or that is a file screenpol reads (app/output-target.ts), is refused
 * before the command does anything else (exit 2).
 */
import { resolve } from "node:path";
import { refuseOutputOverInputs, refuseUnwritableTarget, writeOutputFile } from "../app/output-target.js";
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
  await refuseUnwritableTarget(path, outputFile, "--output-file");
  await refuseOutputOverInputs({ cwd: io.cwd, path: outputFile, option: "--output-file", inputs });
  return {
    toFile: true,
    write: async (report, readable) => {
      await writeOutputFile(path, report);
      io.stdout.write(readable());
    },
  };
}
