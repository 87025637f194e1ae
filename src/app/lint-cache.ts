/**
 * `lint --cache` (ESLint's): a file whose text is unchanged, linted with the
 * same screenpol, config, schemas and token catalog snapshot, is not parsed or
 * checked again; its per-file result comes from the cache, and the cross-file
 * checks run over every file as always, so the output is the same to the byte
 * with or without the cache (tested). Only policy and webhook files are kept:
 * address entries and policy tests depend on the clock (expiry) and on other
 * files, and are linted every time. A cache that cannot be read, does not
 * parse, or was written by another version or for other inputs is discarded,
 * with one warning line when it was not simply stale; it is never trusted.
 *
 * Its keys are public (file hashes, the config), so a cache anyone could write
 * would let them claim "no findings" for a file that has a sanctions-floor
 * error (README, screenpol lint, The lint cache). So a cache is believed only
 * when it proves it was written here: its first line carries an HMAC-SHA-256
 * of the rest, made with the key in the user's cache folder
 * (workspace/lint-cache-key.ts), checked before anything in it is read. One
 * whose signature does not match is discarded with a warning and written
 * again; one that Git tracks (it arrived with a commit, from someone else's
 * machine) is refused with a warning, and neither read nor written; without a
 * trusted key there is no cache at all. Nothing else serves a cached result:
 * the worker threads lint the misses only.
 *
 * Which files are read at all (`--cache-strategy`, ESLint's): by default
 * (`metadata`) a file whose size, modification time and inode are those its
 * entry recorded is not read: its result comes from the cache as it is. One
 * whose metadata moved is read and hashed; the same text keeps its result (the
 * entry takes the new metadata), other text is linted. The trade-off, as
 * ESLint documents it: an edit that keeps the size and puts the old time back
 * (a tool that restores times, `touch -r`) goes unseen until the file changes
 * again; `--cache-strategy content` reads and hashes every file (a checkout,
 * CI restoring a cache: there times say nothing). Git's racy-clean rule closes
 * the common case: a time within RACY_MS of the save is not recorded, so a
 * file written just before or during a lint is hashed next time. A file with
 * findings, or with suppression comments, is read every time: its text is
 * shown, and its comments judged (unused-suppression).
 *
 * The entry holds the file's findings and only what the cross-file checks read
 * of its data (core/checks/index.ts, projectCheckInputs), not the document; and
 * the cache holds the config as parsed, keyed by its text, so a warm run does
 * not parse screenpol.config.yaml again.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import envPaths from "env-paths";
import { sha256Hex } from "../core/canonical.js";
import { SCHEMAS } from "../core/generated/schemas.js";
import type { FileLint, SourceFile } from "../core/lint.js";
import type { CheckedFile } from "../core/checks/check.js";
import { projectCheckInputs } from "../core/checks/index.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { isRecord, type Config } from "../core/config.js";
import { isTrackedByGit } from "../workspace/git-index.js";
import { openLintCacheKey } from "../workspace/lint-cache-key.js";
import { readCacheFile, writeCacheFile, type FileStamp } from "../workspace/lint-cache-file.js";

/** 3: metadata, project-check inputs and the parsed config; 2 held whole documents; 1 had no signature. Another format is discarded. */
const CACHE_FORMAT = 3;
/** The first line: the format and the signature of every byte after this line. */
const SIGNATURE_LINE = /^screenpol-lint-cache (\d+) hmac-sha256:([0-9a-f]{64})$/;

/** Kinds whose per-file result depends on nothing but their text and the inputs of the key (the config's text is in the key). */
const CACHED_KINDS: ReadonlySet<string> = new Set(["config", "policy", "webhooks"]);

/**
 * Git's racy-clean margin: a file modified this close to the save (or after it)
 * could change again within the file system's time resolution (2 s on FAT)
 * without its time moving, so its metadata is not recorded and the next run
 * hashes it.
 */
const RACY_MS = 2000;

/** ESLint's `--cache-strategy`: what tells a file unchanged. */
export type LintCacheStrategy = "metadata" | "content";
export const LINT_CACHE_STRATEGIES: readonly LintCacheStrategy[] = ["metadata", "content"];

export function isLintCacheStrategy(value: string): value is LintCacheStrategy {
  return (LINT_CACHE_STRATEGIES as readonly string[]).includes(value);
}

/** The user's cache folder (env-paths: `$XDG_CACHE_HOME/screenpol` on Linux), where the key is kept; bin/screenpol.js keeps V8's code cache in it too. */
export function userCacheFolder(): string {
  return envPaths("screenpol", { suffix: "" }).cache;
}

