/**
 * The lint use case: find the files (working tree or Git index), read them,
 * run the core. Shared by the CLI and the library's `lint()`.
 */
import { CONFIG_FILE, type Config } from "../core/config.js";
import { combineFileLints, lintFile, lintSources, type FileLint, type LintResult, type SourceFile } from "../core/lint.js";
import { cachedConfig, loadLintCache, mayListTokens, openLintCache, unchangedEntry, userCacheFolder, type LintCache, type LintCacheStrategy, type StoredLintCache } from "./lint-cache.js";
import { fileStamps, type FileStamp } from "../workspace/lint-cache-file.js";
import { classifyPath } from "../core/layout.js";
import { readStagedSources } from "../workspace/git-index.js";
import { isMissingPath } from "../workspace/named-path.js";
import { firstTimeSaying } from "../workspace/said-once.js";
import { UsageError } from "./errors.js";
import { canonicalPath, collectPaths, listPolicyFiles, readSources, toRepositoryPath, type FileSelection } from "../workspace/repository.js";
import { openWorkspace, parseConfigSource } from "./workspace-config.js";
import { openPathDisplay, showPaths } from "./display-paths.js";
import { readFile, stat } from "node:fs/promises";
import { isSuppressible } from "../core/suppressions.js";
import { applySuppressionsFile, SUPPRESSIONS_FILE, writeBaseline } from "../core/suppressions-file.js";
import { writeFileAtomic } from "../workspace/atomic-write.js";
import type { Diagnostic } from "../core/diagnostic.js";
import { join, resolve } from "node:path";
import type { TokenCatalogIndex } from "../core/catalog.js";
import { catalogNotice, loadLintCatalog, snapshotFiles, snapshotSecrets, stagedLintCatalog, stagedSnapshotSecrets, type LintCatalog } from "./catalog-load.js";
import { compareDiagnostics } from "../core/diagnostic.js";
import { lintThreads, startLintWorkers, type LintWorkers, type ParallelLintOptions } from "./lint-parallel.js";

export interface LintRequest {
  /** Files or folders; none means the whole repository (config, policies, webhooks). */
  paths?: readonly string[];
  /** Where relative paths start and the repository root is searched from; default process.cwd(). */
  cwd?: string;
  /** Read the Git index instead of the working tree (pre-commit). */
  staged?: boolean;
  now?: Date;
  /** The token catalog to check references against; by default the snapshot `<paths.catalog>/tokens.json`, when it exists. */
  catalog?: TokenCatalogIndex;
  /**
   * `--cache`: keep per-file results (app/lint-cache.ts) in `path` (a file, or a
   * folder to keep `.screenpol-cache` in; default `.screenpol-cache` beside the
   * config), for this screenpol `version`, signed with the key in `keyFolder`
   * (default: the user's cache folder). `strategy` (ESLint's `--cache-strategy`):
   * `metadata` (the default) trusts a file's size, time and inode to tell it
   * unchanged, without reading it; `content` reads and hashes every file.
   */
  cache?: { path?: string | undefined; version: string; keyFolder?: string; strategy?: LintCacheStrategy | undefined };
  /**
   * `--suppress-all`: write every suppressible finding of the linted files into
   * the suppressions file (core/suppressions-file.ts) instead of applying it.
   */
  suppressAll?: boolean;
}

export interface LintRun extends LintResult {
  /** The folder of screenpol.config.yaml. */
  root: string;
  /**
   * The folder every `file` of the run is relative to (SARIF's `%SRCROOT%`):
   * the top of the Git work tree holding `root`, or `root` outside Git (app/display-paths.ts).
   */
  displayRoot: string;
  /** The token catalog snapshot used by unknown-token, or why there was none. */
  catalog: LintCatalog;
  /**
   * One line for stderr about the snapshot, when the linted policies reference
   * tokens and none could be used (or its meta is stale); never a diagnostic.
   */
  catalogNotice: string | undefined;
  /**
   * Who linted: `workers` threads started besides this one (0: this thread
   * alone), `answered` of them returned their chunk; the chunks of the others
   * were linted on this thread (app/lint-parallel.ts). Same findings either way;
   * this tells a parallel lint from the silent fallback.
   */
  threads: { workers: number; answered: number };
  /** With a cache: files whose result came from it, files linted, and the line to print when it was discarded. */
  cache?: { hits: number; misses: number; notice: string | undefined };
  /** With `suppressAll`: the file written, findings and entries it accepts; `diagnostics` then holds only the findings it could not accept. */
  baseline?: { file: string; written: number; entries: number };
}

