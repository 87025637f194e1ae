/**
 * A repository's lint as an editor sees it (`screenpol lsp`): every file
 * `screenpol lint` reads, read once from disk, with the open buffers in
 * place of their files. A keystroke re-lints one file and runs the
 * cross-file checks again over all (core/lint.ts, createLintSession, as
 * watch does), so the findings are exactly lint's for the same texts:
 * codes, messages, ranges, suppressions, `severity:` of the config.
 */
import { basename, dirname, isAbsolute, join } from "node:path";
import type { TokenCatalogIndex } from "../core/catalog.js";
import { CONFIG_FILE, type Config } from "../core/config.js";
import { classifyPath, type FileRole } from "../core/layout.js";
import { createLintSession, type LintResult, type LintSession, type SourceFile } from "../core/lint.js";
import { MAX_FILE_BYTES } from "../core/source.js";
import { canonicalPath, collectPaths, findRoot, listPolicyFiles, readSource, toRepositoryPath, type ReadScope } from "../workspace/repository.js";
import { loadLintCatalog, snapshotFiles } from "./catalog-load.js";
import { readSelection } from "./lint.js";
import { parseConfigSource, readWorkspaceConfig } from "./workspace-config.js";

/** What the editor's features read: the lint of every file, and what a fix or a hover needs besides. */
export interface EditorLint {
  /** Files named repository-relative (`policies/live/...`), as the layout is written. */
  result: LintResult;
  config: Config;
  /** The token catalog snapshot, when one was loaded (a fix replaces a symbol by its token). */
  catalog: TokenCatalogIndex | undefined;
}

export interface EditorWorkspace {
  /** The folder of screenpol.config.yaml, a real path. */
  readonly root: string;
  /** The repository path of a file (absolute, as the editor names it), or undefined when it is outside the root. */
  fileOf(absolute: string): Promise<string | undefined>;
  /** What the file's path says it is under the current config. */
  roleOf(file: string): FileRole;
  /** The open buffer's text is what is linted for `file` from now on, saved or not. */
  setBuffer(file: string, text: string): Promise<void>;
  /** The buffer is closed: the file on disk is linted again (or forgotten when there is none). */
  closeBuffer(file: string): Promise<void>;
  /**
   * Files changed on disk (the editor's file watcher): each re-read unless its
   * buffer is open; the config or the catalog snapshot re-reads everything, as
   * they change what every file means.
   */
  filesChanged(absolutePaths: readonly string[]): Promise<void>;
  lint(): EditorLint;
}

/**
 * A lint session reads the clock once (core/lint.ts); an editor stays open for
 * days. After this long, the next edit lints everything again with the time
 * then, so that an address entry that expired meanwhile is reported.
 */
const CLOCK_REFRESH_MS = 60 * 60 * 1000;

/**
 * A buffer as the lint takes it. A text lint would refuse as a file (over
 * 1 MiB, or holding NUL) goes as its UTF-8 bytes, so that the finding is the
 * `read-error` lint gives that file (core/source.ts).
 */
function bufferSource(file: string, text: string): SourceFile {
  if (text.length * 3 <= MAX_FILE_BYTES && !text.includes("\0")) return { file, text };
  return { file, bytes: new TextEncoder().encode(text) };
}

/** The folder of screenpol.config.yaml above `folder` (as the CLI finds it from its working folder), or undefined. */
export async function findEditorRoot(folder: string): Promise<string | undefined> {
  const { root, configFound } = await findRoot(folder);
  return configFound ? root : undefined;
}

