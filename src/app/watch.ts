/**
 * Watch mode: lint everything once, then re-lint only the files that changed
 * and redraw. A half-written, deleted, renamed or atomically replaced file is
 * just another event: the session forgets or re-reads it. With `tests`, the
 * policy tests a batch affects are re-run from the same reads and parses.
 */
import { CONFIG_FILE } from "../core/config.js";
import type { ParsedDocument } from "../core/document.js";
import { TEST_FILE_NAME } from "../core/layout.js";
import { createLintSession, withParse, type LintResult, type LintSession, type SourceFile } from "../core/lint.js";
import { createTestSession, type TestSession, type WatchedTests } from "../core/semantics/index.js";
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
  /**
   * Called after the first lint and after every batch of changes; paths as lint
   * shows them (app/display-paths.ts). `tests` is undefined when tests are off
   * or no test file is watched.
   */
  onResult(result: LintResult, changed: readonly string[], tests: WatchedTests | undefined): void;
  /** Re-run the policy tests each batch affects (core/semantics/test-session.ts). */
  tests?: boolean;
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
  let testSession: TestSession;
  const show = (file: string): string => (request.layoutPaths ? file : display.show(file));
  /** The parse of each watched test file, kept for its case lines; undefined when it did not read cleanly. */
  const testDocuments = new Map<string, ParsedDocument | undefined>();
  const lintSource = (source: SourceFile): void => {
    if (!request.tests || !TEST_FILE_NAME.test(source.file)) {
      session.update(source);
      return;
    }
    // Parsed here so the lint reuses the parse instead of the runner parsing the file again.
    const parsed = withParse(source);
    testDocuments.set(source.file, parsed.parsed?.document);
    session.update(parsed);
  };
  const forget = (file: string): void => {
    testDocuments.delete(file);
    session.remove(file);
  };
  const report = (changed: readonly string[]): void => {
    const result = session.result();
    const tests = testDocuments.size === 0 ? undefined : testSession.rerun({ lint: result, tests: testDocuments, changed, now: request.now?.() ?? new Date() });
    request.onResult(request.layoutPaths ? result : showPaths(result, display), changed.map(show), tests);
  };
  /** What each file held when last linted, so a repeated event with the same content redraws nothing. */
  const seen = new Map<string, string>();

  const lintEverything = async (): Promise<void> => {
    // The snapshot is read once per full lint; a replaced snapshot (catalog sync) is a full lint too.
    const catalog = await loadLintCatalog(root, config);
    const index = catalog.status === "loaded" || catalog.status === "given" ? catalog.index : undefined;
    session = createLintSession({ config, now: request.now?.(), catalog: index });
    // A new config may move the tests or the policies: every test file runs again.
    testSession = createTestSession(config, show);
    testDocuments.clear();
    seen.clear();
    for (const source of await readSelection(await collectPaths(root, request.cwd, paths, config), configSource)) {
      lintSource(source);
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
          forget(file);
        } else {
          const source = await readSource(scope, event.path);
          const print = fingerprint(source);
          if (seen.get(file) === print) continue;
          seen.set(file, print);
          lintSource(source);
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