export async function runLint(request: LintRequest = {}): Promise<LintRun> {
  const cwd = request.cwd ?? process.cwd();
  const paths = request.paths ?? [];
  const cacheRequest = request.cache;
  const strategy = cacheRequest?.strategy ?? "metadata";
  // Started once the root is known, beside the reading of the config: its file and key are read, and Git asked,
  // and the config's parse of an earlier run taken from it when the config's text is the same.
  let storedCache: Promise<StoredLintCache> | undefined;
  let stored: StoredLintCache | undefined;
  const workspace = await openWorkspace(
    cwd,
    cacheRequest && {
      open: async (root) => {
        storedCache = loadLintCache(await cacheFilePath(root, cwd, cacheRequest.path), cacheRequest.keyFolder ?? userCacheFolder());
        stored = await storedCache;
      },
      lookup: (text) => (stored ? cachedConfig(stored, text, cacheRequest.version) : undefined),
    },
  );
  const display = await openPathDisplay(workspace.root);
  let workers: LintWorkers | undefined;
  try {
    let read: FilesRead;
    if (request.staged) {
      read = await readStaged(workspace.root, workspace.config, cwd, paths);
    } else {
      await refuseMissingPaths(cwd, paths);
      const selection = await collectPaths(workspace.root, cwd, paths, workspace.config);
      refuseEmptyFolders(paths, selection);
      // A large lint uses every core (a given catalog index cannot cross to another thread).
      // The workers start before the files are read, so that their start-up overlaps the reading.
      // With --cache, a warm run lints few files; they are linted on this thread.
      const threads = request.catalog || cacheRequest ? 1 : lintThreads(selection.files.length);
      if (threads > 1) workers = startLintWorkers(threads - 1);
      read = storedCache && strategy === "metadata"
        ? await readChangedSelection(selection, workspace.config, workspace.configSource, await storedCache)
        : { config: workspace.config, sources: await readSelection(selection, workspace.configSource) };
    }
    const { config, sources, staged, unread, stamps } = read;
    const knownPolicies = await knownPoliciesFor(sources, config, workspace.root, request.staged === true ? (paths.length === 0 ? staged : undefined) : "working-tree");
    let catalog: LintCatalog | undefined = request.catalog ? { status: "given", index: request.catalog } : undefined;
    // Only a policy listing tokens needs the snapshot: a lint without one never reads it.
    // A file not read (unchanged by its metadata) lists tokens when its entry says its text did.
    const tokensListed = sources.some(mayListTokens) || [...(unread?.values() ?? [])].some((file) => file.tokens);
    if (tokensListed) {
      // The staged snapshot, as the commit will hold it; the working tree's when it is not staged.
      if (staged) catalog ??= stagedLintCatalog(staged, config);
      catalog ??= await loadLintCatalog(workspace.root, config);
    }
    catalog ??= { status: "unused" };
    const index = catalog.status === "loaded" || catalog.status === "given" ? catalog.index : undefined;
    // One clock for every file, whichever thread lints it.
    const now = request.now ?? new Date();
    const cache = cacheRequest && storedCache
      ? openLintCache(
          await storedCache,
          {
            version: cacheRequest.version,
            config: JSON.stringify(config),
            catalog: catalog.status === "loaded" ? `${catalog.version ?? "no meta"} ${catalog.index.size}` : catalog.status,
            knownPolicies: [...(knownPolicies ?? [])],
          },
          strategy,
        )
      : undefined;
    // The working tree's config as parsed, for the next run (a staged lint's config is the index's, not this text's).
    if (cache && !staged && workspace.configSource.text !== undefined) cache.keepConfig(workspace.configSource.text, config);
    const parallelOptions = {
      config,
      now,
      knownPolicies,
      catalog: index,
      catalogRef: catalog.status === "loaded" ? { root: workspace.root, version: catalog.version, size: catalog.index.size } : undefined,
    };
    const result = cache
      ? await lintThroughCache(read.order, sources, { unread: unread ?? new Map(), stamps: stamps ?? new Map(), scope: read.scope }, parallelOptions, cache, (count) => {
          // A cold run lints every file: on every core, as without the cache.
          const threads = request.catalog ? 1 : lintThreads(count);
          return threads > 1 ? (workers = startLintWorkers(threads - 1)) : undefined;
        })
      : workers
      ? await workers.lint(sources, parallelOptions)
      : lintSources(sources, { config, now, catalog: index, knownPolicies });
    // The snapshot is a file the tool reads: its text is scanned for secrets as the policies' is.
    const snapshotFindings =
      catalog.status === "loaded" || catalog.status === "invalid"
        ? staged?.some((source) => source.file === catalog.file)
          ? stagedSnapshotSecrets(staged, config)
          : await snapshotSecrets(workspace.root, config, catalog.status === "loaded" && catalog.secretScanSealed)
        : [];
    if (snapshotFindings.length > 0) result.diagnostics = [...result.diagnostics, ...snapshotFindings].sort(compareDiagnostics);
    const baseline = await withSuppressionsFile(result, workspace.root, request.suppressAll === true);
    const notice = catalogNotice(catalog, tokensListed);
    const threads = { workers: workers?.size ?? 0, answered: workers?.answered ?? 0 };
    await cache?.save(paths.length === 0 && request.staged !== true);
    const cacheStats = cache ? { cache: { hits: cache.hits, misses: cache.misses, notice: cache.notice } } : {};
    return { ...showPaths(result, display), root: workspace.root, displayRoot: display.root, catalog, catalogNotice: notice, threads, ...cacheStats, ...(baseline ? { baseline: { ...baseline, file: display.show(SUPPRESSIONS_FILE) } } : {}) };
  } finally {
    await workers?.close();
  }
}

