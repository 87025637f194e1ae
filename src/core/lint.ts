/**
 * The lint runner: sources + config -> Diagnostic[]. Pure: the caller reads the
 * files (or the Git index) and passes their bytes or text.
 */
import { FILE_CHECKS, PROJECT_CHECKS } from "./checks/index.js";
import type { CheckContext, CheckedFile, Finding } from "./checks/check.js";
import { findSecretsInText, mightHoldSecret, type TextSpan } from "./checks/secret-in-file.js";
import type { TokenCatalogIndex } from "./catalog.js";
import { CODE_INFO } from "./codes.js";
import { EMPTY_CONFIG, isRecord, type Config } from "./config.js";
import { compareDiagnostics, formatPath, isError, type Diagnostic, type DocPath } from "./diagnostic.js";
import { findComments, parseYaml, type ParsedDocument, type ParseResult, type TextRange } from "./document.js";
import { classifyPath, type FileKind } from "./layout.js";
import { decodeSource } from "./source.js";
import { applySuppressions, STRUCTURAL, type SuppressedDiagnostic } from "./suppressions.js";
import { policySchemaName, validateWithSchema } from "./validate.js";
import { isSchemaVersion, isScope, isVendor, type Vendor } from "./vendors.js";
import type { SchemaName } from "./generated/schemas.js";
import { policyTestFindings } from "./semantics/test-file.js";
import { readWhenTerms } from "./semantics/conditions.js";

/** One file to lint: its repository-relative path and its content or why there is none. */
export interface SourceFile {
  file: string;
  /** Decoded text; or give `bytes` and the runner decodes (and refuses binary or oversized files). */
  text?: string;
  bytes?: Uint8Array;
  /** Set when the file could not be read at all (missing, a directory, permissions). */
  readError?: string;
  /**
   * `parseYaml(text)`, when the caller has already parsed the text (the config,
   * parsed once to learn the layout): the lint reuses it instead of parsing
   * again. Not structured-cloneable; drop it before sending a source to a thread.
   */
  parsed?: ParseResult;
}

/**
 * The source with its text decoded and parsed, for a caller that needs the
 * parse too (a test file's case lines): the lint then reuses it instead of
 * parsing again. A source that cannot be decoded is left for the lint to report.
 */
export function withParse(source: SourceFile): SourceFile {
  if (source.parsed !== undefined || source.readError !== undefined) return source;
  const text = source.text ?? (source.bytes === undefined ? undefined : decodedText(source.bytes));
  return text === undefined ? source : { file: source.file, text, parsed: parseYaml(text) };
}

function decodedText(bytes: Uint8Array): string | undefined {
  const decoded = decodeSource(bytes);
  return decoded.ok ? decoded.text : undefined;
}

export interface LintOptions {
  config?: Config;
  /** Defaults to the current time; injected by tests. */
  now?: Date;
  catalog?: TokenCatalogIndex;
  /** See CheckContext.knownPolicies. */
  knownPolicies?: ReadonlySet<string>;
}

export interface LintResult {
  /** The findings that count (exit code, totals): suppressed ones are in `suppressed`. */
  diagnostics: Diagnostic[];
  /** Findings a suppression comment hid, with its reason (suppressions.ts); empty when none. */
  suppressed: SuppressedDiagnostic[];
  filesLinted: number;
  /** file -> text, for code frames. */
  sources: Map<string, string>;
  /** file -> parsed data, for files that parsed (so a plan never parses a file twice). */
  data: Map<string, unknown>;
}

/**
 * The files of a lint that no command may decide from: those with a structural
 * finding (suppressions.ts STRUCTURAL), counted or hidden by a comment, or with
 * a `too-many-findings` error, which may stand for one not shown. Computed from
 * the findings, never from the comments, so that `decide`, `test`, `replay`,
 * `compare` and `plan` refuse such a version whatever it says about itself;
 * other findings (a shadowed rule) leave a version that still decides.
 */
