/**
 * What a screening is decided against (semantics.md section 2): one policy of
 * (environment, vendor, scope), or none, and the address entries of
 * (environment, vendor). The documents are plain data that has passed lint
 * (schema and checks); `compileSubject` reads them once into the form the
 * decision procedure runs over.
 */
import type { Action, Scope, SchemaVersion, Vendor } from "../vendors.js";
import { readIsoDateTime } from "../iso-date.js";
import { readWhenTerms, type When } from "./conditions.js";
import type { RiskLevel, RiskType, TokenRef } from "./signals.js";

export interface ConditionSetDocument {
  riskScore?: { gte?: number; lte?: number };
  exposure?: { category: string; direction: "direct" | "indirect" | "any"; minPercent: number };
  cluster?: { category: string };
  riskLevel?: { atLeast: RiskLevel };
  indicator?: { category: string; riskType: RiskType; minVolumeUsd: number };
  entity?: { category: string };
}

export interface RuleDocument {
  id: string;
  description?: string;
  when: ConditionSetDocument & { anyOf?: ConditionSetDocument[] };
  action: Action;
}

export interface PreScreenDocument {
  chains?: string[];
  minAmountUsd?: number;
  tokens?: TokenRef[];
  exposureDepth?: number;
  includeIndirect?: boolean;
}

/** A policy file's content (policy-language.md section 2), valid. */
export interface PolicyDocument {
  providerType: Vendor;
  scope: Scope;
  schemaVersion: SchemaVersion;
  enabled: boolean;
  rules: { preScreen: PreScreenDocument; postScreen: RuleDocument[] };
}

/** One entry of addresses.yaml (policy-language.md section 6), valid. */
export interface AddressEntryDocument {
  address: string;
  chain: string;
  action: "ALLOW" | "BLOCK";
  scope: "ALL" | Scope;
  reason: string;
  /** ISO 8601 date or date-time; the entry applies strictly before it. */
  expiresAt?: string;
}

export interface DecisionSubject {
  providerType: Vendor;
  scope: Scope;
  /** Undefined: no policy for this scope (the vendor is not consulted). */
  policy?: PolicyDocument;
  /** The address entries of (environment, vendor), every scope; their order is the file's. */
  addressEntries?: readonly AddressEntryDocument[];
}

export interface CompiledRule {
  id: string;
  index: number;
  action: Action;
  when: When;
}

export interface CompiledEntry {
  index: number;
  entry: AddressEntryDocument;
  /** Epoch milliseconds; Infinity when it never expires. */
  expiresAt: number;
}

export interface CompiledSubject {
  subject: DecisionSubject;
  /** Entries of this scope or ALL, by chain and address (EVM lower-cased), in file order. */
  entries: Map<string, CompiledEntry[]>;
  rules: CompiledRule[];
  chains: ReadonlySet<string> | undefined;
  tokens: ReadonlySet<string> | undefined;
}

const compiled = new WeakMap<DecisionSubject, CompiledSubject>();

/**
 * The subject in the form the decision runs over, read once per subject object:
 * a replay decides millions of screenings against the same one.
 */
export function compileSubject(subject: DecisionSubject): CompiledSubject {
  let result = compiled.get(subject);
  if (result === undefined) {
    result = compile(subject);
    compiled.set(subject, result);
  }
  return result;
}

function compile(subject: DecisionSubject): CompiledSubject {
  const entries = new Map<string, CompiledEntry[]>();
  (subject.addressEntries ?? []).forEach((entry, index) => {
    if (entry.scope !== "ALL" && entry.scope !== subject.scope) return;
    const key = addressKey(entry.chain, entry.address);
    const reading = entry.expiresAt === undefined ? undefined : readIsoDateTime(entry.expiresAt);
    // An unreadable expiry fails lint; read as already expired, it can never widen an exception.
    const expiresAt = reading === undefined ? Infinity : reading.ok ? reading.time : -Infinity;
    const list = entries.get(key);
    const compiledEntry = { index, entry, expiresAt };
    if (list) list.push(compiledEntry);
    else entries.set(key, [compiledEntry]);
  });
  const policy = subject.policy;
  const rules: CompiledRule[] = [];
  for (const [index, rule] of (policy?.rules.postScreen ?? []).entries()) {
    const when = readWhenTerms(rule.when, subject.providerType);
    if (when === undefined) throw new TypeError(`rule ${rule.id} of the ${subject.providerType} ${subject.scope} policy is not valid; lint it first`);
    rules.push({ id: rule.id, index, action: rule.action, when });
  }
  const preScreen = policy?.rules.preScreen;
  return {
    subject,
    entries,
    rules,
    chains: preScreen?.chains ? new Set(preScreen.chains) : undefined,
    tokens: preScreen?.tokens ? new Set(preScreen.tokens.map(tokenKey)) : undefined,
  };
}

/** EVM addresses compare case-insensitively, every other chain's exactly (semantics.md section 2). */
export function addressKey(chain: string, address: string): string {
  return `${chain}\u0000${chain === "EVM" ? address.toLowerCase() : address}`;
}

/** A token's identity: chain, network and contract address, the EVM address case-insensitively. */
export function tokenKey(token: TokenRef): string {
  return `${token.chain}\u0000${token.networkId}\u0000${token.chain === "EVM" ? token.contractAddress.toLowerCase() : token.contractAddress}`;
}
