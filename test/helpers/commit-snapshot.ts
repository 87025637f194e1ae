/**
 * A whole snapshot pair written in one call, for tests that need a catalog on
 * disk: through the writer a sync uses (workspace/catalog-store.ts,
 * openSnapshotWriter), so the lock, the recovery and the files are the real ones.
 */
import type { CatalogToken } from "../../src/core/catalog.js";
import { snapshotKey, type CatalogMeta } from "../../src/core/catalog-snapshot.js";
import { openSnapshotWriter, type MetaDraft, type SnapshotPaths } from "../../src/workspace/catalog-store.js";

/** Replaces the pair with `lines` (canonical token lines, in snapshot order) and `draft`; the meta written. */
export async function commitSnapshot(paths: SnapshotPaths, lines: readonly string[], draft: MetaDraft): Promise<CatalogMeta> {
  const writer = await openSnapshotWriter(paths);
  try {
    await writer.add(lines.map((line) => [snapshotKey(JSON.parse(line) as CatalogToken), line] as const));
    await writer.seal();
    return await writer.commit(draft);
  } finally {
    // After a commit, nothing to do; after a failure, the temporaries go and the lock is released.
    await writer.discard();
  }
}
