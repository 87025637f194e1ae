/**
 * The finite screening space of a weakening check (semantics.md section 5):
 * every value a condition, a gate or an address entry of either version can
 * tell apart, and one "any other" value per kind. Two screenings that agree on
 * this space get the same decision from both versions, so a proof over it is
 * a proof over every screening. Pure: no solver here.
 */
import { CATEGORIES, type Scope, type Vendor } from "../../vendors.js";
import { readWhenTerms, type Condition } from "../conditions.js";
import type { RiskType, TokenRef } from "../signals.js";
import { addressKey, tokenKey, type DecisionSubject } from "../subject.js";

export interface NamedTarget {
  chain: string;
  /** As the first entry that names it writes it. */
  address: string;
  key: string;
}

export interface ScreeningSpace {
  vendor: Vendor;
  scope: Scope;
  /** Addresses named by an entry of either version (this scope or ALL); index `targets.length` is "any other". */
  targets: NamedTarget[];
  /** Chains named by a preScreen or an entry; index `chains.length` is "any other". */
  chains: string[];
  /** Tokens named by a preScreen; then "native" (`tokens.length`) and "any other" (`tokens.length + 1`). */
  tokens: TokenRef[];
  tokenKeys: string[];
  /** Exposure (category, direction) pairs some condition reads; `any` reads both directions. */
  exposures: Array<{ category: string; direction: "direct" | "indirect" }>;
  indicators: Array<{ category: string; riskType: RiskType }>;
  /** Categories named by a cluster (entity) condition; "any other" is `otherCluster` when the vendor has one. */
  clusters: string[];
  otherCluster: string | undefined;
  entities: string[];
  otherEntity: string | undefined;
  /** The numbers a reviewer recognises, per signal: every bound of either version, for snapping examples. */
  bounds: {
    riskScore: number[];
    exposure: Map<string, number[]>;
    indicator: Map<string, number[]>;
    amountUsd: number[];
  };
}

export const exposureKey = (category: string, direction: string): string => `${category}\u0000${direction}`;
export const indicatorKey = (category: string, riskType: string): string => `${category}\u0000${riskType}`;

/** Every condition of every rule of a subject's policy. */
export function conditionsOf(subject: DecisionSubject): Condition[] {
  const conditions: Condition[] = [];
  for (const rule of subject.policy?.rules.postScreen ?? []) {
    const when = readWhenTerms(rule.when, subject.providerType);
    if (when === undefined) throw new TypeError(`rule ${rule.id} of the ${subject.providerType} ${subject.scope} policy is not valid; lint it first`);
    for (const term of [...when.all, ...(when.anyOf ?? []).flat()]) conditions.push(term.condition);
  }
  return conditions;
}

/** The space both subjects (same vendor and scope) are decided over. */
export function screeningSpace(subjects: readonly DecisionSubject[]): ScreeningSpace {
  const [first] = subjects;
  if (first === undefined) throw new TypeError("screeningSpace needs a subject");
  const { providerType: vendor, scope } = first;
  const targets = new Map<string, NamedTarget>();
  const chains = new Set<string>();
  const tokens = new Map<string, TokenRef>();
  const exposures = new Map<string, { category: string; direction: "direct" | "indirect" }>();
  const indicators = new Map<string, { category: string; riskType: RiskType }>();
  const clusters = new Set<string>();
  const entities = new Set<string>();
  const riskScore = new Set<number>();
  const exposureBounds = new Map<string, Set<number>>();
  const indicatorBounds = new Map<string, Set<number>>();
  const amountUsd = new Set<number>();
  const add = (map: Map<string, Set<number>>, key: string, value: number) => {
    const set = map.get(key) ?? new Set<number>();
    set.add(value);
    map.set(key, set);
  };

  for (const subject of subjects) {
    if (subject.providerType !== vendor || subject.scope !== scope) throw new TypeError("the subjects of one weakening check share vendor and scope");
    for (const entry of subject.addressEntries ?? []) {
      if (entry.scope !== "ALL" && entry.scope !== scope) continue;
      const key = addressKey(entry.chain, entry.address);
      if (!targets.has(key)) targets.set(key, { chain: entry.chain, address: entry.address, key });
      chains.add(entry.chain);
    }
    const preScreen = subject.policy?.rules.preScreen;
    for (const chain of preScreen?.chains ?? []) chains.add(chain);
    if (scope === "TRANSACTION") {
      for (const token of preScreen?.tokens ?? []) if (!tokens.has(tokenKey(token))) tokens.set(tokenKey(token), token);
      if (preScreen?.minAmountUsd !== undefined) amountUsd.add(preScreen.minAmountUsd);
    }
    for (const condition of conditionsOf(subject)) {
      switch (condition.kind) {
        case "riskScore":
          riskScore.add(condition.low).add(condition.high);
          break;
        case "exposure":
          for (const direction of condition.direction === "any" ? (["direct", "indirect"] as const) : [condition.direction]) {
            exposures.set(exposureKey(condition.category, direction), { category: condition.category, direction });
            add(exposureBounds, exposureKey(condition.category, direction), condition.minPercent);
          }
          break;
        case "indicator":
          indicators.set(indicatorKey(condition.category, condition.riskType), { category: condition.category, riskType: condition.riskType });
          add(indicatorBounds, indicatorKey(condition.category, condition.riskType), condition.minVolumeUsd);
          break;
        case "cluster":
          clusters.add(condition.category);
          break;
        case "entity":
          entities.add(condition.category);
          break;
        case "riskLevel":
          break;
      }
    }
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  const sortedMap = (map: Map<string, Set<number>>) => new Map([...map].map(([key, set]) => [key, sorted(set)]));
  const otherOf = (named: Set<string>) => CATEGORIES[vendor].find((category) => !named.has(category));
  return {
    vendor,
    scope,
    targets: [...targets.values()],
    chains: [...chains],
    tokens: [...tokens.values()],
    tokenKeys: [...tokens.keys()],
    exposures: [...exposures.values()],
    indicators: [...indicators.values()],
    clusters: [...clusters],
    otherCluster: otherOf(clusters),
    entities: [...entities],
    otherEntity: otherOf(entities),
    bounds: { riskScore: sorted(riskScore), exposure: sortedMap(exposureBounds), indicator: sortedMap(indicatorBounds), amountUsd: sorted(amountUsd) },
  };
}

/** A chain family no version names, in the screening schema's spelling. */
export function otherChain(space: ScreeningSpace): string {
  for (let index = 0; ; index += 1) {
    const candidate = index === 0 ? "OTHER" : `OTHER${index}`;
    if (!space.chains.includes(candidate)) return candidate;
  }
}

/** An address no entry of either version names on this chain. */
export function otherAddress(space: ScreeningSpace, chain: string): string {
  const named = new Set(space.targets.map((target) => target.key));
  for (let index = 1; ; index += 1) {
    const candidate = chain === "EVM" ? `0x${index.toString(16).padStart(40, "0")}` : `unlisted-address-${index}`;
    if (!named.has(addressKey(chain, candidate))) return candidate;
  }
}

/** A token no preScreen lists. */
export function otherToken(space: ScreeningSpace): TokenRef {
  for (let index = 1; ; index += 1) {
    const candidate = { chain: "EVM", networkId: 1, contractAddress: `0x${index.toString(16).padStart(40, "0")}` };
    if (!space.tokenKeys.includes(tokenKey(candidate))) return candidate;
  }
}
