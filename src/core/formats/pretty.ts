import { plural } from "../plural.js";
import { docsUrl } from "../codes.js";
import type { Diagnostic, Severity } from "../diagnostic.js";
import { countBySeverity, sortDiagnostics, type LintReport } from "./report.js";

/** Options of the terminal format. */
export interface PrettyOptions {
  /** Emit ANSI colours; decide with `shouldUseColor`. */
  color: boolean;
  /** Show each suppressed finding too, marked with its reason (`--show-suppressed`); otherwise only their count. */
  showSuppressed?: boolean;
}

// Two lines above show the parent key of the offending YAML node; one below shows
// what follows it. More would push the next finding off a small terminal.
const CONTEXT_ABOVE = 2;
const CONTEXT_BELOW = 1;

// A code frame wider than this wraps on most terminals and CI log viewers; long
// lines (inline flow maps, long addresses) are cut around the offending column.
const FRAME_WIDTH = 120;
// Code units kept left of the offending column when a line is cut.
const FRAME_LEAD = 40;
const ELLIPSIS = "…";

/** The ESLint-like terminal format: a header, a code frame and a docs path per finding, then a summary. */
export function formatPretty(report: LintReport, options: PrettyOptions): string {
  const paint = createPainter(options.color);
  const diagnostics = sortDiagnostics(report.diagnostics);
  const frames = createFrameSource(report);
  const blocks = diagnostics.map((d) => renderFinding(d, frames, paint));
  const suppressed = sortDiagnostics(report.suppressed ?? []);
  if (options.showSuppressed) {
    for (const d of suppressed) blocks.push(`${paint.file(`${printable(d.file)}:${d.line}:${d.column}`)}  ${paint.code("suppressed")}  ${printable(d.message)}  ${paint.code(d.code)}\n  ${paint.gutter(`reason: ${printable(d.justification)}`)}`);
  }
  const summary = renderSummary(report.filesLinted, diagnostics, paint);
  blocks.push(suppressed.length > 0 ? `${summary} ${paint.code(`(${suppressed.length} suppressed)`)}` : summary);
  return `${blocks.join("\n\n")}\n`;
}

/**
 * Whether to colour output: a non-empty `NO_COLOR` disables (no-color.org) and wins
 * over everything, so a user who opts out never gets escapes in a log;
 * `FORCE_COLOR` of `0` or `false` disables and any other value enables (as Node and
 * supports-color read it); otherwise colour only on a terminal that is not `dumb`.
 */
export function shouldUseColor(env: Record<string, string | undefined>, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force.toLowerCase() !== "false";
  return isTTY && env.TERM !== "dumb";
}

interface Painter {
  file(text: string): string;
  severity(severity: Severity, text: string): string;
  gutter(text: string): string;
  code(text: string): string;
  summary(tone: "error" | "warning" | "ok", text: string): string;
}

function createPainter(color: boolean): Painter {
  const wrap = (open: string, text: string): string => (color && text !== "" ? `\x1b[${open}m${text}\x1b[0m` : text);
  const severityColor = (s: Severity): string => (s === "error" ? "31" : "33");
  return {
    file: (text) => wrap("1", text),
    severity: (s, text) => wrap(severityColor(s), text),
    gutter: (text) => wrap("2", text),
    code: (text) => wrap("2", text),
    summary: (tone, text) => wrap(tone === "error" ? "1;31" : tone === "warning" ? "1;33" : "32", text),
  };
}

/** The source lines and secret ranges of each file, computed once per file however many findings it has. */
interface FrameSource {
  linesOf(file: string): string[] | undefined;
  secretsOf(file: string): SourceRange[];
}

function createFrameSource(report: LintReport): FrameSource {
  const lines = new Map<string, string[]>();
  const secrets = secretRangesByFile(report.diagnostics);
  return {
    linesOf(file) {
      const source = report.sources.get(file);
      if (source === undefined) return undefined;
      let split = lines.get(file);
      if (split === undefined) lines.set(file, (split = splitSourceLines(source)));
      return split;
    },
    secretsOf: (file) => secrets.get(file) ?? [],
  };
}

function renderFinding(d: Diagnostic, frames: FrameSource, paint: Painter): string {
  const header = [
    paint.file(`${printable(d.file)}:${d.line}:${d.column}`),
    paint.severity(d.severity, d.severity),
    printable(d.message),
    paint.code(d.code),
  ].join("  ");
  const lines = [header];
  const sourceLines = frames.linesOf(d.file);
  if (sourceLines !== undefined) lines.push(...renderCodeFrame(d, sourceLines, frames.secretsOf(d.file), paint));
  lines.push(`  ${paint.gutter(docsUrl(d.code))}`);
  return lines.join("\n");
}

