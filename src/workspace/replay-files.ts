/**
 * The input of `replay --engine duckdb` (docs/replay.md, "Engines"): a file,
 * a folder (every file under it of one known format, hidden ones and
 * `_SUCCESS`-style markers left out) or a glob, as a list of files in path
 * order, and their one format, told by the names.
 */
import { readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { ReplayInputError } from "./replay-input.js";

export type ReplayFileFormat = "jsonl" | "csv" | "parquet";

export interface ReplayFiles {
  format: ReplayFileFormat;
  /** Absolute paths, in the order their rows are numbered. */
  files: string[];
}

const FORMATS: ReadonlyArray<{ pattern: RegExp; format: ReplayFileFormat }> = [
  { pattern: /\.(jsonl|ndjson|json)(\.gz)?$/i, format: "jsonl" },
  { pattern: /\.csv(\.gz)?$/i, format: "csv" },
  { pattern: /\.parquet$/i, format: "parquet" },
];

const NAMES = ".jsonl, .ndjson, .json (each also .gz), .csv, .csv.gz or .parquet";

export function formatOfName(name: string): ReplayFileFormat | undefined {
  return FORMATS.find(({ pattern }) => pattern.test(name))?.format;
}

/** Is the input a URI (`s3://lake/2026-11/`, `file:///data/x.parquet`) rather than a path? Read by the Ray engine's workers only. */
export function isRemoteInput(input: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(input);
}

/** Does the input name several files by a pattern (`*`, `?`, `[...]`, `**`)? */
export function isGlob(input: string): boolean {
  return /[*?[]/.test(input);
}

/**
 * The files of `input` (relative to `cwd`). A glob is expanded by `expand`
 * (DuckDB's own glob, so that the engine and the listing agree); a folder is
 * walked here. Throws a ReplayInputError of one line when there is nothing to
 * read, a name whose format is unknown, or formats mixed.
 */
export async function resolveReplayFiles(input: string, cwd: string, expand: (pattern: string) => Promise<string[]>): Promise<ReplayFiles> {
  if (input === "-") throw new ReplayInputError("the duckdb engine reads files, not standard input: name a file, a folder or a glob (or use --engine js)");
  if (isRemoteInput(input)) throw new ReplayInputError(`${input}: a URI is read by the Ray engine's workers (--engine ray); this engine reads local paths`);
  const absolute = resolve(cwd, input);
  let files: string[];
  if (isGlob(input)) {
    files = (await expand(absolute)).sort();
    if (files.length === 0) throw new ReplayInputError(`${input}: the glob matches no file`);
  } else {
    let info;
    try {
      info = statSync(absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new ReplayInputError(code === "ENOENT" ? `cannot read ${input}: no such file` : `cannot read ${input}: ${code ?? (error as Error).message}`, { cause: error });
    }
    if (info.isDirectory()) {
      files = walk(absolute).filter((file) => formatOfName(file) !== undefined);
      if (files.length === 0) throw new ReplayInputError(`${input}: the folder holds no file named ${NAMES}`);
    } else if (info.isFile()) {
      files = [absolute];
    } else {
      throw new ReplayInputError(`cannot read ${input}: not a regular file or folder`);
    }
  }
  return ofOneFormat(input, files, { shown: (file) => relative(cwd, file) || file, name: (file) => file });
}

/**
 * The files of a remote input as the Ray job listed them (python/ray_replay.py
 * `--list`): the same rules as a local input's, the same one-line errors.
 */
export function remoteReplayFiles(input: string, listing: { what: "file" | "folder" | "glob" | "missing"; files: readonly string[] }): ReplayFiles {
  if (listing.what === "missing") throw new ReplayInputError(`cannot read ${input}: no such file`);
  if (listing.what === "glob" && listing.files.length === 0) throw new ReplayInputError(`${input}: the glob matches no file`);
  const files = listing.what === "folder" ? listing.files.filter((file) => formatOfName(withoutQuery(file)) !== undefined) : [...listing.files];
  if (files.length === 0) throw new ReplayInputError(`${input}: the folder holds no file named ${NAMES}`);
  return ofOneFormat(input, files, { shown: (file) => file, name: withoutQuery });
}

/** The name a worker gives its copy of a remote file: its format's ending kept, so that DuckDB reads it as it would the original (a .gz as gzip). */
export function copyNameOf(uri: string): string {
  const name = withoutQuery(uri);
  return `shard${FORMATS.map(({ pattern }) => pattern.exec(name)?.[0]).find((ending) => ending !== undefined) ?? ""}`;
}

/** A URI's path, its options (`?endpoint_override=...`) left out: what its name ends with. */
function withoutQuery(uri: string): string {
  const mark = uri.indexOf("?");
  return mark < 0 ? uri : uri.slice(0, mark);
}

/** `name`: what a file's name is, to tell its format by; `shown`: how an error names it. */
function ofOneFormat(input: string, files: string[], how: { shown: (file: string) => string; name: (file: string) => string }): ReplayFiles {
  const formats = new Set<ReplayFileFormat>();
  for (const file of files) {
    const format = formatOfName(how.name(file));
    if (format === undefined) throw new ReplayInputError(`${how.shown(file)}: cannot tell its format by its name (${NAMES})`);
    formats.add(format);
  }
  if (formats.size > 1) throw new ReplayInputError(`${input}: the files are of several formats (${[...formats].sort().join(", ")}); replay one format at a time`);
  return { format: [...formats][0]!, files };
}

/** Every file under `folder`, in path order; names starting with `.` or `_` (hidden files, _SUCCESS markers) are left out. */
function walk(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith(".") || entry.name.startsWith("_")) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...walk(path));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}
