/**
 * Watch mode: lint everything once, then re-lint only the files that changed
 * and redraw. A half-written, deleted, renamed or atomically replaced file is
 * just another event: the session forgets or re-reads it.
 */
import { CONFIG_FILE } from "../core/config.js";
import { createLintSession, type LintResult, type LintSession, type SourceFile } from "../core/lint.js";
import { collectPaths, pathExists, readSource, resolveNamedPaths, targetsOf, toRepositoryPath, type ReadScope } from "../workspace/repository.js";
import { watchYamlFiles, type FileEvent, type FileWatcher } from "../workspace/watcher.js";
import { snapshotPaths } from "../workspace/catalog-store.js";
import { loadLintCatalog } from "./catalog-load.js";
import { readSelection } from "./lint.js";
import { openWorkspace, readWorkspaceConfig } from "./workspace-config.js";
import { openPathDisplay, showPaths } from "./display-paths.js";

export interface WatchRequest {
  paths?: readonly string[];
  cwd: string;
  now?: () => Date;
  /** Called after the first lint and after every batch of changes; paths as lint shows them (app/display-paths.ts). */
  onResult(result: LintResult, changed: readonly string[]): void;
  onError(error: Error): void;
  /** Give results with paths relative to the config's folder, as the layout is written (for a plan), not as lint shows them. */
  layoutPaths?: boolean;
}

export interface WatchHandle {
  /** Resolves once the first lint is drawn and the watcher listens. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Content identity of a read: the text (the config's, decoded once) or bytes, or the reason there are none. */
function fingerprint(source: SourceFile): string {
  if (source.text !== undefined) return `text:${source.text}`;
  if (source.bytes) return `text:${Buffer.from(source.bytes).toString("utf8")}`;
  return `error:${source.readError ?? ""}`;
}

export async function startWatch(request: WatchRequest): Promise<WatchHandle> {
  const workspace = await openWorkspace(request.cwd);
  const root = workspace.root;
  const display = await openPathDisplay(root);
  const paths = request.paths ?? [];
  let config = workspace.config;
  let configSource = workspace.configSource;
  let session: LintSession;
  const report = (changed: readonly string[]): void =>
    request.onResult(request.layoutPaths ? session.result() : showPaths(session.result(), display), request.layoutPaths ? changed : changed.map(display.show));
  /** What each file held when last linted, so a repeated event with the same content redraws nothing. */
  const seen = new Map<string, string>();

  const lintEverything = async (): Promise<void> => {
    // The snapshot is read once per full lint; a replaced snapshot (catalog sync) is a full lint too.
    const catalog = await loadLintCatalog(root, config);
    const index = catalog.status === "loaded" || catalog.status === "given" ? catalog.index : undefined;
    session = createLintSession({ config, now: request.now?.(), catalog: index });
    seen.clear();
    for (const source of await readSelection(await collectPaths(root, request.cwd, paths, config), configSource)) {
      session.update(source);
      seen.set(source.file, fingerprint(source));
    }
  };
  await lintEverything();
  report([]);

  // Events arrive under these paths, so each is read in the same scope as the first lint's files.
  const scope: ReadScope = { root, named: await resolveNamedPaths(request.cwd, paths) };
  // chokidar delivers no event at all when one of its paths is missing: a default folder not there
  // (a repository without tests/) is left out, and picked up when watch starts again.
  const targets = (await Promise.all(targetsOf(scope, config).map(async (target) => ((await pathExists(target)) ? [target] : [])))).flat();
  // The snapshot files are watched whatever paths were named: any linted policy may list tokens.
  const snapshot = snapshotPaths(root, config.paths.catalog);
  const snapshotFiles = new Set([snapshot.tokens, snapshot.meta]);

  // Events are applied one batch at a time, in order, so a slow read never lets an older state win.
  let queue = Promise.resolve();
  const apply = async (events: FileEvent[]): Promise<void> => {
    const changed: string[] = [];
    if (events.some((event) => toRepositoryPath(root, event.path) === CONFIG_FILE)) {
      const read = await readWorkspaceConfig(root);
      if (seen.get(CONFIG_FILE) === fingerprint(read.source)) return;
      ({ config, source: configSource } = read);
      await lintEverything();
      changed.push(CONFIG_FILE);
    } else if (events.some((event) => snapshotFiles.has(event.path))) {
      // catalog sync renamed a new pair into place: unknown-token findings may
      // appear or go in any file, so everything is linted against the new snapshot.
      await lintEverything();
      changed.push(...events.filter((event) => snapshotFiles.has(event.path)).map((event) => toRepositoryPath(root, event.path)));
    } else {
      for (const event of events) {
        const file = toRepositoryPath(root, event.path);
        if (event.kind === "removed") {
          if (!seen.delete(file)) continue;
          session.remove(file);
        } else {
          const source = await readSource(scope, event.path);
          const print = fingerprint(source);
          if (seen.get(file) === print) continue;
          seen.set(file, print);
          session.update(source);
        }
        changed.push(file);
      }
    }
    if (changed.length > 0) report(changed);
  };
  const watcher: FileWatcher = watchYamlFiles(
    targets,
    (events) => {
      queue = queue.then(() => apply(events)).catch((error: unknown) => request.onError(error instanceof Error ? error : new Error(String(error))));
    },
    request.onError,
    [...snapshotFiles],
  );
  return {
    ready: watcher.ready,
    close: async () => {
      await watcher.close();
      await queue;
    },
  };
}