export interface LintCacheInputs {
  version: string;
  /** The config file's text, as linted. */
  config: string;
  /** What the token references were checked against: the snapshot's identity, or why there was none. */
  catalog: string;
  /** The policies the test files may name (unknown-policy). */
  knownPolicies: readonly string[];
}

export interface LintCache {
  /** The cached result of a file not read, when its metadata is the entry's and the entry needs no text; else undefined. */
  unchanged(file: string, stamp: FileStamp | undefined): FileLint | undefined;
  /** The cached result of `source` when its text is the one cached (the entry then takes `stamp`), else undefined. */
  get(source: SourceFile, stamp?: FileStamp): FileLint | undefined;
  /** Keeps a file's result, when its kind is cached, with the metadata it was read with. */
  put(source: SourceFile, result: FileLint, stamp?: FileStamp): void;
  /** Keeps the config as parsed from `text`, for the next run (see {@link cachedConfig}). */
  keepConfig(text: string, config: Config): void;
  /** Writes the cache if anything changed; `prune` keeps only the files of this run (a lint of the whole repository). */
  save(prune: boolean): Promise<void>;
  /** One line for stderr when an existing cache was discarded, else undefined. */
  readonly notice: string | undefined;
  readonly hits: number;
  readonly misses: number;
}

interface Entry {
  sha256: string;
  /** The metadata the file had with this text; absent when it was not trusted (racy) or not known (the Git index). */
  stamp?: FileStamp;
  /** The text holds the word `tokens` (the lint then loads the catalog snapshot: runLint). */
  tokens?: true;
  /** The text holds a suppression comment: read every run, as a file with findings is. */
  suppressions?: true;
  /** The file's result: its findings, the cross-file checks' inputs (without `file`, the entry's name), its text when not the file's as read. */
  result: { diagnostics: Diagnostic[]; checked?: Omit<CheckedFile, "file">; text?: string };
}

interface CacheContent {
  key: string;
  /** The config as parsed by this screenpol `version` from the text whose hash is `sha256`. */
  config?: { sha256: string; version: string; value: Config };
  files: Record<string, Entry>;
}

/** The key of everything a cached result depends on besides the file's text. */
export function lintCacheKey(inputs: LintCacheInputs): string {
  return sha256Hex(
    JSON.stringify({
      format: CACHE_FORMAT,
      version: inputs.version,
      config: inputs.config,
      schemas: schemasHash(),
      catalog: inputs.catalog,
      knownPolicies: [...inputs.knownPolicies].sort(),
    }),
  );
}

let schemasDigest: string | undefined;

/**
 * The schemas' hash, on first use: hashing every schema (pure-JS SHA-256 over
 * hundreds of kilobytes, cold) cost every lint about 10 ms at start-up when it
 * ran as this module loaded, `--cache` or not.
 */
function schemasHash(): string {
  schemasDigest ??= sha256Hex(JSON.stringify(SCHEMAS));
  return schemasDigest;
}

/** Node's own SHA-256 (native): a warm run hashes every file whose metadata moved, and the JavaScript one costs more than the lint it saves. */
function digestOf(source: SourceFile): string | undefined {
  return source.text !== undefined ? createHash("sha256").update(source.text).digest("hex") : source.bytes ? createHash("sha256").update(source.bytes).digest("hex") : undefined;
}

/**
 * The cache file as found, checked before the lint knows its inputs (so that
 * reading it, and asking Git about it, overlap the reading of the files).
 */
export interface StoredLintCache {
  path: string;
  /** The key that signs what is written; undefined when the cache is not to be used at all (neither read nor written). */
  signingKey: Buffer | undefined;
  /** What the file held, when its signature verified. */
  content?: CacheContent;
  /** One line for stderr, when the file was refused or discarded. */
  notice?: string;
}

/** The config this screenpol `version` parsed from exactly `text` on an earlier run, else undefined (parse it). */
export function cachedConfig(stored: StoredLintCache, text: string, version: string): Config | undefined {
  const kept = stored.content?.config;
  if (!kept || kept.version !== version) return undefined;
  return kept.sha256 === createHash("sha256").update(text).digest("hex") ? kept.value : undefined;
}

/**
 * Whether the file `file` is, by its metadata, the one an entry recorded (the
 * entry written for whatever inputs: the caller learns from `tokens` whether
 * it needs the catalog, before it knows the key). Undefined when it must be read.
 */
export function unchangedEntry(stored: StoredLintCache, file: string, stamp: FileStamp | undefined): { tokens: boolean } | undefined {
  const entry = stamp === undefined ? undefined : stored.content?.files[file];
  return entry && readWithoutText(entry) && sameStamp(entry.stamp, stamp!) ? { tokens: entry.tokens === true } : undefined;
}

