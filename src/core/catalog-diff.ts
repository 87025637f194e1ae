/**
 * What changed between two token catalogs, by identity (chain, networkId,
 * contractAddress; admin-api.md, Token catalog entry): added, removed, and
 * changed with the members that differ. Pure: both sides come as maps from
 * identity key to the token's canonical line (catalog-snapshot.ts), the compact
 * form a sync already holds, so 100,000 tokens are compared without keeping
 * 100,000 objects per side.
 */
import type { CatalogToken } from "./catalog.js";
import { compareEntries, snapshotEntry } from "./catalog-snapshot.js";

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
  const added: CatalogToken[] = [];
  const changed: TokenChange[] = [];
  for (const [key, line] of after) {
    const old = before.get(key);
    if (old === undefined) added.push(JSON.parse(line) as CatalogToken);
    else if (old !== line) {
      const token = JSON.parse(line) as CatalogToken;
      changed.push({ token, fields: fieldChanges(JSON.parse(old) as CatalogToken, token) });
    }
  }
  const removed: CatalogToken[] = [];
  for (const [key, line] of before) if (!after.has(key)) removed.push(JSON.parse(line) as CatalogToken);
  const order = (a: CatalogToken, b: CatalogToken): number => compareEntries(snapshotEntry(a), snapshotEntry(b));
  added.sort(order);
  removed.sort(order);
  changed.sort((a, b) => order(a.token, b.token));
  return { added, removed, changed };
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
