/**
 * The state in memory, and its durable copy. A write is applied to memory
 * synchronously (so a revision check and the change it guards cannot
 * interleave with another request), then the whole state is written to the
 * state file; the write's promise resolves only once that file is durable, and
 * the response is sent only then. So every acknowledged write survives
 * `kill -9`.
 *
 * Writes are serialized through one queue with group commit: while one file
 * write is in flight, the writes that arrive meanwhile are committed together
 * by the next one. Two file writes never overlap, so nothing tears. If a file
 * write fails, memory is rolled back to the last durable state and every write
 * not yet durable fails (the callers answer 500): nothing unacknowledged stays
 * visible, nothing acknowledged is lost.
 */
import { buildCatalog, type TokenCatalog } from "./catalog.js";
import type { EmulatorState } from "./model.js";
import { writeStateFile } from "./state-file.js";

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class EmulatorStore {
  private current: EmulatorState;
  private durableText: string;
  private catalogSource: EmulatorState["catalog"] | undefined;
  private catalogCache: TokenCatalog | undefined;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private commits = 0;

  /**
   * @param state the initial state (loaded or seeded)
   * @param statePath where to persist it; undefined keeps everything in memory
   */
  constructor(
    state: EmulatorState,
    readonly statePath: string | undefined,
  ) {
    this.current = state;
    this.durableText = JSON.stringify(state);
  }

  /** The live state. Read freely; change it only inside {@link write}. */
  get state(): EmulatorState {
    return this.current;
  }

  /** Number of file writes completed (each may carry several writes). */
  get fileWrites(): number {
    return this.commits;
  }

  /** The served catalog, rebuilt when a write replaced `state.catalog`. */
  catalog(): TokenCatalog {
    if (this.catalogCache === undefined || this.catalogSource !== this.current.catalog) {
      this.catalogSource = this.current.catalog;
      this.catalogCache = buildCatalog(this.current.catalog);
    }
    return this.catalogCache;
  }

  /**
   * Applies `mutate` now and resolves with its result once the change is
   * durable. `mutate` must check everything before it changes anything: what it
   * throws is passed on and nothing is written. A changed catalog must be a new
   * `state.catalog` object, never edited in place.
   */
  write<T>(mutate: (state: EmulatorState) => T): Promise<T> {
    const result = mutate(this.current);
    if (this.statePath === undefined) return Promise.resolve(result);
    return new Promise<T>((resolve, reject) => {
      this.waiters.push({ resolve: () => resolve(result), reject });
      this.flushing ??= this.flush(this.statePath as string);
    });
  }

  /** Resolves when every write made so far has been written (or has failed). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** A deep copy of the live state, as the state file holds it. */
  snapshot(): EmulatorState {
    return JSON.parse(JSON.stringify(this.current)) as EmulatorState;
  }

  private async flush(path: string): Promise<void> {
    try {
      while (this.waiters.length > 0) {
        const batch = this.waiters.splice(0);
        const text = JSON.stringify(this.current);
        try {
          await writeStateFile(path, text);
        } catch (error) {
          // Roll back to what is on disk: the writes of this batch and any that
          // arrived since are not durable, so none of them may stay visible.
          const failed = [...batch, ...this.waiters.splice(0)];
          this.current = JSON.parse(this.durableText) as EmulatorState;
          for (const waiter of failed) waiter.reject(error);
          continue;
        }
        this.durableText = text;
        this.commits++;
        for (const waiter of batch) waiter.resolve();
      }
    } finally {
      this.flushing = undefined;
    }
  }
}