/** An entry whose file need not be read: no finding to show, no comment to judge. */
function readWithoutText(entry: Entry): boolean {
  return entry.result.diagnostics.length === 0 && entry.suppressions !== true;
}

function sameStamp(a: FileStamp | undefined, b: FileStamp): boolean {
  return a !== undefined && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

/** Reads, and verifies, the cache file at `path` with the key in `keyFolder`; never throws. */
export async function loadLintCache(path: string, keyFolder: string): Promise<StoredLintCache> {
  try {
    const [key, read] = await Promise.all([openLintCacheKey(keyFolder), readCacheFile(path)]);
    // Only a file that exists is asked about: a warm run pays one git call (~3 ms, overlapped), a cold run none.
    if ("bytes" in read && (await isTrackedByGit(path))) {
      return {
        path,
        signingKey: undefined,
        notice: `not using the lint cache at ${path}: Git tracks it, and a cache written on another machine can hide findings; untrack it (\`git rm --cached\`) and keep it ignored`,
      };
    }
    if (!key.ok) return { path, signingKey: undefined, notice: `not using the lint cache: ${key.reason}${KEY_REMEDY[key.about]}` };
    const signingKey = key.key;
    if ("problem" in read) return { path, signingKey, notice: `ignoring the lint cache at ${path}: ${read.problem}` };
    if ("missing" in read) return { path, signingKey };
    const verified = verifySignature(read.bytes, signingKey);
    if ("problem" in verified) return { path, signingKey, notice: `ignoring the lint cache at ${path}: ${verified.problem}; it is written again` };
    const parsed = parseCache(verified.text);
    if (typeof parsed === "string") return { path, signingKey, notice: `ignoring the lint cache at ${path}: ${parsed}; it is written again` };
    return { path, signingKey, content: parsed };
  } catch (error) {
    return { path, signingKey: undefined, notice: `not using the lint cache at ${path}: ${(error as Error).message}` };
  }
}

/** What the warning adds when the key is not trusted: why that matters, and what to do. */
const KEY_REMEDY = {
  key: ", so a cache it signs proves nothing; remove it (the next run makes a new one)",
  folder: ", so the key in it could be replaced; make the folder yours alone (chmod 700)",
  error: "",
} as const;

/** The text after the signature line when the signature is this key's, else why the cache is not believed. */
function verifySignature(bytes: Buffer, key: Buffer): { text: string } | { problem: string } {
  const lineEnd = bytes.indexOf(10);
  const match = lineEnd === -1 ? null : SIGNATURE_LINE.exec(bytes.subarray(0, lineEnd).toString("latin1"));
  if (!match || Number(match[1]) !== CACHE_FORMAT) return { problem: "it is not a signed lint cache of this screenpol (an older format, or not a cache)" };
  const body = bytes.subarray(lineEnd + 1);
  const signature = createHmac("sha256", key).update(body).digest();
  if (!timingSafeEqual(signature, Buffer.from(match[2]!, "hex"))) {
    return { problem: "its signature does not match this machine's key (it was written on another machine, or altered since)" };
  }
  return { text: body.toString("utf8") };
}

/** The cache file's bytes: the signature line, then the text it signs. */
function signedCache(text: string, key: Buffer): Buffer {
  const body = Buffer.from(text, "utf8");
  const signature = createHmac("sha256", key).update(body).digest("hex");
  return Buffer.concat([Buffer.from(`screenpol-lint-cache ${CACHE_FORMAT} hmac-sha256:${signature}\n`, "latin1"), body]);
}

export function openLintCache(stored: StoredLintCache, inputs: LintCacheInputs, strategy: LintCacheStrategy = "metadata"): LintCache {
  const { path, signingKey } = stored;
  let notice = stored.notice;
  const key = lintCacheKey(inputs);
  const entries = new Map<string, Entry>();
  const seen = new Set<string>();
  let config = stored.content?.config;
  let changed = false;
  let hits = 0;
  let misses = 0;
  // Another key: another screenpol, config, schema set or snapshot. Stale, not broken: no warning.
  if (stored.content?.key === key) for (const [file, entry] of Object.entries(stored.content!.files)) entries.set(file, entry);
  const resultOf = (file: string, entry: Entry, text: string): FileLint => {
    const { checked, diagnostics } = entry.result;
    return { file, diagnostics, text, ...(checked ? { checked: { file, ...checked } } : {}) };
  };
  return {
    get notice() {
      return notice;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    unchanged(file, stamp) {
      const entry = strategy === "metadata" && stamp !== undefined ? entries.get(file) : undefined;
      if (!entry || !readWithoutText(entry) || !sameStamp(entry.stamp, stamp!)) return undefined;
      seen.add(file);
      hits++;
      // Not read, so no text: none is shown (no finding), and the caller reads the file if a cross-file check finds something in it.
      return resultOf(file, entry, "");
    },
    get(source, stamp) {
      // A file left unread and read later (a cross-file finding in it) is counted once.
      const first = !seen.has(source.file);
      seen.add(source.file);
      const digest = digestOf(source);
      const entry = digest === undefined ? undefined : entries.get(source.file);
      if (entry && entry.sha256 === digest) {
        if (first) hits++;
        if (stamp && !sameStamp(entry.stamp, stamp)) {
          entries.set(source.file, { ...entry, stamp });
          changed = true;
        }
        // The text is kept only when it is not the file's as read (a byte-order mark, CR line breaks).
        return resultOf(source.file, entry, entry.result.text ?? plainText(source));
      }
      if (first) misses++;
      return undefined;
    },
    put(source, result, stamp) {
      if (!signingKey) return;
      const digest = digestOf(source);
      if (digest === undefined || result.text === undefined || !result.checked || !CACHED_KINDS.has(result.checked.kind)) return;
      const text = plainText(source);
      const { file: _file, ...checked } = projectCheckInputs(result.checked);
      entries.set(source.file, {
        sha256: digest,
        ...(stamp ? { stamp } : {}),
        ...(mayListTokens(source) ? { tokens: true as const } : {}),
        ...(text.includes(SUPPRESSION_MARK) ? { suppressions: true as const } : {}),
        result: { diagnostics: result.diagnostics, checked, ...(result.text === text ? {} : { text: result.text }) },
      });
      changed = true;
    },
    keepConfig(text, value) {
      const sha256 = createHash("sha256").update(text).digest("hex");
      if (config?.sha256 === sha256 && config.version === inputs.version) return;
      config = { sha256, version: inputs.version, value };
      changed = true;
    },
    async save(prune) {
      if (prune) {
        for (const file of [...entries.keys()]) {
          if (!seen.has(file)) {
            entries.delete(file);
            changed = true;
          }
        }
      }
      // Without a trusted key nothing is written: a tracked cache stays as Git has it.
      if (!signingKey || (!changed && notice === undefined)) return;
      const racy = Date.now() - RACY_MS;
      const files: Record<string, Entry> = {};
      for (const [file, entry] of entries) {
        if (entry.stamp && entry.stamp.mtimeMs >= racy) {
          const { stamp: _stamp, ...kept } = entry;
          files[file] = kept;
        } else files[file] = entry;
      }
      const content: CacheContent & { format: number } = { format: CACHE_FORMAT, key, ...(config ? { config } : {}), files };
      try {
        await writeCacheFile(path, signedCache(`${JSON.stringify(content)}\n`, signingKey));
      } catch (error) {
        // The cache only saves time: one that cannot be written costs the next run its speed, never this run its result.
        // A notice already given (a folder where the file goes, unreadable) says why.
        notice ??= `could not write the lint cache at ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      }
    },
  };
}

/** What a suppression comment starts with (core/suppressions.ts). */
const SUPPRESSION_MARK = "screenpol-disable-";

/** Conservative: any file holding the word `tokens` may list token references (block, flow or quoted key). */
export function mayListTokens(source: SourceFile): boolean {
  if (source.text !== undefined) return source.text.includes("tokens");
  return source.bytes !== undefined && Buffer.from(source.bytes.buffer, source.bytes.byteOffset, source.bytes.byteLength).includes("tokens");
}

function plainText(source: SourceFile): string {
  return source.text ?? new TextDecoder().decode(source.bytes);
}

function parseCache(text: string): CacheContent | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return "it is not JSON (corrupt)";
  }
  if (!isRecord(data) || data.format !== CACHE_FORMAT || typeof data.key !== "string" || !isRecord(data.files)) return "it is not a screenpol lint cache of this format";
  for (const entry of Object.values(data.files)) {
    if (!isRecord(entry) || typeof entry.sha256 !== "string" || !isRecord(entry.result) || !Array.isArray(entry.result.diagnostics)) return "an entry is malformed";
    if (entry.stamp !== undefined && !isStamp(entry.stamp)) return "an entry is malformed";
  }
  const config = data.config;
  if (config !== undefined && (!isRecord(config) || typeof config.sha256 !== "string" || typeof config.version !== "string" || !isRecord(config.value))) return "its config is malformed";
  return data as unknown as CacheContent;
}

function isStamp(value: unknown): value is FileStamp {
  return isRecord(value) && typeof value.size === "number" && typeof value.mtimeMs === "number" && typeof value.ino === "number";
}