/**
 * The suppressions file beside the config applied to the result (in place), or,
 * with `suppressAll`, written from it: then the result keeps only the findings
 * the file could not accept, compliance and structural ones.
 */
async function withSuppressionsFile(result: LintResult, root: string, suppressAll: boolean): Promise<{ written: number; entries: number } | undefined> {
  const path = join(root, SUPPRESSIONS_FILE);
  const previous = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw new UsageError(`cannot read ${SUPPRESSIONS_FILE}: ${error.message}`);
  });
  const linted = new Set(result.sources.keys());
  if (suppressAll) {
    const { text, written, entries } = writeBaseline(previous, linted, result.diagnostics);
    await writeFileAtomic(path, text);
    const accepted = new Set<Diagnostic>(result.diagnostics.filter((d) => isSuppressible(d)));
    result.diagnostics = result.diagnostics.filter((d) => !accepted.has(d));
    return { written, entries };
  }
  if (previous === undefined) return undefined;
  const applied = applySuppressionsFile(previous, linted, result.diagnostics);
  result.diagnostics = applied.diagnostics.sort(compareDiagnostics);
  result.suppressed = [...result.suppressed, ...applied.suppressed].sort(compareDiagnostics);
  return undefined;
}

/** ESLint's rule: a location that is a folder holds `.screenpol-cache`; anything else is the file. */
async function cacheFilePath(root: string, cwd: string, location: string | undefined): Promise<string> {
  if (location === undefined) return join(root, LINT_CACHE_FILE);
  const path = resolve(cwd, location);
  const isFolder = await stat(path).then((info) => info.isDirectory(), () => /[\\/]$/.test(location));
  return isFolder ? join(path, LINT_CACHE_FILE) : path;
}

/** The default cache file; .gitignore holds `.screenpol-cache*` (init writes it). */
const LINT_CACHE_FILE = ".screenpol-cache";

/** What the cache adds to the files read, with the metadata strategy. */
interface UnreadFiles {
  /** The files whose metadata is their entry's: not read, by repository path. */
  unread: ReadonlyMap<string, UnreadFile>;
  /** The metadata of every regular file of the selection, taken before it was read. */
  stamps: ReadonlyMap<string, FileStamp>;
  scope: FileSelection | undefined;
}

/**
 * Each file's result from the cache, the others linted (on worker threads when
 * they are many: `startWorkers` decides) and kept; then the cross-file checks
 * over all, in `order` (the selection's, with the metadata strategy) or the
 * sources', as lintSources runs them. A file not read in which a cross-file
 * check finds something is read then, and the checks run again with its text,
 * so that its finding is placed and shown as without the cache.
 */
