SELECT
  decided."line",
  CASE decided.base_step
    WHEN 0 THEN 'BLOCK'
    WHEN 1 THEN decided.base_entry_action
    WHEN 5 THEN 'BLOCK'
    WHEN 6 THEN 'BLOCK'
    WHEN 7 THEN 'ALERT'
    ELSE 'ALLOW'
  END AS base_action,
  CASE decided.base_step
    WHEN 0 THEN 'sanctions-floor'
    WHEN 1 THEN 'address-entry'
    WHEN 2 THEN 'policy-disabled'
    WHEN 3 THEN 'pre-screen'
    WHEN 4 THEN 'terminal-allow'
    WHEN 5 THEN 'score'
    WHEN 6 THEN 'darknet-direct'
    WHEN 7 THEN 'mixing'
  END AS base_decided_by,
  CASE decided.head_step
    WHEN 0 THEN 'BLOCK'
    WHEN 1 THEN decided.head_entry_action
    WHEN 5 THEN 'BLOCK'
    WHEN 6 THEN 'BLOCK'
    WHEN 7 THEN 'ALERT'
    ELSE 'ALLOW'
  END AS head_action,
  CASE decided.head_step
    WHEN 0 THEN 'sanctions-floor'
    WHEN 1 THEN 'address-entry'
    WHEN 2 THEN 'policy-disabled'
    WHEN 3 THEN 'pre-screen'
    WHEN 4 THEN 'terminal-allow'
    WHEN 5 THEN 'score'
    WHEN 6 THEN 'darknet-direct'
    WHEN 7 THEN 'mixing'
  END AS head_decided_by
FROM (
  SELECT
    s."line",
    CASE
      WHEN COALESCE(s."sanctioned", FALSE) THEN 0
      WHEN base_entry.action IS NOT NULL THEN 1
      WHEN (NOT COALESCE(s."chain" IN ('EVM', 'SOL'), FALSE)) OR (COALESCE(s."transfer"."amountUsd" < 1E2, FALSE)) OR (NOT COALESCE((s."transfer"."token"."chain" = 'EVM' AND s."transfer"."token"."networkId" = 1 AND LOWER(s."transfer"."token"."contractAddress") = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48') OR (s."transfer"."token"."chain" = 'SOL' AND s."transfer"."token"."networkId" = 101 AND s."transfer"."token"."contractAddress" = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), FALSE)) THEN 3
      WHEN (s."signals"."riskScore" >= 8.5E0 AND s."signals"."riskScore" <= 1E1) THEN 5
      WHEN (any_match(s."signals"."exposures", e -> e."category" = 'darknet_market' AND e."direction" = 'direct' AND e."percent" >= 2.5E1)) THEN 6
      WHEN ((s."signals"."riskScore" >= 0E0 AND s."signals"."riskScore" <= 3E0) AND ((s."signals"."cluster"."category" = 'mixer') OR (any_match(s."signals"."exposures", e -> e."category" = 'scam' AND e."percent" >= 1E1)))) THEN 7
      ELSE 4
    END AS base_step,
    base_entry.action AS base_entry_action,
    CASE
      WHEN COALESCE(s."sanctioned", FALSE) THEN 0
      WHEN head_entry.action IS NOT NULL THEN 1
      WHEN (NOT COALESCE(s."chain" IN ('EVM', 'SOL'), FALSE)) OR (COALESCE(s."transfer"."amountUsd" < 1E2, FALSE)) OR (NOT COALESCE((s."transfer"."token"."chain" = 'EVM' AND s."transfer"."token"."networkId" = 1 AND LOWER(s."transfer"."token"."contractAddress") = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48') OR (s."transfer"."token"."chain" = 'SOL' AND s."transfer"."token"."networkId" = 101 AND s."transfer"."token"."contractAddress" = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'), FALSE)) THEN 3
      WHEN (s."signals"."riskScore" >= 9E0 AND s."signals"."riskScore" <= 1E1) THEN 5
      WHEN (any_match(s."signals"."exposures", e -> e."category" = 'darknet_market' AND e."direction" = 'direct' AND e."percent" >= 2.5E1)) THEN 6
      WHEN ((s."signals"."riskScore" >= 0E0 AND s."signals"."riskScore" <= 3E0) AND ((s."signals"."cluster"."category" = 'mixer') OR (any_match(s."signals"."exposures", e -> e."category" = 'scam' AND e."percent" >= 1E1)))) THEN 7
      ELSE 4
    END AS head_step,
    head_entry.action AS head_entry_action
  FROM screenings AS s
  LEFT JOIN (VALUES ('EVM', '0x52908400098527886e0f7030069857d2e4169ee7', 'ALLOW'), ('SOL', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'BLOCK')) AS base_entry (chain, address, action)
    ON base_entry.chain = s."chain" AND base_entry.address = CASE WHEN s."chain" = 'EVM' THEN LOWER(s."address") ELSE s."address" END
  LEFT JOIN (VALUES ('EVM', '0x52908400098527886e0f7030069857d2e4169ee7', 'ALLOW'), ('SOL', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', 'BLOCK')) AS head_entry (chain, address, action)
    ON head_entry.chain = s."chain" AND head_entry.address = CASE WHEN s."chain" = 'EVM' THEN LOWER(s."address") ELSE s."address" END
) AS decided