function renderSummary(filesLinted: number, diagnostics: readonly Diagnostic[], paint: Painter): string {
  const { errors, warnings } = countBySeverity(diagnostics);
  if (errors + warnings === 0) {
    return paint.summary("ok", `✔ ${plural(filesLinted, "file")} linted, no problems`);
  }
  const text = `✖ ${plural(errors + warnings, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
  return paint.summary(errors > 0 ? "error" : "warning", text);
}


/** A range of a source, 1-based and end-exclusive like a Diagnostic. */
interface SourceRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

// A code frame prints source text, and for a `secret-in-file` finding that text is
// the secret: it would land in CI logs. Every secret found in a file is masked in
// every frame of that file, not only in its own finding's frame.
function secretRangesByFile(diagnostics: readonly Diagnostic[]): Map<string, SourceRange[]> {
  const byFile = new Map<string, SourceRange[]>();
  for (const d of diagnostics) {
    if (d.code !== "secret-in-file") continue;
    const ranges = byFile.get(d.file) ?? [];
    ranges.push(d);
    byFile.set(d.file, ranges);
  }
  return byFile;
}

function renderCodeFrame(d: Diagnostic, sourceLines: readonly string[], secrets: readonly SourceRange[], paint: Painter): string[] {
  if (d.line < 1 || d.line > sourceLines.length) return [];
  // The empty "line" after a final newline is no line of the file: shown only
  // when a finding points at it (an unexpected end of file), never as context.
  const lastRealLine = sourceLines.length > 1 && sourceLines.at(-1) === "" ? sourceLines.length - 1 : sourceLines.length;
  const first = Math.max(1, d.line - CONTEXT_ABOVE);
  const last = Math.max(d.line, Math.min(lastRealLine, d.line + CONTEXT_BELOW));
  const gutterWidth = String(last).length;

  const offending = sourceLines[d.line - 1] ?? "";
  const marked = markedSpan(d, offending.length);
  const windowStart = offending.length > FRAME_WIDTH ? Math.max(0, Math.min(marked.from - FRAME_LEAD, offending.length - FRAME_WIDTH)) : 0;

  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = cutToWindow(maskSecrets(sourceLines[n - 1] ?? "", n, secrets), windowStart);
    const pointer = n === d.line ? ">" : " ";
    out.push(withGutter(`${pointer} ${String(n).padStart(gutterWidth)} |`, text, paint));
    if (n === d.line) {
      // The window always starts at or before the marked column (FRAME_LEAD).
      const head = windowStart > 0 ? ELLIPSIS.length : 0;
      const from = head + marked.from - windowStart;
      const to = head + Math.min(marked.to - windowStart, FRAME_WIDTH + 1);
      const carets = paint.severity(d.severity, "^".repeat(Math.max(1, to - from)));
      out.push(withGutter(`  ${" ".repeat(gutterWidth)} |`, `${" ".repeat(from)}${carets}`, paint));
    }
  }
  return out;
}

// Lines are split where the YAML parser counts lines (LF, with CRLF's CR dropped);
// a leading BOM is not part of the text editors show or count columns in.
function splitSourceLines(source: string): string[] {
  const text = source.startsWith("\uFEFF") ? source.slice(1) : source;
  return text.split(/\r?\n/);
}

/**
 * Columns (0-based, end-exclusive) to underline on the offending line: the range on
 * that line, up to the line end when it continues below, clamped to the line, and
 * at least one caret (an empty range or one at the line end still gets a pointer).
 */
function markedSpan(d: Diagnostic, lineLength: number): { from: number; to: number } {
  const from = clamp(d.column - 1, 0, lineLength);
  const end = d.endLine > d.line ? lineLength : clamp(d.endColumn - 1, from, lineLength);
  return { from, to: Math.max(end, from + 1) };
}

function maskSecrets(line: string, lineNumber: number, secrets: readonly SourceRange[]): string {
  let out = line;
  for (const s of secrets) {
    if (lineNumber < s.line || lineNumber > s.endLine) continue;
    const from = lineNumber === s.line ? clamp(s.column - 1, 0, out.length) : 0;
    const to = lineNumber === s.endLine ? clamp(s.endColumn - 1, from, out.length) : out.length;
    out = out.slice(0, from) + "*".repeat(to - from) + out.slice(to);
  }
  return out;
}

// Every line of one frame is cut at the same start so that columns stay aligned.
function cutToWindow(line: string, windowStart: number): string {
  const cut = line.slice(windowStart, windowStart + FRAME_WIDTH);
  const head = windowStart > 0 && line.length > 0 ? ELLIPSIS : "";
  const tail = line.length > windowStart + FRAME_WIDTH ? ELLIPSIS : "";
  return head + printable(cut) + tail;
}

/**
 * Makes text safe to print on a terminal without moving the caret alignment: each
 * replacement is one code unit for one. A tab becomes a space (its width depends
 * on the terminal); other control characters, which could also be escape sequences
 * planted in a file, and surrogate halves left by a cut become U+FFFD.
 */
export function printable(text: string): string {
  return text
    .replace(/\t/g, " ")
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, "\uFFFD")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

// No trailing space after the bar when the line is empty, so output has no
// trailing whitespace to trip up diffing or copy-paste.
function withGutter(gutter: string, text: string, paint: Painter): string {
  return text === "" ? paint.gutter(gutter) : `${paint.gutter(gutter)} ${text}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
