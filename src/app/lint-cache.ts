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
 */
import { createHash } from "node:crypto";
import { sha256Hex } from "../core/canonical.js";
import { SCHEMAS } from "../core/generated/schemas.js";
import type { FileLint, SourceFile } from "../core/lint.js";
import { isRecord } from "../core/config.js";
import { readCacheFile, writeCacheFile } from "../workspace/lint-cache-file.js";

const CACHE_FORMAT = 1;

/** Kinds whose per-file result depends on nothing but their text and the inputs of the key. */
const CACHED_KINDS: ReadonlySet<string> = new Set(["policy", "webhooks"]);

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
      schemas: SCHEMAS_HASH,
      catalog: inputs.catalog,
      knownPolicies: [...inputs.knownPolicies].sort(),
    }),
  );
}

const SCHEMAS_HASH = sha256Hex(JSON.stringify(SCHEMAS));

export async function openLintCache(path: string, inputs: LintCacheInputs): Promise<LintCache> {
  const key = lintCacheKey(inputs);
  const entries = new Map<string, Entry>();
  const seen = new Set<string>();
  let notice: string | undefined;
  let changed = false;
  let hits = 0;
  let misses = 0;
  const read = await readCacheFile(path);
  if ("problem" in read) {
    notice = `ignoring the lint cache at ${path}: ${read.problem}`;
  } else if ("text" in read) {
    const parsed = parseCache(read.text);
    if (typeof parsed === "string") {
      notice = `ignoring the lint cache at ${path}: ${parsed}; it is written again`;
    } else if (parsed.key === key) {
      for (const [file, entry] of Object.entries(parsed.files)) entries.set(file, entry);
    }
    // Another key: another screenpol, config, schema set or snapshot. Stale, not broken: no warning.
  }
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
      if (!changed && notice === undefined) return;
      await writeCacheFile(path, `${JSON.stringify({ format: CACHE_FORMAT, key, files: Object.fromEntries(entries) })}\n`);
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
