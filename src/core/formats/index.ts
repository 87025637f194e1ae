import { formatGithub } from "./github.js";
import { formatJson } from "./json.js";
import { formatJunit } from "./junit.js";
import { formatPretty } from "./pretty.js";
import type { LintReport } from "./report.js";
import { formatSarif } from "./sarif.js";

export type { LintReport } from "./report.js";
export { shouldUseColor } from "./pretty.js";

/** The lint output formats `screenpol lint --format` accepts. */
export type FormatName = "pretty" | "json" | "github" | "sarif" | "junit";

/** Every format name, in the order help text lists them. */
export const FORMAT_NAMES: readonly FormatName[] = ["pretty", "json", "github", "sarif", "junit"];

/** Narrows a `--format` argument to a format name. */
export function isFormatName(value: string): value is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(value);
}

/** The formats of `screenpol test` (semantics.md section 3); here so the program lists them without loading the runner. */
export const TEST_FORMAT_NAMES = ["pretty", "json", "junit", "github"] as const;
export type TestFormatName = (typeof TEST_FORMAT_NAMES)[number];

export function isTestFormatName(name: string): name is TestFormatName {
  return (TEST_FORMAT_NAMES as readonly string[]).includes(name);
}

/** The formats of `screenpol compare` (semantics.md section 5; formats/compare.ts); here for the same reason. */
export const COMPARE_FORMAT_NAMES = ["pretty", "json", "markdown", "github", "sarif"] as const;
export type CompareFormatName = (typeof COMPARE_FORMAT_NAMES)[number];

/** The union of every format's options; each format reads only its own. */
export interface FormatOptions {
  /** pretty: emit ANSI colours (see `shouldUseColor`); default false. */
  color?: boolean;
  /** pretty: list suppressed findings with their reasons, not only their count. */
  showSuppressed?: boolean;
  /** sarif: screenpol's version. */
  toolVersion: string;
  /** sarif: absolute path that `%SRCROOT%` stands for; omitted, the consumer decides. */
  srcRoot?: string;
}

/** Renders a lint report in the named format; the result is ready to write to stdout. */
export function formatReport(name: FormatName, report: LintReport, options: FormatOptions): string {
  switch (name) {
    case "pretty":
      return formatPretty(report, { color: options.color ?? false, showSuppressed: options.showSuppressed === true });
    case "json":
      return formatJson(report);
    case "github":
      return formatGithub(report);
    case "sarif":
      return formatSarif(report, {
        toolVersion: options.toolVersion,
        ...(options.srcRoot === undefined ? {} : { srcRoot: options.srcRoot }),
      });
    case "junit":
      return formatJunit(report);
  }
}
