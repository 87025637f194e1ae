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
