import { CODE_INFO, docsUrl, REPOSITORY_URL } from "../codes.js";
import { CODES, type Code, type Diagnostic } from "../diagnostic.js";
import { sortDiagnostics, type LintReport } from "./report.js";

/** Options of the SARIF format. */
export interface SarifOptions {
  /** screenpol's version, as `tool.driver.version`. */
  toolVersion: string;
  /**
   * Absolute path of the directory relative file names are relative to. When given,
   * the run maps `%SRCROOT%` to it, and absolute file names under it become relative.
   * Without it, consumers resolve `%SRCROOT%` themselves (GitHub code scanning uses
   * the checkout), which keeps the output free of machine-specific paths.
   */
  srcRoot?: string;
}

const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
const SRCROOT = "%SRCROOT%";

/**
 * SARIF 2.1.0, for GitHub code scanning and other SARIF viewers: one run whose
 * driver lists a rule for every code (so a viewer can explain a code even before a
 * finding of it appears), and one result per finding. Positions stay 1-based with an
 * exclusive end column in UTF-16 code units, which is SARIF's own convention
 * (`columnKind` is set explicitly). Pretty-printed with two spaces and a newline.
 */
export function formatSarif(report: LintReport, options: SarifOptions): string {
  const root = options.srcRoot === undefined ? undefined : toDirectoryFileUri(options.srcRoot);
  const run: SarifRun = {
    tool: {
      driver: {
        name: "screenpol",
        version: options.toolVersion,
        informationUri: REPOSITORY_URL,
        rules: CODES.map(toRule),
      },
    },
    ...(root === undefined ? {} : { originalUriBaseIds: { [SRCROOT]: { uri: root } } }),
    columnKind: "utf16CodeUnits",
    results: [
      ...sortDiagnostics(report.diagnostics).map((d) => toResult(d, root)),
      // Suppressed findings stay in the log, marked (SARIF 2.1.0 section 3.27.23): code scanning shows them as dismissed in source.
      ...sortDiagnostics(report.suppressed ?? []).map((d) => ({ ...toResult(d, root), suppressions: [{ kind: "inSource" as const, justification: d.justification }] })),
    ],
  };
  const log: SarifLog = { $schema: SARIF_SCHEMA, version: "2.1.0", runs: [run] };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function toRule(code: Code): SarifRule {
  const info = CODE_INFO[code];
  return {
    id: code,
    name: toPascalCase(code),
    shortDescription: { text: info.title },
    fullDescription: { text: info.summary },
    help: { text: info.help },
    helpUri: docsUrl(code),
    defaultConfiguration: { level: info.severity },
  };
}

function toResult(d: Diagnostic, root: string | undefined): SarifResult {
  const endLine = Math.max(d.endLine, d.line);
  return {
    ruleId: d.code,
    ruleIndex: CODES.indexOf(d.code),
    level: d.severity,
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: toArtifactLocation(d.file, root),
          region: {
            startLine: d.line,
            startColumn: d.column,
            endLine,
            // SARIF validators reject an end before the start on the same line.
            endColumn: endLine === d.line ? Math.max(d.endColumn, d.column) : d.endColumn,
          },
        },
      },
    ],
  };
}

/** `duplicate-rule-id` -> `DuplicateRuleId`: SARIF suggests a name that reads as an identifier. */
function toPascalCase(code: string): string {
  return code
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

const WINDOWS_ABSOLUTE = /^[A-Za-z]:[\\/]/;

function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || WINDOWS_ABSOLUTE.test(path);
}

/**
 * A relative file name becomes a URI reference against `%SRCROOT%`, as code scanning
 * expects; an absolute one under `srcRoot` is made relative first, and any other
 * absolute one becomes a `file:` URI, since a base would be wrong for it.
 */
function toArtifactLocation(file: string, root: string | undefined): SarifArtifactLocation {
  if (isAbsolutePath(file)) {
    const uri = toFileUri(file);
    if (root !== undefined && uri.startsWith(root) && uri.length > root.length) {
      return { uri: uri.slice(root.length), uriBaseId: SRCROOT };
    }
    return { uri };
  }
  return { uri: encodePathSegments(file.replace(/^(\.\/)+/, "")), uriBaseId: SRCROOT };
}

/**
 * Percent-encodes each segment so that `#`, `?`, `%`, spaces and non-ASCII survive as
 * a URI reference, and a `:` in the first segment cannot be read as a scheme.
 */
function encodePathSegments(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}

function toFileUri(absolutePath: string): string {
  if (WINDOWS_ABSOLUTE.test(absolutePath)) {
    const [drive, ...rest] = absolutePath.replace(/\\/g, "/").split("/");
    return `file:///${drive}/${rest.map(encodeURIComponent).join("/")}`;
  }
  return `file://${encodePathSegments(absolutePath)}`;
}

// SARIF requires a base URI to end with `/`, or resolving against it drops the last segment.
function toDirectoryFileUri(absolutePath: string): string {
  const uri = toFileUri(absolutePath);
  return uri.endsWith("/") ? uri : `${uri}/`;
}

// The subset of the SARIF 2.1.0 object model this format writes.

interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: SarifRun[];
}

interface SarifRun {
  tool: { driver: { name: string; version: string; informationUri: string; rules: SarifRule[] } };
  originalUriBaseIds?: Record<string, { uri: string }>;
  columnKind: "utf16CodeUnits";
  results: SarifResult[];
}

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  help: { text: string };
  helpUri: string;
  defaultConfiguration: { level: "error" | "warning" };
}

interface SarifArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: "error" | "warning";
  message: { text: string };
  locations: Array<{
    physicalLocation: {
      artifactLocation: SarifArtifactLocation;
      region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
    };
  }>;
  suppressions?: Array<{ kind: "inSource"; justification: string }>;
}
