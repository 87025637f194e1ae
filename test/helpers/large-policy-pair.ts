/**
 * A pair of versions of one vendor's TRANSACTION policy with hundreds or
 * thousands of rules, for the weakening check at size (docs/semantics.md,
 * "The bound of the weakening check"): schemaVersion 2, every rule an
 * `anyOf` (vendorB's beside a riskLevel), a preScreen with chains and a
 * minimum amount, actions in turn BLOCK, ALERT, BLOCK, ALLOW. Lint passes
 * both: each rule has a riskScore band (vendorA) or indicator volumes
 * (vendorB) that no earlier rule covers, so none is shadowed. Head narrows
 * the BLOCK rule rule-3 (one threshold raised) and raises the preScreen's
 * minimum from 100 to 250 USD: some screenings are decided less strictly.
 */
import type { Vendor } from "../../src/core/vendors.js";

const CATEGORIES: Record<Vendor, readonly string[]> = {
  vendorAWalletScreening: ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"],
  vendorBAddressScreening: ["mixing_service", "ransomware", "gambling", "theft", "scam", "darknet"],
};
const LEVELS = ["low", "medium", "high", "severe"];
const RISK_TYPES = ["ownership", "counterparty", "indirect"];
const DIRECTIONS = ["direct", "indirect", "any"];
const ACTIONS = ["BLOCK", "ALERT", "BLOCK", "ALLOW"];

/** The id of the BLOCK rule head narrows. */
export const NARROWED_RULE = "rule-3";

function ruleText(vendor: Vendor, index: number, count: number, side: "base" | "head"): string {
  const category = CATEGORIES[vendor][index % 6]!;
  const other = CATEGORIES[vendor][(index + 1) % 6]!;
  // Lower thresholds further down, so that no earlier rule matches all a later one does.
  const step = count - index;
  const narrowed = side === "head" && `rule-${index + 1}` === NARROWED_RULE;
  const when =
    vendor === "vendorAWalletScreening"
      ? [
          "        anyOf:",
          `          - riskScore: { gte: ${index / 100}, lte: ${index / 100 + 0.005} }`,
          `          - exposure: { category: ${category}, direction: ${DIRECTIONS[index % 3]}, minPercent: ${step / 10 + (narrowed ? 0.05 : 0)} }`,
        ]
      : [
          `        riskLevel: { atLeast: ${LEVELS[index % 4]} }`,
          "        anyOf:",
          `          - indicator: { category: ${category}, riskType: ${RISK_TYPES[index % 3]}, minVolumeUsd: ${step * 100 + (narrowed ? 50 : 0)} }`,
          `          - indicator: { category: ${other}, riskType: ${RISK_TYPES[(index + 1) % 3]}, minVolumeUsd: ${step * 100 + 50} }`,
        ];
  return [`    - id: rule-${index + 1}`, "      when:", ...when, `      action: ${ACTIONS[index % 4]}`, ""].join("\n");
}

/** The policy file's text: `count` rules, base's or head's version. */
export function largePolicy(vendor: Vendor, count: number, side: "base" | "head"): string {
  return [
    `providerType: ${vendor}`,
    "scope: TRANSACTION",
    "schemaVersion: 2",
    "enabled: true",
    "rules:",
    "  preScreen:",
    "    chains: [EVM, SOL]",
    `    minAmountUsd: ${side === "base" ? 100 : 250}`,
    "  postScreen:",
    ...Array.from({ length: count }, (_, index) => ruleText(vendor, index, count, side)),
  ].join("\n");
}