/** Reads the repository at `root` (from {@link findEditorRoot}) as `screenpol lint` with no paths would. */
export async function openEditorWorkspace(root: string, now: () => Date = () => new Date()): Promise<EditorWorkspace> {
  const buffers = new Map<string, string>();
  const scope: ReadScope = { root, named: [] };
  let config!: Config;
  let catalog: TokenCatalogIndex | undefined;
  let session!: LintSession;
  let cached: LintResult | undefined;
  let snapshot = new Set<string>();
  /**
   * The policy files unknown-policy checks a test file's header against: those
   * on disk, as lint lists them, and the open buffers under the policies
   * folder; kept as files come and go, and read by the session at each result.
   */
  let knownPolicies = new Set<string>();
  const repositoryPaths = new Map<string, string | undefined>();
  /** When the session's clock was read: expired-address-entry compares against it (see {@link CLOCK_REFRESH_MS}). */
  let clockReadAt = 0;

  /** What lint lists as a policy file (workspace/repository.ts, listPolicyFiles): a YAML file under the policies folder. */
  const isPolicyFolderFile = (file: string): boolean => file.startsWith(`${config.paths.policies}/`) && /\.ya?ml$/i.test(file);

  /** Everything from disk, the open buffers on top: at start, and when the config or the snapshot changes. */
  const loadEverything = async (): Promise<void> => {
    const bufferedConfig = buffers.get(CONFIG_FILE);
    const read = bufferedConfig === undefined ? await readWorkspaceConfig(root) : parseConfigSource({ file: CONFIG_FILE, text: bufferedConfig });
    config = read.config;
    const loaded = await loadLintCatalog(root, config);
    catalog = loaded.status === "loaded" || loaded.status === "given" ? loaded.index : undefined;
    snapshot = new Set(snapshotFiles(config));
    knownPolicies = await listPolicyFiles(root, config);
    for (const file of buffers.keys()) if (isPolicyFolderFile(file)) knownPolicies.add(file);
    const clock = now();
    clockReadAt = clock.getTime();
    session = createLintSession({ config, now: clock, catalog, knownPolicies });
    for (const source of await readSelection(await collectPaths(root, root, [], config), read.source)) {
      if (!buffers.has(source.file)) session.update(source);
    }
    for (const [file, text] of buffers) session.update(bufferSource(file, text));
    cached = undefined;
  };
  await loadEverything();

  /** Whether lint reads the file when no paths are named: the others are linted only while open. */
  const linted = (file: string): boolean => {
    if (file === CONFIG_FILE) return true;
    const kind = classifyPath(file, config).kind;
    return kind === "policy" || kind === "addresses" || kind === "webhooks" || (kind === "policy-test" && file.startsWith(`${config.paths.tests}/`));
  };
  const reread = async (file: string): Promise<void> => {
    const source: SourceFile = await readSource(scope, join(root, file));
    if (isPolicyFolderFile(file)) {
      if (source.readError === undefined) knownPolicies.add(file);
      else knownPolicies.delete(file);
    }
    if (source.readError !== undefined || !linted(file)) session.remove(file);
    else session.update(source);
    cached = undefined;
  };

  const fileOf = async (absolute: string): Promise<string | undefined> => {
    if (!repositoryPaths.has(absolute)) {
      // The root is a real path: a document reached through a link is named as the lint names it.
      const real = join(await canonicalPath(dirname(absolute)), basename(absolute));
      const file = toRepositoryPath(root, real);
      // toRepositoryPath leaves a path outside the root absolute.
      repositoryPaths.set(absolute, isAbsolute(file) || /^[A-Za-z]:/.test(file) ? undefined : file);
    }
    return repositoryPaths.get(absolute);
  };

  return {
    root,
    fileOf,
    roleOf: (file) => classifyPath(file, config),
    async setBuffer(file, text) {
      const before = buffers.get(file);
      buffers.set(file, text);
      if (before === text) return;
      if (file === CONFIG_FILE || now().getTime() - clockReadAt >= CLOCK_REFRESH_MS) {
        await loadEverything();
        return;
      }
      if (isPolicyFolderFile(file)) knownPolicies.add(file);
      session.update(bufferSource(file, text));
      cached = undefined;
    },
    async closeBuffer(file) {
      if (!buffers.delete(file)) return;
      if (file === CONFIG_FILE) await loadEverything();
      else await reread(file);
    },
    async filesChanged(absolutePaths) {
      const files = await Promise.all(absolutePaths.map(fileOf));
      const known = files.filter((file): file is string => file !== undefined && !buffers.has(file));
      if (known.some((file) => file === CONFIG_FILE || snapshot.has(file))) {
        await loadEverything();
        return;
      }
      for (const file of known) if (/\.ya?ml$/i.test(file)) await reread(file);
    },
    lint() {
      cached ??= session.result();
      return { result: cached, config, catalog };
    },
  };
}
