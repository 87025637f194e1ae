/**
 * `kill -9` of a writing process, with proof of where it landed. Our writers
 * (src/workspace/atomic-write.ts, the catalog store) write a temporary
 * `.<name>.<pid>.<hex>.tmp` beside the target and rename it into place; only
 * their error paths remove it, and a killed process takes none. So a temporary
 * of the killed pid still there after the kill proves that the kill interrupted
 * that write after it began and before its rename. A kill that lands before the
 * first write or after the last rename leaves none: the caller retries (bounded)
 * or fails, never counts it as a survived kill.
 */
import type { ChildProcess } from "node:child_process";
import { watch, readdirSync, type FSWatcher } from "node:fs";
import { join } from "node:path";

/** A temporary the killed process left: folder, file name, and the file it was to replace. */
export interface LeftTemporary {
  dir: string;
  name: string;
  target: string;
}

export interface KillOutcome {
  /** The temporaries of the killed process, oldest write first as far as names tell; empty: the kill proved nothing. */
  left: LeftTemporary[];
  /** The process ended on its own before the kill was sent (it wrote fewer than `nth` temporaries). */
  endedFirst: boolean;
}

const TEMPORARY = /^\.(.+)\.(\d+)\.[0-9a-f]+\.tmp$/;

/** The temporaries of `pid` in `dirs`, now. */
export function temporariesOf(pid: number, dirs: readonly string[]): LeftTemporary[] {
  return dirs.flatMap((dir) =>
    readdirSync(dir).flatMap((name) => {
      const match = TEMPORARY.exec(name);
      return match && Number(match[2]) === pid ? [{ dir, name, target: join(dir, match[1]!) }] : [];
    }),
  );
}

/**
 * Watches `dirs` and sends SIGKILL to `child` `afterMs` after its `nth` temporary
 * file appears there (at once for 0: from the file-system event itself), then
 * waits for it to end and reports what it left.
 */
export async function killDuringWrite(child: ChildProcess, options: { dirs: readonly string[]; nth?: number; afterMs?: number }): Promise<KillOutcome> {
  const nth = options.nth ?? 1;
  const pid = child.pid!;
  const seen = new Set<string>();
  let sent = false;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const kill = (): void => {
    if (sent) return;
    sent = true;
    child.kill("SIGKILL");
  };
  const watchers: FSWatcher[] = options.dirs.map((dir) =>
    watch(dir, (_event, name) => {
      const match = name ? TEMPORARY.exec(name) : null;
      if (!match || Number(match[2]) !== pid || seen.has(name!)) return;
      seen.add(name!);
      if (seen.size !== nth) return;
      if (options.afterMs) setTimeout(kill, options.afterMs);
      else kill();
    }),
  );
  try {
    await exited;
  } finally {
    for (const watcher of watchers) watcher.close();
  }
  return { left: temporariesOf(pid, options.dirs), endedFirst: !sent };
}
