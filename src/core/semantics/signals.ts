/**
 * A screening: one address checked in one scope (semantics.md section 1), and
 * what the policy's vendor returns about it. Plain data, as a test case, a
 * `decide` file or a replay line holds it once it has passed its schema
 * (schemas/screening-<vendor>.schema.json).
 */
import type { Scope } from "../vendors.js";

/** vendorB's risk levels, weakest first (semantics.md section 2: low < medium < high < severe). */
export const RISK_LEVELS = ["low", "medium", "high", "severe"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** The directions vendorA reports an exposure in; a rule may also ask for `any`. */
export const EXPOSURE_DIRECTIONS = ["direct", "indirect"] as const;
export type ExposureDirection = (typeof EXPOSURE_DIRECTIONS)[number];

export const RISK_TYPES = ["ownership", "counterparty", "indirect"] as const;
export type RiskType = (typeof RISK_TYPES)[number];

/** vendorA's risk score range (policy-language.md section 4: 0..10). */
export const MIN_RISK_SCORE = 0;
export const MAX_RISK_SCORE = 10;

export interface Exposure {
  category: string;
  direction: ExposureDirection;
  /** Share of the address's volume, 0..100. */
  percent: number;
}

export interface Indicator {
  category: string;
  riskType: RiskType;
  volumeUsd: number;
}

/**
 * What the vendor returned. A screening holds the signals of one vendor only
 * (the schema refuses the other's); a signal that is absent was not returned,
 * and every condition on it is false.
 */
export interface Signals {
  // vendorAWalletScreening
  riskScore?: number;
  exposures?: readonly Exposure[];
  cluster?: { category: string };
  // vendorBAddressScreening
  riskLevel?: RiskLevel;
  indicators?: readonly Indicator[];
  entity?: { category: string };
}

/** A token as policies name it: never by symbol (policy-language.md section 3). */
export interface TokenRef {
  chain: string;
  networkId: number;
  contractAddress: string;
}

export interface Transfer {
  /** Absent: the amount is unknown, and no `minAmountUsd` gate applies (docs/semantics.md). */
  amountUsd?: number;
  /** Absent: the chain's native coin. */
  token?: TokenRef;
}

/** One screening, its scope given by the policy it is decided against. */
export interface Screening {
  /** Chain family of the address, e.g. EVM. */
  chain: string;
  address: string;
  /** TRANSACTION only. */
  transfer?: Transfer;
  /** The sanctions floor's own verdict; absent is false. */
  sanctioned?: boolean;
  signals?: Signals;
}

/** A screening with its scope, as `decide` files, examples and JSON output carry it. */
export interface ScopedScreening extends Screening {
  scope: Scope;
}