export function filesWithoutMeaning(lint: Pick<LintResult, "diagnostics" | "suppressed">): Set<string> {
  const files = new Set<string>();
  for (const d of [...lint.diagnostics, ...lint.suppressed]) {
    if (STRUCTURAL.has(d.code) || (d.code === "too-many-findings" && d.severity === "error")) files.add(d.file);
  }
  return files;
}

/**
 * Whether a lint stops a command that reads the files it linted (plan, the
 * decision commands, a webhook update): a file without a meaning
 * ({@link filesWithoutMeaning}), or a finding that counts as an error.
 */
export function lintFails(lint: Pick<LintResult, "diagnostics" | "suppressed">): boolean {
  return filesWithoutMeaning(lint).size > 0 || lint.diagnostics.some(isError);
}

/**
 * Why one version of a subject (its policy and address-entries files, linted
 * together) cannot be decided, or undefined when it decides (docs/semantics.md,
 * "What decides"). The decision commands read any version that decides and list
 * its other findings beside the answer: a shadowed or unreachable rule is what
 * a version does, not a reason to say nothing about it. Not decided:
 *
 * - a file without a meaning ({@link filesWithoutMeaning}'s findings);
 * - data that fails its schema, even where lint reports a check's finding
 *   instead (a key of the other vendor: `cross-vendor-field`; a `sanctions`
 *   key or category: `sanctions-floor`; a token by symbol), since the schema
 *   is what the decision procedure's reading of the rules relies on;
 * - a postScreen rule the decision procedure cannot read (conditions.ts
 *   readWhenTerms), whatever the schema says.
 *
 * The answer is a finding of those files, for its code and place: the first
 * structural one, or the one that stands in for the schema's.
 */
export function whyUndecided(lint: Pick<LintResult, "diagnostics" | "suppressed" | "data" | "sources">, files: readonly string[], config: Config): Diagnostic | undefined {
  const own = [...lint.diagnostics, ...lint.suppressed].filter((d) => files.includes(d.file)).sort(compareDiagnostics);
  const structural = own.find((d) => STRUCTURAL.has(d.code) || (d.code === "too-many-findings" && d.severity === "error"));
  if (structural) return structural;
  for (const file of files) {
    if (!lint.data.has(file)) continue;
    const checked = describeFile(file, lint.data.get(file), config);
    const [schema] = validateFile(checked);
    if (schema !== undefined) return standIn(own, file, schema.path) ?? locatedFinding(lint, file, { code: "schema", path: schema.path, message: schema.message });
    const rules = checked.kind === "policy" && checked.vendor !== undefined ? postScreenOf(checked.data) : [];
    const unread = rules.findIndex((rule) => !isRecord(rule) || readWhenTerms(rule.when, checked.vendor!) === undefined);
    if (unread >= 0) return locatedFinding(lint, file, { code: "schema", path: ["rules", "postScreen", unread, "when"], message: "the rule's conditions cannot be read" });
  }
  return undefined;
}

/** The error finding at or above `path` that took the place of the schema's there (claimedPaths). */
function standIn(findings: readonly Diagnostic[], file: string, path: DocPath): Diagnostic | undefined {
  const above = new Set(path.map((_, end) => formatPath(path.slice(0, end + 1))));
  return findings.find((d) => d.file === file && d.severity === "error" && d.path !== "" && above.has(d.path));
}

function locatedFinding(lint: Pick<LintResult, "sources">, file: string, finding: Finding): Diagnostic {
  const document = parseYaml(lint.sources.get(file) ?? "").document;
  if (document) return toDiagnostic(file, document, finding);
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, severity: "error", code: finding.code, message: finding.message, path: formatPath(finding.path) };
}

function postScreenOf(data: unknown): unknown[] {
  const rules = isRecord(data) && isRecord(data.rules) ? data.rules.postScreen : undefined;
  return Array.isArray(rules) ? rules : [];
}

