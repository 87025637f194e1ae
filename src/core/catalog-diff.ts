/**
 * What changed between two token catalogs, by identity (chain, networkId,
 * contractAddress; admin-api.md, Token catalog entry): added, removed, and
 * changed with the members that differ. Pure: both sides come as maps from
 * identity key (snapshotKey) to the token's canonical line (catalog-snapshot.ts), the compact
 * form a sync already holds, so 100,000 tokens are compared without keeping
 * 100,000 objects per side.
 */
import type { CatalogToken } from "./catalog.js";
import { compareKeys } from "./catalog-snapshot.js";

/** One member that differs; `from`/`to` undefined when the member is absent on that side (logoURI is optional). */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface TokenChange {
  /** The token as it is now. */
  token: CatalogToken;
  fields: FieldChange[];
}

export interface CatalogDiff {
  added: CatalogToken[];
  removed: CatalogToken[];
  changed: TokenChange[];
}

export interface ChangeCounts {
  added: number;
  removed: number;
  changed: number;
}

/** Counts only: same identity with a different line is a change. */
export function countChanges(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): ChangeCounts {
  let added = 0;
  let changed = 0;
  for (const [key, line] of after) {
    const old = before.get(key);
    if (old === undefined) added++;
    else if (old !== line) changed++;
  }
  let removed = 0;
  for (const key of before.keys()) if (!after.has(key)) removed++;
  return { added, removed, changed };
}

/** The full difference, each list in snapshot order. */
export function diffCatalogs(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): CatalogDiff {
  const added: Array<[string, CatalogToken]> = [];
  const changed: Array<[string, TokenChange]> = [];
  for (const [key, line] of after) {
    const old = before.get(key);
    if (old === undefined) added.push([key, JSON.parse(line) as CatalogToken]);
    else if (old !== line) {
      const token = JSON.parse(line) as CatalogToken;
      changed.push([key, { token, fields: fieldChanges(JSON.parse(old) as CatalogToken, token) }]);
    }
  }
  const removed: Array<[string, CatalogToken]> = [];
  for (const [key, line] of before) if (!after.has(key)) removed.push([key, JSON.parse(line) as CatalogToken]);
  const inOrder = <T>(list: Array<[string, T]>): T[] => list.sort((a, b) => compareKeys(a[0], b[0])).map(([, value]) => value);
  return { added: inOrder(added), removed: inOrder(removed), changed: inOrder(changed) };
}

/** Members compared, in the order they are reported. */
const COMPARED = ["contractAddress", "symbol", "name", "decimals", "tokenId", "logoURI"] as const;

function fieldChanges(before: CatalogToken, after: CatalogToken): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of COMPARED) {
    if (before[field] !== after[field]) changes.push({ field, from: before[field], to: after[field] });
  }
  return changes;
}

/** One token of a snapshot in order: its identity key (snapshotKey) and canonical line. */
export type SnapshotEntry = readonly [key: string, line: string];

/** What {@link joinSorted} reports, each call in snapshot order. */
export interface JoinVisitor {
  added(line: string): void;
  removed(line: string): void;
  changed(before: string, after: string): void;
}

/**
 * Walks two catalogs given in snapshot order (strictly increasing keys) side by
 * side, as a merge does: nothing but the two current entries is held, so two
 * catalogs of a million tokens are compared in constant memory. Synchronous:
 * per-entry promises would be most of the work (and of the garbage).
 */
export function joinSorted(before: Iterable<SnapshotEntry>, after: Iterable<SnapshotEntry>, visit: JoinVisitor): void {
  const left = before[Symbol.iterator]();
  const right = after[Symbol.iterator]();
  try {
    let a = left.next();
    let b = right.next();
    while (!a.done || !b.done) {
      const order = a.done ? 1 : b.done ? -1 : compareKeys(a.value[0], b.value[0]);
      if (order < 0) {
        visit.removed((a.value as SnapshotEntry)[1]);
        a = left.next();
      } else if (order > 0) {
        visit.added((b.value as SnapshotEntry)[1]);
        b = right.next();
      } else {
        const [, from] = a.value as SnapshotEntry;
        const [, to] = b.value as SnapshotEntry;
        if (from !== to) visit.changed(from, to);
        a = left.next();
        b = right.next();
      }
    }
  } finally {
    // Either side may have failed or stopped early: let the other release what it holds (an open file).
    left.return?.();
    right.return?.();
  }
}

/** {@link countChanges} of two catalogs in snapshot order, in constant memory. */
export function countSortedChanges(before: Iterable<SnapshotEntry>, after: Iterable<SnapshotEntry>): ChangeCounts {
  const counts = { added: 0, removed: 0, changed: 0 };
  joinSorted(before, after, {
    added: () => counts.added++,
    removed: () => counts.removed++,
    changed: () => counts.changed++,
  });
  return counts;
}

/** {@link diffCatalogs} of two catalogs in snapshot order: memory grows with the differences only. */
export function diffSorted(before: Iterable<SnapshotEntry>, after: Iterable<SnapshotEntry>): CatalogDiff {
  const diff: CatalogDiff = { added: [], removed: [], changed: [] };
  const parse = (line: string): CatalogToken => JSON.parse(line) as CatalogToken;
  joinSorted(before, after, {
    added: (line) => diff.added.push(parse(line)),
    removed: (line) => diff.removed.push(parse(line)),
    changed: (from, to) => {
      const token = parse(to);
      diff.changed.push({ token, fields: fieldChanges(parse(from), token) });
    },
  });
  return diff;
}

/** A map of identity -> line as entries in snapshot order (a snapshot that had to be parsed whole). */
export function* sortedEntriesOf(lines: ReadonlyMap<string, string>): Generator<SnapshotEntry> {
  for (const key of [...lines.keys()].sort(compareKeys)) yield [key, lines.get(key) as string];
}