async function lintThroughCache(
  order: readonly string[] | undefined,
  sources: readonly SourceFile[],
  { unread, stamps, scope }: UnreadFiles,
  options: ParallelLintOptions,
  cache: LintCache,
  startWorkers: (misses: number) => LintWorkers | undefined,
): Promise<LintResult> {
  const { catalogRef: _catalogRef, ...lintOptions } = options;
  const byFile = new Map(sources.map((source) => [source.file, source]));
  // The selection's order (files read late, a stale cache's, come back in place); without one, the sources as given.
  const slots: Array<SourceFile | string> = order ? order.map((file) => (unread.has(file) ? file : byFile.get(file)!)) : [...sources];
  const lintAndKeep = (source: SourceFile, linted: FileLint): FileLint => {
    cache.put(source, linted, stamps.get(source.file));
    return linted;
  };
  const readNow = async (files: readonly string[]): Promise<SourceFile[]> =>
    files.length === 0 || !scope ? [] : readSources({ ...scope, files: files.map((file) => unread.get(file)!.path) });
  const results: Array<FileLint | undefined> = slots.map((slot) =>
    typeof slot === "string" ? cache.unchanged(slot, unread.get(slot)!.stamp) : cache.get(slot, stamps.get(slot.file)),
  );
  // Left unread on their entries' word; an entry that does not hold for these inputs (another key: a changed
  // config, catalog, screenpol) vouches for nothing, and the file is read after all.
  const vouched = slots.flatMap((slot, index) => (typeof slot === "string" && results[index] === undefined ? [slot] : []));
  for (const source of await readNow(vouched)) {
    const index = slots.indexOf(source.file);
    slots[index] = source;
    results[index] = cache.get(source, stamps.get(source.file));
  }
  const missed = slots.flatMap((slot, index) => (results[index] === undefined && typeof slot !== "string" ? [slot] : []));
  const workers = startWorkers(missed.length);
  const linted = workers ? await workers.lintFiles(missed, options) : missed.map((source) => lintFile(source, lintOptions));
  missed.forEach((source, index) => lintAndKeep(source, linted[index]!));
  let next = 0;
  const all = results.map((result) => result ?? linted[next++]!);
  let combined = combineFileLints(all, lintOptions);
  const notRead = new Set(slots.filter((slot): slot is string => typeof slot === "string"));
  const landed = [...new Set([...combined.diagnostics, ...combined.suppressed].map((d) => d.file))].filter((file) => notRead.has(file));
  if (landed.length === 0) return combined;
  for (const source of await readNow(landed)) {
    const index = slots.indexOf(source.file);
    all[index] = cache.get(source, stamps.get(source.file)) ?? lintAndKeep(source, lintFile(source, lintOptions));
  }
  combined = combineFileLints(all, lintOptions);
  return combined;
}

/**
 * The selection read as the metadata strategy reads it: every file stat'ed
 * first, and those whose size, time and inode are their cache entry's left
 * unread; the config is never among them (openWorkspace has read it).
 */
async function readChangedSelection(selection: FileSelection, config: Config, configSource: SourceFile, stored: StoredLintCache): Promise<FilesRead> {
  const configPath = join(selection.root, CONFIG_FILE);
  const order = selection.files.map((path) => toRepositoryPath(selection.root, path));
  const stampList = fileStamps(selection.files);
  const unread = new Map<string, UnreadFile>();
  const stamps = new Map<string, FileStamp>();
  selection.files.forEach((path, index) => {
    const stamp = stampList[index];
    if (stamp === undefined || path === configPath) return;
    const file = order[index]!;
    stamps.set(file, stamp);
    const entry = unchangedEntry(stored, file, stamp);
    if (entry) unread.set(file, { path, stamp, tokens: entry.tokens });
  });
  const toRead = unread.size === 0 ? selection.files : selection.files.filter((_, index) => !unread.has(order[index]!));
  const sources = await readSelection({ ...selection, files: toRead }, configSource);
  return { config, sources, order, unread, stamps, scope: selection };
}

/**
 * A named path with nothing at it is a usage error (exit 2), as ESLint's "no
 * files matching": a typo in a CI step must not pass as a finding-free lint, nor
 * as one `read-error` among findings. A file that vanishes or cannot be read
 * later, during the walk, stays a `read-error` finding.
 */
async function refuseMissingPaths(cwd: string, paths: readonly string[]): Promise<void> {
  const missingFlags = await Promise.all(paths.map((path) => isMissingPath(resolve(cwd, path))));
  const missing = paths.filter((_, index) => missingFlags[index]);
  if (missing.length > 0) throw new UsageError(`nothing to lint at ${missing.map((path) => JSON.stringify(path)).join(", ")}: no such file or folder`);
}

/** A named folder that was searched and holds no YAML file is a usage error too (ESLint's "no files matching"). */
function refuseEmptyFolders(paths: readonly string[], selection: FileSelection): void {
  // `named` holds the paths as collectPaths resolved them (from the real working folder), in the same order.
  const empty = paths.filter((_, index) => selection.emptyFolders.includes(selection.named[index] ?? ""));
  if (empty.length > 0) throw new UsageError(`nothing to lint in ${empty.map((path) => JSON.stringify(path)).join(", ")}: no .yaml or .yml file in it`);
}

/** The selection's sources in order; the config, already read and parsed by openWorkspace, is not read again. */
export async function readSelection(selection: FileSelection, configSource: SourceFile): Promise<SourceFile[]> {
  const configPath = join(selection.root, CONFIG_FILE);
  const others = await readSources({ ...selection, files: selection.files.filter((file) => file !== configPath) });
  let next = 0;
  return selection.files.map((file) => (file === configPath ? configSource : others[next++]!));
}