/** Lints a set of files together (duplicate-policy compares across them). */
export function lintSources(sources: readonly SourceFile[], options: LintOptions = {}): LintResult {
  const session = createLintSession(options);
  for (const source of sources) session.update(source);
  return session.result();
}

/**
 * Incremental linting for watch mode: each file's findings are kept until that
 * file changes; only the cross-file checks run over everything again.
 */
export interface LintSession {
  /** Lints (or re-lints) one file. */
  update(source: SourceFile): void;
  /** Forgets a deleted or renamed file. */
  remove(file: string): void;
  result(): LintResult;
}

export function createLintSession(options: LintOptions = {}): LintSession {
  const context = checkContext(options);
  const outcomes = new Map<string, FileLint>();
  return {
    update(source) {
      outcomes.set(source.file, lintOne(source, context));
    },
    remove(file) {
      outcomes.delete(file);
    },
    result() {
      return combine(outcomes.values(), context);
    },
  };
}

/**
 * One file's share of a lint, before the cross-file checks: plain data (it
 * survives a structured clone), so files can be linted apart, e.g. on other
 * threads, and combined with {@link combineFileLints}.
 */
export interface FileLint {
  file: string;
  diagnostics: Diagnostic[];
  /** The text as shown in code frames; absent when the file could not be read or decoded. */
  text?: string;
  /** What the cross-file checks need: the data, not the syntax tree (which is large). */
  checked?: CheckedFile;
}

/**
 * Lints one file without the cross-file checks. Give every call of a run the
 * same `now`, as {@link lintSources} does.
 */
export function lintFile(source: SourceFile, options: LintOptions = {}): FileLint {
  return lintOne(source, checkContext(options));
}

/**
 * The cross-file checks over files linted by {@link lintFile}, in the order the
 * files were given (a file given twice counts once, at its first place, with
 * its last result), then every diagnostic sorted: the same result as
 * {@link lintSources} over those files.
 */
export function combineFileLints(results: Iterable<FileLint>, options: LintOptions = {}): LintResult {
  const byFile = new Map<string, FileLint>();
  for (const result of results) byFile.set(result.file, result);
  return combine(byFile.values(), checkContext(options));
}

function checkContext(options: LintOptions): CheckContext {
  return { config: options.config ?? EMPTY_CONFIG, now: options.now ?? new Date(), catalog: options.catalog, knownPolicies: options.knownPolicies };
}

function combine(results: Iterable<FileLint>, context: CheckContext): LintResult {
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const checked: CheckedFile[] = [];
  let filesLinted = 0;
  for (const result of results) {
    filesLinted++;
    diagnostics.push(...result.diagnostics);
    if (result.text !== undefined) texts.set(result.file, result.text);
    if (result.checked) checked.push(result.checked);
  }
  // Cross-file findings are rare: their file is parsed again to place them,
  // rather than every file's syntax tree being kept alive for the whole run.
  const reparsed = new Map<string, ParsedDocument | undefined>();
  for (const check of PROJECT_CHECKS) {
    for (const finding of check.run(checked, context)) {
      if (!reparsed.has(finding.file)) reparsed.set(finding.file, parseYaml(texts.get(finding.file) ?? "").document);
      const document = reparsed.get(finding.file);
      if (document) diagnostics.push(toDiagnostic(finding.file, document, finding));
    }
  }
  const { counted, suppressed } = withSuppressions(withSeverities(diagnostics, context.config), texts);
  counted.sort(compareDiagnostics);
  suppressed.sort(compareDiagnostics);
  return { diagnostics: counted, suppressed, filesLinted, sources: texts, data: new Map(checked.map((file) => [file.file, file.data])) };
}

/** `severity:` of the config (warning-level codes only, the config schema says): a code raised to an error, or off. */
function withSeverities(diagnostics: Diagnostic[], config: Config): Diagnostic[] {
  const severity = config.severity;
  if (!severity || Object.keys(severity).length === 0) return diagnostics;
  return diagnostics.flatMap((d) => {
    const chosen = Object.hasOwn(severity, d.code) ? severity[d.code] : undefined;
    if (chosen === undefined) return [d];
    return chosen === "off" ? [] : [{ ...d, severity: chosen }];
  });
}

