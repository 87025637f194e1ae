/**
 * Forty vendorA rules to put at the top of a postScreen, over narrow score
 * bands and six categories' exposure: a policy pair beyond the exact
 * partition's bound (PARTITION_MAX_SCREENINGS representative screenings), so
 * that the weakening check asks z3 and a tiny --solver-timeout can cut it
 * short. Lint passes it: no band reaches another rule's threshold.
 */
const CATEGORIES = ["mixer", "ransomware", "gambling", "privacy_wallet", "scam", "darknet_market"];

const rule = (index: number) =>
  [
    `    - id: alert-score-${index}`,
    "      when:",
    "        anyOf:",
    `          - riskScore: { gte: ${(index / 10).toFixed(1)}, lte: ${(index / 10 + 0.05).toFixed(2)} }`,
    `          - exposure: { category: ${CATEGORIES[index % 6]}, direction: direct, minPercent: ${index * 2 + 1} }`,
    "      action: ALERT",
    "",
  ].join("\n");

const RULES = `  postScreen:\n${Array.from({ length: 40 }, (_, index) => rule(index)).join("")}`;

/** A vendorA policy file's text with the forty rules first in its postScreen, and schemaVersion 2 (their `anyOf` needs it). */
export function withRulesBeyondPartition(text: string): string {
  if (!text.includes("  postScreen:\n")) throw new Error("withRulesBeyondPartition: no postScreen in the policy");
  return text.replace(/^schemaVersion: 1$/m, "schemaVersion: 2").replace("  postScreen:\n", RULES);
}