interface FilesRead {
  /** The config that decides the layout: the working tree's, or the staged one. */
  config: Config;
  sources: SourceFile[];
  /** Everything read from the Git index, the catalog snapshot included. */
  staged?: SourceFile[];
  /** With the cache's metadata strategy: every file of the selection, in order, those read and those not. */
  order?: string[];
  /** With the cache's metadata strategy: the files left unread, by repository path. */
  unread?: Map<string, UnreadFile>;
  /** With the cache's metadata strategy: each regular file's metadata, taken before it was read. */
  stamps?: Map<string, FileStamp>;
  /** Where the files were read from, to read more of them. */
  scope?: FileSelection;
}

/** A file of the working tree whose metadata is its cache entry's: not read. */
interface UnreadFile {
  path: string;
  stamp: FileStamp;
  /** Its entry says its text holds the word `tokens`. */
  tokens: boolean;
}

async function readStaged(root: string, workingConfig: Config, cwd: string, paths: readonly string[]): Promise<FilesRead> {
  let config = workingConfig;
  const named = new Set(await Promise.all(paths.map(async (path) => toRepositoryPath(root, await canonicalPath(resolve(cwd, path))))));
  const covered = (path: string): boolean =>
    named.size > 0 ? named.has(path) || [...named].some((prefix) => path.startsWith(`${prefix}/`)) : isLintedByDefault(path, config);
  const catalogFiles = new Set(snapshotFiles(config));
  const everything = await readStagedSources(root, (path) => covered(path) || path === CONFIG_FILE || catalogFiles.has(path));
  // The staged config decides the layout, as the commit will.
  const stagedConfigIndex = everything.findIndex((source) => source.file === CONFIG_FILE);
  const stagedConfig = everything[stagedConfigIndex];
  if (stagedConfig?.bytes) {
    // Parsed once: the layout, and the lint of the staged config itself.
    const read = parseConfigSource(stagedConfig);
    config = read.config;
    everything[stagedConfigIndex] = read.source;
  }
  const sources = everything.filter((source) => covered(source.file) && /\.ya?ml$/i.test(source.file));
  // A named path with nothing staged under it is a typo or a forgotten `git add`: say so, as a missing file is.
  for (const name of named) {
    if (!everything.some((source) => source.file === name || source.file.startsWith(`${name}/`))) {
      if (await isMissingPath(resolve(root, name))) throw new UsageError(`nothing to lint at ${JSON.stringify(name)}: not in the Git index and no such file or folder`);
      sources.push({ file: name, readError: "is not in the Git index (not added, or not tracked)" });
    }
  }
  return { config, sources, staged: everything };
}

function isLintedByDefault(path: string, config: Config): boolean {
  if (path === CONFIG_FILE) return true;
  const kind = classifyPath(path, config).kind;
  return kind === "policy" || kind === "addresses" || kind === "webhooks" || (kind === "policy-test" && path.startsWith(`${config.paths.tests}/`));
}

/**
 * The policy files that exist, for `unknown-policy`, when a test file is
 * linted: the working tree's, or the staged ones when the whole index was read.
 * Undefined (the check stays silent) for a staged lint of named paths, which
 * does not read the other staged files.
 */
async function knownPoliciesFor(
  sources: readonly SourceFile[],
  config: Config,
  root: string,
  from: "working-tree" | readonly SourceFile[] | undefined,
): Promise<ReadonlySet<string> | undefined> {
  if (from === undefined || !sources.some((source) => classifyPath(source.file, config).kind === "policy-test")) return undefined;
  if (from === "working-tree") return listPolicyFiles(root, config);
  return new Set(from.filter((source) => classifyPath(source.file, config).kind === "policy").map((source) => source.file));
}

/**
 * The catalog notice to show on the terminal, or undefined: "no token catalog
 * snapshot" is said once per repository on this machine (docs/catalog.md,
 * "Without a snapshot"), not on every lint after init; the other notices (a
 * snapshot that cannot be read, or whose metadata is off) every time, as they
 * say something went wrong.
 */
export async function catalogNoticeToShow(run: Pick<LintRun, "catalog" | "catalogNotice" | "root">): Promise<string | undefined> {
  if (run.catalogNotice === undefined || run.catalog.status !== "missing") return run.catalogNotice;
  return (await firstTimeSaying(userCacheFolder(), `no-catalog-snapshot\0${run.root}\0${run.catalog.file}`)) ? run.catalogNotice : undefined;
}