/** Each file's suppression comments applied to its findings (a file without text, unreadable, has none). */
function withSuppressions(diagnostics: Diagnostic[], texts: ReadonlyMap<string, string>): { counted: Diagnostic[]; suppressed: SuppressedDiagnostic[] } {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  for (const file of texts.keys()) if (!byFile.has(file)) byFile.set(file, []);
  const counted: Diagnostic[] = [];
  const suppressed: SuppressedDiagnostic[] = [];
  for (const [file, found] of byFile) {
    const text = texts.get(file);
    if (text === undefined || !text.includes("screenpol-disable-")) {
      counted.push(...found);
      continue;
    }
    const applied = applySuppressions(file, text, found);
    counted.push(...applied.diagnostics);
    suppressed.push(...applied.suppressed);
  }
  return { counted, suppressed };
}

/** Lints one file's text on its own, as an editor or the emulator would. */
export function lintText(file: string, text: string, options: LintOptions = {}): Diagnostic[] {
  return lintSources([{ file, text }], options).diagnostics;
}

function lintOne(source: SourceFile, context: CheckContext): FileLint {
  if (source.readError !== undefined) return { file: source.file, diagnostics: [wholeFile(source.file, "read-error", source.readError)] };
  let text = source.text;
  if (text === undefined) {
    const decoded = decodeSource(source.bytes ?? new Uint8Array());
    if (!decoded.ok) return { file: source.file, diagnostics: [wholeFile(source.file, "read-error", decoded.reason)] };
    text = decoded.text;
  }
  const parsed = source.parsed ?? parseYaml(text);
  const diagnostics: Diagnostic[] = parsed.problems.map((problem) => ({
    file: source.file,
    ...problem.range,
    severity: CODE_INFO[problem.code].severity,
    code: problem.code,
    message: problem.message,
    path: "",
  }));
  // The secret scan runs on the text whatever else fails: on the comments of a
  // file that reads cleanly (the data walk sees the rest), on every line of one
  // that does not (duplicate keys included: the data then lacks the overridden occurrence).
  const spans = parsed.document ? commentSpans(parsed.text, parsed.document.comments) : lineSpans(parsed.text);
  const secretsInText = findSecretsInText(spans);
  diagnostics.push(...textDiagnostics(source.file, secretsInText, parsed.rangeOf));
  // Messages that show the file's text quoted (yaml-syntax-messages.ts, explainMisreadValues) show it from
  // these same lines and comments: a secret the scan found there is masked, as the code frame masks it.
  const masked = (list: Diagnostic[]): Diagnostic[] => maskSecretsInMessages(list, secretsInText.map((finding) => parsed.text.slice(finding.offset, finding.offset + finding.length)));

  // With duplicate keys the checks still run on the data as composed; not the
  // schema, which would judge one reading of an ambiguous file, and not the
  // cross-file checks or a plan, which need the file as it will be read.
  const document = parsed.document ?? parsed.partial;
  if (!document) return { file: source.file, diagnostics: masked(capFindings(diagnostics)), text: parsed.text };
  const file = describeFile(source.file, document.data, context.config);
  const checkFindings: Finding[] = [];
  for (const check of FILE_CHECKS) {
    if (!parsed.document && check.code === "secret-in-file") continue;
    if (check.appliesTo === "any" || check.appliesTo.includes(file.kind)) checkFindings.push(...check.run(file, context));
  }
  const claimed = claimedPaths(checkFindings);
  const schemaFindings = parsed.document ? explainMisreadValues(validateFile(file).filter((finding) => !isClaimed(finding.path, claimed)), parsed.document) : [];
  for (const finding of [...schemaFindings, ...checkFindings]) diagnostics.push(toDiagnostic(source.file, document, finding));
  // Masked after the cap: a file of thousands of secrets has thousands of findings, and masking each of them
  // against every secret is quadratic (a 1 MiB file of secrets in comments took 84 s); the shown ones are at most the cap.
  const capped = masked(capFindings(diagnostics));
  return parsed.document ? { file: source.file, diagnostics: capped, text: parsed.text, checked: file } : { file: source.file, diagnostics: capped, text: parsed.text };
}

