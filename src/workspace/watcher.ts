/**
 * File watching with chokidar: the only place it is imported. Events are
 * gathered for one turn of the event loop, so an editor's atomic save (write a
 * temporary file, rename it over the original) arrives as one change.
 *
 * chokidar drops a second `change` of the same file within 50 ms. A save that
 * lands as truncate-then-write would then leave the half-written read as the
 * last word, so every event is repeated once the throttle window has passed;
 * the consumer skips a repeat whose content it has already seen.
 */
import { dirname } from "node:path";
import { watch, type FSWatcher } from "chokidar";

export type FileEvent = { kind: "changed" | "removed"; path: string };

export interface FileWatcher {
  ready: Promise<void>;
  close(): Promise<void>;
}

const YAML_FILE = /\.ya?ml$/i;
/** Past chokidar's 50 ms change throttle. */
const SETTLE_MS = 60;

/**
 * Watches the YAML files under `targets`, and the `dataFiles` (absolute paths,
 * any name: the token catalog snapshot) through their folders: a file replaced
 * by a rename is a new inode, which a watch on the file itself would miss.
 */
export function watchYamlFiles(targets: readonly string[], onEvents: (events: FileEvent[]) => void, onError: (error: Error) => void, dataFiles: readonly string[] = []): FileWatcher {
  const data = new Set(dataFiles);
  const wanted = (path: string): boolean => YAML_FILE.test(path) || data.has(path);
  const folders = [...new Set(dataFiles.map((file) => dirname(file)))];
  const watcher: FSWatcher = watch([...targets, ...folders], {
    ignoreInitial: true,
    ignored: (path, stats) => /(^|[/\\])(\.git|node_modules)([/\\]|$)/.test(path) || (stats?.isFile() === true && !wanted(path)),
    // Coalesces unlink+add from atomic saves into a change.
    atomic: true,
    // A link is an entry like any other, reported under its own name and read
    // (or refused) by the workspace's bounded read; following it would walk and
    // watch a folder outside the repository, or go round a link loop.
    followSymlinks: false,
  });
  let pending = new Map<string, FileEvent["kind"]>();
  let scheduled = false;
  const settleTimers = new Map<string, NodeJS.Timeout>();
  const push = (kind: FileEvent["kind"], path: string, repeat = true): void => {
    if (!wanted(path)) return;
    if (repeat) {
      clearTimeout(settleTimers.get(path));
      settleTimers.set(path, setTimeout(() => {
        settleTimers.delete(path);
        push(kind, path, false);
      }, SETTLE_MS));
    }
    pending.set(path, kind);
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const events = [...pending].map(([eventPath, eventKind]) => ({ kind: eventKind, path: eventPath }));
      pending = new Map();
      onEvents(events);
    });
  };
  watcher.on("add", (path) => push("changed", path));
  watcher.on("change", (path) => push("changed", path));
  watcher.on("unlink", (path) => push("removed", path));
  watcher.on("error", (error) => onError(error instanceof Error ? error : new Error(String(error))));
  const ready = new Promise<void>((resolve) => watcher.once("ready", () => resolve()));
  return {
    ready,
    close: () => {
      for (const timer of settleTimers.values()) clearTimeout(timer);
      settleTimers.clear();
      return watcher.close();
    },
  };
}
