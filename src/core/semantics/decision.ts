/**
 * What a decision says: the action, what decided it, and on request a trace of
 * every step (semantics.md sections 2 and 3).
 */
import type { Action } from "../vendors.js";
import type { AddressEntryDocument } from "./subject.js";

/** The steps of semantics.md section 2 that are not a rule, in their order. */
export const STEPS = ["sanctions-floor", "address-entry", "policy-disabled", "pre-screen", "terminal-allow"] as const;
export type Step = (typeof STEPS)[number];

/** The steps decided before the vendor is consulted (semantics.md section 2, steps 1 to 4): they read no signal. */
export const BEFORE_VENDOR: ReadonlySet<string> = new Set<Step>(["sanctions-floor", "address-entry", "policy-disabled", "pre-screen"]);

/** ALLOW < ALERT < BLOCK (semantics.md section 2). */
export const STRICTNESS: Readonly<Record<Action, number>> = { ALLOW: 0, ALERT: 1, BLOCK: 2 };

export interface Decision {
  action: Action;
  /** The rule id that decided, or the step. */
  by: string;
  /** Present when asked for: every step in order, up to the one that decided. */
  trace?: TraceEntry[];
}

export type Outcome = "decided" | "passed";

export interface ConditionTrace {
  /** riskScore, exposure, ... */
  key: string;
  /** As written in the policy, e.g. `{gte: 7}`. */
  condition: Readonly<Record<string, unknown>>;
  /** Which `anyOf` alternative it belongs to; absent for a condition outside `anyOf`. */
  anyOf?: number;
  /** The signal value compared (see conditions.ts `observe`); null when the vendor returned none. */
  signal: number | string | null;
  holds: boolean;
}

export interface RuleTrace {
  id: string;
  /** Position in postScreen, 0-based. */
  index: number;
  action: Action;
  matched: boolean;
  conditions: ConditionTrace[];
}

export type PreScreenGate =
  | { gate: "chains"; chain: string; chains: readonly string[] }
  | { gate: "minAmountUsd"; amountUsd: number; minAmountUsd: number }
  | { gate: "tokens"; token: { chain: string; networkId: number; contractAddress: string } | "native" };

export type TraceEntry =
  | { step: "sanctions-floor"; outcome: Outcome; sanctioned: boolean }
  | {
      step: "address-entry";
      outcome: Outcome;
      /** The entry that decided, with its 0-based index in addresses.yaml. */
      entry?: AddressEntryDocument & { index: number };
      /** Entries for this address that did not apply, and why. */
      ignored: Array<{ index: number; reason: "expired" }>;
    }
  | { step: "policy-disabled"; outcome: Outcome; policy: "absent" | "disabled" | "enabled" }
  | { step: "pre-screen"; outcome: Outcome; gate?: PreScreenGate }
  | { step: "post-screen"; outcome: Outcome; rules: RuleTrace[] }
  | { step: "terminal-allow"; outcome: "decided" };