/**
 * secret-in-file over a file the linter reads that is not YAML (the token
 * catalog snapshot), fed line by line as it is read, so a large file never has
 * to be whole in memory. Line breaks are counted as in YAML (LF, CRLF, CR).
 */
export interface PlainTextScan {
  /** The next line, without its line feed. */
  line(text: string): void;
  /** The findings so far, capped and in order. */
  diagnostics(): Diagnostic[];
}

export function scanPlainText(file: string): PlainTextScan {
  const found: Diagnostic[] = [];
  let line = 0;
  const scan = (text: string): void => {
    line++;
    for (const finding of findSecretsInText([{ offset: 0, text, kind: "line" }])) {
      const column = finding.offset + 1;
      found.push({ file, line, column, endLine: line, endColumn: column + finding.length, severity: CODE_INFO[finding.code].severity, code: finding.code, message: finding.message, path: "" });
    }
  };
  return {
    line(text) {
      const withoutCr = text.endsWith("\r") ? text.slice(0, -1) : text;
      if (!withoutCr.includes("\r")) scan(withoutCr);
      else for (const part of withoutCr.split("\r")) scan(part);
    },
    diagnostics: () => capFindings([...found]),
  };
}

/** {@link scanPlainText} over a whole text. */
export function lintPlainText(file: string, text: string): Diagnostic[] {
  const scan = scanPlainText(file);
  for (const line of text.split("\n")) scan.line(line);
  return scan.diagnostics();
}

/** Findings shown per file; the rest are counted in one `too-many-findings` finding. */
export const MAX_FINDINGS_PER_FILE = 100;

/**
 * The first MAX_FINDINGS_PER_FILE findings of a file in position order, then one
 * `too-many-findings` at the first one left out, saying how many more there are.
 * Deterministic (the order is compareDiagnostics'), and it keeps the exit code:
 * the summary is an error when any finding left out is one.
 */
function capFindings(diagnostics: Diagnostic[]): Diagnostic[] {
  diagnostics.sort(compareDiagnostics);
  if (diagnostics.length <= MAX_FINDINGS_PER_FILE) return diagnostics;
  const omitted = diagnostics.slice(MAX_FINDINGS_PER_FILE);
  const errors = omitted.filter((d) => d.severity === "error").length;
  const first = omitted[0]!;
  const count = (n: number, what: string): string => `${n.toLocaleString("en-US")} ${what}${n === 1 ? "" : "s"}`;
  const kinds = [errors > 0 ? count(errors, "error") : "", omitted.length > errors ? count(omitted.length - errors, "warning") : ""].filter(Boolean).join(" and ");
  const summary: Diagnostic = {
    file: first.file,
    line: first.line,
    column: first.column,
    endLine: first.endLine,
    endColumn: first.endColumn,
    severity: errors > 0 ? "error" : "warning",
    code: "too-many-findings",
    message: `${kinds} more in this file from here on, not shown: screenpol shows the first ${MAX_FINDINGS_PER_FILE} findings of a file; fix these and lint again`,
    path: "",
  };
  return [...diagnostics.slice(0, MAX_FINDINGS_PER_FILE), summary];
}

/** `known`: the comments as the reader found them, which spares the lexer's pass over the text. */
function commentSpans(text: string, known: ParsedDocument["comments"]): TextSpan[] {
  // Almost no file holds anything a secret pattern needs: one scan of the whole text spares the lexer.
  if (!text.includes("#") || !mightHoldSecret(text)) return [];
  return (known ?? findComments(text)).map((comment) => ({ offset: comment.offset, text: comment.text, kind: "comment" }));
}

