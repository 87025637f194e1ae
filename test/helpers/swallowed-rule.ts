/**
 * Three rules for the top of a vendorA postScreen: an ALLOW and an ALERT rule
 * that between them take every screening the BLOCK rule below them matches.
 * No single earlier rule covers it, so lint's shadowed-rule does not see it;
 * only the exact reachability check does (docs/semantics.md,
 * "Reachability of rules").
 */
export const SWALLOWED_BLOCK_RULE = [
  "  postScreen:",
  "    - id: allow-partner-scores",
  "      when:",
  "        riskScore: { gte: 9.7 }",
  "      action: ALLOW",
  "",
  "    - id: alert-mixer-exposure",
  "      when:",
  "        exposure: { category: mixer, direction: direct, minPercent: 10 }",
  "      action: ALERT",
  "",
  "    - id: block-scored-mixers",
  "      when:",
  "        anyOf:",
  "          - riskScore: { gte: 9.7 }",
  "          - exposure: { category: mixer, direction: direct, minPercent: 20 }",
  "      action: BLOCK",
  "",
  "",
].join("\n");

/** The line the reachability check reports for it, after `<env>/<vendor>/<scope>: ` and with the rule's place. */
export const swallowedBlockRuleLine = (place: string) =>
  `rule block-scored-mixers (${place}) is never reached: every screening it matches is decided earlier by allow-partner-scores (ALLOW, less strict) and alert-mixer-exposure (ALERT, less strict)`;
