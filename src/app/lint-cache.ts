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
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import envPaths from "env-paths";
import { sha256Hex } from "../core/canonical.js";
import { SCHEMAS } from "../core/generated/schemas.js";
import type { FileLint, SourceFile } from "../core/lint.js";
import { isRecord } from "../core/config.js";
import { isTrackedByGit } from "../workspace/git-index.js";
import { openLintCacheKey } from "../workspace/lint-cache-key.js";
import { readCacheFile, writeCacheFile } from "../workspace/lint-cache-file.js";

/** 2: signed (the first line); 1 had no signature and is discarded as unsigned. */
const CACHE_FORMAT = 2;
/** The first line: the format and the signature of every byte after this line. */
const SIGNATURE_LINE = /^screenpol-lint-cache (\d+) hmac-sha256:([0-9a-f]{64})$/;

/** Kinds whose per-file result depends on nothing but their text and the inputs of the key. */
const CACHED_KINDS: ReadonlySet<string> = new Set(["policy", "webhooks"]);

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
  /** The cached result of `source` when its text is the one cached, else undefined. */
  get(source: SourceFile): FileLint | undefined;
  /** Keeps a file's result, when its kind is cached. */
  put(source: SourceFile, result: FileLint): void;
  /** Writes the cache if anything changed; `prune` keeps only the files of this run (a lint of the whole repository). */
  save(prune: boolean): Promise<void>;
  /** One line for stderr when an existing cache was discarded, else undefined. */
  readonly notice: string | undefined;
  readonly hits: number;
  readonly misses: number;
}

interface Entry {
  sha256: string;
  result: FileLint;
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

/**
 * The cache file as found, checked before the lint knows its inputs (so that
 * reading it, and asking Git about it, overlap the reading of the files).
 */
export interface StoredLintCache {
  path: string;
  /** The key that signs what is written; undefined when the cache is not to be used at all (neither read nor written). */
  signingKey: Buffer | undefined;
  /** What the file held, when its signature verified. */
  content?: { key: string; files: Record<string, Entry> };
  /** One line for stderr, when the file was refused or discarded. */
  notice?: string;
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

export function openLintCache(stored: StoredLintCache, inputs: LintCacheInputs): LintCache {
  const { path, signingKey } = stored;
  let notice = stored.notice;
  const key = lintCacheKey(inputs);
  const entries = new Map<string, Entry>();
  const seen = new Set<string>();
  let changed = false;
  let hits = 0;
  let misses = 0;
  // Another key: another screenpol, config, schema set or snapshot. Stale, not broken: no warning.
  if (stored.content?.key === key) for (const [file, entry] of Object.entries(stored.content.files)) entries.set(file, entry);
  // Node's own SHA-256 (native): every file of a warm run is hashed, and the JavaScript one costs more than the lint it saves.
  const digestOf = (source: SourceFile): string | undefined =>
    source.text !== undefined ? createHash("sha256").update(source.text).digest("hex") : source.bytes ? createHash("sha256").update(source.bytes).digest("hex") : undefined;
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
    get(source) {
      seen.add(source.file);
      const digest = digestOf(source);
      const entry = digest === undefined ? undefined : entries.get(source.file);
      if (entry && entry.sha256 === digest) {
        hits++;
        // The text is kept only when it is not the file's as read (a byte-order mark, CR line breaks).
        return { ...entry.result, text: entry.result.text ?? plainText(source) };
      }
      misses++;
      return undefined;
    },
    put(source, result) {
      if (!signingKey) return;
      const digest = digestOf(source);
      if (digest === undefined || result.text === undefined || !result.checked || !CACHED_KINDS.has(result.checked.kind)) return;
      const { text, ...rest } = result;
      entries.set(source.file, { sha256: digest, result: text === plainText(source) ? rest : result });
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
      try {
        await writeCacheFile(path, signedCache(`${JSON.stringify({ format: CACHE_FORMAT, key, files: Object.fromEntries(entries) })}\n`, signingKey));
      } catch (error) {
        // The cache only saves time: one that cannot be written costs the next run its speed, never this run its result.
        // A notice already given (a folder where the file goes, unreadable) says why.
        notice ??= `could not write the lint cache at ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      }
    },
  };
}

function plainText(source: SourceFile): string {
  return source.text ?? new TextDecoder().decode(source.bytes);
}

function parseCache(text: string): { key: string; files: Record<string, Entry> } | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return "it is not JSON (corrupt)";
  }
  if (!isRecord(data) || data.format !== CACHE_FORMAT || typeof data.key !== "string" || !isRecord(data.files)) return "it is not a screenpol lint cache of this format";
  for (const entry of Object.values(data.files)) {
    if (!isRecord(entry) || typeof entry.sha256 !== "string" || !isRecord(entry.result) || !Array.isArray(entry.result.diagnostics)) return "an entry is malformed";
  }
  return { key: data.key, files: data.files as Record<string, Entry> };
}