function* lineSpans(text: string): Generator<TextSpan> {
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    yield { offset: start, text: text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end), kind: "line" };
    if (newline === -1) break;
    start = newline + 1;
  }
}

function textDiagnostics(file: string, findings: ReturnType<typeof findSecretsInText>, rangeOf: ParseResult["rangeOf"]): Diagnostic[] {
  return findings.map((finding) => ({
    file,
    ...rangeOf(finding.offset, finding.offset + finding.length),
    severity: CODE_INFO[finding.code].severity,
    code: finding.code,
    message: finding.message,
    path: "",
  }));
}

function describeFile(path: string, data: unknown, config: Config): CheckedFile {
  const role = classifyPath(path, config);
  const record = isRecord(data) ? data : {};
  let kind: FileKind = role.kind;
  if (kind === "other") {
    // A file outside the layout, named on the command line: its content says what it is.
    if ("cases" in record) kind = "policy-test";
    else if ("rules" in record || "scope" in record) kind = "policy";
    else if ("entries" in record) kind = "addresses";
    else if ("webhooks" in record) kind = "webhooks";
    else if ("environments" in record) kind = "config";
  }
  const vendor: Vendor | undefined = isVendor(record.providerType) ? record.providerType : role.providerType;
  const scope = isScope(record.scope) ? record.scope : role.scope;
  return { file: path, role, kind, data, vendor, scope };
}

function validateFile(file: CheckedFile): Finding[] {
  const record = isRecord(file.data) ? file.data : undefined;
  let name: SchemaName | undefined;
  switch (file.kind) {
    case "policy": {
      if (!file.vendor) return [];
      // An unknown schemaVersion has its own diagnostic; the newest schema still checks the rest.
      const version = isSchemaVersion(record?.schemaVersion) ? record.schemaVersion : 2;
      const findings = validateWithSchema(policySchemaName(file.vendor, version), file.data, { schemaVersion: record?.schemaVersion });
      return isSchemaVersion(record?.schemaVersion) ? findings : findings.filter((finding) => finding.path[0] !== "schemaVersion");
    }
    case "addresses":
      name = "addresses";
      break;
    case "webhooks":
      name = "webhooks";
      break;
    case "config":
      name = "config";
      break;
    case "policy-test":
      return policyTestFindings(file.data);
    default:
      return [];
  }
  return validateWithSchema(name, file.data);
}

/**
 * A schema error at or below a path a check already explained is noise: the
 * check's message ("riskLevel belongs to vendorBAddressScreening") says more than
 * "unknown field". Whole-file findings claim nothing, and neither do warnings: an
 * unreachable-rule warning at a rule's `id` must not hide that id's schema error.
 */
function claimedPaths(findings: readonly Finding[]): Set<string> {
  const claimed = new Set<string>();
  for (const finding of findings) {
    if ((finding.severity ?? CODE_INFO[finding.code].severity) !== "error" || finding.path.length === 0) continue;
    let key = "";
    for (const segment of finding.path) key += pathKeySegment(segment);
    claimed.add(key);
  }
  return claimed;
}

/** Whether the path or one of its ancestors is claimed: one look-up per level, whatever the number of findings. */
function isClaimed(path: DocPath, claimed: ReadonlySet<string>): boolean {
  if (claimed.size === 0) return false;
  let key = "";
  for (const segment of path) {
    key += pathKeySegment(segment);
    if (claimed.has(key)) return true;
  }
  return false;
}

/** A path segment in a set key: the marker keeps `["1"]` apart from `[1]` and `["a.b"]` apart from `["a", "b"]`. */
function pathKeySegment(segment: string | number): string {
  return typeof segment === "number" ? `\u0001${segment}` : `\u0000${segment.length}:${segment}`;
}

/** How far before a misread value its key is looked for: longer keys than this are not named. */
const KEY_WINDOW = 1024;

/**
 * Schema findings on a value YAML read other than as written, said in terms of
 * what was written (docs/codes/yaml-syntax.md, Common mistakes):
 * - `reason: #42 cold wallet` holds no reason: YAML reads ` #` and all after it
 *   as a comment, so the schema finds the value empty;
 * - `contractAddress: 0x0421...` is a number to YAML (hexadecimal), its digits
 *   lost: the schema's "quote it" would quote the number, not the address.
 * Each says so, with the value quoted as written.
 */
function explainMisreadValues(findings: Finding[], document: ParsedDocument): Finding[] {
  let lines: string[] | undefined;
  return findings.map((finding) => {
    if (finding.code !== "schema") return finding;
    const value = valueAtPath(document.data, finding.path);
    if (value !== null && typeof value !== "number") return finding;
    const range = document.locate(finding.path, "value");
    lines ??= document.text.split("\n");
    const line = (lines[range.line - 1] ?? "").replace(/\r$/, "");
    // Only the text just before the value: a one-line flow map of a megabyte would be searched from its start once per
    // finding (quadratic). A window that cuts the line needs a space before the key, so a key cut in two is not taken.
    const start = Math.max(0, range.column - 1 - KEY_WINDOW);
    const before = line.slice(start, range.column - 1);
    const key = (start === 0 ? /(?:^|\s)([A-Za-z_$][\w$.-]*): +$/ : /\s([A-Za-z_$][\w$.-]*): +$/).exec(before)?.[1];
    if (key === undefined) return finding;
    const written = line.slice(range.column - 1);
    if (value === null && written.startsWith("#")) {
      const text = written.trimEnd();
      return { ...finding, message: `${finding.message}: YAML reads "#" and all after it as a comment; to write text that starts with "#", put it in quotes: ${key}: ${JSON.stringify(text)}` };
    }
    const hex = typeof value === "number" ? /^0x[0-9a-fA-F]+(?=\s|$)/.exec(written)?.[0] : undefined;
    if (hex !== undefined) {
      // An address is public and the fix quotes exactly it; any other hex (a key?) is not repeated in the message.
      const address = /^0x[0-9a-fA-F]{40}$/.test(hex);
      const advice = address ? `put it in quotes, ${key}: ${JSON.stringify(hex)} (screenpol lint --fix does)` : "put it in quotes";
      return { ...finding, message: `YAML read this unquoted 0x... as a hexadecimal number, not as the text written: ${advice}` };
    }
    return finding;
  });
}

function valueAtPath(data: unknown, path: DocPath): unknown {
  let at = data;
  for (const segment of path) {
    if (typeof segment === "number") at = Array.isArray(at) ? at[segment] : undefined;
    else at = isRecord(at) && Object.hasOwn(at, segment) ? at[segment] : undefined;
  }
  return at;
}

/** Each secret, as written or as a double-quoted YAML string spells it, replaced by `*`s in every message. */
function maskSecretsInMessages(diagnostics: Diagnostic[], secrets: readonly string[]): Diagnostic[] {
  if (secrets.length === 0) return diagnostics;
  const spellings = [...new Set(secrets.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))].filter((spelling) => spelling !== "");
  return diagnostics.map((d) => {
    let message = d.message;
    for (const spelling of spellings) message = message.replaceAll(spelling, "*".repeat(spelling.length));
    return message === d.message ? d : { ...d, message };
  });
}

/** A finding at its place in the document, the path before its message as every finding reads. */
export function toDiagnostic(file: string, document: ParsedDocument, finding: Finding): Diagnostic {
  const range: TextRange = document.locate(finding.path, finding.target);
  const path = finding.displayPath ?? formatPath(finding.path);
  return {
    file,
    ...range,
    severity: finding.severity ?? CODE_INFO[finding.code].severity,
    code: finding.code,
    message: path ? `${path}: ${finding.message}` : finding.message,
    path,
  };
}

function wholeFile(file: string, code: "read-error", message: string): Diagnostic {
  return { file, line: 1, column: 1, endLine: 1, endColumn: 1, severity: CODE_INFO[code].severity, code, message, path: "" };
}
